"""1980 Sixtina actions: small frozen dataclasses with a readable ``str`` and a parser.

The three actions of *How to Play* (:class:`Prepare`, :class:`Acquire`,
:class:`Restore`) and the decisions the rules hand to a player mid-action:
:class:`InitialRestoration` (Setup, step 9), :class:`Bonus` (excellent restoration),
:class:`Reveal` (Completing, 5. New Restorations), :class:`GianluigiChoice`
(two players) and :class:`ClaimObjective` (a history sheet's objective reward).

Texts: ``prepare``; ``acquire 3 17``; ``restore G2 repainting 3,17,22 +2``;
``bonus refined`` / ``bonus material`` / ``bonus objective one5``; ``reveal G3``;
``initial JC1``; ``gianluigi M2``; ``claim one5``.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from .data import TECHNIQUES, data

BONUSES = ("refined", "material", "objective")


@dataclass(frozen=True)
class Prepare:
    """Technique Preparation: draw three cards (hand limit eight)."""

    def __str__(self) -> str:
        return "prepare"


@dataclass(frozen=True)
class Acquire:
    """Acquire Material: discard ``cards`` (ids), one own supply material per card."""

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        _cards_as_tuple(self)

    def __str__(self) -> str:
        return "acquire " + " ".join(map(str, self.cards))


@dataclass(frozen=True)
class Restore:
    """Restore Fresco: play ``cards`` of ``technique`` on the fresco at ``place``
    (a place name such as ``"G2"``) and add ``extra`` own materials."""

    place: str
    technique: str
    cards: tuple[int, ...]
    extra: int = 0

    def __post_init__(self) -> None:
        _cards_as_tuple(self)

    def __str__(self) -> str:
        return f"restore {self.place} {self.technique} {','.join(map(str, self.cards))} +{self.extra}"


@dataclass(frozen=True)
class Bonus:
    """The excellent-restoration bonus: ``kind`` in BONUSES; ``objective`` for the third."""

    kind: str
    objective: str = ""

    def __str__(self) -> str:
        return f"bonus {self.kind}" + (f" {self.objective}" if self.objective else "")


@dataclass(frozen=True)
class Reveal:
    """Uncover the covered fresco at ``place`` (New Restorations)."""

    place: str

    def __str__(self) -> str:
        return f"reveal {self.place}"


@dataclass(frozen=True)
class InitialRestoration:
    """Setup step 9: put the supply material on the top space of the fresco at ``place``."""

    place: str

    def __str__(self) -> str:
        return f"initial {self.place}"


@dataclass(frozen=True)
class GianluigiChoice:
    """Two players: the activating player picks the fresco Gianluigi restores."""

    place: str

    def __str__(self) -> str:
        return f"gianluigi {self.place}"


@dataclass(frozen=True)
class ClaimObjective:
    """A history sheet's objective reward: claim ``objective``."""

    objective: str

    def __str__(self) -> str:
        return f"claim {self.objective}"


def _cards_as_tuple(action) -> None:
    """Accept a list of card ids too (stored as a tuple, so actions stay hashable values)."""
    if isinstance(action.cards, list):
        object.__setattr__(action, "cards", tuple(action.cards))


#: the rule each action kind belongs to (cited when an action object is malformed)
ACTION_RULES = {"Prepare": "act.preparation", "Acquire": "act.acquire", "Restore": "act.restore",
                "Bonus": "restore.excellent", "Reveal": "complete.new", "InitialRestoration": "setup.initial",
                "GianluigiChoice": "gian.restore", "ClaimObjective": "variant.sheets"}


def malformed(action) -> list[tuple[str, str]]:
    """``(message, rule id)`` for each field of ``action`` of the wrong type.

    Card ids and extra materials must be whole numbers (not booleans), names strings;
    such an action is refused before any rule is looked at."""
    out = []
    for name, typ in _FIELDS[type(action)]:
        v = getattr(action, name)
        if typ == "str":
            ok = isinstance(v, str)
        elif typ == "int":
            ok = type(v) is int
        else:                                   # tuple[int, ...]: card ids
            ok = type(v) is tuple and not [c for c in v if type(c) is not int]
        if not ok:
            want = {"str": "a name", "int": "a whole number"}.get(typ, "a tuple of card ids (whole numbers)")
            out.append((f"{type(action).__name__}.{name} must be {want}, not {v!r}",
                        ACTION_RULES[type(action).__name__]))
    return out


Action = Prepare | Acquire | Restore | Bonus | Reveal | InitialRestoration | GianluigiChoice | ClaimObjective
_FIELDS = {cls: tuple((f.name, f.type) for f in fields(cls))
           for cls in (Prepare, Acquire, Restore, Bonus, Reveal, InitialRestoration, GianluigiChoice, ClaimObjective)}


def _ints(text: str, sep: str | None) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in (text.split(sep) if sep else text.split()) if x)
    except ValueError:
        raise ValueError(f"card ids must be integers: {text!r}") from None


def _place(word: str) -> str:
    if word not in data().places:
        raise ValueError(f"unknown chapel place {word!r}; places are {', '.join(data().places)}")
    return word


def parse_action(text: str) -> Action:
    """The action written as ``text`` (the inverse of ``str(action)``).

    Raises ``ValueError`` with a clear message for text that is not an action."""
    if not isinstance(text, str):
        raise ValueError(f"an action text must be a string, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise ValueError("empty action text")
    verb, rest = words[0].lower(), words[1:]
    if verb == "prepare" and not rest:
        return Prepare()
    if verb == "acquire":
        return Acquire(_ints(" ".join(rest), None))
    if verb == "restore" and len(rest) in (3, 4):
        place, technique, cards = rest[0], rest[1], rest[2]
        if technique not in TECHNIQUES:
            raise ValueError(f"unknown technique {technique!r}; techniques are {', '.join(TECHNIQUES)}")
        extra = 0
        if len(rest) == 4:
            if not rest[3].startswith("+") or not rest[3][1:].isdigit():
                raise ValueError(f"extra materials are written +N, not {rest[3]!r}")
            extra = int(rest[3][1:])
        return Restore(_place(place), technique, _ints(cards, ","), extra)
    if verb == "bonus" and rest and rest[0] in BONUSES:
        if rest[0] == "objective":
            if len(rest) != 2:
                raise ValueError("write 'bonus objective <objective id>'")
            return Bonus("objective", rest[1])
        if len(rest) == 1:
            return Bonus(rest[0])
    if verb == "reveal" and len(rest) == 1:
        return Reveal(_place(rest[0]))
    if verb == "initial" and len(rest) == 1:
        return InitialRestoration(_place(rest[0]))
    if verb == "gianluigi" and len(rest) == 1:
        return GianluigiChoice(_place(rest[0]))
    if verb == "claim" and len(rest) == 1:
        return ClaimObjective(rest[0])
    raise ValueError(f"not a Sixtina action: {text!r} (e.g. 'prepare', 'acquire 3 17', "
                     f"'restore G2 repainting 3,17 +1', 'bonus refined', 'reveal G3')")
