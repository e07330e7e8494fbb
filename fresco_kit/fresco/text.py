"""Plain-text pictures of a Fresco position (for notebooks, widgets and debugging).

:func:`summary` takes the engine's state or a player's view (``state.view(name)``);
in a view, what lies behind another player's screens shows as ``hidden``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board, data
from .state import State

if TYPE_CHECKING:
    from .saved import View


def fresco_grid(s: State | View) -> str:
    """The 5x5 fresco: tile value per segment, ``--`` when restored, ``*`` marks the bishop."""
    if isinstance(s, State):
        tiles = [data.FRESCO_TILES[t] if t >= 0 else None for t in s.fresco]
        bishop = s.bishop
    else:
        tiles = [data.FRESCO_TILES[data.FRESCO_INDEX[t]] if t else None for row in s.fresco for t in row]
        bishop = board.index(s.bishop)
    rows = []
    for r in range(data.ROWS):
        cells = []
        for c in range(data.COLS):
            idx = board.index((r, c))
            tile = tiles[idx]
            text = "--" if tile is None else f"{tile.value:2d}"
            cells.append(("*" if idx == bishop else " ") + text)
        rows.append(" ".join(cells))
    return "\n".join(rows)


def paints_text(paints: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {c}" for c, n in zip(data.COLOURS, paints) if n) or "no paints"


def summary(s: State | View) -> str:
    """Round, phase, who is to move, the fresco, the market and each player's pieces."""
    if not isinstance(s, State):
        return _view_summary(s)
    head = f"Round {s.round}{' (final round)' if s.final else ''}; phase {s.phase}"
    if s.phase == "act":
        head += f" at the {s.location}"
    lines = [head, f"to move: {', '.join(s.to_move) or '-'}", "", fresco_grid(s), ""]
    for b, booth in enumerate(s.booths, 1):
        lines.append(f"booth {b}: " + (", ".join(str(data.MARKET_TILES[t]) for t in booth) or "empty"))
    lines.append(f"bank {s.bank} thalers; supply: {paints_text(s.supply)}")
    if any(s.paper):
        lines.append(f"noted on paper (unlimited paints): {paints_text(s.paper)}")
    for nm, p in zip(s.names, s.players):
        lines.append(
            _player_line(
                nm,
                p.start,
                p.vp,
                f"{p.thalers} thalers, {paints_text(p.paints)}",
                len(p.tiles),
                p.mood,
                p.apprentices,
                p.time,
                _plan_text(s.sheet, p.plan),
            )
        )
    return "\n".join(lines)


def _player_line(
    name: str, start: int, vp: int, purse: str, tiles: int, mood: int, apprentices: int, time: int, plan: str
) -> str:
    where = f"S{start}" if start else f"VP {vp}"
    up = f" up at {time}" if time else ""
    return f"{name}: {where}, {purse}, {tiles} tile(s), mood {mood}, {apprentices} apprentices{up}{plan}"


def _plan_text(sheet: tuple[str, ...], plan: tuple[int, ...] | None) -> str:
    return "" if plan is None else " plan " + " ".join(f"{col}={k}" for col, k in zip(sheet, plan) if k)


def _view_summary(v: View) -> str:
    final = v.final
    sheet = data.SHEETS[_final_sheet(v) if final else "side1"]
    head = f"{v.viewer}'s view. Round {v.round}{' (final round)' if final else ''}; phase {v.phase}"
    if v.phase == "act":
        head += f" at the {sheet[v.loc]}"
    lines = [head, f"to move: {', '.join(v.to_move) or '-'}", "", fresco_grid(v), ""]
    for b, booth in enumerate(v.booths, 1):
        lines.append(
            f"booth {b}: " + (", ".join(str(data.MARKET_TILES[data.MARKET_INDEX[t]]) for t in booth) or "empty")
        )
    lines.append(f"bank {v.bank} thalers; supply: {paints_text(v.supply.counts())}")
    if any(v.paper.counts()):
        lines.append(f"noted on paper (unlimited paints): {paints_text(v.paper.counts())}")
    for p in v.players:
        purse = (
            "thalers and paints hidden"
            if p.paints is None
            else f"{p.thalers} thalers, {paints_text(p.paints.counts())}"
        )
        plan = " plan hidden" if p.planned and p.plan is None else _plan_text(sheet, p.plan)
        lines.append(
            _player_line(
                p.name, p.start, p.vp, purse, len(p.tiles), p.mood, data.OWN_APPRENTICES + p.helper, p.time, plan
            )
        )
    return "\n".join(lines)


def _final_sheet(v: View) -> str:
    from .rulesets import switches_for

    return switches_for(v.ruleset, v.switches).final_sheet
