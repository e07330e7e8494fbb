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

from fresco_kit.classroom.i18n import translator
from fresco_kit.core import Action
from fresco_kit.core.rules import RuleRef
from fresco_kit.core.text import N_, Msg

from .actions import Choose, Forfeit, Place
from .data import CARD_TYPES, load
from .effects import bundle_text, effect_text, excommunication_effect, member_value, servants_per_plus
from .final import final_scores
from .refs import PHASE_WORD, RULES, amount, member_word, space_name, tower_word, zone_word
from .scoring import faith_points
from .state import Decision, State
from .svg import board_svg
from .teach import ROMAN, card_text
from .towers import tower_space

__all__ = ["CATEGORY_HELP", "board_svg", "move_steps", "move_text", "private_html", "status"]

#: score-sheet category -> (how it scores, in the kit's words; the rule)
CATEGORY_HELP: dict[str, tuple[str, RuleRef]] = {
    "VP during the game": (
        Msg(
            "Victory points already earned while playing: card effects, support shown to the Church at a "
            "Vatican report, and the like."
        ),
        RULES["final.total"],
    ),
    "Territories": (
        Msg(
            "Territory cards held at the end: 3, 4, 5 or 6 of them are worth 1, 4, 10 or 20 points; "
            "fewer score nothing."
        ),
        RULES["final.territories"],
    ),
    "Characters": (
        Msg("Character cards held at the end: 1 to 6 of them are worth 1, 3, 6, 10, 15 or 21 points."),
        RULES["final.characters"],
    ),
    "Ventures": (Msg("Each venture card held scores the points printed on it."), RULES["final.ventures"]),
    "Military": (
        Msg(
            "The strongest player on the military track scores 5 and the runner-up 2; players level share "
            "a place and each takes its full award."
        ),
        RULES["final.military"],
    ),
    "Resources": (
        Msg("Wood, stone, servants and coins left over are pooled: every 5 of them make 1 point."),
        RULES["final.resources"],
    ),
    "Excommunications": (
        Msg("Points taken away at the end by a period III excommunication tile (shown below zero)."),
        RULES["excomm.kinds"],
    ),
}

#: the first step of each kind of move
KIND_LABEL = {
    "place": N_("Place a family member"),
    "forfeit": N_("Give up a family member that cannot be placed"),
    "privilege": N_("Take a council privilege"),
    "cost": N_("Choose how to pay"),
    "trade": N_("Trade at a building"),
    "action": N_("Use the extra action of a card"),
    "vatican": N_("Answer the Vatican report"),
}
_AREA = {
    "territory": N_("Territory tower (Torre dei Territori)"),
    "building": N_("Building tower (Torre degli Edifici)"),
    "character": N_("Character tower (Torre dei Personaggi)"),
    "venture": N_("Venture tower (Torre delle Imprese)"),
    "harvest": N_("Harvest (raccolto)"),
    "production": N_("Production (produzione)"),
    "market": N_("Market (Mercato)"),
    "council": N_("Council Palace (Palazzo del Consiglio)"),
}


def _area(space: str) -> Msg:
    """The part of the board a space belongs to (a tower, a zone, the market, the council)."""
    ts = tower_space(space)
    return Msg(_AREA[ts[0] if ts else space.split("-")[0]])


def _space_choice(state: State, space: str) -> Msg:
    """A space as a choice: where it is and what it holds or gives, e.g.
    ``"floor 2 (value 3): Rock Pit"`` or ``"space 1: 5 coins"``."""
    data = load()
    ts = tower_space(space)
    if ts:
        tower, floor = ts
        card = state.towers[tower][floor - 1]
        bonus = data.towers[tower].floor_bonus[floor - 1]
        name = data.cards[card].name if card is not None else Msg("no card")
        value = data.towers[tower].floor_values[floor - 1]
        if bonus:
            return Msg(
                "floor {floor} (value {value}, bonus {bonus}): {card}",
                floor=floor,
                value=value,
                bonus=bundle_text(bonus),
                card=name,
            )
        return Msg("floor {floor} (value {value}): {card}", floor=floor, value=value, card=name)
    sp = data.spaces[space]
    if sp.kind in ("harvest", "production"):
        if sp.penalty:
            return Msg("large space (-3 to the value), value {value} or more", value=sp.value)
        return Msg("small space, value {value} or more", value=sp.value)
    if sp.kind == "market":
        return Msg("space {number}: {gain}", number=space[-1], gain=bundle_text(sp.gain))
    return Msg("{gain}", gain=bundle_text(sp.gain))


def _servants(n: int) -> Msg:
    return Msg.n(n, "with {n} servant", "with {n} servants") if n else Msg("with no servants")


def _decision(state: State, player: str) -> Decision | None:
    d = state.pending[0] if state.pending else None
    return d if d is not None and d.player == player else None


def _trade_text(card_id: int, answer: str) -> Msg:
    if answer == "0":
        return Msg("no trade")
    perm = load().cards[card_id].permanent
    assert perm is not None and perm.trades  # a trade decision names a building with trades
    trade = perm.trades[int(answer) - 1]
    return Msg("trade {n}: give {give}, get {get}", n=answer, give=bundle_text(trade.give), get=effect_text(trade.get))


def _head(d: Decision | None, state: State, lower: bool) -> Msg:
    """The first step of an answer to ``d`` (in lower case to follow a name in a move text)."""
    data = load()
    if d is None:
        return Msg("answer a decision") if lower else Msg("Answer a decision")
    if d.kind == "cost":
        card = data.cards[d.card].name if d.card is not None else ""
        return (
            Msg("choose how to pay for {card}", card=card) if lower else Msg("Choose how to pay for {card}", card=card)
        )
    if d.kind == "trade":
        card = data.cards[d.queue[0]].name if d.queue else ""
        return Msg("trade at {card}", card=card) if lower else Msg("Trade at {card}", card=card)
    if d.kind == "privilege":
        return Msg("take a council privilege") if lower else Msg(KIND_LABEL["privilege"])
    if d.kind == "vatican":
        return Msg("answer the Vatican report") if lower else Msg(KIND_LABEL["vatican"])
    if d.action == "tower" and d.tower == "any":
        what = Msg("a card of any tower at value {value}", value=d.value)
    elif d.action == "tower":
        what = Msg("a {tower} card at value {value}", tower=tower_word(d.tower or ""), value=d.value)
    else:
        what = Msg("a {zone} at value {value}", zone=zone_word(d.action or ""), value=d.value)
    if lower:
        return Msg("use the extra action of a card: {what}", what=what)
    return Msg("Use the extra action of a card: {what}", what=what)


def _choose_steps(state: State, a: Choose, lower: bool = False) -> tuple[str, ...]:
    """The steps of an answer to the front pending decision."""
    data = load()
    d = _decision(state, a.player)
    head = _head(d, state, lower)
    if d is None:
        return (head, a.choice)
    if d.kind == "privilege":
        return (head, bundle_text(data.privileges.get(a.choice, {})) or a.choice)
    if d.kind == "cost":
        assert d.card is not None and d.costs is not None  # a cost decision's fields
        n = int(a.choice) if a.choice.isdigit() else 0
        cost = bundle_text(d.costs[n - 1]) if 1 <= n <= len(d.costs) else a.choice
        return (head, Msg("pay {cost}", cost=cost))
    if d.kind == "trade":
        assert d.queue  # a trade decision asks its front building
        card = d.queue[0]
        return (head, _trade_text(card, a.choice) if a.choice.isdigit() else a.choice)
    if d.kind == "vatican":
        p = state.player(a.player)
        if a.choice == "support":
            answer = Msg(
                "support the Church: faith {faith} back to 0, +{vp} VP",
                faith=p.res["faith"],
                vp=faith_points(p.res["faith"]),
            )
        else:
            answer = Msg("refuse: take the period's excommunication and keep the faith points")
        return (head, answer)
    if a.choice == "skip":
        return (head, Msg("decline it"))
    if a.choice in ("harvest", "production"):
        return (head, Msg("{zone} now", zone=zone_word(a.choice)), _servants(a.servants))
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
            Msg(KIND_LABEL["place"]),
            Msg("{member} member (value {value})", member=member_word(action.member), value=value),
            _area(action.space),
            _space_choice(state, action.space),
            _servants(action.servants),
        )
    if isinstance(action, Forfeit):
        return (Msg(KIND_LABEL["forfeit"]), Msg("{member} member", member=member_word(action.member)))
    if isinstance(action, Choose):
        return _choose_steps(state, action)
    raise ValueError(f"not a Lorenzo il Magnifico action: {action!r}")


def move_text(state: State, action: Action) -> str:
    """``action`` as one readable line with names (the move list and the log)."""
    if isinstance(action, Place):
        p = state.player(action.player)
        params = {
            "player": p.name,
            "member": member_word(action.member),
            "value": member_value(state, p, action.member),
            "space": space_name(action.space),
            "servants": amount(action.servants, "servants"),
            "plus": action.servants // servants_per_plus(p),
        }
        ts = tower_space(action.space)
        card = state.towers[ts[0]][ts[1] - 1] if ts else None
        if card is not None:
            params["card"] = load().cards[card].name
            if action.servants:
                return Msg(
                    "{player} places the {member} member (value {value}) on {space} to take {card}, "
                    "paying {servants} (+{plus})",
                    **params,
                )
            return Msg("{player} places the {member} member (value {value}) on {space} to take {card}", **params)
        if action.servants:
            return Msg(
                "{player} places the {member} member (value {value}) on {space}, paying {servants} (+{plus})", **params
            )
        return Msg("{player} places the {member} member (value {value}) on {space}", **params)
    if isinstance(action, Forfeit):
        return Msg(
            "{player} gives up the {member} member (it cannot be placed anywhere)",
            player=action.player,
            member=member_word(action.member),
        )
    if not isinstance(action, Choose):
        raise ValueError(f"not a Lorenzo il Magnifico action: {action!r}")
    steps = _choose_steps(state, action, lower=True)
    return Msg("{player}: {head} — {steps}", player=action.player, head=steps[0], steps=list(steps[1:]))


def status(state: State) -> str:
    """The round, phase and who must act now, in plain words."""
    if state.phase == "over":
        sheet = final_scores(state)
        return Msg(
            "Game over after round 6. Winner: {winners} with {vp} VP.",
            winners=list(sheet.winners),
            vp=sheet.totals[sheet.winners[0]],
        )
    head = Msg("Round {round} of 6 (period {period})", round=state.round, period=ROMAN[state.period])
    d = state.pending[0] if state.pending else None
    if d is not None:
        data = load()
        if d.kind == "privilege":
            ask = Msg.n(
                d.count or 1,
                "take a council privilege ({n} more to take)",
                "take a council privilege ({n} more to take)",
            )
        elif d.kind == "cost":
            ask = (
                Msg("choose how to pay for {card}", card=data.cards[d.card].name)
                if d.card
                else Msg("choose how to pay")
            )
        elif d.kind == "trade":
            ask = (
                Msg("choose a trade at {card}", card=data.cards[d.queue[0]].name) if d.queue else Msg("choose a trade")
            )
        elif d.kind == "action":
            ask = Msg("use or decline a card's extra action")
        else:
            ask = Msg("support the Church or not (period {period} Vatican report)", period=ROMAN[state.period])
        phase = Msg(PHASE_WORD[state.phase]) if state.phase in PHASE_WORD else state.phase
        return Msg("{head}, {phase} phase. {player} must {ask}.", head=head, phase=phase, player=d.player, ask=ask)
    return Msg(
        "{head}, action phase, turn {turn} of {turns}. {player} places a family member.",
        head=head,
        turn=state.turn + 1,
        turns=len(state.schedule),
        player=state.current,
    )


def private_html(state: State, player: str, lang: str = "en") -> str:
    """``player``'s own board in detail, from ``state.view(player)``: members at home with
    their values, resources, cards with their effects, excommunications, and the decision
    they owe, in ``lang``.  (Lorenzo hides nothing else from a player.)"""
    say = translator(lang).say
    view = state.view(player)
    p = view.player(player)
    data = load()
    home = [Msg("{member} ({value})", member=member_word(m), value=member_value(view, p, m)) for m in p.home]
    members = home if home else Msg("none (all placed)")
    goods = [amount(p.res[k], k) for k in ("coins", "wood", "stone", "servants")]
    tracks = [amount(p.res[k], k) for k in ("military", "faith")] + [Msg("{vp} VP", vp=p.res["vp"])]
    board = Msg("{player}'s board (plancia)", player=player)
    at_home = Msg("Family members at home (value): {members}", members=members)
    owned = Msg("Goods: {goods}; tracks: {tracks}", goods=goods, tracks=tracks)
    parts = [
        f"<div style='font-size:14px;color:#222'><b>{_esc(say(board))}</b>",
        f"<div>{_esc(say(at_home))}</div>",
        f"<div>{_esc(say(owned))}</div>",
    ]
    for t in CARD_TYPES:
        cards = p.cards[t]
        if not cards:
            continue
        items = "".join(f"<li>{_esc(say(card_text(c)))}</li>" for c in cards)
        head = _CARDS_HEAD[t](len(cards))
        parts.append(f"<div>{_esc(say(head))}:<ul style='margin:2px 0'>{items}</ul></div>")
    for tid in p.excomms:
        tile = data.excommunications[tid]
        text = Msg(
            "Excommunicated in period {period}: {tile} — {effect}",
            period=ROMAN[tile.period],
            tile=tile.name,
            effect=excommunication_effect(tid),
        )
        parts.append(f"<div>{_esc(say(text))}</div>")
    d = _decision(view, player)
    if d is not None:
        parts.append(f"<div><b>{_esc(say(status(view)))}</b></div>")
    parts.append("</div>")
    return "".join(parts)


#: a player's cards of one type, counted (the private panel's headings)
_CARDS_HEAD = {
    "territory": lambda n: Msg.n(n, "{n} territory", "{n} territories"),
    "building": lambda n: Msg.n(n, "{n} building", "{n} buildings"),
    "character": lambda n: Msg.n(n, "{n} character", "{n} characters"),
    "venture": lambda n: Msg.n(n, "{n} venture", "{n} ventures"),
}


def _esc(text: str) -> str:
    return escape(text, quote=False)
