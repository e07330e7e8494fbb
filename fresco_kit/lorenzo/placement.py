"""Placement and decisions: the checks and effects of every action (rules summary,
*I dadi e i familiari*, with the zones of the other sections dispatched by space).

:data:`DISPATCH` maps each action type to its checks and its effect:
``reasons(state, action)`` lists every broken rule, and ``rules.apply`` plays a legal
action into a new state through the same table.  Play then moves on: next turn, Vatican report, end of
round.  ``legal_answers`` lists the answers to the front pending decision.
``legal_actions`` lists the placements through the same checks, stopped at the first
broken rule and asked only for the ends of each run of legal servant counts
(``_legal_servants``), so the list and ``explain`` cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache, partial
from typing import Any, NamedTuple

from fresco_kit.core import Action, Event, assign
from fresco_kit.core.decisions import pop, push
from fresco_kit.core.rules import Reason, tell
from fresco_kit.core.text import N_, Msg, unworded, worded

from . import readings
from .actions import Choose, Forfeit, Place
from .data import MARKET_SPACES, SPACES, TOWER_SPACES, ZONE_SPACES, load
from .effects import action_value, member_value, privilege_reasons, resolve_privilege, servant_step, servants_per_plus
from .market import council_reasons, market_reasons, place_market
from .refs import RULES, amount, member_word, space_name, tower_word, zone_word
from .state import Decision, Player, State
from .towers import cost_reasons, pay_card, plan, take_card, tower_floor, tower_space
from .vatican import resolve_vatican, vatican_reasons
from .zones import ZONES, activate, affordable_trades, place_zone, resolve_trade, trade_reasons, zone_reasons

__all__ = [
    "DISPATCH",
    "MARKET_SPACES",
    "SPACES",
    "TOWER_SPACES",
    "ZONE_SPACES",
    "Handler",
    "fits",
    "legal_answers",
    "place_reasons",
    "placeable_space",
    "placement_reasons",
    "reasons",
]


# --------------------------------------------------------------------------- whose turn
def _turn_reasons(st: State, player: str, deciding: bool) -> list[Reason]:
    if st.phase == "over":
        return [(Msg("the game is over"), RULES["kit.over"])]
    for p in st.players:
        if p.name == player:
            break
    else:
        return [
            (
                Msg("{player} is not playing; the players are {players}", player=repr(player), players=list(st.names)),
                RULES["kit.turn"],
            )
        ]
    if st.pending:
        d = st.pending[0]
        if deciding and d.player == player:
            return []
        choices = [repr(str(c)) for c in legal_answers(st)] if worded() else []  # listed for a reader only
        return [
            (
                Msg(
                    "{player} must first answer the pending {kind} decision; the choices are: {choices}",
                    player=d.player,
                    kind=Msg(DECISION_WORD[d.kind]),
                    choices=choices,
                ),
                RULES["kit.pending"],
            )
        ]
    if deciding:
        home = st.player(st.current).home if st.current else ()
        return [
            (
                Msg(
                    "there is no pending decision to answer; {player} is to place a family member "
                    "({home} at home): 'place {player} <member> <space>'",
                    player=st.current,
                    home=[member_word(m) for m in home],
                )
                if home
                else Msg(
                    "there is no pending decision to answer; {player} is to place a family member", player=st.current
                ),
                RULES["kit.pending"],
            )
        ]
    if st.current != player:
        return [
            (Msg("it is {current}'s turn, not {player}'s", current=st.current, player=player), RULES["phase.actions"])
        ]
    return []


def _servant_reasons(st: State, p: Player, servants: int) -> list[Reason]:
    out: list[Reason] = []
    if servants > p.res["servants"]:
        out.append(
            (
                Msg("{player} has only {servants}", player=p.name, servants=amount(p.res["servants"], "servants")),
                RULES["servants"],
            )
        )
    step = servant_step(st, p)
    if step > 1 and servants % step:
        out.append(
            (
                Msg("excommunicated: servants count {step} per +1, so pay them in multiples of {step}", step=step),
                RULES["excomm.kinds"],
            )
        )
    return out


# --------------------------------------------------------------------------- placing
def placement_reasons(
    st: State, player: str, member: str, space: str, servants: int, turn: bool = True, first: bool = False
) -> list[Reason]:
    """Every rule broken by placing ``player``'s ``member`` on ``space`` with ``servants``
    (known names, checked by ``Place``); with ``turn`` False whose turn it is is ignored.
    With ``first``, the checks stop at the first broken rule: the list is then the full
    list's first entry only (empty exactly when the full list is), for the listing loops."""
    out = _turn_reasons(st, player, False) if turn else []
    if out and (first or st.phase == "over" or player not in st.names):
        return out
    p = st.player(player)
    return out + _member_reasons(st, p, member, member_value(st, p, member), space, servants, first)


def _member_reasons(
    st: State, p: Player, member: str, base: int, space: str, servants: int, first: bool
) -> list[Reason]:
    """The rules of placing ``member`` (value ``base``) of ``p``, whose turn it is, on
    ``space`` with ``servants``; with ``first``, only the first broken one."""
    out: list[Reason] = []
    if member not in p.home:
        out.append((_not_home(p, member), RULES["kit.member"]))
        if first:
            return out
    if servants:
        out += _servant_reasons(st, p, servants)
        if first and out:
            return out[:1]
    return out + _space_reasons(st, p, member, base, space, servants, first)


def _space_reasons(
    st: State, p: Player, member: str, base: int, space: str, servants: int, first: bool
) -> list[Reason]:
    """The rules of ``space`` itself (its zone, the market, the Council Palace or its tower)
    for ``member`` (value ``base``) of ``p`` with ``servants``; with ``first``, only the
    first broken one."""
    if space in ZONE_SPACES:
        return zone_reasons(st, p, space, base, servants, member, first)
    if space in MARKET_SPACES:
        return market_reasons(st, p, space, base, servants, first)
    if space == "council":
        return council_reasons(st, p, space, base, servants)
    return plan(st, p, space, base, servants, member, first=first).reasons


def fits(st: State, p: Player, member: str, base: int, space: str, servants: int) -> bool:
    """Whether a placement the random player (``bots.sample_action``) builds is legal.  It
    builds them for ``p``, the player to place, with a ``member`` at home (value ``base``)
    and ``servants`` that ``p`` holds, in whole steps of the servants per +1: so only the
    rules of the space itself can refuse it, and only those are checked.  Called inside
    ``core.text.unworded()`` (no one reads why; the sampler enters it once for all its
    tries).  The same answer as ``placement_reasons(..., turn=False)`` for such a move."""
    return not _space_reasons(st, p, member, base, space, servants, True)


def _legal_servants(st: State, p: Player, member: str, base: int, space: str, per: int) -> Sequence[int]:
    """The servant counts (multiples of ``per``, ascending) with which ``member`` (value
    ``base``) of ``p`` may be placed on ``space``: exactly those :func:`_member_reasons`
    passes, found with few of its calls.

    Only the minimum value (``place.min``) can be mended by more servants: the value
    grows with them, while every other rule either ignores them (space, colour, cards,
    tower coins, territory military, market) or gets harder with more (the servants
    left for a card's cost, the servants owned; multiples of ``per`` never break the
    excommunication's pairs).  So the legal counts form one run: the scan starts at the
    first count whose value can reach the space's minimum, stops at the first refusal
    that is not the minimum value, and once a count passes, finds the run's end by
    halving (the largest count first: often the whole run)."""
    top = p.res["servants"] // per * per
    need = space_minimum(space)
    start = 0  # the first count whose value can reach the minimum
    if _reach(p, base, space, 0) < need:
        if _reach(p, base, space, top) < need:
            return []  # out of reach even with every servant
        while _reach(p, base, space, start) < need:
            start += per
    for lo in range(start, top + 1, per):
        broken = _member_reasons(st, p, member, base, space, lo, True)
        if not broken:
            break
        if broken[0][1].id != "place.min":
            return []
    else:
        return []
    if lo < top and _member_reasons(st, p, member, base, space, top, True):
        good, bad = lo, top  # good passes, bad and every larger count are refused
        while bad - good > per:
            mid = good + (bad - good) // (2 * per) * per
            if _member_reasons(st, p, member, base, space, mid, True):
                bad = mid
            else:
                good = mid
        top = good
    return range(lo, top + 1, per)


@lru_cache(maxsize=1)
def value_that_matters() -> int:
    """The smallest action value past which no rule sees a difference: the highest value
    any rule compares an action with (tower floors, action spaces, personal bonus tiles,
    cards' harvest and production values), plus the largest space penalty and the
    largest excommunication malus a player's action may carry (both lower the value the
    rules compare).  Paying more servants than it takes to reach it changes nothing but
    the servants left, so :func:`legal_actions` lists no larger count (it stays legal
    when played: ``explain`` accepts any affordable count)."""
    d = load()
    compared = [v for t in d.towers.values() for v in t.floor_values]
    compared += [space.value for space in d.spaces.values()] + [tile.value for tile in d.bonus_tiles.values()]
    compared += [c.permanent.value for c in d.cards.values() if c.permanent is not None]
    penalty = max(space.penalty for space in d.spaces.values())
    malus = max((e.params.get("malus", 0) for e in d.excommunications.values()), default=0)
    return max(compared) + penalty + malus


def listed_counts(counts: Sequence[int], value: Callable[[int], int]) -> Sequence[int]:
    """``counts`` (ascending servant counts) up to the first whose action ``value``
    reaches :func:`value_that_matters`: the counts whose outcomes differ."""
    enough = value_that_matters()
    for i, servants in enumerate(counts):
        if value(servants) >= enough:
            return counts[: i + 1]
    return counts


def _not_home(p: Player, member: str) -> Msg:
    """Why ``member`` cannot be used: it is not at home, and the members that are."""
    if p.home:
        return Msg(
            "{player}'s {member} member is not at home this round; at home: {home}",
            player=p.name,
            member=member_word(member),
            home=[member_word(m) for m in p.home],
        )
    return Msg(
        "{player}'s {member} member is not at home this round; no member is at home",
        player=p.name,
        member=member_word(member),
    )


#: the kinds of pending decision, in words
DECISION_WORD = {
    "privilege": N_("privilege"),
    "cost": N_("cost"),
    "trade": N_("trade"),
    "action": N_("action"),
    "vatican": N_("vatican"),
}


def place_reasons(st: State, a: Place, turn: bool = True) -> list[Reason]:
    """Every rule broken by the placement ``a``."""
    return placement_reasons(st, a.player, a.member, a.space, a.servants, turn)


def forfeit_reasons(st: State, a: Forfeit) -> list[Reason]:
    """Every rule broken by forfeiting ``a.member``: only on one's turn, a member at home
    that cannot be placed anywhere (rules summary, *I dadi e i familiari*); with the switch
    ``forfeit_any_member``, any member at home (readings "lost action")."""
    out = _turn_reasons(st, a.player, False)
    if a.player not in st.names or st.phase == "over":
        return out
    p = st.player(a.player)
    if a.member not in p.home:
        return out + [(_not_home(p, a.member), RULES["kit.member"])]
    if readings.setting(st, "forfeit_any_member"):
        return out
    where = placeable_space(st, p, a.member)
    if where:
        out.append(
            (
                Msg(
                    "{member} can still be placed, e.g. '{move}'",
                    member=member_word(a.member),
                    move=str(Place(p.name, a.member, *where)),
                ),
                RULES["neutral.lost"],
            )
        )
    return out


def placeable_space(st: State, p: Player, member: str) -> tuple[str, int] | None:
    """A (space, servants) where ``member`` of ``p`` could be placed now, or None (then its
    action is lost).  The Council Palace (never full, minimum 1) is tried first; a
    character bonus can still lift a member to a zone or tower space it cannot reach."""
    base = member_value(st, p, member)
    per = servant_step(st, p)  # other counts break the excommunication's pairs
    for space in ("council",) + SPACES[:-1]:
        counts = _legal_servants(st, p, member, base, space, per)
        if counts:
            return space, counts[0]
    return None


def _reach(p: Player, base: int, space: str, servants: int) -> int:
    """The action value on ``space`` with ``servants``, before any space penalty: its
    checks compare this value, or a lower one, with the space's minimum."""
    return action_value(p, base, servants, *value_kind(space))


@cache
def value_kind(space: str) -> tuple[str | None, str | None]:
    """The kind of action (and tower) whose bonuses and maluses change the value on ``space``
    (``effects.action_modifier``'s arguments)."""
    ts = tower_space(space)
    if ts:
        return "tower", ts[0]
    kind = load().spaces[space].kind
    return (kind if kind in ZONES else None), None


@cache
def space_minimum(space: str) -> int:
    """The printed minimum value of ``space``."""
    ts = tower_space(space)
    return load().towers[ts[0]].floor_values[ts[1] - 1] if ts else load().spaces[space].value


# --------------------------------------------------------------------------- deciding
def extra_targets(d: Decision) -> list[str]:
    """The answers that take an extra action ``d``: its zone, or the tower spaces it may use."""
    if d.action in ZONES:
        return [d.action]
    return [s for s in TOWER_SPACES if d.tower in ("any", tower_floor(s)[0])]


def choose_reasons(st: State, a: Choose, first: bool = False) -> list[Reason]:
    """Every rule broken by answering the front pending decision with ``a``: whose
    decision it is, then the rules of the decision's kind (privilege, cost, trade,
    Vatican report, extra action).  With ``first``, an extra action's checks stop at the
    first broken rule (empty exactly when the full list is: the listing loops)."""
    out = _turn_reasons(st, a.player, True)
    if out:
        return out
    p = st.player(a.player)
    d = st.pending[0]
    kind = d.kind
    if kind != "action" and a.servants:
        out.append((Msg("servants can be added only to an extra action"), RULES["servants"]))
    if kind == "privilege":
        return out + privilege_reasons(d, a.choice)
    if kind == "cost":
        return out + cost_reasons(d, a.choice)
    if kind == "trade":
        return out + trade_reasons(p, d, a.choice)
    if kind == "vatican":
        return out + vatican_reasons(a.choice)
    # an extra action printed on a card
    if a.choice == "skip":
        if a.servants:
            out.append((Msg("a declined extra action takes no servants"), RULES["servants"]))
        if not readings.setting(st, "extra_action_optional"):
            take = extra_taken(st, p, d)
            if take is not None:
                out.append(
                    (
                        Msg(
                            "the extra action must be taken when it can be (switch extra_action_optional), "
                            "e.g. '{move}'",
                            move=str(take),
                        ),
                        RULES["kit.extra_action"],
                    )
                )
        return out
    out += _servant_reasons(st, p, a.servants)
    if first and out:
        return out[:1]
    targets = extra_targets(d)
    if a.choice not in targets:
        if d.action in ZONES:
            what = Msg(
                "this extra action is a {zone}; the choices are skip, {choices}",
                zone=zone_word(d.action or ""),
                choices=targets,
            )
        else:
            tower = tower_word(d.tower or "") if d.tower != "any" else Msg("any")
            what = Msg(
                "this extra action is a card from the {tower} tower(s); the choices are skip, {choices}",
                tower=tower,
                choices=targets,
            )
        return out + [(what, RULES["kit.extra_action"])]
    if d.action in ZONES:
        return out
    return out + plan(st, p, a.choice, d.value or 0, a.servants, None, d.discount, first=first).reasons


def extra_taken(st: State, p: Player, d: Decision) -> Choose | None:
    """An answer of ``p`` that takes the extra action ``d`` (a harvest or production can
    always be taken; a card needs a space whose rules it passes, with some servants), or
    None when only declining is legal."""
    if d.action in ZONES:
        return choice(p.name, d.action)
    per = servant_step(st, p)
    counts = listed_counts(range(0, p.res["servants"] + 1, per), lambda s: (d.value or 0) + s // per)
    with unworded():  # only whether the card can be taken matters here
        for target in extra_targets(d):
            for servants in counts:
                if not plan(st, p, target, d.value or 0, servants, None, d.discount, first=True).reasons:
                    return choice(p.name, target, servants)
    return None


def legal_answers(st: State) -> list[Choose]:
    """Every legal answer to the front pending decision (empty when none is pending)."""
    if not st.pending or st.phase == "over":
        return []
    d = st.pending[0]
    p = st.player(d.player)
    name, kind = p.name, d.kind
    if kind == "privilege":
        cands = [choice(name, c) for c in load().privileges if c not in (d.taken or ())]
    elif kind == "cost":
        cands = [choice(name, str(i + 1)) for i in range(len(d.costs or ()))]
    elif kind == "trade":
        cands = [choice(name, "0")] + [choice(name, str(i)) for i in affordable_trades(p, (d.queue or (0,))[0])]
    elif kind == "vatican":
        cands = [choice(name, "support"), choice(name, "refuse")]
    else:
        per = servant_step(st, p)
        # past value_that_matters more servants change nothing (d.value: the extra action's own value)
        counts = listed_counts(range(0, p.res["servants"] + 1, per), lambda s: (d.value or 0) + s // per)
        cands = [choice(name, "skip")] + [choice(name, t, s) for t in extra_targets(d) for s in counts]
    with unworded():  # only whether each answer is refused matters here, not why
        return [c for c in cands if not choose_reasons(st, c, first=True)]


@cache
def choice(player: str, answer: str, servants: int = 0) -> Choose:
    """``Choose(player, answer, servants)``, made (and checked) once: the listing loops
    make the same few answers again and again."""
    return Choose(player, answer, servants)


def reasons(st: State, action: Action) -> list[Reason]:
    """Every rule ``action`` breaks in ``st`` (empty: legal).  The single source of legality:
    the checks of the action's type in :data:`DISPATCH`."""
    handler = DISPATCH.get(type(action))
    if handler is None:
        raise ValueError(f"not a Lorenzo il Magnifico action: {action!r}")
    return handler.checks(st, action)


# --------------------------------------------------------------------------- listing
@cache
def placement(player: str, member: str, space: str, servants: int) -> Place:
    """``Place(player, member, space, servants)``, made (and checked) once, for the listing loops."""
    return Place(player, member, space, servants)


def legal_actions(st: State, player: str | None = None) -> list[Action]:
    """Every legal action, in a deterministic order (members, spaces, servants); the
    answers to the front pending decision when one is pending; none once over.  With
    ``player``, only that player's (none when another player is to act, ``st.current``)."""
    if st.phase == "over" or (player is not None and player != st.current):
        return []
    if st.pending:
        return list(legal_answers(st))
    name = st.current
    assert name is not None  # the action phase, nothing pending: someone is to place
    p = st.player(name)
    per = servant_step(st, p)
    out: list[Action] = []
    with unworded():  # only whether each move is refused matters here, not why
        for member in p.home:
            base = member_value(st, p, member)
            for space in SPACES:
                counts = listed_counts(
                    _legal_servants(st, p, member, base, space, per), partial(_reach, p, base, space)
                )
                out += [placement(name, member, space, s) for s in counts]
            f = Forfeit(name, member)
            if not reasons(st, f):
                out.append(f)
    return out


# --------------------------------------------------------------------------- doing
def _place_reasons(st: State, a: Place) -> list[Reason]:
    """The checks of a placement (:func:`placement_reasons`)."""
    return placement_reasons(st, a.player, a.member, a.space, a.servants)


def _forfeit(st: State, p: Player, a: Forfeit, events: list[Event]) -> None:
    """Give up a member (one that cannot be placed, unless the switch ``forfeit_any_member``
    is on): its action is lost (*I dadi e i familiari*)."""
    chosen = readings.setting(st, "forfeit_any_member") and placeable_space(st, p, a.member) is not None
    assign(p, home=tuple(m for m in p.home if m != a.member))
    assign(st, turn=st.turn + 1)
    tell(
        events,
        RULES["neutral.lost"],
        lambda: (
            Msg(
                "{player} gives up the {member} member, which could be placed: the action is lost "
                "(switch forfeit_any_member)",
                player=p.name,
                member=member_word(a.member),
            )
            if chosen
            else Msg(
                "{player} cannot place the {member} member: the action is lost",
                player=p.name,
                member=member_word(a.member),
            )
        ),
    )


def _placed(player: str, a: Place, value: int) -> Msg:
    """The text of ``player`` placing a member by ``a`` at ``value`` (the texts of every
    placement are module-level functions: an event keeps its text-maker until read, and
    these keep less than a lambda)."""
    return Msg(
        "{player} places the {member} member (value {value}) on {space}",
        player=player,
        member=member_word(a.member),
        value=value,
        space=space_name(a.space),
    )


def _servants_paid(player: str, servants: int, plus: int) -> Msg:
    """The text of ``player`` paying ``servants`` servants for ``plus`` on the action value."""
    return Msg("{player} pays {servants}: +{plus}", player=player, servants=amount(servants, "servants"), plus=plus)


def _place(st: State, p: Player, a: Place, events: list[Event]) -> None:
    base = member_value(st, p, a.member)
    assign(p, home=tuple(m for m in p.home if m != a.member))
    assign(st, turn=st.turn + 1)
    tell(events, RULES["dice.value"], _placed, p.name, a, base)
    if a.servants:
        tell(events, RULES["servants"], _servants_paid, p.name, a.servants, a.servants // servants_per_plus(p))
    if a.space in TOWER_SPACES:
        take_card(st, p, a.space, a.servants, a.member, plan(st, p, a.space, base, a.servants, a.member), events)
    elif a.space in ZONE_SPACES:
        place_zone(st, p, a.space, base, a.servants, a.member, events)
    else:
        place_market(st, p, a.space, a.servants, a.member, events)


def _choose(st: State, p: Player, a: Choose, events: list[Event]) -> None:
    d = st.pending[0]
    rest = pop(st.pending)
    assign(st, pending=())  # the decisions this answer raises gather here
    kind = d.kind
    if kind == "privilege":
        resolve_privilege(st, p, d, a.choice, events)
    elif kind == "cost":
        assert d.card is not None and d.costs is not None  # a cost decision's fields
        pay_card(st, p, d.card, d.costs[int(a.choice) - 1], events)
    elif kind == "trade":
        resolve_trade(st, p, d, a.choice, events)
    elif kind == "vatican":
        resolve_vatican(st, p, a.choice, events)
    else:
        _extra_action(st, p, d, a, events)
    assign(st, pending=push(rest, *st.pending))  # answered before the rest


def _extra_action(st: State, p: Player, d: Decision, a: Choose, events: list[Event]) -> None:
    """Take (or decline) the extra action a card printed: the servants paid are logged."""
    if a.choice == "skip":
        tell(events, RULES["kit.extra_action"], lambda: Msg("{player} declines the extra action", player=p.name))
        return
    if a.servants:
        plus = a.servants // servants_per_plus(p)
        tell(
            events,
            RULES["servants"],
            lambda: Msg(
                "{player} pays {servants} for the extra action: value {value} + {plus}",
                player=p.name,
                servants=amount(a.servants, "servants"),
                value=d.value or 0,
                plus=plus,
            ),
        )
    if d.action in ZONES:
        p.res["servants"] -= a.servants
        kind = d.action if readings.setting(st, "extra_action_modifiers") else None  # the value's bonuses, maluses
        activate(st, p, d.action, action_value(p, d.value or 0, a.servants, kind), events)
    else:
        tp = plan(st, p, a.choice, d.value or 0, a.servants, None, d.discount)
        take_card(st, p, a.choice, a.servants, None, tp, events)


class Handler(NamedTuple):
    """What one type of action does: its ``checks`` (every rule broken, empty when legal)
    and its ``effect``, carried out in the fresh copy of the state with the acting
    player's own board (``state.own``)."""

    checks: Callable[[State, Any], list[Reason]]
    effect: Callable[[State, Player, Any, list[Event]], None]


#: action type -> its handler: ``rules.apply`` and :func:`reasons` dispatch by it.
DISPATCH: dict[type[Action], Handler] = {
    Place: Handler(_place_reasons, _place),
    Choose: Handler(choose_reasons, _choose),
    Forfeit: Handler(forfeit_reasons, _forfeit),
}


def pass_empty_turns(st: State, events: list[Event]) -> None:
    """A scheduled player with no member left at home passes (readings "no member left":
    never in a game played from the start, only in constructed positions)."""
    while st.turn < len(st.schedule) and not st.player(st.schedule[st.turn]).home:
        tell(
            events,
            RULES["phase.actions"],
            lambda player: Msg("{player} has no family member left: the turn passes", player=player),
            st.schedule[st.turn],
        )
        assign(st, turn=st.turn + 1)
