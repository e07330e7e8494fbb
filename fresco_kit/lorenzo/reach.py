"""The situations Lorenzo's rule switches decide (``Switch.reach``), as the simulation
runner tests them: at setup, after each action (``before, action, after``) or on the
final state.  ``INFO`` attaches :data:`REACH` to the switches of :mod:`.readings`; the
tests read the engine's own helpers, imported inside each test so that listing the games
(which builds ``INFO``) loads no engine module."""

from __future__ import annotations

from typing import Any

from fresco_kit.core.registry import Reach



def _extra_tower(before: Any, action: Any) -> tuple[Any, str, int] | None:
    """``(player, tower, floor)`` when ``action`` answers an extra action into a tower."""
    from .actions import Choose
    from .towers import tower_space

    if not isinstance(action, Choose) or not before.pending or before.pending[0].kind != "action":
        return None
    where = tower_space(action.choice)
    return (before.player(action.player), *where) if where else None


def _extra_floor_bonus(before: Any, action: Any, after: Any) -> bool:
    """An extra action takes a tower floor that has a bonus, by a player who may take floor bonuses."""
    from .data import load_for
    from .effects import gets_floor_bonus

    extra = _extra_tower(before, action)
    if extra is None:
        return False
    p, tower, floor = extra
    return bool(load_for(before.data).towers[tower].floor_bonus[floor - 1]) and gets_floor_bonus(p)


def _extra_into_occupied(before: Any, action: Any, after: Any) -> bool:
    """An extra action enters a tower where a family member already stands."""
    from .towers import tower_occupied

    extra = _extra_tower(before, action)
    return extra is not None and tower_occupied(before, extra[1])


def _servants_by_twos(before: Any, action: Any, after: Any) -> bool:
    """A player under the 2-servants-per-+1 excommunication pays servants."""
    from .effects import servants_per_plus

    player = getattr(action, "player", None)
    return bool(getattr(action, "servants", 0)) and servants_per_plus(before.player(player)) == 2


def _weak_on_large_space(before: Any, action: Any, after: Any) -> bool:
    """A member goes to a large harvest/production space with a value from the printed
    minimum up to minimum + penalty - 1 before the penalty (legal by the default reading
    only)."""
    from .actions import Place
    from .data import load_for
    from .effects import member_value
    from .zones import zone_value

    if not isinstance(action, Place):
        return False
    space = load_for(before.data).spaces.get(action.space)
    if space is None or not space.penalty:
        return False
    p = before.player(action.player)
    value = zone_value(p, action.space, member_value(before, p, action.member), action.servants) + space.penalty
    return space.value <= value < space.value + space.penalty


def _top_tie(state: Any, sheet: Any) -> bool:
    """Two or more players share the most VP at the end."""
    best = max(sheet.totals.values())
    return sum(1 for t in sheet.totals.values() if t == best) > 1


def _zero_military_places(state: Any, sheet: Any) -> bool:
    """A player on 0 military points would take an award by place (at most one player is above 0)."""
    military = [p.res["military"] for p in state.players]
    return 0 in military and sum(1 for m in military if m > 0) < 2


def _excommunicated_at_last_report(state: Any, sheet: Any) -> bool:
    """A player took the period III excommunication."""
    return any(state.excomm_tiles[2] in p.excomms for p in state.players)


#: switch name -> the situation it decides
REACH: dict[str, Reach] = {
    "win_tie_break": Reach("end", "a tie for the most VP at the end", _top_tie),
    "military_zero_competes": Reach(
        "end", "a player on 0 military points placed first or second at the end", _zero_military_places
    ),
    "extra_action_floor_bonus": Reach("step", "an extra action into a tower floor with a bonus", _extra_floor_bonus),
    "extra_action_pays_occupied": Reach("step", "an extra action into an occupied tower", _extra_into_occupied),
    "servants_in_pairs": Reach("step", "servants paid under the 2-servants-per-+1 excommunication", _servants_by_twos),
    "last_report_scores_excommunicated": Reach(
        "end", "a player excommunicated at the last report", _excommunicated_at_last_report
    ),
    "large_space_penalty_after_minimum": Reach(
        "step", "a member on a large harvest/production space worth 1 to 3 before its -3", _weak_on_large_space
    ),
    "initial_order": Reach("setup", "the first turn order is set (every game)", lambda state: True),
}
