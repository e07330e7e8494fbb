"""The rulebooks' cases rebuilt as positions and played through the engine.

Every figure on the "engine" side comes from playing actions through
:class:`fresco_kit.core.Game`; the "rulebook" side is the number the texts give.
Positions are constructed with :mod:`fresco_kit.fresco.positions` (pieces moved with
the supplies balanced).  ``fresco-kit examples fresco`` prints them all.
"""

from __future__ import annotations

from typing import Any

from fresco_kit.core import Check, Example, Game, RuleError
from fresco_kit.core.examples import find_example

from . import board, data, new_game
from .actions import Blend, Buy, Close, Restore, Settle, Studio, altar
from .positions import edit, finish_round, play_round_start, skip_to
from .refs import RULES
from .scoring import money_points

P4 = ["Red", "White", "Blue", "Yellow"]
PLAN_NONE = (0, 0, 0, 0, 0)


def _game(ruleset: str = "base", seed: int = 3) -> Game:
    return new_game(P4, seed=seed, ruleset=ruleset)


def _times(game: Game, first: str, time: int) -> dict[str, int]:
    """``first`` takes ``time``; the others the remaining times in seat order."""
    rest = [t for t in data.TIMES if t != time]
    out = {first: time}
    for nm in game.state.names:
        if nm != first:
            out[nm] = rest.pop(0)
    return out


def seven_oclock() -> list[Check]:
    """Phase I: getting up at 7 o'clock: mood -1, 2 thalers per market tile."""
    game = _game()
    mood_before = game.state.player("Red").mood
    play_round_start(game, _times(game, "Red", 7), {nm: (2, 0, 0, 0, 0) if nm == "Red" else PLAN_NONE for nm in P4})
    red = game.state.player("Red")
    skip_to(game, "market", "Red")
    booth = next(b for b, tiles in enumerate(game.state.booths, 1) if len(tiles) >= 2)
    before = game.state.player("Red").thalers
    price = game.state.price(game.state.names.index("Red"))
    game.play(Buy("Red", booth, (1, 2)))
    return [
        Check("mood change at 7 o'clock", -1, red.mood - mood_before),
        Check("market price per tile", 2, price),
        Check("thalers paid for 2 tiles", 4, before - game.state.player("Red").thalers),
    ]


def _cathedral_game(ruleset: str = "base", apprentices: int = 3, **edits: Any) -> Game:
    game = _game(ruleset)
    game = game.with_state(edit(game.state, **edits))
    play_round_start(
        game, _times(game, "Red", 5), {nm: (0, apprentices, 0, 0, 0) if nm == "Red" else PLAN_NONE for nm in P4}
    )
    skip_to(game, "cathedral", "Red")
    return game


def _tile_paints(game: Game, sq: tuple[int, int]) -> dict[str, int]:
    return dict(zip(data.COLOURS, data.FRESCO_TILES[game.state.fresco[board.index(sq)]].paints))


def bishop_bonuses() -> list[Check]:
    """Cathedral: a paid bishop move onto the segment (+3), then a neighbour (+2), then a far one (0)."""
    game = _game()
    s = game.state
    on, beside, far = (2, 2), (2, 3), (5, 5)
    need = [0] * 6
    for sq in (on, beside, far):
        need = [a + b for a, b in zip(need, data.FRESCO_TILES[s.fresco[board.index(sq)]].paints)]
    game = _cathedral_game(players={"Red": {"paints": dict(zip(data.COLOURS, need)), "thalers": 5}})
    value = {sq: data.FRESCO_TILES[game.state.fresco[board.index(sq)]].value for sq in (on, beside, far)}
    vp0, th0 = game.state.player("Red").vp, game.state.player("Red").thalers
    game.play(Restore("Red", on, bishop=on))  # bishop (3, 3) -> (2, 2), 1 thaler
    vp1, th1 = game.state.player("Red").vp, game.state.player("Red").thalers
    bishop_after = board.square(game.state.bishop)
    game.play(Restore("Red", beside))  # bishop now on (2, 2), next to (2, 3)
    vp2 = game.state.player("Red").vp
    game.play(Restore("Red", far))  # bishop on (2, 3), far from (5, 5)
    vp3 = game.state.player("Red").vp
    return [
        Check("thalers paid to move the bishop", 1, th0 - th1),
        Check("bonus with the bishop on the segment", 3, vp1 - vp0 - value[on]),
        Check("bishop afterwards on the restored segment", on, bishop_after),
        Check("bonus with the bishop beside the segment", 2, vp2 - vp1 - value[beside]),
        Check("bonus with the bishop far away", 0, vp3 - vp2 - value[far]),
    ]


def altar_restorations() -> list[Check]:
    """Cathedral, Restore the altar: basic paints, substitutes, and the three blended paints."""
    cases = [
        (("yellow", "red", "blue"), 2),
        (("yellow", "orange", "blue"), 3),
        (("green", "orange", "purple"), 6),
        (("orange", "orange", "green"), 5),
    ]
    checks = []
    for paints, expected in cases:
        held = {c: paints.count(c) for c in data.COLOURS}
        game = _cathedral_game(apprentices=1, players={"Red": {"paints": held}})
        before = game.state.player("Red").vp
        game.play(altar("Red", paints))
        checks.append(Check(f"altar {' + '.join(paints)}", expected, game.state.player("Red").vp - before))
    game = _cathedral_game(apprentices=1, players={"Red": {"paints": {"yellow": 2, "red": 1}}})
    try:
        game.play(altar("Red", ("yellow", "yellow", "red")))
        refused = False
    except RuleError as err:
        refused = err.rule is RULES["altar.basic"]
    checks.append(Check("altar yellow + yellow + red refused: not yellow + red + blue", True, refused))
    return checks


def workshop_blends() -> list[Check]:
    """Workshop: one apprentice blends twice (red+yellow, yellow+blue); then the turn passes."""
    game = _game()
    game = game.with_state(edit(game.state, players={"Red": {"paints": {"yellow": 2, "red": 2, "blue": 2}}}))
    play_round_start(game, _times(game, "Red", 5), {nm: (0, 0, 0, 1, 0) for nm in P4})
    skip_to(game, "workshop", "Red")
    game.play(Blend("Red", "orange"))
    game.play(Blend("Red", "green"))
    red = dict(zip(data.COLOURS, game.state.player("Red").paints))
    return [
        Check("orange after blending", 1, red["orange"]),
        Check("green after blending", 1, red["green"]),
        Check("primaries left (yellow, red, blue)", (0, 1, 1), (red["yellow"], red["red"], red["blue"])),
        Check("Red still acting after 2 blends", False, game.state.to_move == ["Red"]),
    ]


def income() -> list[Check]:
    """Preparing the next round: 1 thaler per restored tile; nothing before the first."""
    game = _game()
    game = game.with_state(edit(game.state, restored={"Red": [(1, 1), (1, 2), (1, 3)]}))
    play_round_start(game, _times(game, "Red", 7), {nm: PLAN_NONE for nm in P4})
    # nobody planned anything: the round ended at once and income was paid
    after = {nm: game.state.player(nm).thalers for nm in P4}
    return [
        Check("round over (now round 2)", 2, game.state.round),
        Check("Red's income for 3 tiles", 3, after["Red"] - data.START_THALERS),
        Check("White's income with no tile", 0, after["White"] - data.START_THALERS),
    ]


def track_collision() -> list[Check]:
    """VP track: landing on an occupied space -- behind or ahead (both rulesets);
    in the final money count the base rules still let the player choose, Big Box moves ahead."""
    checks = []
    for ruleset in ("base", "bigbox"):
        for choice in ("behind", "ahead"):
            game = _game(ruleset)
            sq = (1, 1)
            need = _tile_paints(game, sq)
            value = data.FRESCO_TILES[game.state.fresco[board.index(sq)]].value
            game = _cathedral_game(
                ruleset,
                apprentices=1,
                bishop=(5, 5),
                players={
                    "Red": {"paints": need, "vp": 10},
                    "White": {"vp": 10 + value},
                    "Blue": {"vp": 10 + value - 1},
                },
            )
            game.play(Restore("Red", sq, track=choice))
            expected = 10 + value - 2 if choice == "behind" else 10 + value + 1
            checks.append(
                Check(
                    f"{ruleset}: restore onto occupied space {10 + value}, {choice}",
                    expected,
                    game.state.player("Red").vp,
                )
            )
    for ruleset, expected_phase in (("base", "final_count"), ("bigbox", "over")):
        game = _final_round_game(
            ruleset, players={"Red": {"vp": 20, "thalers": 10}, "White": {"vp": 25}, "Blue": {"vp": 26}}
        )
        play_round_start(game, _times(game, "Red", 5), {nm: PLAN_NONE for nm in P4})
        got = game.state.phase
        if got == "final_count":
            game.play(Settle("Red", "behind"))
        checks.append(
            Check(
                f"{ruleset}: money count onto occupied 25 waits for a choice",
                expected_phase == "final_count",
                got == "final_count",
            )
        )
        checks.append(
            Check(f"{ruleset}: Red's final space", 24 if ruleset == "base" else 27, game.state.player("Red").vp)
        )
    return checks


def _final_round_game(ruleset: str, players: dict | None = None) -> Game:
    """A game at the get-up of its final round: round 1 is edited down to 6 fresco tiles
    (Yellow holds the other 19) and played with no actions; round 2 starts final."""
    game = _game(ruleset)
    squares = [sq for sq in board.SQUARES if sq != data.CENTRE][:19]
    game = game.with_state(edit(game.state, restored={"Yellow": squares}, players=players))
    play_round_start(game, _times(game, "Red", 5), {nm: PLAN_NONE for nm in P4})
    return game


def final_round_trigger() -> list[Check]:
    """End of the Game: 7 tiles at a round's start -> not final; 6 -> final, side 2; Big Box early end."""
    checks = []
    for left in (7, 6):
        game = _game("bigbox")
        squares = [sq for sq in board.SQUARES if sq != data.CENTRE][: 25 - left]
        game = game.with_state(edit(game.state, restored={"Yellow": squares}))
        play_round_start(game, _times(game, "Red", 5), {nm: PLAN_NONE for nm in P4})
        checks.append(Check(f"{left} tiles at round start: final round", left <= 6, game.state.final))
        if left == 6:
            checks.append(
                Check("final round sheet", "market cathedral studio workshop cathedral", " ".join(game.state.sheet))
            )
            before = game.state.player("Yellow").thalers
            play_round_start(game, _times(game, "Red", 5), {nm: PLAN_NONE for nm in P4})
            checks.append(
                Check(
                    "income after the final round (Yellow holds 19 tiles)",
                    0,
                    game.state.player("Yellow").thalers - before,
                )
            )
            checks.append(Check("game over after the final round", True, game.is_over))
    for ruleset in ("base", "bigbox"):
        game = _game(ruleset)
        squares = [sq for sq in board.SQUARES if sq != (1, 1)]
        game = _cathedral_game(
            ruleset,
            apprentices=1,
            restored={"Yellow": squares},
            players={"Red": {"paints": _tile_paints(game, (1, 1))}},
        )
        game.play(Restore("Red", (1, 1)))
        finish_round(game)
        checks.append(
            Check(f"{ruleset}: fresco completed in a normal round ends the game", ruleset == "bigbox", game.is_over)
        )
    return checks


def final_money_count() -> list[Check]:
    """End of the Game: 2 thalers = 1 VP, rounded down, in the final round's get-up order."""
    game = _final_round_game(
        "bigbox",
        players={
            "Red": {"thalers": 15, "vp": 30},
            "White": {"thalers": 4, "vp": 33},
            "Blue": {"thalers": 1, "vp": 5},
            "Yellow": {"thalers": 0, "vp": 6},
        },
    )
    play_round_start(game, {"Red": 6, "White": 5, "Blue": 8, "Yellow": 9}, {nm: (0, 0, 1, 0, 0) for nm in P4})
    for nm in ("White", "Red", "Blue", "Yellow"):
        game.play(Studio(nm))
    red = game.state.player("Red")
    return [
        Check("Red's thalers at the end (15 + 3 studio)", 18, red.thalers),
        Check("Red: 18 thalers -> VP", 9, red.points[4]),
        Check("Red's final space (30 + 9 = 39)", 39, red.vp),
        Check("White: 7 thalers -> VP (rounded down)", 3, game.state.player("White").points[4]),
        Check("15 thalers -> VP (rounded down)", 7, money_points(15)),
        Check("winner", "Red", " & ".join(game.scores().winners)),
    ]


def bank_and_supply() -> list[Check]:
    """Game Components: the bank (60 coins, 196 thalers) and the paint supply (78 pieces), at setup."""
    checks = [
        Check("coins in the bank box", 60, sum(data.COIN_DENOMINATIONS.values())),
        Check(
            "1-thaler / 5-thaler / 10-thaler coins", (36, 16, 8), tuple(data.COIN_DENOMINATIONS[k] for k in (1, 5, 10))
        ),
        Check("thalers in all", 196, data.COINS),
        Check("paint pieces in all", 78, sum(data.PAINT_COUNTS)),
        Check("pieces per primary / per blended colour", (17, 9), (data.PAINT_COUNTS[0], data.PAINT_COUNTS[3])),
    ]
    for n in (3, 4):
        state = new_game(P4[:n], seed=1).state
        checks.append(Check(f"{n} players: bank after setup (196 - {n} x 12)", 196 - 12 * n, state.bank))
        checks.append(
            Check(f"{n} players: yellow / red / blue left in the supply (17 - {n})", (17 - n,) * 3, state.supply[:3])
        )
        checks.append(Check(f"{n} players: orange / green / purple in the supply", (9, 9, 9), state.supply[3:]))
    return checks


def market_collision() -> list[Check]:
    """Market: an earlier player closes the booth a later player wanted; it is empty for the rest of the round."""
    game = _game()
    play_round_start(
        game,
        {"Red": 5, "White": 6, "Blue": 7, "Yellow": 8},
        {nm: (1, 0, 0, 0, 0) if nm in ("Red", "White") else PLAN_NONE for nm in P4},
    )
    booth = 1
    size, bag = len(game.state.booths[booth - 1]), len(game.state.bag)
    order = [game.state.names[i] for i in game.state.order]
    game.play(Close("Red", booth))
    after_close = (len(game.state.booths[booth - 1]), len(game.state.bag))
    verdict = game.explain(Buy("White", booth, (1,)))
    other = next(b for b, tiles in enumerate(game.state.booths, 1) if tiles)
    events = [e.text for e in game.play(Buy("White", other, (1,)))]
    return [
        Check("market order (earliest get-up first)", "Red White", " ".join(order[:2])),
        Check("tiles in booth 1 / in the bag before Red's visit", (4, 1), (size, bag)),
        Check("after Red closes booth 1: booth 1 / bag", (0, 5), after_close),
        Check("White's purchase at booth 1 now", "refused", "legal" if verdict.ok else "refused"),
        Check(
            "refused: booth 1's tiles went back into the bag",
            True,
            bool(verdict.reasons) and verdict.reasons[0][1] is RULES["market.buy"],
        ),
        Check("White buys at booth 2 instead", True, any("from booth 2" in e for e in events) and other == 2),
    ]


def start_rotation() -> list[Check]:
    """Big Box, Preparation for the Next Round: painters still on start spaces rotate (base: they stay)."""
    checks = []
    expected = {"base": "S1 Blue S2 Yellow S3 Red S4 White", "bigbox": "S1 Yellow S2 Red S3 White S4 Blue"}
    for ruleset in ("base", "bigbox"):
        game = _game(ruleset)
        if ruleset == "base":
            start = {nm: game.state.player(nm).start for nm in P4}
            checks.append(
                Check(
                    "start spaces drawn at setup",
                    expected["base"],
                    " ".join(f"S{start[nm]} {nm}" for nm in sorted(P4, key=start.__getitem__)),
                )
            )
        play_round_start(game, _times(game, "Red", 5), {nm: PLAN_NONE for nm in P4})
        after = {nm: game.state.player(nm).start for nm in P4}
        line = " ".join(f"S{after[nm]} {nm}" for nm in sorted(P4, key=after.__getitem__))
        checks.append(Check(f"{ruleset}: start spaces after round 1 (nobody scored)", expected[ruleset], line))
    game = _game("bigbox")
    alone = next(nm for nm in P4 if game.state.player(nm).start == 2)
    game = game.with_state(edit(game.state, players={nm: {"vp": k + 1} for k, nm in enumerate(P4) if nm != alone}))
    play_round_start(game, _times(game, "Red", 5), {nm: PLAN_NONE for nm in P4})
    checks.append(
        Check("bigbox: a single painter left on the start spaces stays on", 2, game.state.player(alone).start)
    )
    return checks


def tie_for_the_win() -> list[Check]:
    """End of the Game: no tie-break is printed; tied leaders share the victory (a reading of the kit)."""
    checks = []
    for ruleset in ("base", "bigbox"):
        game = _final_round_game(ruleset)
        game = game.with_state(edit(game.state, players={nm: {"thalers": 0} for nm in P4}))
        play_round_start(game, _times(game, "Red", 5), {nm: PLAN_NONE for nm in P4})
        sheet = game.scores()
        checks.append(
            Check(f"{ruleset}: game over, nobody scored", (True, 0), (game.is_over, max(sheet.totals.values())))
        )
        checks.append(Check(f"{ruleset}: winners", " & ".join(P4), " & ".join(sheet.winners)))
    return checks


EXAMPLES: list[Example] = [
    Example(
        "Getting up at 7 o'clock",
        "constructed",
        "Fresco rulebook, I. Choosing get up time and adjusting mood; the 7 o'clock row from public sources "
        "(see seeds/README.md)",
        seven_oclock,
    ),
    Example(
        "Bishop bonuses with a paid move",
        "constructed",
        "Fresco rulebook, Cathedral: Moving the bishop / The bishop's bonus points",
        bishop_bonuses,
    ),
    Example("Altar restorations", "constructed", "Fresco rulebook, Cathedral: Restore the altar", altar_restorations),
    Example(
        "Two blends per workshop apprentice", "constructed", "Fresco rulebook, Workshop: Blend paints", workshop_blends
    ),
    Example("Income", "constructed", "Fresco rulebook, preparing the next round", income),
    Example(
        "VP track collisions, base vs Big Box",
        "constructed",
        "Fresco rulebook, Restore a segment; Big Box, Final point count",
        track_collision,
    ),
    Example(
        "The final round", "constructed", "Fresco rulebook, End of the Game; Big Box, End of Game", final_round_trigger
    ),
    Example("The final money count", "constructed", "Fresco rulebook, End of the Game", final_money_count),
    Example(
        "The bank and the paint supply",
        "constructed",
        "Fresco rulebook, Game Components (60 coins, 78 paint pieces); Big Box, Preparation 2; coin values and "
        "paint colours from public sources (see seeds/README.md)",
        bank_and_supply,
    ),
    Example(
        "Closing a booth before a later player",
        "constructed",
        "Fresco rulebook, Market: Buy paints or close down market booth",
        market_collision,
    ),
    Example(
        "Big Box start-space rotation",
        "constructed",
        "Big Box, Preparation for the Next Round (last bullet)",
        start_rotation,
    ),
    Example(
        "A tie for the win",
        "constructed",
        "Fresco rulebook, End of the Game; Big Box, Final point count (no tie-break printed)",
        tie_for_the_win,
    ),
]


def example(name: str) -> Example:
    """The worked example of :data:`EXAMPLES` called ``name`` (``example("Income").show()``
    runs it and prints its table); ``KeyError`` lists the names there are."""
    return find_example(EXAMPLES, name)
