"""Card effects, gains, council privileges and the values of actions.

Rules summary, *Le Torri e le carte Sviluppo* (immediate and permanent effects) and
*Il Rapporto in Vaticano* (excommunication effects that change gains and values).
Functions that change things work on the state ``apply`` is building and on the acting
player's private copy (``state.own``), never on a published state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, lru_cache

from fresco_kit.core import Event, assign
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from . import readings
from .data import COLOURED, RESOURCES, Card, Effect, Excommunication, Modifier, load
from .refs import RESOURCE_WORD, RULES, amount, joined, tower_word, zone_word
from .state import Decision, Occupant, Player, State

#: why a player gains something, as a gain's event says it: a text, or a function making it
#: (called only when the event's text is read, see ``core.rules.tell``), or None
Why = str | Callable[[], str] | None


# --------------------------------------------------------------------------- queries
def excomms_of(p: Player) -> list[Excommunication]:
    """The excommunication tiles a player carries (scomuniche)."""
    tiles = load().excommunications
    return [tiles[i] for i in p.excomms]


@cache
def _by_kind(ids: tuple[int, ...]) -> dict[str, Excommunication]:
    tiles = load().excommunications
    return {tiles[i].kind: tiles[i] for i in ids}


def excomm(p: Player, kind: str) -> Excommunication | None:
    """The player's excommunication of ``kind``, if any (at most one: the tiles of a game
    are of different kinds except the -4 and end-point ones, asked through other helpers)."""
    if not p.excomms:
        return None
    return _by_kind(p.excomms).get(kind)


def servants_per_plus(p: Player) -> int:
    """Servants per +1 of value: 1, or 2 with that period II excommunication."""
    e = excomm(p, "servants_per_plus")
    return e.params["servants"] if e else 1


def colour_conflict(st: State, player: str, member: str, spaces: Iterable[str]) -> Occupant | None:
    """The colour rule of towers and zones (*Le Torri e le carte Sviluppo*, *Le altre zone
    del tabellone*): the member on one of ``spaces`` that forbids ``player``'s ``member``
    there, or None.  The neutral member has no colour.  By the reading ``colour_rule``
    (readings "colour rule"): "player", another coloured member of ``player``'s own;
    "die", a member of the same die colour, whoever owns it."""
    if member == "neutral":
        return None
    by_die = readings.setting(st, "colour_rule") == "die"
    occupants = st.occupants
    for space in spaces:
        for o in occupants.get(space, ()):
            if o.member != "neutral" and (o.member == member if by_die else o.player == player):
                return o
    return None


def occupy(st: State, space: str, player: str, member: str) -> None:
    """Put ``player``'s ``member`` on ``space`` (after those already there)."""
    occupants = st.occupants
    assign(st, occupants={**occupants, space: occupants.get(space, ()) + (_occupant(player, member),)})


_occupant = lru_cache(maxsize=None)(Occupant)  # the same few records, made once


@cache
def _privileges(player: str, count: int, taken: tuple[str, ...]) -> Decision:
    """A decision to take ``count`` more privileges, different from ``taken`` (made once)."""
    return Decision(player, "privilege", count=count, taken=taken)


def servant_step(st: State, p: Player) -> int:
    """The servant counts a player may pay come in steps of this size: the servants per
    +1 with the reading ``servants_in_pairs``, else 1 (an odd servant is then wasted)."""
    per = servants_per_plus(p)
    return per if per == 1 or readings.setting(st, "servants_in_pairs") else 1


def member_value(st: State, p: Player, member: str) -> int:
    """A coloured member is worth its die, the neutral one 0 (I dadi e i familiari);
    the period I excommunication lowers coloured members (not below 0)."""
    if member not in COLOURED:
        return 0
    value = st.dice[member]
    e = excomm(p, "coloured_members")
    return max(0, value - e.params["malus"]) if e else value


def action_value(p: Player, base: int, servants: int, kind: str | None = None, tower: str | None = None) -> int:
    """The value of an action (I dadi e i familiari): the member's value ``base``, +1 per
    servant paid (per 2 with that period II excommunication), plus the character bonuses
    and minus the excommunication maluses of an action of ``kind`` ("tower" with a tower
    type, "harvest" or "production"; None for the market and the Council Palace)."""
    value = base + servants // servants_per_plus(p) if servants else base
    return value + action_modifier(p, kind, tower) if kind else value


def action_modifier(p: Player, kind: str, tower: str | None = None) -> int:
    """Character bonuses minus excommunication maluses for an action of ``kind``
    ("tower" with a tower type, "harvest" or "production")."""
    return modifier_of(p.cards["character"], p.excomms, kind, tower)


@lru_cache(maxsize=4096)
def modifier_of(characters: tuple[int, ...], excomms: tuple[int, ...], kind: str, tower: str | None) -> int:
    """:func:`action_modifier` of a player holding the character cards ``characters`` and the
    excommunication tiles ``excomms`` (cached: the bots ask for every space they try)."""
    cards = load().cards
    total = 0
    for cid in characters:
        m = cards[cid].modifier
        if m and m.kind == kind and (kind != "tower" or m.tower == tower):
            total += m.bonus
    tiles = load().excommunications
    for i in excomms:
        e = tiles[i]
        if e.kind == "action_malus" and e.params["action"] == kind and e.params.get("tower") in (None, tower):
            total -= e.params["malus"]
    return total


def cost_discounts(p: Player, tower: str) -> list[list[dict[str, int]]]:
    """Character discounts on a tower's cards; each entry is a list of alternatives."""
    return discounts_of(p.cards["character"], tower)


def discounts_of(characters: Iterable[int], tower: str) -> list[list[dict[str, int]]]:
    """:func:`cost_discounts` of the character cards ``characters``."""
    cards = load().cards
    out = []
    for cid in characters:
        m = cards[cid].modifier
        if m and m.kind == "tower" and m.tower == tower and m.discounts:
            out.append(list(m.discounts))
    return out


def gets_floor_bonus(p: Player) -> bool:
    """False for a player holding the character that forbids tower floor bonuses."""
    characters = p.cards["character"]
    return not characters or _floor_bonus_allowed(characters)


@lru_cache(maxsize=4096)
def _floor_bonus_allowed(characters: tuple[int, ...]) -> bool:
    cards = load().cards
    return not any(_kind(cards[c].modifier) == "no_floor_bonus" for c in characters)


def _kind(modifier: Modifier | None) -> str | None:
    return modifier.kind if modifier else None


def card_count(p: Player, per: str) -> int:
    """What an effect "per" counts: ``p``'s military points, or cards of the type ``per``."""
    return p.res["military"] if per == "military" else len(p.cards[per])


def after_losses(st: State, p: Player, bundle: dict, taking: bool = False) -> dict:
    """A gain as the player receives it: 1 less of each resource a period I
    excommunication names (*Il Rapporto in Vaticano*), once per gain; with the switch
    ``gain_losses`` (readings "gain losses") at "per_unit" once per unit, so none of it;
    at "per_action" only for a resource whose loss the action under way has not yet
    taken (``State.losses``).  ``taking`` (only on the state ``apply`` is building, when
    the gain is received) notes the losses this gain takes in that record; without it
    nothing changes (a preview)."""
    e = excomm(p, "gain_loss")
    if not e:
        return bundle
    loss = e.params["resources"]
    way = readings.setting(st, "gain_losses")
    if way == "per_unit":
        return {k: (0 if v > 0 and loss.get(k, 0) else v) for k, v in bundle.items()}
    if way == "per_action":
        taken = st.losses or ()
        loss = {k: n for k, n in loss.items() if k not in taken}
        now = {k for k in loss if bundle.get(k, 0) > 0}
        if taking and now:
            assign(st, losses=tuple(k for k in RESOURCES if k in now or k in taken))
    return {k: (v - loss.get(k, 0) if v > 0 else v) for k, v in bundle.items()}


# --------------------------------------------------------------------------- doing
def push(st: State, decision: Decision) -> None:
    """Queue a pending decision after those the current action has raised (answered by
    the player's next actions, in the order raised; ``placement`` puts those raised while
    answering a decision before the others, ``core.decisions.push``)."""
    assign(st, pending=st.pending + (decision,))


def gain(st: State, p: Player, bundle: dict, events: list[Event], why: Why = None, rule: str = "cards.effects") -> None:
    """Give ``bundle`` to ``p`` (after excommunication losses); privileges become a
    pending choice of that many *different* privileges.  ``rule`` is the checklist id
    the event cites.  ``p`` is the acting player's private copy."""
    bundle = dict(bundle)
    privileges = bundle.pop("privileges", 0)
    spared = [k for k in st.losses if bundle.get(k, 0) > 0] if st.losses else ()  # switch gain_losses="per_action"
    got = after_losses(st, p, bundle, taking=True)
    res, gained = p.res, False
    for k, v in got.items():
        if v > 0:
            res[k] += v
            gained = True
    if res["faith"] > readings.FAITH_MAX:
        res["faith"] = readings.FAITH_MAX
    if got != bundle:
        tell(
            events,
            RULES["excomm.kinds"],
            _lost,
            p.name,
            {k: bundle[k] - got[k] for k in sorted(bundle) if got[k] != bundle[k]},
        )
    if spared:
        tell(events, RULES["excomm.kinds"], _spared, p.name, spared)
    if gained:
        tell(events, RULES[rule], _gained, p.name, got, why)
    if privileges:
        push(st, _privileges(p.name, privileges, ()))


def _lost(player: str, lost: dict[str, int]) -> Msg:
    """The text of what ``player`` gains less (``lost``: how much of each resource) for an excommunication."""
    return Msg(
        "{player} gains {lost} less: an excommunication", player=player, lost=[amount(n, k) for k, n in lost.items()]
    )


def _spared(player: str, spared: list[str]) -> Msg:
    """The text of ``player`` losing nothing of the resources ``spared`` in a gain: the
    action under way has already taken the excommunication's loss of each."""
    return Msg(
        "{player} loses no {spared} this time: the excommunication took its loss earlier in this action "
        "(switch gain_losses='per_action')",
        player=player,
        spared=[Msg(RESOURCE_WORD[k]) for k in spared],
    )


def _gained(player: str, got: dict, why: Why) -> Msg:
    """The text of what ``player`` gains (``got``), and why when given."""
    shown = [amount(v, k) for k, v in got.items() if v > 0]
    if callable(why):
        why = why()
    if why:
        return Msg("{player} gains {gains} ({why})", player=player, gains=shown, why=why)
    return Msg("{player} gains {gains}", player=player, gains=shown)


def pay(p: Player, bundle: dict) -> None:
    """Take ``bundle`` from the acting player's private copy ``p`` (checked payable)."""
    res = p.res
    for k, v in bundle.items():
        res[k] -= v


def effect_bundle(p: Player, effect: Effect) -> dict:
    """The gains of ``effect`` for ``p`` (multiplied when it counts cards or military)."""
    times = 1
    if effect.per:
        times = card_count(p, effect.per) // effect.every
    bundle = {k: v * times for k, v in effect.gain.items()}
    if effect.privileges:
        bundle["privileges"] = effect.privileges * times
    return bundle


def apply_effect(st: State, p: Player, effect: Effect, events: list[Event], why: Why = None) -> None:
    """Resolve an effect: gains now, then pending privileges, then a pending extra action."""
    gain(st, p, effect_bundle(p, effect), events, why)
    if effect.action:
        a = effect.action
        push(st, Decision(p.name, "action", action=a.kind, value=a.value, tower=a.tower, discount=dict(a.discount)))
        tell(
            events,
            RULES["kit.extra_action"],
            lambda: (
                Msg(
                    "{player} may take an extra tower action at value {value} ({tower} tower)",
                    player=p.name,
                    value=a.value,
                    tower=tower_word(a.tower) if a.tower != "any" else Msg("any"),
                )
                if a.kind == "tower"
                else Msg(
                    "{player} may take an extra {zone} action at value {value}",
                    player=p.name,
                    zone=zone_word(a.kind),
                    value=a.value,
                )
            ),
        )


def privilege_reasons(decision: Decision, choice: str) -> list:
    """Why ``choice`` cannot answer a privilege decision (the open privileges listed)."""
    taken, privileges = decision.taken or (), load().privileges
    if choice in privileges and choice not in taken:
        return []
    open_ = [c for c in privileges if c not in taken]
    if choice in taken:
        why = Msg(
            "privilege {choice} is already taken from this effect; the choices are {open}", choice=choice, open=open_
        )
    else:
        why = Msg("{choice} is not a council privilege; the choices are {open}", choice=repr(choice), open=open_)
    return [(why, RULES["kit.privileges"])]


def resolve_privilege(st: State, p: Player, decision: Decision, choice: str, events: list[Event]) -> None:
    """Take one council privilege (Privilegio del Consiglio); more of the same effect stay pending."""
    count, taken = decision.count or 1, decision.taken or ()  # a privilege decision's fields
    if count > 1:
        push(st, _privileges(p.name, count - 1, taken + (choice,)))
    gain(st, p, load().privileges[choice], events, _privilege(choice), "kit.privileges")


@cache
def _privilege(choice: str) -> Callable[[], Msg]:
    """Why a privilege gains (a text-maker per privilege, made once)."""
    return lambda: Msg("privilege {choice}", choice=choice)


def cost_options_text(card: Card) -> str:
    """The printed cost alternatives of a card, as text."""
    if not card.costs:
        return Msg("free (territory slots 3-6 need military points)")
    parts = []
    for c in card.costs:
        txt = joined([amount(v, k) for k, v in c.pay.items()])
        parts.append(
            Msg("need {military} military, pay {cost}", military=c.need_military, cost=txt) if c.need_military else txt
        )
    out = parts[0]
    for part in parts[1:]:
        out = Msg("{a} OR {b}", a=out, b=part)
    return out


def bundle_text(bundle: dict) -> str:
    """``{"wood": 1, "privileges": 2}`` -> ``"1 wood + 2 privileges"`` ("nothing" if empty)."""
    return joined([amount(v, k) for k, v in bundle.items() if v]) or Msg("nothing")


def effect_text(effect: Effect | None) -> str:
    """An effect in words: its gains (per card or military), privileges and extra action."""
    if effect is None:
        return "-"
    parts: list = []
    base = dict(effect.gain)
    if effect.privileges:
        base["privileges"] = effect.privileges
    if base:
        gains = bundle_text(base)
        if effect.per == "military" and effect.every > 1:
            parts.append(Msg("{gain} per {every} military", gain=gains, every=effect.every))
        elif effect.per == "military":
            parts.append(Msg("{gain} per military", gain=gains))
        elif effect.per:
            parts.append(Msg("{gain} per {type} card", gain=gains, type=tower_word(effect.per)))
        else:
            parts.append(gains)
    if effect.action:
        a = effect.action
        if a.kind == "tower" and a.tower == "any":
            what = Msg("take any card at value {value}", value=a.value)
        elif a.kind == "tower":
            what = Msg("take a {tower} card at value {value}", tower=tower_word(a.tower), value=a.value)
        else:
            what = Msg("{zone} action at value {value}", zone=zone_word(a.kind), value=a.value)
        if a.discount:
            what = Msg("{action} (discount {discount})", action=what, discount=bundle_text(a.discount))
        parts.append(what)
    return joined(parts, ";") or "-"


def excommunication_effect(tile_id: int) -> str:
    """The effect of an excommunication tile (scomunica) in words (``teach.excommunication_text``
    adds its name and period)."""
    e = load().excommunications[tile_id]
    q = e.params
    if e.kind == "gain_loss":
        return Msg(
            "each time you gain {resources}, you gain 1 less",
            resources=joined([Msg(RESOURCE_WORD[k]) for k in q["resources"]], "or"),
        )
    if e.kind == "action_malus":
        if q["action"] == "tower":
            return Msg("-{malus} to the value of your take-{tower}-card actions", malus=q["malus"], tower=q["tower"])
        return Msg("-{malus} to the value of your {zone} actions", malus=q["malus"], zone=zone_word(q["action"]))
    if e.kind == "coloured_members":
        return Msg("your coloured family members are worth {malus} less", malus=q["malus"])
    if e.kind == "no_market":
        return Msg("you cannot use the market")
    if e.kind == "servants_per_plus":
        return Msg("you need {servants} servants for each +1 to a family member", servants=q["servants"])
    if e.kind == "skip_first_placement":
        return Msg("you skip your first placement of each round and make it after everybody's last")
    if e.kind == "no_end_points":
        return Msg("no end-of-game VP for your {type} cards", type=tower_word(q["cards"]))
    if q["per"] == "vp":
        return Msg("lose 1 VP per {every} VP before final scoring", every=q["every"])
    if q["per"] == "military":
        return Msg("lose 1 VP per military point")
    if q["per"] == "building_costs":
        return Msg("lose 1 VP per wood and stone printed in your buildings' costs")
    return Msg("lose 1 VP per wood, stone, servant and coin left")
