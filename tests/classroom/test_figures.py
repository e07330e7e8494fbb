"""Figures carry alt text in notebooks (issue 12: accessibility), and the landing page lists every game."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from fresco_kit.classroom import figures  # noqa: E402
from fresco_kit.classroom.landing import landing_html, table_link  # noqa: E402


def test_alt_text_comes_from_the_attribute_or_the_titles():
    fig, ax = plt.subplots()
    ax.set_title("Seat win rates")
    ax.set_xlabel("seat")
    assert figures.alt_text(fig) == "Figure: Seat win rates, seat"
    assert figures.set_alt(fig, "Bars: seat 0 wins most") is fig
    assert figures.alt_text(fig) == "Bars: seat 0 wins most"
    html = figures.figure_html(fig)
    assert html.startswith('<img alt="Bars: seat 0 wins most" src="data:image/png;base64,')
    plt.close(fig)


def test_an_untitled_figure_still_gets_alt_text():
    fig = plt.figure()
    assert figures.alt_text(fig) == "Figure: a drawing from fresco_kit"
    plt.close(fig)


def test_ipython_shows_figures_as_html_with_alt_text_even_after_the_inline_backend_resets():
    from IPython.core.formatters import format_display_data
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    assert figures.enable()
    fig, ax = plt.subplots()
    ax.set_title("Lengths")
    # the inline backend forgets every formatter of Figure itself when pyplot starts
    for formatter in shell.display_formatter.formatters.values():
        formatter.pop(type(fig), None)
    data, _ = format_display_data(fig)
    assert data["text/html"].startswith('<img alt="Figure: Lengths"')
    plt.close(fig)


def test_the_landing_page_links_every_game_table_and_lesson(game_info, tmp_path):
    lessons = tmp_path / game_info.name
    lessons.mkdir()
    (lessons / "01_setup.ipynb").write_text('{"cells": [{"cell_type": "markdown", "source": "# Setting up"}]}')
    (lessons / "09_exercises.ipynb").write_text('{"cells": []}')
    html = landing_html(tmp_path)
    assert game_info.title in html
    assert f'href="{game_info.name}/01_setup.ipynb">Setting up</a>' in html
    assert f'href="{game_info.name}/09_exercises.ipynb"' in html
    for n in game_info.player_counts:
        assert table_link(game_info.name, players=str(n)).replace("&", "&amp;") in html
    assert "http" not in html      # relative links only: they work in Voila's folder mode and in JupyterLab
