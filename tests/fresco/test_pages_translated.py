"""A whole Fresco game, played by a bot through the table model, reads in Spanish and Italian
on every page that shows it: the served seat page and projector page
(``fresco_kit.serve.pages``) and the Voila table's widgets (``classroom.table.Table``), at
several moments and at the end, with no English sentence left (``tests.catalogs.english_sentences``).

Left in English on purpose, and so taken out like the players' names: in Spanish and Italian
the rule citations where the kit cites a rulebook section by its English heading (the
catalogs' ``fresco_kit.po`` holds the headings; ``tests/classroom/test_i18n.py`` checks them)."""

from __future__ import annotations

import pytest

from fresco_kit.classroom.i18n import citation
from fresco_kit.classroom.table import Table
from fresco_kit.classroom.table_parts import parts_for
from fresco_kit.core import Rng
from fresco_kit.core.registry import game_info
from fresco_kit.core.table_records import PLAYED
from fresco_kit.fresco.refs import RULES
from fresco_kit.serve import pages
from fresco_kit.serve.service import Served
from fresco_kit.sim.bots import make_bot
from tests.catalogs import english_sentences, widget_html

PLAYERS = ("Ana", "Ben", "Cleo")


def english_sentences_in(html: str, lang: str) -> list[str]:
    """``english_sentences`` of ``html``, the players' names taken out, and the rule citations
    the language has no heading for."""
    cited = {citation(ref, lang) for ref in RULES.values()}
    return [text for text in english_sentences(html, names=PLAYERS) if text not in cited]


def english_on(t: Table, lang: str) -> list[str]:
    """Every English sentence on the table's widgets and on its served seat and projector pages."""
    info = game_info("fresco")
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
    t = Table("fresco", players=list(PLAYERS), seed=7, seats=["human"] * 3, lang=lang)
    bot, rng = make_bot("random"), Rng(3)
    english: set[str] = set()
    moves = 0
    mover = t.mover()
    other = next(p for p in PLAYERS if p != mover)
    t.try_text.value = f"wake {other} 7"  # refused: not their turn to choose
    t._try()
    assert t.refusal.value and t.game.history == []
    english |= set(english_on(t, lang))
    while not t.game.is_over:
        if moves % 20 == 0:
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
