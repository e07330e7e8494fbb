"""The public board of Lorenzo il Magnifico as SVG (fast, for widgets that redraw).

:func:`board_svg` draws what every player sees (rules summary, *La struttura della
partita*: towers, boards and excommunication tiles are face up): the round, dice and
turn order; the four towers with each floor's value, bonus, card and the member on it;
the harvest, production, market and Council Palace spaces with their members; the
three excommunication tiles in play; and every player's board (resources, tracks,
cards by type, members at home, excommunications).  Nothing hidden is drawn: not the
order of the decks nor the random generator (``State.view`` hides exactly those), so
a player's view and the full state give the same drawing.

Built with :class:`fresco_kit.classroom.svg.Svg` at its display size (at most 900 px wide,
text of 12 px or more, every text colour checked against its background); details of
cards and tiles are tooltips.  The matplotlib board of ``draw.py`` stays for the README
figures.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fresco_kit.classroom.colours import INK, MUTED, contrast, player_colour, text_on
from fresco_kit.classroom.svg import Svg
from fresco_kit.core import ScoreSheet
from fresco_kit.core.text import plural

from .data import CARD_TYPES, load, load_for
from .effects import bundle_text, excommunication_effect, member_value, servants_per_plus
from .explore import reach
from .state import Occupant, State
from .teach import ITALIAN_TOWER, ROMAN, card_text

WIDTH = 900
FONT = 12
#: light tints behind each tower's floors (dark ink reads on all of them) and its heading colour
TOWER_TINT = {"territory": "#e3f1dc", "building": "#fdf1c7", "character": "#dce9f6", "venture": "#e9e4f4"}
TOWER_EDGE = {"territory": "#38761d", "building": "#7f6000", "character": "#1c4587", "venture": "#4c3a80"}
ZONE_TINT = {"harvest": "#e3f1dc", "production": "#fdf1c7", "market": "#f4e6d8", "council": "#f3dada"}
PAPER = "#ffffff"
#: the zone boxes of the lower row: title and spaces
ZONES = (
    ("Harvest (raccolto)", ("harvest-small", "harvest-large")),
    ("Production (produzione)", ("production-small", "production-large")),
    ("Market (Mercato)", ("market-1", "market-2", "market-3", "market-4")),
    ("Council Palace", ("council",)),
)
_RESOURCES = ("coins", "wood", "stone", "servants", "military", "faith", "vp")
_CARD_HEADS = {"territory": "territories", "building": "buildings", "character": "characters", "venture": "ventures"}


def _width(text: str, size: float = FONT, bold: bool = False) -> float:
    """A generous estimate of a text's width in px (DejaVu Sans averages ~0.6 em, bold ~0.7)."""
    return len(text) * size * (0.7 if bold else 0.62)


@cache
def _card_tip(card_id: int) -> str:
    return card_text(card_id)


#: black or white text for a background (``colours.text_on``), worked out once per colour
_ink = cache(text_on)


def _text(svg: Svg, x: float, y: float, text: str, on: str = PAPER, fill: str | None = None, **kw: Any) -> None:
    """``svg.text`` with the text colour for ``on`` looked up once per background colour."""
    svg.text(x, y, text, on=on, fill=fill or _ink(on), **kw)


def _muted(background: str) -> str:
    """Grey text where it reads on ``background`` (4.5:1), else dark ink."""
    return MUTED if contrast(MUTED, background) >= 4.5 else INK


def _chip(svg: Svg, x: float, y: float, o: Occupant, seat: int) -> float:
    """A family member as a chip in its player's colour at (x, y) (top left); returns its width."""
    label = f"{o.player} {o.member}"
    colour = player_colour(o.player, seat)
    w = _width(label) + 10
    svg.rect(x, y, w, 18, fill=colour, stroke=INK, rx=4, tip=f"{o.player}'s {o.member} family member")
    _text(svg, x + 5, y + 13.5, label, on=colour, size=FONT)
    return w


def _chips(svg: Svg, x: float, y: float, width: float, occupants: tuple[Occupant, ...], seats: dict[str, int]) -> float:
    """Members flowed in rows inside ``width``; returns the height used."""
    cx, cy = x, y
    for o in occupants:
        w = _width(f"{o.player} {o.member}") + 10
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + 21
        cx += _chip(svg, cx, cy, o, seats[o.player]) + 4
    return (cy - y + 21) if occupants else 0


def _space_label(space: str, data_key: str = "") -> tuple[str, str]:
    """Heading and gain or rule of a zone, market or council space (``data_key``: the game's data patch)."""
    sp = load_for(data_key).spaces[space]
    if sp.kind in ("harvest", "production"):
        return ("large", f"value ≥ {sp.value}, -{sp.penalty}") if sp.penalty else ("small", f"value ≥ {sp.value}")
    if sp.kind == "market":
        return f"{space[-1]}: {bundle_text(sp.gain)}", ""
    return f"value ≥ {sp.value}", bundle_text(sp.gain)


def _towers(svg: Svg, state: State, top: float, seats: dict[str, int], marks: dict[str, str]) -> float:
    """The four towers, floor 4 at the top; returns the y below them."""
    data = load()
    col, gap, cell = 214, 8, 64
    for i, t in enumerate(CARD_TYPES):
        x = 8 + i * (col + gap)
        edge = TOWER_EDGE[t]
        svg.rect(x, top, col, 22, fill=edge, rx=3)
        _text(
            svg,
            x + col / 2,
            top + 16,
            f"{_CARD_HEADS[t].capitalize()} ({ITALIAN_TOWER[t].split()[-1]})",
            on=edge,
            bold=True,
            anchor="middle",
        )
        tower = data.towers[t]
        for f in (4, 3, 2, 1):
            y = top + 26 + (4 - f) * (cell + 4)
            space = f"{t}-{f}"
            card = state.towers[t][f - 1]
            tint = marks.get(space, TOWER_TINT[t])
            tip = _card_tip(card) if card is not None else f"{t} tower floor {f}: no card"
            svg.rect(x, y, col, cell, fill=tint, stroke=edge, width=1.5, rx=3, tip=tip)
            bonus = tower.floor_bonus[f - 1]
            head = f"floor {f} · value {tower.floor_values[f - 1]}" + (f" · +{bundle_text(bonus)}" if bonus else "")
            _text(svg, x + 6, y + 16, head, on=tint, size=FONT)
            if card is not None:
                _text(svg, x + 6, y + 34, data.cards[card].name, on=tint, size=13, bold=True)
            else:
                _text(svg, x + 6, y + 34, "(no card)", on=tint, fill=_muted(tint), size=FONT)
            _chips(svg, x + 6, y + 41, col - 12, state.occupants.get(space, ()), seats)
    return top + 26 + 4 * (cell + 4)


def _zones(
    svg: Svg, state: State, top: float, seats: dict[str, int], boxes: tuple[int, ...], marks: dict[str, str]
) -> float:
    """One row of zone boxes (``boxes``: indexes into :data:`ZONES`, sharing the width);
    returns the y below it.  The row is as tall as its fullest space (the large spaces
    and the Council Palace take any number of members)."""
    players = len(state.players)
    spaces = load().spaces
    width = (WIDTH - 16 - 8 * (len(boxes) - 1)) / len(boxes)
    if len(boxes) == 2 and len(ZONES[boxes[0]][1]) != len(ZONES[boxes[1]][1]):
        width = (WIDTH - 24) * 0.7  # the market's four spaces beside the one council space
    widths = [width, WIDTH - 24 - width] if len(boxes) == 2 else [width] * len(boxes)
    inner = 0.0
    for i, w in zip(boxes, widths):
        group = ZONES[i][1]
        sw = (w - 8) / len(group) - 4
        inner = max([inner] + [_flow_height(state.occupants.get(s, ()), sw - 8) for s in group])
    height = 42 + inner
    x = 8.0
    for i, w in zip(boxes, widths):
        title, group = ZONES[i]
        tint = ZONE_TINT[spaces[group[0]].kind]
        svg.rect(x, top, w, height + 26, fill=tint, stroke=INK, rx=3)
        _text(svg, x + 6, top + 16, title, on=tint, bold=True)
        sw = (w - 8) / len(group) - 4
        for k, space in enumerate(group):
            sx = x + 4 + k * (sw + 4)
            closed = spaces[space].min_players > players
            fill = marks.get(space, "#eeeeee" if closed else PAPER)
            svg.rect(sx, top + 22, sw, height, fill=fill, stroke=MUTED, rx=3, tip=_space_tip(space, closed, state.data))
            head, extra = _space_label(space, state.data)
            if closed:  # what it gives stays in the tooltip
                head, extra = head.split(":")[0], f"only with {spaces[space].min_players} players"
            _text(svg, sx + 4, top + 38, f"{head} · {extra}" if extra else head, on=fill)
            _chips(svg, sx + 4, top + 44, sw - 8, state.occupants.get(space, ()), seats)
        x += w + 8
    return top + height + 32


def _space_tip(space: str, closed: bool, data_key: str = "") -> str:
    sp = load_for(data_key).spaces[space]
    gain = f"; gives {bundle_text(sp.gain)}" if sp.gain else ""
    room = "one member" if sp.capacity == 1 else "any number of members"
    penalty = f", -{sp.penalty} to the action value" if sp.penalty else ""
    shut = f"; not used with fewer than {sp.min_players} players" if closed else ""
    return f"{space}: action value {sp.value} or more, {room}{penalty}{gain}{shut}"


def _flow_height(occupants: tuple[Occupant, ...], width: float) -> float:
    if not occupants:
        return 0
    rows, cx = 1, 0.0
    for o in occupants:
        w = _width(f"{o.player} {o.member}") + 14
        if cx and cx + w > width - 8:
            rows, cx = rows + 1, 0.0
        cx += w
    return rows * 21


def _players(svg: Svg, state: State, top: float, seats: dict[str, int]) -> float:
    """Each player's board: resources and tracks, cards by type, members at home, excommunications."""
    data = load()
    cols = (
        [("player", 92)]
        + [(k if k != "vp" else "VP", 66) for k in _RESOURCES]
        + [(_CARD_HEADS[t], 84) for t in CARD_TYPES]
    )
    svg.rect(8, top, WIDTH - 16, 22, fill="#f1f3f4", rx=3)
    x = 12.0
    for head, w in cols:
        _text(svg, x, top + 16, head, on="#f1f3f4", bold=True)
        x += w
    y = top + 26
    for p in state.players:
        colour = player_colour(p.name, seats[p.name])
        acting = " (to act)" if state.current == p.name else ""
        svg.rect(8, y, WIDTH - 16, 40, fill=PAPER, stroke="#dadce0", rx=3)
        svg.rect(12, y + 4, 80, 18, fill=colour, stroke=INK, rx=3, tip=f"{p.name}{acting}")
        _text(svg, 16, y + 17, p.name, on=colour, bold=True)
        x = 12.0 + cols[0][1]
        for key in _RESOURCES:
            _text(svg, x, y + 17, str(p.res[key]), on=PAPER)
            x += 66
        for t in CARD_TYPES:
            names = [data.cards[c].name for c in p.cards[t]]
            svg.rect(x - 2, y + 3, 76, 18, fill=PAPER, tip=", ".join(names) or f"no {_CARD_HEADS[t]}")
            _text(svg, x, y + 17, str(len(names)), on=PAPER)
            x += 84
        home = ", ".join(p.home) or "none"
        ex = (
            "; excommunicated: "
            + ", ".join(
                f"{data.excommunications[t].name} ({ROMAN[data.excommunications[t].period]})" for t in p.excomms
            )
            if p.excomms
            else ""
        )
        _text(svg, 16, y + 35, f"at home: {home}{ex}{acting}", on=PAPER, fill=MUTED)
        y += 44
    return y


def board_svg(state: State, lang: str = "en") -> str:
    """The public board of ``state`` as an SVG string (see the module docstring)."""
    return _board(state, {}, "", "")


#: the fills of :func:`reach_svg`: the member may go there, its value is too low, another rule refuses
REACH_FILLS = {"yes": "#b6e3a8", "value": "#dddddd", "other": "#f9cb9c"}
REACH_LEGEND = {"yes": "can be placed here", "value": "value too low", "other": "value enough, another rule refuses"}


def reach_svg(state: State, player: str, member: str, servants: int = 0) -> str:
    """The public board with every action space coloured by what ``player``'s ``member``
    with ``servants`` may do there (``explore.reach``, the engine's own checks): green, it
    may be placed; grey, its value is too low; orange, the value is enough but another
    rule refuses (rules summary, *I dadi e i familiari*)."""
    marks, counts = {}, dict.fromkeys(REACH_FILLS, 0)
    for r in reach(state, player, member, servants):
        key = "yes" if r.ok else ("value" if r.value_too_low else "other")
        marks[r.space] = REACH_FILLS[key]
        counts[key] += 1
    p = state.player(player)
    value = member_value(state, p, member) + servants // servants_per_plus(p)
    line = f"{player}'s {member} member with {plural(servants, 'servant')}: value {value}"
    alt = (
        f" Spaces coloured for {line}: {counts['yes']} where it can be placed, {counts['value']} out of "
        f"reach, {counts['other']} refused by another rule."
    )
    return _board(state, marks, line, alt)


def _board(state: State, marks: dict[str, str], line: str, alt_extra: str) -> str:
    data = load()
    seats = {name: i for i, name in enumerate(state.names)}
    dice = ", ".join(f"{k} {v}" for k, v in state.dice.items())
    if state.phase == "over":
        when = "Game over (after round 6)"
    else:
        when = f"Round {state.round} of 6, period {ROMAN[state.period]}, {state.phase} phase"
    acting = f"{state.current} to act" if state.current else "nobody to act"
    placed = sum(len(v) for v in state.occupants.values())
    cards = sum(c is not None for row in state.towers.values() for c in row)
    alt = (
        f"Lorenzo il Magnifico board. {when}; dice {dice}; turn order {', '.join(state.order)}; {acting}. "
        f"The towers hold {plural(cards, 'card')}; {plural(placed, 'family member')} on the board. "
        + "; ".join(
            f"{p.name}: {p.res['vp']} VP, {plural(p.res['coins'], 'coin')}, "
            f"{plural(sum(len(v) for v in p.cards.values()), 'card')}"
            for p in state.players
        )
        + "."
        + alt_extra
    )
    svg = Svg(WIDTH, 0, alt)
    _text(svg, 8, 18, f"{when} · {acting}", bold=True, size=14)
    _text(svg, 8, 38, f"Dice: {dice} · turn order: {', '.join(state.order)}")
    y = 48.0
    if line:
        _text(svg, 8, y + 14, line, bold=True)
        x = 8.0
        for key, fill in REACH_FILLS.items():
            w = _width(REACH_LEGEND[key]) + 12
            svg.rect(x, y + 22, w, 20, fill=fill, stroke=MUTED, rx=3)
            _text(svg, x + 6, y + 36, REACH_LEGEND[key], on=fill)
            x += w + 6
        y += 48
    y = _towers(svg, state, y, seats, marks)
    y = _zones(svg, state, y + 6, seats, (0, 1), marks)
    y = _zones(svg, state, y, seats, (2, 3), marks)
    tiles = [data.excommunications[t] for t in state.excomm_tiles]
    x = 8.0
    _text(svg, x, y + 14, "Excommunication tiles:", bold=True)
    x += _width("Excommunication tiles:", bold=True) + 4
    for tile in tiles:
        label = f"{ROMAN[tile.period]}: {tile.name}"
        w = _width(label) + 12
        svg.rect(x, y, w, 20, fill="#f3dada", stroke="#7a1f1f", rx=3, tip=excommunication_effect(tile.id))
        _text(svg, x + 6, y + 14, label, on="#f3dada")
        x += w + 6
    bottom = _players(svg, state, y + 28, seats)
    svg.height = int(bottom + 6)
    return svg.to_string()


#: segment colours of :func:`score_sheet_svg`, one per category of the sheet (in order)
SHEET_COLOURS = ("#5f6368", "#38761d", "#1c4587", "#4c3a80", "#b42318", "#b45f06", "#222222")


def score_sheet_svg(sheet: ScoreSheet) -> str:
    """A final score sheet as SVG: one bar per player, a segment per category (losses to
    the left of zero), the total written beside it, and a legend (rules summary, *Fine
    del turno e punteggio finale*)."""
    players = list(sheet.rows)
    totals = sheet.totals
    gains = {p: sum(max(v, 0) for v in sheet.rows[p].values()) for p in players}
    losses = {p: -sum(min(v, 0) for v in sheet.rows[p].values()) for p in players}
    most = max([gains[p] + losses[p] for p in players] + [1])
    scale = (WIDTH - 260) / most
    zero = 100 + scale * max([losses[p] for p in players] + [0])
    parts = "; ".join(
        f"{p} {totals[p]} ("
        + ", ".join(f"{c} {sheet.rows[p].get(c, 0)}" for c in sheet.categories if sheet.rows[p].get(c, 0))
        + ")"
        for p in players
    )
    win = f" Winner: {' and '.join(sheet.winners)}." if sheet.winners else ""
    svg = Svg(WIDTH, 0, f"Score sheet, one bar per player split by category: {parts}.{win}")
    _text(svg, 8, 18, "Score sheet: each bar split by category; losses left of the zero line", bold=True)
    y = 30.0
    for p in players:
        _text(svg, 8, y + 17, p, bold=p in sheet.winners)
        x, neg = zero, zero
        for c, colour in zip(sheet.categories, SHEET_COLOURS * 2):
            v = sheet.rows[p].get(c, 0)
            if not v:
                continue
            w = abs(v) * scale
            sx = x if v > 0 else neg - w
            svg.rect(sx, y, w, 24, fill=colour, stroke=PAPER, tip=f"{p}: {c} {v}")
            if w >= 30:
                _text(svg, sx + w / 2, y + 17, str(v), on=colour, anchor="middle")
            if v > 0:
                x += w
            else:
                neg -= w
        mark = " (winner)" if p in sheet.winners else ""
        _text(svg, x + 6, y + 17, f"total {totals[p]}{mark}", bold=True)
        y += 32
    svg.line(zero, 26, zero, y, stroke=INK, width=1.5)
    x = 8.0
    for c, colour in zip(sheet.categories, SHEET_COLOURS * 2):
        w = _width(c) + 24
        if x + w > WIDTH - 8:
            x, y = 8.0, y + 22
        svg.rect(x, y + 4, 14, 14, fill=colour)
        _text(svg, x + 18, y + 16, c)
        x += w + 8
    svg.height = int(y + 28)
    return svg.to_string()
