"""The readable form of a compact engine record, declared once on each of its fields.

A game whose engine state is compact for speed (seats as numbers, small codes, one tuple per
seat or per place: Sixtina, Fresco) subclasses :class:`Compact` and says on each field, in
its annotation, how the field is written in a save.  The save's schema (a :class:`Record`
class, checked field by field on loading), the conversions both ways and each player's view
(:mod:`.visibility`, from the ``Seen`` markers on the same fields) are derived from those
declarations, so that every field is declared once:

- a field without a form is saved as it is, under its name: its annotation is its schema;
- ``Annotated[T, Form(saved, write, read, key)]``: saved under ``key`` (default: the field's
  name) as a value of the annotation ``saved`` (default: the field's own);
  ``write(value, record, None)`` gives it from the engine value and ``read(value, saved,
  None)`` gives the engine value back, ``saved`` being the readable record, already checked;
- ``Annotated[tuple[T, ...], TABLE.column(key, form)]``: the field holds one item per row of
  a :class:`Table` (one per seat, one per chapel place), each saved as the key ``key`` of its
  row (through ``form``, called with the row's index instead of None).  The table is saved
  under its own key, where its first column is declared: a list of rows, or an object of
  rows by the table's names.  A column without ``key`` holds compact records whose saved
  fields join the row (Fresco's players, whose names are another column);
- ``Annotated[T, Derived(read)]``: not saved, but read back as ``read(saved)``.

A ``Seen`` marker or ``LATER`` on a field applies to its saved value.  The derived classes
check a save field by field; :meth:`Compact.check_saved` adds the checks across fields
(names that must be players), run before any value is converted.  Forms are module-level
constants (``SEAT = Form(str, write=..., read=...)``): a function written inside a string
annotation could not see its module's names.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from dataclasses import MISSING, dataclass
from typing import Any, TypeVar, get_args

from .record import Later, Length, Names, Record, _annotated, strip_annotated
from .visibility import Seen

C = TypeVar("C", bound="Compact")
#: ``write(value, record, row)`` and ``read(value, saved, row)``: ``row`` is the row's index
#: in a table, None for a field outside tables
Convert = Callable[[Any, Any, Any], Any]


@dataclass(frozen=True)
class Form:
    """How one field (or one column's items) is written: under ``key`` as a value of the
    annotation ``saved``, converted by ``write`` and read back by ``read`` (None: as it is)."""

    saved: Any = None
    write: Convert | None = None
    read: Convert | None = None
    key: str | None = None


AS_IT_IS = Form()


@dataclass(frozen=True)
class Derived:
    """A field that is not saved: it is ``read(saved)`` of the readable record."""

    read: Callable[[Any], Any]


@dataclass(frozen=True)
class Table:
    """A table of a save: ``key`` holds its rows, records of the derived class ``row``, one
    per item of its columns; by ``names`` (a JSON object, every name once) or as a list
    (of ``length``).  ``extra``: ``(key, class name)`` of the record that holds the items of
    ``extra`` columns past the last row (``null`` when there are none; Sixtina's Gianluigi)."""

    key: str
    row: str
    names: Names | None = None
    length: Length | None = None
    extra: tuple[str, str] | None = None

    def column(self, key: str | None = None, form: Form = AS_IT_IS, extra: bool = False) -> Column:
        """A field holding one item per row of this table, saved as ``key`` of its row."""
        return Column(self, key, form, extra)


@dataclass(frozen=True)
class Column:
    """A field's place in a :class:`Table` (see :meth:`Table.column`)."""

    table: Table
    key: str | None
    form: Form
    extra: bool = False


class Compact(Record):
    """A record kept compact for the engine and saved in the readable form its fields
    declare (see the module docstring): ``to_dict`` writes it, ``from_dict`` reads it back."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The record as readable JSON data (its :func:`saved_form`)."""
        return saved_form(self).to_dict()

    @classmethod
    def from_dict(cls: type[C], data: Any, path: str = "") -> C:
        """A record from :meth:`to_dict` output: every field checked against the derived
        schema, then :meth:`check_saved`; raises :class:`~.record.SaveError` naming the field."""
        return from_saved(cls, saved_schema(cls).from_dict(data, path))

    @staticmethod
    def check_saved(saved: Any, path: str) -> None:
        """Checks across the fields of the readable record ``saved`` (at ``path``) that its
        annotations cannot state; raise ``field_error``.  The default checks nothing."""


# --------------------------------------------------------------------------- the derived plan
Writer = Callable[[Any], Any]  # the engine record -> one readable value
Reader = Callable[[Any], Any]  # the readable record -> one engine value
TableReader = Callable[[Any], dict[str, Any]]  # the readable record -> a table's engine fields
Field = tuple[str, Any, Any]  # a readable field: key, annotation, default (MISSING: none)


@dataclass
class _Plan:
    """What is derived from one compact class: its readable ``schema`` (and the classes of
    its tables' rows, by name), the readable fields, how to write each, and how to read
    the engine fields back (one by one, and a table's columns at once)."""

    schema: type
    classes: dict[str, type]
    fields: list[Field]
    write: list[tuple[str, Writer]]
    read: list[tuple[str, Reader]]
    read_tables: list[TableReader]


@dataclass(frozen=True)
class _Column:
    """A column in a plan: its engine field ``name``, its row ``key`` and ``form``, whether
    it is ``extra``; for compact records joining their rows, their class and its plan."""

    name: str
    key: str
    form: Form
    extra: bool
    item_class: type | None = None
    item_plan: _Plan | None = None


_PLANS: dict[type, _Plan] = {}


def saved_schema(cls: type, name: str = "") -> Any:
    """The record class of ``cls``'s readable form (``Saved<Name>``, derived once), or the
    class ``name`` derived with it (a table's rows: ``saved_schema(State, "SavedPlace")``)."""
    plan = _plan(cls)
    return plan.classes[name] if name else plan.schema


def saved_form(record: Compact) -> Any:
    """``record`` in its readable form: an instance of :func:`saved_schema`."""
    plan = _plan(type(record))
    return plan.schema(**{key: write(record) for key, write in plan.write})


def from_saved(cls: type[C], saved: Any) -> C:
    """The compact ``cls`` record of a readable record ``saved`` (checked, or a view with its
    hidden fields filled in): no check is made here."""
    plan = _plan(cls)
    values = {name: read(saved) for name, read in plan.read}
    for read_table in plan.read_tables:
        values.update(read_table(saved))
    return cls(**values)


def _plan(cls: type) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _derive(cls)
    return plan


def _derive(cls: type) -> _Plan:
    """The plan of ``cls``: its readable fields in order, each table where its first
    column is declared.  Raises ``TypeError`` for two fields saved under one key."""
    hints = typing.get_type_hints(cls, include_extras=True)
    plan = _Plan(Record, {}, [], [], [], [])
    tables: dict[str, tuple[Table, list[tuple[_Column, Any]]]] = {}
    for f in dataclasses.fields(cls):
        tp, marks = strip_annotated(hints[f.name])
        shown = [m for m in marks if isinstance(m, (Seen, Later))]
        spec = next((m for m in marks if isinstance(m, (Form, Column, Derived))), AS_IT_IS)
        if isinstance(spec, Derived):
            plan.read.append((f.name, spec.read))
        elif isinstance(spec, Column):
            if spec.table.key not in tables:
                tables[spec.table.key] = (spec.table, [])
                plan.fields.append((spec.table.key, None, MISSING))  # the table's place, filled in below
            item = get_args(tp)[0]
            if spec.key is None:  # compact records whose fields join the row
                item_class = strip_annotated(item)[0]
                item_plan = _plan(item_class)
                if item_plan.read_tables:
                    raise TypeError(f"{cls.__name__}.{f.name}: records joining the rows of a table have no tables")
                column = _Column(f.name, "", spec.form, spec.extra, item_class, item_plan)
            else:
                saved = item if spec.form.saved is None else spec.form.saved
                column = _Column(f.name, spec.key, spec.form, spec.extra)
            tables[spec.table.key][1].append((column, None if spec.key is None else _annotated(saved, shown)))
        else:
            key = spec.key or f.name
            own = [m for m in marks if not isinstance(m, (Form, Column, Derived))]
            saved = _annotated(tp, own) if spec.saved is None else _annotated(spec.saved, shown)
            later = any(isinstance(m, Later) for m in shown)
            plan.fields.append((key, saved, f.default if later else MISSING))
            plan.write.append((key, _field_writer(f.name, spec.write)))
            plan.read.append((f.name, _field_reader(key, spec.read)))
    for key, (table, columns) in tables.items():
        at = next(i for i, field in enumerate(plan.fields) if field[0] == key)
        plan.fields[at : at + 1] = _derive_table(cls, table, columns, plan)
    plan.schema = _make(cls, "Saved" + cls.__name__, plan.fields, cls)
    return plan


def _derive_table(cls: type, table: Table, columns: list[tuple[_Column, Any]], plan: _Plan) -> list[Field]:
    """One table of ``cls`` from its columns (with their readable annotations): its row
    class (and extra record class) into the plan's classes, how to write it and read its
    columns into the plan; returns its readable fields (the table, then its extra record)."""
    first = columns[0][0]
    if first.extra:
        raise TypeError(f"{cls.__name__}: the first column of {table.key} counts its rows; it cannot be extra")
    row_fields: list[Field] = []
    for column, saved in columns:
        row_fields += column.item_plan.fields if column.item_plan is not None else [(column.key, saved, MISSING)]
    row = plan.classes[table.row] = _make(cls, table.row, row_fields)
    keys = table.names.ordered() if table.names is not None else None
    shape: Any = typing.Annotated[dict[str, row], table.names] if table.names else tuple[row, ...]  # type: ignore[valid-type]
    if table.length is not None:
        shape = typing.Annotated[shape, table.length]
    fields: list[Field] = [(table.key, shape, MISSING)]
    cols = [column for column, _ in columns]
    plan.write.append((table.key, _table_writer(row, cols, first.name, keys)))
    plan.read_tables.append(_table_reader(table, cols, keys))
    extras = [column for column in cols if column.extra]
    if extras:
        if table.extra is None or any(column.item_plan is not None for column in extras):
            raise TypeError(f"{cls.__name__}: an extra column of {table.key} needs a key and the table's extra record")
        key, class_name = table.extra
        saved_as = {field[0]: field[1] for field in row_fields}
        extra_row = plan.classes[class_name] = _make(
            cls, class_name, [(c.key, saved_as[c.key], MISSING) for c in extras]
        )
        fields.append((key, extra_row | None, MISSING))
        plan.write.append((key, _extra_writer(extra_row, extras, first.name)))
    return fields


def _make(cls: type, name: str, fields: list[Field], engine: type | None = None) -> type:
    """A derived record class ``name`` of the readable ``fields`` (with their defaults);
    with ``engine`` its ``validate`` is ``engine.check_saved``."""
    spec: list[Any] = []
    keys: set[str] = set()
    for key, saved, default in fields:
        if key in keys:
            raise TypeError(f"{cls.__name__}: two fields are saved as {key!r}")
        keys.add(key)
        spec.append((key, saved) if default is MISSING else (key, saved, dataclasses.field(default=default)))
    namespace: dict[str, Any] = {}
    if engine is not None:
        check = engine.check_saved  # type: ignore[attr-defined]
        namespace["validate"] = lambda self, path="": check(self, path)
    made = dataclasses.make_dataclass(name, spec, bases=(Record,), frozen=True, slots=True, namespace=namespace)
    made.__module__ = cls.__module__
    made.__doc__ = f"The readable form of {cls.__name__} (derived by core.forms)."
    return made


# --------------------------------------------------------------------------- writers and readers
def _field_writer(name: str, convert: Convert | None) -> Writer:
    if convert is None:
        return lambda record: getattr(record, name)
    return lambda record: convert(getattr(record, name), record, None)


def _field_reader(key: str, convert: Convert | None) -> Reader:
    if convert is None:
        return lambda saved: getattr(saved, key)
    return lambda saved: convert(getattr(saved, key), saved, None)


def _table_writer(row: type, cols: list[_Column], first: str, keys: list[str] | None) -> Writer:
    """How a table is written: a row per name of ``keys``, or per item of the field ``first``."""

    def write(record: Any) -> Any:
        columns = [(c.form.write, c.item_plan, getattr(record, c.name)) for c in cols]
        rows = []
        for i in range(len(keys) if keys is not None else len(getattr(record, first))):
            values: list[Any] = []  # in the row's field order
            for convert, item_plan, items in columns:
                item = items[i]
                if item_plan is not None:
                    values += [item_write(item) for _, item_write in item_plan.write]
                else:
                    values.append(item if convert is None else convert(item, record, i))
            rows.append(row(*values))
        return dict(zip(keys, rows)) if keys is not None else tuple(rows)

    return write


def _extra_writer(extra_row: type, extras: list[_Column], first: str) -> Writer:
    """How the extra record is written: the extra columns' items past the rows of ``first``
    (None when they have none)."""

    def write(record: Any) -> Any:
        at = len(getattr(record, first))
        if len(getattr(record, extras[0].name)) <= at:
            return None
        values = {}
        for c in extras:
            item, convert = getattr(record, c.name)[at], c.form.write
            values[c.key] = item if convert is None else convert(item, record, at)
        return extra_row(**values)

    return write


def _table_reader(table: Table, cols: list[_Column], keys: list[str] | None) -> TableReader:
    """How a table's columns are read back: each column's key in every row (then in the
    extra record), or each row as a compact record."""
    extra_key = table.extra[0] if table.extra is not None else None

    def read(saved: Any) -> dict[str, Any]:
        value = getattr(saved, table.key)
        rows = [value[k] for k in keys] if keys is not None else value
        more = getattr(saved, extra_key) if extra_key is not None else None
        out: dict[str, Any] = {}
        for c in cols:
            convert = c.form.read
            if c.item_class is not None:
                out[c.name] = tuple(from_saved(c.item_class, r) for r in rows)
                continue
            if convert is None:
                items = [getattr(r, c.key) for r in rows]
            else:
                items = [convert(getattr(r, c.key), saved, i) for i, r in enumerate(rows)]
            if c.extra and more is not None:
                item = getattr(more, c.key)
                items.append(item if convert is None else convert(item, saved, len(rows)))
            out[c.name] = tuple(items)
        return out

    return read
