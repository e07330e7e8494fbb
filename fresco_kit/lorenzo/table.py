"""Lorenzo il Magnifico at the table (``classroom.table_parts.TableParts``): moves in words, status,
the player's own board, and the score-sheet categories explained.

Moves are worded with names, never ids: family members with their value, action spaces
by tower and floor with the card on them, cards with what they cost or give.  A move's
steps narrow a decision of hundreds of placements (up to ~400 with many servants) a few
choices at a time: the kind of move, the family member, the part of the board (a tower,
harvest, production, the market or the Council Palace), the space, then the servants.

Everything in Lorenzo is face up (rules summary, *La struttura della partita*): only the
order of the decks and the next dice are unknown, so the private panel shows the
player's own board in detail, read from ``state.view(player)``.

The text parts (``move_steps``, ``move_text``, ``status``) are the game's words for the table
model (:class:`fresco_kit.core.table.MoveWords`); the model narrows the moves by their steps.
"""

from __future__ import annotations

from html import escape

from fresco_kit.core import Action
from fresco_kit.core.rules import RuleRef
from fresco_kit.core.text import plural

from .actions import Choose, Forfeit, Place
from .data import CARD_TYPES, load
from .effects import bundle_text, effect_text, excommunication_effect, member_value, servants_per_plus
from .final import final_scores
from .refs import RULES, space_name
from .scoring import faith_points
from .state import Decision, State
from .svg import board_svg
from .teach import ITALIAN_TOWER, ROMAN, card_text
from .towers import tower_space

__all__ = ["CATEGORY_HELP", "board_svg", "move_steps", "move_text", "private_html", "status"]

#: score-sheet category -> (how it scores, in the kit's words; the rule)
CATEGORY_HELP: dict[str, tuple[str, RuleRef]] = {
    "VP during the game": (
        "Victory points already earned while playing: card effects, support shown to the Church at a "
        "Vatican report, and the like.",
        RULES["final.total"],
    ),
    "Territories": (
        "Territory cards held at the end: 3, 4, 5 or 6 of them are worth 1, 4, 10 or 20 points; fewer score nothing.",
        RULES["final.territories"],
    ),
    "Characters": (
        "Character cards held at the end: 1 to 6 of them are worth 1, 3, 6, 10, 15 or 21 points.",
        RULES["final.characters"],
    ),
    "Ventures": ("Each venture card held scores the points printed on it.", RULES["final.ventures"]),
    "Military": (
        "The strongest player on the military track scores 5 and the runner-up 2; players level share "
        "a place and each takes its full award.",
        RULES["final.military"],
    ),
    "Resources": (
        "Wood, stone, servants and coins left over are pooled: every 5 of them make 1 point.",
        RULES["final.resources"],
    ),
    "Excommunications": (
        "Points taken away at the end by a period III excommunication tile (shown below zero).",
        RULES["excomm.kinds"],
    ),
}

#: the first step of each kind of move
KIND_LABEL = {
    "place": "Place a family member",
    "forfeit": "Give up a family member that cannot be placed",
    "privilege": "Take a council privilege",
    "cost": "Choose how to pay",
    "trade": "Trade at a building",
    "action": "Use the extra action of a card",
    "vatican": "Answer the Vatican report",
}
_AREA = {
    "harvest": "Harvest (raccolto)",
    "production": "Production (produzione)",
    "market": "Market (Mercato)",
    "council": "Council Palace (Palazzo del Consiglio)",
}


def _area(space: str) -> str:
    """The part of the board a space belongs to (a tower, a zone, the market, the council)."""
    ts = tower_space(space)
    if ts:
        return f"{ts[0].capitalize()} tower ({ITALIAN_TOWER[ts[0]]})"
    return _AREA[space.split("-")[0]]


def _space_choice(state: State, space: str) -> str:
    """A space as a choice: where it is and what it holds or gives, e.g.
    ``"floor 2 (value 3): Rock Pit"`` or ``"space 1: 5 coins"``."""
    data = load()
    ts = tower_space(space)
    if ts:
        tower, floor = ts
        card = state.towers[tower][floor - 1]
        bonus = data.towers[tower].floor_bonus[floor - 1]
        extra = f", bonus {bundle_text(bonus)}" if bonus else ""
        name = data.cards[card].name if card is not None else "no card"
        return f"floor {floor} (value {data.towers[tower].floor_values[floor - 1]}{extra}): {name}"
    sp = data.spaces[space]
    if sp.kind in ("harvest", "production"):
        return f"{'large space (-3 to the value)' if sp.penalty else 'small space'}, value {sp.value} or more"
    if sp.kind == "market":
        return f"space {space[-1]}: {bundle_text(sp.gain)}"
    return f"{bundle_text(sp.gain)}"


def _servants(n: int) -> str:
    return f"with {plural(n, 'servant')}" if n else "with no servants"


def _decision(state: State, player: str) -> Decision | None:
    d = state.pending[0] if state.pending else None
    return d if d is not None and d.player == player else None


def _trade_text(card_id: int, answer: str) -> str:
    if answer == "0":
        return "no trade"
    perm = load().cards[card_id].permanent
    assert perm is not None and perm.trades  # a trade decision names a building with trades
    trade = perm.trades[int(answer) - 1]
    return f"trade {answer}: give {bundle_text(trade.give)}, get {effect_text(trade.get)}"


def _choose_steps(state: State, a: Choose) -> tuple[str, ...]:
    """The steps of an answer to the front pending decision."""
    data = load()
    d = _decision(state, a.player)
    if d is None:
        return ("Answer a decision", a.choice)
    if d.kind == "privilege":
        return (KIND_LABEL["privilege"], bundle_text(data.privileges.get(a.choice, {})) or a.choice)
    if d.kind == "cost":
        assert d.card is not None and d.costs is not None  # a cost decision's fields
        n = int(a.choice) if a.choice.isdigit() else 0
        cost = bundle_text(d.costs[n - 1]) if 1 <= n <= len(d.costs) else a.choice
        return (f"{KIND_LABEL['cost']} for {data.cards[d.card].name}", f"pay {cost}")
    if d.kind == "trade":
        assert d.queue  # a trade decision asks its front building
        card = d.queue[0]
        return (f"Trade at {data.cards[card].name}", _trade_text(card, a.choice) if a.choice.isdigit() else a.choice)
    if d.kind == "vatican":
        p = state.player(a.player)
        if a.choice == "support":
            answer = f"support the Church: faith {p.res['faith']} back to 0, +{faith_points(p.res['faith'])} VP"
        else:
            answer = "refuse: take the period's excommunication and keep the faith points"
        return (KIND_LABEL["vatican"], answer)
    what = f"a {d.action} at value {d.value}" if d.action != "tower" else f"a {d.tower} card at value {d.value}"
    head = f"{KIND_LABEL['action']}: {what}".replace("a any card", "a card of any tower")
    if a.choice == "skip":
        return (head, "decline it")
    if a.choice in ("harvest", "production"):
        return (head, f"{a.choice} now", _servants(a.servants))
    return (head, _area(a.choice), _space_choice(state, a.choice), _servants(a.servants))


def move_steps(state: State, action: Action) -> tuple[str, ...]:
    """The choices that make up ``action``: its kind, then each choice in words.

    A placement: kind, member (with its value), part of the board, space, servants, e.g.
    ``("Place a family member", "white member (value 5)", "Territory tower (Torre dei
    Territori)", "floor 2 (value 3): Rock Pit", "with no servants")``."""
    if isinstance(action, Place):
        p = state.player(action.player)
        value = member_value(state, p, action.member)
        return (
            KIND_LABEL["place"],
            f"{action.member} member (value {value})",
            _area(action.space),
            _space_choice(state, action.space),
            _servants(action.servants),
        )
    if isinstance(action, Forfeit):
        return (KIND_LABEL["forfeit"], f"{action.member} member")
    if isinstance(action, Choose):
        return _choose_steps(state, action)
    raise ValueError(f"not a Lorenzo il Magnifico action: {action!r}")


def move_text(state: State, action: Action) -> str:
    """``action`` as one readable line with names (the move list and the log)."""
    if isinstance(action, Place):
        p = state.player(action.player)
        value = member_value(state, p, action.member)
        plus = action.servants // servants_per_plus(p)
        what = ""
        ts = tower_space(action.space)
        if ts:
            card = state.towers[ts[0]][ts[1] - 1]
            what = f" to take {load().cards[card].name}" if card is not None else ""
        paid = f", paying {plural(action.servants, 'servant')} (+{plus})" if action.servants else ""
        return f"{p.name} places the {action.member} member (value {value}) on {space_name(action.space)}{what}{paid}"
    if isinstance(action, Forfeit):
        return f"{action.player} gives up the {action.member} member (it cannot be placed anywhere)"
    if not isinstance(action, Choose):
        raise ValueError(f"not a Lorenzo il Magnifico action: {action!r}")
    steps = move_steps(state, action)
    head = steps[0][0].lower() + steps[0][1:]  # "answer the Vatican report": names keep their capitals
    return f"{action.player}: {head} — {', '.join(steps[1:])}"


def status(state: State) -> str:
    """The round, phase and who must act now, in plain words."""
    if state.phase == "over":
        sheet = final_scores(state)
        top = ", ".join(sheet.winners)
        return f"Game over after round 6. Winner: {top} with {sheet.totals[sheet.winners[0]]} VP."
    head = f"Round {state.round} of 6 (period {ROMAN[state.period]})"
    d = state.pending[0] if state.pending else None
    if d is not None:
        ask = {
            "privilege": f"take a council privilege ({plural(d.count or 1, 'more to take')})".replace(
                "more to takes", "more to take"
            ),
            "cost": f"choose how to pay for {load().cards[d.card].name}" if d.card else "choose how to pay",
            "trade": f"choose a trade at {load().cards[d.queue[0]].name}" if d.queue else "choose a trade",
            "action": "use or decline a card's extra action",
            "vatican": f"support the Church or not (period {ROMAN[state.period]} Vatican report)",
        }[d.kind]
        return f"{head}, {state.phase} phase. {d.player} must {ask}."
    who = state.current
    turn = f"turn {state.turn + 1} of {len(state.schedule)}"
    return f"{head}, action phase, {turn}. {who} places a family member."


def private_html(state: State, player: str, lang: str = "en") -> str:
    """``player``'s own board in detail, from ``state.view(player)``: members at home with
    their values, resources, cards with their effects, excommunications, and the decision
    they owe.  (Lorenzo hides nothing else from a player.)"""
    view = state.view(player)
    p = view.player(player)
    data = load()
    members = ", ".join(f"{m} ({member_value(view, p, m)})" for m in p.home) or "none (all placed)"
    res = ", ".join(f"{p.res[k]} {k if k != 'vp' else 'VP'}" for k in ("coins", "wood", "stone", "servants"))
    tracks = ", ".join(f"{p.res[k]} {k}" for k in ("military", "faith")) + f", {p.res['vp']} VP"
    parts = [
        f"<div style='font-size:14px;color:#222'><b>{escape(player)}'s board (plancia)</b>",
        f"<div>Family members at home (value): {escape(members)}</div>",
        f"<div>Goods: {escape(res)}; tracks: {escape(tracks)}</div>",
    ]
    for t in CARD_TYPES:
        cards = p.cards[t]
        if not cards:
            continue
        items = "".join(f"<li>{escape(card_text(c))}</li>" for c in cards)
        parts.append(f"<div>{escape(plural(len(cards), t).capitalize())}:<ul style='margin:2px 0'>{items}</ul></div>")
    for tid in p.excomms:
        tile = data.excommunications[tid]
        parts.append(
            f"<div>Excommunicated in period {ROMAN[tile.period]}: {escape(tile.name)} — "
            f"{escape(excommunication_effect(tid))}</div>"
        )
    d = _decision(view, player)
    if d is not None:
        parts.append(f"<div><b>{escape(status(view))}</b></div>")
    parts.append("</div>")
    return "".join(parts)
