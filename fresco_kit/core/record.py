"""The state base every game shares: frozen, slotted dataclasses read and written as JSON.

A game's state and its parts subclass :class:`Record` and are declared as
``@dataclass(frozen=True, slots=True)`` with type annotations.  The annotations are
the schema: :meth:`Record.to_dict` writes readable JSON-ready data, and
:meth:`Record.from_dict` reads it back, checking every field against its annotation
(type, range, allowed names, tuple length) and refusing unknown or missing keys.  A bad
field raises :class:`SaveError` naming its path and what was expected::

    players[2].paints.blue: expected a whole number >= 0, got 'x'

Annotations understood (nest freely):

- ``int`` (a ``bool`` is not a whole number), ``bool``, ``str``, ``None``;
- ``X | None`` (``null`` in JSON), ``Literal["a", "b"]``;
- ``tuple[X, ...]`` and ``tuple[X, Y]`` (JSON lists), ``dict[str, X]`` (JSON objects);
- another :class:`Record` subclass (a JSON object with exactly its fields);
- ``Annotated[T, constraint, ...]`` with :class:`Range`, :class:`Names` or
  :class:`Length`, e.g. ``Count = Annotated[int, Range(0)]``; :data:`LATER` marks a
  field added after the save format was fixed (left out of a save at its default).

What one field cannot say (lengths that follow the number of players, cards that
must appear once) goes in :meth:`Record.validate`, which ``from_dict`` calls on every
record it builds, innermost first.

Rules code never changes a published state: :meth:`Record.evolve` returns a new one.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, Union, get_args, get_origin

R = TypeVar("R", bound="Record")

#: How deep a saved value may nest before it is refused (far more than any state needs).
MAX_DEPTH = 32


class SaveError(ValueError):
    """Saved data could not be loaded; the message names the field and what was expected."""


def field_error(path: str, expected: str, got: Any = dataclasses.MISSING) -> SaveError:
    """A :class:`SaveError` for the field at ``path``: ``path: expected ..., got ...``."""
    where = path or "the saved value"
    if got is dataclasses.MISSING:
        return SaveError(f"{where}: {expected}")
    return SaveError(f"{where}: expected {expected}, got {shown(got)}")


def shown(value: Any) -> str:
    """``value`` as an error message shows it: short, and a huge number by its length."""
    if type(value) is int and not -(10**60) < value < 10**60:
        return f"a number of about {_digit_count(value)} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _digit_count(value: int) -> int:
    """About how many decimal digits ``value`` has, from its bit length (converting a
    huge number to text is slow, and Python refuses it past 4,300 digits)."""
    return value.bit_length() * 30103 // 100000 + 1


def _join(path: str, key: str | int) -> str:
    """``path.key``, ``path[3]``, or ``path["odd key"]`` for a key that is not one word."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    if not _WORD.fullmatch(key):
        return f"{path}[{json.dumps(key)}]"
    return f"{path}.{key}" if path else key


_WORD = re.compile(r"[A-Za-z_][\w-]*")


def listing(names: Iterable[Any], most: int = 12) -> str:
    """``a, b, c`` -- at most ``most`` names, then how many more."""
    names = [str(n) for n in names]
    shown = ", ".join(names[:most])
    return shown + (f" (and {len(names) - most} more)" if len(names) > most else "")


# --------------------------------------------------------------------------- constraints
#: The largest whole number a field may hold unless its :class:`Range` says otherwise
#: (and the smallest is minus it): a generous limit over every count the components
#: allow, so that no saved number, data patch or action can make the kit's work grow
#: with its size.  A field that needs more declares it (``Range(0, 2**64 - 1)``).
MAX_WHOLE = 999


@dataclass(frozen=True)
class Range:
    """A whole number from ``low`` to ``high``; a bound left ``None`` is the kit's
    generous limit (``-MAX_WHOLE`` and ``MAX_WHOLE``), so every whole number is bounded."""

    low: int | None = None
    high: int | None = None

    @property
    def lowest(self) -> int:
        """The smallest value allowed."""
        return -MAX_WHOLE if self.low is None else self.low

    @property
    def highest(self) -> int:
        """The largest value allowed."""
        return MAX_WHOLE if self.high is None else self.high

    def check(self, value: int) -> bool:
        """Whether value is within the range."""
        return self.lowest <= value <= self.highest

    def describe(self) -> str:
        """The range in words, for error messages."""
        return f"a whole number from {self.lowest} to {self.highest}"


#: the bounds of a whole number whose annotation gives none
WHOLE = Range()


class Names:
    """A string from a known set, e.g. ``Names(("red", "blue"))`` or, for names read
    from the rule data on first use, ``Names(lambda: data().places)``."""

    __slots__ = ("_names", "_source", "what")

    def __init__(self, source: Iterable[str] | Callable[[], Iterable[str]], what: str = ""):
        self._source = source
        self._names: frozenset[str] | None = None
        self.what = what

    @property
    def names(self) -> frozenset[str]:
        """The allowed names (read from their source on first use)."""
        if self._names is None:
            source = self._source() if callable(self._source) else self._source
            self._names = frozenset(source)
        return self._names

    def ordered(self) -> list[str]:
        """The allowed names in their source's order."""
        source = self._source() if callable(self._source) else self._source
        return list(source)

    def describe(self) -> str:
        """The allowed names in words, for error messages."""
        what = f"{self.what}: " if self.what else ""
        return f"{what}one of {listing(self.ordered())}"

    def __repr__(self) -> str:
        return f"Names({self.what or listing(self.ordered(), 4)})"


@dataclass(frozen=True)
class Length:
    """A tuple of exactly ``n`` items (or from ``low`` to ``high`` when those are given)."""

    n: int | None = None
    low: int = 0
    high: int | None = None

    def check(self, size: int) -> bool:
        """Whether a tuple of size items is allowed."""
        if self.n is not None:
            return size == self.n
        return size >= self.low and (self.high is None or size <= self.high)

    def describe(self) -> str:
        """The length in words, for error messages."""
        if self.n is not None:
            return f"exactly {self.n} item{'s' if self.n != 1 else ''}"
        if self.high is None:
            return f"at least {self.low} items"
        return f"{self.low} to {self.high} items"


@dataclass(frozen=True)
class Later:
    """A field added after its save format was fixed (``Annotated[bool, LATER] = False``):
    written only when it differs from its default and read as its default when missing,
    so that a save written before the field existed loads and writes back unchanged."""


LATER = Later()

#: Common field types.
Count = typing.Annotated[int, Range(0)]


# --------------------------------------------------------------------------- the codec
# A codec is a pair (decode, encode): decode(value, path, depth) checks and converts
# JSON data; encode(value) turns a field's value into JSON-ready data.
Decode = Callable[[Any, str, int], Any]
Encode = Callable[[Any], Any]


def _identity(value: Any) -> Any:
    return value


def _decode_int(constraint: Range | None) -> Decode:
    constraint = constraint or WHOLE
    want = constraint.describe()
    low, high = constraint.lowest, constraint.highest

    def decode(value: Any, path: str, depth: int) -> int:
        if type(value) is not int or not low <= value <= high:
            raise field_error(path, want, value)
        return value

    return decode


def _decode_exact(kind: type, want: str) -> Decode:
    def decode(value: Any, path: str, depth: int) -> Any:
        if type(value) is not kind:
            raise field_error(path, want, value)
        return value

    return decode


def _decode_str(names: Names | None) -> Decode:
    def decode(value: Any, path: str, depth: int) -> str:
        if type(value) is not str:
            raise field_error(path, names.describe() if names else "a text", value)
        if names is not None and value not in names.names:
            raise field_error(path, names.describe(), value)
        return value

    return decode


def _decode_literal(choices: tuple) -> Decode:
    want = f"one of {listing(repr(c) for c in choices)}"

    def decode(value: Any, path: str, depth: int) -> Any:
        # compare with the type too, so that 1 does not pass for True or 1.0 for 1
        if not any(type(value) is type(c) and value == c for c in choices):
            raise field_error(path, want, value)
        return value

    return decode


def _decode_optional(inner: Decode) -> Decode:
    def decode(value: Any, path: str, depth: int) -> Any:
        return None if value is None else inner(value, path, depth)

    return decode


def _encode_optional(inner: Encode) -> Encode:
    return lambda value: None if value is None else inner(value)


def _decode_list(item: Decode, length: Length | None) -> Decode:
    want = f"a list of {length.describe()}" if length else "a list"

    def decode(value: Any, path: str, depth: int) -> tuple[Any, ...]:
        if depth > MAX_DEPTH:
            raise field_error(path, "nested too deeply")
        if type(value) is not list or (length is not None and not length.check(len(value))):
            raise field_error(path, want, value)
        return tuple(item(v, _join(path, i), depth + 1) for i, v in enumerate(value))

    return decode


def _decode_fixed(items: tuple[Decode, ...]) -> Decode:
    want = f"a list of {len(items)} items"

    def decode(value: Any, path: str, depth: int) -> tuple[Any, ...]:
        if depth > MAX_DEPTH:
            raise field_error(path, "nested too deeply")
        if type(value) is not list or len(value) != len(items):
            raise field_error(path, want, value)
        return tuple(d(v, _join(path, i), depth + 1) for i, (d, v) in enumerate(zip(items, value)))

    return decode


def _encode_list(item: Encode) -> Encode:
    if item is _identity:
        return list
    return lambda value: [item(v) for v in value]


def _encode_fixed(items: tuple[Encode, ...]) -> Encode:
    return lambda value: [e(v) for e, v in zip(items, value)]


def _decode_dict(keys: Names | None, items: Decode) -> Decode:
    def decode(value: Any, path: str, depth: int) -> dict:
        if depth > MAX_DEPTH:
            raise field_error(path, "nested too deeply")
        if type(value) is not dict:
            raise field_error(path, "an object", value)
        if keys is not None:
            _check_keys(value, keys.ordered(), path)
        return {k: items(v, _join(path, k), depth + 1) for k, v in value.items()}

    return decode


def _check_keys(value: Mapping[str, Any], expected: Iterable[str], path: str) -> None:
    expected = list(expected)
    known = set(expected)
    unknown = [k for k in value if k not in known]
    if unknown:
        raise field_error(_join(path, str(unknown[0])), f"unknown key; the keys here are {listing(expected)}")
    missing = [k for k in expected if k not in value]
    if missing:
        raise field_error(_join(path, missing[0]), "missing")


def strip_annotated(tp: Any) -> tuple[Any, list[Any]]:
    """An annotation without its ``Annotated`` layers, and the constraints they held."""
    constraints: list[Any] = []
    while get_origin(tp) is typing.Annotated:
        tp, *extra = get_args(tp)
        constraints += extra
    return tp, constraints


def _annotated(tp: Any, constraints: Iterable[Any]) -> Any:
    constraints = tuple(constraints)
    return typing.Annotated[(tp, *constraints)] if constraints else tp


def optional_inner(tp: Any, constraints: list[Any]) -> Any | None:
    """For ``X | None`` the annotation of ``X`` (keeping ``constraints``), else None.

    Raises ``TypeError`` for other unions, which saves cannot tell apart."""
    if get_origin(tp) not in (Union, types.UnionType):
        return None
    args = [a for a in get_args(tp) if a is not type(None)]
    if len(args) != 1 or len(get_args(tp)) != 2:
        raise TypeError(f"only 'X | None' unions are supported, not {tp}")
    return _annotated(args[0], constraints)


def tuple_item(tp: Any, constraints: list[Any]) -> Any | None:
    """For ``tuple[X, ...]`` the annotation of ``X`` with the names and range constraints
    (they apply to the items), else None."""
    args = get_args(tp)
    if get_origin(tp) is not tuple or len(args) != 2 or args[1] is not Ellipsis:
        return None
    return _annotated(args[0], (c for c in constraints if isinstance(c, (Names, Range))))


def _codec(tp: Any, owner: type) -> tuple[Decode, Encode]:
    """The (decode, encode) pair for one annotation."""
    tp, constraints = strip_annotated(tp)
    rng = next((c for c in constraints if isinstance(c, Range)), None)
    names = next((c for c in constraints if isinstance(c, Names)), None)
    length = next((c for c in constraints if isinstance(c, Length)), None)
    origin = get_origin(tp)
    if tp is int:
        return _decode_int(rng), _identity
    if tp is bool:
        return _decode_exact(bool, "true or false"), _identity
    if tp is str:
        return _decode_str(names), _identity
    if tp is type(None) or tp is None:
        return _decode_literal((None,)), _identity
    if isinstance(tp, type) and issubclass(tp, Record):
        return (
            lambda value, path, depth: tp._decode(value, path, depth),
            lambda value: value.to_dict(),
        )
    if origin is typing.Literal:
        return _decode_literal(get_args(tp)), _identity
    inner = optional_inner(tp, constraints)
    if inner is not None:
        dec, enc = _codec(inner, owner)
        return _decode_optional(dec), _encode_optional(enc)
    item = tuple_item(tp, constraints)
    if item is not None:
        dec, enc = _codec(item, owner)
        return _decode_list(dec, length), _encode_list(enc)
    if origin is tuple:
        pairs = [_codec(a, owner) for a in get_args(tp)]
        return _decode_fixed(tuple(p[0] for p in pairs)), _encode_fixed(tuple(p[1] for p in pairs))
    if origin is dict:
        key, value = get_args(tp)
        if key is not str:
            raise TypeError(f"{owner.__name__}: dict keys must be str, not {key}")
        if rng is not None:
            value = typing.Annotated[value, rng]
        dec, enc = _codec(value, owner)
        encode = dict if enc is _identity else (lambda d: {k: enc(v) for k, v in d.items()})
        return _decode_dict(names, dec), encode
    raise TypeError(f"{owner.__name__}: cannot save a field of type {tp!r}")


# --------------------------------------------------------------------------- the base
class Record:
    """Base of every state and state part: a frozen, slotted dataclass with a schema.

    Subclasses are declared ``@dataclass(frozen=True, slots=True)``.  See the module
    docstring for the annotations understood.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "evolve" not in cls.__dict__:
            cls.evolve = Record.evolve  # type: ignore[method-assign] # compiled for cls on first use

    #: Per class, built on first use: (name, decode, encode) triples.
    _codec_cache: ClassVar[dict[type, tuple[tuple[str, Decode, Encode], ...]]] = {}
    #: Per class, built on first use: the LATER fields and their defaults.
    _later_cache: ClassVar[dict[type, tuple[tuple[str, Any], ...]]] = {}

    # -- values -----------------------------------------------------------------
    def evolve(self: R, **changes: Any) -> R:
        """A copy with ``changes`` applied (an unknown field name raises ``TypeError``).

        Fast and unchecked: the rules build every new state with it (the copy is made
        by a function compiled once per class, field by field).  ``evolve()`` with no
        changes is the copy to fill in with :func:`assign` before handing it out."""
        return _compile_evolve(type(self))(self, **changes)

    # -- saving -----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data: names, lists and numbers, one key per field (a
        :data:`LATER` field only when it differs from its default)."""
        cls = type(self)
        out = {name: encode(getattr(self, name)) for name, _, encode in _codecs(cls)}
        for name, default in _later_fields(cls):
            if type(out[name]) is type(default) and out[name] == default:
                del out[name]
        return out

    @classmethod
    def from_dict(cls: type[R], data: Any, path: str = "") -> R:
        """Rebuild a record from :meth:`to_dict` output, checking every field.

        Raises :class:`SaveError` naming the first bad field's path."""
        return cls._decode(data, path, 0)

    @classmethod
    def _decode(cls: type[R], data: Any, path: str, depth: int) -> R:
        if depth > MAX_DEPTH:
            raise field_error(path, "nested too deeply")
        if type(data) is not dict:
            raise field_error(path, f"an object ({cls.__name__})", data)
        codecs = _codecs(cls)
        later = _later_fields(cls)
        if later:
            data = {**dict(later), **data}
        _check_keys(data, [name for name, _, _ in codecs], path)
        new = object.__new__(cls)
        for name, decode, _ in codecs:
            object.__setattr__(new, name, decode(data[name], _join(path, name), depth + 1))
        new.validate(path)
        return new

    def validate(self, path: str = "") -> None:
        """Checks across fields that annotations cannot state; raise :func:`field_error`.

        Called by :meth:`from_dict` on every record it builds (parts before the whole).
        The default checks nothing."""


def _compile_evolve(cls: type) -> Callable[..., Any]:
    """``evolve`` for one record class, installed on the class at its first use.

    Written out field by field, once per class: the copy is made as an instance of an
    unfrozen twin class with the same slots (plain attribute stores, no call per
    field), then becomes a ``cls`` by ``__class__`` assignment.  A class whose bases
    freeze attribute stores themselves (a record subclassing another) copies through
    the slots' own setters instead.  Each class gets its own (``__init_subclass__``)."""
    names = [f.name for f in dataclasses.fields(cls)]
    env: dict[str, Any] = {"_r_new": object.__new__, "_r_cls": cls, "_r_fields": frozenset(names)}
    own_slots = tuple(cls.__dict__.get("__slots__", ()))
    if own_slots == tuple(names) and all(
        b in (Record, object) or "__setattr__" not in b.__dict__ for b in cls.__mro__[1:]
    ):
        env["_r_twin"] = type(f"_Unfrozen{cls.__name__}", cls.__bases__, {"__slots__": own_slots})
        lines = ["    _r_copy = _r_new(_r_twin)"] + [f"    _r_copy.{n} = _r_self.{n}" for n in names]
        store, finish = "        setattr(_r_copy, _r_name, _r_value)", ["    _r_copy.__class__ = _r_cls"]
    else:
        for i, name in enumerate(names):
            env[f"_r_set{i}"] = getattr(cls, name).__set__  # the slot's own setter
        lines = ["    _r_copy = _r_new(_r_cls)"] + [f"    _r_set{i}(_r_copy, _r_self.{n})" for i, n in enumerate(names)]
        store, finish = "        object.__setattr__(_r_copy, _r_name, _r_value)", []
    source = "\n".join(
        [
            "def evolve(_r_self, **_r_changes):",
            *lines,
            "    for _r_name, _r_value in _r_changes.items():",
            "        if _r_name not in _r_fields:",
            f"            raise TypeError(f'{cls.__name__} has no field {{_r_name!r}}')",
            store,
            *finish,
            "    return _r_copy",
        ]
    )
    exec(compile(source, f"<evolve {cls.__name__}>", "exec"), env)
    evolve = env["evolve"]
    evolve.__doc__ = Record.evolve.__doc__
    cls.evolve = evolve  # type: ignore[attr-defined]
    return evolve


def _codecs(cls: type) -> tuple[tuple[str, Decode, Encode], ...]:
    cached = Record._codec_cache.get(cls)
    if cached is None:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} must be a dataclass to be saved")
        hints = typing.get_type_hints(cls, include_extras=True)
        cached = tuple((f.name, *_codec(hints[f.name], cls)) for f in dataclasses.fields(cls))
        Record._codec_cache[cls] = cached
    return cached


def _later_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """``(name, default)`` of each :data:`LATER` field of ``cls`` (worked out once per class)."""
    found = Record._later_cache.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        found = tuple(
            (f.name, f.default)
            for f in dataclasses.fields(cls)
            if any(isinstance(c, Later) for c in strip_annotated(hints[f.name])[1])
        )
        if any(default is dataclasses.MISSING for _, default in found):
            raise TypeError(f"{cls.__name__}: a LATER field needs a default")
        Record._later_cache[cls] = found
    return found


def assign(fresh: Record, **changes: Any) -> None:
    """Set fields of a record that this function has just made and not yet handed out.

    For rules code that builds a new state step by step from ``state.evolve()``: a
    published state must never be changed."""
    for name, value in changes.items():
        object.__setattr__(fresh, name, value)


def check_value(tp: Any, value: Any, path: str, owner: type = object) -> Any:
    """Check ``value`` (JSON data) against the annotation ``tp``; returns it converted.

    Raises :class:`SaveError` like :meth:`Record.from_dict`."""
    return _codec(tp, owner)[0](value, path, 0)
