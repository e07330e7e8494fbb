"""Teaching queries for notebooks and widgets, answered by the engine: what a member can
reach, what a tower space would cost, which cards fire at an activation value, what a
Vatican report means.

Queries return data (verdicts, quotes, rows); ``teach.py`` words them for learners.
Everything here asks the rules (``placement.place_reasons``, ``towers.plan``...), so a
widget shows exactly what the rules module would accept or refuse.
"""

from __future__ import annotations

from dataclasses import dataclass

from fresco_kit.core import Verdict
from fresco_kit.core.rules import Reason

from .actions import Place
from .data import SPACES, load, load_for, permanent
from .effects import action_value, after_losses, bundle_text, effect_bundle, effect_text, gets_floor_bonus, member_value
from .placement import place_reasons
from .state import Player, State
from .towers import cost_options, plan, tower_floor, tower_occupied
from .zones import firing_cards


def reachable(state: State, player: str, member: str, servants: int = 0) -> dict[str, Verdict]:
    """For each action space, whether ``member`` of ``player`` may go there now with
    ``servants`` servants, ignoring whose turn it is (every reason when not)."""
    return {
        space: Verdict.of(place_reasons(state, Place(player, member, space, servants), turn=False)) for space in SPACES
    }


@dataclass(frozen=True)
class TowerQuote:
    """What taking the card on a tower space would mean for a player."""

    space: str
    card: str
    action_value: int
    floor_value: int
    occupied_coins: int
    bonus: dict
    cost_options: list[str]
    affordable: list[str]
    verdict: Verdict


def tower_quote(state: State, player: str, space: str, member: str, servants: int = 0) -> TowerQuote:
    """The tower explorer: card, action value, floor value, the occupied-tower coins, the
    floor bonus, every cost option and the affordable ones, and the verdict."""
    data = load()
    p = state.player(player)
    tower, floor = tower_floor(space)
    base = member_value(state, p, member)
    value = action_value(p, base, servants, "tower", tower)
    tp = plan(state, p, space, base, servants, member)
    cid = state.towers[tower][floor - 1]
    card = data.cards[cid] if cid is not None else None
    options = (
        [bundle_text(c) + (f" (need {n} military)" if n else "") for c, n in cost_options(p, card)] if card else []
    )
    return TowerQuote(
        space,
        card.name if card else "-",
        value,
        data.towers[tower].floor_values[floor - 1],
        data.occupied_coins if tower_occupied(state, tower) else 0,
        after_losses(state, p, data.towers[tower].floor_bonus[floor - 1]) if gets_floor_bonus(p) else {},
        options,
        [bundle_text(o) for o in (tp.options or [])] if not tp.reasons else [],
        Verdict.of(place_reasons(state, Place(player, member, space, servants), turn=False)),
    )


def activation_report(player: Player, zone: str, value: int, data_key: str = "") -> list[tuple[str, int, bool, str]]:
    """For a harvest or production at ``value``: (card or tile, activation value, fires?,
    what it yields) for the bonus tile and each card of the matching row (``data_key``:
    the game's data patch, ``State.data``)."""
    data = load_for(data_key)
    tile = data.bonus_tiles[player.bonus_tile]
    rows = [(f"bonus tile {tile.id}", tile.value, value >= tile.value, bundle_text(getattr(tile, zone)))]
    fired = set(firing_cards(player, zone, value))
    for cid in player.cards["territory" if zone == "harvest" else "building"]:
        c = data.cards[cid]
        p = c.permanent
        if p is None:
            continue
        if p.trades:
            what = " OR ".join(f"{bundle_text(t.give)} -> {effect_text(t.get)}" for t in p.trades)
        else:
            what = bundle_text(effect_bundle(player, p.effect))
        rows.append((c.name, p.value, cid in fired, what))
    return rows


def vatican_summary(period: int, faith: int) -> dict:
    """Threshold of ``period``, whether ``faith`` reaches it, the VP support would bring,
    and the ids of the seven excommunication tiles of that period."""
    data = load()
    need = data.vatican_thresholds[period - 1]
    faith = max(0, min(faith, len(data.faith_vp) - 1))
    return {
        "period": period,
        "threshold": need,
        "reaches": faith >= need,
        "vp_if_support": data.faith_vp[faith] if faith >= need else 0,
        "tiles": [e.id for e in data.excommunications.values() if e.period == period],
    }


@dataclass(frozen=True)
class Reach:
    """Whether ``member`` with ``servants`` may go on ``space`` now, and every reason if not."""

    space: str
    reasons: tuple[Reason, ...]

    @property
    def ok(self) -> bool:
        """Whether the member may go there."""
        return not self.reasons

    @property
    def value_too_low(self) -> bool:
        """Refused (at least) because the value does not reach the space's minimum."""
        return any(ref.id == "place.min" for _, ref in self.reasons)


def reach(state: State, player: str, member: str, servants: int = 0) -> list[Reach]:
    """Every action space for ``member`` of ``player`` with ``servants`` paid, by the
    engine's placement checks (:func:`reachable`; rules summary, *I dadi e i
    familiari*); whose turn it is does not matter here."""
    return [Reach(s, tuple(v.reasons)) for s, v in reachable(state, player, member, servants).items()]


def fixed_yield(p: Player, zone: str, value: int, data_key: str = "") -> dict[str, int]:
    """What a harvest/production at ``value`` gives without any trade: the personal bonus
    tile and every firing card's fixed effect (before excommunication losses;
    ``data_key``: the game's data patch, ``State.data``)."""
    data = load_for(data_key)
    tile = data.bonus_tiles[p.bonus_tile]
    total: dict[str, int] = dict(getattr(tile, zone)) if value >= tile.value else {}
    for cid in firing_cards(p, zone, value):
        pm = permanent(cid)
        if not pm.trades:
            for k, v in effect_bundle(p, pm.effect).items():
                total[k] = total.get(k, 0) + v
    return total
