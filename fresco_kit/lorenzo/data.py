"""The rule data of Lorenzo il Magnifico (``seeds/lorenzo.toml``), loaded and validated.

Everything printed on the board, cards and tiles lives in the data file; this module
turns it into small frozen dataclasses and checks it (96 development cards = 4 types x
3 periods x 8, 21 excommunication tiles = 3 periods x 7, provenance on every entry).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from fresco_kit.core.data import (
    DataError,
    Entries,
    Fields,
    Whole,
    check_provenance,
    checked_patch,
    load_seed,
    patched,
)

RESOURCES = ("wood", "stone", "servants", "coins", "military", "faith", "vp")
GOODS = ("wood", "stone", "servants", "coins")  # the resources of final scoring
CARD_TYPES = ("territory", "building", "character", "venture")
MEMBERS = ("white", "black", "orange", "neutral")
COLOURED = ("white", "black", "orange")
PER_KEYS = CARD_TYPES + ("military",)
PERIODS = (1, 2, 3)

#: The action spaces by name: tower floors (``territory-1`` .. ``venture-4``, 1 = bottom),
#: the harvest and production spaces, the four market spaces and the Council Palace.
TOWER_SPACES = tuple(f"{t}-{f}" for t in CARD_TYPES for f in (1, 2, 3, 4))
ZONE_SPACES = ("harvest-small", "harvest-large", "production-small", "production-large")
MARKET_SPACES = ("market-1", "market-2", "market-3", "market-4")
SPACES = TOWER_SPACES + ZONE_SPACES + MARKET_SPACES + ("council",)
#: The development-card decks by name: one per card type and period (``territory-1`` ...).
DECKS = tuple(f"{t}-{period}" for period in PERIODS for t in CARD_TYPES)


def _bundle(raw: dict, where: str, allow: tuple[str, ...] = RESOURCES + ("privileges",)) -> dict[str, int]:
    out = {}
    for k, v in raw.items():
        if k not in allow:
            raise DataError(f"{where}: unknown resource {k!r}")
        if not isinstance(v, int) or v < 0:
            raise DataError(f"{where}: {k} must be a non-negative integer")
        out[k] = v
    return out


@dataclass(frozen=True)
class ExtraAction:
    """An extra action granted by a card: a tower card (``tower`` type or "any") or a
    harvest/production, at ``value``, with an optional cost ``discount``."""

    kind: Literal["tower", "harvest", "production"]
    value: int
    tower: Literal["territory", "building", "character", "venture", "any"] = "any"
    discount: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Effect:
    """Gains (``gain``), ``privileges`` to choose, optional multiplier ``per`` card type
    (or "military", counted in steps of ``every``) and an optional extra ``action``."""

    gain: dict = field(default_factory=dict)
    privileges: int = 0
    per: str | None = None
    every: int = 1
    action: ExtraAction | None = None


@dataclass(frozen=True)
class CostOption:
    """One way to pay for a card: resources ``pay`` and a military requirement."""

    pay: dict
    need_military: int = 0


@dataclass(frozen=True)
class Trade:
    """One trade of a building's production: pay ``give``, receive ``get``."""

    give: dict
    get: Effect


@dataclass(frozen=True)
class Permanent:
    """A harvest (territory) or production (building) effect at an activation value:
    a fixed ``effect`` or (with an empty ``effect``) ``trades`` the player chooses among."""

    zone: str
    value: int
    effect: Effect = field(default_factory=lambda: Effect())
    trades: tuple[Trade, ...] = ()


@dataclass(frozen=True)
class Modifier:
    """A character's permanent effect: ``kind`` tower/harvest/production/no_floor_bonus."""

    kind: str
    tower: str | None = None
    bonus: int = 0
    discounts: tuple[dict, ...] = ()


@dataclass(frozen=True)
class Card:
    """A development card (carta Sviluppo) as printed: costs, immediate effect, permanent
    effect or character modifier, end-of-game VP, and the provenance of its numbers."""

    id: int
    name: str
    type: str
    period: int
    costs: tuple[CostOption, ...]
    immediate: Effect
    permanent: Permanent | None = None
    modifier: Modifier | None = None
    end_vp: int = 0
    provenance: str = "public"


@dataclass(frozen=True)
class Excommunication:
    """An excommunication tile (tessera scomunica): its period, name and effect
    (``kind`` with ``params``)."""

    id: int
    period: int
    name: str
    kind: str
    params: dict
    provenance: str


@dataclass(frozen=True)
class Tower:
    """A tower of the board: its card type, colour, Italian name, floor values and bonuses."""

    type: str
    colour: str
    italian: str
    floor_values: tuple[int, ...]
    floor_bonus: tuple[dict, ...]


@dataclass(frozen=True)
class Space:
    """A non-tower action space: zones, market, council."""

    id: str
    kind: str  # "harvest" | "production" | "market" | "council"
    value: int
    capacity: int  # 0 = unlimited
    penalty: int = 0
    min_players: int = 2
    gain: dict = field(default_factory=dict)


@dataclass(frozen=True)
class BonusTile:
    """A personal bonus tile (tessera bonus personale): what harvest and production give at ``value``."""

    id: str
    value: int
    harvest: dict
    production: dict
    provenance: str


@dataclass(frozen=True)
class LorenzoData:
    """Everything printed on the board, cards and tiles (``seeds/lorenzo.toml``), checked."""

    cards: dict[int, Card]
    towers: dict[str, Tower]
    spaces: dict[str, Space]
    privileges: dict[str, dict]
    excommunications: dict[int, Excommunication]
    bonus_tiles: dict[str, BonusTile]
    faith_vp: tuple[int, ...]
    vatican_thresholds: tuple[int, ...]
    territory_military: tuple[int, ...]
    territory_points: tuple[int, ...]
    character_points: tuple[int, ...]
    military_awards: tuple[int, ...]
    resources_per_vp: int
    start: dict
    occupied_coins: int
    max_cards: int
    illustrative: tuple[str, ...]


def _effect(raw: dict, where: str) -> Effect:
    raw = dict(raw)
    action = raw.pop("action", None)
    per = raw.pop("per", None)
    every = raw.pop("every", 1)
    if per is not None and per not in PER_KEYS:
        raise DataError(f"{where}: per must be one of {PER_KEYS}")
    gain = _bundle(raw, where)
    privileges = gain.pop("privileges", 0)
    extra = None
    if action is not None:
        if action.get("kind") not in ("tower", "harvest", "production"):
            raise DataError(f"{where}: bad extra action {action!r}")
        extra = ExtraAction(
            action["kind"], int(action["value"]), action.get("tower", "any"), _bundle(action.get("discount", {}), where)
        )
    return Effect(gain, privileges, per, int(every), extra)


def _card(raw: dict) -> Card:
    where = f"cards id {raw.get('id')}"
    check_provenance(raw, where)
    if raw["type"] not in CARD_TYPES or raw["period"] not in (1, 2, 3):
        raise DataError(f"{where}: bad type or period")
    costs = []
    for opt in raw.get("costs", []):
        opt = dict(opt)
        need = opt.pop("need_military", 0)
        costs.append(CostOption(_bundle(opt, where), need))
    permanent = None
    for zone in ("harvest", "production"):
        if zone in raw:
            p = dict(raw[zone])
            trades = tuple(Trade(_bundle(t["give"], where), _effect(t["get"], where)) for t in p.pop("trades", []))
            value = p.pop("value")
            eff = Effect()
            if not trades:
                gain = dict(p.pop("gain", {}))
                gain.update({k: p[k] for k in ("per", "every") if k in p})
                eff = _effect(gain, where)
            permanent = Permanent(zone, value, eff, trades)
    modifier = None
    if "modifier" in raw:
        m = raw["modifier"]
        modifier = Modifier(
            m["kind"], m.get("tower"), m.get("bonus", 0), tuple(_bundle(d, where) for d in m.get("discounts", []))
        )
    return Card(
        raw["id"],
        raw["name"],
        raw["type"],
        raw["period"],
        tuple(costs),
        _effect(raw.get("immediate", {}), where),
        permanent,
        modifier,
        raw.get("end_vp", 0),
        raw["provenance"],
    )


def parse(raw: dict[str, Any]) -> LorenzoData:
    """Build and validate :class:`LorenzoData` from the parsed TOML (raises DataError)."""
    illustrative = []
    for key in ("game", "start", "towers_rules", "territory_slots", "council", "faith_track", "vatican", "scoring"):
        if check_provenance(raw[key], key) == "illustrative":
            illustrative.append(key)
    for key in ("towers", "zones", "market", "privileges", "bonus_tiles", "excommunications", "cards"):
        for i, entry in enumerate(raw[key]):
            if check_provenance(entry, f"{key}[{i}]") == "illustrative":
                illustrative.append(f"{key}[{i}]")
    cards = {}
    for entry in raw["cards"]:
        card = _card(entry)
        if card.id in cards:
            raise DataError(f"duplicate card id {card.id}")
        cards[card.id] = card
    counts: dict[tuple[str, int], int] = {}
    for c in cards.values():
        counts[c.type, c.period] = counts.get((c.type, c.period), 0) + 1
    if len(cards) != 96 or any(counts.get((t, p)) != 8 for t in CARD_TYPES for p in (1, 2, 3)):
        raise DataError(f"need 96 development cards, 8 per type and period; got {counts}")
    for c in cards.values():
        if c.type == "territory" and c.costs:
            raise DataError(f"territory {c.name} must have no cost")
        if c.type in ("building", "character") and len(c.costs) != 1:
            raise DataError(f"{c.type} {c.name} must have exactly one cost")
        if c.type == "character" and set(c.costs[0].pay) - {"coins"}:
            raise DataError(f"character {c.name} must cost coins only")
        if (c.permanent is not None) and c.permanent.zone != {"territory": "harvest", "building": "production"}.get(
            c.type
        ):
            raise DataError(f"{c.name}: a {c.type} cannot have a {c.permanent.zone} effect")
    towers = {}
    for t in raw["towers"]:
        towers[t["type"]] = Tower(
            t["type"],
            t["colour"],
            t["italian"],
            tuple(t["floor_values"]),
            tuple(_bundle(b, f"tower {t['type']}") for b in t["floor_bonus"]),
        )
    if set(towers) != set(CARD_TYPES) or any(len(t.floor_values) != 4 for t in towers.values()):
        raise DataError("need four towers of four floors, one per card type")
    spaces = {}
    for z in raw["zones"]:
        spaces[z["id"]] = Space(z["id"], z["zone"], z["value"], z["capacity"], z["penalty"], z["min_players"])
    for m in raw["market"]:
        spaces[m["id"]] = Space(m["id"], "market", m["value"], 1, 0, m["min_players"], _bundle(m["gain"], m["id"]))
    c = raw["council"]
    spaces[c["id"]] = Space(c["id"], "council", c["value"], 0, 0, 2, _bundle(c["gain"], "council"))
    if tuple(spaces) != SPACES[len(TOWER_SPACES) :]:
        raise DataError(f"the board's spaces must be {SPACES[len(TOWER_SPACES) :]}, not {tuple(spaces)}")
    excomms = {}
    for e in raw["excommunications"]:
        params = {k: v for k, v in e["effect"].items() if k != "kind"}
        excomms[e["id"]] = Excommunication(
            e["id"], e["period"], e["name"], e["effect"]["kind"], params, e["provenance"]
        )
    if len(excomms) != 21 or any(sum(1 for x in excomms.values() if x.period == p) != 7 for p in (1, 2, 3)):
        raise DataError("need 21 excommunication tiles, 7 per period")
    tiles = {
        b["id"]: BonusTile(
            b["id"], b["value"], _bundle(b["harvest"], b["id"]), _bundle(b["production"], b["id"]), b["provenance"]
        )
        for b in raw["bonus_tiles"]
    }
    sc = raw["scoring"]
    faith = tuple(raw["faith_track"]["vp"])
    if len(faith) != 16:
        raise DataError("the faith track needs VP for faith 0..15")
    return LorenzoData(
        cards=cards,
        towers=towers,
        spaces=spaces,
        privileges={p["id"]: _bundle(p["gain"], p["id"]) for p in raw["privileges"]},
        excommunications=excomms,
        bonus_tiles=tiles,
        faith_vp=faith,
        vatican_thresholds=tuple(raw["vatican"]["thresholds"]),
        territory_military=tuple(raw["territory_slots"]["military_required"]),
        territory_points=tuple(sc["territories"]),
        character_points=tuple(sc["characters"]),
        military_awards=tuple(sc["military"]),
        resources_per_vp=sc["resources_per_vp"],
        start=dict(raw["start"]),
        occupied_coins=raw["towers_rules"]["occupied_extra_coins"],
        max_cards=raw["game"]["max_cards_per_type"],
        illustrative=tuple(illustrative),
    )


def permanent(card_id: int) -> Permanent:
    """The harvest or production effect of territory or building ``card_id``; raises
    ``KeyError`` for a card without one."""
    perm = load().cards[card_id].permanent
    if perm is None:
        raise KeyError(f"card {card_id} has no harvest or production effect")
    return perm


@lru_cache(maxsize=1)
def load() -> LorenzoData:
    """The game's rule data (cached)."""
    return parse(load_seed("lorenzo"))


#: How many different council privileges there are (*Il Palazzo del Consiglio*): one
#: gain never asks for more, since the privileges of one gain must all differ.
PRIVILEGE_KINDS = len(load_seed("lorenzo")["privileges"])

#: A bundle of resources and council privileges, each a whole number >= 0; a patch may
#: set any of them (``{"wood": 2}`` adds wood to a bundle that had none).  More council
#: privileges than :data:`PRIVILEGE_KINDS` would leave a choice no player can make (a
#: dead game), so a patch is refused past it.
_BUNDLE = Fields(
    {k: Whole(0) for k in RESOURCES} | {"privileges": Whole(0, PRIVILEGE_KINDS)},
    open_keys=True,
)

#: What ``options={"data": patch}`` may change (see seeds/README.md, Data overrides): a
#: venture card's end-of-game VP (cards by number), what a personal bonus tile gives at
#: harvest and production (tiles by id), and a market space's gain (spaces by id).
OVERRIDES = Fields(
    {
        "cards": Entries(Fields({"end_vp": Whole(0)}), key="id", what="development card"),
        "bonus_tiles": Entries(Fields({"harvest": _BUNDLE, "production": _BUNDLE}), key="id", what="bonus tile"),
        "market": Entries(Fields({"gain": _BUNDLE}), key="id", what="market space"),
    }
)


@lru_cache(maxsize=32)
def load_for(key: str) -> LorenzoData:
    """The rule data a game plays with: :func:`load` patched by its ``data`` option
    (``key``: the patch's canonical JSON, ``State.data``; "" for none)."""
    if not key:
        return load()
    return patched(load_seed("lorenzo"), key, OVERRIDES, parse)


def check_patch(patch: Any) -> dict:
    """The ``data`` option checked (:data:`OVERRIDES`, then :func:`parse`), in canonical form."""
    return checked_patch(patch, "lorenzo", load_for)
