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
(names that must be players), run before any value is converted.
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
Cell = Callable[[dict[str, Any], Any, int], None]  # sets a row's keys from the engine record
Field = tuple[str, Any, Any]  # a readable field: key, annotation, default (MISSING: none)


@dataclass
class _Plan:
    """What is derived from one compact class: its readable ``schema`` (and the classes of
    its tables' rows, by name), the readable fields, how to write each and how to read
    each engine field back."""

    schema: type
    classes: dict[str, type]
    fields: list[Field]
    write: list[tuple[str, Writer]]
    read: list[tuple[str, Reader]]


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
    return cls(**{name: read(saved) for name, read in _plan(cls).read})


def _plan(cls: type) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _derive(cls)
    return plan


def _derive(cls: type) -> _Plan:
    """The plan of ``cls``: its readable fields in order, each table where its first
    column is declared.  Raises ``TypeError`` for two fields saved under one key."""
    hints = typing.get_type_hints(cls, include_extras=True)
    fields: list[Field] = []
    write: list[tuple[str, Writer]] = []
    read: list[tuple[str, Reader]] = []
    tables: dict[str, list[tuple[str, Column, Any, list[Any]]]] = {}
    for f in dataclasses.fields(cls):
        tp, marks = strip_annotated(hints[f.name])
        shown = [m for m in marks if isinstance(m, (Seen, Later))]
        spec = next((m for m in marks if isinstance(m, (Form, Column, Derived))), AS_IT_IS)
        if isinstance(spec, Derived):
            read.append((f.name, spec.read))
        elif isinstance(spec, Column):
            if spec.table.key not in tables:
                tables[spec.table.key] = []
                fields.append((spec.table.key, None, MISSING))  # the table's place, filled in below
            tables[spec.table.key].append((f.name, spec, get_args(tp)[0], shown))
        else:
            key = spec.key or f.name
            own = [m for m in marks if not isinstance(m, (Form, Column, Derived))]
            saved = _annotated(tp, own) if spec.saved is None else _annotated(spec.saved, shown)
            later = any(isinstance(m, Later) for m in shown)
            fields.append((key, saved, f.default if later else MISSING))
            write.append((key, _field_writer(f.name, spec.write)))
            read.append((f.name, _field_reader(key, spec.read)))
    classes: dict[str, type] = {}
    for key, columns in tables.items():
        table_fields, table_write, table_read, table_classes = _derive_table(cls, columns)
        at = next(i for i, field in enumerate(fields) if field[0] == key)
        fields[at : at + 1] = table_fields
        write += table_write
        read += table_read
        classes.update(table_classes)
    return _Plan(_make(cls, "Saved" + cls.__name__, fields, cls), classes, fields, write, read)


def _derive_table(
    cls: type, columns: list[tuple[str, Column, Any, list[Any]]]
) -> tuple[list[Field], list[tuple[str, Writer]], list[tuple[str, Reader]], dict[str, type]]:
    """One table of ``cls`` from its columns ``(field, column, item annotation, markers)``:
    its readable fields (the table, then its extra record), their writers, the columns'
    readers and the derived classes by name."""
    table, first = columns[0][1].table, columns[0][0]
    if columns[0][1].extra:
        raise TypeError(f"{cls.__name__}: the first column of {table.key} counts its rows; it cannot be extra")
    row_fields: list[Field] = []
    cells: list[Cell] = []
    read: list[tuple[str, Reader]] = []
    for name, column, item, shown in columns:
        if column.key is None:  # compact records whose fields join the row
            item_class = strip_annotated(item)[0]
            inner = _plan(item_class)
            row_fields += inner.fields
            cells.append(_spread_cell(name, inner.write))
            read.append((name, _spread_reader(table, item_class)))
        else:
            saved = item if column.form.saved is None else column.form.saved
            row_fields.append((column.key, _annotated(saved, shown), MISSING))
            cells.append(_cell(name, column.key, column.form.write))
            read.append((name, _column_reader(table, column.key, column)))
    row = _make(cls, table.row, row_fields)
    shape: Any = typing.Annotated[dict[str, row], table.names] if table.names else tuple[row, ...]  # type: ignore[valid-type]
    if table.length is not None:
        shape = typing.Annotated[shape, table.length]
    fields: list[Field] = [(table.key, shape, MISSING)]
    write: list[tuple[str, Writer]] = [(table.key, _table_writer(table, row, cells, first))]
    classes = {table.row: row}
    extras = [(name, column) for name, column, _, _ in columns if column.extra]
    if extras:
        if table.extra is None or any(column.key is None for _, column in extras):
            raise TypeError(f"{cls.__name__}: an extra column of {table.key} needs a key and the table's extra record")
        key, class_name = table.extra
        saved_as = {field[0]: field[1] for field in row_fields}
        extra_row = _make(cls, class_name, [(str(c.key), saved_as[str(c.key)], MISSING) for _, c in extras])
        fields.append((key, extra_row | None, MISSING))
        write.append((key, _extra_writer(extra_row, extras, first)))
        classes[class_name] = extra_row
    return fields, write, read, classes


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


def _cell(name: str, key: str, convert: Convert | None) -> Cell:
    """How row ``i`` of a table gets the key ``key`` from the engine field ``name``."""

    def cell(values: dict[str, Any], record: Any, i: int) -> None:
        item = getattr(record, name)[i]
        values[key] = item if convert is None else convert(item, record, i)

    return cell


def _spread_cell(name: str, writers: list[tuple[str, Writer]]) -> Cell:
    """How row ``i`` gets the readable fields of the compact record ``name[i]``."""

    def cell(values: dict[str, Any], record: Any, i: int) -> None:
        item = getattr(record, name)[i]
        for key, write in writers:
            values[key] = write(item)

    return cell


def _rows(table: Table, saved: Any) -> list[Any]:
    """The rows of ``table`` in the readable record ``saved``, in the engine's order."""
    value = getattr(saved, table.key)
    return [value[k] for k in table.names.ordered()] if table.names is not None else list(value)


def _spread_reader(table: Table, item_class: type) -> Reader:
    return lambda saved: tuple(from_saved(item_class, row) for row in _rows(table, saved))


def _column_reader(table: Table, key: str, column: Column) -> Reader:
    """How a column's engine field is read: its key in each row (then in the extra record)."""
    convert, extra = column.form.read, column.extra and table.extra is not None

    def read(saved: Any) -> tuple[Any, ...]:
        rows = _rows(table, saved)
        if convert is None:
            items = [getattr(r, key) for r in rows]
        else:
            items = [convert(getattr(r, key), saved, i) for i, r in enumerate(rows)]
        more = getattr(saved, table.extra[0]) if extra and table.extra is not None else None
        if more is not None:
            value = getattr(more, key)
            items.append(value if convert is None else convert(value, saved, len(rows)))
        return tuple(items)

    return read


def _table_writer(table: Table, row: type, cells: list[Cell], first: str) -> Writer:
    """How the table is written: a row per name, or per item of the field ``first``."""
    names = table.names.ordered() if table.names is not None else None

    def write(record: Any) -> Any:
        rows = []
        for i in range(len(names) if names is not None else len(getattr(record, first))):
            values: dict[str, Any] = {}
            for cell in cells:
                cell(values, record, i)
            rows.append(row(**values))
        return dict(zip(names, rows)) if names is not None else tuple(rows)

    return write


def _extra_writer(extra_row: type, extras: list[tuple[str, Column]], first: str) -> Writer:
    """How the extra record is written: the extra columns' items past the rows of ``first``
    (None when they have none)."""

    def write(record: Any) -> Any:
        at = len(getattr(record, first))
        if len(getattr(record, extras[0][0])) <= at:
            return None
        values = {}
        for name, column in extras:
            item, convert = getattr(record, name)[at], column.form.write
            values[str(column.key)] = item if convert is None else convert(item, record, at)
        return extra_row(**values)

    return write
