"""The situations Lorenzo's rule switches decide, as tests of a state (:mod:`.reach` declares
them and names these tests): each reads the engine's own helpers."""

from __future__ import annotations

from typing import Any

from .actions import Choose, Place
from .data import load_for
from .effects import gets_floor_bonus, member_value, servants_per_plus
from .towers import tower_occupied, tower_space
from .zones import zone_value


def _extra_tower(before: Any, action: Any) -> tuple[Any, str, int] | None:
    """``(player, tower, floor)`` when ``action`` answers an extra action into a tower."""

    if not isinstance(action, Choose) or not before.pending or before.pending[0].kind != "action":
        return None
    where = tower_space(action.choice)
    return (before.player(action.player), *where) if where else None


def extra_floor_bonus(before: Any, action: Any, after: Any) -> bool:
    """An extra action takes a tower floor that has a bonus, by a player who may take floor bonuses."""

    extra = _extra_tower(before, action)
    if extra is None:
        return False
    p, tower, floor = extra
    return bool(load_for(before.data).towers[tower].floor_bonus[floor - 1]) and gets_floor_bonus(p)


def extra_into_occupied(before: Any, action: Any, after: Any) -> bool:
    """An extra action enters a tower where a family member already stands."""

    extra = _extra_tower(before, action)
    return extra is not None and tower_occupied(before, extra[1])


def servants_by_twos(before: Any, action: Any, after: Any) -> bool:
    """A player under the 2-servants-per-+1 excommunication pays servants."""

    player = getattr(action, "player", None)
    return bool(getattr(action, "servants", 0)) and servants_per_plus(before.player(player)) == 2


def weak_on_large_space(before: Any, action: Any, after: Any) -> bool:
    """A member goes to a large harvest/production space with a value from the printed
    minimum up to minimum + penalty - 1 before the penalty (legal by the default reading
    only)."""

    if not isinstance(action, Place):
        return False
    space = load_for(before.data).spaces.get(action.space)
    if space is None or not space.penalty:
        return False
    p = before.player(action.player)
    value = zone_value(p, action.space, member_value(before, p, action.member), action.servants) + space.penalty
    return space.value <= value < space.value + space.penalty


def top_tie(state: Any, sheet: Any) -> bool:
    """Two or more players share the most VP at the end."""
    best = max(sheet.totals.values())
    return sum(1 for t in sheet.totals.values() if t == best) > 1


def zero_military_places(state: Any, sheet: Any) -> bool:
    """A player on 0 military points would take an award by place (at most one player is above 0)."""
    military = [p.res["military"] for p in state.players]
    return 0 in military and sum(1 for m in military if m > 0) < 2


def excommunicated_at_last_report(state: Any, sheet: Any) -> bool:
    """A player took the period III excommunication."""
    return any(state.excomm_tiles[2] in p.excomms for p in state.players)


#: switch name -> the situation it decides
