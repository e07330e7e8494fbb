"""Plain-text pictures of a Fresco position (for notebooks, widgets and debugging)."""
from __future__ import annotations

from . import board, data
from .state import HIDDEN, State


def fresco_grid(s: State) -> str:
    """The 5x5 fresco: tile value per segment, ``--`` when restored, ``*`` marks the bishop."""
    rows = []
    for r in range(data.ROWS):
        cells = []
        for c in range(data.COLS):
            idx = board.index((r, c))
            t = s.fresco[idx]
            text = "--" if t < 0 else f"{data.FRESCO_TILES[t].value:2d}"
            cells.append(("*" if idx == s.bishop else " ") + text)
        rows.append(" ".join(cells))
    return "\n".join(rows)


def paints_text(paints: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {c}" for c, n in zip(data.COLOURS, paints) if n) or "no paints"


def summary(s: State) -> str:
    """Round, phase, who is to move, the fresco, the market and each player's pieces."""
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
        where = f"S{p.start}" if p.start else f"VP {p.vp}"
        plan = "" if p.plan is None else " plan hidden" if p.plan == HIDDEN else \
            " plan " + " ".join(f"{col}={k}" for col, k in zip(s.sheet, p.plan) if k)
        time = f" up at {p.time}" if p.time else ""
        lines.append(f"{nm}: {where}, {p.thalers} thalers, {paints_text(p.paints)}, {len(p.tiles)} tile(s), "
                     f"mood {p.mood}, {p.apprentices} apprentices{time}{plan}")
    return "\n".join(lines)
