"""The situations Lorenzo's rule switches decide, as tests of a state (:mod:`.reach` declares
them and names these tests): each reads the engine's own helpers."""

from __future__ import annotations

from typing import Any

from .actions import Choose, Forfeit, Place
from .data import ZONE_SPACES, load_for
from .effects import action_modifier, excomm, gets_floor_bonus, member_value, servants_per_plus
from .flow import skips_first_placement
from .placement import extra_taken, extra_targets, placeable_space
from .towers import FLOORS, tower_floor, tower_occupied, tower_space
from .zones import zone_value


# -- screens (``Reach.screen``): cheap conditions that hold wherever the tests they screen do
def extra_answered(before: Any, action: Any, after: Any) -> bool:
    """The action answers an extra action (a pending "action" decision)."""
    return _extra(before, action) is not None


def placed(before: Any, action: Any, after: Any) -> bool:
    """The action places a family member."""
    return isinstance(action, Place)


def excommunicated_acts(before: Any, action: Any, after: Any) -> bool:
    """The acting player holds an excommunication (the tests of an excommunication's effect)."""
    name = getattr(action, "player", None)
    return name is not None and bool(before.player(name).excomms)


def _extra_tower(before: Any, action: Any) -> tuple[Any, str, int] | None:
    """``(player, tower, floor)`` when ``action`` answers an extra action into a tower."""
    if _extra(before, action) is None:
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


def colour_clash(before: Any, action: Any, after: Any) -> bool:
    """A coloured member goes to a tower or zone where one of the readings of the colour
    rule forbids it: another coloured member of its owner, or another player's member of
    its die colour, stands there."""
    if not isinstance(action, Place) or action.member == "neutral":
        return False
    where = tower_space(action.space)
    if where is not None:
        spaces: tuple[str, ...] = FLOORS[where[0]]
    elif action.space in ZONE_SPACES:
        kind = load_for(before.data).spaces[action.space].kind
        spaces = (f"{kind}-small", f"{kind}-large")
    else:
        return False
    return any(
        o.member != "neutral" and (o.player == action.player or o.member == action.member)
        for s in spaces
        for o in before.occupants.get(s, ())
    )


def empty_floor_open(before: Any, action: Any, after: Any) -> bool:
    """A member is placed while some tower floor has neither a card nor a member."""
    return isinstance(action, Place) and any(
        card is None and not before.occupants.get(f"{tower}-{i}")
        for tower, row in before.towers.items()
        for i, card in enumerate(row, 1)
    )


def _extra(before: Any, action: Any) -> Any:
    """The extra-action decision ``action`` answers, or None."""
    if not isinstance(action, Choose) or not before.pending or before.pending[0].kind != "action":
        return None
    return before.pending[0]


def modified_extra(before: Any, action: Any, after: Any) -> bool:
    """An extra action is answered (taken or declined) by a player whose characters or
    excommunications change the value of an action it offers."""
    d = _extra(before, action)
    if d is None:
        return False
    p = before.player(action.player)
    if d.action != "tower":
        return action_modifier(p, d.action) != 0
    towers = {tower_floor(space)[0] for space in extra_targets(d)}
    return any(action_modifier(p, "tower", tower) != 0 for tower in towers)


def takeable_extra(before: Any, action: Any, after: Any) -> bool:
    """An extra action is answered (taken or declined) while one of its choices could be
    taken: the answer where declining is allowed or not."""
    d = _extra(before, action)
    return d is not None and extra_taken(before, before.player(action.player), d) is not None


def placeable_forfeited(before: Any, action: Any, after: Any) -> bool:
    """A member is given up that could have been placed."""
    return (
        isinstance(action, Forfeit) and placeable_space(before, before.player(action.player), action.member) is not None
    )


def gained_under_loss(before: Any, action: Any, after: Any) -> bool:
    """The acting player holds a 'gain 1 less' excommunication and ends the action with
    more of a resource it names (a gain larger than the loss)."""
    name = getattr(action, "player", None)
    if name is None:
        return False
    e = excomm(before.player(name), "gain_loss")
    return e is not None and any(after.player(name).res[k] > before.player(name).res[k] for k in e.params["resources"])


def skip_round(before: Any, action: Any, after: Any) -> bool:
    """The first placement of a round, in a round where someone skips their first action."""
    return (
        isinstance(action, (Place, Forfeit))
        and before.turn == 0
        and any(skips_first_placement(p.excomms) for p in before.players)
    )


def military_top_tie(state: Any, sheet: Any) -> bool:
    """Two or more players share the most military points and someone has fewer."""
    military = [p.res["military"] for p in state.players]
    top = max(military)
    return military.count(top) > 1 and min(military) < top


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
