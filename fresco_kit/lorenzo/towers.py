"""The Towers and the development cards (rules summary, *Le Torri e le carte Sviluppo*).

Taking a card: reach the floor's value, keep one coloured member per tower, pay 3
coins first if the tower is occupied, take the floor bonus (floors 3 and 4), then pay
the card by one of its cost options (buildings resources, characters coins, ventures
resources or military points) — a territory instead needs military points for its slot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product

from fresco_kit.core import Event, assign
from fresco_kit.core.rules import Reason

from . import readings
from .data import CARD_TYPES, Card, load
from .effects import (
    action_value,
    after_losses,
    apply_effect,
    bundle_text,
    discounts_of,
    gain,
    gets_floor_bonus,
    has_coloured_member,
    occupy,
    pay,
    push,
)
from .refs import RULES, amount, space_name
from .state import Decision, Player, State

_TOWER_SPACES = {f"{t}-{f}": (t, f) for t in CARD_TYPES for f in (1, 2, 3, 4)}
_FLOORS = {t: tuple(f"{t}-{f}" for f in (1, 2, 3, 4)) for t in CARD_TYPES}


def tower_space(space: str) -> tuple[str, int] | None:
    """("building", 3) for "building-3"; None when ``space`` is not a tower space."""
    return _TOWER_SPACES.get(space)


def tower_floor(space: str) -> tuple[str, int]:
    """("building", 3) for "building-3"; raises ``KeyError`` when ``space`` is not a tower space."""
    return _TOWER_SPACES[space]


def tower_occupied(st: State, tower: str) -> bool:
    """Whether any member, of any player, stands in the tower."""
    occupants = st.occupants
    for s in _FLOORS[tower]:
        if occupants.get(s):
            return True
    return False


def cost_options(p: Player, card: Card, discount: dict | None = None) -> list[tuple[dict, int]]:
    """Every way ``p`` may pay for ``card``: (resources, military requirement), after the
    extra action's ``discount`` and any character discount (alternatives expand)."""
    return [(dict(c), n) for c, n in _options(p, card, discount)]


def _options(p: Player, card: Card, discount: dict | None) -> tuple[tuple[dict, int], ...]:
    """:func:`cost_options`, shared and read-only: worked out once per card, characters
    held and discount (the listing loops ask the same ones again and again)."""
    return _cached_options(card.id, p.cards["character"], tuple(discount.items()) if discount else ())


@lru_cache(maxsize=4096)
def _cached_options(
    card_id: int, characters: tuple[int, ...], discount: tuple[tuple[str, int], ...]
) -> tuple[tuple[dict, int], ...]:
    card = load().cards[card_id]
    base = [(c.pay, c.need_military) for c in card.costs] or [({}, 0)]
    alternatives = ([[dict(discount)]] if discount else []) + discounts_of(characters, card.type)
    out: list[tuple[dict, int]] = []
    for pay_, need in base:
        for combo in product(*alternatives):
            cost = dict(pay_)
            for d in combo:
                for k, v in d.items():
                    if k in cost:
                        cost[k] = max(0, cost[k] - v)
            cost = {k: v for k, v in cost.items() if v}
            if (cost, need) not in out:
                out.append((cost, need))
    return tuple(out)


@dataclass
class TowerPlan:
    """What taking the card of ``space`` would cost and give; ``reasons`` lists every
    broken rule (empty = legal)."""

    reasons: list[Reason]
    tower: str = ""
    floor: int = 0
    occupied: bool = False
    bonus: dict[str, int] = field(default_factory=dict)
    options: list[dict[str, int]] = field(default_factory=list)


def plan(
    st: State,
    p: Player,
    space: str,
    base: int,
    servants: int,
    member: str | None,
    discount: dict | None = None,
    first: bool = False,
) -> TowerPlan:
    """Check taking the card on ``space`` with a member of value ``base`` (or an extra
    action at ``base`` when ``member`` is None), ``servants`` servants added.  With
    ``first``, the checks stop at the first broken rule (the listing loops): the plan
    then holds only that reason."""
    tower, floor = tower_floor(space)
    data = load()
    reasons: list[Reason] = []
    card_id = st.towers[tower][floor - 1]
    if card_id is None:
        reasons.append((f"{space_name(space)} holds no card", RULES["kit.space"]))
        if first:
            return TowerPlan(reasons, tower, floor)
    if member is not None and st.occupants.get(space):
        reasons.append((f"{space_name(space)} is already taken by a family member", RULES["kit.space"]))
        if first:
            return TowerPlan(reasons, tower, floor)
    if member is not None and member != "neutral" and has_coloured_member(st, p.name, _FLOORS[tower]):
        reasons.append((f"{p.name} already has a coloured member in the {tower} tower", RULES["towers.colour"]))
        if first:
            return TowerPlan(reasons, tower, floor)
    value = action_value(p, base, servants, "tower", tower)
    need = data.towers[tower].floor_values[floor - 1]
    if value < need:
        reasons.append((f"action value {value} is below the {tower} floor {floor} value {need}", RULES["place.min"]))
        if first:
            return TowerPlan(reasons, tower, floor)
    if len(p.cards[tower]) >= data.max_cards:
        reasons.append((f"{p.name} already has {data.max_cards} {tower} cards", RULES["kit.board_full"]))
        if first:
            return TowerPlan(reasons, tower, floor)
    occupied = tower_occupied(st, tower) and (member is not None or readings.setting(st, "extra_action_pays_occupied"))
    left = dict(p.res)
    left["servants"] -= servants
    if occupied:
        left["coins"] -= data.occupied_coins
        if left["coins"] < 0:
            reasons.append(
                (
                    f"the {tower} tower is occupied: {data.occupied_coins} coins are due first "
                    f"(the space's bonus coins cannot pay them)",
                    RULES["towers.occupied"],
                )
            )
            if first:
                return TowerPlan(reasons, tower, floor)
    bonus = {}
    if (member is not None or readings.setting(st, "extra_action_floor_bonus")) and gets_floor_bonus(p):
        bonus = data.towers[tower].floor_bonus[floor - 1]  # gain() applies any loss
    for k, v in after_losses(p, bonus).items():
        left[k] += v
    if card_id is None:
        return TowerPlan(reasons, tower, floor)
    card = data.cards[card_id]
    if tower == "territory":
        slot = len(p.cards["territory"]) + 1
        required = data.territory_military[slot - 1] if slot <= data.max_cards else 0
        if left["military"] < required:
            reasons.append(
                (
                    f"territory slot {slot} needs {required} military points; {p.name} has {left['military']}",
                    RULES["towers.territory_mp"],
                )
            )
        options: list[tuple[dict[str, int], int]] = [({}, 0)]
    else:
        options = [(c, n) for c, n in _options(p, card, discount) if left["military"] >= n and _covers(left, c)]
        if not options:
            reasons.append(
                (
                    f"{p.name} cannot pay for {card.name} ({_costs_text(p, card, discount)}) "
                    f"with what would be left after servants, tower coins and floor bonus",
                    RULES["towers.costs"],
                )
            )
    return TowerPlan(reasons, tower, floor, occupied, bonus, [dict(c) for c, _ in options])


def _covers(left: dict[str, int], cost: dict[str, int]) -> bool:
    """Whether ``left`` holds at least ``cost`` of each resource."""
    for k, v in cost.items():
        if left[k] < v:
            return False
    return True


def _costs_text(p: Player, card: Card, discount: dict | None) -> str:
    parts = []
    for c, n in _options(p, card, discount):
        txt = " + ".join(amount(v, k) for k, v in c.items()) or "nothing"
        parts.append(f"need {n} military, pay {txt}" if n else txt)
    return " or ".join(parts)


def take_card(
    st: State, p: Player, space: str, servants: int, member: str | None, tp: TowerPlan, events: list[Event]
) -> None:
    """Carry out a legal tower action planned by :func:`plan` (``p``: the acting player's
    private copy)."""
    data = load()
    p.res["servants"] -= servants
    if member is not None:
        occupy(st, space, p.name, member)
    if tp.occupied:
        p.res["coins"] -= data.occupied_coins
        events.append(
            Event(
                f"{p.name} pays {data.occupied_coins} coins: the {tp.tower} tower is occupied", RULES["towers.occupied"]
            )
        )
    if tp.bonus:
        gain(st, p, tp.bonus, events, f" (floor {tp.floor} bonus)", "towers.bonus")
    row = list(st.towers[tp.tower])
    card_id = row[tp.floor - 1]
    assert card_id is not None  # a legal plan takes a card
    row[tp.floor - 1] = None
    assign(st, towers={**st.towers, tp.tower: tuple(row)})
    p.cards[tp.tower] = p.cards[tp.tower] + (card_id,)
    card = data.cards[card_id]
    events.append(Event(f"{p.name} takes {card.name} ({tp.tower}, floor {tp.floor})", RULES["towers.costs"]))
    if len(tp.options) == 1:
        pay_card(st, p, card_id, tp.options[0], events)
    else:
        push(st, Decision(p.name, "cost", card=card_id, costs=tuple(dict(o) for o in tp.options)))


def pay_card(st: State, p: Player, card_id: int, cost: dict[str, int], events: list[Event]) -> None:
    """Pay the chosen cost, then resolve the card's immediate effect (fulmine)."""
    card = load().cards[card_id]
    pay(p, cost)
    if cost:
        events.append(
            Event(
                f"{p.name} pays {', '.join(amount(v, k) for k, v in cost.items())} for {card.name}",
                RULES["towers.costs"],
            )
        )
    apply_effect(st, p, card.immediate, events, f" ({card.name}, immediate)")


def cost_reasons(decision: Decision, choice: str) -> list[Reason]:
    """Why ``choice`` cannot answer a cost decision (the ways to pay listed)."""
    costs, card = decision.costs or (), decision.card or 0  # a cost decision's fields
    n = len(costs)
    if not choice.isdigit() or not 1 <= int(choice) <= n:
        ways = "; ".join(f"{i} ({bundle_text(c)})" for i, c in enumerate(costs, 1))
        return [(f"choose how to pay for {load().cards[card].name}: {ways}", RULES["towers.costs"])]
    return []
