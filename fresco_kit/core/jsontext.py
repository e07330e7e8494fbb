"""Reading JSON from outside (saves, uploads, API bodies) strictly and within bounds.

Python's ``json.loads`` takes any size, keeps the last of two equal keys, reads
``NaN`` and ``Infinity`` and turns a 4,000-digit number into an int that later cannot be
printed.  :func:`loads` refuses all of these before they reach a game, with a
:class:`~fresco_kit.core.record.SaveError` that says what was wrong and where.
"""

from __future__ import annotations

import json
from typing import Any

from .record import SaveError

#: The largest JSON text the kit reads (bytes): a whole game's save is far smaller
#: (a 300-action Fresco save is about 60 KB).
MAX_JSON_BYTES = 5_000_000

#: Digits a number may have in JSON the kit reads: far more than any bound needs.
MAX_DIGITS = 40


class _Number:
    """A number too long to be one of the kit's values, kept by its length so the
    loader of the field that holds it can name that field.  Neither an int nor a str,
    so no field of any type accepts it."""

    __slots__ = ("digits",)

    def __init__(self, text: str):
        self.digits = len(text.lstrip("-"))

    def __repr__(self) -> str:
        return f"a number of {self.digits} digits"


def _number(text: str) -> int | _Number:
    return _Number(text) if len(text.lstrip("-")) > MAX_DIGITS else int(text)


def _constant(name: str) -> Any:
    raise SaveError(f"not a saved game: {name} is not a number JSON allows")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SaveError(f"not valid: the key {json.dumps(key)[:60]} appears twice in one object")
        out[key] = value
    return out


def loads(text: str | bytes | bytearray, what: str = "saved game", limit: int = MAX_JSON_BYTES) -> Any:
    """The JSON value of ``text``, read strictly.

    Refused with a :class:`SaveError` naming ``what``: text over ``limit`` bytes (before
    it is parsed), text that is not JSON or not UTF-8, a key given twice in one object,
    ``NaN``/``Infinity``, nesting too deep for Python.  Numbers of more than
    :data:`MAX_DIGITS` digits are kept as text, so the field that holds one is refused by
    name when the value is checked."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError(f"not a {what}: expected JSON text, got {type(text).__name__}")
    size = len(text)  # a str's UTF-8 form is at least as long: no copy is made to refuse a huge one
    if isinstance(text, str) and limit // 4 < size <= limit:
        size = len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise SaveError(f"not a {what}: {size:,} bytes is over the limit of {limit:,} bytes")
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_int=_number, parse_constant=_constant)
    except SaveError as exc:
        raise SaveError(str(exc).replace("not valid", f"not a {what}", 1)) from None
    except RecursionError:
        raise SaveError(f"not a {what}: the JSON is nested too deeply") from None
    except (TypeError, ValueError) as exc:
        raise SaveError(f"not a {what}: invalid JSON ({str(exc)[:200]})") from None
