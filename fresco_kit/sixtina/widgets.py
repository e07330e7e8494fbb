"""ipywidgets for the 1980 Sixtina notebooks (ipywidgets imported inside the factories).

Each factory returns a ``VBox`` whose inner controls and ``out`` (the ``HTML`` widget it
writes to) are attributes, so tests drive them headlessly (set ``.value``, read
:func:`output_text`).  A change sets ``out.value`` once, in place: the text, then the
picture as SVG (:mod:`.svg`, a few milliseconds) instead of a new matplotlib figure
(about 200 ms to build and encode), so nothing blanks or flickers.  Sliders are 350 px
wide with their whole label; text is 13 px or more.  Every answer comes from the engine
through ``teach``:

- :func:`setup_selector` — Setup for 2, 3 or 4 players (the browser probe);
- :func:`restoration_explorer` — How to Play, A/B/C: what a restoration would be, and why
  it is or is not legal;
- :func:`completion_calculator` — Completing the Restoration of Frescoes, steps 1-4;
- :func:`chapel_explorer` — 5. New Restorations: which covered frescoes may be uncovered;
- :func:`final_scoring_sheet` — End of the Game and Scoring;
- :func:`gianluigi_reply_widget` — Two-Player Games, Gianluigi Restorations.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import escape, unescape
from typing import Any

from fresco_kit.classroom.widgets import panel, teacher_only
from fresco_kit.core.text import plural

from . import teach
from .chapel import place_status, revealable_places
from .codes import FRESCO_TECHS, PLACES, D
from .data import TECHNIQUES
from .examples import chapel_chain
from .state import KIND_NAMES, State
from .svg import board_svg, completion_svg, fresco_card_svg, score_bars_svg

FINAL_FIELDS = (
    ("during", "During the game"),
    ("objective_points", "Objective points"),
    ("objectives_claimed", "Objectives claimed"),
    ("restored", "Restored frescoes"),
    ("cards_left", "Cards in hand"),
    ("materials_left", "Materials left"),
)


TEXT_STYLE = (
    "font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:13px;line-height:1.45;"
    "color:#202124;background:#ffffff;white-space:pre-wrap;margin:4px 0"
)
#: sliders: wide enough for a usable track, with their whole label
SLIDER_WIDTH = "350px"


# -- helpers --------------------------------------------------------------------------
def output_text(out: Any) -> str:
    """The text an output widget shows now (the text part of its HTML, without the picture)."""
    found = re.search(r"<pre[^>]*>(.*?)</pre>", out.value, re.S)
    return unescape(found.group(1)) if found else ""


def _show(out: Any, text: str, svg: str | None = None) -> None:
    """Show ``text`` (and the ``svg`` picture under it) in ``out``: one value set in place."""
    text = text if text.endswith("\n") else text + "\n"
    picture = f"<div style='overflow-x:auto'>{svg}</div>" if svg else ""
    out.value = f'<pre style="{TEXT_STYLE}">{escape(text)}</pre>{picture}'


def _output() -> Any:
    """The output of a teaching widget: an ``HTML`` widget whose value is replaced on each change."""
    import ipywidgets as widgets

    return widgets.HTML(layout=widgets.Layout(width="100%"))


def _slider(value: int, low: int, high: int, description: str) -> Any:
    """An integer slider 350 px wide that shows its whole label."""
    import ipywidgets as widgets

    return widgets.IntSlider(
        value=value,
        min=low,
        max=high,
        description=description,
        style=_style(),
        layout=widgets.Layout(width=SLIDER_WIDTH),
    )


def _row(items: list[Any]) -> Any:
    """Controls side by side, wrapping onto the next line when the notebook is narrow."""
    import ipywidgets as widgets

    return widgets.HBox(items, layout=widgets.Layout(flex_flow="row wrap"))


def _panel(title: str, rows: list[Any], out: Any, **attrs: Any) -> Any:
    """The core panel (:func:`fresco_kit.classroom.widgets.panel`): ``title``, the rows of
    controls, ``out`` below; ``attrs`` become attributes of the box for tests."""
    import ipywidgets as widgets

    box = panel(title, rows if len(rows) == 1 else [widgets.VBox(rows)], out)
    box.out = out
    for name, value in attrs.items():
        setattr(box, name, value)
    return box


def _style() -> dict:
    return {"description_width": "initial"}


def _values_text(value: str, description: str = "Card values") -> Any:
    import ipywidgets as widgets

    return widgets.Text(
        value=value, description=description, continuous_update=False, placeholder="e.g. 2, 2, 3", style=_style()
    )


# -- Setup -----------------------------------------------------------------------------
def setup_selector(players: int = 3, seed: int = 0, probe: bool = True, draw: bool = True) -> Any:
    """Player-count selector (Setup): materials, black materials, visible frescoes,
    starting score spaces, objectives, the initial restorations and the chapel drawing.

    ``probe`` adds the CSS classes of the browser test (``fk-probe`` on the Dropdown,
    ``fk-probe-out`` on its output, an ``HTML`` widget)."""
    import ipywidgets as widgets

    count = widgets.Dropdown(
        options=[(f"{n} players", n) for n in (2, 3, 4)], value=players, description="Players", style=_style()
    )
    seed_w = teacher_only(
        widgets.BoundedIntText(
            value=seed, min=0, max=10_000, description="Seed", style=_style(), layout=widgets.Layout(width="160px")
        )
    )
    out = _output()
    if probe:
        count.add_class("fk-probe")
        out.add_class("fk-probe-out")
    box = _panel(
        "Setup (steps 1-9) for 2, 3 or 4 players",
        [_row([count, seed_w])],
        out,
        count=count,
        seed=seed_w,
        summary=None,
    )

    def render(_: Any = None) -> None:
        summary = teach.setup_summary(count.value, seed_w.value)
        box.summary = summary
        _show(out, summary.to_text(), board_svg(summary.state) if draw else None)

    count.observe(render, "value")
    seed_w.observe(render, "value")
    render()
    return box


# -- How to Play: the restoration explorer ----------------------------------------------
def _technique_options(state: State, place: str) -> list[tuple[str, str]]:
    p = PLACES.index(place)
    opts = []
    for (t, required), code in zip(FRESCO_TECHS[state.frescoes[p]], state.spaces[p]):
        name = D.techniques[t]
        held = "free" if code < 0 else f"taken: {KIND_NAMES[code >> 3]} by {state.colours[code & 7]}"
        opts.append((f"{teach.technique_name(name)} (needs {required}; {held})", name))
    return opts


def restoration_explorer(
    state: State | None = None,
    values: str = "2, 2, 3",
    technique: str = "repainting",
    place: str = "G1",
    draw: bool = True,
) -> Any:
    """Restoration explorer (How to Play, Restore Fresco, A/B/C).

    Choose who restores, a visible fresco, a technique and card values (and what-if
    play-area and black materials); shows the restoration type, what would be placed,
    what happens to the cards, and every rule that forbids it, with citations.  The
    default position is the rulebook's restoration examples (``examples.chapel_chain``)."""
    import ipywidgets as widgets

    if state is None:
        state = chapel_chain()[0].state
    visible = [p for i, p in enumerate(PLACES) if state.status[i] == 1]
    player = widgets.Dropdown(
        options=list(state.players), value=state.players[state.current], description="Restorer", style=_style()
    )
    place_w = widgets.Dropdown(
        options=[(f"{p} {state.fresco(PLACES.index(p)).name}", p) for p in visible],
        value=place if place in visible else visible[0],
        description="Fresco",
        style=_style(),
    )
    tech = widgets.Dropdown(
        options=_technique_options(state, place_w.value),
        description="Technique",
        style=_style(),
        layout=widgets.Layout(width="460px"),
    )
    if technique in [v for _, v in tech.options]:
        tech.value = technique
    cards = _values_text(values)
    extra = _slider(0, 0, 4, "Extra materials")
    play = _slider(state.play[state.current], 0, 8, "Materials in play area")
    black = _slider(state.black, 0, 4, "Black materials in supply")
    out = _output()
    box = _panel(
        "How to Play, C. Restoration: what would this restoration be, and is it legal?",
        [_row([player, place_w]), tech, _row([cards, extra]), _row([play, black])],
        out,
        player=player,
        place=place_w,
        technique=tech,
        cards=cards,
        extra=extra,
        play_area=play,
        black=black,
        result=None,
    )

    def render(_: Any = None) -> None:
        if tech.value is None:
            return
        try:
            vals = teach.parse_values(cards.value)
            result = teach.explore(
                state,
                place_w.value,
                tech.value,
                vals,
                state.players.index(player.value),
                extra.value,
                play.value,
                black.value,
            )
        except ValueError as exc:
            box.result = None
            _show(out, f"cannot explore: {exc}")
            return
        box.result = result
        shown = result.placed if result.placed is not None else result.state
        picture = fresco_card_svg(shown, place_w.value) if draw and shown is not None else None
        _show(out, result.to_text(), picture)

    def on_player(_: Any) -> None:
        play.value = state.play[state.players.index(player.value)]
        render()

    def on_place(_: Any) -> None:
        tech.options = _technique_options(state, place_w.value)  # fires render via tech
        render()

    player.observe(on_player, "value")
    place_w.observe(on_place, "value")
    for w in (tech, cards, extra, play, black):
        w.observe(render, "value")
    render()
    return box


# -- Completing the Restoration of Frescoes -------------------------------------------
_COMPLETION_DEFAULT = (
    "genesis_4",
    [("correct", "Red"), ("excellent", "Blue"), ("correct", "Blue"), ("prudent", "Red"), ("prudent", "White")],
    {"Red": 2, "White": 1, "Blue": 1},
)


def completion_calculator(players: tuple[str, ...] = ("Red", "White", "Blue"), draw: bool = True) -> Any:
    """Completion calculator (Completing the Restoration of Frescoes, steps 1-4).

    Pick a fresco, who holds each technique space (correct / excellent / prudent, by
    whom) and the extra materials; shows the modified scores, the contribution ranking
    with its tie-breaks, the points and who marks the zone icon.  Starts on the
    rulebook's example (12/5/4 -> 9/2/1)."""
    import ipywidgets as widgets

    fid, occupants, extras0 = _COMPLETION_DEFAULT
    fresco = widgets.Dropdown(
        options=[(f"{f.name} ({f.deck.replace('_', ' ')}; {'/'.join(map(str, f.scores))})", f.id) for f in D.frescoes],
        value=fid,
        description="Fresco",
        style=_style(),
    )
    choices = [("free", None)] + [(f"{k} {p}", (k, p)) for p in players for k in KIND_NAMES]
    spaces_box = widgets.VBox()
    extras = {p: _slider(extras0.get(p, 0), 0, 6, f"{p}'s extra materials") for p in players}
    half = widgets.Checkbox(
        value=False,
        description="last fresco at the end of the game (half points)",
        indent=False,
        layout=widgets.Layout(width="420px"),
    )
    out = _output()
    box = _panel(
        "Completing the Restoration of Frescoes: how a completed fresco scores",
        [fresco, spaces_box, _row(list(extras.values())), half],
        out,
        fresco=fresco,
        spaces=[],
        extras=extras,
        half=half,
        result=None,
    )

    def build_spaces(initial: list | None = None) -> None:
        for w in box.spaces:
            w.unobserve(render, "value")
        f = D.fresco_by_id[fresco.value]
        box.spaces = []
        for i, (t, req) in enumerate(f.techniques):
            w = widgets.Dropdown(
                options=choices,
                value=initial[i] if initial else None,
                style=_style(),
                description=f"{teach.technique_name(t)} (needs {req})",
                layout=widgets.Layout(width="380px"),
            )
            w.observe(render, "value")
            box.spaces.append(w)
        spaces_box.children = tuple(box.spaces)

    def render(_: Any = None) -> None:
        occ = [w.value for w in box.spaces]
        try:
            result = teach.completion(
                fresco.value, occ, {p: w.value for p, w in extras.items()}, players, half=half.value
            )
        except ValueError as exc:
            box.result = None
            _show(out, f"this position cannot exist: {exc}")
            return
        box.result = result
        free = sum(1 for o in occ if o is None)
        text = result.to_text()
        if free and not half.value:
            free_text = plural(free, "technique space")
            text = f"not complete yet: {free_text} free; scored as if it were complete now\n" + text
        _show(out, text, completion_svg(result) if draw and result.contributors else None)

    def on_fresco(_: Any) -> None:
        build_spaces()
        render()

    fresco.observe(on_fresco, "value")
    for w in list(extras.values()) + [half]:
        w.observe(render, "value")
    build_spaces(occupants)
    render()
    return box


def chapel_explorer(seed: int = 5, players: int = 3, draw: bool = True) -> Any:
    """New Restorations on the chapel graph: a seeded random game stopped after a chosen
    number of restored frescoes; lists (and outlines) the covered frescoes that may be
    uncovered next."""
    import ipywidgets as widgets

    restored = _slider(2, 0, 10, "Restored frescoes")
    seed_w = teacher_only(
        widgets.BoundedIntText(
            value=seed, min=0, max=10_000, description="Seed", style=_style(), layout=widgets.Layout(width="160px")
        )
    )
    out = _output()
    box = _panel(
        "5. New Restorations: which covered frescoes may be uncovered",
        [_row([restored, seed_w])],
        out,
        restored=restored,
        seed=seed_w,
        state=None,
    )

    def render(_: Any = None) -> None:
        state = teach.mid_game_state(seed_w.value, players, restored.value)
        box.state = state
        status = place_status(state)
        nxt = revealable_places(state)
        lines = [
            f"{k}: {', '.join(p for p, s in status.items() if s == k) or '-'}"
            for k in ("restored", "visible", "covered")
        ]
        lines.append(
            "may be uncovered next: " + (", ".join(nxt) or "nothing (no covered fresco left next to a visible one)")
        )
        if state.over:
            lines.append("(the game ended before that many frescoes were restored)")
        _show(out, "\n".join(lines), board_svg(state) if draw else None)

    restored.observe(render, "value")
    seed_w.observe(render, "value")
    render()
    return box


# -- Objectives -------------------------------------------------------------------------
def objectives_explorer(seed: int = 5, players: int = 3, restored: int = 4, draw: bool = True) -> Any:
    """Objectives: a seeded random game stopped after a chosen number of restored
    frescoes; for a chosen player, the twelve objectives with what the kit counts on the
    board against the threshold of this player count, and for the three in play whether
    a claim would be accepted now, or every reason it would be refused."""
    import ipywidgets as widgets

    count = widgets.Dropdown(options=[2, 3, 4], value=players, description="Players", style=_style())
    restored_w = _slider(restored, 0, 10, "Restored frescoes")
    seed_w = teacher_only(
        widgets.BoundedIntText(
            value=seed, min=0, max=10_000, description="Seed", style=_style(), layout=widgets.Layout(width="160px")
        )
    )
    who = widgets.Dropdown(options=list(teach.PLAYER_NAMES[:players]), description="Player", style=_style())
    out = _output()
    box = _panel(
        "Objectives: which may be claimed in this position, and why not the others",
        [_row([count, restored_w, seed_w]), who],
        out,
        players=count,
        restored=restored_w,
        seed=seed_w,
        who=who,
        state=None,
    )

    def render(_: Any = None) -> None:
        names = list(teach.PLAYER_NAMES[: count.value])
        if list(who.options) != names:
            who.options = names
        state = teach.mid_game_state(seed_w.value, count.value, restored_w.value)
        box.state = state
        colour = state.colours.index(who.value) if who.value in state.colours else 0
        side = "4" if state.n == 4 else "2-3"
        lines = [f"{state.colours[colour]}, {state.n} players (objective side {side}):"]
        group = None
        for line in teach.objectives_report(state, colour):
            if line.group != group:
                group = line.group
                lines.append(f"{group}:")
            points = "/".join(map(str, D.objective_by_id[line.objective].points(state.n)))
            mark = f"in play, {points}" if line.in_play else "         "
            lines.append(f"  [{mark:>14}] {line.to_text()}")
        lines.append("count / needed: what the kit counts on the board for each objective (notebook 6)")
        _show(out, "\n".join(lines), board_svg(state) if draw else None)

    for w in (count, restored_w, seed_w, who):
        w.observe(render, "value")
    render()
    return box


# -- End of the Game and Scoring --------------------------------------------------------
def final_scoring_sheet(inputs: Mapping[str, teach.FinalInputs] | None = None, draw: bool = True) -> Any:
    """Final-scoring sheet (End of the Game and Scoring): per player the points during the
    game, objectives, restored frescoes, kept prudent cards per technique and leftovers
    -> each category, the totals and the winner with tie-breaks.  Starts on the
    rulebook's Final Scoring Example."""
    import ipywidgets as widgets

    inputs = dict(teach.RULEBOOK_FINAL_INPUTS if inputs is None else inputs)
    fields: dict[str, dict[str, Any]] = {}
    columns = []
    small = widgets.Layout(width="250px")
    label_style = {"description_width": "150px"}
    for p, x in inputs.items():
        f: dict[str, Any] = {}
        for name, label in FINAL_FIELDS:
            f[name] = widgets.BoundedIntText(
                value=getattr(x, name), min=0, max=300, description=label, style=label_style, layout=small
            )
        for t in TECHNIQUES:
            f[t] = widgets.Text(
                value=", ".join(map(str, x.prudent.get(t, []))),
                continuous_update=False,
                description=f"kept {teach.technique_name(t)}",
                style=label_style,
                layout=small,
            )
        fields[p] = f
        columns.append(widgets.VBox([widgets.HTML(f"<b>{p}</b>")] + list(f.values())))
    out = _output()
    box = _panel("End of the Game and Scoring: the final score sheet", [_row(columns)], out, fields=fields, sheet=None)

    def render(_: Any = None) -> None:
        try:
            current = {
                p: teach.FinalInputs(
                    **{name: f[name].value for name, _ in FINAL_FIELDS},
                    prudent={t: list(teach.parse_values(f[t].value)) for t in TECHNIQUES},
                )
                for p, f in fields.items()
            }
        except ValueError as exc:
            box.sheet = None
            _show(out, f"cannot score: {exc}")
            return
        sheet = teach.final_sheet(current)
        box.sheet = sheet
        text = (
            sheet.to_text()
            + "\nPrudent restorations by technique:\n"
            + "\n".join("  " + line for line in teach.prudent_breakdown(current))
        )
        _show(out, text, score_bars_svg(sheet) if draw else None)

    for f in fields.values():
        for w in f.values():
            w.observe(render, "value")
    render()
    return box


# -- Two-Player Games: Gianluigi ---------------------------------------------------------
def gianluigi_reply_widget(
    frescoes: tuple[str, ...] = ("genesis_8", "jesus_christ_6", "moses_5"),
    technique: str = "plaster_injection",
    values: str = "2, 3, 3",
    restored_at: str | None = "genesis_8",
    draw: bool = True,
) -> Any:
    """Gianluigi's reply (Two-Player Games, Gianluigi Restorations): the technique and
    cards a player just restored with, the visible frescoes, where the player restored
    -> his possible restorations by priority, the one(s) he makes, his extra materials.
    Starts on the rulebook's example (8 against 9: prudent, black + 3)."""
    import ipywidgets as widgets

    names = {
        f.id: f"{f.name} ({', '.join(f'{teach.technique_name(t)} {v}' for t, v in f.techniques)})" for f in D.frescoes
    }
    chosen = widgets.SelectMultiple(
        options=[(names[f.id], f.id) for f in D.frescoes],
        value=tuple(frescoes),
        rows=len(D.frescoes),  # every fresco in view: a shorter list opens scrolled to hide choices
        description="Visible frescoes",
        style=_style(),
        layout=widgets.Layout(width="720px"),
    )
    tech = widgets.Dropdown(
        options=[(teach.technique_name(t), t) for t in TECHNIQUES],
        value=technique,
        description="Technique played",
        style=_style(),
    )
    cards = _values_text(values, "Card values played")
    where = widgets.Dropdown(description="Player restored on", style=_style(), layout=widgets.Layout(width="420px"))
    black = _slider(3, 0, 3, "Black materials in supply")
    out = _output()
    hint = widgets.HTML("<i>Ctrl-click (Cmd-click on a Mac) to choose several frescoes.</i>")
    box = _panel(
        "Two-Player Games: how Gianluigi answers a restoration",
        [chosen, hint, _row([tech, cards]), _row([where, black])],
        out,
        frescoes=chosen,
        technique=tech,
        cards=cards,
        restored_at=where,
        black=black,
        reply=None,
    )

    def where_options() -> None:
        opts = [("(another fresco, not shown)", None)] + [(D.fresco_by_id[f].name, f) for f in chosen.value]
        keep = where.value if where.value in chosen.value else None
        where.options = opts
        where.value = keep

    def render(_: Any = None) -> None:
        try:
            reply = teach.gianluigi_reply(
                list(chosen.value), tech.value, teach.parse_values(cards.value), where.value, black.value
            )
        except ValueError as exc:
            box.reply = None
            _show(out, f"cannot answer: {exc}")
            return
        box.reply = reply
        picture = fresco_card_svg(reply.after, reply.options[0]) if draw and reply.after is not None else None
        _show(out, reply.to_text(), picture)

    def on_frescoes(_: Any) -> None:
        where.unobserve(render, "value")
        where_options()
        where.observe(render, "value")
        render()

    where_options()
    if restored_at in chosen.value:
        where.value = restored_at
    chosen.observe(on_frescoes, "value")
    for w in (tech, cards, where, black):
        w.observe(render, "value")
    render()
    return box
