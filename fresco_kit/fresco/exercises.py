"""Fresco exercises: engine positions plus a question, answered and explained by the engine.

Every position is constructed (not taken from a played game): a 4-player game (Red, White,
Blue, Yellow), base rules, seed 3, edited to the moment of the question, whose fresco is laid
out the same way each time; the questions name the segments by their
place on the 5x5 grid and their value (the table and the board drawing show the same).
The constructors come from :mod:`fresco_kit.classroom.exercises`; a teacher adds one in a few
lines, e.g.::

    legal("fresco", "altar-two-blues", "Two blues at the altar",
          position=lambda: at_cathedral({"blue": 2, "red": 1}),
          move="altar Red red,blue,blue",
          question="Red holds 1 red and 2 blue paints. May Red restore the altar with them?")
"""

from __future__ import annotations

from collections.abc import Mapping

from fresco_kit.classroom.exercises import Exercise, choice, legal, number
from fresco_kit.core import Game
from fresco_kit.core.rules import RuleRef
from fresco_kit.core.text import plural

from . import data, new_game
from .actions import Wake
from .positions import edit, play_round_start, skip_to
from .refs import RULES

PLAYERS = ["Red", "White", "Blue", "Yellow"]
SEED = 3
NO_PLAN = (0, 0, 0, 0, 0)


def start() -> Game:
    """Round 1 before anyone has got up (Blue on S1, Yellow S2, Red S3, White S4)."""
    return new_game(PLAYERS, seed=SEED)


def at_location(
    column: str, plan: tuple[int, ...], paints: Mapping[str, int], thalers: int = 12, time: int = 5
) -> Game:
    """Red acting at ``column`` in round 1, holding exactly ``paints`` and ``thalers``,
    up at ``time`` with ``plan`` (the other players planned nothing); the bishop in the centre."""
    game = start()
    held = {c: paints.get(c, 0) for c in data.COLOURS}
    game = game.with_state(edit(game.state, players={"Red": {"paints": held, "thalers": thalers}}))
    others = iter(t for t in data.TIMES if t != time)
    times = {nm: time if nm == "Red" else next(others) for nm in PLAYERS}
    play_round_start(game, times, {nm: plan if nm == "Red" else NO_PLAN for nm in PLAYERS})
    skip_to(game, column, "Red")
    return game


def at_cathedral(paints: Mapping[str, int], thalers: int = 12, apprentices: int = 1) -> Game:
    """Red at the cathedral with ``apprentices`` cathedral apprentices (see :func:`at_location`)."""
    return at_location("cathedral", (0, apprentices, 0, 0, 0), paints, thalers)


def blue_up_at_seven() -> Game:
    """Round 1: Blue (on S1, so choosing first) has got up at 7; Yellow chooses next."""
    game = start()
    game.play(Wake("Blue", 7))
    return game


def _first_chooser(game: Game) -> tuple[str, str, tuple[RuleRef, ...]]:
    s = game.state
    spaces = ", ".join(f"{nm} on S{s.player(nm).start}" for nm in PLAYERS)
    why = (
        f"Start spaces: {spaces}. The painter last on the track chooses first, and S1 counts as "
        f"the last space, so {s.to_move[0]} chooses first."
    )
    return s.to_move[0], why, (RULES["p1.order"],)


ALTAR_OPTIONS = ("yellow + red + blue", "orange + red + blue", "orange + green + blue", "orange + green + purple")


def _best_altar(game: Game) -> tuple[tuple[str, ...], str, tuple[RuleRef, ...]]:
    gains = {}
    for option in ALTAR_OPTIONS:
        paints = option.split(" + ")
        ordered = sorted(paints, key=data.COLOUR_INDEX.__getitem__)
        before = game.scores().totals["Red"]
        after = game.rules.scores(game.preview(f"altar Red {','.join(ordered)}").state).totals["Red"]
        gains[option] = after - before
    top = max(gains.values())
    lines = "; ".join(f"{o}: {v} points" for o, v in gains.items())
    return (
        tuple(o for o, v in gains.items() if v == top),
        f"The engine scores each: {lines}. The points of the mixed options rest on a reading of the kit "
        "(any blended paint may fill any primary's slot, +1 each); the answer does not: orange + green + "
        "purple is the altar's own 6-point way.",
        (
            RULES["altar.basic"],
            RULES["altar.blended"],
        ),
    )


def _market_cost(game: Game) -> tuple[int, str, tuple[RuleRef, ...]]:
    move = "buy Red booth 3 tiles 1,2"
    preview = game.preview(move)
    paid = game.state.player("Red").thalers - preview.state.player("Red").thalers
    events = "\n".join(f"  {e.text}" for e in preview.events)
    return paid, f"Red pays {paid} thalers:\n{events}", (RULES["p1.price"], RULES["market.buy"])


#: the moves offered in "Red's best restoration": what the learner reads -> the move played
RESTORE_OPTIONS: dict[str, str] = {
    "restore segment (1, 3) without moving the bishop": "restore Red 1,3",
    "move the bishop to (1, 3), then restore segment (1, 3)": "restore Red 1,3 bishop 1,3",
    "move the bishop to (3, 3), then restore segment (4, 3)": "restore Red 4,3 bishop 3,3",
    "restore segment (4, 3) without moving the bishop": "restore Red 4,3",
    "move the bishop to (2, 1), then restore segment (2, 0)": "restore Red 2,0 bishop 2,1",
    "restore the altar with yellow + red + blue": "altar Red yellow,red,blue",
}


def _best_restore(game: Game) -> tuple[tuple[str, ...], str, tuple[RuleRef, ...]]:
    """Each offered move played through the engine: the points it scores now and the thalers it
    spends on the bishop; right are the moves with the most points, and among those the fewest thalers."""
    before = game.state.player("Red").vp
    scored: dict[str, tuple[int, int]] = {}
    for label, move in RESTORE_OPTIONS.items():
        events = game.preview(move).events
        paid = sum(1 for e in events if e.rule is not None and e.rule.id == "cath.bishop_move")
        scored[label] = (game.preview(move).state.player("Red").vp - before, paid)
    best_points = max(points for points, _ in scored.values())
    cheapest = min(paid for points, paid in scored.values() if points == best_points)
    right = tuple(label for label, v in scored.items() if v == (best_points, cheapest))
    lines = [
        f"{label}: {plural(pts, 'point')}, {plural(paid, 'thaler')} spent" for label, (pts, paid) in scored.items()
    ]
    ties = (
        f"{len(right)} moves tie on both counts ({best_points} points for {plural(cheapest, 'thaler')}), so each "
        "of them is right."
        if len(right) > 1
        else ""
    )
    why = (
        "A segment scores its value plus the bishop's bonus (3 on his segment, 2 next to it); moving him "
        "one step first costs 1 thaler; the altar with yellow + red + blue scores 2.\n"
        + "\n".join(lines)
        + (f"\n{ties}" if ties else "")
    )
    return (
        right,
        why,
        (RULES["cath.segment"], RULES["cath.bishop_bonus"], RULES["cath.bishop_move"], RULES["altar.basic"]),
    )


EXERCISES: tuple[Exercise, ...] = (
    legal(
        "fresco",
        "restore-legal",
        "Restoring a segment",
        position=lambda: at_cathedral({"yellow": 2, "red": 1}, apprentices=2),
        move="restore Red 1,3",
        question="Red is at the cathedral with two apprentices, holding 2 yellow and 1 red paint. May Red "
        "restore segment (1, 3), worth 3, which needs yellow + yellow + red?",
    ),
    legal(
        "fresco",
        "restore-two-rules",
        "No green, no money",
        position=lambda: at_cathedral({"yellow": 1, "red": 1, "blue": 1}, thalers=0),
        move="restore Red 1,2 bishop 1,1",
        question="Red is at the cathedral with 1 yellow, 1 red and 1 blue paint and no thalers. May Red "
        "first move the bishop from the centre to segment (1, 1), then restore segment (1, 2), worth 5, "
        "which needs yellow + red + green? If not, what forbids it?",
    ),
    legal(
        "fresco",
        "time-taken",
        "A taken get-up time",
        position=blue_up_at_seven,
        move="wake Yellow 7",
        question="Round 1: Blue has got up at 7 o'clock and Yellow chooses next. May Yellow get up at 7 o'clock too?",
    ),
    number(
        "fresco",
        "restore-points",
        "Points for a segment",
        position=lambda: at_cathedral({"yellow": 2, "red": 1}, apprentices=2),
        move="restore Red 1,3",
        player="Red",
        question="Red restores segment (1, 3), worth 3, while the bishop stands on the centre segment "
        "(2, 2). How many victory points does Red score?",
    ),
    number(
        "fresco",
        "altar-points",
        "Points for the altar",
        position=lambda: at_cathedral({"orange": 1, "red": 1, "blue": 1}, apprentices=2),
        move="altar Red red,blue,orange",
        player="Red",
        question="Red restores the altar with orange, red and blue paint. How many victory points does Red score?",
    ),
    number(
        "fresco",
        "market-cost",
        "The price of paints",
        position=lambda: at_location("market", (2, 0, 1, 0, 0), {}, time=7),
        question="Red got up at 7 o'clock and has two market apprentices. Booth 3 offers red + blue, "
        "orange, and yellow + yellow. How many thalers does Red pay for the first two of them? (The inn on "
        "the board shows the price of one tile for each get-up time.)",
        solve=_market_cost,
    ),
    choice(
        "fresco",
        "first-to-choose",
        "Who gets up first?",
        position=start,
        question="Round 1 begins: Blue stands on start space S1, Yellow on S2, Red on S3 and White on S4. "
        "Who chooses a get-up time first?",
        options=PLAYERS,
        solve=_first_chooser,
    ),
    choice(
        "fresco",
        "best-altar",
        "The richest altar",
        position=lambda: at_cathedral({c: 1 for c in data.COLOURS}),
        question="Red is at the cathedral holding one paint of each colour: yellow, red, blue, orange, "
        "green and purple. Which three paints score most at the altar?",
        options=ALTAR_OPTIONS,
        solve=_best_altar,
    ),
    choice(
        "fresco",
        "best-restore",
        "Red's best restoration",
        position=lambda: at_cathedral({"yellow": 3, "red": 2, "blue": 2}, thalers=3),
        question="Red has one cathedral apprentice, 3 thalers and 3 yellow, 2 red and 2 blue paints; the "
        "bishop stands on the centre segment (2, 2). Segment (1, 3) is worth 3 (yellow + yellow + red), "
        "segment (4, 3) is worth 4 (yellow + red + blue) and segment (2, 0) is worth 3 (yellow + blue + blue). "
        "Which move scores Red the most victory points now? If two moves score the same, the one that spends "
        "fewer thalers is better; every move that ties on both counts is right.",
        options=tuple(RESTORE_OPTIONS),
        solve=_best_restore,
    ),
)
