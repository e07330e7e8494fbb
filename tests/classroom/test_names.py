"""Any names at every game: ``Ana,Ben,Carla`` and names with ``$``, ``&``, quotes, ``<b>`` and
accents are seated by the table model, drawn as text by the SVG board and the matplotlib
pictures (no math parsing), shown escaped by the classroom table, and read from a link; a name
the kit cannot seat is refused with the reason, keeping the link's other settings.

Every registered game is checked (the template game too, under ``--template-game``; a part
it lacks is left out)."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from fresco_kit.classroom.colours import FALLBACK, PLAYER_COLOURS, contrast, player_colour, text_on
from fresco_kit.classroom.svg import MIN_CONTRAST
from fresco_kit.classroom.table import Table
from fresco_kit.core.registry import games
from fresco_kit.core.table import TableModel

GAMES = [info.name for info in games()]
NAMES = ["Ana", "Ben", "Carla"]
#: one-word names (a name is one word without commas) with what breaks careless markup or math
ODD = [["$a^b^c$", "A&B", "O'Brien"], ['"Q"', "<b>B</b>", "Zoë"], ["Ñúñez", "&amp;", "$x$"]]


def seated(info, names):
    """``names`` (as many as the game takes, at least the fewest it takes) for ``info``."""
    count = min((n for n in info.player_counts if n >= len(names)), default=max(info.player_counts))
    extra = [f"P{i}" for i in range(count - len(names))]
    return (names + extra)[:count]


def played(info, names, moves: int = 30):
    """A game of ``names`` some moves in (the first legal move each time)."""
    game = info.new_game(names, 3)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(game.legal_actions()[0])
    return game


def test_every_player_colour_takes_readable_text():
    for colour in (*PLAYER_COLOURS.values(), *FALLBACK, *(c for i in games() for c in i.player_colours.values())):
        assert contrast(text_on(colour), colour) >= MIN_CONTRAST, colour
    assert len(set(FALLBACK)) == len(FALLBACK) and not set(FALLBACK) & set(PLAYER_COLOURS.values())
    assert len({player_colour(n, seat) for seat, n in enumerate(["Ana", "Ben", "Carla", "Dora", "Eva"])}) == 5


@pytest.mark.parametrize("game", GAMES)
def test_ana_ben_carla_sit_at_every_game(game):
    info = next(i for i in games() if i.name == game)
    names = seated(info, NAMES)
    model = TableModel(info.new_game(names, 1), ["human"] * len(names))
    assert model.players == names and all(model.view(n) is not None for n in names)
    table = Table(game, names, seed=1)
    assert table.game.players == names and "were not used" not in table.notice.value
    assert [m.description for m in table.seat_menus] == names
    linked = Table.from_query(query=f"game={game}&players={','.join(names)}&seed=2")
    assert linked.game.players == names and linked.game.seed == 2 and linked.notice.value == ""


@pytest.mark.parametrize("names", ODD, ids=["dollar-amp-quote", "quote-tag-accent", "accent-entity-dollar"])
@pytest.mark.parametrize("game", GAMES)
def test_odd_names_are_text_everywhere(game, names):
    info = next(i for i in games() if i.name == game)
    names = seated(info, names)
    game_ = played(info, names)
    if info.svg is not None:                 # well-formed SVG whose texts hold the names as typed
        svg = info.svg.board_svg(game_.state)
        texts = " ".join(t for t in ET.fromstring(svg).itertext())
        assert "<b>B</b>" not in svg          # a tag in a name is escaped, never markup
        assert any(n in texts for n in names), texts[:300]
    if info.draw is not None:                # matplotlib writes the names, never parses them as math
        import matplotlib.pyplot as plt
        from matplotlib.text import Text

        fig = info.draw.board(game_.state)
        try:
            fig.savefig(io.BytesIO(), format="png")
            shown = [t for t in fig.findobj(Text) if any(n in t.get_text() for n in names)]
            assert all(not t.get_parse_math() for t in shown)
        finally:
            plt.close(fig)
    table = Table(game, names, seed=3)       # the classroom table: every HTML value escapes the names
    for _ in range(5):
        table.model.advance()
    values = [w.value for w in walk(table.widget) if type(w).__name__ == "HTML"]
    assert not any("<b>B</b>" in v for v in values)
    assert any(n in unescape(" ".join(values)) for n in names)


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


@pytest.mark.parametrize(("query", "says", "kept"), [
    ("players=Ana,Ben,Carla&lang=xx&seed=4", "lang=xx: the languages are en, es, it", {"seed": 4, "players": NAMES}),
    ("players=Ana%20Maria,Ben&lang=es&seed=4", "Ana Maria no puede ser el nombre de un jugador", {"seed": 4, "lang": "es"}),
    ("players=Ana,Ana&lang=it", "due giocatori si chiamano Ana", {"lang": "it"}),
    ("players=Ana&seed=7&lang=es", "a Lorenzo il Magnifico juegan 2, 3, 4 jugadores, no 1", {"seed": 7, "lang": "es"}),
    ("players=Ana,Ben,Carla&seats=human,greedy&seed=5", "seats=human,greedy: give one of", {"seed": 5, "players": NAMES}),
])
def test_a_bad_setting_is_refused_and_the_others_kept(query, says, kept):
    table = Table.from_query(query=f"game=lorenzo&{query}")
    notice = unescape(table.notice.value)
    assert says in notice, notice     # the reason, in the notice (in the table's language)
    assert table.info.name == "lorenzo"
    assert kept.get("seed", 0) == table.game.seed and kept.get("lang", "en") == table.lang
    assert table.game.players == kept.get("players", list(table.info.players(max(table.info.player_counts))))
