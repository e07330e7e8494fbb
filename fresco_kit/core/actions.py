"""Actions: checked, frozen dataclasses with one text grammar shared by every game.

An action class subclasses :class:`Action`, is declared
``@dataclass(frozen=True, slots=True)`` and gives its ``VERB``.  Its annotations (the
same as for :class:`~fresco_kit.core.record.Record`) are checked when the action is
made: a ``bool`` is not a whole number, a float is refused, a name must be one of the
allowed names.  A bad field raises ``ValueError`` naming the field and the accepted
values.

**The action grammar** (the same in the three games)::

    verb value value ... label value ...

- The verb comes first (``restore``, ``place``, ``wake``...).
- Then each field in the order the class declares it.  A field with a *label*
  (``field(metadata={"label": "booth"})``) is written ``label value``; an optional
  field (one with a default) is left out while it has its default, and is written with
  its label (the field's name unless given), except a class's only optional field
  when it comes last, which goes unlabelled.
- A value is one word: a name (``Red``, ``JC1``, ``council``), a whole number (``7``,
  ``-1``), or a list written with commas and no spaces (``3,17,22``; ``-`` for an
  empty list).

Examples: ``prepare``, ``acquire 3,17``, ``restore G2 repainting 3,17,22 extra 2``
(1980 Sixtina); ``wake Red 7``, ``buy Red booth 2 tiles 1,3`` (Fresco);
``place Red white council servants 2`` (Lorenzo).  :class:`Grammar` parses them.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, TypeVar

from .record import WHOLE, Length, Names, Range, Record, listing, optional_inner, strip_annotated, tuple_item

EMPTY_LIST = "-"
A = TypeVar("A", bound="Action")


class Action(Record):
    """Base of every action: checks its fields when made; ``str()`` writes its text."""

    __slots__ = ()
    VERB: ClassVar[str] = ""

    def __post_init__(self) -> None:
        for spec in _specs(type(self)):
            value = getattr(self, spec.name)
            if type(value) is list:  # a list is taken for a tuple
                value = tuple(value)
                object.__setattr__(self, spec.name, value)
            if not spec.accepts(value) and not (spec.optional and value == spec.default):
                raise ValueError(f"{type(self).__name__}.{spec.name}: expected {spec.expected}, got {value!r}")

    def __str__(self) -> str:
        words = [self.VERB]
        specs = _specs(type(self))
        for spec in specs:
            value = getattr(self, spec.name)
            if spec.optional and value == spec.default:
                continue
            if spec.label:
                words.append(spec.label)
            words.append(spec.write(value))
        return " ".join(words)


@dataclasses.dataclass(frozen=True)
class _Spec:
    """How one action field is checked, written and read."""

    name: str
    label: str | None  # written before the value, or None (positional)
    optional: bool
    default: Any
    expected: str  # what the field accepts, in words
    accepts: Callable[[Any], bool]
    write: Callable[[Any], str]
    read: Callable[[str], Any]  # text -> value (ValueError on bad text)


_SPECS: dict[type, tuple[_Spec, ...]] = {}


def _specs(cls: type) -> tuple[_Spec, ...]:
    specs = _SPECS.get(cls)
    if specs is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        fields = dataclasses.fields(cls)
        made_specs: list[_Spec] = []
        for i, f in enumerate(fields):
            optional = _has_default(f)
            default = f.default if f.default is not dataclasses.MISSING else None
            alone = i == len(fields) - 1 and sum(_has_default(g) for g in fields) == 1
            label = f.metadata.get("label", None if (not optional or alone) else f.name)
            made_specs.append(_spec(f.name, hints[f.name], label, optional, default, cls))
        specs = tuple(made_specs)
        _SPECS[cls] = specs
    return specs


def _has_default(f: dataclasses.Field) -> bool:
    return f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING


def _spec(name: str, tp: Any, label: str | None, optional: bool, default: Any, cls: type) -> _Spec:
    write, read = _text_codec(tp)
    return _Spec(name, label, optional, default, _describe(tp), _checker(tp), write, read)


def _checker(tp: Any) -> Callable[[Any], bool]:
    """A fast test of a field value against its annotation (actions are made often)."""
    tp, constraints = strip_annotated(tp)
    rng = next((c for c in constraints if isinstance(c, Range)), None)
    names = next((c for c in constraints if isinstance(c, Names)), None)
    origin = typing.get_origin(tp)
    if tp is int:
        low, high = (rng or WHOLE).lowest, (rng or WHOLE).highest
        return lambda v: type(v) is int and low <= v <= high
    if tp is bool:
        return lambda v: type(v) is bool
    if tp is str:
        if names is None:
            return lambda v: type(v) is str and len(v.split()) == 1 and "," not in v
        return lambda v: type(v) is str and v in names.names
    if origin is typing.Literal:
        choices = typing.get_args(tp)
        return lambda v: any(type(v) is type(c) and v == c for c in choices)
    inner = optional_inner(tp, constraints)
    if inner is not None:
        check = _checker(inner)
        return lambda v: v is None or check(v)
    item = tuple_item(tp, constraints)
    if item is not None:
        check_item = _checker(item)
        length = next((c for c in constraints if isinstance(c, Length)), None)
        return lambda v: type(v) is tuple and (length is None or length.check(len(v))) and all(check_item(x) for x in v)
    if origin is tuple:
        checks = tuple(_checker(a) for a in typing.get_args(tp))
        return lambda v: type(v) is tuple and len(v) == len(checks) and all(c(x) for c, x in zip(checks, v))
    raise TypeError(f"an action field cannot be of type {tp!r}")


def _describe(tp: Any) -> str:
    """An annotation in words: 'a whole number >= 0', 'one of red, blue', ..."""
    tp, constraints = strip_annotated(tp)
    rng = next((c for c in constraints if isinstance(c, Range)), None)
    names = next((c for c in constraints if isinstance(c, Names)), None)
    origin = typing.get_origin(tp)
    if tp is int:
        return (rng or WHOLE).describe()
    if tp is bool:
        return "true or false"
    if tp is str:
        return names.describe() if names else "a name (one word)"
    if origin is typing.Literal:
        return f"one of {listing(typing.get_args(tp))}"
    inner = optional_inner(tp, constraints)
    if inner is not None:
        return f"{_describe(inner)}, or None"
    item = tuple_item(tp, constraints)
    if item is not None:
        return f"a tuple of items that are each {_describe(item)}"
    if origin is tuple:
        return f"a tuple ({', '.join(_describe(a) for a in typing.get_args(tp))})"
    return str(tp)


def _text_codec(tp: Any) -> tuple[Callable[[Any], str], Callable[[str], Any]]:
    """How a value of annotation ``tp`` is written as one word, and read back."""
    tp, constraints = strip_annotated(tp)
    origin = typing.get_origin(tp)
    inner = optional_inner(tp, constraints)
    if inner is not None:
        return _text_codec(inner)
    if tp is int:
        return str, _read_int
    if tp is bool:
        return (lambda v: "yes" if v else "no"), _read_bool
    if origin is tuple:
        args = typing.get_args(tp)
        item = args[0]
        write_item, read_item = _text_codec(item)

        def write(value: Sequence) -> str:
            return ",".join(write_item(v) for v in value) if value else EMPTY_LIST

        def read(word: str) -> tuple:
            if word == EMPTY_LIST:
                return ()
            return tuple(read_item(w) for w in word.split(","))

        return write, read
    return str, str  # names, literals


#: a whole number in an action text: ASCII digits, an optional leading minus, no more
#: digits than the largest bound needs (``int()`` would also take '+5', '1_0' and
#: non-ASCII digits)
_WHOLE_TEXT = re.compile(r"-?[0-9]{1,20}")


def _read_int(word: str) -> int:
    if not _WHOLE_TEXT.fullmatch(word):
        shown = word if len(word) <= 30 else word[:27] + "..."
        raise ValueError(f"{shown!r} is not a whole number (digits 0-9, with '-' before a negative one)")
    return int(word)


def _quoted(text: str) -> str:
    """An action text as error messages quote it (cut when long)."""
    return repr(text if len(text) <= 80 else text[:77] + "...")


def _read_bool(word: str) -> bool:
    if word in ("yes", "no"):
        return word == "yes"
    raise ValueError(f"{word!r} is not yes or no")


class Grammar:
    """The parser of one game's action texts, built from its action classes.

    ``Grammar("Fresco", (Wake, Plan, ...)).parse("wake Red 7")`` returns ``Wake("Red", 7)``;
    anything else raises ``ValueError`` saying what was expected."""

    def __init__(self, game: str, actions: Iterable[type[Action]]):
        self.game = game
        self.actions = tuple(actions)
        self.by_verb = {cls.VERB: cls for cls in self.actions}
        if len(self.by_verb) != len(self.actions) or "" in self.by_verb:
            raise TypeError(f"{game}: every action class needs its own VERB")

    def forms(self) -> list[str]:
        """One line per action: its verb and fields, e.g. ``buy PLAYER booth BOOTH tiles TILES``."""
        out = []
        for cls in self.actions:
            words = [cls.VERB]
            for spec in _specs(cls):
                word = spec.name.upper()
                word = f"{spec.label} {word}" if spec.label else word
                words.append(f"[{word}]" if spec.optional else word)
            out.append(" ".join(words))
        return out

    def fields(self, action: Action) -> list[tuple[str, str]]:
        """Each field of ``action`` as :meth:`forms` names it and as its text writes it, e.g.
        ``[("PLAYER", "Red"), ("SPACE", "territory-1"), ("SERVANTS", "0")]`` (a default too)."""
        return [(spec.name.upper(), spec.write(getattr(action, spec.name))) for spec in _specs(type(action))]

    def parse(self, text: Any) -> Action:
        """The action written as ``text``; ``ValueError`` names what is wrong."""
        if not isinstance(text, str):
            raise ValueError(f"an action text must be a string, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise ValueError(f"empty action text; {self.game} actions are: {'; '.join(self.forms())}")
        cls = self.by_verb.get(words[0].lower())
        if cls is None:
            verbs = ", ".join(self.by_verb)
            raise ValueError(f"{_quoted(text)}: {words[0][:30]!r} is not a {self.game} action; the verbs are {verbs}")
        fields = self._fields(cls, words[1:], text)
        try:
            return cls(**fields)
        except ValueError as exc:  # a field read but out of bounds: say which text
            raise ValueError(f"{_quoted(text)}: {exc}") from None

    def _fields(self, cls: type[Action], words: list[str], text: str) -> dict[str, Any]:
        specs = _specs(cls)
        form = self.forms()[self.actions.index(cls)]
        values: dict[str, Any] = {}
        labelled = {s.label: s for s in specs if s.label}
        i = 0
        for spec in specs:
            if i >= len(words):
                break
            if spec.label:
                if words[i] != spec.label:
                    if spec.optional:
                        continue
                    raise ValueError(f"{text!r}: expected {spec.label!r} here, as in {form!r}")
                if i + 1 >= len(words):
                    raise ValueError(f"{text!r}: {spec.label!r} needs a value, as in {form!r}")
                word, i = words[i + 1], i + 2
            else:
                if words[i] in labelled and spec.optional:
                    continue
                word, i = words[i], i + 1
            try:
                values[spec.name] = spec.read(word)
            except ValueError as exc:
                raise ValueError(f"{text!r}: {cls.__name__}.{spec.name}: {exc}; expected {spec.expected}") from None
        if i < len(words):
            raise ValueError(f"{text!r}: unexpected {' '.join(words[i:])!r}; the form is {form!r}")
        missing = [s.name for s in specs if not s.optional and s.name not in values]
        if missing:
            raise ValueError(f"{text!r}: missing {', '.join(missing)}; the form is {form!r}")
        return values


_MADE: dict[type, dict[tuple, Any]] = {}


def made(cls: type[A], *args: Any) -> A:
    """``cls(*args)``, checked when first made, then the same object again.

    For the engines' own generators of legal and random actions, which build the same
    actions again and again with well-typed arguments (the cache does not tell ``1``
    from ``True``, so never pass it input from outside)."""
    cache = _MADE.get(cls)
    if cache is None:
        cache = _MADE[cls] = {}
    found = cache.get(args)
    if found is None:
        if len(cache) > 50_000:
            cache.clear()
        found = cache[args] = cls(*args)
    return found


def describe_field(tp: Any) -> str:
    """What an annotation accepts, in words (for option and field messages)."""
    return _describe(tp)
