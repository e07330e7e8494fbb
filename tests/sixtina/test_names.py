"""1980 Sixtina's pieces as the texts name them (``fresco_kit/sixtina/names.py``): the data's
English words, said in Spanish and Italian through ``locale/<lang>/LC_MESSAGES/sixtina.po``."""

from __future__ import annotations

import pytest

from fresco_kit.classroom.i18n import say
from fresco_kit.sixtina import names
from fresco_kit.sixtina.describe import card_label, cards_label, place_name
from fresco_kit.sixtina.examples import chapel_chain


def test_the_names_are_the_datas_word_for_word(monkeypatch):
    """A title that drifts from seeds/sixtina.toml stops the import (the English texts stay the data's)."""
    names._check()
    monkeypatch.setitem(names.FRESCOES, "genesis_4", "The Creation of Adam")
    with pytest.raises(ImportError, match="Creation of Adam"):
        names._check()


@pytest.mark.parametrize(
    ("lang", "place", "cards", "kind"),
    [
        ("en", "Creation of Adam (G1)", "Repainting 2 (card 2) and Infrared 1 (card 42)", "excellent"),
        ("es", "Creación de Adán (G1)", "Repintado 2 (carta 2) y Infrarrojos 1 (carta 42)", "excelente"),
        ("it", "Creazione di Adamo (G1)", "Ridipintura 2 (carta 2) e Infrarossi 1 (carta 42)", "eccellente"),
    ],
)
def test_pieces_are_named_in_the_readers_language(lang, place, cards, kind):
    state = chapel_chain()[0].state
    assert say(place_name(state, "G1"), lang) == place
    assert say(cards_label([2, 42]), lang) == cards
    assert say(names.kind(1), lang) == kind
    covered = {"en": "the covered fresco at LJ1", "es": "el fresco cubierto en LJ1", "it": "l'affresco coperto in LJ1"}
    assert say(place_name(state, "LJ1"), lang) == covered[lang]
    assert say(card_label(99), lang) == {"en": "card 99", "es": "carta 99", "it": "carta 99"}[lang]


def test_the_same_piece_is_one_message():
    """The engine's texts share one Msg per piece (the random playouts make thousands a second)."""
    state = chapel_chain()[0].state
    assert place_name(state, "G1") is place_name(state, "G1")
    assert names.technique("infrared") is names.technique("infrared")
    assert names.technique("nonsense") == "nonsense" and names.objective("nonsense") == "nonsense"
