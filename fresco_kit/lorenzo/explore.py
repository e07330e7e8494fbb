"""Teaching queries for notebooks and widgets: what a member can reach, what a tower
space would cost, which cards fire at an activation value, what a Vatican report
means, and readable texts for cards, tiles and the board.

Everything here asks the engine (``placement.place_reasons``, ``towers.plan``...), so a
widget shows exactly what the rules module would accept or refuse.
"""

from __future__ import annotations

from dataclasses import dataclass

from fresco_kit.core import Verdict

from .actions import Place
from .data import CARD_TYPES, SPACES, Effect, load
from .effects import action_value, after_losses, cost_options_text, effect_bundle, gets_floor_bonus, member_value
from .placement import place_reasons
from .state import Player, State
from .towers import cost_options, plan, tower_occupied, tower_space
from .zones import firing_cards


def bundle_text(bundle: dict) -> str:
    """``{"wood": 1, "privileges": 2}`` -> ``"1 wood + 2 privileges"`` ("nothing" if empty)."""
    return " + ".join(f"{v} {k}" for k, v in bundle.items() if v) or "nothing"


def effect_text(effect: Effect | None) -> str:
    if effect is None:
        return "-"
    parts = []
    base = dict(effect.gain)
    if effect.privileges:
        base["privileges"] = effect.privileges
    if base:
        per = ""
        if effect.per:
            per = (
                f" per {effect.every} military"
                if effect.per == "military" and effect.every > 1
                else f" per {effect.per}"
            )
            per += "" if effect.per == "military" else " card"
        parts.append(bundle_text(base) + per)
    if effect.action:
        a = effect.action
        what = f"take a {a.tower} card" if a.kind == "tower" else f"{a.kind} action"
        disc = f" (discount {bundle_text(a.discount)})" if a.discount else ""
        parts.append(f"{what} at value {a.value}{disc}")
    return "; ".join(parts) or "-"


def card_text(card_id: int) -> str:
    """One line describing a development card: type, period, cost, effects."""
    c = load().cards[card_id]
    lines = [
        f"{c.name} ({c.type}, period {c.period}); cost: {cost_options_text(c)}",
        f"immediate: {effect_text(c.immediate)}",
    ]
    if c.permanent:
        p = c.permanent
        if p.trades:
            what = " OR ".join(f"{bundle_text(t.give)} -> {effect_text(t.get)}" for t in p.trades)
        else:
            what = effect_text(p.effect)
        lines.append(f"{p.zone} >= {p.value}: {what}")
    if c.modifier:
        m = c.modifier
        lines.append(
            f"permanent: {m.kind}{' ' + m.tower if m.tower else ''} +{m.bonus}"
            + (f", discount {' or '.join(bundle_text(d) for d in m.discounts)}" if m.discounts else "")
        )
    if c.end_vp:
        lines.append(f"end of game: {c.end_vp} VP")
    return "; ".join(lines)


def excommunication_text(tile_id: int) -> str:
    """The effect of an excommunication tile (scomunica) in words."""
    e = load().excommunications[tile_id]
    q = e.params
    if e.kind == "gain_loss":
        what = f"each time you gain {' or '.join(q['resources'])}, you gain 1 less"
    elif e.kind == "action_malus":
        target = f"take-{q['tower']}-card" if q["action"] == "tower" else q["action"]
        what = f"-{q['malus']} to the value of your {target} actions"
    elif e.kind == "coloured_members":
        what = f"your coloured family members are worth {q['malus']} less"
    elif e.kind == "no_market":
        what = "you cannot use the market"
    elif e.kind == "servants_per_plus":
        what = f"you need {q['servants']} servants for each +1 to a family member"
    elif e.kind == "skip_first_placement":
        what = "you skip your first placement of each round and make it after everybody's last"
    elif e.kind == "no_end_points":
        what = f"no end-of-game VP for your {q['cards']} cards"
    else:
        what = {
            "vp": f"lose 1 VP per {q['every']} VP before final scoring",
            "military": "lose 1 VP per military point",
            "building_costs": "lose 1 VP per wood and stone printed in your buildings' costs",
            "resources": "lose 1 VP per wood, stone, servant and coin left",
        }[q["per"]]
    return f"{e.name} (period {e.period}): {what}"


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
    tower, floor = tower_space(space)
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
        after_losses(p, data.towers[tower].floor_bonus[floor - 1]) if gets_floor_bonus(p) else {},
        options,
        [bundle_text(o) for o in (tp.options or [])] if not tp.reasons else [],
        Verdict.of(place_reasons(state, Place(player, member, space, servants), turn=False)),
    )


def activation_report(player: Player, zone: str, value: int) -> list[tuple[str, int, bool, str]]:
    """For a harvest or production at ``value``: (card or tile, activation value, fires?,
    what it yields) for the bonus tile and each card of the matching row."""
    data = load()
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
    and the seven excommunication tiles of that period."""
    data = load()
    need = data.vatican_thresholds[period - 1]
    faith = max(0, min(faith, len(data.faith_vp) - 1))
    return {
        "period": period,
        "threshold": need,
        "reaches": faith >= need,
        "vp_if_support": data.faith_vp[faith] if faith >= need else 0,
        "tiles": [excommunication_text(e.id) for e in data.excommunications.values() if e.period == period],
    }


def describe(state: State) -> str:
    """A plain-text picture of the board: round, dice, towers, occupants, players."""
    data = load()
    lines = [
        f"Round {min(state.round, 6)} of 6 (period {state.period}), phase {state.phase}; "
        f"turn order {', '.join(state.order)}; dice " + ", ".join(f"{k} {v}" for k, v in state.dice.items())
    ]
    for t in CARD_TYPES:
        cells = []
        for f in (1, 2, 3, 4):
            cid = state.towers[t][f - 1]
            who = ",".join(map(str, state.occupants.get(f"{t}-{f}", ())))
            cells.append(f"{f}:{data.cards[cid].name if cid else '-'}{' [' + who + ']' if who else ''}")
        lines.append(f"  {t:<9} " + " | ".join(cells))
    others = {k: v for k, v in state.occupants.items() if not tower_space(k) and v}
    if others:
        lines.append("  " + "; ".join(f"{k}: {', '.join(map(str, v))}" for k, v in others.items()))
    for p in state.players:
        cards = ", ".join(f"{len(p.cards[t])} {t}" for t in CARD_TYPES)
        ex = f"; excommunicated: {', '.join(str(i) for i in p.excomms)}" if p.excomms else ""
        lines.append(f"  {p.name}: {bundle_text(p.res)}; {cards}; at home: {', '.join(p.home) or '-'}{ex}")
    if state.pending:
        d = state.pending[0]
        lines.append(f"  waiting for {d.player} to answer a {d.kind} decision")
    return "\n".join(lines)
