"""Exercises for Lorenzo il Magnifico: constructed positions plus a question, answered by
the engine (``fresco_kit.classroom.exercises``).

Each position is built with :func:`positions.position` (most from the worked examples
of ``examples.py``) and returned as a fresh game; the engine decides every answer and
explains it with the rules it used.  A teacher adds one in a few lines, e.g.::

    legal("lorenzo", "council-neutral", "The neutral member at the Council Palace",
          position=lambda: game_at(position(["Red", "Blue"])),
          move="place Red neutral council",
          question="Can Red send the neutral family member (value 0) to the Council Palace "
          "without paying servants?")
"""

from __future__ import annotations

from collections.abc import Sequence

from fresco_kit.classroom.exercises import (
    Cited,
    Criterion,
    Exercise,
    best,
    choice,
    legal,
    number,
    points_gained,
    why_not,
)
from fresco_kit.core import Event, Game, RuleRef
from fresco_kit.core.text import Msg

from .positions import final_tie, game_at, position, vatican_report_opened
from .refs import RULES, amount
from .table import CATEGORY_HELP

GAME = "lorenzo"


# --------------------------------------------------------------------------- positions
def neutral_with_servants() -> Game:
    """Two players, round 1: Woods on the territory tower's floor 2 (value 3); Red holds 3 servants."""
    return game_at(position(["Red", "Blue"], towers={"territory": [1, 2, 3, 4]}, res={"Red": {"servants": 3}}))


def occupied_venture_tower() -> Game:
    """Red's white member stands on the venture tower's floor 1; Blue (white die 6, 2 coins)
    is to place; Hiring Recruits (4 coins) is on floor 4 (value 7, bonus 2 coins)."""
    st = position(
        ["Red", "Blue"],
        dice={"white": 6},
        towers={"venture": [74, 75, 76, 73]},
        res={"Blue": {"coins": 2}},
        occupants={"venture-1": ["Red:white"]},
        turn=1,
    )
    return game_at(st)


def third_territory() -> Game:
    """Four players: Red holds Commercial Hub and Woods and no military points; Forest is
    on the territory tower's floor 1."""
    st = position(
        ["Red", "White", "Blue", "Yellow"],
        dice={"white": 1, "black": 1},
        towers={"territory": [5, 6, 7, 8]},
        cards={"Red": [1, 2]},
    )
    return game_at(st)


def vatican_period_one() -> Game:
    """End of round 2 (threshold 3): Red 5 faith, White 4, Blue 1; Blue's last placement
    (the Council Palace, a faith privilege) has just opened the report."""
    return vatican_report_opened()


def before_the_report() -> Game:
    """Three players, the last placement of round 2 (period I, threshold 3) still to come: Red 5
    faith, White 4, Blue 2; Blue's neutral member is the last one at home."""
    st = position(
        ["Red", "White", "Blue"],
        round=2,
        tiles=(2, 9, 18),
        res={"Red": {"faith": 5}, "White": {"faith": 4}, "Blue": {"faith": 2}},
        home={"Red": [], "White": [], "Blue": ["neutral"]},
        turn=-1,
    )
    return game_at(st)


def large_harvest() -> Game:
    """Three players: Red holds Farmer (+2 to harvests) and Commercial Hub, Woods, Village
    and Gravel Pit (harvest values 1-4), with the white die at 4."""
    return game_at(position(["Red", "White", "Blue"], dice={"white": 4}, cards={"Red": [53, 1, 2, 3, 4]}))


def last_neutral() -> Game:
    """Two players, round 1: Red has only the neutral member at home and 1 servant; Blue
    has placed all four members."""
    st = position(
        ["Red", "Blue"],
        towers={"territory": [1, 2, 3, 4], "building": [25, 26, 27, 28]},
        res={"Red": {"servants": 1, "coins": 2}},
        home={"Red": ["neutral"], "Blue": []},
        turn=6,
    )
    return game_at(st)


# --------------------------------------------------------------------------- solvers
def _events(events: Sequence[Event]) -> list[tuple[str, RuleRef | None]]:
    return [(e.text, e.rule) for e in events]


def _coins_after_harvest(game: Game) -> tuple[int, str, Cited]:
    preview = game.preview("place Red white harvest-large")
    coins = preview.state.player("Red").res["coins"]
    why = Msg(
        "Red ends with {coins} coins. The action value is the die's 4, -3 for the large space, +2 for Farmer: 3. "
        "So the cards of harvest value 1 to 3 fire (Commercial Hub and Village give a coin each); Gravel Pit "
        "(4) does not. What the harvest does:",
        coins=coins,
    )
    return coins, why, _events(preview.events)


def _red_total(game: Game) -> tuple[int, str, Cited]:
    sheet = game.scores()
    row = sheet.rows["Red"]
    pairs = [
        (
            Msg("{category}: {points} ({how})", category=c, points=row.get(c, 0), how=CATEGORY_HELP[c][0]),
            CATEGORY_HELP[c][1],
        )
        for c in sheet.categories
    ]
    return sheet.totals["Red"], Msg("Red's score sheet, {n} categories:", n=len(pairs)), pairs


BLUE_VATICAN = (
    Msg("Blue chooses whether to support the Church"),
    Msg("Blue is excommunicated at once and keeps the faith points"),
    Msg("Blue loses the faith points but escapes excommunication"),
)


def _blue_at_the_report(game: Game) -> tuple[str, str, Cited]:
    events = [*game.play("place Blue neutral council servants 1"), *game.play("choose Blue coins")]
    blue = game.state.player("Blue")
    threshold = 3
    asked = any(d.player == "Blue" and d.kind == "vatican" for d in game.state.pending)
    report = [
        (e.text, e.rule) for e in events if "Blue" in e.text and ("excommunicated" in e.text or "report" in e.text)
    ]
    if asked:
        return BLUE_VATICAN[0], Msg("Blue reaches the threshold and is asked."), [RULES["vatican.support"]]
    faith = blue.res["faith"]
    why = Msg(
        "Blue's last placement takes 2 coins, not faith: Blue comes to the report with {faith} faith.", faith=faith
    )
    pairs = [
        (
            Msg(
                "Blue has {faith} faith points, below period I's threshold of {threshold}: no choice to make",
                faith=faith,
                threshold=threshold,
            ),
            RULES["vatican.threshold"],
        ),
        (
            Msg(
                "below the threshold means excommunication; the faith stays on the track (Blue keeps {faith})",
                faith=faith,
            ),
            RULES["vatican.excommunicate"],
        ),
    ]
    return BLUE_VATICAN[1], why, [*pairs, *report]


TIE_OPTIONS = ("Red", "Blue", Msg("Red and Blue share the victory"))


def _tie_winner(game: Game) -> tuple[str, str, Cited]:
    sheet = game.scores()
    winner = TIE_OPTIONS[2] if len(sheet.winners) > 1 else sheet.winners[0]
    totals = [Msg("{player} {vp} VP", player=n, vp=t) for n, t in sheet.totals.items()]
    order = list(game.state.order)
    pairs = [
        (Msg("Totals: {totals}: a tie; the summary names no tie-break", totals=totals), RULES["final.winner"]),
        (
            Msg("the Council Palace of the last round sets the final turn order: {order}", order=order),
            RULES["endround.order"],
        ),
        (
            Msg(
                "the kit's reading: the tied player earlier in that order wins, so {winner} "
                "(the other reading, which the kit can also play: they share the victory)",
                winner=winner,
            ),
            RULES["final.winner"],
        ),
    ]
    notes = sheet.notes
    return winner, (notes[0] if len(notes) == 1 else " ".join(notes)), pairs


def coins_after(player: str) -> Criterion:
    """The coins ``player`` holds once the move is played (a privilege not yet chosen adds none)."""

    def rate(game: Game, move: str) -> tuple[int, str]:
        coins = game.preview(move).state.player(player).res["coins"]
        return coins, amount(coins, "coins")

    return Criterion(
        Msg(
            "the most coins in {player}'s hands once the move is played (a council privilege still to "
            "choose counts as none)",
            player=player,
        ),
        rate,
    )


def _best_neutral(game: Game) -> tuple[None, str, Cited]:
    return (
        None,
        Msg("With 1 servant the neutral member is worth 0 + 1 = 1: every space of value 1 is open to it."),
        [
            (Msg("the neutral member is worth 0; each servant paid adds 1"), RULES["servants"]),
            (Msg("market space 1 gives 5 coins"), RULES["market.spaces"]),
            (Msg("the Council Palace gives 1 coin and a privilege (to choose afterwards)"), RULES["council.space"]),
            (
                Msg("a production at value 1 fires the personal bonus tile (2 coins) and no building"),
                RULES["zones.activation"],
            ),
            (Msg("a territory costs nothing and gives no coins when taken"), RULES["towers.costs"]),
        ],
    )


def _best_support(game: Game) -> tuple[None, str, Cited]:
    return (
        None,
        Msg(
            "Supporting the Church turns Red's 5 faith points into 5 VP at once. Refusing scores nothing now; it "
            "keeps the faith for later but adds the period's excommunication tile for the rest of the game, which "
            "the criterion does not weigh."
        ),
        [
            (
                Msg("support: the faith points go back to 0 and score the VP of their space (5 for 5)"),
                RULES["vatican.support"],
            ),
            (Msg("refusing: the period's excommunication, the faith kept"), RULES["vatican.excommunicate"]),
        ],
    )


# --------------------------------------------------------------------------- the exercises
EXERCISES: tuple[Exercise, ...] = (
    legal(
        GAME,
        "neutral-servants",
        Msg("The neutral member and servants"),
        position=neutral_with_servants,
        move="place Red neutral territory-2 servants 3",
        question=Msg(
            "Red wants Woods, on the territory tower's floor 2 (value 3), with the neutral family "
            "member (worth 0), paying 3 servants. Is this move legal?"
        ),
    ),
    why_not(
        GAME,
        "occupied-tower",
        Msg("An occupied tower"),
        position=occupied_venture_tower,
        move="place Blue white venture-4",
        reasons=(
            (Msg("The white member (die 6) is worth less than floor 4's value 7"), RULES["place.min"]),
            (Msg("Red is already in the venture tower, so Blue owes 3 coins first"), RULES["towers.occupied"]),
            (Msg("Blue cannot pay Hiring Recruits' 4 coins"), RULES["towers.costs"]),
            (Msg("Blue already has a member of that colour in the venture tower"), RULES["towers.colour"]),
        ),
        question=Msg(
            "Red already stands on the venture tower's floor 1. Blue, with 2 coins and the white die at 6, "
            "wants to place the white member on floor 4 (value 7, bonus 2 coins) to take Hiring Recruits (4 coins), "
            "paying no servants. It is refused: why? Tick every reason that applies."
        ),
    ),
    legal(
        GAME,
        "third-territory",
        Msg("A third territory"),
        position=third_territory,
        move="place Red white territory-1",
        question=Msg(
            "Red holds two territories (Commercial Hub and Woods) and no military points; the third "
            "territory needs 3 military points. Can Red's white member take Forest from the territory tower's "
            "floor 1?"
        ),
    ),
    number(
        GAME,
        "support-vp",
        Msg("Support at the Vatican report"),
        position=vatican_period_one,
        move="choose Red support",
        player="Red",
        question=Msg(
            "The period I Vatican report (threshold 3): Red has 5 faith points, and 5 faith points are worth "
            "5 VP on the faith track. Red shows support for the Church. By how much does Red's score go up?"
        ),
    ),
    number(
        GAME,
        "large-harvest",
        Msg("A harvest on the large space"),
        position=large_harvest,
        solve=_coins_after_harvest,
        question=Msg(
            "Red (5 coins) holds Farmer (+2 to every harvest) and four territories, each firing from a "
            "harvest value: Commercial Hub (1: 1 coin), Woods (2: 1 wood), Village (3: 1 servant and 1 coin) and "
            "Gravel Pit (4: 2 stone). Red's personal bonus tile gives no coins. Red harvests on the large space (-3) "
            "with the white member (die 4). How many coins does Red hold afterwards?"
        ),
    ),
    number(
        GAME,
        "final-total",
        Msg("A final score"),
        position=final_tie,
        solve=_red_total,
        question=Msg(
            "The game is over. Red holds 4 territories (4 VP for 4 cards), 3 characters (6 VP for 3 cards), "
            "2 ventures (Hiring Recruits, 4 VP, and Military Campaign, 5 VP), 7 military points like Blue (the most: "
            "tied players both take the first award, 5 VP), 27 VP earned during the game and 17 goods (wood, stone, "
            "servants and coins: 1 VP per 5), and no excommunication. What is Red's final score?"
        ),
    ),
    choice(
        GAME,
        "below-threshold",
        Msg("Below the faith threshold"),
        position=before_the_report,
        options=BLUE_VATICAN,
        solve=_blue_at_the_report,
        question=Msg(
            "Round 2 is ending: Blue, with 2 faith points, makes the last placement, sending the neutral "
            "member to the Council Palace and taking 2 coins as the privilege. Then comes the period I Vatican "
            "report (threshold 3). What happens to Blue?"
        ),
    ),
    choice(
        GAME,
        "tie-break",
        Msg("A tie at the end"),
        position=final_tie,
        options=TIE_OPTIONS,
        solve=_tie_winner,
        reading="win tie",
        question=Msg(
            "Red and Blue end level on points; in the last round Red entered the Council Palace and Blue "
            "did not. The summary names no tie-break: the kit reads a tie as won by the tied player earlier in the "
            "final turn order. Who wins in the kit?"
        ),
    ),
    best(
        GAME,
        "last-neutral",
        Msg("The last family member"),
        position=last_neutral,
        player="Red",
        criterion=coins_after("Red"),
        options=(
            "place Red neutral territory-1 servants 1",
            "place Red neutral production-small servants 1",
            "place Red neutral market-1 servants 1",
            "place Red neutral council servants 1",
        ),
        solve=_best_neutral,
        question=Msg(
            "Round 1: Red's last member at home is the neutral one (worth 0); Red has 1 servant and 2 "
            "coins, and pays the servant. Which of these moves is best?"
        ),
    ),
    best(
        GAME,
        "support-or-refuse",
        Msg("Support or refuse?"),
        position=vatican_period_one,
        player="Red",
        criterion=points_gained("Red"),
        solve=_best_support,
        question=Msg("The period I Vatican report: Red has 5 faith points. Should Red support the Church or refuse?"),
    ),
)
