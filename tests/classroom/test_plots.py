"""The design-review plots: what they draw, readable text, alt text."""

from __future__ import annotations

import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import to_hex
from matplotlib.patches import Rectangle
from matplotlib.text import Text

from fresco_kit.classroom.colours import contrast
from fresco_kit.classroom import plots
from fresco_kit.sim.metrics import category_shares, seat_table, win_table
from fresco_kit.sim.runner import Results, simulate

PLOTS = [
    (plots.win_rates, {"by": "seat"}),
    (plots.win_rates, {"by": "bot"}),
    (plots.category_shares, {}),
    (plots.lengths, {}),
    (plots.rule_use, {}),
    (plots.margins, {}),
    (plots.lead_changes, {}),
]


@pytest.fixture(scope="module")
def study() -> Results:
    return simulate("sixtina", ["random", "kit", "kit"], 10, seed=1, workers=1, progress=False, rules=True)


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def texts(fig):
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]


@pytest.mark.parametrize("plot, kwargs", PLOTS, ids=lambda p: getattr(p, "__name__", str(p)))
def test_every_plot_is_titled_readable_and_described(study, plot, kwargs):
    fig = plot(study, **kwargs)
    ax = fig.axes[0]
    assert "1980 Sixtina, 10 games" in ax.get_title() and ax.get_ylabel()
    for text in texts(fig):
        assert text.get_fontsize() * fig.dpi / 72 >= 11, f"{text.get_text()!r} is too small"
        assert contrast(to_hex(text.get_color()), "#ffffff") >= 4.5, f"{text.get_text()!r} is too faint"
    alt = plots.alt_text(fig)
    assert len(alt) > 40 and alt.endswith(".")


def test_win_rates_draw_the_seat_rates_with_intervals_and_the_fair_share(study):
    fig = plots.win_rates(study, by="seat")
    ax = fig.axes[0]
    table = seat_table(study.players)
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert [b.get_height() for b in bars] == pytest.approx(list(table["rate"]))
    assert [t.get_text() for t in ax.get_xticklabels()] == ["seat 0\nrandom", "seat 1\nkit", "seat 2\nkit"]
    fair = [line for line in ax.get_lines() if list(line.get_ydata()) == [1 / 3, 1 / 3]]
    assert fair, "no fair-share line at 1/3"
    assert f"{table['high'].iloc[1]:.2f}" in plots.alt_text(fig)            # the intervals are described


def test_win_rates_by_turn_order_position(study):
    fig = plots.win_rates(study, by="position")
    ax = fig.axes[0]
    table = win_table(study.players, "position")
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert [b.get_height() for b in bars] == pytest.approx(list(table["rate"]))
    assert [t.get_text() for t in ax.get_xticklabels()] == ["position 0", "position 1", "position 2"]
    assert "Win rate by position" in ax.get_title()


def test_category_shares_stack_to_the_whole_points(study):
    ax = plots.category_shares(study).axes[0]
    shares = category_shares(study.players, ["During the game", "Objectives", "Contribution",
                                             "Prudent restorations", "Leftover"])
    kit = [p.get_height() for p in ax.patches if p.get_x() < 0.5]          # bot order: kit, random
    assert sum(kit) == pytest.approx(1.0) and kit == pytest.approx(list(shares.loc["kit"]))
    assert ax.get_legend().get_texts()[0].get_text() == "During the game"


def test_histograms_count_every_finished_game(study):
    for plot, column in ((plots.lengths, "actions"), (plots.margins, "final_margin"),
                         (plots.lead_changes, "lead_changes")):
        ax = plot(study).axes[0]
        assert sum(p.get_height() for p in ax.patches) == len(study.games), column
        assert f"{study.games[column].mean():.1f}" in plots.alt_text(ax.figure)


def test_rule_use_heatmap_has_a_row_per_rule_with_its_counts(study):
    ax = plots.rule_use(study, top=5).axes[0]
    rows = [t.get_text() for t in ax.get_yticklabels()]
    totals = study.rules.groupby("rule")["fired"].sum().sort_values(ascending=False)
    assert len(rows) == 5 and rows[0] == totals.index[0].removeprefix("sixtina ")
    assert str(int(totals.iloc[0])) in [t.get_text() for t in ax.texts]


def test_plots_draw_into_a_given_axes_and_join_the_descriptions(study):
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    assert plots.margins(study, ax=left) is fig and plots.lead_changes(study, ax=right) is fig
    assert "winning margins" in plots.alt_text(fig) and "lead changes" in plots.alt_text(fig)


def test_bad_requests_are_refused_clearly(study):
    with pytest.raises(ValueError, match="'seat', 'position' or 'bot'"):
        plots.win_rates(study, by="colour")
    plain = Results(study.games, study.players, game="sixtina")
    with pytest.raises(ValueError, match="rules=True"):
        plots.rule_use(plain)
