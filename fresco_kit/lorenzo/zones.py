"""Harvest and production (rules summary, *Le altre zone del tabellone*: zona raccolto,
zona produzione).

Each zone has a small space (one member) and a large space (any number, -3 to the
action value; unused with two players); a player keeps one coloured member per zone.
The action value fires the personal bonus tile and every card whose activation value
is not above it: territories on harvest, buildings on production.  All buildings
produce at once: trades are paid from what the player held before, and the outputs
arrive together at the end.
"""

from __future__ import annotations

from fresco_kit.core import Event
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from . import readings
from .data import load, load_for, permanent
from .effects import action_value, colour_conflict, effect_bundle, gain, occupy, pay, push
from .refs import RULES, amount, member_word, space_name, zone_word
from .state import Decision, Player, State

ZONES = ("harvest", "production")


def zone_reasons(st: State, p: Player, space: str, base: int, servants: int, member: str, first: bool = False) -> list:
    """Every rule broken by placing ``member`` (value ``base``) on a zone space (with
    ``first``, only the first one broken)."""
    data = load()
    sp = data.spaces[space]
    reasons = []
    if len(st.players) < sp.min_players:
        reasons.append(
            (
                Msg("{space} is not used with {n} players", space=space_name(space), n=len(st.players)),
                RULES["zones.two_players"],
            )
        )
        if first:
            return reasons
    if sp.capacity and len(st.occupants.get(space, ())) >= sp.capacity:
        reasons.append((Msg("{space} takes only one family member", space=space_name(space)), RULES["zones.spaces"]))
        if first:
            return reasons
    clash = colour_conflict(st, p.name, member, (f"{sp.kind}-small", f"{sp.kind}-large"))
    if clash is not None:
        reasons.append(
            (
                Msg("{player} already has a coloured member in the {zone} zone", player=p.name, zone=zone_word(sp.kind))
                if clash.player == p.name
                else Msg(
                    "{owner}'s {member} member already stands in the {zone} zone (switch colour_rule: one member "
                    "of each die colour per zone)",
                    owner=clash.player,
                    member=member_word(clash.member),
                    zone=zone_word(sp.kind),
                ),
                RULES["zones.colour"],
            )
        )
        if first:
            return reasons
    value = zone_value(p, space, base, servants)
    if readings.setting(st, "large_space_penalty_after_minimum"):
        value += sp.penalty  # the member reaches the printed 1 before the -3
    if value < sp.value:
        reasons.append(
            (
                Msg(
                    "value {value} is below the minimum {minimum} of {space}",
                    value=value,
                    minimum=sp.value,
                    space=space_name(space),
                ),
                RULES["place.min"],
            )
        )
    return reasons


def zone_value(p: Player, space: str, base: int, servants: int) -> int:
    """The action value of a zone placement: member + servants + bonuses - maluses - the space's penalty."""
    sp = load().spaces[space]
    return action_value(p, base, servants, sp.kind) - sp.penalty


def place_zone(st: State, p: Player, space: str, base: int, servants: int, member: str, events: list[Event]) -> None:
    """Place ``member`` (value ``base``, ``servants`` paid) on a harvest or production
    space and run the action at the space's value (*Le altre zone del tabellone*)."""
    sp = load().spaces[space]
    value = zone_value(p, space, base, servants)
    p.res["servants"] -= servants
    occupy(st, space, p.name, member)
    if sp.penalty:
        tell(events, RULES["zones.spaces"], _large_space, p.name, sp.kind, sp.penalty, value)
    activate(st, p, sp.kind, value, events)


# The texts of the zones' events and gains: module-level functions (an event keeps its
# text-maker until read, and these keep less than a lambda).
def _large_space(player: str, zone: str, penalty: int, value: int) -> Msg:
    return Msg(
        "{player} uses the large {zone} space: -{penalty}, action value {value}",
        player=player,
        zone=zone_word(zone),
        penalty=penalty,
        value=value,
    )


def _harvests(player: str, value: int) -> Msg:
    return Msg("{player} harvests at value {value}", player=player, value=value)


def _produces(player: str, value: int) -> Msg:
    return Msg("{player} produces at value {value}", player=player, value=value)


def _produced(player: str) -> Msg:
    return Msg("{player}'s buildings have produced together", player=player)


def _personal_tile() -> Msg:
    return Msg("personal bonus tile")


def _production() -> Msg:
    return Msg("production")


def activate(st: State, p: Player, zone: str, value: int, events: list[Event]) -> None:
    """Run a harvest or production action at ``value``."""
    (harvest if zone == "harvest" else production)(st, p, value, events)


def firing_cards(p: Player, zone: str, value: int) -> list[int]:
    """Cards of ``p`` whose permanent ``zone`` effect fires at ``value`` (in board order)."""
    cards = load().cards
    row = p.cards["territory" if zone == "harvest" else "building"]
    return [c for c in row if (perm := cards[c].permanent) is not None and perm.value <= value]


def harvest(st: State, p: Player, value: int, events: list[Event]) -> None:
    """Harvest at ``value``: the bonus tile, then every territory with activation value <= value."""
    data = load_for(st.data)  # the bonus tile: the game's data patch included
    tell(events, RULES["zones.activation"], _harvests, p.name, value)
    tile = data.bonus_tiles[p.bonus_tile]
    if value >= tile.value:
        gain(st, p, tile.harvest, events, _personal_tile, "zones.activation")
    for cid in firing_cards(p, "harvest", value):
        card = data.cards[cid]
        gain(st, p, effect_bundle(p, permanent(cid).effect), events, card.name, "zones.activation")


def production(st: State, p: Player, value: int, events: list[Event]) -> None:
    """Production at ``value``: outputs are collected and arrive together; trades are
    asked building by building (pending "trade")."""
    data = load_for(st.data)  # the bonus tile: the game's data patch included
    tell(events, RULES["zones.activation"], _produces, p.name, value)
    outputs: list[dict[str, int]] = []
    tile = data.bonus_tiles[p.bonus_tile]
    if value >= tile.value:
        outputs.append(dict(tile.production))
    queue = []
    for cid in firing_cards(p, "production", value):
        perm = permanent(cid)
        if perm.trades:
            queue.append(cid)
        else:
            outputs.append(effect_bundle(p, perm.effect))
    continue_production(st, p, tuple(queue), tuple(outputs), events)


def affordable_trades(p: Player, card_id: int) -> list[int]:
    """1-based numbers of the trades of a building that ``p`` can pay now."""
    trades = permanent(card_id).trades
    return [i + 1 for i, t in enumerate(trades) if all(p.res[k] >= v for k, v in t.give.items())]


def continue_production(
    st: State, p: Player, queue: tuple[int, ...], outputs: tuple[dict, ...], events: list[Event]
) -> None:
    """Ask the next building of ``queue`` whose trade is affordable (a pending "trade"
    decision), or deliver all ``outputs`` at once."""
    while queue and not affordable_trades(p, queue[0]):
        queue = queue[1:]
    if queue:
        push(st, Decision(p.name, "trade", queue=queue, outputs=outputs))
        return
    for bundle in outputs:
        gain(st, p, bundle, events, _production, "zones.simultaneous")
    tell(events, RULES["zones.simultaneous"], _produced, p.name)


def trade_reasons(p: Player, decision: Decision, choice: str) -> list:
    """Why ``choice`` cannot answer a trade decision (the affordable trades listed)."""
    assert decision.queue  # a trade decision asks its front building
    card = load().cards[decision.queue[0]]
    n = len(permanent(card.id).trades)
    can = [Msg("0 (no trade)")] + [str(i) for i in affordable_trades(p, card.id)]
    if not choice.isdigit() or not 0 <= int(choice) <= n:
        return [
            (
                Msg("choose a trade of {card}; the choices are {choices}", card=card.name, choices=can),
                RULES["zones.activation"],
            )
        ]
    if int(choice) and int(choice) not in affordable_trades(p, card.id):
        return [
            (
                Msg(
                    "{player} cannot pay trade {choice} of {card} with what they held before producing; "
                    "the choices are {choices}",
                    player=p.name,
                    choice=choice,
                    card=card.name,
                    choices=can,
                ),
                RULES["zones.simultaneous"],
            )
        ]
    return []


def resolve_trade(st: State, p: Player, decision: Decision, choice: str, events: list[Event]) -> None:
    """Make the chosen trade (if any) of the front building, then ask the next one."""
    data = load()
    assert decision.queue and decision.outputs is not None  # a trade decision's fields
    card = data.cards[decision.queue[0]]
    outputs = decision.outputs
    if int(choice):
        trade = permanent(card.id).trades[int(choice) - 1]
        pay(p, trade.give)
        outputs = outputs + (effect_bundle(p, trade.get),)
        tell(
            events,
            RULES["zones.activation"],
            lambda: Msg(
                "{player} trades {give} at {card}",
                player=p.name,
                give=[amount(v, k) for k, v in trade.give.items()],
                card=card.name,
            ),
        )
    continue_production(st, p, decision.queue[1:], outputs, events)
