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
from fresco_kit.classroom.i18n import translator
from fresco_kit.classroom.svg import Svg, text_width
from fresco_kit.core import ScoreSheet
from fresco_kit.core.text import N_, Msg

from .data import CARD_TYPES, load, load_for
from .effects import bundle_text, excommunication_effect, member_value, servants_per_plus
from .explore import reach
from .refs import PHASE_WORD, amount, joined, member_word, tower_word
from .state import Occupant, State
from .teach import ROMAN, card_text

WIDTH = 900
FONT = 12
#: light tints behind each tower's floors (dark ink reads on all of them) and its heading colour
TOWER_TINT = {"territory": "#e3f1dc", "building": "#fdf1c7", "character": "#dce9f6", "venture": "#e9e4f4"}
TOWER_EDGE = {"territory": "#38761d", "building": "#7f6000", "character": "#1c4587", "venture": "#4c3a80"}
ZONE_TINT = {"harvest": "#e3f1dc", "production": "#fdf1c7", "market": "#f4e6d8", "council": "#f3dada"}
PAPER = "#ffffff"
#: the zone boxes of the lower row: title and spaces
ZONES = (
    (N_("Harvest (raccolto)"), ("harvest-small", "harvest-large")),
    (N_("Production (produzione)"), ("production-small", "production-large")),
    (N_("Market (Mercato)"), ("market-1", "market-2", "market-3", "market-4")),
    (N_("Council Palace"), ("council",)),
)
_RESOURCES = ("coins", "wood", "stone", "servants", "military", "faith", "vp")
_RESOURCE_HEADS = {
    "coins": N_("coins"),
    "wood": N_("wood"),
    "stone": N_("stone"),
    "servants": N_("servants"),
    "military": N_("military"),
    "faith": N_("faith"),
    "vp": N_("VP"),
}
_CARD_HEADS = {
    "territory": N_("territories"),
    "building": N_("buildings"),
    "character": N_("characters"),
    "venture": N_("ventures"),
}
_TOWER_HEADS = {
    "territory": N_("Territories (Territori)"),
    "building": N_("Buildings (Edifici)"),
    "character": N_("Characters (Personaggi)"),
    "venture": N_("Ventures (Imprese)"),
}
_NO_CARDS = {
    "territory": N_("no territories"),
    "building": N_("no buildings"),
    "character": N_("no characters"),
    "venture": N_("no ventures"),
}


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


def _chip(svg: Svg, x: float, y: float, o: Occupant, seat: int, say: Any = str) -> float:
    """A family member as a chip in its player's colour at (x, y) (top left); returns its width."""
    label = say(Msg("{player} {member}", player=o.player, member=member_word(o.member)))
    colour = player_colour(o.player, seat)
    w = _width(label) + 10
    tip = say(Msg("{player}'s {member} family member", player=o.player, member=member_word(o.member)))
    svg.rect(x, y, w, 18, fill=colour, stroke=INK, rx=4, tip=tip)
    _text(svg, x + 5, y + 13.5, label, on=colour, size=FONT)
    return w


def _chips(
    svg: Svg, x: float, y: float, width: float, occupants: tuple[Occupant, ...], seats: dict[str, int], say: Any = str
) -> float:
    """Members flowed in rows inside ``width``; returns the height used."""
    cx, cy = x, y
    for o in occupants:
        w = _width(f"{o.player} {o.member}") + 10
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + 21
        cx += _chip(svg, cx, cy, o, seats[o.player], say) + 4
    return (cy - y + 21) if occupants else 0


def _space_label(space: str, data_key: str = "") -> tuple[str, str]:
    """Heading and gain or rule of a zone, market or council space (``data_key``: the game's data patch)."""
    sp = load_for(data_key).spaces[space]
    if sp.kind in ("harvest", "production"):
        if sp.penalty:
            return Msg("large"), Msg("value ≥ {value}, -{penalty}", value=sp.value, penalty=sp.penalty)
        return Msg("small"), Msg("value ≥ {value}", value=sp.value)
    if sp.kind == "market":
        return Msg("{number}: {gain}", number=space[-1], gain=bundle_text(sp.gain)), ""
    return Msg("value ≥ {value}", value=sp.value), bundle_text(sp.gain)


def _towers(svg: Svg, state: State, top: float, seats: dict[str, int], marks: dict[str, str], say: Any = str) -> float:
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
            say(Msg(_TOWER_HEADS[t])),
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
            tip = say(
                _card_tip(card)
                if card is not None
                else Msg("{tower} tower floor {floor}: no card", tower=tower_word(t), floor=f)
            )
            svg.rect(x, y, col, cell, fill=tint, stroke=edge, width=1.5, rx=3, tip=tip)
            bonus = tower.floor_bonus[f - 1]
            if bonus:
                head = Msg(
                    "floor {floor} · value {value} · +{bonus}",
                    floor=f,
                    value=tower.floor_values[f - 1],
                    bonus=bundle_text(bonus),
                )
            else:
                head = Msg("floor {floor} · value {value}", floor=f, value=tower.floor_values[f - 1])
            _text(svg, x + 6, y + 16, say(head), on=tint, size=FONT, fit=col - 12)
            if card is not None:
                _text(svg, x + 6, y + 34, data.cards[card].name, on=tint, size=13, bold=True, fit=col - 12)
            else:
                _text(svg, x + 6, y + 34, say(Msg("(no card)")), on=tint, fill=_muted(tint), size=FONT)
            occupants = state.occupants.get(space, ())
            if not occupants:  # a free floor: the name a typed move gives it
                _space_id(svg, x + col - 6, y + cell - 7, space, tint)
            _chips(svg, x + 6, y + 41, col - 12, occupants, seats, say)
    return top + 26 + 4 * (cell + 4)


def _zones(
    svg: Svg,
    state: State,
    top: float,
    seats: dict[str, int],
    boxes: tuple[int, ...],
    marks: dict[str, str],
    say: Any = str,
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
    height = 58 + inner
    x = 8.0
    for i, w in zip(boxes, widths):
        title, group = ZONES[i]
        tint = ZONE_TINT[spaces[group[0]].kind]
        svg.rect(x, top, w, height + 26, fill=tint, stroke=INK, rx=3)
        _text(svg, x + 6, top + 16, say(Msg(title)), on=tint, bold=True, fit=w - 12)
        sw = (w - 8) / len(group) - 4
        for k, space in enumerate(group):
            sx = x + 4 + k * (sw + 4)
            closed = spaces[space].min_players > players
            fill = marks.get(space, "#eeeeee" if closed else PAPER)
            svg.rect(
                sx, top + 22, sw, height, fill=fill, stroke=MUTED, rx=3, tip=say(_space_tip(space, closed, state.data))
            )
            head, extra = _space_label(space, state.data)
            if closed:  # what it gives stays in the tooltip
                suffix = space.split("-")[-1]
                head = Msg("large") if suffix == "large" else Msg("small") if suffix == "small" else suffix
                extra = Msg("only with {n} players", n=spaces[space].min_players)
            label = Msg("{head} · {extra}", head=head, extra=extra) if extra else head
            _text(svg, sx + 4, top + 38, say(label), on=fill, fit=sw - 8)
            _space_id(svg, sx + 4, top + 54, space, fill, anchor="start")
            _chips(svg, sx + 4, top + 60, sw - 8, state.occupants.get(space, ()), seats, say)
        x += w + 8
    return top + height + 32


def _space_id(svg: Svg, x: float, y: float, space: str, on: str, anchor: str = "end") -> None:
    """The name of an action space as a typed move writes it (``territory-3``, ``market-1``:
    the grammar's ``SPACE``), in monospace grey on the space's colour."""
    svg.text(x, y, space, on=on, fill=_muted(on), size=FONT, anchor=anchor, mono=True)


def _space_tip(space: str, closed: bool, data_key: str = "") -> str:
    sp = load_for(data_key).spaces[space]
    room = Msg("one member") if sp.capacity == 1 else Msg("any number of members")
    parts: list = [Msg("{space}: action value {value} or more, {room}", space=space, value=sp.value, room=room)]
    if sp.penalty:
        parts.append(Msg("-{penalty} to the action value", penalty=sp.penalty))
    if sp.gain:
        parts.append(Msg("gives {gain}", gain=bundle_text(sp.gain)))
    if closed:
        parts.append(Msg("not used with fewer than {n} players", n=sp.min_players))
    return joined(parts, ";")


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


def _head_lines(head: str, width: float) -> list[str]:
    """A column heading in one line, or in two at its middle space when it is wider than
    ``width`` (a translation: "puntos militares")."""
    if text_width(head, FONT, bold=True) <= width or " " not in head:
        return [head]
    spaces = [i for i, c in enumerate(head) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - len(head) / 2))
    return [head[:cut], head[cut + 1 :]]


def _players(svg: Svg, state: State, top: float, seats: dict[str, int], say: Any = str) -> float:
    """Each player's board: resources and tracks, cards by type, members at home, excommunications."""
    data = load()
    cols = (
        [(say(Msg("player")), 92)]
        + [(say(Msg(_RESOURCE_HEADS[k])), 66) for k in _RESOURCES]
        + [(say(Msg(_CARD_HEADS[t])), 84) for t in CARD_TYPES]
    )
    lines = [_head_lines(head, w - 6) for head, w in cols]
    tall = 14 * (max(len(ls) for ls in lines) - 1)  # a heading too long for its column takes two lines
    svg.rect(8, top, WIDTH - 16, 22 + tall, fill="#f1f3f4", rx=3)
    x = 12.0
    for (_head, w), head_lines in zip(cols, lines):
        for i, line in enumerate(head_lines):
            _text(svg, x, top + 16 + 14 * i, line, on="#f1f3f4", bold=True, fit=w - 6)
        x += w
    y = top + 26 + tall
    for p in state.players:
        colour = player_colour(p.name, seats[p.name])
        acting = state.current == p.name
        svg.rect(8, y, WIDTH - 16, 40, fill=PAPER, stroke="#dadce0", rx=3)
        svg.rect(
            12,
            y + 4,
            80,
            18,
            fill=colour,
            stroke=INK,
            rx=3,
            tip=say(Msg("{player} (to act)", player=p.name)) if acting else p.name,
        )
        _text(svg, 16, y + 17, p.name, on=colour, bold=True)
        x = 12.0 + cols[0][1]
        for key in _RESOURCES:
            _text(svg, x, y + 17, str(p.res[key]), on=PAPER)
            x += 66
        for t in CARD_TYPES:
            names = [data.cards[c].name for c in p.cards[t]]
            svg.rect(x - 2, y + 3, 76, 18, fill=PAPER, tip=", ".join(names) or say(Msg(_NO_CARDS[t])))
            _text(svg, x, y + 17, str(len(names)), on=PAPER)
            x += 84
        home = [member_word(m) for m in p.home] if p.home else Msg("none")
        parts: list = [Msg("at home: {home}", home=home)]
        if p.excomms:
            tiles = [
                Msg(
                    "{tile} ({period})",
                    tile=data.excommunications[t].name,
                    period=ROMAN[data.excommunications[t].period],
                )
                for t in p.excomms
            ]
            parts.append(Msg("excommunicated: {tiles}", tiles=tiles))
        line = joined(parts, ";")
        _text(svg, 16, y + 35, say(Msg("{line} (to act)", line=line) if acting else line), on=PAPER, fill=MUTED)
        y += 44
    return y


def board_svg(state: State, lang: str = "en") -> str:
    """The public board of ``state`` as an SVG string (see the module docstring), its labels in ``lang``."""
    return _board(state, {}, "", "", translator(lang).say)


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
    line = f"{player}'s {member} member with {amount(servants, 'servants')}: value {value}"
    alt = (
        f" Spaces coloured for {line}: {counts['yes']} where it can be placed, {counts['value']} out of "
        f"reach, {counts['other']} refused by another rule."
    )
    return _board(state, marks, line, alt)


def _board(state: State, marks: dict[str, str], line: str, alt_extra: str, say: Any = str) -> str:
    data = load()
    seats = {name: i for i, name in enumerate(state.names)}
    dice = [Msg("{colour} {value}", colour=member_word(k), value=v) for k, v in state.dice.items()]
    if state.phase == "over":
        when = Msg("Game over (after round 6)")
    else:
        phase = Msg(PHASE_WORD[state.phase]) if state.phase in PHASE_WORD else state.phase
        when = Msg(
            "Round {round} of 6, period {period}, {phase} phase",
            round=state.round,
            period=ROMAN[state.period],
            phase=phase,
        )
    acting = Msg("{player} to act", player=state.current) if state.current else Msg("nobody to act")
    placed = sum(len(v) for v in state.occupants.values())
    cards = sum(c is not None for row in state.towers.values() for c in row)
    players = [
        Msg(
            "{player}: {vp} VP, {coins}, {cards}",
            player=p.name,
            vp=p.res["vp"],
            coins=amount(p.res["coins"], "coins"),
            cards=amount(sum(len(v) for v in p.cards.values()), "cards"),
        )
        for p in state.players
    ]
    alt = say(
        Msg(
            "Lorenzo il Magnifico board. {when}; dice {dice}; turn order {order}; {acting}. "
            "The towers hold {cards}; {members} on the board. {players}.",
            when=when,
            dice=dice,
            order=list(state.order),
            acting=acting,
            cards=amount(cards, "cards"),
            members=Msg.n(placed, "{n} family member", "{n} family members"),
            players=joined(players, ";"),
        )
    ) + (say(alt_extra) if alt_extra else "")
    svg = Svg(WIDTH, 0, alt)
    _text(svg, 8, 18, say(Msg("{when} · {acting}", when=when, acting=acting)), bold=True, size=14)
    _text(svg, 8, 38, say(Msg("Dice: {dice} · turn order: {order}", dice=dice, order=list(state.order))))
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
    y = _towers(svg, state, y, seats, marks, say)
    y = _zones(svg, state, y + 6, seats, (0, 1), marks, say)
    y = _zones(svg, state, y, seats, (2, 3), marks, say)
    tiles = [data.excommunications[t] for t in state.excomm_tiles]
    x = 8.0
    heading = say(Msg("Excommunication tiles:"))
    _text(svg, x, y + 14, heading, bold=True)
    x += _width(heading, bold=True) + 4
    for tile in tiles:
        label = f"{ROMAN[tile.period]}: {tile.name}"
        w = _width(label) + 12
        svg.rect(x, y, w, 20, fill="#f3dada", stroke="#7a1f1f", rx=3, tip=say(excommunication_effect(tile.id)))
        _text(svg, x + 6, y + 14, label, on="#f3dada")
        x += w + 6
    bottom = _players(svg, state, y + 28, seats, say)
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
