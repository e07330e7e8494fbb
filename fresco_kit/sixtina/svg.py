"""The public 1980 Sixtina board as SVG text, fast enough to redraw on every move.

:func:`board_svg` draws what lies open on the table for everybody: the chapel's twelve
places (*Structure of the Sistine Chapel*) with each fresco's status, its techniques,
required values and the materials on their spaces, extra materials and zone icons; the
players' scores, materials and kept prudent cards; hand and deck sizes; the objectives
in play and who claimed them.  Nothing hidden is drawn: no card in a hand or in the
deck, no fresco under a sheet.  Details go in tooltips (hover a card or a space).

It uses :class:`fresco_kit.classroom.svg.Svg`, which refuses text under 11 px and text
colours under 4.5:1 contrast; the drawing is at most 900 px wide and its text 12 px or
more at that size.  The matplotlib pictures of :mod:`.draw` stay for figures files.
"""

from __future__ import annotations

from collections.abc import Callable
from textwrap import wrap

from fresco_kit.classroom.colours import HIGHLIGHT, INK, MUTED, PAINT_COLOURS, player_colour
from fresco_kit.classroom.i18n import translator
from fresco_kit.classroom.svg import Svg
from fresco_kit.core.scoring import ScoreSheet
from fresco_kit.core.text import N_, Msg, plural

from . import names
from .codes import EMPTY, FRESCO_TECHS, KIND_NAMES, PLACES, PRUDENT, D
from .completion import CompletionResult, revealable
from .describe import card_name, objective_name
from .draw import BLACK_MATERIAL, FREE_SPACE, STATUS_COLOURS, TECH_ABBREV
from .state import State

#: says a generated text in the board's language (``translator(lang).say``)
Say = Callable[[str], str]

WIDTH = 900
CARD_W, CARD_H, GAP = 200, 146, 12
LEFT, TOP = 8, 34
PANEL_X = LEFT + 3 * CARD_W + 2 * GAP + 16
PANEL_W = WIDTH - PANEL_X - 6
SPACE = 24  # a technique space square
PAPER = "#ffffff"
COLUMNS = (("jesus_christ", 0), ("genesis", 1), ("moses", 2))
#: the score categories' colours (paints that carry black or white text at 4.5:1)
CATEGORY_PAINTS = ("yellow", "purple", "green", "red", "orange")
#: the key under the panel: the two rows of spaces, the initials, then the technique abbreviations
KEY = (
    N_(
        "Under a fresco, per technique: its required value, the top space (correct) and the bottom space "
        "(excellent; black = prudent)."
    ),
    N_("Letters: the player's initial."),
)
#: the widest key line, in characters, at its 12 px
KEY_WIDTH = 34
#: what a technique space holds, for its tooltip
HELD = (
    N_("correct restoration by {player}"),
    N_("excellent restoration by {player}"),
    N_("prudent restoration by {player} (black material)"),
)


def _xy(place: str) -> tuple[float, float]:
    """Top-left corner of a place's card (layout from the rule data)."""
    x, y = D.place_xy[place]
    return LEFT + x * (CARD_W + GAP), TOP + 22 + (3 - y) * (CARD_H + GAP)


def _who(state: State, colour: int) -> str:
    return state.colours[colour]


def _space(svg: Svg, state: State, x: float, y: float, code: int, top: bool, tip: str) -> None:
    """One technique space: free (pale), a player's material, or a black material."""
    if code == EMPTY or (code >> 3 == 0) != top:
        svg.rect(x, y, SPACE, SPACE, fill=FREE_SPACE, stroke="#8a7f6a", tip=tip)
        return
    colour = code & 7
    prudent = code >> 3 == PRUDENT
    fill = BLACK_MATERIAL if prudent else player_colour(_who(state, colour), colour)
    svg.rect(x, y, SPACE, SPACE, fill=fill, stroke=INK, width=1.5, tip=tip)
    svg.text(x + SPACE / 2, y + SPACE / 2 + 4.5, _who(state, colour)[0], on=fill, size=12, anchor="middle", bold=True)


def _visible(svg: Svg, state: State, p: int, x: float, y: float, say: Say) -> None:
    """A fresco being restored: its techniques, each with a top and a bottom space."""
    techs = FRESCO_TECHS[state.frescoes[p]]
    fill = STATUS_COLOURS["visible"]
    step = min(SPACE + 22, (CARD_W - 14 - SPACE) / max(1, len(techs) - 1))
    for i, ((t, required), code) in enumerate(zip(techs, state.spaces[p])):
        technique = names.technique(D.techniques[t])
        cx = x + 8 + i * step
        abbrev = say(Msg(TECH_ABBREV[D.techniques[t]]))
        svg.text(cx, y + 70, f"{abbrev} {required}", on=fill, size=12)
        held = Msg("free") if code == EMPTY else Msg(HELD[code >> 3], player=_who(state, code & 7))
        tip = dict(technique=technique, required=required, held=held)
        top = say(Msg("{technique}, needs {required}: {held} (top space: correct)", **tip))
        bottom = say(Msg("{technique}, needs {required}: {held} (bottom space: excellent or prudent)", **tip))
        _space(svg, state, cx, y + 75, code, True, top)
        _space(svg, state, cx, y + 75 + SPACE + 3, code, False, bottom)
    extras = " ".join(f"{_who(state, c)[0]}+{k}" for c, k in enumerate(state.extras[p]) if k)
    if extras:
        svg.text(x + 8, y + CARD_H - 8, say(Msg("extra materials: {extras}", extras=extras)), on=fill, size=12)


def _place(svg: Svg, state: State, p: int, nxt: set[int], say: Say) -> None:
    """One chapel place: its card coloured by status, the fresco's name, type and scores."""
    name = PLACES[p]
    x, y = _xy(name)
    status = ("covered", "visible", "restored")[state.status[p]]
    fill = STATUS_COLOURS[status]
    if status == "covered":
        deck = names.deck(D.place_deck[name])
        tip = say(Msg("{place}: covered by a sheet ({deck} fresco not yet uncovered)", place=name, deck=deck))
        hl = p in nxt
        svg.rect(
            x, y, CARD_W, CARD_H, fill=fill, stroke=HIGHLIGHT if hl else "#5a5246", width=3 if hl else 1, rx=6,
            tip=tip, dash="7 4" if hl else None,
        )  # fmt: skip
        svg.text(x + 8, y + 20, name, on=fill, size=14, bold=True)
        svg.text(x + 8, y + 42, say(Msg("covered by a sheet")), on=fill, size=12)
        if hl:
            svg.text(x + 8, y + 62, say(Msg("may be uncovered next")), on=fill, size=12, fill="#8b1a1a")
        return
    f = state.fresco(p)
    title, kind = names.fresco(f.id), names.fresco_type(f.type)
    scores = "/".join(map(str, f.scores))
    said = Msg("visible") if status == "visible" else Msg("restored")
    tip = Msg(
        "{place}: {fresco} ({type}; scores {scores}), {status}",
        place=name,
        fresco=title,
        type=kind,
        scores=scores,
        status=said,
    )
    svg.rect(x, y, CARD_W, CARD_H, fill=fill, stroke="#5a5246", rx=6, tip=say(tip))
    lines = wrap(f"{name} {say(title)}", 21)
    if len(lines) > 2:
        lines = [lines[0], lines[1][:19] + "…"]
    for k, line in enumerate(lines):
        svg.text(x + 8, y + 18 + 16 * k, line, on=fill, size=13, bold=True)
    svg.text(x + 8, y + 52, f"{say(kind)} · {scores}", on=fill, size=12)
    if status == "visible":
        _visible(svg, state, p, x, y, say)
        return
    svg.text(x + 8, y + 76, say(Msg("restored")), on=fill, size=12)
    z = state.zone[p]
    if z != EMPTY:
        who = _who(state, z)
        colour = player_colour(who, z)
        zone = say(Msg("zone icon: {player}", player=who))
        svg.circle(x + 18, y + 104, 11, colour, stroke=INK, width=1.5, tip=zone)
        svg.text(x + 36, y + 109, zone, on=fill, size=12)
    elif p == state.last_place:
        svg.text(x + 8, y + 109, say(Msg("last fresco: scored half")), on=fill, size=12)


def _panel(svg: Svg, state: State, say: Say) -> float:
    """The right-hand panel: players, the general supply, the objectives in play, the key;
    returns the baseline of its last line."""
    x, y = PANEL_X, TOP
    svg.text(x, y, say(Msg("Players")), size=14, bold=True)
    for colour, who in enumerate(state.colours):
        y += 22
        c = player_colour(who, colour)
        turn = colour < state.n and colour == state.acting_seat and not state.over
        svg.rect(x, y - 13, 16, 16, fill=c, stroke=INK, tip=who)
        score = Msg.n(state.score[colour], "{player}: {n} point", "{player}: {n} points", player=who)
        svg.text(x + 22, y, say(Msg("{line} ◀ to act", line=score) if turn else score), bold=turn)
        if colour < state.n:
            kept = state.display[colour]
            tip = Msg("prudent cards kept: {cards}", cards=[card_name(k) for k in kept] or Msg("none"))
            y += 18
            hand = Msg("hand {hand}, play area {play}", hand=len(state.hands[colour]), play=state.play[colour])
            svg.text(x + 22, y, say(hand), size=12)
            y += 17
            svg.rect(x + 20, y - 13, PANEL_W - 22, 17, fill=PAPER, tip=say(tip))
            supply = Msg("supply {supply}, kept {kept}", supply=state.supply[colour], kept=len(kept))
            svg.text(x + 22, y, say(supply), size=12, fill=MUTED)
        else:
            y += 18
            robot = Msg("supply {supply} (the robot restorer)", supply=state.supply[colour])
            svg.text(x + 22, y, say(robot), size=12, fill=MUTED)
    y += 28
    svg.text(x, y, say(Msg("Table")), size=14, bold=True)
    y += 20
    deck = Msg.n(
        len(state.deck),
        "deck {n} card, discards {discards}",
        "deck {n} cards, discards {discards}",
        discards=len(state.discard),
    )
    svg.text(x, y, say(deck), size=12)
    y += 18
    svg.text(x, y, say(Msg("black materials in supply: {black}", black=state.black)), size=12)
    y += 28
    svg.text(x, y, say(Msg("Objectives (points by space)")), size=14, bold=True)
    for objective, claims in zip(state.objectives, state.claims):
        card = D.objective_by_id[objective]
        points = card.points(state.n)
        y += 8
        for line in wrap(say(Msg("{objective} [{id}]", objective=objective_name(objective), id=objective)), 33):
            y += 16
            svg.text(x, y, line, size=12)
        y += 8
        for k, (pts, holder) in enumerate(zip(points, claims)):
            bx = x + k * 62
            name = _who(state, holder) if holder != EMPTY else say(Msg("free"))
            fill = player_colour(name, holder) if holder != EMPTY else FREE_SPACE
            tip = Msg.n(
                pts,
                "{group}: {n} point, {holder}",
                "{group}: {n} points, {holder}",
                group=names.group(card.group),
                holder=name,
            )
            svg.rect(bx, y, 56, 22, fill=fill, stroke=INK, tip=say(tip))
            label = f"{pts} {name[0]}" if holder != EMPTY else f"{pts}"
            svg.text(bx + 28, y + 16, label, on=fill, size=12, anchor="middle", bold=holder != EMPTY)
        y += 22
    y += 30
    svg.text(x, y, say(Msg("Key")), size=14, bold=True)
    lines = [line for text in KEY for line in wrap(say(Msg(text)), KEY_WIDTH)]
    lines += [
        say(Msg("{abbrev} = {technique}", abbrev=Msg(TECH_ABBREV[t]), technique=names.technique(t)))
        for t in D.techniques
    ]
    for line in lines:
        y += 17
        svg.text(x, y, line, size=12)
    return y


def board_alt(state: State) -> Msg:
    """The alt text: what the board shows, in one or two sentences."""
    counts = {s: state.status.count(i) for i, s in enumerate(("covered", "visible", "restored"))}
    scores = [Msg("{player} {score}", player=who, score=state.score[c]) for c, who in enumerate(state.colours)]
    if state.over:
        turn = Msg("the game is over")
    else:
        turn = Msg("{player} to act", player=state.players[state.acting_seat])
    return Msg(
        "1980 Sixtina board: the Sistine Chapel with {restored} restored, {visible} visible and {covered} covered "
        "frescoes; scores {scores}; {turn}.",
        restored=counts["restored"],
        visible=counts["visible"],
        covered=counts["covered"],
        scores=scores,
        turn=turn,
    )


def board_svg(state: State, lang: str = "en") -> str:
    """The public board of ``state`` as SVG markup in ``lang`` (see the module docstring).

    Two positions that differ only in what some player cannot see (hands, the deck's
    order, frescoes under sheets) give the same drawing."""
    say: Say = translator(lang).say
    rows = int(max(y for _, y in D.place_xy.values()) - min(y for _, y in D.place_xy.values())) + 1
    height = TOP + 22 + rows * (CARD_H + GAP) + 22
    svg = Svg(WIDTH, height, say(board_alt(state)))
    svg.text(LEFT, 20, say(Msg("The Sistine Chapel")), size=15, bold=True)
    for deck, column in COLUMNS:
        x = LEFT + column * (CARD_W + GAP) + CARD_W / 2
        svg.text(x, TOP + 14, say(names.deck(deck)), size=13, anchor="middle", bold=True)
    for a, b in D.edges:
        (ax, ay), (bx, by) = _xy(a), _xy(b)
        svg.line(ax + CARD_W / 2, ay + CARD_H / 2, bx + CARD_W / 2, by + CARD_H / 2, stroke="#b5aa94", width=2)
    nxt = set(revealable(state))
    for p in range(len(PLACES)):
        _place(svg, state, p, nxt, say)
    lj_y = _xy("LJ1")[1]
    last = say(names.deck("last_judgment"))
    svg.text(LEFT + 3 * CARD_W / 2 + GAP, lj_y + CARD_H + 20, last, size=13, anchor="middle", bold=True)
    svg.height = max(height, int(_panel(svg, state, say)) + 12)
    drawn = svg.parts
    svg.parts = []
    svg.rect(0, 0, WIDTH, svg.height, fill=PAPER)  # the paper every text colour was checked against
    svg.parts += drawn
    return svg.to_string()


# -- the teaching widgets' smaller pictures ----------------------------------------------
def fresco_card_svg(state: State, place: str) -> str:
    """One fresco card, large: its techniques with the required values, the top (correct)
    and bottom (excellent or prudent) space of each with who holds it, the extras."""
    p = PLACES.index(place)
    f = state.fresco(p)
    techs = FRESCO_TECHS[state.frescoes[p]]
    fill = STATUS_COLOURS[("covered", "visible", "restored")[state.status[p]]]
    col = 124
    width = 16 + col * len(techs)
    svg = Svg(width, 250, f"Fresco card {f.name} at {place}: who holds each technique space")
    svg.rect(1, 1, width - 2, 248, fill=fill, stroke="#5a5246", rx=8)
    svg.text(10, 24, f"{place}: {f.name}", on=fill, size=15, bold=True)
    svg.text(10, 44, f"type {f.type} · scores {' / '.join(map(str, f.scores))}", on=fill, size=13)
    for k, ((t, required), code) in enumerate(zip(techs, state.spaces[p])):
        x = 10 + k * col
        svg.text(x, 68, D.technique_names[D.techniques[t]], on=fill, size=12)
        svg.text(x, 86, f"needs {required}", on=fill, size=13, bold=True)
        for row, (top, where) in enumerate(((True, "top space"), (False, "bottom space"))):
            y = 96 + row * 58
            holder = code != EMPTY and (code >> 3 == 0) == top
            box = FREE_SPACE
            label = (where, "free")
            if holder:
                colour = code & 7
                box = BLACK_MATERIAL if code >> 3 == PRUDENT else player_colour(_who(state, colour), colour)
                label = (KIND_NAMES[code >> 3], _who(state, colour))
            use = "correct" if top else "excellent or prudent"
            tip = f"{where} ({use}): " + (f"{label[0]} restoration by {label[1]}" if holder else "free")
            svg.rect(x, y, col - 12, 50, fill=box, stroke=INK, tip=tip)
            svg.text(x + 6, y + 20, label[0], on=box, size=12)
            svg.text(x + 6, y + 38, label[1], on=box, size=12, bold=holder)
    extras = ", ".join(f"{_who(state, c)} +{k}" for c, k in enumerate(state.extras[p]) if k)
    svg.text(10, 236, f"extra materials: {extras or 'none'}", on=fill, size=13)
    return svg.to_string()


def completion_svg(result: CompletionResult) -> str:
    """A completed fresco's contributors: materials on the card as bars, and the points each scores."""
    rows = result.contributors
    height = 54 + 30 * max(1, len(rows))
    top = result.top or "nobody"
    svg = Svg(620, height, f"{result.fresco}: modified scores {result.points}; zone icon: {top}")
    svg.rect(0, 0, 620, height, fill=PAPER)
    svg.text(8, 20, f"{result.fresco}: scores {'/'.join(map(str, result.points))}; zone icon: {top}", bold=True)
    most = max([c.materials for c in rows] + [1])
    for i, c in enumerate(rows):
        y = 36 + 30 * i
        seat = list(result.awards).index(c.colour) if c.colour in result.awards else i
        svg.text(8, y + 17, c.colour, size=13)
        length = 300 * c.materials / most
        svg.rect(100, y, length, 22, fill=player_colour(c.colour, seat), stroke=INK, tip=f"{c.colour}: {c.materials}")
        gained = result.awards.get(c.colour, 0)
        points = "point" if abs(gained) == 1 else "points"
        svg.text(110 + length, y + 17, f"{plural(c.materials, 'material')}: {gained:+d} {points}", size=13)
    if not rows:
        svg.text(8, 54, "nobody contributed", size=13)
    return svg.to_string()


def score_bars_svg(sheet: ScoreSheet, title: str = "Final scoring") -> str:
    """The score sheet as stacked bars, one per player, one colour per category, totals and
    the winner(s) starred; the key names the categories."""
    players = list(sheet.rows)
    colours = dict(zip(sheet.categories, (PAINT_COLOURS[c] for c in CATEGORY_PAINTS)))
    most = max(list(sheet.totals.values()) + [1])
    height = 48 + 34 * len(players) + 24 * len(sheet.categories)
    winners = " and ".join(sheet.winners)
    svg = Svg(760, height, f"{title}: totals " + ", ".join(f"{p} {t}" for p, t in sheet.totals.items()))
    svg.rect(0, 0, 760, height, fill=PAPER)
    svg.text(8, 20, title + (f" (winner: {winners})" if winners else ""), size=14, bold=True)
    for i, p in enumerate(players):
        y, x = 34 + 34 * i, 100.0
        svg.text(8, y + 18, p, size=13)
        for category in sheet.categories:
            value = sheet.rows[p].get(category, 0)
            w = 520 * max(value, 0) / most
            if w:
                svg.rect(x, y, w, 26, fill=colours[category], stroke=PAPER, tip=f"{p}, {category}: {value}")
                if w >= 26:
                    svg.text(x + w / 2, y + 18, str(value), on=colours[category], size=12, anchor="middle")
            x += w
        star = " ★" if p in sheet.winners else ""
        svg.text(x + 6, y + 18, f"{sheet.totals[p]}{star}", size=13, bold=True)
    y = 44 + 34 * len(players)
    for category in sheet.categories:
        svg.rect(8, y, 16, 16, fill=colours[category], stroke=INK)
        svg.text(30, y + 13, category, size=12)
        y += 24
    return svg.to_string()


__all__ = ["board_alt", "board_svg", "completion_svg", "fresco_card_svg", "score_bars_svg"]
