"""Constructed worked examples, each played through the engine.

The Italian rules summary gives rules but few numbers, so every example here is
*constructed*: a position built with :func:`positions.position`, actions played with
``Game.play``, and the engine's figures compared with the ones worked out by hand in
the example's docstring.  ``fresco-kit examples lorenzo`` prints them all.
"""

from __future__ import annotations

from fresco_kit.core import Action, Check, Example, Game
from fresco_kit.core.examples import find_example
from fresco_kit.core.rules import rulebook_title

from .actions import Place
from .data import load
from .effects import member_value
from .final import excommunication_loss
from .positions import final_tie, game_at, position, vatican_report_opened
from .zones import firing_cards, zone_value

KIND = "constructed"
SRC = rulebook_title("lorenzo")


def _first_rule(game: Game, action: Action) -> str:
    """The checklist id of the first reason ``action`` is refused in ``game`` ("legal" if none);
    the checks compare it and show the rule in words (learner text names no checklist id)."""
    verdict = game.explain(action)
    return verdict.reasons[0][1].id if verdict.reasons else "legal"


def servants_lift_the_neutral_member() -> list[Check]:
    """The neutral member is worth 0; Woods sits on the territory tower's floor 2 (value 3).
    With 0 servants the placement is refused; with 3 servants (0 + 3 = 3) it is legal:
    Red pays 3 servants and takes Woods (+1 wood immediately, 2 + 1 = 3 wood)."""
    st = position(["Red", "Blue"], towers={"territory": [1, 2, 3, 4]}, res={"Red": {"servants": 3}})
    game = game_at(st)
    red = game.state.player("Red")
    value = member_value(game.state, red, "neutral")
    refused = _first_rule(game, Place("Red", "neutral", "territory-2", 0))
    game.play("place Red neutral territory-2 servants 3")
    red = game.state.player("Red")
    return [
        Check("neutral member value", 0, value),
        Check("with 0 servants: refused, the value below the floor's", True, refused == "place.min"),
        Check("servants left (3 - 3)", 0, red.res["servants"]),
        Check("Red's territories", 1, len(red.cards["territory"])),
        Check("Red's wood (2 + Woods 1)", 3, red.res["wood"]),
    ]


def occupied_tower_with_floor_bonus() -> list[Check]:
    """Red stands on venture floor 1.  Blue (5 coins) takes Hiring Recruits (4 coins) on
    floor 4 (value 7: white die 6 + 1 servant): 3 coins for the occupied tower first
    (5 - 3 = 2), the floor bonus of 2 coins (4), then the card (0 left), +5 military.
    With only 2 coins the 3 coins cannot be paid — the bonus coins may not help — and
    with 3 coins the bonus pays part of the card but not enough (3 - 3 + 2 = 2 < 4)."""
    towers = {"venture": [74, 75, 76, 73]}
    game = game_at(position(["Red", "Blue"], dice={"white": 6}, towers=towers, res={"Blue": {"coins": 5}}))
    game.play("place Red white venture-1")
    blue_move = Place("Blue", "white", "venture-4", 1)
    game.play(blue_move)
    blue = game.state.player("Blue")
    poor = game_at(position(["Red", "Blue"], dice={"white": 6}, towers=towers, res={"Blue": {"coins": 2}}))
    poor.play("place Red white venture-1")
    poorer = game_at(position(["Red", "Blue"], dice={"white": 6}, towers=towers, res={"Blue": {"coins": 3}}))
    poorer.play("place Red white venture-1")
    return [
        Check("Blue's coins after (5 - 3 + 2 - 4)", 0, blue.res["coins"]),
        Check("Blue's military (Hiring Recruits)", 5, blue.res["military"]),
        Check(
            "with 2 coins: refused, 3 coins owed for the occupied tower",
            True,
            _first_rule(poor, blue_move) == "towers.occupied",
        ),
        Check(
            "with 3 coins: refused, the card's cost not covered", True, _first_rule(poorer, blue_move) == "towers.costs"
        ),
    ]


def third_territory_needs_military() -> list[Check]:
    """Red holds two territories and 0 military points; the third slot needs 3.  Refused
    first; Red then takes 3 military + 2 coins at market space 3 (four players) and, a
    turn later, the territory — the 3 points are a requirement and stay on the track."""
    st = position(
        ["Red", "White", "Blue", "Yellow"],
        dice={"white": 1, "black": 1},
        towers={"territory": [5, 6, 7, 8]},
        cards={"Red": [1, 2]},
    )
    game = game_at(st)
    take = Place("Red", "white", "territory-1", 0)
    refused = _first_rule(game, take)
    game.play("place Red black market-3")
    military = game.state.player("Red").res["military"]
    for name in ("White", "Blue", "Yellow"):
        game.play(f"place {name} neutral council servants 1")
        game.play(f"choose {name} coins")
    game.play(take)
    red = game.state.player("Red")
    return [
        Check(
            "third territory at 0 military: refused, 3 military points needed", True, refused == "towers.territory_mp"
        ),
        Check("Red's military after market space 3", 3, military),
        Check("Red's territories after", 3, len(red.cards["territory"])),
        Check("military after (not spent)", 3, red.res["military"]),
    ]


def production_with_trades() -> list[Check]:
    """Red owns Mint, Carpenter's Shop, Stonemason's Shop and Chapel, with 2 wood, 1 stone,
    0 coins, and produces at value 5 (white die 5, small space).  Trades: 2 wood -> 5
    coins and 1 stone -> 3 coins.  Chapel (1 coin -> 1 faith) cannot use coins produced
    in the same production, so it is skipped.  Outputs together: bonus tile 2 coins +
    1 military, Mint 4 coins (4 buildings): 0 + 5 + 3 + 4 + 2 = 14 coins."""
    st = position(
        ["Red", "Blue"],
        dice={"white": 5},
        cards={"Red": [25, 29, 30, 31]},
        res={"Red": {"wood": 2, "stone": 1, "coins": 0}},
    )
    game = game_at(st)
    game.play("place Red white production-small")
    asked = [game.state.pending[0].queue[0]]
    game.play("choose Red 2")
    asked.append(game.state.pending[0].queue[0])
    game.play("choose Red 1")
    red = game.state.player("Red")
    return [
        Check(
            "buildings asked to trade, one at a time",
            "Carpenter's Shop, Stonemason's Shop",
            ", ".join(load().cards[c].name for c in asked),
        ),
        Check("Red's coins (0 + 5 + 3 + 4 + 2)", 14, red.res["coins"]),
        Check("Red's wood", 0, red.res["wood"]),
        Check("Red's stone", 0, red.res["stone"]),
        Check("Red's faith (Chapel had no coin before)", 0, red.res["faith"]),
        Check("Red's military (bonus tile)", 1, red.res["military"]),
    ]


def harvest_on_the_large_space() -> list[Check]:
    """Three players.  Red (Farmer: harvest +2) harvests on the large space with the
    white die 4: 4 + 2 - 3 = 3.  Commercial Hub (1), Woods (2) and Village (3) fire,
    Gravel Pit (4) does not; the bonus tile adds 1 wood, 1 stone, 1 servant.  From
    wood 2, stone 2, servants 3, coins 5: coins 7, wood 4, stone 3, servants 5."""
    st = position(["Red", "White", "Blue"], dice={"white": 4}, cards={"Red": [53, 1, 2, 3, 4]})
    game = game_at(st)
    red = game.state.player("Red")
    value = zone_value(red, "harvest-large", member_value(game.state, red, "white"), 0)
    fired = len(firing_cards(red, "harvest", value))
    game.play("place Red white harvest-large")
    red = game.state.player("Red")
    return [
        Check("action value (4 + 2 - 3)", 3, value),
        Check("territories fired", 3, fired),
        Check("coins (5 + 1 + 1)", 7, red.res["coins"]),
        Check("wood (2 + 1 + 1)", 4, red.res["wood"]),
        Check("stone (2 + 1)", 3, red.res["stone"]),
        Check("servants (3 + 1 + 1)", 5, red.res["servants"]),
    ]


def _tile_names(ids: tuple[int, ...]) -> str:
    """Excommunication tiles by name (what a player sees on the board), not by id."""
    data = load()
    return ", ".join(data.excommunications[i].name for i in ids) or "none"


def vatican_report_both_ways() -> list[Check]:
    """End of round 2 (threshold 3).  Blue's last placement (neutral, 1 servant, Council
    Palace, privilege: 1 faith) closes the round.  Blue has 2 faith: excommunicated.
    Red (5 faith) shows support: faith 0, +5 VP.  White (4 faith) refuses: excommunicated,
    keeps 4 faith."""
    game = vatican_report_opened()
    game.play("choose Red support")
    game.play("choose White refuse")
    s = game.state
    return [
        Check("Red's VP (faith 5 -> 5 VP)", 5, s.player("Red").res["vp"]),
        Check("Red's faith", 0, s.player("Red").res["faith"]),
        Check("White's faith (kept)", 4, s.player("White").res["faith"]),
        Check("White's excommunication (refused)", "Coin losses", _tile_names(s.player("White").excomms)),
        Check("Blue's excommunication (2 < 3)", "Coin losses", _tile_names(s.player("Blue").excomms)),
        Check("next round", 3, s.round),
    ]


def three_excommunications() -> list[Check]:
    """Red carries three tiles: 1 coin less per coin gain (I), 2 servants per +1 (II), 1 VP
    lost per 5 VP (III).  Market space 1 (5 coins) gives 4; the neutral member with 1
    servant is refused, with 2 it reaches 1 and enters the Council Palace (1 coin - 1 =
    0; privilege 2 coins - 1 = 1).  At 23 VP the tile costs 4 VP."""
    st = position(
        ["Red", "Blue"],
        round=3,
        tiles=(2, 13, 18),
        excomms={"Red": [2, 13, 18]},
        res={"Red": {"coins": 0, "servants": 4, "vp": 23}},
    )
    game = game_at(st)
    game.play("place Red white market-1")
    coins_market = game.state.player("Red").res["coins"]
    game.play("place Blue white council")
    game.play("choose Blue coins")
    refused = _first_rule(game, Place("Red", "neutral", "council", 1))
    game.play("place Red neutral council servants 2")
    game.play("choose Red coins")
    red = game.state.player("Red")
    return [
        Check("coins from market space 1 (5 - 1)", 4, coins_market),
        Check("neutral + 1 servant: refused, the excommunication doubles servants", True, refused == "excomm.kinds"),
        Check("coins after the Council Palace (4 + 0 + 1)", 5, red.res["coins"]),
        Check("servants left (4 - 2)", 2, red.res["servants"]),
        Check("VP lost at the end (23 // 5)", 4, excommunication_loss(red)),
    ]


def final_scoring_sheet() -> list[Check]:
    """Round 6, Red's last placement (neutral, Council Palace, privilege: 2 coins), then the
    last report (threshold 5): Blue (2 faith) is excommunicated (1 VP lost per 5 VP) but
    still scores 2 VP; Red supports with 6 faith: +7 VP.
    Red: 27 + 4 (4 territories) + 6 (3 characters) + 9 (ventures 4 + 5) + 5 (military 7,
    tied first) + 3 (17 resources) = 54.  Blue: 32 + 20 (6 territories) + 3 (2
    characters) + 0 + 5 (tied first) + 0 (4 resources) - 6 (32 // 5) = 54.  Tie: Red
    entered the Council Palace, so leads the turn order and wins (kit's reading)."""
    game = final_tie()
    sheet = game.scores()
    r, b = sheet.rows["Red"], sheet.rows["Blue"]
    return [
        Check("game over", True, game.is_over),
        Check("Red: VP during the game (20 + 7)", 27, r["VP during the game"]),
        Check("Red: territories (4)", 4, r["Territories"]),
        Check("Red: characters (3)", 6, r["Characters"]),
        Check("Red: ventures (4 + 5)", 9, r["Ventures"]),
        Check("Red: military (7, tied first)", 5, r["Military"]),
        Check("Red: resources (3+2+3+9 = 17)", 3, r["Resources"]),
        Check("Red: total", 54, sheet.totals["Red"]),
        Check("Blue: VP during the game (30 + 2)", 32, b["VP during the game"]),
        Check("Blue: territories (6)", 20, b["Territories"]),
        Check("Blue: characters (2)", 3, b["Characters"]),
        Check("Blue: military (7, tied first)", 5, b["Military"]),
        Check("Blue: resources (4)", 0, b["Resources"]),
        Check("Blue: excommunication (32 // 5)", -6, b["Excommunications"]),
        Check("Blue: total", 54, sheet.totals["Blue"]),
        Check("winner (tie, turn order)", "Red", sheet.winners[0]),
    ]


EXAMPLES: list[Example] = [
    Example(
        "Servants lift the neutral member to 3", KIND, f"{SRC}, I dadi e i familiari", servants_lift_the_neutral_member
    ),
    Example(
        "An occupied tower, the floor-4 bonus paying part of the cost",
        KIND,
        f"{SRC}, Le Torri e le carte Sviluppo",
        occupied_tower_with_floor_bonus,
    ),
    Example(
        "A third territory, blocked then allowed by military points",
        KIND,
        f"{SRC}, Le Torri e le carte Sviluppo",
        third_territory_needs_military,
    ),
    Example("A production with trades", KIND, f"{SRC}, Le altre zone del tabellone", production_with_trades),
    Example(
        "A harvest on the large space at -3 with a character bonus",
        KIND,
        f"{SRC}, Le altre zone del tabellone",
        harvest_on_the_large_space,
    ),
    Example("A Vatican report, both ways", KIND, f"{SRC}, Il Rapporto in Vaticano", vatican_report_both_ways),
    Example("Three excommunication effects", KIND, f"{SRC}, Il Rapporto in Vaticano", three_excommunications),
    Example("A complete final-scoring sheet", KIND, f"{SRC}, Fine del turno e punteggio finale", final_scoring_sheet),
]


def example(name: str) -> Example:
    """The worked example called ``name`` -- its title or the name of its function, e.g.
    ``example("final_scoring_sheet").show()``; ``KeyError`` lists the examples there are
    (``core.examples.find_example``)."""
    by_function = {e.run.__name__: e for e in EXAMPLES}
    return by_function.get(name) or find_example(EXAMPLES, name)
