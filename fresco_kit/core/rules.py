"""Rule references, refusals and verdicts: how the kit says *why*.

Every rule the engines enforce is a :class:`RuleRef`: the game, the checklist id
(``../shared/reference/rules_checklist.txt``), the rulebook section heading and a
short paraphrase in the kit's own words.  A refusal is a :class:`RuleError` that
carries every broken rule, and :class:`Verdict` is the answer of ``explain``.

An effect reports what happened with :func:`tell`: the rule, and the text as a function
(``lambda: Msg(...)``) called only when someone reads it (the event keeps the function and
calls it on the first read of its text).  ``rules.apply`` hands the
effects a list and gets an :class:`Event` per report; the playout path (``apply_fast``)
hands them a :class:`Silent` list, which keeps nothing, so no text is made; inside
``core.text.unworded()`` (the runner's rule tracing) each event keeps its rule and no text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from . import plugins
from .text import worded, worded_texts


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

    @cached_property
    def unworded_event(self) -> Event:
        """The event of this rule with no text, what :func:`tell` gives inside
        ``core.text.unworded()`` (one per rule: events are values; kept on the rule, as a
        lookup by the rule would hash its four fields at every event of a traced game)."""
        return Event("", self)

    @property
    def citation(self) -> str:
        """Game, document and section heading, e.g. for a notebook footnote."""
        return f"{rulebook_title(self.game)}, {self.section}"

    def __str__(self) -> str:
        return f"{self.citation} [{self.checklist_id}]: {self.summary}"


class Rulebook(dict[str, RuleRef]):
    """The rules of one game, by checklist id: a read-only mapping.

    ``Rulebook("sixtina", {"restore.correct": ("How to Play, A. Correct Restoration",
    "sum above the value: top space"), ...})``; ``book["restore.correct"]`` is the
    :class:`RuleRef`.  An unknown id raises ``KeyError`` so typos fail loudly; changing
    a rulebook raises ``TypeError``.  (A ``dict`` underneath: the engines look a rule up
    at nearly every event and refusal.)
    """

    def __init__(self, game: str, entries: Mapping[str, tuple[str, str]]):
        super().__init__({rid: RuleRef(game, rid, section, summary) for rid, (section, summary) in entries.items()})
        self.game = game

    def __missing__(self, rule_id: str) -> RuleRef:
        raise KeyError(f"{self.game} has no rule {rule_id!r}")

    def __reduce__(self) -> tuple[Any, ...]:  # rebuilt from its entries (it refuses __setitem__)
        return (Rulebook, (self.game, {rid: (ref.section, ref.summary) for rid, ref in self.items()}))

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"the {self.game} rulebook is read-only")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only


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


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened while playing an action, and the rule that made it happen.

    ``Event(text, rule)``.  An event told by :func:`tell` (``Event("", rule, maker, args)``)
    keeps its text-maker and makes its text, ``maker(*args)``, on the first read of
    :attr:`text` (then keeps it): most events of a played game are never read.  Until then
    its ``text`` slot is empty, and :meth:`__getattr__` (called only for a missing
    attribute) makes it.  Otherwise an event is the frozen dataclass it always was:
    equality, hashing, ``repr``, ``dataclasses.asdict`` and pickling read the text."""

    __slots__ = ("_args", "_maker", "rule", "text")
    text: str
    rule: RuleRef | None

    def __init__(
        self,
        text: str,
        rule: RuleRef | None = None,
        maker: Callable[..., str] | None = None,
        args: tuple[Any, ...] = (),
    ) -> None:
        if maker is None:
            _set_text(self, text)
        _set_rule(self, rule)
        _set_maker(self, maker)
        _set_args(self, args)

    def __getattr__(self, name: str) -> Any:
        """A told event's text, made on its first read (always worded, even inside
        ``core.text.unworded()``); any other missing attribute raises ``AttributeError``."""
        maker = self._maker if name == "text" else None
        if maker is None:
            raise AttributeError(f"'Event' object has no attribute {name!r}")
        with worded_texts():  # the same text wherever it is first read
            text = maker(*self._args)
        _set_text(self, text)
        _set_maker(self, None)  # let go of the text-maker (its values stay: two threads may read at once)
        return text

    def __str__(self) -> str:
        return self.text if self.rule is None else f"{self.text}  [{self.rule.checklist_id}]"

    def __reduce__(self) -> tuple[Any, ...]:  # a worker process gets the text, not its maker
        return (Event, (self.text, self.rule))


# how Event sets its (frozen) fields: its slots' own setters
_set_text: Callable[[Event, str], None] = Event.__dict__["text"].__set__
_set_rule: Callable[[Event, RuleRef | None], None] = Event.__dict__["rule"].__set__
_set_maker: Callable[[Event, Callable[..., str] | None], None] = Event.__dict__["_maker"].__set__
_set_args: Callable[[Event, tuple[Any, ...]], None] = Event.__dict__["_args"].__set__
#: a new object of a class, its ``__init__`` not called
_blank = object.__new__


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


#: whether :func:`tell` makes each text at once rather than on first read (see :func:`told_at_once`)
_EAGER = False


class told_at_once:  # a lower-case name: used as a function, ``with told_at_once(): ...``
    """A block in which :func:`tell` makes every event's text at once, as the event is told,
    rather than when it is first read: what a test compares the lazy texts with (a text-maker
    that read a value changed later in the same action would give another text).  Not for
    threads running games at the same time (it sets a module flag)."""

    __slots__ = ("_was",)

    def __enter__(self) -> None:
        global _EAGER
        self._was, _EAGER = _EAGER, True

    def __exit__(self, *exc: object) -> None:
        global _EAGER
        _EAGER = self._was


def tell(events: list[Event], rule: RuleRef, text: Callable[..., str], *args: Any) -> None:
    """Report that ``rule`` made something happen: an :class:`Event` of ``rule`` whose text
    is ``text(*args)`` joins ``events``.  The text is made only when it is read
    (:meth:`Event.text`): a :class:`Silent` list gets no event, inside
    ``core.text.unworded()`` the event has the rule and an empty text, and otherwise the
    event keeps ``text`` and ``args`` and makes its text on first read.

    So ``text`` must not read anything that may change later: the unpublished state (and
    what it holds that is changed in place, such as a Lorenzo player's resources) changes
    while the action is applied, and a lambda sees a variable's last value.  Pass such values
    as ``args`` (``tell(events, rule, _paid, p.name, s.left)``); the action, the rule data
    and a published record are safe to read.  ``tests/core/test_told_texts.py`` plays whole
    games both ways (:class:`told_at_once`).  A module-level text function keeps less
    alive than a lambda (its function object, closure and cells stay with the event until
    the text is read): the most frequent events use one."""
    if isinstance(events, Silent):
        return
    if not worded():
        events.append(rule.unworded_event)
    elif _EAGER:
        events.append(Event(text(*args), rule))
    else:  # Event("", rule, text, args), written out: tell runs at nearly every event of every game
        event = _blank(Event)
        _set_rule(event, rule)
        _set_maker(event, text)
        _set_args(event, args)
        events.append(event)
