"""1980 Sixtina rule data, loaded from ``seeds/sixtina.toml`` and validated.

The rulebook's *Components* and *Setup* sections give the counts (84 technique cards,
26 fresco cards, 12 objectives, 9 sheets, 15/14/13 materials, 3 or 4 black
materials); printed values the text does not give are illustrative entries of the data
file (``provenance = "illustrative"`` with a reason, public sources, see seeds/README.md).  Everything here
is read-only and cached: ``data()`` returns one :class:`SixtinaData`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from fresco_kit.core.data import (
    DataError,
    Entries,
    Fields,
    check_provenance,
    checked_patch,
    load_seed,
    patched,
    wholes,
)

TECHNIQUES: tuple[str, ...] = (
    "repainting",
    "solvent_sponge",
    "laboratory",
    "infrared",
    "plaster_injection",
    "washi_paper",
)
DECKS: tuple[str, ...] = ("jesus_christ", "genesis", "moses", "last_judgment")


@dataclass(frozen=True)
class TechniqueCard:
    """One technique card: ``id`` 0..83, its technique, value and robot material icon."""

    id: int
    technique: str
    value: int
    icon: float  # materials shown for Gianluigi: 0.5, 1 or 1.5

    def __str__(self) -> str:
        return f"{self.technique} {self.value} (#{self.id})"


@dataclass(frozen=True)
class FrescoCard:
    """A fresco card: techniques left to right with their required values, three scores."""

    id: str
    name: str
    deck: str
    type: str
    scores: tuple[int, int, int]
    techniques: tuple[tuple[str, int], ...]
    provenance: str

    def technique_index(self, technique: str) -> int:
        """Position (0 = leftmost) of ``technique`` on the card, or -1."""
        for i, (t, _) in enumerate(self.techniques):
            if t == technique:
                return i
        return -1


@dataclass(frozen=True)
class Objective:
    """An objective card: its condition (``id`` = checklist id) and points per side."""

    id: str
    group: str
    condition: str
    points_2_3: tuple[int, int, int]
    points_4: tuple[int, int, int]

    def points(self, players: int) -> tuple[int, int, int]:
        """The side used with ``players`` players (Setup, step 4)."""
        return self.points_4 if players == 4 else self.points_2_3


@dataclass(frozen=True)
class Sheet:
    """A sheet card's history side: ``reward`` is points, cards, materials or objective."""

    id: str
    reward: str
    amount: int


@dataclass(frozen=True)
class PlayerCount:
    """A row of the player-count table (Setup, steps 2, 4, 6 and 7)."""

    players: int
    materials: int
    black_materials: int
    visible: tuple[str, ...]
    objective_side: str


@dataclass(frozen=True)
class SixtinaData:
    """The 1980 Sixtina rule data of ``seeds/sixtina.toml``, checked and indexed."""

    game: dict
    techniques: tuple[str, ...]
    technique_names: dict[str, str]
    cards: tuple[TechniqueCard, ...]
    frescoes: tuple[FrescoCard, ...]
    fresco_by_id: dict[str, FrescoCard]
    fresco_types: tuple[str, ...]
    objectives: tuple[Objective, ...]
    objective_by_id: dict[str, Objective]
    sheets: tuple[Sheet, ...]
    places: tuple[str, ...]  # chapel places, e.g. "JC1", "G4", "LJ2"
    place_deck: dict[str, str]
    place_xy: dict[str, tuple[float, float]]
    edges: tuple[tuple[str, str], ...]
    neighbours: dict[str, tuple[str, ...]]
    player_counts: dict[int, PlayerCount]
    illustrative: tuple[str, ...]  # what is illustrative, for banners

    def hand_limit(self) -> int:
        """The hand limit of Technique Preparation (act.preparation)."""
        return int(self.game["hand_limit"])


def _validate(raw: dict) -> SixtinaData:
    check_provenance(raw["game"], "game")
    techniques = tuple(t["id"] for t in raw["techniques"])
    if techniques != TECHNIQUES:
        raise DataError(f"techniques must be {TECHNIQUES}, got {techniques}")
    names = {t["id"]: t["name"] for t in raw["techniques"]}
    illustrative: list[str] = []
    cards: list[TechniqueCard] = []
    for block in raw["technique_cards"]:
        if check_provenance(block, f"technique_cards {block.get('technique')}") == "illustrative":
            illustrative.append(f"technique cards ({block['technique']})")
        if block["technique"] not in techniques:
            raise DataError(f"unknown technique {block['technique']!r}")
        for value, icon in block["cards"]:
            cards.append(TechniqueCard(len(cards), block["technique"], int(value), float(icon)))
    per_tech = {t: sum(c.technique == t for c in cards) for t in techniques}
    if len(cards) != 84 or set(per_tech.values()) != {14}:
        raise DataError(f"need 84 technique cards, 14 per technique; got {per_tech}")
    for c in cards:
        if c.icon * 2 != int(c.icon * 2) or c.icon <= 0 or c.value <= 0:
            raise DataError(f"card {c}: value must be positive and icon a positive multiple of 0.5")
    check_provenance(raw["fresco_types"], "fresco_types")
    types = tuple(raw["fresco_types"]["ids"])
    frescoes: list[FrescoCard] = []
    for f in raw["frescoes"]:
        prov = check_provenance(f, f"fresco {f.get('id')}")
        techs = tuple((t["technique"], int(t["value"])) for t in f["techniques"])
        if f["deck"] not in DECKS or f["type"] not in types:
            raise DataError(f"fresco {f['id']}: unknown deck or type")
        if len({t for t, _ in techs}) != len(techs) or any(t not in techniques for t, _ in techs) or not techs:
            raise DataError(f"fresco {f['id']}: techniques must be distinct known techniques")
        if len(f["scores"]) != 3:
            raise DataError(f"fresco {f['id']}: needs three contribution scores")
        frescoes.append(FrescoCard(f["id"], f["name"], f["deck"], f["type"], tuple(f["scores"]), techs, prov))
    counts = {d: sum(f.deck == d for f in frescoes) for d in DECKS}
    if counts != {"jesus_christ": 6, "genesis": 9, "moses": 6, "last_judgment": 5}:
        raise DataError(f"need 6/9/6/5 fresco cards per deck, got {counts}")
    if any(f.provenance == "illustrative" for f in frescoes):
        illustrative.append("fresco cards")
    objectives = []
    for o in raw["objectives"]:
        if check_provenance(o, f"objective {o.get('id')}") == "illustrative" and "objective points" not in illustrative:
            illustrative.append("objective points")
        objectives.append(Objective(o["id"], o["group"], o["condition"], tuple(o["points_2_3"]), tuple(o["points_4"])))
    if len(objectives) != 12:
        raise DataError("need 12 objective cards")
    sheets = []
    for s in raw["sheets"]:
        if check_provenance(s, f"sheet {s.get('id')}") == "illustrative" and "sheet rewards" not in illustrative:
            illustrative.append("sheet rewards")
        if s["reward"] not in ("points", "cards", "materials", "objective"):
            raise DataError(f"sheet {s['id']}: unknown reward {s['reward']!r}")
        sheets.append(Sheet(s["id"], s["reward"], int(s["amount"])))
    if len(sheets) != 9:
        raise DataError("need 9 sheet cards")
    chapel = raw["chapel"]
    if check_provenance(chapel, "chapel") == "illustrative":
        illustrative.append("chapel layout")
    places = tuple(p["id"] for p in chapel["places"])
    edges = tuple((a, b) for a, b in chapel["edges"]["pairs"])
    for a, b in edges:
        if a not in places or b not in places:
            raise DataError(f"chapel edge {a}-{b} names an unknown place")
    neighbours = {
        p: tuple(sorted({b for a, b in edges if a == p} | {a for a, b in edges if b == p}, key=places.index))
        for p in places
    }
    pcs = {}
    for row in raw["player_counts"]:
        check_provenance(row, f"player_counts {row.get('players')}")
        pcs[int(row["players"])] = PlayerCount(
            int(row["players"]),
            int(row["materials"]),
            int(row["black_materials"]),
            tuple(row["visible"]),
            row["objective_side"],
        )
    return SixtinaData(
        game=raw["game"],
        techniques=techniques,
        technique_names=names,
        cards=tuple(cards),
        frescoes=tuple(frescoes),
        fresco_by_id={f.id: f for f in frescoes},
        fresco_types=types,
        objectives=tuple(objectives),
        objective_by_id={o.id: o for o in objectives},
        sheets=tuple(sheets),
        places=places,
        place_deck={p["id"]: p["deck"] for p in chapel["places"]},
        place_xy={p["id"]: (float(p["x"]), float(p["y"])) for p in chapel["places"]},
        edges=edges,
        neighbours=neighbours,
        player_counts=pcs,
        illustrative=tuple(illustrative),
    )


@lru_cache(maxsize=1)
def data() -> SixtinaData:
    """The validated rule data (cached). Raises ``DataError`` on a malformed file."""
    try:
        return _validate(load_seed("sixtina"))
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, DataError):
            raise
        raise DataError(f"sixtina.toml: {exc!r}") from None


#: What ``options={"data": patch}`` may change (see seeds/README.md, Data overrides):
#: a fresco card's three contribution scores and an objective's points on either side,
#: the entries addressed by their ``id``.
OVERRIDES = Fields(
    {
        "frescoes": Entries(Fields({"scores": wholes(3)}), key="id", what="fresco"),
        "objectives": Entries(Fields({"points_2_3": wholes(3), "points_4": wholes(3)}), key="id", what="objective"),
    }
)


@lru_cache(maxsize=32)
def data_for(key: str) -> SixtinaData:
    """The rule data a game plays with: :func:`data` patched by its ``data`` option.

    ``key`` is the patch's canonical JSON (``State.data``; "" for none).  Raises
    ``DataError`` naming the path of a bad override."""
    if not key:
        return data()
    return patched(load_seed("sixtina"), key, OVERRIDES, _validate)


def check_patch(patch: Any) -> dict:
    """The ``data`` option checked (:data:`OVERRIDES`, then the data's own checks), canonical."""
    return checked_patch(patch, "sixtina", data_for)
