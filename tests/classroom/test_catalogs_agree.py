"""A text two games both generate reads the same in each language: the catalogs are chained
(:func:`fresco_kit.classroom.i18n.catalog`), so the first catalog holding a template gives its
translation on every game's pages, and two games' catalogs must not disagree on one."""

from __future__ import annotations

from itertools import combinations

import pytest

from tests.catalogs import TRANSLATED, game_catalog, po_path
from tests.games import kit_games

GAMES = [info.name for info in kit_games() if po_path(info.name, "es").exists()]


def _translations(game: str, lang: str) -> dict[str, object]:
    return {
        (m.id if isinstance(m.id, str) else m.id[0]): m.string for m in game_catalog(game, lang) if m.id
    }


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_template_two_games_share_is_translated_alike(lang):
    clashes = []
    for a, b in combinations(GAMES, 2):
        mine, theirs = _translations(a, lang), _translations(b, lang)
        clashes += [f"{t!r}: {a} {mine[t]!r} / {b} {theirs[t]!r}" for t in mine.keys() & theirs.keys()
                    if mine[t] != theirs[t]]
    assert not clashes, f"{lang}: {len(clashes)} templates translated differently: {clashes[:20]}"
