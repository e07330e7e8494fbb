"""ipywidgets for learning Fresco (ipywidgets imported inside the factories).

Each factory returns a container (``VBox``) that also carries its inner controls as
``.controls`` (a dict) and its answer as ``.out``, so tests can set ``.value``
headlessly and read what is shown.  Every answer comes from the engine through
:mod:`fresco_kit.fresco.teach`.  Widgets are fast and never blank: the answer is an
``HTML`` widget whose ``value`` is replaced in place (text in a ``<pre>``, boards as SVG
from :mod:`.svg`), never an ``Output`` cleared and refilled, and no matplotlib figure is
built on a change.  Sliders are 350 px wide, descriptions and buttons sized to their
labels, text at least 12 px with 4.5:1 contrast.  Every widget has the kit's one layout
(``fresco_kit.classroom.widgets.panel``: title, note, controls, answer) and the kit's paint
colours (``fresco_kit.classroom.colours``).

- :func:`wake_up_widget` -- Phase I: get-up times -> order, prices, mood, apprentices
  (the first player's time is the browser probe: classes ``fk-probe`` / ``fk-probe-out``).
- :func:`planner_widget` -- the 15-space action sheet, side 1 or side 2.
- :func:`bishop_widget` -- the bishop-bonus grid (SVG) for a chosen bishop square.
- :func:`altar_widget` -- three paints -> altar points or the refusal.
- :func:`blending_widget` -- the blending table and a two-paint lookup.
- :func:`final_count_widget` -- thalers into VP, collisions under base and Big Box.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape, unescape
from typing import Any

from fresco_kit.classroom.colours import INK, PAINT_COLOURS, text_on
from fresco_kit.classroom.widgets import panel
from fresco_kit.core.text import plural

from . import board, data, names, teach
from .svg import bishop_svg

#: controls sized to their labels (no cut text): descriptions as wide as they need
WIDE = {"description_width": "initial"}
SLIDER = {"width": "350px"}
_PRE = f'<pre style="font-size:13px;line-height:1.35;color:{INK};margin:0;white-space:pre;overflow-x:auto">'


def answer() -> Any:
    """The answer area of a widget: an ``HTML`` widget updated in place (see :func:`show`)."""
    import ipywidgets as widgets

    return widgets.HTML(layout={"border": "1px solid #ccc", "padding": "4px", "width": "auto"})


def show(out: Any, text: str, svg: str = "") -> None:
    """Replace what ``out`` shows with ``text`` (kept as typed) and an optional SVG drawing."""
    out.value = f"{_PRE}{escape(text)}</pre>{svg}"


def shown_text(widget: Any) -> str:
    """The text a widget's answer shows now (the ``<pre>`` part), e.g. for tests."""
    found = re.search(r"<pre[^>]*>(.*?)</pre>", widget.out.value, re.S)
    return unescape(found.group(1)) if found else ""


def _panel(
    title: str, row: list, out: Any, controls: dict, update: Callable[..., None], note: str | None = None
) -> Any:
    """The kit's panel (``row`` of controls above ``out``) carrying ``controls``, ``out``
    and ``update`` for tests; shows the first answer."""
    box = panel(title, row, out, note)
    box.controls = controls
    box.out = out
    box.update = update
    update()
    return box


def _spaces(spaces: frozenset[int]) -> str:
    """Mood-column spaces as players count them (from 1 at the bottom), e.g. ``2, 3``."""
    return ", ".join(str(names.mood_space(k)) for k in sorted(spaces))


def wake_up_widget(n: int = 4, probe: bool = True) -> Any:
    """Phase I (Fresco rulebook, I. Choosing get up time and adjusting mood).

    Per player a get-up time and the mood space before getting up; the output shows
    the choosing order (last on the track first; at the start S1 is last), each
    player's mood change and new space (clamped), apprentices, market price and the
    phase II order -- or why a choice is refused (a time already taken).  With
    ``probe`` the first player's time Dropdown has class ``fk-probe`` and the answer
    (an ``HTML`` widget) ``fk-probe-out`` (the browser test's hook)."""
    import ipywidgets as widgets

    players = teach.players_for(n)
    defaults = dict(zip(players, (7, 5, 6, 8)))
    times = {
        nm: widgets.Dropdown(
            options=[(f"{t} o'clock", t) for t in data.TIMES],
            value=defaults[nm],
            description=nm,
            layout={"width": "190px"},
            style=WIDE,
        )
        for nm in players
    }
    moods = {
        nm: widgets.IntSlider(
            value=names.mood_space(data.MOOD_START),
            min=1,
            max=data.MOOD_LENGTH,
            description="mood space",
            continuous_update=False,
            layout=SLIDER,
            style=WIDE,
        )
        for nm in players
    }
    out = answer()
    if probe:
        times[players[0]].add_class("fk-probe")
        out.add_class("fk-probe-out")

    def update(*_: Any) -> None:
        report = teach.wake_up({nm: times[nm].value for nm in players}, {nm: moods[nm].value for nm in players})
        show(out, report.text())

    for w in list(times.values()) + list(moods.values()):
        w.observe(update, names="value")
    rows = [widgets.HBox([times[nm], moods[nm]]) for nm in players]
    note = (
        "Choose each player's get-up time and set the mood space they start from: the answer shows the "
        f"choosing order and what each choice does. Mood spaces 1 (bottom) to {data.MOOD_LENGTH} (top): "
        f'"-1" = {_spaces(data.MOOD_MINUS)}, "+1" = {_spaces(data.MOOD_PLUS)}.'
    )
    return _panel(
        "Phase I: get-up times and mood", [widgets.VBox(rows)], out, {"times": times, "moods": moods}, update, note
    )


def planner_widget(player: str = "Red") -> Any:
    """Phase II planning (Fresco rulebook, II. Planning actions): tick spaces of the
    action sheet (5 columns x 3 spaces); the output says what each column would do and
    every reason the engine refuses the plan (e.g. more apprentices than one has)."""
    import ipywidgets as widgets

    side = widgets.ToggleButtons(
        options=[("side 1", "side1"), ("side 2 (final round)", "side2")],
        value="side1",
        style={"button_width": "auto"},
    )
    apprentices = widgets.Dropdown(
        options=[('4 (on a "-1" space)', 4), ("5", 5), ('6 (on a "+1" space)', 6)],
        value=5,
        description="apprentices",
        style=WIDE,
        layout={"width": "auto"},
    )
    heads = [widgets.HTML() for _ in range(5)]
    spaces = [
        [
            widgets.Checkbox(value=False, indent=False, description=f"space {k + 1}", layout={"width": "110px"})
            for k in range(data.SPACES_PER_COLUMN)
        ]
        for _ in range(5)
    ]
    out = answer()

    def update(*_: Any) -> None:
        cols = data.SHEETS[side.value]
        for h, col in zip(heads, cols):
            h.value = f"<b>{col}</b>"
        counts = [sum(cb.value for cb in column) for column in spaces]
        report = teach.plan_report(counts, apprentices.value, side.value, player)
        show(out, report.text())

    for w in [side, apprentices] + [cb for column in spaces for cb in column]:
        w.observe(update, names="value")
    sheet = widgets.HBox([widgets.VBox([h] + column) for h, column in zip(heads, spaces)])
    return _panel(
        "Phase II: planning actions",
        [widgets.VBox([widgets.HBox([side, apprentices]), sheet])],
        out,
        {"side": side, "apprentices": apprentices, "spaces": spaces, "heads": heads},
        update,
        "Pick the sheet's side and how many apprentices you have, then tick the spaces you send them to: "
        "the answer says what each column would do, or why the plan is refused.",
    )


def bishop_widget(state: Any = None) -> Any:
    """The bishop's bonus (Fresco rulebook, Cathedral, The bishop's bonus points) for
    every segment with the bishop on the chosen square, drawn as SVG; with ``state`` the
    cells also show the tile values and a checkbox switches them on or off."""
    import ipywidgets as widgets

    square = widgets.Dropdown(
        options=[(f"row {r}, column {c}", (r, c)) for r, c in board.SQUARES],
        value=data.CENTRE,
        description="bishop on",
        style=WIDE,
        layout={"width": "auto"},
    )
    values = widgets.Checkbox(
        value=state is not None, description="show tile values", disabled=state is None, indent=False
    )
    out = answer()

    def update(*_: Any) -> None:
        grid = teach.bishop_bonus_grid(square.value)
        twos = [(r, c) for r, c in board.SQUARES if grid[r - 1][c - 1] == 2]
        where = names.segment(square.value)
        text = (
            f"bishop on {where}: +3 for restoring {where}, +2 for "
            f"{plural(len(twos), 'neighbouring segment')} {', '.join(map(str, twos))}; 0 elsewhere"
        )
        show(out, text, bishop_svg(square.value, state if values.value else None))

    square.observe(update, names="value")
    values.observe(update, names="value")
    note = (
        "Choose the bishop's square in the list: each segment is coloured by the bonus a restoration there "
        "would earn (3 on his square, 2 next to it, 0 elsewhere)"
        + ("; tick 'show tile values' to add each tile's points." if state is not None else ".")
    )
    return _panel(
        "Cathedral: the bishop's bonus points",
        [square, values],
        out,
        {"square": square, "values": values},
        update,
        note,
    )


def altar_widget() -> Any:
    """Restore the altar (Fresco rulebook, Cathedral): pick three paints; the output
    gives the points (the better reading) or the engine's refusal with its rules."""
    import ipywidgets as widgets

    picks = [
        widgets.Dropdown(
            options=list(data.COLOURS),
            value=c,
            description=f"Paint {i}",
            style={"description_width": "initial"},
            layout={"width": "170px"},
        )
        for i, c in enumerate(data.PRIMARY, 1)
    ]
    out = answer()

    def update(*_: Any) -> None:
        show(out, teach.altar_report([p.value for p in picks]).text())

    for p in picks:
        p.observe(update, names="value")
    note = (
        "Choose three paints in the lists: the answer says how many victory points the altar gives for them, "
        "or which rule refuses them."
    )
    return _panel(
        "Cathedral: restore the altar", [widgets.Label("paints:"), *picks], out, {"paints": picks}, update, note
    )


def blending_widget() -> Any:
    """The blending table (Fresco rulebook, Workshop: Blend paints) and a lookup of two
    paints; each workshop apprentice allows two blends."""
    import ipywidgets as widgets

    def chip(c: str) -> str:
        return (
            f'<span style="background:{PAINT_COLOURS[c]};padding:1px 8px;border-radius:3px;'
            f'color:{text_on(PAINT_COLOURS[c])}">{c}</span>'
        )

    rows = "".join(
        f'<tr style="white-space:nowrap"><td>{chip(a)}</td><td>+</td><td>{chip(b)}</td><td>&rarr;</td>'
        f"<td>{chip(c)}</td></tr>"
        for a, b, c in teach.blending_rows()
    )
    table = widgets.HTML(
        f'<table style="font-size:14px;width:auto">{rows}</table>'
        f"<p>{data.BLENDS_PER_APPRENTICE} blends per workshop "
        "apprentice; the two primaries go back to the supply.</p>"
    )
    named = {"style": {"description_width": "initial"}, "layout": {"width": "190px"}}
    first = widgets.Dropdown(options=list(data.PRIMARY), value="red", description="First paint", **named)
    second = widgets.Dropdown(options=list(data.PRIMARY), value="yellow", description="Second paint", **named)
    out = answer()

    def update(*_: Any) -> None:
        made = [c for a, b, c in teach.blending_rows() if {a, b} == {first.value, second.value}]
        show(
            out,
            f"{first.value} + {second.value} -> {made[0]}"
            if made
            else f"{first.value} + {second.value}: no blend (the table blends two different primaries)",
        )

    first.observe(update, names="value")
    second.observe(update, names="value")
    return _panel(
        "Workshop: blend paints",
        [widgets.VBox([table, widgets.HBox([first, widgets.Label("+"), second])])],
        out,
        {"first": first, "second": second, "table": table},
        update,
        "Choose two paints in the lists below the table: the answer names the blended paint they make, "
        "or says why they do not blend.",
    )


def final_count_widget(n: int = 4) -> Any:
    """End of the Game: per player thalers, track space and final get-up time; the
    output plays the money count through the engine under both rulesets side by side
    (base: the mover picks behind/ahead on an occupied space; Big Box: ahead)."""
    import ipywidgets as widgets

    names = teach.players_for(n)
    defaults = {"Red": (10, 20, 5), "White": (0, 25, 6), "Blue": (0, 26, 7), "Yellow": (3, 5, 8)}
    thalers = {
        nm: widgets.BoundedIntText(
            value=defaults[nm][0],
            min=0,
            max=data.COINS,
            description=f"{nm} thalers",
            layout={"width": "210px"},
            style=WIDE,
        )
        for nm in names
    }
    spaces = {
        nm: widgets.BoundedIntText(
            value=defaults[nm][1],
            min=0,
            max=200,
            description="space",
            layout={"width": "140px"},
            style=WIDE,
        )
        for nm in names
    }
    times = {
        nm: widgets.Dropdown(
            options=list(data.TIMES),
            value=defaults[nm][2],
            description="up at",
            layout={"width": "140px"},
            style=WIDE,
        )
        for nm in names
    }
    choice = widgets.ToggleButtons(
        options=["behind", "ahead"],
        value="behind",
        description="base choice",
        tooltips=["next free space behind", "next free ahead"],
        style={"button_width": "auto", "description_width": "initial"},
    )
    out = answer()

    def update(*_: Any) -> None:
        players = {nm: (thalers[nm].value, spaces[nm].value, times[nm].value) for nm in names}
        texts = [teach.final_count(players, ruleset, choice.value).text() for ruleset in ("base", "bigbox")]
        show(out, ("space 0 = still on a start space\n\n") + "\n\n".join(texts))

    for w in list(thalers.values()) + list(spaces.values()) + list(times.values()) + [choice]:
        w.observe(update, names="value")
    rows = [widgets.HBox([thalers[nm], spaces[nm], times[nm]]) for nm in names]
    return _panel(
        "End of the Game: the final money count",
        [widgets.VBox([*rows, choice])],
        out,
        {"thalers": thalers, "spaces": spaces, "times": times, "choice": choice},
        update,
        "Set each player's thalers, track space and final get-up time, and pick what the base game does "
        "on a taken space: the answer plays the money count under both rulesets.",
    )
