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

from fresco_kit.classroom.exercises import Exercise, best, choice, legal, number
from fresco_kit.core import Game, RuleRef

from .positions import final_tie, game_at, position, vatican_report_opened
from .refs import RULES
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
def _coins_after_harvest(game: Game) -> tuple[int, str, tuple[RuleRef, ...]]:
    preview = game.preview("place Red white harvest-large")
    coins = preview.state.player("Red").res["coins"]
    lines = "\n".join(f"  {e.text}" for e in preview.events)
    rules = tuple(dict.fromkeys(e.rule for e in preview.events if e.rule is not None))
    return coins, f"Red ends with {coins} coins. What the harvest does:\n{lines}", rules


def _red_total(game: Game) -> tuple[int, str, tuple[RuleRef, ...]]:
    sheet = game.scores()
    row = sheet.rows["Red"]
    lines = "\n".join(f"  {c}: {row.get(c, 0)} ({CATEGORY_HELP[c][0]})" for c in sheet.categories)
    refs = tuple(CATEGORY_HELP[c][1] for c in sheet.categories if row.get(c, 0))
    return sheet.totals["Red"], f"Red's score sheet:\n{lines}", refs


BLUE_VATICAN = (
    "Blue chooses whether to support the Church",
    "Blue is excommunicated at once and keeps the faith points",
    "Blue loses the faith points but escapes excommunication",
)


def _blue_at_the_report(game: Game) -> tuple[str, str, tuple[RuleRef, ...]]:
    asked = any(d.player == "Blue" and d.kind == "vatican" for d in game.state.pending)
    blue = game.state.player("Blue")
    events = [e for turn in game.history for e in turn.events if "Blue" in e.text or "report" in e.text.lower()]
    why = "\n".join(f"  {e.text}" for e in events)
    if asked:
        return BLUE_VATICAN[0], f"Blue reaches the threshold and is asked.\n{why}", (RULES["vatican.support"],)
    kept = f"Blue keeps {blue.res['faith']} faith points."
    return BLUE_VATICAN[1], f"{why}\n{kept}", (RULES["vatican.threshold"], RULES["vatican.excommunicate"])


TIE_OPTIONS = ("Red", "Blue", "Red and Blue share the victory")


def _tie_winner(game: Game) -> tuple[str, str, tuple[RuleRef, ...]]:
    sheet = game.scores()
    winner = TIE_OPTIONS[2] if len(sheet.winners) > 1 else sheet.winners[0]
    totals = ", ".join(f"{n} {t} VP" for n, t in sheet.totals.items())
    notes = " ".join(sheet.notes)
    return winner, f"Totals: {totals}. {notes}", (RULES["final.winner"], RULES["endround.order"])


def _best_neutral(game: Game) -> tuple[None, str, tuple[RuleRef, ...]]:
    return (
        None,
        "With 1 servant the neutral member reaches value 1: the first floors, the small harvest and "
        "production spaces, the market and the Council Palace.",
        (RULES["dice.value"], RULES["servants"]),
    )


def _best_support(game: Game) -> tuple[None, str, tuple[RuleRef, ...]]:
    return (
        None,
        "Supporting the Church turns Red's 5 faith points into VP at once; refusing keeps the faith "
        "but adds the period's excommunication tile for the rest of the game.",
        (RULES["vatican.support"], RULES["vatican.excommunicate"]),
    )


# --------------------------------------------------------------------------- the exercises
EXERCISES: tuple[Exercise, ...] = (
    legal(
        GAME,
        "neutral-servants",
        "The neutral member and servants",
        position=neutral_with_servants,
        move="place Red neutral territory-2 servants 3",
        question="Red wants Woods, on the territory tower's floor 2 (value 3), with the neutral family "
        "member (worth 0), paying 3 servants. Is this move legal?",
    ),
    legal(
        GAME,
        "occupied-tower",
        "An occupied tower",
        position=occupied_venture_tower,
        move="place Blue white venture-4",
        question="Red already stands in the venture tower. Blue, with 2 coins and the white die at 6, places "
        "the white member on floor 4 (value 7, bonus 2 coins) to take Hiring Recruits (4 coins), paying no "
        "servants. Is this move legal? If not, which rules stop it?",
    ),
    legal(
        GAME,
        "third-territory",
        "A third territory",
        position=third_territory,
        move="place Red white territory-1",
        question="Red holds two territories (Commercial Hub and Woods) and no military points. Can Red's "
        "white member take Forest from the territory tower's floor 1?",
    ),
    number(
        GAME,
        "support-vp",
        "Support at the Vatican report",
        position=vatican_period_one,
        move="choose Red support",
        player="Red",
        question="The period I Vatican report (threshold 3): Red has 5 faith points and shows support for the "
        "Church. By how much does Red's score go up?",
    ),
    number(
        GAME,
        "large-harvest",
        "A harvest on the large space",
        position=large_harvest,
        solve=_coins_after_harvest,
        question="Red (5 coins) holds Farmer (+2 to harvests) and four territories: Commercial Hub, Woods, "
        "Village and Gravel Pit. Red harvests on the large space with the white member (die 4). How many "
        "coins does Red hold afterwards?",
    ),
    number(
        GAME,
        "final-total",
        "A final score",
        position=final_tie,
        solve=_red_total,
        question="The game is over. Red holds 4 territories, 3 characters (Warlord, Stonemason, Dame), 2 "
        "ventures (Hiring Recruits and Military Campaign), 7 military points like Blue, 27 VP earned during "
        "the game and 17 goods (wood, stone, servants, coins). What is Red's final score?",
    ),
    choice(
        GAME,
        "below-threshold",
        "Below the faith threshold",
        position=vatican_period_one,
        options=BLUE_VATICAN,
        solve=_blue_at_the_report,
        question="At the period I Vatican report (threshold 3) Blue has only 2 faith points. What happens to Blue?",
    ),
    choice(
        GAME,
        "tie-break",
        "A tie at the end",
        position=final_tie,
        options=TIE_OPTIONS,
        solve=_tie_winner,
        question="Red and Blue end level on points; Red entered the Council Palace in the last round. Who wins?",
    ),
    best(
        GAME,
        "last-neutral",
        "The last family member",
        position=last_neutral,
        player="Red",
        solve=_best_neutral,
        question="Round 1: Red's last member at home is the neutral one (worth 0); Red has 1 servant and 2 "
        "coins. What is Red's best move?",
    ),
    best(
        GAME,
        "support-or-refuse",
        "Support or refuse?",
        position=vatican_period_one,
        player="Red",
        solve=_best_support,
        question="The period I Vatican report: Red has 5 faith points. Should Red support the Church or refuse?",
    ),
)
