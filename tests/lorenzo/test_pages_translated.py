"""A whole Lorenzo il Magnifico game, played by a bot through the table model, reads in
Spanish and Italian on every page that shows it: the served seat page and projector page
(``fresco_kit.serve.pages``) and the Voila table's widgets (``classroom.table.Table``), at
several moments and at the end, with no English sentence left (``tests.catalogs.english_sentences``).

Left in English on purpose, and so taken out like the players' names: the kit's own names of
the development cards and excommunication tiles (proper names, the same in every language
until the editions' names are in the data), and in Spanish the rule citations (there is no
Spanish rules summary: ``tests/classroom/test_i18n.py`` wants them in English)."""

from __future__ import annotations

import pytest

from fresco_kit.classroom.i18n import citation
from fresco_kit.classroom.table import Table
from fresco_kit.classroom.table_parts import parts_for
from fresco_kit.core import Rng
from fresco_kit.core.registry import game_info
from fresco_kit.core.table_records import PLAYED
from fresco_kit.lorenzo.data import load
from fresco_kit.lorenzo.refs import RULES
from fresco_kit.serve import pages
from fresco_kit.serve.service import Served
from fresco_kit.sim.bots import make_bot
from tests.catalogs import english_sentences, widget_html

PLAYERS = ("Ana", "Ben")
#: the kit's card and tile names: proper names, kept in English (see the module docstring)
NAMES = tuple(sorted({c.name for c in load().cards.values()} | {e.name for e in load().excommunications.values()}, key=len, reverse=True))


def english_sentences_in(html: str, lang: str) -> list[str]:
    """``english_sentences`` of ``html``, the players' and cards' names taken out, and in Spanish
    the rule citations (cited in English where the language has no rulebook)."""
    cited = {citation(ref, lang) for ref in RULES.values()} if lang == "es" else set()
    return [text for text in english_sentences(html, names=PLAYERS + NAMES) if text not in cited]


def english_on(t: Table, lang: str) -> list[str]:
    """Every English sentence on the table's widgets and on its served seat and projector pages."""
    info = game_info("lorenzo")
    parts = parts_for(info)
    served = Served("t1", info, t.model, {p: f"token-{p}" for p in PLAYERS}, "projector", 1, {})
    found = []
    for html in widget_html(t.widget):
        found += english_sentences_in(html, lang)
    for seat in PLAYERS:
        found += english_sentences_in(pages.seat_page(served, seat, parts, lang), lang)
    found += english_sentences_in(pages.projector_page(served, parts, lang), lang)
    return found


@pytest.mark.parametrize("lang", ["es", "it"])
def test_a_whole_game_reads_without_english(lang):
    t = Table("lorenzo", players=list(PLAYERS), seed=7, seats=["human", "human"], lang=lang)
    bot, rng = make_bot("random"), Rng(3)
    english: set[str] = set()
    moves = 0
    mover = t.mover()
    t.try_text.value = f"place {mover} white council servants 99"  # refused: too few servants
    t._try()
    assert t.refusal.value and t.game.history == []
    english |= set(english_on(t, lang))
    while not t.game.is_over:
        if moves % 25 == 0:
            english |= set(english_on(t, lang))
        mover = t.mover()
        assert mover is not None
        action = bot.choose(t.game.rules, t.game.state, mover, rng)
        outcome = t.model.play(str(action), mover)
        assert outcome.kind == PLAYED, outcome
        t._refresh()
        moves += 1
    english |= set(english_on(t, lang))
    assert moves > 50
    assert not english, "\n".join(sorted(english))
