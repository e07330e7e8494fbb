"""A whole 1980 Sixtina game, played by a bot through the table model, reads in Spanish and
Italian on every page that shows it: the served seat page and projector page
(``fresco_kit.serve.pages``) and the Voila table's widgets (``classroom.table.Table``), at
several moments and at the end, with no English sentence left (``tests.catalogs.english_sentences``).

Left in English on purpose, and so taken out like the players' names: the rule citations.
1980 Sixtina has an English rulebook only, so a rule is cited by its English section heading
in every language (``fresco_kit/classroom/i18n.py``; ``tests/classroom/test_i18n.py`` checks
them).  Everything else the game generates comes from ``locale/<lang>/LC_MESSAGES/sixtina.po``."""

from __future__ import annotations

import pytest

from fresco_kit.classroom.i18n import citation
from fresco_kit.classroom.table import Table
from fresco_kit.classroom.table_parts import parts_for
from fresco_kit.core import Rng
from fresco_kit.core.registry import game_info
from fresco_kit.core.table_records import PLAYED
from fresco_kit.serve import pages
from fresco_kit.serve.service import Served
from fresco_kit.sim.bots import make_bot
from fresco_kit.sixtina.refs import RULES
from tests.catalogs import english_sentences, widget_html

PLAYERS = {2: ("Ana", "Ben"), 3: ("Ana", "Ben", "Cleo")}


def english_sentences_in(html: str, lang: str, players: tuple[str, ...]) -> list[str]:
    """``english_sentences`` of ``html``, the players' names taken out, and the rule citations
    (English headings: there is no Spanish or Italian 1980 Sixtina rulebook)."""
    cited = {citation(ref, lang) for ref in RULES.values()}
    return [text for text in english_sentences(html, names=players) if text not in cited]


def english_on(t: Table, lang: str, players: tuple[str, ...]) -> list[str]:
    """Every English sentence on the table's widgets and on its served seat and projector pages."""
    info = game_info("sixtina")
    parts = parts_for(info)
    served = Served("t1", info, t.model, {p: f"token-{p}" for p in players}, "projector", 1, {})
    found = []
    for html in widget_html(t.widget):
        found += english_sentences_in(html, lang, players)
    for seat in players:
        found += english_sentences_in(pages.seat_page(served, seat, parts, lang), lang, players)
    found += english_sentences_in(pages.projector_page(served, parts, lang), lang, players)
    return found


@pytest.mark.parametrize(("lang", "n", "variant"), [("es", 3, "basic"), ("it", 3, "basic"), ("es", 2, "history")])
def test_a_whole_game_reads_without_english(lang, n, variant):
    """Three players in both languages; two players (Gianluigi's restorations) with the history
    sheets (their rewards) in Spanish."""
    players = PLAYERS[n]
    t = Table("sixtina", players=list(players), seed=7, seats=["human"] * n, lang=lang, variant=variant)
    bot, rng = make_bot("random"), Rng(3)
    english: set[str] = set()
    moves = 0
    mover = t.mover()
    assert mover is not None
    t.try_text.value = "restore LJ2 washi_paper 0,1 extra 9"  # refused: covered, cards not held, too many extras
    t._try()
    assert t.refusal.value and t.game.history == []
    english |= set(english_on(t, lang, players))
    while not t.game.is_over:
        if moves % 15 == 0:
            english |= set(english_on(t, lang, players))
        mover = t.mover()
        assert mover is not None
        action = bot.choose(t.game.rules, t.game.state, mover, rng)
        outcome = t.model.play(str(action), mover)
        assert outcome.kind == PLAYED, outcome
        t._refresh()
        moves += 1
    english |= set(english_on(t, lang, players))
    assert moves > 50
    cited = {e.rule.id for turn in t.game.history for e in turn.events if e.rule}
    assert {"complete.score", "end.trigger"} <= cited
    if n == 2:  # the game exercised Gianluigi's restorations and the history sheets' rewards
        assert {"gian.restore", "gian.extra", "variant.sheets"} <= cited
    assert not english, "\n".join(sorted(english))
