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

from fresco_kit.classroom.exercises import Cited, Criterion, Exercise, best, choice, legal, number, why_not
from fresco_kit.core import Game
from fresco_kit.core.text import Msg

from . import data, names, new_game
from .actions import Wake, altar
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


def _first_chooser(game: Game) -> tuple[str, Msg, Cited]:
    s = game.state
    spaces = [Msg("{player} on start space S{start}", player=nm, start=s.player(nm).start) for nm in PLAYERS]
    first = s.to_move[0]
    reason = Msg(
        "the painter last on the track chooses first; at the start S1 counts as last, so {player} does", player=first
    )
    return first, Msg("Start spaces: {spaces}.", spaces=spaces), ((reason, RULES["p1.order"]),)


#: the paints of each option of "The richest altar", and the options as the learner reads them
ALTAR_PAINTS = (("yellow", "red", "blue"), ("orange", "red", "blue"), ("orange", "green", "blue"), data.BLENDED)
ALTAR_OPTIONS = tuple(names.paints_joined(paints) for paints in ALTAR_PAINTS)


def _best_altar(game: Game) -> tuple[tuple[str, ...], Msg, Cited]:
    gains = {}
    for option, paints in zip(ALTAR_OPTIONS, ALTAR_PAINTS):
        before = game.scores().totals["Red"]
        after = game.rules.scores(game.preview(altar("Red", paints)).state).totals["Red"]
        gains[option] = after - before
    top = max(gains.values())
    scored = tuple(
        (
            Msg("{paints}: {points}", paints=option, points=Msg.n(v, "{n} point", "{n} points")),
            RULES["altar.blended" if paints == data.BLENDED else "altar.basic"],
        )
        for (option, v), paints in zip(gains.items(), ALTAR_PAINTS)
    )
    return (
        tuple(o for o, v in gains.items() if v == top),
        Msg(
            "The engine scores each. The points of the mixed options rest on the kit's reading below; the answer "
            "does not: {blended} is the altar's own 6-point way.",
            blended=ALTAR_OPTIONS[-1],
        ),
        scored,
    )


def _market_cost(game: Game) -> tuple[int, Msg, Cited]:
    move = "buy Red booth 3 tiles 1,2"
    preview = game.preview(move)
    paid = game.state.player("Red").thalers - preview.state.player("Red").thalers
    price = (Msg("up at 7 o'clock, one market tile costs Red 2 thalers"), RULES["p1.price"])
    said = Msg.n(paid, "Red pays {n} thaler:", "Red pays {n} thalers:")
    return paid, said, (price, *((e.text, e.rule) for e in preview.events))


#: the moves offered in "Red's best restoration" (action text; the sheet shows them in words)
RESTORE_OPTIONS = (
    "restore Red 2,4",
    "restore Red 2,4 bishop 2,4",
    "restore Red 5,4 bishop 4,4",
    "restore Red 5,4",
    "restore Red 3,1 bishop 3,2",
    "altar Red yellow,red,blue",
)


def points_then_thalers(player: str) -> Criterion:
    """Most victory points at once; among equal points, fewest thalers spent (on the bishop)."""

    def rate(game: Game, move: str) -> tuple[tuple[int, int], Msg]:
        preview = game.preview(move)
        gained = preview.state.player(player).vp - game.state.player(player).vp
        paid = sum(1 for e in preview.events if e.rule is not None and e.rule.id == "cath.bishop_move")
        words = Msg(
            "{points} for {thalers}",
            points=Msg.n(gained, "{n} point", "{n} points"),
            thalers=Msg.n(paid, "{n} thaler", "{n} thalers"),
        )
        return (gained, -paid), words

    return Criterion(
        Msg(
            "the most victory points for {player} at once; among equal points, the fewest thalers spent", player=player
        ),
        rate,
    )


def _restore_why(game: Game) -> tuple[None, Msg, Cited]:
    return (
        None,
        Msg("The rules behind the counts:"),
        (
            (Msg("a segment scores the value on its tile"), RULES["cath.segment"]),
            (Msg("the bishop adds 3 on the segment he stands on, 2 next to it"), RULES["cath.bishop_bonus"]),
            (Msg("stepping him one square before a segment costs 1 thaler"), RULES["cath.bishop_move"]),
            (Msg("the altar with yellow + red + blue scores 2"), RULES["altar.basic"]),
        ),
    )


EXERCISES: tuple[Exercise, ...] = (
    legal(
        "fresco",
        "restore-legal",
        Msg("Restoring a segment"),
        position=lambda: at_cathedral({"yellow": 2, "red": 1}, apprentices=2),
        move="restore Red 2,4",
        question=Msg(
            "Red is at the cathedral with two apprentices, holding 2 yellow and 1 red paint. May Red "
            "restore segment (2, 4), worth 3, which needs yellow + yellow + red?"
        ),
    ),
    why_not(
        "fresco",
        "restore-two-rules",
        Msg("No green, no money"),
        position=lambda: at_cathedral({"yellow": 1, "red": 1, "blue": 1}, thalers=0),
        move="restore Red 2,3 bishop 2,2",
        question=Msg(
            "Red is at the cathedral with 1 yellow, 1 red and 1 blue paint and no thalers. Red wants to "
            "move the bishop from the centre to segment (2, 2), then restore segment (2, 3), worth 5, which "
            "needs yellow + red + green. Why may Red not do it? Tick every reason that applies."
        ),
        reasons=(
            (Msg("Red does not hold the paints the segment needs"), RULES["p2.forfeit"]),
            (Msg("moving the bishop costs 1 thaler, and Red has none"), RULES["cath.bishop_move"]),
            (Msg("segment (2, 3) has already been restored"), RULES["cath.segment"]),
            (Msg("it is not Red's turn at the cathedral"), RULES["p2.resolve"]),
        ),
    ),
    legal(
        "fresco",
        "time-taken",
        Msg("A taken get-up time"),
        position=blue_up_at_seven,
        move="wake Yellow 7",
        question=Msg(
            "Round 1: Blue has got up at 7 o'clock and Yellow chooses next. May Yellow get up at 7 o'clock too?"
        ),
    ),
    number(
        "fresco",
        "restore-points",
        Msg("Points for a segment"),
        position=lambda: at_cathedral({"yellow": 2, "red": 1}, apprentices=2),
        move="restore Red 2,4",
        player="Red",
        question=Msg(
            "Red restores segment (2, 4), worth 3, while the bishop stands on the centre segment "
            "(3, 3). How many victory points does Red score?"
        ),
    ),
    number(
        "fresco",
        "altar-points",
        Msg("Points for the altar"),
        position=lambda: at_cathedral({"orange": 1, "red": 1, "blue": 1}, apprentices=2),
        move="altar Red red,blue,orange",
        player="Red",
        question=Msg("Red restores the altar with orange, red and blue paint. How many victory points does Red score?"),
    ),
    number(
        "fresco",
        "market-cost",
        Msg("The price of paints"),
        position=lambda: at_location("market", (2, 0, 1, 0, 0), {}, time=7),
        question=Msg(
            "Red got up at 7 o'clock and has two market apprentices. Booth 3 offers red + blue, "
            "orange, and yellow + yellow. How many thalers does Red pay for the first two of them? (The inn on "
            "the board shows the price of one tile for each get-up time.)"
        ),
        solve=_market_cost,
    ),
    choice(
        "fresco",
        "first-to-choose",
        Msg("Who gets up first?"),
        position=start,
        question=Msg(
            "Round 1 begins: Blue stands on start space S1, Yellow on S2, Red on S3 and White on S4. "
            "Who chooses a get-up time first?"
        ),
        options=PLAYERS,
        solve=_first_chooser,
        reading="base_game_takes_big_box_facts",
    ),
    choice(
        "fresco",
        "best-altar",
        Msg("The richest altar"),
        position=lambda: at_cathedral({c: 1 for c in data.COLOURS}),
        question=Msg(
            "Red is at the cathedral holding one paint of each colour: yellow, red, blue, orange, "
            "green and purple. Which three paints score most at the altar?"
        ),
        options=ALTAR_OPTIONS,
        solve=_best_altar,
        reading="altar_substitutes",
    ),
    best(
        "fresco",
        "best-restore",
        Msg("Red's best restoration"),
        position=lambda: at_cathedral({"yellow": 3, "red": 2, "blue": 2}, thalers=3),
        player="Red",
        question=Msg(
            "Red has one cathedral apprentice, 3 thalers and 3 yellow, 2 red and 2 blue paints; the "
            "bishop stands on the centre segment (3, 3). Segment (2, 4) is worth 3 (yellow + yellow + red), "
            "segment (5, 4) is worth 4 (yellow + red + blue) and segment (3, 1) is worth 3 (yellow + blue + blue). "
            "Which of these six moves is best? Every move that ties for best is right."
        ),
        criterion=points_then_thalers("Red"),
        options=RESTORE_OPTIONS,
        solve=_restore_why,
    ),
)
