"""Headless widget tests: set .value, read the text each widget shows and its state."""
from __future__ import annotations

import re
import time

import matplotlib.pyplot as plt
import pytest

from fresco_kit.sixtina import widgets as W


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def text(box) -> str:
    return W.output_text(box.out)


@pytest.mark.rule("sixtina setup.materials", "sixtina setup.black", "sixtina setup.sheets", "sixtina two.prep")
def test_setup_selector_redraws_for_each_player_count():
    w = W.setup_selector(draw=False)
    assert "fk-probe" in w.count._dom_classes and "fk-probe-out" in w.out._dom_classes
    assert "materials per player: 14" in text(w) and "black materials in the general supply: 3" in text(w)
    w.count.value = 4
    t = text(w)
    assert "materials per player: 13" in t and "black materials in the general supply: 4" in t
    assert "visible frescoes (4)" in t and "Yellow 6" in t
    assert len(w.summary.players) == 4
    w.count.value = 2
    t = text(w)
    assert "materials per player: 15" in t and "Gianluigi: 15 materials, score marker on 15" in t
    chapel = w.summary.state.frescoes
    w.seed.value = 3
    assert w.summary.state.frescoes != chapel


def test_setup_selector_shows_the_chapel_as_svg_in_place():
    w = W.setup_selector()
    out = w.out
    assert out.value.count("<svg") == 1 and 'role="img"' in out.value
    before = out.value
    w.count.value = 4
    assert w.out is out and out.value != before and out.value.count("<svg") == 1     # the same widget, new value
    assert "Yellow" in out.value


@pytest.mark.rule("sixtina restore.correct", "sixtina restore.excellent", "sixtina restore.prudent",
                  "sixtina act.restore")
def test_restoration_explorer():
    w = W.restoration_explorer(draw=False)
    t = text(w)
    assert "cards total 7 vs required 6 -> correct" in t and "legal" in t and "up to 3 extra" in t
    w.technique.value = "solvent_sponge"
    w.cards.value = "2"
    t = text(w)
    assert "-> excellent" in t and "bonus to choose: bonus refined, bonus material" in t
    w.technique.value = "washi_paper"
    w.cards.value = "1, 2"
    w.extra.value = 1
    t = text(w)
    assert "-> prudent" in t and "kept face up" in t and w.result.outcome.legal
    w.black.value = 0
    t = text(w)
    assert "not legal" in t and "needs a black material" in t and "C. Prudent Restoration" in t
    assert "rules cited: 1980 Sixtina rulebook, How to Play, C. Prudent Restoration" in t
    w.black.value = 3
    w.technique.value = "laboratory"
    assert "already holds a material" in text(w)
    w.cards.value = "seven"
    assert text(w).startswith("cannot explore")


def test_restoration_explorer_place_and_player():
    w = W.restoration_explorer(draw=False)
    w.place.value = "M1"
    assert [v for _, v in w.technique.options] == ["solvent_sponge", "infrared", "laboratory", "washi_paper"]
    assert "taken: correct by Blue" in w.technique.options[0][0]
    assert " on M1:" in text(w)
    w.player.value = "Blue"
    assert w.play_area.value == 2 and "Blue" in text(w)


def test_restoration_explorer_draws_the_card():
    w = W.restoration_explorer()
    assert w.out.value.count("<svg") == 1 and "Fresco card Creation of Adam at G1" in w.out.value


@pytest.mark.rule("sixtina complete.modify", "sixtina complete.contribution", "sixtina complete.score",
                  "sixtina complete.reveal", "sixtina complete.no_material")
def test_completion_calculator():
    w = W.completion_calculator(draw=False)
    t = text(w)
    assert "-> (9, 2, 1)" in t and "Blue: 3 materials" in t and "zone icon: Blue" in t
    assert w.result.awards == {"Blue": 9, "Red": 2, "White": 1}
    w.spaces[1].value = ("correct", "Blue")            # no excellent: 8/1/0, Red leftmost correct
    assert w.result.points == (8, 1, 0) and w.result.top == "Red"
    w.extras["White"].value = 4
    assert w.result.contributors[0].colour == "White"
    w.half.value = True
    assert "half points" in text(w)
    w.fresco.value = "moses_5"
    assert len(w.spaces) == 3 and "not complete yet" not in text(w)     # half shown, no warning
    w.half.value = False
    assert "not complete yet: 3 technique spaces free" in text(w)
    for s in w.spaces:
        s.value = ("prudent", "Red")
    for e in w.extras.values():
        e.value = 0
    assert w.result.points == (7, -1, -3) and w.result.awards == {}     # prudent only: no contribution
    assert "zone icon: nobody" in text(w)


def test_chapel_explorer_lists_next_frescoes():
    w = W.chapel_explorer(draw=False)
    assert "may be uncovered next:" in text(w)
    before = text(w)
    w.restored.value = 5
    assert text(w) != before and w.state.status.count(2) >= 5


@pytest.mark.rule("sixtina final.objectives", "sixtina final.contribution", "sixtina final.prudent",
                  "sixtina final.leftover", "sixtina final.winner")
def test_final_scoring_sheet():
    w = W.final_scoring_sheet(draw=False)
    assert w.sheet.totals == {"White": 65, "Red": 69, "Blue": 64}
    assert "Winner: Red" in text(w) and "Plaster Injection: Red [1, 2, 4] -> 6; Blue [1, 2, 3, 5] -> 5" in text(w)
    w.fields["Blue"]["during"].value = 37
    assert w.sheet.totals["Blue"] == 69 and "Winner: Blue" in text(w) and "tie on points" in text(w)
    w.fields["Red"]["plaster_injection"].value = "1, 2, 4, 6"      # 4 cards each: tied leaders, 2 per card
    assert w.sheet.rows["Red"]["Prudent restorations"] == 8 + 2
    assert w.sheet.rows["Blue"]["Prudent restorations"] == 8 + 4 + 2
    assert w.sheet.totals == {"White": 65, "Red": 71, "Blue": 72} and "Winner: Blue" in text(w)
    w.fields["Red"]["plaster_injection"].value = "x"
    assert text(w).startswith("cannot score")


@pytest.mark.rule("sixtina gian.restore", "sixtina gian.extra")
def test_gianluigi_reply_widget():
    w = W.gianluigi_reply_widget()
    assert w.out.value.count("<svg") == 1                                             # the card he restores
    t = text(w)
    assert "material icons 3.5 -> 3 extra" in t and "requires 9 -> prudent" in t
    assert w.reply.kind == "prudent" and w.reply.options == ("JC1",)
    w.cards.value = "3, 3, 3"
    assert w.reply.kind == "excellent" and "an excellent restoration" in text(w)
    w.black.value = 0
    w.cards.value = "2, 3"
    assert w.reply.kind == "" and "does not restore" in text(w)
    w.frescoes.value = ("genesis_8", "moses_5")
    assert w.restored_at.value == "genesis_8"
    w.restored_at.value = None                   # the player restored elsewhere: genesis_8 is free
    assert any(p == "G1" for p, _, _ in w.reply.candidates)
    w.technique.value = "laboratory"
    assert "does not restore" in text(w) and not w.reply.candidates


# -- fast, readable widgets: values set in place, wide sliders, no Output to blank ------------
FACTORIES = {
    "setup_selector": W.setup_selector,
    "restoration_explorer": W.restoration_explorer,
    "completion_calculator": W.completion_calculator,
    "chapel_explorer": W.chapel_explorer,
    "objectives_explorer": W.objectives_explorer,
    "final_scoring_sheet": W.final_scoring_sheet,
    "gianluigi_reply_widget": W.gianluigi_reply_widget,
}


def descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_widget_is_readable_and_updates_in_place(name):
    import ipywidgets as widgets

    box = FACTORIES[name]()
    parts = list(descendants(box))
    assert not any(isinstance(w, widgets.Output) for w in parts)          # nothing to blank
    assert isinstance(box.out, widgets.HTML) and W.output_text(box.out)
    assert box.out.value.count("<svg") == 1 and 'aria-label="' in box.out.value    # one picture, with alt text
    for w in parts:
        if isinstance(w, widgets.IntSlider):
            assert int(w.layout.width.rstrip("px")) >= 250 and w.style.description_width == "initial"
    sizes = [float(s) for s in re.findall(r'font-size[=:]"?([\d.]+)', box.out.value)]
    assert sizes and min(sizes) >= 11


def test_redraws_are_measured():
    """Time from a change to the new value (headless, engine + SVG): printed, not asserted."""
    w = W.chapel_explorer()
    start = time.perf_counter()
    for k in range(10):
        w.restored.value = k % 8
    ms = (time.perf_counter() - start) * 100
    print(f"chapel_explorer redraw: {ms:.1f} ms")
    assert ms > 0


def test_gianluigi_list_shows_every_fresco():
    w = W.gianluigi_reply_widget()
    assert w.frescoes.rows == len(w.frescoes.options)       # no scrolled list hiding chosen frescoes
