"""Fresco rule data, loaded from ``seeds/fresco.toml`` (provenance checked on load).

Everything the engine needs as numbers lives here as plain, immutable Python data:
paint colours (indexed in :data:`COLOURS` order), the blending table, the inn table,
the mood column, the action sheet sides, market and fresco tiles, supplies and the
starting resources.  :data:`ILLUSTRATIVE` names every entry that is not printed in
the rulebook texts, for the notebooks' banner.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from fresco_kit.core.data import (
    DataError,
    Entries,
    Fields,
    Row,
    Whole,
    check_provenance,
    checked_patch,
    load_seed,
    patched,
)

RAW = load_seed("fresco")


def _entries(raw: dict, where: str = "fresco") -> list[tuple[str, dict]]:
    """Every table of the data file that carries provenance, with its dotted name."""
    found = []
    for key, value in raw.items():
        name = f"{where}.{key}"
        if isinstance(value, dict):
            if "provenance" in value:
                found.append((name, value))
            found.extend(_entries(value, name))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for i, item in enumerate(value):
                if "provenance" in item:
                    found.append((f"{name}[{i}]", item))
    return found


PROVENANCE: dict[str, str] = {name: check_provenance(entry, name) for name, entry in _entries(RAW)}
for _name in ("fresco.inn", "fresco.mood", "fresco.fresco_tiles", "fresco.paints", "fresco.coins"):
    if _name not in PROVENANCE:
        raise DataError(f"{_name}: provenance missing")
for _i, _tile in enumerate(RAW["market_tile"]):
    check_provenance(_tile, f"fresco.market_tile[{_i}]")

#: data entries whose values are illustrative (not printed in the texts), with the reason
ILLUSTRATIVE: dict[str, str] = {
    name: entry["reason"] for name, entry in _entries(RAW) if entry["provenance"] == "illustrative"
}

# -- paints -------------------------------------------------------------------
COLOURS: tuple[str, ...] = tuple(RAW["paints"]["colours"])
PRIMARY: tuple[str, ...] = tuple(RAW["paints"]["primary"])
BLENDED: tuple[str, ...] = tuple(c for c in COLOURS if c not in PRIMARY)
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
PAINT_COUNTS: tuple[int, ...] = tuple(RAW["paints"]["counts"][c] for c in COLOURS)
#: blended colour -> the two primaries it is made of
BLENDS: dict[str, tuple[str, str]] = {c: tuple(RAW["blending"][c]) for c in BLENDED}

Paints = tuple[int, ...]  # one count per colour, in COLOURS order


def paint_vector(names: Iterable[str]) -> Paints:
    """Count a list of paint names into a COLOURS-ordered tuple (ValueError on a bad name)."""
    counts = [0] * len(COLOURS)
    for name in names:
        if name not in COLOUR_INDEX:
            raise ValueError(f"unknown paint {name!r}; paints are {', '.join(COLOURS)}")
        counts[COLOUR_INDEX[name]] += 1
    return tuple(counts)


def paint_names(vector: Paints) -> list[str]:
    """The inverse of :func:`paint_vector`: names in COLOURS order."""
    return [c for c, n in zip(COLOURS, vector) for _ in range(n)]


# -- board, inn, mood, sheet --------------------------------------------------
PLAYER_COUNTS: tuple[int, ...] = tuple(RAW["board"]["player_counts"])
ROWS: int = RAW["fresco_grid"]["rows"]
COLS: int = RAW["fresco_grid"]["cols"]
#: the centre segment ``(row, col)``, counted from 1 (see :mod:`.board`)
CENTRE: tuple[int, int] = tuple(RAW["fresco_grid"]["centre"])


@dataclass(frozen=True)
class Tables:
    """The numbers a game's ``data`` option may change (:data:`OVERRIDES`), as the
    engine reads them through :func:`tables`."""

    inn: dict[int, tuple[int, int]]  # get-up time -> (mood change, market price per tile)
    studio_thalers: int  # Studio: thalers per portrait


def _tables(raw: dict) -> Tables:
    inn = {int(t): (int(v[0]), int(v[1])) for t, v in raw["inn"]["times"].items()}
    return Tables(inn, int(raw["studio"]["thalers"]))


DEFAULT_TABLES = _tables(RAW)
#: get-up time -> (mood change, market price per tile): the printed table (a game
#: with a data patch reads ``tables(state.data).inn``)
INN: dict[int, tuple[int, int]] = DEFAULT_TABLES.inn
TIMES: tuple[int, ...] = tuple(sorted(INN))
MOOD_LENGTH: int = RAW["mood"]["length"]
MOOD_PLUS: frozenset[int] = frozenset(RAW["mood"]["plus_spaces"])
MOOD_MINUS: frozenset[int] = frozenset(RAW["mood"]["minus_spaces"])
MOOD_START: int = RAW["mood"]["start"]
THEATER_MOVE: int = RAW["mood"]["theater_move"]
OWN_APPRENTICES: int = RAW["apprentices"]["own"]
SPACES_PER_COLUMN: int = RAW["action_sheet"]["spaces_per_column"]
SHEETS: dict[str, tuple[str, ...]] = {
    "side1": tuple(RAW["action_sheet"]["side1"]),
    "side2": tuple(RAW["action_sheet"]["side2"]),
}

# -- market ---------------------------------------------------------------------


@dataclass(frozen=True)
class MarketTile:
    """A market tile: the paints it sells."""

    id: str
    paints: Paints

    def __str__(self) -> str:
        return f"{self.id}({'+'.join(paint_names(self.paints))})"


MARKET_TILES: tuple[MarketTile, ...] = tuple(MarketTile(t["id"], paint_vector(t["paints"])) for t in RAW["market_tile"])
MARKET_INDEX: dict[str, int] = {t.id: i for i, t in enumerate(MARKET_TILES)}
BOOTH_SIZES: dict[int, tuple[int, ...]] = {
    int(k): tuple(v) for k, v in RAW["market"]["booth_sizes"].items() if k.isdigit()
}
REMOVED_FOR_3: tuple[int, ...] = tuple(MARKET_INDEX[t] for t in RAW["market"]["removed_for_3"]["tiles"])

# -- fresco tiles -----------------------------------------------------------------


@dataclass(frozen=True)
class FrescoTile:
    """A fresco tile: its victory points and the paints that restore it."""

    id: str
    value: int
    paints: Paints

    def __str__(self) -> str:
        return f"{self.id}[{self.value}: {'+'.join(paint_names(self.paints))}]"


FRESCO_TILES: tuple[FrescoTile, ...] = tuple(
    FrescoTile(t["id"], t["value"], paint_vector(t["paints"])) for t in RAW["fresco_tiles"]["tiles"]
)
FRESCO_INDEX: dict[str, int] = {t.id: i for i, t in enumerate(FRESCO_TILES)}
CENTRE_TILE: int = FRESCO_INDEX[RAW["fresco_tiles"]["centre_tile"]]

# -- supplies, scoring numbers ------------------------------------------------------
#: thalers per coin -> number of such coins (60 coins in all)
COIN_DENOMINATIONS: dict[int, int] = {int(k): v for k, v in RAW["coins"]["denominations"].items()}
#: the whole bank in thalers (the engine counts thalers, not coins)
COINS: int = sum(k * v for k, v in COIN_DENOMINATIONS.items())
START_THALERS: int = RAW["start"]["thalers"]
START_PAINTS: Paints = paint_vector([c for c, n in RAW["start"]["paints"].items() for _ in range(n)])
ALTAR = RAW["altar"]
BISHOP_MOVE_COST: int = RAW["bishop"]["move_cost"]
BISHOP_ON: int = RAW["bishop"]["bonus_on"]
BISHOP_ADJACENT: int = RAW["bishop"]["bonus_adjacent"]
STUDIO_THALERS: int = DEFAULT_TABLES.studio_thalers  # the printed number; a game reads tables(state.data)
BLENDS_PER_APPRENTICE: int = RAW["workshop"]["blends_per_apprentice"]
INCOME_PER_TILE: int = RAW["round_end"]["income_per_tile"]
FINAL_ROUND_TILES: int = RAW["round_end"]["final_round_tiles"]
THALERS_PER_VP: int = RAW["round_end"]["thalers_per_vp"]
#: the scoring categories of a player's points (``PlayerState.points``), in order
CATEGORIES: tuple[str, ...] = ("fresco", "bishop", "altar", "track", "money")


def _validate() -> None:
    """Check the data against the facts confirmed by public sources (see seeds/README.md); DataError if broken."""
    problems = []
    if len(MARKET_TILES) != 14:
        problems.append("14 market tiles")
    if len(FRESCO_TILES) != 25 or ROWS * COLS != 25:
        problems.append("25 fresco tiles on a 5x5 grid")
    if not sum(COIN_DENOMINATIONS.values()) == RAW["coins"]["coins"] == 60:
        problems.append("60 coins")
    if sum(PAINT_COUNTS) != 78:
        problems.append("78 paint pieces")
    if INN.get(7) != (-1, 2):
        problems.append("7 o'clock = mood -1, 2 thalers")
    if len(MOOD_PLUS) != 2 or len(MOOD_MINUS) != 2:
        problems.append("two +1 and two -1 mood spaces")
    values = [t.value for t in FRESCO_TILES]
    if min(values) != 3 or max(values) != 11 or values.count(11) < 2:
        problems.append("fresco values 3..11 with more than one 11")
    if FRESCO_TILES[CENTRE_TILE].value != 11:
        problems.append("the centre tile is worth 11")
    if any(not 2 <= sum(1 for n in t.paints if n) <= 3 for t in FRESCO_TILES):
        problems.append("fresco tiles need 2-3 colours")
    if any(t.paints[COLOUR_INDEX["purple"]] for t in MARKET_TILES):
        problems.append("no purple at the market")
    if sum(BOOTH_SIZES[4]) != 13 or sum(BOOTH_SIZES[3]) != 9 or len(REMOVED_FOR_3) != 3:
        problems.append("13 tiles out with 4 players; 9 out and 3 removed with 3")
    if problems:
        raise DataError("fresco.toml breaks confirmed facts: " + "; ".join(problems))


_validate()


#: What ``options={"data": patch}`` may change (see seeds/README.md, Data overrides): a row
#: of the inn table, ``[mood change, market price per tile]`` by get-up time, and the
#: Studio's thalers per portrait.
OVERRIDES = Fields(
    {
        "inn": Fields({"times": Entries(Row((Whole(None), Whole(0))), what="get-up time")}),
        "studio": Fields({"thalers": Whole(0)}),
    }
)


@lru_cache(maxsize=32)
def tables(key: str) -> Tables:
    """The overridable numbers a game plays with: the printed ones patched by its ``data``
    option (``key``: the patch's canonical JSON, ``State.data``; "" for none)."""
    if not key:
        return DEFAULT_TABLES
    return patched(RAW, key, OVERRIDES, _tables)


def check_patch(patch: Any) -> dict:
    """The ``data`` option checked against :data:`OVERRIDES`, in canonical form."""
    return checked_patch(patch, "fresco", tables)
