"""Fresco's parts of the classroom table (:class:`fresco_kit.classroom.table_parts.TableParts`).

The table shows moves as steps a player picks one after another, first the kind of
move, then each choice, e.g. ``("Restore a fresco segment", "segment (2, 3), worth 5:
yellow + red + green", "move the bishop to (1, 1) first (1 thaler)")``.  A planning
decision has hundreds of legal plans (one count per column of the action sheet); as
steps it is five small choices, one per column.  Every label names pieces as players
know them (:mod:`.names`), never by data id.

``private_html`` reads ``state.view(player)`` only, so it shows what that player may
see: their thalers and paints (behind the large screen) and their plan.

The text parts (``move_steps``, ``move_text``, ``status``) are the game's words for the table
model (:class:`fresco_kit.core.table.MoveWords`); the model narrows the moves by their steps.
"""

from __future__ import annotations

from html import escape

from fresco_kit.classroom.colours import PAINT_COLOURS
from fresco_kit.core.rules import RuleRef
from fresco_kit.core.text import plural

from . import INFO, board, data, names
from .actions import Action, Altar, Blend, Buy, Close, Done, Plan, Restore, Settle, Studio, Theater, Wake
from .refs import RULES
from .scoring import altar_readings
from .state import State
from .svg import board_svg, headline

__all__ = ["CATEGORY_HELP", "board_svg", "move_steps", "move_text", "private_html", "status"]

#: score-sheet category -> (how it scores, in a sentence, and the rule that says so)
CATEGORY_HELP: dict[str, tuple[str, RuleRef]] = {
    "fresco tiles": (
        "Each restored fresco segment scores the value printed on its tile.",
        RULES["cath.segment"],
    ),
    "bishop bonus": (
        "Restoring the segment under the bishop adds 3 points, a segment next to him (diagonals too) adds 2.",
        RULES["cath.bishop_bonus"],
    ),
    "altar": (
        "The altar takes three paints: yellow, red and blue score 2, each swapped for a mixed paint "
        "scores 1 more, and orange, green and purple together score 6.",
        RULES["altar.basic"],
    ),
    "track collisions": (
        "A painter who lands on an occupied track space stops on the next free space behind or ahead; "
        "the spaces gained or lost that way are counted here.",
        RULES["cath.track"],
    ),
    "money": (
        "At the end every 2 thalers left become 1 victory point, counted in the final round's get-up order.",
        RULES["end.money"],
    ),
}
if set(CATEGORY_HELP) != set(INFO.categories):
    raise ImportError("fresco table: CATEGORY_HELP must explain exactly the registry's categories")

_TRACK = {"behind": "stop on the free space behind", "ahead": "stop on the free space ahead"}
_PLACES = names.PLACES


def _market_tiles(s: State, booth: int, places: tuple[int, ...]) -> str:
    tiles = s.booths[booth - 1] if 0 < booth <= len(s.booths) else ()
    return names.market_tiles([tiles[k - 1] for k in places if 0 < k <= len(tiles)])


def _segment(s: State, sq: tuple[int, int]) -> str:
    t = s.fresco[board.index(sq)] if board.on_grid(sq) else -1
    if t < 0:
        return names.segment(sq)
    tile = data.FRESCO_TILES[t]
    return f"{names.segment(sq)}, worth {tile.value}: {names.paint_list(tile.paints)}"


def _plan_steps(s: State, a: Plan) -> tuple[str, ...]:
    return tuple(
        f"{_PLACES[col]}: {plural(n, 'apprentice')}" for col, n in zip(s.sheet, a.counts + (0,) * len(s.sheet))
    )


def move_steps(state: State, action: Action) -> tuple[str, ...]:
    """The choices of ``action``: its kind in plain words, then each choice by name.

    Moves that share a choice share its label (the labels depend only on that choice),
    so the table can narrow a decision step by step: a plan is one step per column."""
    s, a = state, action
    if isinstance(a, Wake):
        mood, price = data.INN.get(a.time, (0, 0))
        return ("Choose a get-up time", f"{a.time} o'clock (mood {mood:+d}, price {price} per market tile)")
    if isinstance(a, Plan):
        return ("Plan the action sheet", *_plan_steps(s, a))
    if isinstance(a, Buy):
        booth = f"booth {a.booth}: {_market_tiles(s, a.booth, tuple(range(1, 5)))}"
        what = "tile" if len(a.tiles) == 1 else "tiles"
        return ("Buy paints at the market", booth, f"{what} {_market_tiles(s, a.booth, a.tiles)}")
    if isinstance(a, Close):
        return ("Close a market booth", f"booth {a.booth}: {_market_tiles(s, a.booth, tuple(range(1, 5)))}")
    if isinstance(a, Restore):
        steps = ["Restore a fresco segment", _segment(s, a.segment)]
        if a.bishop is None:
            steps.append(f"the bishop stays on {names.segment(board.square(s.bishop))}")
        else:
            steps.append(f"first move the bishop to {names.segment(a.bishop)} (1 thaler)")
        if a.track:
            steps.append(_TRACK[a.track])
        return tuple(steps)
    if isinstance(a, Altar):
        readings = altar_readings(a.paints)
        points = f"for {plural(max(readings.values()), 'point')}" if readings else "with paints that do not fit"
        steps = ["Restore the altar", points, f"with {' + '.join(a.paints)}"]
        if a.track:
            steps.append(_TRACK[a.track])
        return tuple(steps)
    if isinstance(a, Studio):
        return (f"Paint a portrait in the studio (+{data.STUDIO_THALERS} thalers)",)
    if isinstance(a, Blend):
        primaries = data.BLENDS.get(a.colour)
        return ("Blend paints in the workshop", f"{' + '.join(primaries or ())} into {a.colour}")
    if isinstance(a, Theater):
        return (f"Go to the theater (mood up {data.THEATER_MOVE} spaces)",)
    if isinstance(a, Done):
        where = _PLACES.get(s.sheet[s.loc], "here") if s.phase == "act" else "here"
        return (f"Give up the remaining actions at {where}",)
    if isinstance(a, Settle):
        return ("Settle the final money count", _TRACK[a.track])
    raise ValueError(f"not a Fresco action: {action!r}")


def move_text(state: State, action: Action) -> str:
    """``action`` as one line with names, e.g. ``Red: restore a fresco segment: segment
    (1, 2), worth 5: yellow + red + green; the bishop stays on (2, 2)``."""
    kind, *rest = move_steps(state, action)
    text = f"{action.player}: {kind[0].lower()}{kind[1:]}"
    return text + (f" -- {'; '.join(rest)}" if rest else "")


def status(state: State) -> str:
    """The round, the phase (and location), who acts now and what is left there."""
    s = state
    line = headline(s)
    if s.phase == "act":
        line += f"\n{plural(s.left, 'action')} left for {s.to_move[0]} at {_PLACES[s.sheet[s.loc]]}."
    elif s.phase == "plan":
        line += "\nEach player plans in secret; the plans are shown once all are made."
    elif s.phase == "over":
        sheet = INFO.rules.scores(s)
        line += f"\nWinner: {' and '.join(sheet.winners)}."
    return line


def _chip(colour: str, n: int) -> str:
    # a swatch of the paint beside dark text: text on some paints (blue) falls short of 4.5:1
    bg = PAINT_COLOURS[colour]
    swatch = (
        f'<span style="display:inline-block;width:0.9em;height:0.9em;background:{bg};'
        f'border:1px solid #202124;border-radius:2px;vertical-align:-0.1em;margin-right:3px"></span>'
    )
    return f'<span style="margin-right:8px;font-size:14px;color:#202124">{swatch}{n} {colour}</span>'


def private_html(state: State, player: str, lang: str = "en") -> str:
    """What only ``player`` may see (from ``state.view(player)``): thalers, paints and plan."""
    view = state.view(player)
    me = view.player(player)
    assert me.thalers is not None and me.paints is not None  # a player sees their own screen
    paints = "".join(_chip(c, n) for c, n in zip(data.COLOURS, me.paints.counts()) if n) or "no paints"
    sheet = data.SHEETS[state.switches.final_sheet if view.final else "side1"]
    if me.plan is None:
        plan = "not made yet" if view.phase == "plan" else "none this round"
    else:
        plan = ", ".join(f"{n} at {_PLACES[col]}" for n, col in zip(me.plan, sheet) if n) or "no apprentice placed"
    tiles = ", ".join(str(data.FRESCO_TILES[data.FRESCO_INDEX[t]].value) for t in me.tiles) or "none yet"
    rows = [
        ("Thalers", escape(plural(me.thalers, "thaler"))),
        ("Paints", paints),
        ("Plan", escape(plan)),
        ("Restored tiles (values)", escape(tiles)),
    ]
    body = "".join(f'<tr><th style="text-align:left;padding:2px 10px 2px 0">{k}</th><td>{v}</td></tr>' for k, v in rows)
    return f'<div style="font-size:14px;color:#222222"><b>{escape(player)}\'s screen</b><table>{body}</table></div>'
