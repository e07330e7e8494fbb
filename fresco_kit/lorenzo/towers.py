"""The Towers and the development cards (rules summary, *Le Torri e le carte Sviluppo*).

Taking a card: reach the floor's value, keep one coloured member per tower, pay 3
coins first if the tower is occupied, take the floor bonus (floors 3 and 4), then pay
the card by one of its cost options (buildings resources, characters coins, ventures
resources or military points) — a territory instead needs military points for its slot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import product

from fresco_kit.core import Event, assign
from fresco_kit.core.rules import Reason, tell
from fresco_kit.core.text import Msg, worded

from . import readings
from .data import CARD_TYPES, Card, load
from .effects import (
    action_value,
    after_losses,
    apply_effect,
    bundle_text,
    colour_conflict,
    discounts_of,
    gain,
    gets_floor_bonus,
    occupy,
    pay,
    push,
)
from .refs import RULES, amount, joined, member_word, space_name, tower_word
from .state import Decision, Player, State

_TOWER_SPACES = {f"{t}-{f}": (t, f) for t in CARD_TYPES for f in (1, 2, 3, 4)}
#: each tower's four floor spaces, by tower
FLOORS = {t: tuple(f"{t}-{f}" for f in (1, 2, 3, 4)) for t in CARD_TYPES}


def tower_space(space: str) -> tuple[str, int] | None:
    """("building", 3) for "building-3"; None when ``space`` is not a tower space."""
    return _TOWER_SPACES.get(space)


def tower_floor(space: str) -> tuple[str, int]:
    """("building", 3) for "building-3"; raises ``KeyError`` when ``space`` is not a tower space."""
    return _TOWER_SPACES[space]


def tower_occupied(st: State, tower: str) -> bool:
    """Whether any member, of any player, stands in the tower."""
    occupants = st.occupants
    for s in FLOORS[tower]:
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
    then holds only that reason, or none and nothing else."""
    tower, floor = tower_floor(space)
    data = load()
    reasons: list[Reason] = []
    card_id = st.towers[tower][floor - 1]
    if card_id is None and (member is None or not readings.setting(st, "empty_floor_placement")):
        reasons.append((Msg("{space} holds no card", space=space_name(space)), RULES["kit.space"]))
        if first:
            return TowerPlan(reasons, tower, floor)
    if member is not None and st.occupants.get(space):
        reasons.append(
            (Msg("{space} is already taken by a family member", space=space_name(space)), RULES["kit.space"])
        )
        if first:
            return TowerPlan(reasons, tower, floor)
    clash = colour_conflict(st, p.name, member, FLOORS[tower]) if member is not None else None
    if clash is not None:
        reasons.append(
            (
                Msg(
                    "{player} already has a coloured member in the {tower} tower",
                    player=p.name,
                    tower=tower_word(tower),
                )
                if clash.player == p.name
                else Msg(
                    "{owner}'s {member} member already stands in the {tower} tower (switch colour_rule: one member "
                    "of each die colour per tower)",
                    owner=clash.player,
                    member=member_word(clash.member),
                    tower=tower_word(tower),
                ),
                RULES["towers.colour"],
            )
        )
        if first:
            return TowerPlan(reasons, tower, floor)
    modified = member is not None or readings.setting(st, "extra_action_modifiers")
    value = action_value(p, base, servants, "tower", tower) if modified else action_value(p, base, servants)
    need = data.towers[tower].floor_values[floor - 1]
    if value < need:
        reasons.append(
            (
                Msg(
                    "action value {value} is below the {tower} floor {floor} value {need}",
                    value=value,
                    tower=tower_word(tower),
                    floor=floor,
                    need=need,
                ),
                RULES["place.min"],
            )
        )
        if first:
            return TowerPlan(reasons, tower, floor)
    if card_id is not None and len(p.cards[tower]) >= data.max_cards:
        reasons.append(
            (
                Msg("{player} already has {n} {tower} cards", player=p.name, n=data.max_cards, tower=tower_word(tower)),
                RULES["kit.board_full"],
            )
        )
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
                    Msg(
                        "the {tower} tower is occupied: {coins} coins are due first "
                        "(the space's bonus coins cannot pay them)",
                        tower=tower_word(tower),
                        coins=data.occupied_coins,
                    ),
                    RULES["towers.occupied"],
                )
            )
            if first:
                return TowerPlan(reasons, tower, floor)
    bonus = {}
    if (member is not None or readings.setting(st, "extra_action_floor_bonus")) and gets_floor_bonus(p):
        bonus = data.towers[tower].floor_bonus[floor - 1]  # gain() applies any loss
    for k, v in after_losses(st, p, bonus).items():
        left[k] += v
    if card_id is None:  # no card to pay for: only an empty floor taken for its bonus gets here
        return TowerPlan(reasons, tower, floor, occupied, bonus)
    card = data.cards[card_id]
    if tower == "territory":
        slot = len(p.cards["territory"]) + 1
        required = data.territory_military[slot - 1] if slot <= data.max_cards else 0
        if left["military"] < required:
            reasons.append(
                (
                    Msg(
                        "territory slot {slot} needs {required} military points; {player} has {military}",
                        slot=slot,
                        required=required,
                        player=p.name,
                        military=left["military"],
                    ),
                    RULES["towers.territory_mp"],
                )
            )
        options: list[tuple[dict[str, int], int]] = [({}, 0)]
    else:
        options = [(c, n) for c, n in _options(p, card, discount) if left["military"] >= n and _covers(left, c)]
        if not options:
            reasons.append(
                (
                    Msg(
                        "{player} cannot pay for {card} ({costs}) "
                        "with what would be left after servants, tower coins and floor bonus",
                        player=p.name,
                        card=card.name,
                        costs=_costs_text(p, card, discount) if worded() else "",  # for a reader only
                    ),
                    RULES["towers.costs"],
                )
            )
    if first:  # only whether (or why not) is asked: no copies of the ways to pay
        return TowerPlan(reasons, tower, floor)
    return TowerPlan(reasons, tower, floor, occupied, bonus, [dict(c) for c, _ in options])


def _covers(left: dict[str, int], cost: dict[str, int]) -> bool:
    """Whether ``left`` holds at least ``cost`` of each resource."""
    for k, v in cost.items():
        if left[k] < v:
            return False
    return True


def _costs_text(p: Player, card: Card, discount: dict | None) -> Msg | str:
    parts = []
    for c, n in _options(p, card, discount):
        txt = joined([amount(v, k) for k, v in c.items()]) or Msg("nothing")
        parts.append(Msg("need {military} military, pay {cost}", military=n, cost=txt) if n else txt)
    return joined(parts, "or")


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
        tell(events, RULES["towers.occupied"], _occupied, p.name, data.occupied_coins, tp.tower)
    if tp.bonus:
        gain(st, p, tp.bonus, events, _floor_bonus(tp.floor), "towers.bonus")
    row = list(st.towers[tp.tower])
    card_id = row[tp.floor - 1]
    if card_id is None:  # an empty floor, taken for its bonus alone (switch empty_floor_placement)
        tell(
            events,
            RULES["kit.space"],
            lambda: Msg(
                "{player} takes no card: floor {floor} of the {tower} tower is empty (switch empty_floor_placement)",
                player=p.name,
                floor=tp.floor,
                tower=tower_word(tp.tower),
            ),
        )
        return
    row[tp.floor - 1] = None
    assign(st, towers={**st.towers, tp.tower: tuple(row)})
    p.cards[tp.tower] = p.cards[tp.tower] + (card_id,)
    card = data.cards[card_id]
    tell(events, RULES["towers.costs"], _taken, p.name, card.name, tp.tower, tp.floor)
    if len(tp.options) == 1:
        pay_card(st, p, card_id, tp.options[0], events)
    else:
        push(st, Decision(p.name, "cost", card=card_id, costs=tuple(dict(o) for o in tp.options)))


def _occupied(player: str, coins: int, tower: str) -> Msg:
    """The text of ``player`` paying ``coins`` to enter the occupied ``tower``."""
    return Msg(
        "{player} pays {coins} coins: the {tower} tower is occupied",
        player=player,
        coins=coins,
        tower=tower_word(tower),
    )


@cache
def _floor_bonus(floor: int) -> Callable[[], Msg]:
    """Why a floor's bonus is gained (a text-maker per floor, made once)."""
    return lambda: Msg("floor {floor} bonus", floor=floor)


@cache
def _immediate(card: str) -> Callable[[], Msg]:
    """Why a card's immediate effect gains (a text-maker per card, made once)."""
    return lambda: Msg("{card}, immediate", card=card)


def _taken(player: str, card: str, tower: str, floor: int) -> Msg:
    """The text of ``player`` taking ``card`` from ``floor`` of ``tower`` (the texts of taking a
    card are module-level functions: an event keeps its text-maker until read, and these keep
    less than a lambda)."""
    return Msg(
        "{player} takes {card} ({tower}, floor {floor})", player=player, card=card, tower=tower_word(tower), floor=floor
    )


def _paid(player: str, cost: dict[str, int], card: str) -> Msg:
    """The text of ``player`` paying ``cost`` for ``card``."""
    return Msg(
        "{player} pays {cost} for {card}", player=player, cost=[amount(v, k) for k, v in cost.items()], card=card
    )


def pay_card(st: State, p: Player, card_id: int, cost: dict[str, int], events: list[Event]) -> None:
    """Pay the chosen cost, then resolve the card's immediate effect (fulmine)."""
    card = load().cards[card_id]
    pay(p, cost)
    if cost:
        tell(events, RULES["towers.costs"], _paid, p.name, cost, card.name)
    apply_effect(st, p, card.immediate, events, _immediate(card.name))


def cost_reasons(decision: Decision, choice: str) -> list[Reason]:
    """Why ``choice`` cannot answer a cost decision (the ways to pay listed)."""
    costs, card = decision.costs or (), decision.card or 0  # a cost decision's fields
    n = len(costs)
    if not choice.isdigit() or not 1 <= int(choice) <= n:
        ways = joined([Msg("{i} ({cost})", i=i, cost=bundle_text(c)) for i, c in enumerate(costs, 1)], ";")
        return [
            (
                Msg("choose how to pay for {card}: {ways}", card=load().cards[card].name, ways=ways),
                RULES["towers.costs"],
            )
        ]
    return []
