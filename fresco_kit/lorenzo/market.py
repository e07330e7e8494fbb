"""The Market (Mercato) and the Council Palace (Palazzo del Consiglio) — rules summary,
*Le altre zone del tabellone*.

Market: four spaces of one member each, two only with four players; a player may use
several of them.  Council Palace: any number of members, the same player again and
again; 1 coin and a council privilege; the order of entry is the next turn order.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from fresco_kit.core import Event
from fresco_kit.core.rules import Reason
from fresco_kit.core.text import Msg

from .data import load, load_for
from .effects import action_value, excomm, gain, occupy
from .refs import RULES, space_name
from .state import Player, State


def market_reasons(st: State, p: Player, space: str, base: int, servants: int, first: bool = False) -> list[Reason]:
    """Every rule broken by a member of value ``base`` (``servants`` paid) on a market
    space (with ``first``, only the first one broken)."""
    sp = load().spaces[space]
    reasons: list[Reason] = []
    if len(st.players) < sp.min_players:
        reasons.append(
            (
                Msg("{space} is used only with {n} players", space=space_name(space), n=sp.min_players),
                RULES["market.spaces"],
            )
        )
        if first:
            return reasons
    if st.occupants.get(space):
        reasons.append((Msg("{space} already holds a family member", space=space_name(space)), RULES["market.spaces"]))
        if first:
            return reasons
    if excomm(p, "no_market"):
        reasons.append(
            (Msg("{player} is excommunicated and cannot use the market", player=p.name), RULES["excomm.kinds"])
        )
        if first:
            return reasons
    value = action_value(p, base, servants)
    if value < sp.value:
        reasons.append(
            (
                Msg("value {value} is below the market minimum {minimum}", value=value, minimum=sp.value),
                RULES["place.min"],
            )
        )
    return reasons


def council_reasons(st: State, p: Player, space: str, base: int, servants: int) -> list[Reason]:
    """Every rule broken by a member of value ``base`` (``servants`` paid) in the Council Palace."""
    sp = load().spaces[space]
    value = action_value(p, base, servants)
    if value < sp.value:
        return [
            (
                Msg("value {value} is below the Council Palace minimum {minimum}", value=value, minimum=sp.value),
                RULES["place.min"],
            )
        ]
    return []


def place_market(st: State, p: Player, space: str, servants: int, member: str, events: list[Event]) -> None:
    """Place ``member`` on a market space or in the Council Palace and take its gain."""
    sp = load_for(st.data).spaces[space]  # the gain: the game's data patch included
    p.res["servants"] -= servants
    occupy(st, space, p.name, member)
    rule = RULES["market.spaces"] if sp.kind == "market" else RULES["council.space"]
    gain(st, p, sp.gain, events, _named(space), rule.id)


@cache
def _named(space: str) -> Callable[[], Msg]:
    """Why a market or council space gains: its name (a text-maker per space, made once)."""
    return lambda: space_name(space, code=False)


def council_order(st: State) -> list[str]:
    """Players in the order they first entered the Council Palace this round."""
    seen: list[str] = []
    for o in st.occupants.get("council", ()):
        if o.player not in seen:
            seen.append(o.player)
    return seen
