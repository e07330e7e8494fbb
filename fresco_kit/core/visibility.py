"""Who sees what: one annotated schema per state gives its save and every player's view.

A field of a :class:`~fresco_kit.core.record.Record` is public unless its annotation
carries a :class:`Seen` marker (``Annotated[T, PRIVATE]``, ``Annotated[T, OWNER]``,
``Annotated[T, private(hide=hide_order)]``); the save format ignores the markers.  Two
views are derived from them:

- :func:`view` keeps the record's own class and replaces each field hidden from the
  player by what its marker shows (``hide(value)``, or ``None``): for states whose view
  is the same kind of value (Lorenzo);
- :func:`view_schema` derives a separate view class (a hidden field becomes ``X | None``,
  optionally followed by its ``<field>_size``) and :func:`seen_by` fills it: for states
  whose view is its own record (Sixtina's ``View``).
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, Union, cast, get_args, get_origin

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
    ``hidden_while``: hidden only while this holds of the record (a fresco still covered)."""

    who: typing.Literal["public", "private", "owner"] = "public"
    size: bool = False
    owner: str = "name"
    hidden_while: Callable[[Any], bool] | None = dataclasses.field(default=None, compare=False)
    hide: Callable[[Any], Any] | None = dataclasses.field(default=None, compare=False)

    def sized(self) -> Seen:
        """This marker, also showing the hidden sequence's length (``<field>_size``)."""
        return dataclasses.replace(self, size=True)

    def hides(self, record: Any, viewer: str | None) -> bool:
        """Whether ``viewer`` (None: an onlooker, who owns nothing) does not see this field of ``record``."""
        if self.who == "public" or (self.hidden_while is not None and not self.hidden_while(record)):
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
Viewer = Callable[[Any, "str | None"], Any]
_view_plans: dict[type, tuple[tuple[str, Seen | None, Viewer | None], ...]] = {}


def view(record: R, player: str | None = None) -> R:
    """``record`` as ``player`` sees it (None: an onlooker), of the same class: each field
    hidden from ``player`` replaced by what its marker shows, and the records inside (also
    in tuples, dicts and ``X | None``) viewed the same way.  A record with nothing marked
    anywhere inside is returned as it is."""
    changes: dict[str, Any] = {}
    for name, mark, inner in _view_plan(type(record)):
        value = getattr(record, name)
        if mark is not None and mark.hides(record, player):
            changes[name] = mark.shown(value)
        elif inner is not None:
            changes[name] = inner(value, player)
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
            inner = _viewer(hints[f.name])
            if mark is not None or inner is not None:
                rows.append((f.name, mark, inner))
        plan = _view_plans[cls] = tuple(rows)
    return plan


def _viewer(tp: Any) -> Viewer | None:
    """How to view a value of annotation ``tp`` (None: nothing inside is ever hidden)."""
    tp, _ = strip_annotated(tp)
    if isinstance(tp, type) and issubclass(tp, Record):
        return view if _view_plan(tp) else None
    inner = optional_inner(tp, [])
    if inner is not None:
        some = _viewer(inner)
        return None if some is None else (lambda v, p: None if v is None else some(v, p))
    args, origin = get_args(tp), get_origin(tp)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _viewer(args[0])
        return None if item is None else (lambda v, p: tuple(item(x, p) for x in v))
    if origin is tuple:
        items = [_viewer(a) for a in args]
        if all(i is None for i in items):
            return None
        return lambda v, p: tuple(x if i is None else i(x, p) for i, x in zip(items, v))
    if origin is dict:
        value = _viewer(args[1])
        return None if value is None else (lambda v, p: {k: value(x, p) for k, x in v.items()})
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


def view_schema(cls: type, name: str = "", viewer: bool = False) -> type:
    """The record class of a player's view of a ``cls`` record (made once, then kept):
    the same fields in the same order, a hidden one as ``X | None`` followed by its
    ``<field>_size`` when its marker is ``sized``, records with hidden parts replaced by
    their own view classes; with ``viewer`` a first field ``viewer`` names who sees.
    ``name`` defaults to ``Seen<Name>`` (``SavedPlayer`` -> ``SeenPlayer``)."""
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
    name = name or "Seen" + cls.__name__.removeprefix("Saved")
    made = dataclasses.make_dataclass(name, fields, bases=(Record,), frozen=True, slots=True)
    made.__module__ = cls.__module__
    made.__doc__ = f"What a player sees of a {cls.__name__} (derived by core.visibility.view_schema)."
    _VIEW_CLASSES[key] = made
    return made


def seen_by(record: Record, viewer: str, view_class: Any = None) -> Any:
    """``viewer``'s view of ``record``: an instance of ``view_class`` (default
    ``view_schema(type(record))``) with the fields ``viewer`` may not see replaced by
    what their markers show (and their sizes given when marked so), inner records seen
    the same way."""
    cls = type(record)
    view_class = view_class or view_schema(cls)
    hints = typing.get_type_hints(cls, include_extras=True)
    names = {f.name for f in dataclasses.fields(view_class)}
    values: dict[str, Any] = {"viewer": viewer} if "viewer" in names else {}
    for f in dataclasses.fields(cast(Any, record)):
        value, mark = getattr(record, f.name), marker(hints[f.name])
        values[f.name] = mark.shown(value) if mark is not None and mark.hides(record, viewer) else _seen(value, viewer)
        if mark is not None and mark.size:
            values[f"{f.name}_size"] = len(value)
    return view_class(**values)


def _seen(value: Any, viewer: str) -> Any:
    if isinstance(value, Record) and (type(value), "") in _VIEW_CLASSES:
        return seen_by(value, viewer)
    if type(value) is tuple and value and isinstance(value[0], Record):
        return tuple(_seen(v, viewer) for v in value)
    if type(value) is dict:
        return {k: _seen(v, viewer) for k, v in value.items()}
    return value
