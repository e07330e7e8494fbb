"""Teaching texts over the Lorenzo engine, for the widgets, figures and notebooks.

Nothing here decides legality or scores by itself: the answers come from the engine's
teaching queries (``explore.py``: ``reach``, ``tower_quote``, ``activation_report``,
``vatican_summary``, built on ``placement.place_reasons`` and ``towers.plan``), its
scoring functions and its data.  This module words them for learners, with the Italian
terms of the rules summary (``GLOSSARY``): cards, excommunication tiles, the
board, what a member reaches, a tower quote, an activation, a Vatican report.  The
sample positions the widgets start from are in ``positions.py``; the worked examples
in ``examples.py`` (``example(name)`` is re-exported here).
"""

from __future__ import annotations

from fresco_kit.classroom.i18n import glossary
from fresco_kit.classroom.widgets import ILLUSTRATIVE_BANNER
from fresco_kit.core import RuleRef
from fresco_kit.core.text import Msg, plural

from . import explore
from .data import CARD_TYPES, Modifier, load
from .effects import (
    bundle_text,
    cost_options_text,
    effect_text,
    excommunication_effect,
    member_value,
    servants_per_plus,
)
from .examples import example
from .explore import fixed_yield, reach
from .refs import joined, tower_word, zone_word
from .scoring import faith_points
from .state import Player, State
from .towers import tower_floor, tower_space
from .zones import affordable_trades

__all__ = ["bundle_text", "example"]

ITALIAN_TOWER = {
    "territory": "Torre dei Territori",
    "building": "Torre degli Edifici",
    "character": "Torre dei Personaggi",
    "venture": "Torre delle Imprese",
}
ROMAN = {1: "I", 2: "II", 3: "III"}
#: English game term -> the rules summary's Italian term; one list, in the Italian message
#: catalog (``fresco_kit/locale/it``, context ``glossary:lorenzo``) that the classroom shows too
GLOSSARY: dict[str, str] = dict(glossary("lorenzo", "it"))


def term(english: str) -> str:
    """``"family member (familiare)"``: an English game term with its Italian one (GLOSSARY)."""
    return f"{english} ({GLOSSARY[english]})"


def space_label(space: str) -> str:
    """A readable name of an action space, with the Italian term."""
    ts = tower_space(space)
    if ts:
        return f"{ts[0]} tower ({ITALIAN_TOWER[ts[0]]}) floor {ts[1]}"
    kind, _, size = space.partition("-")
    if kind in ("harvest", "production"):
        return f"{size} {kind} space ({GLOSSARY[kind].split(' (')[0]})"
    if kind == "market":
        return f"Market (Mercato) space {size}"
    return "Council Palace (Palazzo del Consiglio)"


def illustrative_note() -> str:
    """What of the rule data in play is illustrative, in words (for ``banner``)."""
    named = [
        "the standard side of the personal bonus tile (tessera bonus personale)" if k == "bonus_tiles[0]" else k
        for k in load().illustrative
    ]
    return f"{ILLUSTRATIVE_BANNER} In this kit's Lorenzo data: {', '.join(named)}."


def cite(ref: RuleRef) -> str:
    """A rule's citation with its checklist id, e.g. ``"... [lorenzo towers.costs]"``."""
    return f"{ref.citation} [{ref.checklist_id}]"


def reach_text(state: State, player: str, member: str, servants: int = 0) -> str:
    """The reach of one member in words: value, then every space with yes or its reasons."""
    p = state.player(player)
    base = member_value(state, p, member)
    plus = servants // servants_per_plus(p)
    dice = ", ".join(f"{k} {v}" for k, v in state.dice.items())
    lines = [
        f"Dice (dadi): {dice}.  {player}'s {member} family member (familiare) is worth {base}; "
        f"{plural(servants, 'servant')} (servitori) add {plus}: value {base + plus}.",
        "",
    ]
    rows = reach(state, player, member, servants)
    for r in rows:
        if r.ok:
            lines.append(f"  yes  {r.space:<17} {space_label(r.space)}")
        else:
            lines.append(f"  no   {r.space:<17} " + "; ".join(m for m, _ in r.reasons))
    lines += ["", f"{sum(r.ok for r in rows)} of {len(rows)} spaces reachable."]
    return "\n".join(lines)


def reach_summary(state: State, player: str, servants: int = 0) -> str:
    """One line per member at home: how many spaces it reaches with ``servants``."""
    p = state.player(player)
    return "\n".join(
        f"  {m:<8} (worth {member_value(state, p, m)}) + {plural(servants, 'servant')}: "
        + plural(sum(r.ok for r in reach(state, player, m, servants)), "space")
        for m in p.home
    )


def card_text(card_id: int) -> str:
    """One line describing a development card: type, period, cost, effects."""
    c = load().cards[card_id]
    lines = [
        Msg(
            "{card} ({type}, period {period}); cost: {cost}",
            card=c.name,
            type=tower_word(c.type),
            period=c.period,
            cost=cost_options_text(c),
        ),
        Msg("immediate: {effect}", effect=effect_text(c.immediate)),
    ]
    if c.permanent:
        p = c.permanent
        if p.trades:
            what = joined(
                [Msg("{give} -> {get}", give=bundle_text(t.give), get=effect_text(t.get)) for t in p.trades], "OR"
            )
        else:
            what = effect_text(p.effect)
        lines.append(Msg("{zone} >= {value}: {effect}", zone=zone_word(p.zone), value=p.value, effect=what))
    if c.modifier:
        lines.append(Msg("permanent: {effect}", effect=modifier_text(c.modifier)))
    if c.end_vp:
        lines.append(Msg("end of game: {vp} VP", vp=c.end_vp))
    return joined(lines, ";")


def modifier_text(m: Modifier) -> str:
    """A character's permanent effect in words ("+2 to every harvest", "no bonuses from the
    towers' floors")."""
    if m.kind == "no_floor_bonus":
        return Msg("no bonuses from the towers' floors")
    if m.kind != "tower":
        where = Msg("every {zone}", zone=zone_word(m.kind))
    elif m.tower == "any":
        where = Msg("the action value when taking any card")
    else:
        where = Msg("the action value when taking a {tower} card", tower=tower_word(m.tower or ""))
    if m.discounts:
        discount = joined([bundle_text(d) for d in m.discounts], "or")
        return Msg("+{bonus} to {where}, discount {discount}", bonus=m.bonus, where=where, discount=discount)
    return Msg("+{bonus} to {where}", bonus=m.bonus, where=where)


def excommunication_text(tile_id: int) -> str:
    """An excommunication tile (scomunica) by name, with its period and effect in words."""
    e = load().excommunications[tile_id]
    return f"{e.name} (period {e.period}): {excommunication_effect(tile_id)}"


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
        ex = f"; excommunicated: {', '.join(data.excommunications[i].name for i in p.excomms)}" if p.excomms else ""
        lines.append(f"  {p.name}: {bundle_text(p.res)}; {cards}; at home: {', '.join(p.home) or '-'}{ex}")
    if state.pending:
        d = state.pending[0]
        lines.append(f"  waiting for {d.player} to answer a {d.kind} decision")
    return "\n".join(lines)


# --------------------------------------------------------------------------- towers
def tower_text(state: State, player: str, space: str, member: str, servants: int = 0) -> str:
    """The tower explorer's answer from ``explore.tower_quote``: card, value needed and
    reached, occupied-tower coins, floor bonus, ways to pay, and legal or every reason
    with its rule (rules summary, *Le Torri e le carte Sviluppo*)."""
    data = load()
    q = explore.tower_quote(state, player, space, member, servants)
    tower, floor = tower_floor(space)
    p = state.player(player)
    card = state.towers[tower][floor - 1]
    lines = [
        f"{space_label(space)}: action value needed {q.floor_value}",
        f"card: {card_text(card) if card is not None else '(empty)'}",
        f"{player}'s {member} member (worth {member_value(state, p, member)}) with {plural(servants, 'servant')}, "
        f"character bonuses and excommunication maluses: action value {q.action_value}",
        f"floor bonus: {bundle_text(q.bonus) if q.bonus else 'none'}",
        "occupied tower: "
        + (
            f"yes, {q.occupied_coins} extra coins paid first (bonus coins cannot pay them)"
            if q.occupied_coins
            else "no, no extra coins"
        ),
    ]
    if tower == "territory":
        slot = len(p.cards["territory"]) + 1
        if slot <= data.max_cards:
            lines.append(
                f"territory slot {slot} needs {data.territory_military[slot - 1]} military points "
                f"(Punti Militari), not spent; {player} has {p.res['military']}"
            )
    elif q.cost_options:
        lines.append("ways to pay: " + " OR ".join(q.cost_options))
    have = ", ".join(f"{p.res[k]} {k}" for k in ("wood", "stone", "servants", "coins", "military"))
    lines.append(f"{player} has {have}")
    if q.verdict.ok:
        lines.append(f"LEGAL: {player} may take it, paying {' OR '.join(q.affordable) or 'nothing'}")
    else:
        lines.append("NOT LEGAL:")
        lines += [f"  - {msg}\n    ({cite(ref)})" for msg, ref in q.verdict.reasons]
    return "\n".join(lines)


# --------------------------------------------------------------------------- harvest / production
def activation_text(p: Player, zone: str, value: int) -> str:
    """Harvest/production at ``value`` in words (``explore.activation_report``): the bonus
    tile and each card, fires or not, and what it yields."""
    tile = load().bonus_tiles[p.bonus_tile]
    it = "raccolto" if zone == "harvest" else "produzione"
    row = "territories (territori)" if zone == "harvest" else "buildings (edifici)"
    lines = [f"{zone.capitalize()} ({it}) at action value {value}: fires the {row} with activation value <= {value}."]
    report = explore.activation_report(p, zone, value)
    cards = load().cards
    trades = {
        cards[c].name: affordable_trades(p, c)
        for c in p.cards["territory" if zone == "harvest" else "building"]
        if (perm := cards[c].permanent) is not None and perm.trades
    }
    for i, (name, at, fires, what) in enumerate(report):
        if i == 0:  # the personal bonus tile (tessera bonus personale) comes first
            name = f"personal {name}" + (" [illustrative]" if tile.provenance == "illustrative" else "")
        if name in trades:
            what += f"  (trades affordable now: {', '.join(map(str, trades[name])) or 'none'})"
        lines.append(f"  {'fires' if fires else '  -  '}  {name} (>= {at}): {what}")
    if len(report) == 1:
        lines.append(f"  ({p.name} has no {row})")
    lines.append(
        f"Fixed yield: {bundle_text(fixed_yield(p, zone, value))}"
        + ("; trades are chosen one building at a time, paid from what was held before" if zone == "production" else "")
    )
    return "\n".join(lines)


# --------------------------------------------------------------------------- Vatican report
def vatican_text(faith: int, period: int, drawn: int | None = None) -> str:
    """The Vatican report (Rapporto in Vaticano) for a player with ``faith`` faith points
    at the end of ``period`` (``explore.vatican_summary``): threshold, VP if supporting,
    the excommunication tiles of that period (``drawn`` marked)."""
    v = explore.vatican_summary(period, faith)
    need, vp = v["threshold"], faith_points(faith)
    lines = [f"Period {ROMAN[period]} report, end of round {2 * period}: threshold {need} faith points (Punti Fede)."]
    if v["reaches"]:
        lines += [
            f"Faith {faith} >= {need}: the player chooses.",
            f"  support the Church: faith back to 0, +{v['vp_if_support']} VP (faith space {faith})",
            f"  refuse: excommunicated (scomunica), keeps {faith} faith",
        ]
    else:
        lines.append(f"Faith {faith} < {need}: no choice, excommunicated (scomunica); keeps {faith} faith.")
    if period == 3:
        lines.append(f"Last report: an excommunicated player still scores the faith space: +{vp} VP.")
    lines += ["", f"Excommunication tiles of period {ROMAN[period]} (one is drawn at setup and stays all game):"]
    for tid in v["tiles"]:
        lines.append(f"  {tid:>2} {excommunication_text(tid)}{'  <- drawn in this game' if tid == drawn else ''}")
    return "\n".join(lines)
