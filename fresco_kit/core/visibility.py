"""Who sees what: one annotated schema per state gives its save and every player's view.

A field of a :class:`~fresco_kit.core.record.Record` is public unless its annotation
carries a :class:`Seen` marker (``Annotated[T, PRIVATE]``, ``Annotated[T, OWNER]``,
``Annotated[T, private(hide=hide_order)]``); the save format ignores the markers.  Two
views are derived from them:

- :func:`view` keeps the record's own class and replaces each field hidden from the
  player by what its marker shows (``hide(value)``, or ``None``): for states whose view
  is the same kind of value (Lorenzo);
- :func:`view_schema` derives a separate view class (a hidden field becomes ``X | None``,
  optionally followed by its ``<field>_size`` and the marker's ``also`` values) and
  :func:`seen_by` fills it: for states whose view is its own record, such as the readable
  form of a compact state (``core.forms``: Sixtina's and Fresco's ``View``).

A marker may depend on the position: ``hidden_while(record, whole)`` sees the record that
holds the field and the whole record viewed (Fresco's plans are hidden only while planning).
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, Union, get_args, get_origin

from .record import Range, Record, _annotated, optional_inner, strip_annotated

R = TypeVar("R", bound=Record)


@dataclass(frozen=True)
class Seen:
    """Who sees a field in a player's view: an ``Annotated`` marker.

    - ``who="public"`` (every unmarked field): everyone;
    - ``who="private"``: nobody (a random generator, the order of a face-down deck);
    - ``who="owner"``: only the player named by the record's field ``owner`` (a hand).

    Those who don't see it see ``hide(value)`` (``None`` when ``hide`` is None).
    ``size``: a hidden sequence still shows its length (``<field>_size`` in a derived view);
    ``hidden_while(record, whole)``: hidden only while this holds of the record holding the
    field and the whole record viewed (a fresco still covered, plans while planning);
    ``also``: ``(name, annotation, of)`` triples, values everyone sees beside the field in a
    derived view, ``of(value)`` (whether a hidden plan is made)."""

    who: typing.Literal["public", "private", "owner"] = "public"
    size: bool = False
    owner: str = "name"
    hidden_while: Callable[[Any, Any], bool] | None = dataclasses.field(default=None, compare=False)
    hide: Callable[[Any], Any] | None = dataclasses.field(default=None, compare=False)
    also: tuple[tuple[str, Any, Callable[[Any], Any]], ...] = dataclasses.field(default=(), compare=False)

    def sized(self) -> Seen:
        """This marker, also showing the hidden sequence's length (``<field>_size``)."""
        return dataclasses.replace(self, size=True)

    def hides(self, record: Any, viewer: str | None, whole: Any = None) -> bool:
        """Whether ``viewer`` (None: an onlooker, who owns nothing) does not see this field
        of ``record`` (inside ``whole``, the record viewed; default ``record``)."""
        if self.who == "public":
            return False
        if self.hidden_while is not None and not self.hidden_while(record, record if whole is None else whole):
            return False
        return self.who == "private" or getattr(record, self.owner) != viewer

    def shown(self, value: Any) -> Any:
        """What a player the field is hidden from sees of ``value``."""
        return None if self.hide is None else self.hide(value)


PUBLIC = Seen("public")
PRIVATE = Seen("private")
OWNER = Seen("owner")


def private(hide: Callable[[Any], Any] | None = None) -> Seen:
    """A field nobody sees in a view, shown as ``hide(value)`` (None: as ``None``)."""
    return Seen("private", hide=hide)


def owner_only(by: str, hide: Callable[[Any], Any] | None = None) -> Seen:
    """A field only the player named by the record's field ``by`` sees; the others see
    ``hide(value)`` (None: ``None``)."""
    return Seen("owner", owner=by, hide=hide)


def hide_order(value: Any) -> Any:
    """A face-down pile with its order hidden but not its contents: a tuple sorted, or a
    dict of tuples each sorted (a ``hide`` for :func:`private`)."""
    if isinstance(value, dict):
        return {k: tuple(sorted(v)) for k, v in value.items()}
    return tuple(sorted(value))


def marker(tp: Any) -> Seen | None:
    """The :class:`Seen` marker of a field's annotation, if any."""
    return next((c for c in strip_annotated(tp)[1] if isinstance(c, Seen)), None)


def visibility(cls: type) -> dict[str, Seen]:
    """Each field of the record class ``cls`` and who sees it (:data:`PUBLIC` unless marked)."""
    hints = typing.get_type_hints(cls, include_extras=True)
    return {f.name: marker(hints[f.name]) or PUBLIC for f in dataclasses.fields(cls)}


# --------------------------------------------------------------------------- same-class views
Viewer = Callable[[Any, "str | None", Any], Any]
_view_plans: dict[type, tuple[tuple[str, Seen | None, Viewer | None], ...]] = {}


def view(record: R, player: str | None = None) -> R:
    """``record`` as ``player`` sees it (None: an onlooker), of the same class: each field
    hidden from ``player`` replaced by what its marker shows, and the records inside (also
    in tuples, dicts and ``X | None``) viewed the same way.  A record with nothing marked
    anywhere inside is returned as it is."""
    return _view(record, player, record)


def _view(record: R, player: str | None, whole: Any) -> R:
    changes: dict[str, Any] = {}
    for name, mark, inner in _view_plan(type(record)):
        value = getattr(record, name)
        if mark is not None and mark.hides(record, player, whole):
            changes[name] = mark.shown(value)
        elif inner is not None:
            changes[name] = inner(value, player, whole)
    return record.evolve(**changes) if changes else record


def _view_plan(cls: type) -> tuple[tuple[str, Seen | None, Viewer | None], ...]:
    """Per record class, built on first use: ``(field, marker, viewer of the records
    inside)`` for each field a view may change."""
    plan = _view_plans.get(cls)
    if plan is None:
        _view_plans[cls] = ()  # a record nested in itself: nothing more inside
        hints = typing.get_type_hints(cls, include_extras=True)
        rows = []
        for f in dataclasses.fields(cls):
            mark = marker(hints[f.name])
            mark = None if mark is None or mark.who == "public" else mark
            inner = _inside(hints[f.name], lambda c: _view if _view_plan(c) else None)
            if mark is not None or inner is not None:
                rows.append((f.name, mark, inner))
        plan = _view_plans[cls] = tuple(rows)
    return plan


def _inside(tp: Any, of_record: Callable[[type], Viewer | None]) -> Viewer | None:
    """How to view a value of annotation ``tp``, given how to view a record of a class
    (``of_record``; None: nothing inside is ever hidden)."""
    tp, _ = strip_annotated(tp)
    if isinstance(tp, type) and issubclass(tp, Record):
        return of_record(tp)
    inner = optional_inner(tp, [])
    if inner is not None:
        some = _inside(inner, of_record)
        return None if some is None else (lambda v, p, w: None if v is None else some(v, p, w))
    args, origin = get_args(tp), get_origin(tp)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _inside(args[0], of_record)
        return None if item is None else (lambda v, p, w: tuple(item(x, p, w) for x in v))
    if origin is tuple:
        items = [_inside(a, of_record) for a in args]
        if all(i is None for i in items):
            return None
        return lambda v, p, w: tuple(x if i is None else i(x, p, w) for i, x in zip(items, v))
    if origin is dict:
        value = _inside(args[1], of_record)
        return None if value is None else (lambda v, p, w: {k: value(x, p, w) for k, x in v.items()})
    return None


# --------------------------------------------------------------------------- derived view classes
_VIEW_CLASSES: dict[tuple[type, str], type] = {}


def _seen_type(tp: Any) -> Any:
    """``tp`` with every record that has hidden parts replaced by its view class."""
    inner, constraints = strip_annotated(tp)
    origin, args = get_origin(inner), get_args(inner)
    if isinstance(inner, type) and issubclass(inner, Record) and _has_hidden(inner):
        inner = view_schema(inner)
    elif origin is tuple and args:
        inner = types.GenericAlias(tuple, tuple(a if a is Ellipsis else _seen_type(a) for a in args))
    elif origin is dict:
        inner = types.GenericAlias(dict, (args[0], _seen_type(args[1])))
    elif origin in (Union, types.UnionType):
        inner = functools.reduce(operator.or_, (_seen_type(a) for a in args))
    return _annotated(inner, (c for c in constraints if not isinstance(c, Seen)))


def _has_hidden(cls: type) -> bool:
    """Whether a record class, or a record inside it, has a field someone may not see."""
    hints = typing.get_type_hints(cls, include_extras=True)
    return any(
        marker(hints[f.name]) not in (None, PUBLIC) or _seen_type(hints[f.name]) != hints[f.name]
        for f in dataclasses.fields(cls)
    )


def view_schema(
    cls: type, name: str = "", viewer: bool = False, extra: tuple[tuple[Any, ...], ...] = (), base: type | None = None
) -> type:
    """The record class of a player's view of a ``cls`` record (made once per class and
    ``viewer``, then kept): the same fields in the same order, a hidden one as ``X | None``
    followed by its ``<field>_size`` when its marker is ``sized`` and by the marker's
    ``also`` fields, records with hidden parts replaced by their own view classes; with
    ``viewer`` a first field ``viewer`` names who sees; ``extra`` fields come last, given
    as ``dataclasses.make_dataclass`` takes them (filled by :func:`seen_by`'s keywords);
    ``base``: a class of methods (with empty ``__slots__``) the view class also derives
    from.  ``name`` defaults to ``Seen<Name>`` (``SavedPlayer`` -> ``SeenPlayer``)."""
    key = (cls, "viewer" if viewer else "")
    made = _VIEW_CLASSES.get(key)
    if made is not None:
        return made
    hints = typing.get_type_hints(cls, include_extras=True)
    fields: list[Any] = [("viewer", str)] if viewer else []
    for f in dataclasses.fields(cls):
        tp, mark = hints[f.name], marker(hints[f.name])
        seen = _seen_type(tp)
        if mark is not None and mark.who == "private" and mark.hidden_while is None and mark.hide is None:
            seen = type(None)  # hidden from everyone, always
        elif mark is not None and mark.who != "public":
            seen = seen | None
        default = () if f.default is dataclasses.MISSING else (dataclasses.field(default=f.default),)
        fields.append((f.name, seen, *default))
        if mark is not None and mark.size:
            fields.append((f"{f.name}_size", typing.Annotated[int, Range(0)]))
        fields += [(also, annotation) for also, annotation, _ in (mark.also if mark is not None else ())]
    fields += list(extra)
    name = name or "Seen" + cls.__name__.removeprefix("Saved")
    bases = (Record,) if base is None else (base, Record)
    made = dataclasses.make_dataclass(name, fields, bases=bases, frozen=True, slots=True)
    made.__module__ = cls.__module__
    made.__doc__ = f"What a player sees of a {cls.__name__} (derived by core.visibility.view_schema)."
    _VIEW_CLASSES[key] = made
    return made


def seen_by(record: Record, viewer: str, view_class: Any = None, **extra: Any) -> Any:
    """``viewer``'s view of ``record``: an instance of ``view_class`` (default
    ``view_schema(type(record))``) with the fields ``viewer`` may not see replaced by
    what their markers show (and their sizes and ``also`` values given when marked so),
    inner records seen the same way; ``extra``: the values of the view class's extra fields."""
    cls = type(record)
    return _seer(cls, view_class or view_schema(cls))(record, viewer, record, extra)


Seer = Callable[[Any, "str | None", Any, dict[str, Any]], Any]
_SEERS: dict[tuple[type, type], Seer] = {}


def _seer(cls: type, view_class: type) -> Seer:
    """``see(record, viewer, whole, extra)`` making ``view_class`` views of ``cls`` records
    (built once per pair: a view is made at every decision of a searching bot)."""
    made = _SEERS.get((cls, view_class))
    if made is not None:
        return made
    hints = typing.get_type_hints(cls, include_extras=True)
    rows = []
    for f in dataclasses.fields(cls):
        mark = marker(hints[f.name])
        mark = None if mark is None or mark.who == "public" else mark
        size = f"{f.name}_size" if mark is not None and mark.size else None
        rows.append((f.name, mark, _inside(hints[f.name], _seen_record), size))
    with_viewer = "viewer" in view_class.__dataclass_fields__  # type: ignore[attr-defined]

    def see(record: Any, viewer: str | None, whole: Any, extra: dict[str, Any]) -> Any:
        values: dict[str, Any] = {"viewer": viewer} if with_viewer else {}
        for name, mark, inner, size in rows:
            value = getattr(record, name)
            if mark is None:
                values[name] = value if inner is None else inner(value, viewer, whole)
                continue
            if mark.hides(record, viewer, whole):
                values[name] = mark.shown(value)
            else:
                values[name] = value if inner is None else inner(value, viewer, whole)
            if size is not None:
                values[size] = len(value)
            for also, _, of in mark.also:
                values[also] = of(value)
        return view_class(**values, **extra)

    _SEERS[(cls, view_class)] = see
    return see


def _seen_record(cls: type) -> Viewer | None:
    """How a record of class ``cls`` inside a derived view is seen (None: as it is)."""
    if not _has_hidden(cls):
        return None
    view_class = view_schema(cls)
    return lambda value, viewer, whole: _seer(cls, view_class)(value, viewer, whole, {})
