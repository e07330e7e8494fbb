"""ipywidgets for learning Lorenzo il Magnifico (ipywidgets imported lazily).

Each factory returns a :class:`Panel`: ``box`` (what the notebook shows), ``controls``
(the inner widgets by name, so tests can set ``.value`` or ``.click()`` headlessly) and
``out`` (an ``HTML`` widget holding the answer).  Every answer comes from the engine
through ``teach.py``.

Fast and readable: a change sets the ``.value`` of existing ``HTML`` widgets (no
``Output`` cleared, nothing rebuilt), boards and charts are SVG from ``svg.py`` (a few
ms, instead of a matplotlib figure and its PNG per change), sliders keep a track of at
least 250 px beside their whole label, buttons are as wide as their label, and text is
13 px, dark on white.

- :func:`dice_widget` — dice and servants: which spaces each member reaches, and why not
  (rules summary, *I dadi e i familiari*).
- :func:`tower_widget` — the tower explorer (*Le Torri e le carte Sviluppo*); its tower
  Dropdown is the browser probe (``fk-probe`` / ``fk-probe-out``).
- :func:`activation_widget` — harvest/production value -> cards that fire
  (*Le altre zone del tabellone*).
- :func:`vatican_widget` — faith and period -> threshold, VP, excommunications
  (*Il Rapporto in Vaticano*).
- :func:`scoring_widget` — a final-scoring sheet (*Fine del turno e punteggio finale*).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from html import escape, unescape
from typing import Any

from fresco_kit.classroom.widgets import panel, teacher_only
from fresco_kit.core import Rng, ScoreSheet
from fresco_kit.core.text import plural

from . import positions, rules, teach
from .data import CARD_TYPES, MEMBERS, load
from .refs import amount
from .svg import reach_svg, score_sheet_svg


@dataclass
class Panel:
    """A widget panel: ``box`` to display, ``controls`` by name, ``out`` (an ``HTML``
    widget) for the answer."""

    box: Any
    controls: dict[str, Any]
    out: Any
    state: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """The text currently shown in ``out`` (without its markup)."""
        return unescape(re.sub(r"<[^>]+>", "", self.out.value))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def _w() -> Any:
    """The ipywidgets module (imported on first use: widgets need no kernel to import this module)."""
    import ipywidgets as widgets

    return widgets


#: how answers are shown: monospaced (the texts line up in columns), 13 px, dark on white
_PRE = (
    "margin:0;font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:13px;line-height:1.35;"
    "color:#222222;background:#ffffff;white-space:pre-wrap"
)


def _output(probe: bool = False) -> Any:
    """The answer area: an ``HTML`` widget whose value is replaced in place (no clearing,
    no flicker); with ``probe`` it carries the browser test's class ``fk-probe-out``."""
    out = _w().HTML(layout={"border": "1px solid #ccc", "padding": "4px"})
    if probe:
        out.add_class("fk-probe-out")
    return out


def _show(out: Any, text: str) -> None:
    """Show ``text`` in ``out``, setting its value only when it changed."""
    value = f'<pre style="{_PRE}">{escape(text)}</pre>'
    if out.value != value:
        out.value = value


def _observe(controls: dict[str, Any], render: Callable[[], None], names: Iterable[str] | None = None) -> None:
    wanted = None if names is None else set(names)
    for name, c in controls.items():
        if wanted is None or name in wanted:
            c.observe(lambda change: render(), names="value")


_STYLE = {"description_width": "initial"}


def _slider(description: str, value: int, low: int, high: int, label: int = 0) -> Any:
    """An IntSlider whose track stays at least 250 px wide beside its whole label
    (``label``: the label's width in px, to line up a column of sliders; by default
    wide enough for ``description``)."""
    label = max(label, round(len(description) * 7.5) + 10)
    return _w().IntSlider(
        value=value,
        min=low,
        max=high,
        description=description,
        style={"description_width": f"{label}px"},
        layout={"width": f"{label + 370}px"},
    )


def _dropdown(description: str, options: Any, value: Any, width: int = 340) -> Any:
    """A Dropdown wide enough for its label and its longest option."""
    return _w().Dropdown(
        options=options, value=value, description=description, style=_STYLE, layout={"width": f"{width}px"}
    )


def _button(description: str, **kwargs: Any) -> Any:
    """A Button sized to its whole label."""
    return _w().Button(description=description, layout={"width": "auto"}, **kwargs)


def _board() -> Any:
    """An ``HTML`` widget for an SVG drawing (its value replaced in place)."""
    return _w().HTML(layout={"overflow": "auto"})


# --------------------------------------------------------------------------- (1) dice
def dice_widget(seed: int = 0) -> Panel:
    """Roll (seeded) or set the three dice, pick Red's member and servants: every space
    with yes, or no and the engine's reasons (4 players, round 1 of a constructed game)."""
    w = _w()
    base = positions.tower_position("starting resources")
    c = {
        "white": _slider("white die", base.dice["white"], 1, 6, 160),
        "black": _slider("black die", base.dice["black"], 1, 6, 160),
        "orange": _slider("orange die", base.dice["orange"], 1, 6, 160),
        "seed": teacher_only(w.IntText(value=seed, description="seed", style=_STYLE, layout={"width": "160px"})),
        "roll": _button("Roll the dice (tira i dadi)", button_style="info"),
        "member": _dropdown("family member (familiare)", list(MEMBERS), "neutral", 320),
        "servants": _slider("servants (servitori)", 0, 0, 6, 160),
        "board": _board(),
    }
    out = _output()
    view = Panel(None, c, out, {"rolling": False})

    def render() -> None:
        if view.state["rolling"]:
            return
        st = base.evolve(dice={k: c[k].value for k in ("white", "black", "orange")})
        text = teach.reach_text(st, "Red", c["member"].value, c["servants"].value)
        text += f"\n\nWith {plural(c['servants'].value, 'servant')}, each member at home:\n"
        text += teach.reach_summary(st, "Red", c["servants"].value)
        text += f"\nRed holds {amount(st.player('Red').res['servants'], 'servants')}."
        _show(out, text)
        c["board"].value = reach_svg(st, "Red", c["member"].value, c["servants"].value)

    def roll(_button: Any = None) -> None:
        rng = Rng(c["seed"].value)
        values = [rng.die(6) for _ in range(3)]
        view.state["rolling"] = True
        for k, v in zip(("white", "black", "orange"), values):
            c[k].value = v
        c["seed"].value += 1
        view.state["rolling"] = False
        render()

    c["roll"].on_click(roll)
    _observe(c, render, ("white", "black", "orange", "member", "servants"))
    view.box = panel(
        "The dice and the family members (I dadi e i familiari)",
        [
            w.VBox(
                [
                    w.HBox([c["seed"], c["roll"]]),
                    c["white"],
                    c["black"],
                    c["orange"],
                    c["member"],
                    c["servants"],
                ]
            )
        ],
        w.VBox([out, c["board"]]),
        "Red, 4 players, round 1: which spaces each family member reaches, and why not.",
    )
    render()
    return view


# --------------------------------------------------------------------------- (2) towers
def tower_widget(probe: bool = True) -> Panel:
    """The tower explorer: tower, floor, member, servants, a sample Red and who already
    stands in the tower -> the card, cost, occupied-tower coins, floor bonus, and legal or
    every reason with its rule.  With ``probe`` the tower Dropdown carries the CSS class
    ``fk-probe`` and the Output ``fk-probe-out`` (the browser test's handle)."""
    w = _w()
    c = {
        "tower": _dropdown(
            "tower (Torre)", [(f"{t} ({teach.ITALIAN_TOWER[t]})", t) for t in CARD_TYPES], "territory", 340
        ),
        "floor": _dropdown("floor (piano)", [1, 2, 3, 4], 1, 180),
        "member": _dropdown("family member", list(MEMBERS), "white", 260),
        "servants": _slider("servants", 0, 0, 8),
        "sample": _dropdown("Red's board", list(positions.TOWER_SAMPLES), "starting resources", 480),
        "occupied": _dropdown("already in this tower", ["empty", "another player", "own white member"], "empty", 340),
    }
    if probe:
        c["tower"].add_class("fk-probe")
    out = _output(probe)
    view = Panel(None, c, out)

    def render() -> None:
        st = positions.tower_position(c["sample"].value, c["occupied"].value, c["tower"].value, c["floor"].value)
        dice = ", ".join(f"{k} {v}" for k, v in st.dice.items())
        text = teach.tower_text(
            st, "Red", f"{c['tower'].value}-{c['floor'].value}", c["member"].value, c["servants"].value
        )
        _show(out, f"(4 players, round 1, dice {dice})\n" + text)

    _observe(c, render)
    view.box = panel(
        "The tower explorer (Le Torri e le carte Sviluppo)",
        [
            w.VBox(
                [
                    w.HBox([c["tower"], c["floor"]]),
                    c["member"],
                    c["servants"],
                    w.HBox([c["sample"], c["occupied"]]),
                ]
            )
        ],
        out,
    )
    render()
    return view


# --------------------------------------------------------------------------- (3) harvest / production
def activation_widget() -> Panel:
    """Harvest or production at an action value: which cards of a sample Red fire and
    what they yield (the personal bonus tile first)."""
    w = _w()
    c = {
        "zone": w.ToggleButtons(
            options=[("harvest (raccolto)", "harvest"), ("production (produzione)", "production")], value="harvest"
        ),
        "value": _slider("action value", 3, -2, 8),
        "sample": _dropdown("Red's cards", list(positions.ACTIVATION_SAMPLES), "four territories (period I)", 460),
    }
    out = _output()
    view = Panel(None, c, out)

    def render() -> None:
        _show(
            out,
            teach.activation_text(positions.activation_player(c["sample"].value), c["zone"].value, c["value"].value),
        )

    _observe(c, render)
    view.box = panel(
        "Harvest and production (Le altre zone del tabellone)",
        [w.VBox([c["zone"], c["value"], c["sample"]])],
        out,
    )
    render()
    return view


# --------------------------------------------------------------------------- (4) Vatican report
def vatican_widget(seed: int = 0) -> Panel:
    """Faith and period -> threshold, VP when supporting, and that period's excommunication
    tiles (the one drawn in the game of ``seed`` marked)."""
    w = _w()
    c = {
        "faith": _slider("faith (Punti Fede)", 3, 0, 15),
        "period": _dropdown(
            "period", [("I (end of round 2)", 1), ("II (end of round 4)", 2), ("III (end of round 6)", 3)], 1, 260
        ),
        "seed": w.IntText(value=seed, description="game seed", style=_STYLE, layout={"width": "180px"}),
    }
    out = _output()
    view = Panel(None, c, out, {"tiles": {}})

    def drawn(game_seed: int) -> tuple[int, ...]:
        tiles = view.state["tiles"]
        if game_seed not in tiles:
            tiles[game_seed] = rules.new_state(["Red", "Blue"], game_seed).excomm_tiles
        return tiles[game_seed]

    def render() -> None:
        tile = drawn(c["seed"].value)[c["period"].value - 1]
        _show(out, teach.vatican_text(c["faith"].value, c["period"].value, tile))

    _observe(c, render)
    view.box = panel(
        "The Vatican report (Il Rapporto in Vaticano)", [w.VBox([c["faith"], w.HBox([c["period"], c["seed"]])])], out
    )
    render()
    return view


# --------------------------------------------------------------------------- (5) final scoring
_SHEET_FIELDS = {
    "territories": (0, 6),
    "characters": (0, 6),
    "ventures": (0, 6),
    "military": (0, 30),
    "vp": (0, 80),
    "goods": (0, 40),
    "buildings": (0, 6),
}
_SHEET_LABELS = {
    "territories": "territories (territori)",
    "characters": "characters (personaggi)",
    "ventures": "ventures (imprese)",
    "military": "military (Punti Militari)",
    "vp": "VP during the game",
    "goods": "wood+stone+servants+coins",
    "buildings": "buildings (edifici; tile 20 only)",
}


def scoring_widget() -> Panel:
    """A final-scoring sheet: choose a player and set their cards, tracks and resources;
    the engine scores every player (``rules.scores``); "Draw" adds a bar chart (SVG,
    redrawn in place at every change from then on)."""
    w = _w()
    entries = {name: replace(e) for name, e in positions.SHEET_SAMPLE.items()}
    tiles = [(f"{t.id} {t.name}", t.id) for t in load().excommunications.values() if t.period == 3]
    c: dict[str, Any] = {"player": _dropdown("player", list(entries), "Red", 200)}
    for name, (lo, hi) in _SHEET_FIELDS.items():
        label = round(max(len(text) for text in _SHEET_LABELS.values()) * 7.5) + 10
        c[name] = _slider(_SHEET_LABELS[name], getattr(entries["Red"], name), lo, hi, label)
    c["excommunicated"] = w.Checkbox(
        value=entries["Red"].excommunicated,
        description="excommunicated in period III",
        indent=False,
        layout={"width": "auto", "margin": "0 24px 0 16px"},
    )
    c["tile"] = _dropdown("period III tile (scomunica)", tiles, 18, 470)
    c["draw"] = _button("Draw the sheet")
    c["chart"] = _board()
    out = _output()
    view = Panel(None, c, out, {"loading": False, "entries": entries, "chart": False})

    def sheet() -> ScoreSheet:
        return rules.scores(positions.score_position(entries, c["tile"].value))

    def render() -> None:
        if view.state["loading"]:
            return
        name = c["player"].value
        entries[name] = positions.SheetEntry(**{k: c[k].value for k in list(_SHEET_FIELDS) + ["excommunicated"]})
        s = sheet()
        _show(out, s.to_text())
        if view.state["chart"]:
            c["chart"].value = score_sheet_svg(s)

    def load_player(_change: Any = None) -> None:
        view.state["loading"] = True
        e = entries[c["player"].value]
        for k in list(_SHEET_FIELDS) + ["excommunicated"]:
            c[k].value = getattr(e, k)
        view.state["loading"] = False
        render()

    c["player"].observe(load_player, names="value")
    _observe(c, render, list(_SHEET_FIELDS) + ["excommunicated", "tile"])

    def draw(_button: Any = None) -> None:
        view.state["chart"] = True
        render()

    c["draw"].on_click(draw)
    view.box = panel(
        "A final-scoring sheet (Fine del turno e punteggio finale)",
        [
            w.VBox(
                [
                    w.HBox([c["player"], c["excommunicated"], c["tile"]]),
                    *[c[k] for k in _SHEET_FIELDS],
                    w.HBox([c["draw"]]),
                ]
            )
        ],
        w.VBox([out, c["chart"]]),
    )
    render()
    return view
