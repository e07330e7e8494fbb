"""1980 Sixtina's pieces named for the texts players read, as :class:`~fresco_kit.core.text.Msg` s.

The rule data (``seeds/sixtina.toml``) names the techniques, the fresco cards, the fresco
types and the objectives in English; the texts here are the same words marked for the
catalogs (``N_``), so every event, refusal, move text and board label can say them in
the reader's language (``fresco_kit/locale/<lang>/LC_MESSAGES/sixtina.po``).  Importing
this module checks that they match the data word for word (``ImportError`` otherwise), so
the English texts stay the data's.  The ids (``repainting``, ``G1``, ``one5``, card
numbers) stay in saves and in the action grammar.
"""

from __future__ import annotations

from collections.abc import Sequence

from fresco_kit.core.text import N_, Msg

from .data import data

#: the six restoration techniques (Components), by id
TECHNIQUES = {
    "repainting": N_("Repainting"),
    "solvent_sponge": N_("Solvent Sponge"),
    "laboratory": N_("Laboratory"),
    "infrared": N_("Infrared"),
    "plaster_injection": N_("Plaster Injection"),
    "washi_paper": N_("Washi Paper"),
}

#: the kinds of restoration (How to Play, A. Correct, B. Excellent, C. Prudent Restoration), by code
KINDS = (N_("correct"), N_("excellent"), N_("prudent"))

#: the fresco cards' titles, by card id
FRESCOES = {
    "jesus_christ_1": N_("Baptism of Christ"),
    "jesus_christ_2": N_("Temptations of Christ"),
    "jesus_christ_3": N_("Calling of the Apostles"),
    "jesus_christ_4": N_("Sermon on the Mount"),
    "jesus_christ_5": N_("Delivery of the Keys"),
    "jesus_christ_6": N_("Last Supper"),
    "genesis_1": N_("Separation of Light from Darkness"),
    "genesis_2": N_("Creation of the Sun, Moon and Plants"),
    "genesis_3": N_("Separation of Land and Water"),
    "genesis_4": N_("Creation of Adam"),
    "genesis_5": N_("Creation of Eve"),
    "genesis_6": N_("The Fall and Expulsion"),
    "genesis_7": N_("Sacrifice of Noah"),
    "genesis_8": N_("The Flood"),
    "genesis_9": N_("Drunkenness of Noah"),
    "moses_1": N_("Journey of Moses into Egypt"),
    "moses_2": N_("Trials of Moses"),
    "moses_3": N_("Crossing of the Red Sea"),
    "moses_4": N_("Descent from Mount Sinai"),
    "moses_5": N_("Punishment of Korah"),
    "moses_6": N_("Testament and Death of Moses"),
    "last_judgment_1": N_("Christ the Judge"),
    "last_judgment_2": N_("The Elect"),
    "last_judgment_3": N_("The Damned"),
    "last_judgment_4": N_("Resurrection of the Dead"),
    "last_judgment_5": N_("Charon's Boat"),
}

#: the kit's illustrative fresco types (readings: fresco types)
TYPES = {
    "portrait": N_("portrait"),
    "narrative": N_("narrative"),
    "architecture": N_("architecture"),
    "nature": N_("nature"),
}

#: the four decks, one per part of the chapel (Structure of the Sistine Chapel)
DECKS = {
    "jesus_christ": N_("Jesus Christ"),
    "genesis": N_("Genesis"),
    "moses": N_("Moses"),
    "last_judgment": N_("The Last Judgment"),
}

#: each objective card's condition (Objectives), by id
OBJECTIVES = {
    "materials8": N_("At least 8 of your materials (7 with 4 players) on ongoing and completed restorations"),
    "three6": N_("At least 6 of your materials spread over three ongoing restorations"),
    "one5": N_("At least 5 of your materials on one ongoing restoration"),
    "exc2": N_("At least 2 excellent restorations of Repainting, Washi Paper or Laboratory"),
    "cor2": N_("At least 2 correct restorations of Laboratory, Infrared or Solvent Sponge"),
    "ec3": N_(
        "At least 3 (2 with 4 players) excellent or correct restorations of Solvent Sponge, Plaster Injection or "
        "Repainting"
    ),
    "adjacent3": N_("Your materials on at least 3 (2 with 4 players) orthogonally adjacent restored frescoes"),
    "sametype2": N_("Your materials on at least 2 restored frescoes of the same type"),
    "difftype3": N_("Your materials on at least 3 (2 with 4 players) restored frescoes of different types"),
    "prudent_same3": N_("At least 3 technique cards of one technique in your play area"),
    "prudent5": N_("At least 5 technique cards in your play area"),
    "prudent_diff3": N_("Technique cards of at least 3 different techniques in your play area"),
}

#: the objective cards' groups (the headings of Objectives)
GROUPS = {
    "Materials in Frescoes": N_("Materials in Frescoes"),
    "Restored Frescoes": N_("Restored Frescoes"),
    "Type of Restoration": N_("Type of Restoration"),
    "Prudent Restorations": N_("Prudent Restorations"),
}

#: the decisions a turn can wait for (:mod:`.pending`), by kind, as "the pending ... decision" names them
DECISIONS = {
    "initial": N_("initial"),
    "bonus": N_("bonus"),
    "reveal": N_("reveal"),
    "gianluigi": N_("gianluigi"),
    "claim": N_("claim"),
}

#: what a sheet of the Variant: Sheets with History gives
REWARDS = {
    "points": N_("points"),
    "cards": N_("cards"),
    "materials": N_("materials"),
    "objective": N_("objective"),
}


def _check() -> None:
    """The texts above are the data's, word for word (ImportError naming the first that is not)."""
    d = data()
    pairs = [
        *((TECHNIQUES.get(t), name) for t, name in d.technique_names.items()),
        *((FRESCOES.get(f.id), f.name) for f in d.frescoes),
        *((TYPES.get(t), t) for t in d.fresco_types),
        *((OBJECTIVES.get(o.id), o.condition) for o in d.objectives),
        *((GROUPS.get(o.group), o.group) for o in d.objectives),
        *((REWARDS.get(s.reward), s.reward) for s in d.sheets),
    ]
    for said, wanted in pairs:
        if said != wanted:
            raise ImportError(f"sixtina names: {said!r} should read {wanted!r} as in seeds/sixtina.toml")


_check()


def _said(table: dict[str, str]) -> dict[str, Msg]:
    """Each text of ``table`` made a :class:`Msg` once (a ``Msg`` never changes, so the engine's
    texts share them: the random playouts make thousands a second)."""
    return {key: Msg(text) for key, text in table.items()}


_TECHNIQUES, _FRESCOES, _OBJECTIVES = _said(TECHNIQUES), _said(FRESCOES), _said(OBJECTIVES)
_TYPES, _DECKS, _GROUPS, _REWARDS, _DECISIONS = (
    _said(TYPES),
    _said(DECKS),
    _said(GROUPS),
    _said(REWARDS),
    _said(DECISIONS),
)
_KINDS = tuple(Msg(text) for text in KINDS)


def technique(technique_id: str) -> Msg | str:
    """A technique as the rulebook spells it, ``"Solvent Sponge"`` (an unknown id as it is)."""
    return _TECHNIQUES.get(technique_id, technique_id)


def kind(code: int) -> Msg:
    """A kind of restoration by its code (``codes.CORRECT``, ``EXCELLENT``, ``PRUDENT``): ``"correct"``."""
    return _KINDS[code]


def fresco(fresco_id: str) -> Msg:
    """A fresco card's title, ``"Creation of Adam"``."""
    return _FRESCOES[fresco_id]


def fresco_type(type_id: str) -> Msg | str:
    """A fresco type (the kit's illustrative grouping), ``"portrait"``; a deck id names its deck."""
    return _TYPES[type_id] if type_id in _TYPES else _DECKS.get(type_id, type_id)


def deck(deck_id: str) -> Msg:
    """A deck of fresco cards (a part of the chapel), ``"The Last Judgment"``."""
    return _DECKS[deck_id]


def objective(objective_id: str) -> Msg | str:
    """An objective by its condition, ``"At least 5 of your materials on one ongoing restoration"``."""
    return _OBJECTIVES.get(objective_id, objective_id)


def group(name: str) -> Msg | str:
    """An objective card's group, ``"Materials in Frescoes"``."""
    return _GROUPS.get(name, name)


def reward(name: str) -> Msg | str:
    """What a history sheet gives, ``"points"``."""
    return _REWARDS.get(name, name)


def decision(kind: str) -> Msg | str:
    """A kind of pending decision as a refusal names it, ``"bonus"``."""
    return _DECISIONS.get(kind, kind)


def joined(items: Sequence[str]) -> Msg | str:
    """Texts as a list ending in "and": ``"a, b and c"`` (each said in the reader's language)."""
    if len(items) == 1:
        return items[0]
    return Msg("{items} and {last}", items=list(items[:-1]), last=items[-1])
