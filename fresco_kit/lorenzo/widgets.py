"""ipywidgets for learning Lorenzo il Magnifico (ipywidgets imported lazily).

Each factory returns a :class:`Panel`: ``box`` (what the notebook shows), ``controls``
(the inner widgets by name, so tests can set ``.value`` or ``.click()`` headlessly) and
``out`` (the Output the answer is written to with ``show_text``/``show_figure``).
Every answer comes from the engine through ``teach.py``.

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

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from fresco_kit.core import Rng, ScoreSheet
from fresco_kit.core.text import plural
from fresco_kit.core.widgets import panel, show_figure, show_text

from . import positions, rules, teach
from .data import CARD_TYPES, MEMBERS, load
from .draw import draw_score_sheet
from .refs import amount


@dataclass
class Panel:
    """A widget panel: ``box`` to display, ``controls`` by name, ``out`` for the answer."""

    box: Any
    controls: dict[str, Any]
    out: Any
    state: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """The text currently shown in ``out``."""
        return "".join(o.get("text", "") for o in self.out.outputs if o.get("output_type") == "stream")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def _w() -> Any:
    """The ipywidgets module (imported on first use: widgets need no kernel to import this module)."""
    import ipywidgets as widgets

    return widgets


def _output(probe: bool = False) -> Any:
    out = _w().Output(layout={"border": "1px solid #ccc", "padding": "4px"})
    if probe:
        out.add_class("fk-probe-out")
    return out


def _observe(controls: dict[str, Any], render: Callable[[], None], names: Iterable[str] | None = None) -> None:
    wanted = None if names is None else set(names)
    for name, c in controls.items():
        if wanted is None or name in wanted:
            c.observe(lambda change: render(), names="value")


_STYLE = {"description_width": "initial"}


# --------------------------------------------------------------------------- (1) dice
def dice_widget(seed: int = 0) -> Panel:
    """Roll (seeded) or set the three dice, pick Red's member and servants: every space
    with yes, or no and the engine's reasons (4 players, round 1 of a constructed game)."""
    w = _w()
    base = positions.tower_position("starting resources")
    c = {
        "white": w.IntSlider(value=base.dice["white"], min=1, max=6, description="white die", style=_STYLE),
        "black": w.IntSlider(value=base.dice["black"], min=1, max=6, description="black die", style=_STYLE),
        "orange": w.IntSlider(value=base.dice["orange"], min=1, max=6, description="orange die", style=_STYLE),
        "seed": w.IntText(value=seed, description="seed", layout={"width": "140px"}),
        "roll": w.Button(description="Roll the dice (tira i dadi)", button_style="info"),
        "member": w.Dropdown(
            options=list(MEMBERS), value="neutral", description="family member (familiare)", style=_STYLE
        ),
        "servants": w.IntSlider(value=0, min=0, max=6, description="servants (servitori)", style=_STYLE),
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
        show_text(out, text)

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
                    w.HBox([c["white"], c["black"], c["orange"]]),
                    w.HBox([c["member"], c["servants"]]),
                ]
            )
        ],
        out,
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
        "tower": w.Dropdown(
            options=[(f"{t} ({teach.ITALIAN_TOWER[t]})", t) for t in CARD_TYPES],
            value="territory",
            description="tower (Torre)",
            style=_STYLE,
        ),
        "floor": w.Dropdown(options=[1, 2, 3, 4], value=1, description="floor (piano)", style=_STYLE),
        "member": w.Dropdown(
            options=[f"{m}" for m in MEMBERS], value="white", description="family member", style=_STYLE
        ),
        "servants": w.IntSlider(value=0, min=0, max=8, description="servants", style=_STYLE),
        "sample": w.Dropdown(
            options=list(positions.TOWER_SAMPLES),
            value="starting resources",
            description="Red's board",
            style=_STYLE,
            layout={"width": "420px"},
        ),
        "occupied": w.Dropdown(
            options=["empty", "another player", "own white member"],
            value="empty",
            description="already in this tower",
            style=_STYLE,
        ),
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
        show_text(out, f"(4 players, round 1, dice {dice})\n" + text)

    _observe(c, render)
    view.box = panel(
        "The tower explorer (Le Torri e le carte Sviluppo)",
        [
            w.VBox(
                [
                    w.HBox([c["tower"], c["floor"]]),
                    w.HBox([c["member"], c["servants"]]),
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
        "value": w.IntSlider(value=3, min=-2, max=8, description="action value", style=_STYLE),
        "sample": w.Dropdown(
            options=list(positions.ACTIVATION_SAMPLES),
            value="four territories (period I)",
            description="Red's cards",
            style=_STYLE,
            layout={"width": "420px"},
        ),
    }
    out = _output()
    view = Panel(None, c, out)

    def render() -> None:
        show_text(
            out,
            teach.activation_text(positions.activation_player(c["sample"].value), c["zone"].value, c["value"].value),
        )

    _observe(c, render)
    view.box = panel(
        "Harvest and production (Le altre zone del tabellone)",
        [w.VBox([c["zone"], w.HBox([c["value"], c["sample"]])])],
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
        "faith": w.IntSlider(value=3, min=0, max=15, description="faith (Punti Fede)", style=_STYLE),
        "period": w.Dropdown(
            options=[("I (end of round 2)", 1), ("II (end of round 4)", 2), ("III (end of round 6)", 3)],
            value=1,
            description="period",
            style=_STYLE,
        ),
        "seed": w.IntText(value=seed, description="game seed", layout={"width": "160px"}),
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
        show_text(out, teach.vatican_text(c["faith"].value, c["period"].value, tile))

    _observe(c, render)
    view.box = panel("The Vatican report (Il Rapporto in Vaticano)", [c["faith"], c["period"], c["seed"]], out)
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
    the engine scores every player (``rules.scores``); "Draw" adds a bar chart."""
    w = _w()
    entries = {name: replace(e) for name, e in positions.SHEET_SAMPLE.items()}
    tiles = [(f"{t.id} {t.name}", t.id) for t in load().excommunications.values() if t.period == 3]
    c: dict[str, Any] = {"player": w.Dropdown(options=list(entries), value="Red", description="player")}
    for name, (lo, hi) in _SHEET_FIELDS.items():
        c[name] = w.IntSlider(
            value=getattr(entries["Red"], name), min=lo, max=hi, description=_SHEET_LABELS[name], style=_STYLE
        )
    c["excommunicated"] = w.Checkbox(value=entries["Red"].excommunicated, description="excommunicated in period III")
    c["tile"] = w.Dropdown(options=tiles, value=18, description="period III tile (scomunica)", style=_STYLE)
    c["draw"] = w.Button(description="Draw the sheet")
    out = _output()
    view = Panel(None, c, out, {"loading": False, "entries": entries})

    def sheet() -> ScoreSheet:
        return rules.scores(positions.score_position(entries, c["tile"].value))

    def render() -> None:
        if view.state["loading"]:
            return
        name = c["player"].value
        entries[name] = positions.SheetEntry(**{k: c[k].value for k in list(_SHEET_FIELDS) + ["excommunicated"]})
        show_text(out, sheet().to_text())

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
        s = sheet()
        show_figure(out, draw_score_sheet(s), s.to_text())

    c["draw"].on_click(draw)
    sliders = [c[k] for k in _SHEET_FIELDS]
    view.box = panel(
        "A final-scoring sheet (Fine del turno e punteggio finale)",
        [
            w.VBox(
                [
                    w.HBox([c["player"], c["excommunicated"], c["tile"]]),
                    w.HBox([w.VBox(sliders[:3]), w.VBox(sliders[3:])]),
                    c["draw"],
                ]
            )
        ],
        out,
    )
    render()
    return view
