"""Placement and decisions: the checks and effects of every action (rules summary,
*I dadi e i familiari*, with the zones of the other sections dispatched by space).

``reasons(state, action)`` lists every broken rule; ``perform(state, action)`` plays a
legal action on a copy.  Play then moves on: next turn, Vatican report, end of round.
"""
from __future__ import annotations

from fresco_kit.core import Event

from .data import CARD_TYPES, MEMBERS, load
from .effects import (action_value, member_value, resolve_privilege, privilege_reasons, servant_step,
                      servants_per_plus)
from .endround import end_round
from .market import council_reasons, market_reasons, place_market
from .refs import RULES
from .state import Choose, Forfeit, Place, Player, State
from .towers import cost_reasons, pay_card, plan, take_card, tower_space
from .vatican import resolve_vatican, start_report, vatican_reasons
from .zones import ZONES, activate, place_zone, resolve_trade, trade_reasons, zone_reasons

TOWER_SPACES = tuple(f"{t}-{f}" for t in CARD_TYPES for f in (1, 2, 3, 4))
ZONE_SPACES = ("harvest-small", "harvest-large", "production-small", "production-large")
MARKET_SPACES = ("market-1", "market-2", "market-3", "market-4")
SPACES = TOWER_SPACES + ZONE_SPACES + MARKET_SPACES + ("council",)


def _turn_reasons(st: State, player: str, deciding: bool) -> list:
    if st.phase == "over":
        return [("the game is over", RULES["kit.over"])]
    if not any(p.name == player for p in st.players):
        return [(f"{player!r} is not playing", RULES["kit.turn"])]
    if deciding:
        if not st.pending:
            return [("there is no pending decision to answer", RULES["kit.pending"])]
        if st.pending[0]["player"] != player:
            return [(f"{st.pending[0]['player']} must answer a pending {st.pending[0]['kind']} decision first",
                     RULES["kit.pending"])]
        return []
    if st.pending:
        return [(f"{st.pending[0]['player']} must answer a pending {st.pending[0]['kind']} decision first",
                 RULES["kit.pending"])]
    if st.current != player:
        return [(f"it is {st.current}'s turn, not {player}'s", RULES["phase.actions"])]
    return []


def _servant_reasons(p: Player, servants: int) -> list:
    out = []
    if not isinstance(servants, int) or servants < 0:
        return [("servants must be a whole number >= 0", RULES["servants"])]
    if servants > p.res["servants"]:
        out.append((f"{p.name} has only {p.res['servants']} servants", RULES["servants"]))
    step = servant_step(p)
    if step > 1 and servants % step:
        out.append((f"excommunicated: servants count {step} per +1, so pay them in multiples of {step}",
                    RULES["excomm.kinds"]))
    return out


def place_reasons(st: State, a: Place, turn: bool = True) -> list:
    """Every rule broken by placing ``a.member`` on ``a.space``."""
    out = _turn_reasons(st, a.player, False) if turn else []
    if out and (st.phase == "over" or not any(p.name == a.player for p in st.players)):
        return out
    p = st.player(a.player)
    if a.member not in MEMBERS:
        return out + [(f"{a.member!r} is not a family member ({', '.join(MEMBERS)})", RULES["kit.member"])]
    if a.member not in p.home:
        out.append((f"{p.name}'s {a.member} member is not at home this round", RULES["kit.member"]))
    out += _servant_reasons(p, a.servants)
    if out and not isinstance(a.servants, int):
        return out
    if not isinstance(a.space, str):
        return out + [(f"no action space {a.space!r}", RULES["kit.space"])]
    base = member_value(st, p, a.member)
    if tower_space(a.space):
        return out + plan(st, p, a.space, base, a.servants, a.member).reasons
    if a.space in ZONE_SPACES:
        return out + zone_reasons(st, p, a.space, base, a.servants, a.member)
    if a.space in MARKET_SPACES:
        return out + market_reasons(st, p, a.space, base, a.servants)
    if a.space == "council":
        return out + council_reasons(st, p, a.space, base, a.servants)
    return out + [(f"no action space {a.space!r}", RULES["kit.space"])]


def forfeit_reasons(st: State, a: Forfeit) -> list:
    out = _turn_reasons(st, a.player, False)
    if a.player not in st.names or st.phase == "over":
        return out
    p = st.player(a.player)
    if a.member not in p.home:
        return out + [(f"{p.name}'s {a.member} member is not at home this round", RULES["kit.member"])]
    where = placeable_space(st, p, a.member)
    if where:
        out.append((f"{a.member} can still be placed (e.g. on {where[0]} with {where[1]} servants)",
                    RULES["neutral.lost"]))
    return out


def placeable_space(st: State, p: Player, member: str) -> tuple[str, int] | None:
    """A (space, servants) where ``member`` of ``p`` could be placed now, or None (then its
    action is lost).  The Council Palace (never full, minimum 1) is tried first; a
    character bonus can still lift a member to a zone or tower space it cannot reach."""
    base = member_value(st, p, member)
    for space in ("council",) + SPACES[:-1]:
        if _best_value(p, base, space) < _minimum(space):
            continue                    # out of reach even with every servant: skip quickly
        for s in range(p.res["servants"] + 1):
            if not place_reasons(st, Place(p.name, member, space, s), turn=False):
                return space, s
    return None


def _best_value(p: Player, base: int, space: str) -> int:
    ts = tower_space(space)
    if ts:
        return action_value(p, base, p.res["servants"], "tower", ts[0])
    kind = load().spaces[space].kind
    return action_value(p, base, p.res["servants"], kind if kind in ZONES else None)


def _minimum(space: str) -> int:
    ts = tower_space(space)
    return load().towers[ts[0]].floor_values[ts[1] - 1] if ts else load().spaces[space].value


def choose_reasons(st: State, a: Choose) -> list:
    out = _turn_reasons(st, a.player, True)
    if out:
        return out
    p = st.player(a.player)
    d = st.pending[0]
    kind = d["kind"]
    if not isinstance(a.choice, str) or not isinstance(a.servants, int) or isinstance(a.servants, bool):
        return [("a choice is a text and its servants a whole number", RULES["kit.pending"])]
    if kind != "action" and a.servants:
        out.append(("servants can be added only to an extra action", RULES["servants"]))
    if kind == "privilege":
        return out + privilege_reasons(st, p, d, a.choice)
    if kind == "cost":
        return out + cost_reasons(d, a.choice)
    if kind == "trade":
        return out + trade_reasons(p, d, a.choice)
    if kind == "vatican":
        return out + vatican_reasons(a.choice)
    # an extra action printed on a card
    if a.choice == "skip":
        return out + ([("a declined extra action takes no servants", RULES["servants"])] if a.servants else [])
    out += _servant_reasons(p, a.servants)
    if d["action"] in ZONES:
        if a.choice != d["action"]:
            out.append((f"this extra action is a {d['action']}: choose '{d['action']}' or 'skip'",
                        RULES["kit.extra_action"]))
        return out
    ts = tower_space(a.choice)
    if not ts or d["tower"] not in ("any", ts[0]):
        return out + [(f"choose a space of the {d['tower']} tower(s) or 'skip'", RULES["kit.extra_action"])]
    return out + plan(st, p, a.choice, d["value"], a.servants, None, d["discount"]).reasons


def reasons(st: State, action) -> list:
    """Every rule ``action`` breaks in ``st`` (empty: legal).  The single source of legality."""
    if isinstance(action, Place):
        return place_reasons(st, action)
    if isinstance(action, Choose):
        return choose_reasons(st, action)
    if isinstance(action, Forfeit):
        return forfeit_reasons(st, action)
    raise TypeError(f"not a Lorenzo action: {action!r}")


# --------------------------------------------------------------------------- doing
def perform(state: State, action) -> tuple[State, list[Event]]:
    """Play a legal action on a copy of ``state``; returns the new state and the events."""
    st = state.copy()
    events: list[Event] = []
    p = st.own(action.player)
    if isinstance(action, Place):
        _place(st, p, action, events)
    elif isinstance(action, Forfeit):
        p.home = tuple(m for m in p.home if m != action.member)
        st.turn += 1
        events.append(Event(f"{p.name} cannot place the {action.member} member: the action is lost",
                            RULES["neutral.lost"]))
    else:
        _choose(st, p, action, events)
    _advance(st, events)
    return st, events


def _place(st: State, p: Player, a: Place, events: list[Event]) -> None:
    base = member_value(st, p, a.member)
    p.home = tuple(m for m in p.home if m != a.member)
    st.turn += 1
    events.append(Event(f"{p.name} places the {a.member} member (value {base}) on {a.space}",
                        RULES["dice.value"]))
    if a.servants:
        events.append(Event(f"{p.name} pays {a.servants} servant(s): +{a.servants // servants_per_plus(p)}",
                            RULES["servants"]))
    if tower_space(a.space):
        take_card(st, p, a.space, a.servants, a.member, plan(st, p, a.space, base, a.servants, a.member), events)
    elif a.space in ZONE_SPACES:
        place_zone(st, p, a.space, base, a.servants, a.member, events)
    else:
        place_market(st, p, a.space, a.servants, a.member, events)


def _choose(st: State, p: Player, a: Choose, events: list[Event]) -> None:
    d = st.pending[0]
    rest = st.pending[1:]
    st.pending = ()
    kind = d["kind"]
    if kind == "privilege":
        resolve_privilege(st, p, d, a.choice, events)
    elif kind == "cost":
        pay_card(st, p, d["card"], d["options"][int(a.choice) - 1], events)
    elif kind == "trade":
        resolve_trade(st, p, d, a.choice, events)
    elif kind == "vatican":
        resolve_vatican(st, p, d, a.choice, events)
    elif a.choice == "skip":
        events.append(Event(f"{p.name} declines the extra action", RULES["kit.extra_action"]))
    elif d["action"] in ZONES:
        p.res["servants"] -= a.servants
        value = action_value(p, d["value"], a.servants, d["action"])
        activate(st, p, d["action"], value, events)
    else:
        tp = plan(st, p, a.choice, d["value"], a.servants, None, d["discount"])
        take_card(st, p, a.choice, a.servants, None, tp, events)
    st.pending = st.pending + rest


def _advance(st: State, events: list[Event]) -> None:
    """After an action: once nothing is pending, move to the Vatican report (rounds 2, 4,
    6) and the end of the round when every turn of the round has been played."""
    while not st.pending and st.phase != "over":
        if st.phase == "actions":
            if st.turn < len(st.schedule):
                return
            if st.round % 2 == 0:
                st.phase = "vatican"
                start_report(st, events)
                continue
            end_round(st, events)
            return
        end_round(st, events)
        return

