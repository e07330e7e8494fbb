"""Fresco's parts of the classroom table (:class:`fresco_kit.classroom.table_parts.TableParts`).

The table shows moves as steps a player picks one after another, first the kind of
move, then each choice, e.g. ``("Restore a fresco segment", "segment (2, 3), worth 5:
yellow + red + green", "first move the bishop to segment (2, 2) (1 thaler)")``.  A planning
decision has hundreds of legal plans (one count per column of the action sheet); as
steps it is five small choices, one per column.  Every label names pieces as players
know them (:mod:`.names`), never by data id.

``private_html`` reads ``state.view(player)`` only, so it shows what that player may
see: their thalers and paints (behind the large screen) and their plan.

The text parts (``move_steps``, ``move_text``, ``status``) are the game's words for the table
model (:class:`fresco_kit.core.table.MoveWords`); the model narrows the moves by their steps.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from fresco_kit.classroom.colours import PAINT_COLOURS
from fresco_kit.classroom.i18n import translator
from fresco_kit.core.rules import RuleRef
from fresco_kit.core.text import N_, Msg

from . import INFO, board, data, names
from .actions import Action, Altar, Blend, Buy, Close, Done, Plan, Restore, Settle, Studio, Theater, Wake
from .refs import RULES
from .scoring import altar_readings
from .state import State
from .svg import board_svg, headline

__all__ = ["CATEGORY_HELP", "board_svg", "move_steps", "move_text", "private_html", "status"]

#: score-sheet category -> (how it scores, in a sentence, and the rule that says so)
CATEGORY_HELP: dict[str, tuple[Msg, RuleRef]] = {
    "fresco tiles": (
        Msg("Each restored fresco segment scores the value printed on its tile."),
        RULES["cath.segment"],
    ),
    "bishop bonus": (
        Msg("Restoring the segment under the bishop adds 3 points, a segment next to him (diagonals too) adds 2."),
        RULES["cath.bishop_bonus"],
    ),
    "altar": (
        Msg(
            "The altar takes three paints: yellow, red and blue score 2, each swapped for a mixed paint "
            "scores 1 more, and orange, green and purple together score 6."
        ),
        RULES["altar.basic"],
    ),
    "track collisions": (
        Msg(
            "A painter who lands on an occupied track space stops on the next free space behind or ahead; "
            "the spaces gained or lost that way are counted here."
        ),
        RULES["cath.track"],
    ),
    "money": (
        Msg("At the end every 2 thalers left become 1 victory point, counted in the final round's get-up order."),
        RULES["end.money"],
    ),
}
if set(CATEGORY_HELP) != set(INFO.categories):
    raise ImportError("fresco table: CATEGORY_HELP must explain exactly the registry's categories")

_TRACK = {"behind": N_("stop on the free space behind"), "ahead": N_("stop on the free space ahead")}
_PLACES = names.PLACES


def _market_tiles(s: State, booth: int, places: tuple[int, ...]) -> str:
    tiles = s.booths[booth - 1] if 0 < booth <= len(s.booths) else ()
    return names.market_tiles([tiles[k - 1] for k in places if 0 < k <= len(tiles)])


def _segment(s: State, sq: tuple[int, int]) -> str:
    t = s.fresco[board.index(sq)] if board.on_grid(sq) else -1
    if t < 0:
        return names.segment(sq)
    tile = data.FRESCO_TILES[t]
    return Msg(
        "{segment}, worth {value}: {paints}",
        segment=names.segment(sq),
        value=tile.value,
        paints=names.paint_list(tile.paints),
    )


def _plan_steps(s: State, a: Plan) -> tuple[str, ...]:
    return tuple(
        Msg.n(n, "{place}: {n} apprentice", "{place}: {n} apprentices", place=Msg(_PLACES[col]))
        for col, n in zip(s.sheet, a.counts + (0,) * len(s.sheet))
    )


def move_steps(state: State, action: Action) -> tuple[str, ...]:
    """The choices of ``action``: its kind in plain words, then each choice by name.

    Moves that share a choice share its label (the labels depend only on that choice),
    so the table can narrow a decision step by step: a plan is one step per column."""
    s, a = state, action
    if isinstance(a, Wake):
        mood, price = data.INN.get(a.time, (0, 0))
        return (
            Msg("Choose a get-up time"),
            Msg("{time} o'clock (mood {mood:+d}, price {price} per market tile)", time=a.time, mood=mood, price=price),
        )
    if isinstance(a, Plan):
        return (Msg("Plan the action sheet"), *_plan_steps(s, a))
    if isinstance(a, Buy):
        booth = Msg("booth {booth}: {tiles}", booth=a.booth, tiles=_market_tiles(s, a.booth, tuple(range(1, 5))))
        what = Msg.n(len(a.tiles), "tile {tiles}", "tiles {tiles}", tiles=_market_tiles(s, a.booth, a.tiles))
        return (Msg("Buy paints at the market"), booth, what)
    if isinstance(a, Close):
        booth = Msg("booth {booth}: {tiles}", booth=a.booth, tiles=_market_tiles(s, a.booth, tuple(range(1, 5))))
        return (Msg("Close a market booth"), booth)
    if isinstance(a, Restore):
        steps = [Msg("Restore a fresco segment"), _segment(s, a.segment)]
        if a.bishop is None:
            steps.append(Msg("the bishop stays on {segment}", segment=names.segment(board.square(s.bishop))))
        else:
            steps.append(Msg("first move the bishop to {segment} (1 thaler)", segment=names.segment(a.bishop)))
        if a.track:
            steps.append(Msg(_TRACK[a.track]))
        return tuple(steps)
    if isinstance(a, Altar):
        readings = altar_readings(a.paints)
        points = (
            Msg.n(max(readings.values()), "for {n} point", "for {n} points")
            if readings
            else Msg("with paints that do not fit")
        )
        steps = [Msg("Restore the altar"), points, Msg("with {paints}", paints=names.paints_joined(a.paints))]
        if a.track:
            steps.append(Msg(_TRACK[a.track]))
        return tuple(steps)
    if isinstance(a, Studio):
        return (Msg("Paint a portrait in the studio (+{thalers} thalers)", thalers=data.STUDIO_THALERS),)
    if isinstance(a, Blend):
        primaries = data.BLENDS.get(a.colour)
        return (
            Msg("Blend paints in the workshop"),
            Msg("{paints} into {colour}", paints=names.paints_joined(primaries or ()), colour=names.paint(a.colour)),
        )
    if isinstance(a, Theater):
        return (Msg("Go to the theater (mood up {spaces} spaces)", spaces=data.THEATER_MOVE),)
    if isinstance(a, Done):
        if s.phase == "act" and s.sheet[s.loc] in _PLACES:
            return (Msg("Give up the remaining actions at {here}", here=Msg(_PLACES[s.sheet[s.loc]])),)
        return (Msg("Give up the remaining actions here"),)
    if isinstance(a, Settle):
        return (Msg("Settle the final money count"), Msg(_TRACK[a.track]))
    raise ValueError(f"not a Fresco action: {action!r}")


def move_text(state: State, action: Action) -> str:
    """``action`` as one line with names, e.g. ``Red: restore a fresco segment -- segment
    (2, 3), worth 5: yellow + red + green; the bishop stays on segment (3, 3)``."""
    kind, *rest = move_steps(state, action)
    said = Msg(_IN_LINE[kind.template], **kind.params) if isinstance(kind, Msg) else kind
    return Msg(
        _MOVE_TEXT[min(len(rest), len(_MOVE_TEXT) - 1)], player=action.player, kind=said, steps=names.semicolons(rest)
    )


#: a move in one line: the player, the kind of move, its choices (one template by their number)
_MOVE_TEXT = (N_("{player}: {kind}"), N_("{player}: {kind} -- {steps}"))
#: the kind of move (the first step) as it reads inside a move's line
_IN_LINE = {
    "Choose a get-up time": N_("choose a get-up time"),
    "Plan the action sheet": N_("plan the action sheet"),
    "Buy paints at the market": N_("buy paints at the market"),
    "Close a market booth": N_("close a market booth"),
    "Restore a fresco segment": N_("restore a fresco segment"),
    "Restore the altar": N_("restore the altar"),
    "Paint a portrait in the studio (+{thalers} thalers)": N_("paint a portrait in the studio (+{thalers} thalers)"),
    "Blend paints in the workshop": N_("blend paints in the workshop"),
    "Go to the theater (mood up {spaces} spaces)": N_("go to the theater (mood up {spaces} spaces)"),
    "Give up the remaining actions at {here}": N_("give up the remaining actions at {here}"),
    "Give up the remaining actions here": N_("give up the remaining actions here"),
    "Settle the final money count": N_("settle the final money count"),
}


def status(state: State) -> str:
    """The round, the phase (and location), who acts now and what is left there."""
    s = state
    line = headline(s)
    if s.phase == "act":
        left = Msg.n(
            s.left,
            "{n} action left for {player} at {here}.",
            "{n} actions left for {player} at {here}.",
            player=s.to_move[0],
            here=Msg(_PLACES[s.sheet[s.loc]]),
        )
        return Msg("{headline}\n{more}", headline=line, more=left)
    if s.phase == "plan":
        return Msg(
            "{headline}\n{more}",
            headline=line,
            more=Msg("Each player plans in secret; the plans are shown once all are made."),
        )
    if s.phase == "over":
        w = INFO.rules.scores(s).winners
        won = (
            Msg("Winner: {player}.", player=w[0])
            if len(w) == 1
            else Msg("Winner: {players} and {last}.", players=list(w[:-1]), last=w[-1])
        )
        return Msg("{headline}\n{more}", headline=line, more=won)
    return line


def _chip(colour: str, n: int, say: Callable[[str], str]) -> str:
    # a swatch of the paint beside dark text: text on some paints (blue) falls short of 4.5:1
    bg = PAINT_COLOURS[colour]
    swatch = (
        f'<span style="display:inline-block;width:0.9em;height:0.9em;background:{bg};'
        f'border:1px solid #202124;border-radius:2px;vertical-align:-0.1em;margin-right:3px"></span>'
    )
    label = escape(say(Msg("{n} {colour}", n=n, colour=names.paint(colour))))
    return f'<span style="margin-right:8px;font-size:14px;color:#202124">{swatch}{label}</span>'


def private_html(state: State, player: str, lang: str = "en") -> str:
    """What only ``player`` may see (from ``state.view(player)``): thalers, paints and plan, in ``lang``."""
    say = translator(lang).say
    view = state.view(player)
    me = view.player(player)
    assert me.thalers is not None and me.paints is not None  # a player sees their own screen
    chips = "".join(_chip(c, n, say) for c, n in zip(data.COLOURS, me.paints.counts()) if n)
    paints = chips or escape(say(Msg("no paints")))
    sheet = data.SHEETS[state.switches.final_sheet if view.final else "side1"]
    if me.plan is None:
        plan = Msg("not made yet") if view.phase == "plan" else Msg("none this round")
    else:
        placed = [Msg("{n} at {place}", n=n, place=Msg(_PLACES[col])) for n, col in zip(me.plan, sheet) if n]
        plan = Msg("{placed}", placed=placed) if placed else Msg("no apprentice placed")
    values = [str(data.FRESCO_TILES[data.FRESCO_INDEX[t]].value) for t in me.tiles]
    rows = [
        (Msg("Thalers"), escape(say(Msg.n(me.thalers, "{n} thaler", "{n} thalers")))),
        (Msg("Paints"), paints),
        (Msg("Plan"), escape(say(plan))),
        (Msg("Restored tiles (values)"), escape(", ".join(values) or say(Msg("none yet")))),
    ]
    body = "".join(
        f'<tr><th style="text-align:left;padding:2px 10px 2px 0">{escape(say(k))}</th><td>{v}</td></tr>'
        for k, v in rows
    )
    title = escape(say(Msg("{player}'s screen", player=player)), quote=False)
    return f'<div style="font-size:14px;color:#222222"><b>{title}</b><table>{body}</table></div>'
