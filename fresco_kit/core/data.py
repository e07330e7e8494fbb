"""Loading rule data (``seeds/<game>.toml``) from an installed wheel or a checkout."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

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
