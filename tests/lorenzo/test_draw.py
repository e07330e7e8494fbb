"""Lorenzo figures: the round-flow graph (checked against a played game), the board,
the scoring charts and readme_figures."""
from __future__ import annotations

import matplotlib
import pytest
from matplotlib.colors import to_rgba

from fresco_kit.core import Rng
from fresco_kit.classroom.colours import player_colour
from fresco_kit.lorenzo import draw, new_game, positions
from fresco_kit.lorenzo.positions import game_at
from fresco_kit.lorenzo.refs import RULES


def _texts(fig) -> str:
    return "\n".join(t.get_text() for ax in fig.axes for t in ax.texts + [ax.title])


@pytest.mark.rule("lorenzo struct.periods", "lorenzo phase.vatican")
def test_round_flow_graph_content():
    g = draw.round_flow_graph()
    assert set(g.nodes) == {"setup", "actions", "vatican", "end", "over"}
    assert set(g.edges) == {("setup", "actions"), ("actions", "vatican"), ("actions", "end"), ("vatican", "end"),
                            ("end", "setup"), ("end", "over")}
    assert g.edges["actions", "vatican"]["condition"] == "the round is even (2, 4, 6)"
    assert g.edges["end", "over"]["condition"] == "after round 6"
    assert list(g.predecessors("vatican")) == ["actions"]
    assert g.nodes["vatican"]["italian"] == "Rapporto in Vaticano"
    for _, d in g.nodes(data=True):
        assert all(r in RULES for r in d["rules"])


@pytest.mark.rule("lorenzo phase.vatican", "lorenzo round.setup")
def test_round_flow_matches_a_played_game():
    """Vatican reports come only after even rounds, six setups, one end: as the graph says."""
    game = new_game(["Red", "Blue", "Green"], seed=5)
    rng = Rng(5)
    reports, setups, ends = [], [], 0
    while not game.is_over:
        rnd = game.state.round
        for e in game.play(game.rules.sample_action(game.state, rng)):
            rid = e.rule.id if e.rule else ""
            if rid == "phase.vatican":
                reports.append(rnd)
            elif rid == "round.setup":
                setups.append(game.state.round)
            elif rid == "struct.periods":
                ends += 1
    g = draw.round_flow_graph()
    even = [int(x) for x in g.edges["actions", "vatican"]["condition"].split("(")[1].rstrip(")").split(",")]
    assert reports == even
    assert setups == [2, 3, 4, 5, 6] and ends == 1


def test_draw_round_flow_labels():
    fig = draw.draw_round_flow()
    text = _texts(fig)
    for word in ("Round setup", "Rapporto in Vaticano", "fine del turno", "punteggio finale",
                 "the round is even (2, 4, 6)"):
        assert word in text


@pytest.mark.rule("lorenzo place.min")
def test_board_colours_follow_the_engine():
    st = positions.tower_position("starting resources")
    fig = draw.draw_board(st, "Red", "neutral", 0)
    grey = to_rgba(draw._STATUS_COLOUR["value"])
    green = to_rgba(draw._STATUS_COLOUR["yes"])
    faces = [p.get_facecolor() for p in fig.axes[0].patches]
    assert sum(f == grey for f in faces) == 25 and green not in faces
    fig = draw.draw_board(st, "Red", "white", 0)          # white die 6: floors 1..3 everywhere
    faces = [p.get_facecolor() for p in fig.axes[0].patches]
    assert sum(f == grey for f in faces) == 4                # only the fourth floors are too high
    text = _texts(fig)
    assert "floor 4: value 7" in text and "bonus 2 wood" in text and "Torre delle Imprese" in text


@pytest.mark.rule("lorenzo final.total")
def test_score_sheet_chart():
    sheet = draw.sample_final_sheet()
    fig = draw.draw_score_sheet(sheet)
    text = _texts(fig)
    # issue 10: the label is the total, written as gains - losses, not the bar's top
    assert "total 54\nwinner" in text and "total 54 = 60 - 6" in text and "total 43" in text
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert labels == sheet.categories[:-1] + ["VP lost to excommunications (below 0)"]
    ax = fig.axes[0]
    assert ax.get_xlabel() == "player" and "stacked by category" in ax.get_ylabel()
    assert ax.get_legend().get_title().get_text() == "segment" and "losses below" in ax.get_title()


def test_scoring_tables():
    fig = draw.draw_scoring_tables()
    assert len(fig.axes) == 3
    assert "21" in _texts(fig) and "threshold III" in _texts(fig)
    assert [ax.get_ylabel() for ax in fig.axes] == ["VP at the end"] * 2 + ["VP when supporting"]
    assert fig.axes[0].get_xlabel() == "cards held at the end"
    assert all(len(line.get_xdata()) == 2 for line in fig.axes[2].lines)  # bars per space; lines: thresholds


def test_readme_figures():
    figs = draw.readme_figures()
    names = [n for n, _ in figs]
    assert names[0] == "lorenzo_round_flow.png" and len(set(names)) == len(names)
    assert all(n.startswith("lorenzo_") and n.endswith(".png") for n in names)
    assert all(isinstance(f, matplotlib.figure.Figure) for _, f in figs)


def test_board_draws_a_position_with_members_in_their_players_colours():
    """draw.board(state) is Game's picture; members on the board carry the core colour map's player colours."""
    game = game_at(positions.tower_position("starting resources", "another player"))
    game.play("place Red white council")
    fig = draw.board(game.state)
    marks = {t.get_text(): t for ax in fig.axes for t in ax.texts if ":" in t.get_text()}
    assert {"Red:white", "Blue:white"} <= set(marks)
    assert marks["Red:white"].get_bbox_patch().get_facecolor() == to_rgba(player_colour("Red"))
    assert game._repr_png_().startswith(b"\x89PNG")


#: how wide a notebook shows a figure at most (JupyterLab and GitHub scale wider images down)
SHOWN_WIDTH = 1000


@pytest.mark.parametrize("make", [draw.draw_round_flow, draw.draw_scoring_tables,
                                  lambda: draw.draw_score_sheet(draw.sample_final_sheet())],
                         ids=["round_flow", "scoring_tables", "score_sheet"])
def test_notebook_figures_read_on_a_projector(make):
    """Issue 12: the figures the notebooks show keep text of 11 px or more at the size they
    are shown (dpi x inches, scaled down to the notebook's width) and 4.5:1 contrast."""
    from matplotlib.colors import to_hex
    from matplotlib.text import Text

    from fresco_kit.classroom.colours import contrast

    fig = make()
    fig.canvas.draw()
    scale = min(1.0, SHOWN_WIDTH / (fig.get_figwidth() * fig.dpi))
    assert len(fig.alt_text) > 60                              # shown as <img alt="..."> (classroom.figures)
    texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    assert len(texts) > 10
    for t in texts:
        px = t.get_fontsize() * fig.dpi / 72 * scale
        assert px >= 11, (t.get_text(), px)
        box = t.get_bbox_patch()
        background = to_hex(box.get_facecolor()[:3]) if box else "#ffffff"
        assert contrast(to_hex(t.get_color()), background) >= 4.5, t.get_text()
