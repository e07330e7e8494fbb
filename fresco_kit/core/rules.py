"""Rule references, refusals and verdicts: how the kit says *why*.

Every rule the engines enforce is a :class:`RuleRef`: the game, the checklist id
(``../shared/reference/rules_checklist.txt``), the rulebook section heading and a
short paraphrase in the kit's own words.  A refusal is a :class:`RuleError` that
carries every broken rule, and :class:`Verdict` is the answer of ``explain``.

An effect reports what happened with :func:`tell`: the rule, and the text as a function
(``lambda: Msg(...)``) called only when someone will read it.  ``rules.apply`` hands the
effects a list and gets an :class:`Event` per report; the playout path (``apply_fast``)
hands them a :class:`Silent` list, which keeps nothing, so no text is made; inside
``core.text.unworded()`` (the runner's rule tracing) each event keeps its rule and no text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

from . import plugins
from .text import worded


def rulebook_title(game: str) -> str:
    """The title of the document game ``game``'s rules are cited from (its
    ``GameInfo.rulebook_title``); the name itself for a game that is not registered."""
    if game not in plugins.GAMES:
        return game
    title: str = plugins.info_of(game).rulebook_title
    return title


@dataclass(frozen=True)
class RuleRef:
    """One rule: ``game`` and checklist ``id``, the rulebook ``section``, a ``summary``."""

    game: str
    id: str
    section: str
    summary: str

    @cached_property
    def checklist_id(self) -> str:
        """The id as written in rules_checklist.txt, e.g. ``"sixtina restore.correct"``
        (worked out once: the runner's tracing counts rules by it)."""
        return f"{self.game} {self.id}"

    @property
    def citation(self) -> str:
        """Game, document and section heading, e.g. for a notebook footnote."""
        return f"{rulebook_title(self.game)}, {self.section}"

    def __str__(self) -> str:
        return f"{self.citation} [{self.checklist_id}]: {self.summary}"


class Rulebook(Mapping[str, RuleRef]):
    """The rules of one game, by checklist id.

    ``Rulebook("sixtina", {"restore.correct": ("How to Play, A. Correct Restoration",
    "sum above the value: top space"), ...})``; ``book["restore.correct"]`` is the
    :class:`RuleRef`.  An unknown id raises ``KeyError`` so typos fail loudly.
    """

    def __init__(self, game: str, entries: Mapping[str, tuple[str, str]]):
        self.game = game
        self._refs = {rid: RuleRef(game, rid, section, summary) for rid, (section, summary) in entries.items()}

    def __getitem__(self, rule_id: str) -> RuleRef:
        try:
            return self._refs[rule_id]
        except KeyError:
            raise KeyError(f"{self.game} has no rule {rule_id!r}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._refs)

    def __len__(self) -> int:
        return len(self._refs)


Reason = tuple[str, RuleRef]


class RuleError(ValueError):
    """An action broke one or more rules; the game state is unchanged.

    ``reasons`` lists ``(message, RuleRef)`` pairs; ``rule`` is the first rule.
    """

    def __init__(self, reasons: Iterable[Reason] | str, rule: RuleRef | None = None):
        if isinstance(reasons, str):
            if rule is None:
                raise TypeError("RuleError needs a RuleRef")
            reasons = [(reasons, rule)]
        self.reasons: tuple[Reason, ...] = tuple(reasons)
        if not self.reasons:
            raise TypeError("RuleError needs at least one reason")
        super().__init__("; ".join(f"{msg} ({ref.citation})" for msg, ref in self.reasons))

    @property
    def rule(self) -> RuleRef:
        """The first rule broken."""
        return self.reasons[0][1]

    def __reduce__(self) -> tuple:
        # rebuilt from the reasons, so a refusal in a worker process crosses back whole
        return (type(self), (self.reasons,))


@dataclass(frozen=True)
class Verdict:
    """Whether an action is legal now, and every reason if it is not."""

    ok: bool
    reasons: tuple[Reason, ...] = field(default=())

    @classmethod
    def of(cls, reasons: Iterable[Reason]) -> Verdict:
        """The verdict for a list of broken rules (legal when empty)."""
        reasons = tuple(reasons)
        return cls(not reasons, reasons)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if self.ok:
            return "legal"
        return "illegal:\n" + "\n".join(f"  - {msg}\n    ({ref})" for msg, ref in self.reasons)


@dataclass(frozen=True)
class Event:
    """Something that happened while playing an action, and the rule that made it happen."""

    text: str
    rule: RuleRef | None = None

    def __str__(self) -> str:
        return self.text if self.rule is None else f"{self.text}  [{self.rule.checklist_id}]"


class Silent(list[Event]):
    """The event list of the playout path (``rules.apply_fast``): the same effect code as
    ``rules.apply`` runs, and this list keeps nothing (:func:`tell` makes no event for it)."""

    __slots__ = ()

    def append(self, item: Event) -> None:
        """Drop ``item``."""

    def extend(self, items: Iterable[Event]) -> None:
        """Drop ``items``."""


#: the one silent list (it never holds anything, so it can be shared)
SILENT = Silent()


def heard(events: list[Event]) -> bool:
    """Whether the texts of events told to ``events`` will be read: not for a :class:`Silent`
    list, nor inside ``core.text.unworded()``."""
    return worded() and not isinstance(events, Silent)


def tell(events: list[Event], rule: RuleRef, text: Callable[..., str], *args: Any) -> None:
    """Report that ``rule`` made something happen: ``Event(text(*args), rule)`` joins
    ``events``.  ``text`` is called only when the text will be read (:func:`heard`): a
    :class:`Silent` list gets nothing, and inside ``core.text.unworded()`` the event has
    the rule and an empty text.  (In a loop, pass the loop's values as ``args`` rather than
    letting a lambda read them.)"""
    if isinstance(events, Silent):
        return
    events.append(Event(text(*args), rule) if worded() else _unworded_event(rule))


@cache
def _unworded_event(rule: RuleRef) -> Event:
    """The event of ``rule`` with no text (one per rule: events are values)."""
    return Event("", rule)
