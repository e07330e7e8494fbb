"""The public Fresco board as SVG (``board_svg``): fast to redraw, readable on a projector.

The table and the teaching widgets show this drawing in an ``HTML`` widget, whose value
the browser swaps in place; the matplotlib pictures of :mod:`.draw` stay for the README
figures.  Built with :class:`fresco_kit.classroom.svg.Svg`, so text is at least 12 px at its
display size and every text colour reaches 4.5:1 on its background.

What it shows is what lies open on the table for everyone (Fresco rulebook, Setup and
the phases): the fresco with each tile's value and paints and the bishop, the market
booths, the inn with who got up when, each player's mood space, apprentices, track
space and restored tiles, the paint supply and the bank.  It never reads the players'
thalers or paints (behind their large screens) nor, while planning, their plans (behind
the small screens), nor the random generator: two positions that differ only there
draw the same picture.
"""

from __future__ import annotations

from collections.abc import Callable

from fresco_kit.classroom.colours import INK, MUTED, PAINT_COLOURS, player_colour
from fresco_kit.classroom.i18n import translator
from fresco_kit.classroom.svg import Svg, text_width
from fresco_kit.core.text import N_, Msg

from . import board, data, names
from .scoring import bishop_bonus
from .state import State

WIDTH = 880
CELL = 64
GRID_X, GRID_Y = 46, 78
RIGHT = GRID_X + 5 * CELL + 34
BISHOP = "#4a235a"
PAPER = "#fdf2e9"
RESTORED = "#d5d8dc"
PANEL = "#f4f6f7"
LOCATIONS = names.PLACES
#: the columns of the players' table
HEADS = (N_("player"), N_("track"), N_("mood"), N_("appr."), N_("up at"), N_("tiles"), N_("plan"))
#: the least width of each column of the players' table but the last (the plan), in px
COLUMNS = (86, 60, 50, 48, 46, 34)
#: a sheet column in a plan's short form
COLUMN_WORDS = {
    "market": N_("market"),
    "cathedral": N_("cathedral"),
    "studio": N_("studio"),
    "workshop": N_("workshop"),
    "theater": N_("theater"),
}
Say = Callable[[str], str]


def headline(s: State) -> Msg:
    """Round, phase (and location) and who acts, in one line."""
    if s.phase == "wake":
        doing = Msg("Phase I: choosing get-up times")
    elif s.phase == "plan":
        doing = Msg("Phase II: planning behind the screens")
    elif s.phase == "act":
        doing = Msg("Phase II: actions at {here}", here=names.place(s.sheet[s.loc]))
    elif s.phase == "final_count":
        doing = Msg("End of the game: the final money count")
    else:
        doing = Msg("The game is over")
    if s.final:
        line = Msg("Round {round} (final round): {doing}", round=s.round, doing=doing)
    else:
        line = Msg("Round {round}: {doing}", round=s.round, doing=doing)
    return Msg("{line}; to act: {who}", line=line, who=list(s.to_move)) if s.to_move else line


def _paint_chips(svg: Svg, x: float, y: float, paints: tuple[int, ...], say: Say, size: float = 10) -> float:
    """Small squares, one per paint piece, from ``x``; returns the x after the last."""
    for colour in data.paint_names(paints):
        svg.rect(x, y, size, size, fill=PAINT_COLOURS[colour], stroke=INK, width=0.8, tip=say(names.paint(colour)))
        x += size + 3
    return x


def _fresco(svg: Svg, s: State, say: Say) -> None:
    svg.text(GRID_X, GRID_Y - 30, say(Msg("The fresco (tile value and paints)")), size=14, bold=True)
    for c in range(1, data.COLS + 1):  # squares count from 1 (board.py): column c is drawn at (c - 1) * CELL
        svg.text(
            GRID_X + (c - 1) * CELL + CELL / 2,
            GRID_Y - 8,
            say(Msg("col {col}", col=c)),
            size=12,
            anchor="middle",
            fill=MUTED,
        )
    for r in range(1, data.ROWS + 1):
        svg.text(
            GRID_X - 6,
            GRID_Y + (r - 1) * CELL + CELL / 2 + 4,
            say(Msg("row {row}", row=r)),
            size=12,
            anchor="end",
            fill=MUTED,
        )
        for c in range(1, data.COLS + 1):
            x, y = GRID_X + (c - 1) * CELL, GRID_Y + (r - 1) * CELL
            t = s.fresco[board.index((r, c))]
            if t < 0:
                svg.rect(
                    x + 2,
                    y + 2,
                    CELL - 4,
                    CELL - 4,
                    fill=RESTORED,
                    stroke=MUTED,
                    tip=say(Msg("{segment}: restored", segment=names.segment((r, c)))),
                )
                svg.text(x + CELL / 2, y + CELL / 2 + 4, say(Msg("restored")), on=RESTORED, size=12, anchor="middle")
                continue
            tile = data.FRESCO_TILES[t]
            tip = say(
                Msg(
                    "{segment}: worth {value}, needs {paints}",
                    segment=names.segment((r, c)),
                    value=tile.value,
                    paints=names.paint_list(tile.paints),
                )
            )
            svg.rect(x + 2, y + 2, CELL - 4, CELL - 4, fill=PAPER, stroke="#784212", width=1.2, tip=tip)
            svg.text(x + 8, y + 24, str(tile.value), on=PAPER, size=18, bold=True, fill="#4d2600")
            _paint_chips(svg, x + 7, y + CELL - 20, tile.paints, say, min(10, (CELL - 14) / sum(tile.paints) - 3))
    br, bc = board.square(s.bishop)
    bx, by = GRID_X + (bc - 1) * CELL + CELL - 15, GRID_Y + (br - 1) * CELL + 16
    svg.circle(
        bx,
        by,
        11,
        BISHOP,
        stroke="#ffffff",
        width=1.5,
        tip=say(Msg("the bishop, on {segment}", segment=names.segment((br, bc)))),
    )
    svg.text(bx, by + 4, "B", on=BISHOP, size=12, anchor="middle", bold=True)
    y = GRID_Y + 5 * CELL + 22
    svg.circle(GRID_X + 8, y - 4, 8, BISHOP)
    svg.text(GRID_X + 22, y, say(Msg("bishop")), size=12)
    svg.rect(GRID_X + 84, y - 12, 14, 14, fill=RESTORED, stroke=MUTED)
    svg.text(
        GRID_X + 104, y, say(Msg.n(s.tiles_left, "restored ({n} tile left)", "restored ({n} tiles left)")), size=12
    )


def _market(svg: Svg, s: State, y: float, say: Say) -> float:
    svg.text(RIGHT, y, say(Msg("Market booths")), size=14, bold=True)
    y += 8
    labels = [say(Msg("booth {booth}", booth=b)) for b in range(1, len(s.booths) + 1)]
    # the tiles start after the widest label, whatever its language ("bancarella 4" is wide)
    start = RIGHT + max(62, max((text_width(label, 12) for label in labels), default=0) + 10)
    for label, booth in zip(labels, s.booths):
        svg.text(RIGHT, y + 17, label, size=12)
        x = start
        if not booth:
            svg.text(x, y + 17, say(Msg("empty")), size=12, fill=MUTED)
        for t in booth:
            tile = data.MARKET_TILES[t]
            w = sum(tile.paints) * 13 + 9
            svg.rect(
                x,
                y + 4,
                w,
                18,
                fill="#ffffff",
                stroke=MUTED,
                rx=3,
                tip=say(Msg("sells {paints}", paints=names.market_tile(t))),
            )
            _paint_chips(svg, x + 5, y + 8, tile.paints, say)
            x += w + 6
        y += 24
    return y + 22


def _inn(svg: Svg, s: State, y: float, say: Say) -> float:
    svg.text(RIGHT, y, say(Msg("The inn (get-up time: mood, price per tile)")), size=14, bold=True)
    up = {p.time: (k, nm) for k, (nm, p) in enumerate(zip(s.names, s.players)) if p.time}
    x = RIGHT
    for t in data.TIMES:
        mood, price = data.tables(s.data).inn[t]
        tip = say(
            Msg.n(
                price,
                "{time} o'clock: mood {mood:+d}, market price {n} thaler per tile",
                "{time} o'clock: mood {mood:+d}, market price {n} thalers per tile",
                time=t,
                mood=mood,
            )
        )
        svg.rect(x, y + 6, 88, 58, fill=PANEL, stroke=MUTED, rx=3, tip=tip)
        svg.text(x + 6, y + 22, say(Msg("{time} o'clock", time=t)), on=PANEL, size=12, bold=True)
        svg.text(x + 6, y + 39, say(Msg("mood {mood:+d}", mood=mood)), on=PANEL, size=12)
        svg.text(x + 6, y + 56, say(Msg("price {price}", price=price)), on=PANEL, size=12)
        if t in up:
            k, nm = up[t]
            colour = player_colour(nm, k)
            svg.rect(
                x,
                y + 66,
                88,
                18,
                fill=colour,
                stroke=INK,
                width=0.6,
                rx=3,
                tip=say(Msg("{player} got up at {time}", player=nm, time=t)),
            )
            svg.text(x + 44, y + 79, nm, on=colour, size=12, anchor="middle")
        x += 94
    return y + 106


def _players(svg: Svg, s: State, y: float, say: Say) -> float:
    svg.text(RIGHT, y, say(Msg("Players (what everyone sees)")), size=14, bold=True)
    heads = tuple(say(Msg(h)) for h in HEADS)
    # a heading wider than its column in the page's language ("se levanta") widens the column
    widths = [max(least, text_width(head, 12) + 8) for least, head in zip(COLUMNS, heads)]
    xs = tuple(RIGHT + sum(widths[:i]) for i in range(len(COLUMNS)))
    plan_x = xs[-1] + widths[-1]
    for x, h in zip((*xs, plan_x), heads if s.phase == "act" else heads[:-1]):
        svg.text(x, y + 20, h, size=12, fill=MUTED)
    plans_open = s.phase not in ("wake", "plan")
    for k, (nm, p) in enumerate(zip(s.names, s.players)):
        row = y + 26 + k * 24
        colour = player_colour(nm, k)
        acting = nm in s.to_move
        svg.rect(
            xs[0], row + 2, 80, 20, fill=colour, stroke=INK if acting else MUTED, width=2.5 if acting else 0.6, rx=3
        )
        svg.text(xs[0] + 6, row + 17, nm + (" *" if acting else ""), on=colour, size=12, bold=acting)
        cells = (
            f"S{p.start}" if p.start else say(Msg("{vp} VP", vp=p.vp)),
            str(names.mood_space(p.mood)),
            str(p.apprentices),
            f"{p.time}" if p.time else "-",
            str(len(p.tiles)),
        )
        for x, text in zip(xs[1:], cells):
            svg.text(x, row + 17, text, size=12)
        if plans_open and p.plan is not None and s.phase == "act":
            placed = [Msg("{n} {place}", n=n, place=Msg(COLUMN_WORDS[col])) for n, col in zip(p.plan, s.sheet) if n]
            plan = say(Msg("{placed}", placed=placed) if placed else Msg("no actions"))
            tip = say(
                Msg(
                    "{player}'s plan: {plan}",
                    player=nm,
                    plan=Msg("{placed}", placed=placed) if placed else Msg("no actions"),
                )
            )
            svg.rect(plan_x, row + 4, WIDTH - plan_x - 2, 16, fill="#ffffff", tip=tip)
            svg.text(plan_x, row + 17, _short(plan, 23), size=12, fill=MUTED, fit=WIDTH - plan_x - 4)
    return y + 34 + s.n * 24


def _short(text: str, limit: int = 26) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _supplies(svg: Svg, s: State, y: float, say: Say) -> float:
    counts = [Msg("{n} {colour}", n=n, colour=names.paint(c)) for c, n in zip(data.COLOURS, s.supply)]
    supply = Msg("unlimited") if s.switches.unlimited_paints else Msg("{counts}", counts=counts)
    svg.text(RIGHT, y, say(Msg.n(s.bank, "Bank: {n} thaler", "Bank: {n} thalers")), size=12)
    svg.text(RIGHT, y + 18, _short(say(Msg("Paint supply: {supply}", supply=supply)), 70), size=12)
    return y + 18


def board_svg(state: State, lang: str = "en") -> str:
    """The public board of ``state`` as an SVG string (see the module docstring); a few
    milliseconds for a 4-player position."""
    return board_drawing(state, translator(lang).say).to_string()


def board_drawing(state: State, say: Say = str) -> Svg:
    """The :class:`~fresco_kit.classroom.svg.Svg` behind :func:`board_svg` (its ``pairs`` hold
    every text and background colour, for checks)."""
    s = state
    right = 60 + 24 * len(s.booths) + 22 + 106 + 34 + s.n * 24 + 34
    height = max(GRID_Y + 5 * CELL + 32, right)
    track = [
        Msg("{player} on start space S{start}", player=nm, start=p.start)
        if p.start
        else Msg("{player} at {vp} VP", player=nm, vp=p.vp)
        for nm, p in zip(s.names, s.players)
    ]
    alt = Msg.n(
        s.tiles_left,
        "Fresco board. {headline}. The 5 by 5 fresco has {n} tile left; the bishop is on {segment}. Track: {track}.",
        "Fresco board. {headline}. The 5 by 5 fresco has {n} tiles left; the bishop is on {segment}. Track: {track}.",
        headline=headline(s),
        segment=names.segment(board.square(s.bishop)),
        track=names.semicolons(track),
    )
    svg = Svg(WIDTH, height, say(alt))
    svg.text(16, 22, say(headline(s)), size=15, bold=True)
    _fresco(svg, s, say)
    y = _market(svg, s, 52, say)
    y = _inn(svg, s, y, say)
    y = _players(svg, s, y, say)
    _supplies(svg, s, y + 8, say)
    return svg


#: bishop bonus -> cell colour of :func:`bishop_svg` (0, +2 next to him, +3 on his segment)
BONUS_COLOURS = {0: "#f4f6f7", 2: "#f5b041", 3: "#b03a2e"}


def bishop_svg(bishop: tuple[int, int], state: State | None = None) -> str:
    """The bishop's bonus for restoring each segment with the bishop on ``bishop`` (``(row,
    col)`` counted from 1, as the board's labels) (Fresco rulebook, Cathedral, The bishop's
    bonus points), from :func:`.scoring.bishop_bonus`; with ``state`` each cell also shows
    its tile's value (or "restored")."""
    size = 76
    x0, y0 = 60, 56
    where = names.segment(bishop)
    alt = (
        f"The bishop's bonus with the bishop on {where}: 3 on that segment, 2 on the segments next to it, 0 elsewhere."
    )
    svg = Svg(x0 + 5 * size + 20, y0 + 5 * size + 64, alt)
    svg.text(16, 24, f"The bishop on {where}", size=15, bold=True)
    for c in range(1, data.COLS + 1):
        svg.text(x0 + (c - 1) * size + size / 2, y0 - 8, f"col {c}", size=12, anchor="middle", fill=MUTED)
    for r in range(1, data.ROWS + 1):
        svg.text(x0 - 6, y0 + (r - 1) * size + size / 2 + 4, f"row {r}", size=12, anchor="end", fill=MUTED)
        for c in range(1, data.COLS + 1):
            bonus = bishop_bonus(bishop, (r, c))
            fill = BONUS_COLOURS[bonus]
            x, y = x0 + (c - 1) * size, y0 + (r - 1) * size
            tip = f"{names.segment((r, c))}: bishop bonus {bonus}"
            svg.rect(x + 1, y + 1, size - 2, size - 2, fill=fill, stroke=MUTED, tip=tip)
            svg.text(x + size / 2, y + 30, f"+{bonus}" if bonus else "0", on=fill, size=16, anchor="middle", bold=True)
            if state is not None:
                t = state.fresco[board.index((r, c))]
                value = "restored" if t < 0 else f"tile {data.FRESCO_TILES[t].value}"
                svg.text(x + size / 2, y + 54, value, on=fill, size=12, anchor="middle")
    br, bc = bishop
    svg.circle(
        x0 + (bc - 1) * size + size - 14,
        y0 + (br - 1) * size + 14,
        9,
        BISHOP,
        stroke="#ffffff",
        width=1.5,
        tip="the bishop",
    )
    svg.text(16, y0 + 5 * size + 24, "+3 on his segment, +2 next to it (diagonals too)", size=12)
    svg.text(16, y0 + 5 * size + 44, "cells: the bonus" + (", then the tile's value" if state else ""), size=12)
    return svg.to_string()
