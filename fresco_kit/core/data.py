"""Loading rule data (``seeds/<game>.toml``) from an installed wheel or a checkout."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from .record import Range, shown

T = TypeVar("T")
PROVENANCES = ("rulebook", "public", "illustrative")
_PACKAGED = Path(__file__).resolve().parent.parent / "seeds"  # inside the wheel
_CHECKOUT = Path(__file__).resolve().parent.parent.parent / "seeds"  # in a source checkout


class DataError(ValueError):
    """The rule data file is missing or malformed."""


def seed_path(name: str) -> Path:
    """Where ``<name>.toml`` is: the packaged copy first, else the checkout's ``seeds/``."""
    for folder in (_PACKAGED, _CHECKOUT):
        path = folder / f"{name}.toml"
        if path.is_file():
            return path
    raise DataError(f"rule data {name}.toml not found in {_PACKAGED} or {_CHECKOUT}")


@cache
def load_seed(name: str) -> dict:
    """The parsed TOML rule data of one game (cached; treat it as read-only)."""
    path = seed_path(name)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: {exc}") from None


def check_provenance(entry: dict, where: str) -> str:
    """Validate an entry's ``provenance`` (and ``reason`` when illustrative); return it."""
    prov = entry.get("provenance")
    if prov not in PROVENANCES:
        raise DataError(f"{where}: provenance must be one of {PROVENANCES}, not {prov!r}")
    if prov == "illustrative" and not entry.get("reason"):
        raise DataError(f"{where}: illustrative data needs a 'reason'")
    return prov


# -- data overrides: ``options={"data": patch}`` ----------------------------------------
#
# A patch is a nested dict shaped like a game's TOML file: the same table and field names,
# entries of an array of tables addressed by their id.  Each game's ``data.py`` says which
# fields may be overridden (its ``OVERRIDES``, built from the kinds below); a patch is
# checked against that, applied to the loaded TOML, and the result goes through the game's
# normal loading checks, so there is one schema.


#: The largest number a data patch may print on a component unless its field says
#: otherwise (the printed numbers of the three games are all below 40): generous for a
#: designer's what-if, and small enough that what a game accumulates from it stays
#: within the state's bounds.
MAX_PRINTED = 99


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high`` (``None``: from ``-MAX_PRINTED`` or to
    :data:`MAX_PRINTED`, so a patch cannot make a count huge)."""

    low: int | None = 0
    high: int | None = None

    @property
    def bounds(self) -> Range:
        """The values allowed."""
        return Range(-MAX_PRINTED if self.low is None else self.low, MAX_PRINTED if self.high is None else self.high)

    def apply(self, old: Any, new: Any, path: str) -> int:
        """``new`` checked."""
        bounds = self.bounds
        if type(new) is not int or not bounds.check(new):
            raise DataError(f"{path}: expected {bounds.describe()}, got {shown(new)}")
        return new


@dataclass(frozen=True)
class Row:
    """A list of whole numbers of a fixed length, one kind per position."""

    items: tuple[Whole, ...]

    def apply(self, old: Any, new: Any, path: str) -> list[int]:
        """``new`` checked item by item."""
        if type(new) is not list or len(new) != len(self.items):
            raise DataError(f"{path}: expected a list of {len(self.items)} whole numbers, got {new!r}")
        return [kind.apply(None, v, f"{path}[{i}]") for i, (kind, v) in enumerate(zip(self.items, new))]


def wholes(count: int, low: int | None = 0) -> Row:
    """A :class:`Row` of ``count`` whole numbers, each from ``low``."""
    return Row((Whole(low),) * count)


@dataclass(frozen=True)
class Fields:
    """A table whose named fields may be overridden, each of its kind.

    With ``open_keys`` (e.g. a resource bundle), any of those names may be set even when
    the table does not have it yet."""

    fields: Mapping[str, Any]
    open_keys: bool = False

    def apply(self, old: Any, new: Any, path: str) -> dict:
        """A copy of table ``old`` with the fields of ``new`` replaced."""
        if not isinstance(new, Mapping):
            raise DataError(f"{path}: expected a table of {', '.join(self.fields)}, got {new!r}")
        out = dict(old)
        for key, value in new.items():
            where = f"{path}.{key}"
            if key not in self.fields:
                raise DataError(f"{where}: not overridable here; the fields are {', '.join(self.fields)}")
            if not self.open_keys and key not in old:
                raise DataError(f"{where}: this entry has no {key}")
            out[key] = self.fields[key].apply(old.get(key), value, where)
        return out


@dataclass(frozen=True)
class Entries:
    """Entries addressed by id: an array of tables whose ``key`` field is the id, or
    (``key=""``) a table whose own keys are the ids.  ``entry`` is each entry's kind."""

    entry: Any
    key: str = ""
    what: str = "entry"

    def apply(self, old: Any, new: Any, path: str) -> Any:
        """A copy of ``old`` with the addressed entries patched."""
        if not isinstance(new, Mapping):
            raise DataError(f"{path}: expected a table of {self.what} ids, got {new!r}")
        ids = {str(e[self.key]): i for i, e in enumerate(old)} if self.key else {str(k): k for k in old}
        out = list(old) if self.key else dict(old)
        for name, value in new.items():
            name, where = str(name), f"{path}.{name}"
            if name not in ids:
                shown = ", ".join(list(ids)[:12]) + (", ..." if len(ids) > 12 else "")
                raise DataError(f"{where}: unknown {self.what} id {name!r}; the ids are {shown}")
            out[ids[name]] = self.entry.apply(out[ids[name]], value, where)
        return out


def apply_patch(raw: dict, patch: Any, schema: Fields) -> dict:
    """The TOML data ``raw`` with ``patch`` applied (neither is changed); ``DataError``
    naming the path (``data.cards.17.end_vp: ...``) if the patch does not fit ``schema``."""
    if not isinstance(patch, Mapping):
        raise DataError(f"data: expected a dict of overrides shaped like the game's TOML data, got {patch!r}")
    for table in patch:
        if table not in schema.fields:
            raise DataError(f"data.{table}: not overridable; the tables are {', '.join(schema.fields)}")
    return schema.apply(raw, patch, "data")


def canonical(patch: Mapping[str, Any]) -> str:
    """The key a patch is cached and saved under: its sorted JSON ("" for no patch)."""
    return json.dumps(patch, sort_keys=True, separators=(",", ":")) if patch else ""


def patch_of(key: str) -> dict:
    """The patch a :func:`canonical` key stands for."""
    return dict(json.loads(key)) if key else {}


def patch_option(key: str) -> dict[str, dict]:
    """A state's part of its options: ``{"data": patch}``, or ``{}`` with no patch (the
    options list ``data`` only when it is not the default, see ``GameInfo.check_options``)."""
    return {"data": patch_of(key)} if key else {}


def parse_key(key: Any, where: str = "data") -> dict:
    """The patch of a saved key, ``DataError`` naming ``where`` if it is not one."""
    if type(key) is not str:
        raise DataError(f"{where}: expected the patch's JSON text, got {key!r}")
    try:
        patch = patch_of(key)
    except (ValueError, RecursionError, TypeError):
        raise DataError(f"{where}: not a patch (invalid JSON): {key[:60]!r}") from None
    if canonical(patch) != key:
        raise DataError(f"{where}: not in canonical form (sorted JSON)")
    return patch


def load_patch(path: str | Path) -> dict:
    """A data patch read from a ``.toml`` file (``DataError`` naming the file if missing or bad)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"data patch {path}: cannot read it ({exc.strerror or exc})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"data patch {path}: not valid TOML ({exc})") from None


def checked_patch(patch: Any, name: str, build: Callable[[str], object]) -> dict:
    """``patch`` for game ``name`` in canonical form, once ``build(key)`` (the game's
    ``data_for``) has checked it; ``DataError`` naming the path otherwise."""
    if not isinstance(patch, Mapping):
        raise DataError(f"data: expected a dict of overrides shaped like {name}.toml, got {patch!r}")
    try:
        key = canonical(patch)
    except (TypeError, ValueError, RecursionError):
        raise DataError(f"data: expected plain data (tables, numbers, lists), got {patch!r}") from None
    build(key)
    return patch_of(key)


def patched(raw: dict, key: str, schema: Fields, build: Callable[[dict], T]) -> T:
    """``build`` (a game's own loading checks) over ``raw`` data patched by ``key`` (the
    patch's canonical JSON): what a game with a ``data`` option plays with."""
    changed = apply_patch(raw, parse_key(key), schema)
    return rechecked(lambda: build(changed))


def rechecked(check: Callable[[], T]) -> T:
    """``check()``, its errors on patched data prefixed ``data: `` (the normal loading
    checks name the entry, the prefix says it comes from the patch)."""
    try:
        return check()
    except (KeyError, TypeError, ValueError) as exc:
        message = str(exc) if isinstance(exc, DataError) else repr(exc)
        raise DataError(message if message.startswith("data") else f"data: {message}") from None


def leaf_patches(schema: Any, raw: Any, rng: Any) -> list[dict]:
    """Patches that each set one overridable number of ``raw`` (the game's TOML data)
    to an edge of what ``schema`` allows (its lowest, its highest, or one past either),
    for fuzzing: one patch per leaf, the entry of a table of entries chosen with ``rng``
    (a :class:`~fresco_kit.core.random.Rng`)."""
    out: list[dict] = []

    def edge(kind: Whole) -> int:
        bounds = kind.bounds
        return rng.choice((bounds.lowest, bounds.highest, bounds.lowest - 1, bounds.highest + 1))

    def walk(kind: Any, old: Any, build: Callable[[Any], dict]) -> None:
        if isinstance(kind, Whole):
            out.append(build(edge(kind)))
        elif isinstance(kind, Row):
            for i, item in enumerate(kind.items):
                base = list(old) if isinstance(old, list) and len(old) == len(kind.items) else [0] * len(kind.items)
                out.append(build(base[:i] + [edge(item)] + base[i + 1 :]))
        elif isinstance(kind, Fields):
            for key, sub in kind.fields.items():
                if isinstance(old, Mapping) and (key in old or kind.open_keys):
                    walk(sub, old.get(key), _nest(build, key))
        elif isinstance(kind, Entries):
            ids = [str(e[kind.key]) for e in old] if kind.key else [str(k) for k in old]
            if ids:
                name = rng.choice(ids)
                entry = next(e for e in old if str(e[kind.key]) == name) if kind.key else old[name]
                walk(kind.entry, entry, _nest(build, name))

    walk(schema, raw, lambda v: v)
    return out


def _nest(build: Callable[[Any], dict], key: str) -> Callable[[Any], dict]:
    """``build`` of ``{key: value}``: one level deeper into a patch."""
    return lambda value: build({key: value})
