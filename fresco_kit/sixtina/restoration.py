"""How to Play: Technique Preparation, Acquire Material, Restore Fresco (A/B/C), bonuses.

Each action has a ``*_checks`` function listing every broken rule as
``(message, RuleRef)`` and an ``*_in_place`` function applying it to a fresh copy.
:func:`explore_restoration` answers "what would these cards do on that fresco, and
why is it (not) legal?" for teaching widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fresco_kit.core import Event, Rng, RuleRef, assign
from fresco_kit.core.decisions import push
from fresco_kit.core.rules import tell
from fresco_kit.core.text import N_, Msg

from . import names
from .actions import Bonus, Restore
from .codes import (
    CARD_HALVES,
    CARD_TECH,
    CARD_VALUE,
    CORRECT,
    COVERED,
    EMPTY,
    EXCELLENT,
    FRESCO_TECHS,
    HAND_LIMIT,
    KIND_NAMES,
    PLACE_INDEX,
    PRUDENT,
    TECH_INDEX,
    VISIBLE,
    D,
    space_code,
)
from .describe import cards_label, objective_name, place_name, technique_title
from .objectives import claim, claim_reasons, claimable
from .pending import BonusDecision, ClaimDecision
from .refs import RULES
from .state import State
from .switches import setting

KIND_RULES = {CORRECT: "restore.correct", EXCELLENT: "restore.excellent", PRUDENT: "restore.prudent"}
WHERE = {CORRECT: N_("top space"), EXCELLENT: N_("bottom space"), PRUDENT: N_("bottom space (black material)")}
_WHERE = {kind: Msg(text) for kind, text in WHERE.items()}
#: what becomes of the cards of a restoration (prudent: kept face up; else discarded)
_KEPT, _DISCARDED = Msg("keeps the cards face up in the play area"), Msg("discards the cards")
_NO_BLACK = Msg("a prudent restoration needs a black material in the general supply")
#: what a restoration of each kind needs from the play area (A. Correct and B. Excellent Restoration)
NEEDS_MATERIAL = {
    CORRECT: N_("a correct restoration needs a material in the play area"),
    EXCELLENT: N_("an excellent restoration needs a material in the play area"),
}


def restoration_kind(total: int, required: int) -> int:
    """A. correct when the cards exceed the value, B. excellent when equal, C. prudent when below."""
    return CORRECT if total > required else EXCELLENT if total == required else PRUDENT


# -- drawing ---------------------------------------------------------------------------
def draw_in_place(state: State, seat: int, wanted: int) -> int:
    """Draw up to ``wanted`` cards, never beyond the hand limit; an empty deck is
    refilled by shuffling the discard pile (act.preparation).  Returns cards drawn."""
    k = min(wanted, HAND_LIMIT - len(state.hands[seat]))
    if k <= 0:
        return 0
    hands = list(state.hands)
    if len(state.deck) >= k:  # the common case: the top k cards
        cut = len(state.deck) - k
        hands[seat] = tuple(sorted(state.hands[seat] + state.deck[cut:]))
        assign(state, hands=tuple(hands), deck=state.deck[:cut])
        return k
    deck, hand = list(state.deck), list(state.hands[seat])
    got = 0
    for _ in range(k):
        if not deck:
            if not state.discard:
                break
            rng = Rng(state.rng)
            deck = rng.shuffled(state.discard)
            assign(state, rng=rng.state, discard=())
        hand.append(deck.pop())
        got += 1
    hands[seat] = tuple(sorted(hand))
    assign(state, hands=tuple(hands), deck=tuple(deck))
    return got


def _take_to_play_area(state: State, seat: int, wanted: int) -> int:
    k = max(0, min(wanted, state.supply[seat]))
    supply, play = list(state.supply), list(state.play)
    supply[seat] -= k
    play[seat] += k
    assign(state, supply=tuple(supply), play=tuple(play))
    return k


def _remove_from_hand(state: State, seat: int, cards: tuple[int, ...]) -> None:
    gone = set(cards)
    hands = list(state.hands)
    hands[seat] = tuple(c for c in state.hands[seat] if c not in gone)
    assign(state, hands=tuple(hands))


# -- Technique Preparation / Acquire Material ------------------------------------------
def prepare_in_place(state: State, seat: int, events: list) -> None:
    """A. Technique Preparation: draw cards up to the hand limit (act.preparation); mutates a fresh copy."""
    got = draw_in_place(state, seat, int(D.game["preparation_draw"]))
    tell(events, RULES["act.preparation"], _prepared, state.players[seat], got)


def _prepared(player: str, got: int) -> Msg:
    """The text of ``player`` drawing ``got`` technique cards (module-level text functions, as
    here, keep less per event than a lambda: an event keeps its text-maker until read)."""
    return Msg.n(got, "{player} draws {n} technique card", "{player} draws {n} technique cards", player=player)


def prepare_checks(state: State, seat: int, action: Any = None) -> list:
    """Every rule a Technique Preparation breaks now (act.preparation): none by the kit's
    reading; with the switch ``preparation`` "must draw" (readings: preparation always
    allowed) one that would draw no card (a full hand, or no card left to draw) while the
    player holds a card to play instead.  (``action``, the Prepare itself, is not read: the
    turn checks of ``rules`` are called with it.)"""
    if setting(state, "preparation") != "must draw" or not state.hands[seat]:
        return []
    room = HAND_LIMIT - len(state.hands[seat])
    if room > 0 and (state.deck or state.discard):
        return []
    said = Msg(
        "{player} would draw no card ({why}): Technique Preparation is not allowed; acquire or restore instead",
        player=state.players[seat],
        why=Msg("a full hand") if room <= 0 else Msg("no card left to draw"),
    )
    return [(said, RULES["act.preparation"])]


def _card_problems(state: State, seat: int, cards: tuple[int, ...], rule: str, need_one: bool = True) -> list:
    out = []
    if not cards and need_one:
        out.append((Msg("play at least one technique card"), RULES[rule]))
    if len(set(cards)) != len(cards):
        out.append((Msg("a card is listed twice"), RULES[rule]))
    missing = [c for c in cards if c not in state.hands[seat]]
    if missing:
        said = Msg.n(
            len(missing),
            "{cards} is not in {player}'s hand",
            "{cards} are not in {player}'s hand",
            cards=cards_label(missing),
            player=state.players[seat],
        )
        out.append((said, RULES[rule]))
    return out


def acquire_checks(state: State, seat: int, cards: tuple[int, ...]) -> list:
    """Every rule an Acquire Material with ``cards`` breaks (act.acquire): cards held, at
    least one (none with the switch ``acquire_needs_card`` "no": readings: acquire needs a card)."""
    need_one = setting(state, "acquire_needs_card") == "yes"
    return _card_problems(state, seat, cards, "act.acquire", need_one)


def acquire_in_place(state: State, seat: int, cards: tuple[int, ...], events: list) -> None:
    """B. Acquire Material: discard ``cards``, one own material per card from the supply (act.acquire)."""
    _remove_from_hand(state, seat, cards)
    assign(state, discard=state.discard + tuple(cards))
    got = _take_to_play_area(state, seat, len(cards))
    tell(events, RULES["act.acquire"], _acquired, state.players[seat], len(cards), got)


def _acquired(player: str, cards: int, got: int) -> Msg:
    """The text of ``player`` discarding ``cards`` cards for ``got`` materials."""
    return Msg(
        "{player} discards {cards} and takes {materials}",
        player=player,
        cards=Msg.n(cards, "{n} card", "{n} cards"),
        materials=Msg.n(got, "{n} material", "{n} materials"),
    )


# -- Restore Fresco ---------------------------------------------------------------------
@dataclass(frozen=True)
class RestorationOutcome:
    """What a restoration would be and whether it is legal (the restoration explorer).

    ``kind`` is "correct", "excellent", "prudent" or "" when the fresco/technique/cards
    do not even make a restoration; ``places`` says what goes where; ``reasons`` lists
    every broken rule as ``(message, RuleRef)`` (empty when legal)."""

    place: str
    technique: str
    cards: tuple[int, ...]
    total: int
    required: int | None
    kind: str
    max_extra: int
    places: str
    reasons: tuple

    @property
    def legal(self) -> bool:
        """Whether the explored restoration is legal now (no reason against it)."""
        return not self.reasons

    def to_text(self) -> str:
        """The explored restoration in words: kind, what gets placed, every reason against it."""
        head = (
            f"{technique_title(self.technique)} on {self.place}: cards total {self.total} vs required "
            f"{self.required if self.required is not None else '-'} -> {self.kind or 'no restoration'}"
        )
        lines = [head, f"  {self.places}"] if self.places else [head]
        lines.append("  legal" if self.legal else "  not legal:")
        lines += [f"   - {m} ({r.citation})" for m, r in self.reasons]
        return "\n".join(lines)


def _target(state: State, place: str, technique: str) -> tuple[int, int, int]:
    """(place index, technique position, required value); -1s when the fresco lacks it."""
    p = PLACE_INDEX[place]
    t = TECH_INDEX[technique]
    for pos, (tt, required) in enumerate(FRESCO_TECHS[state.frescoes[p]]):
        if tt == t:
            return p, pos, required
    return p, -1, -1


def restore_checks(state: State, seat: int, action: Restore) -> list:
    """Every rule a Restore action breaks (act.restore and A/B/C)."""
    out = []
    p, pos, required = _target(state, action.place, action.technique)
    technique = technique_title(action.technique)
    if state.status[p] != VISIBLE:
        if state.status[p] == COVERED:
            said = Msg("the fresco at {place} is covered by a sheet", place=action.place)
        else:
            said = Msg("the fresco at {place} is already restored", place=action.place)
        out.append((said, RULES["act.restore"]))
    elif pos < 0:
        said = Msg("{place} has no {technique} technique", place=place_name(state, p), technique=technique)
        out.append((said, RULES["act.restore"]))
    elif state.spaces[p][pos] != EMPTY:
        said = Msg("{technique} on {place} already holds a material", technique=technique, place=place_name(state, p))
        out.append((said, RULES["act.restore"]))
    cards = action.cards
    out += _card_problems(state, seat, cards, "act.restore")
    t = TECH_INDEX[action.technique]
    wrong = [c for c in cards if CARD_TECH[c] != t]
    if wrong:
        which = dict(cards=cards_label(wrong), technique=technique)
        if technique[0] in "AEIOU":
            said = Msg.n(len(wrong), "{cards} is not an {technique} card", "{cards} are not {technique} cards", **which)
        else:
            said = Msg.n(len(wrong), "{cards} is not a {technique} card", "{cards} are not {technique} cards", **which)
        out.append((said, RULES["act.restore"]))
    if required < 0 or not cards:
        return out
    kind = restoration_kind(sum(CARD_VALUE[c] for c in cards), required)
    rule = RULES[KIND_RULES[kind]]
    play = state.play[seat]
    if action.extra > len(cards):
        said = Msg.n(
            len(cards),
            "at most {n} extra material, one per card played",
            "at most {n} extra materials, one per card played",
        )
        out.append((said, rule))
    if kind == PRUDENT:
        if state.black <= 0:
            out.append((_NO_BLACK, rule))
        if action.extra > play:
            said = Msg.n(
                play,
                "only {n} material in the play area for {extra} extra",
                "only {n} materials in the play area for {extra} extra",
                extra=action.extra,
            )
            out.append((said, rule))
    else:
        if play <= 0:
            out.append((Msg(NEEDS_MATERIAL[kind]), rule))
        elif 1 + action.extra > play:
            said = Msg.n(
                play,
                "only {n} material in the play area for 1 + {extra} extra",
                "only {n} materials in the play area for 1 + {extra} extra",
                extra=action.extra,
            )
            out.append((said, rule))
    return out


def explore_restoration(
    state: State,
    place: str,
    technique: str,
    cards: tuple[int, ...] | list[int],
    seat: int | str | None = None,
    extra: int = 0,
) -> RestorationOutcome:
    """What playing ``cards`` of ``technique`` on ``place`` would be, and why it is or is
    not legal for ``seat`` (default: the player to act) now.

    Works with cards the player does not hold too (the reasons then say so), so a
    widget can explore hypothetical hands."""
    seat = state.acting_seat if seat is None else (state.players.index(seat) if isinstance(seat, str) else seat)
    action = Restore(place, technique, tuple(cards), extra)
    cards = action.cards
    reasons = list(turn_problems(state, seat)) + restore_checks(state, seat, action)
    _, _, required = _target(state, place, technique)
    total = sum(CARD_VALUE[c] for c in cards if 0 <= c < len(CARD_VALUE))
    kind, text, max_extra = "", "", 0
    if required >= 0 and cards:
        k = restoration_kind(total, required)
        kind = KIND_NAMES[k]
        who = state.players[seat]
        max_extra = min(len(cards), state.play[seat] - (0 if k == PRUDENT else 1))
        max_extra = max(0, max_extra)
        if k == CORRECT:
            text = f"one of {who}'s play-area materials on the top space; up to {max_extra} extra; cards discarded"
        elif k == EXCELLENT:
            text = (
                f"one of {who}'s play-area materials on the bottom space; up to {max_extra} extra; "
                "cards discarded; one bonus (refined technique, material or objective)"
            )
        else:
            text = (
                f"a black material from the supply on the bottom space; up to {max_extra} extra of {who}'s; "
                "cards kept face up in the play area"
            )
    return RestorationOutcome(
        place, technique, cards, total, required if required >= 0 else None, kind, max_extra, text, tuple(reasons)
    )


def turn_problems(state: State, seat: int) -> list:
    """Reasons nobody may take a turn action now (game over, a pending decision, setup)."""
    if state.over:
        return [(Msg("the game is over"), RULES["end.over"])]
    if state.pending:
        kind, who = state.pending[0].KIND, state.pending[0].player
        rule = "setup.initial" if kind == "initial" else "turn.pending"
        said = Msg(
            "{player} must first answer the pending {decision} decision", player=who, decision=names.decision(kind)
        )
        return [(said, RULES[rule])]
    return []


def due_from_cards(cards: tuple[int, ...]) -> tuple[int, int, int]:
    """What a player's restoration hands to Gianluigi: (technique, value, icon halves)."""
    return (CARD_TECH[cards[0]], sum(CARD_VALUE[c] for c in cards), sum(CARD_HALVES[c] for c in cards))


def restore_in_place(state: State, seat: int, action: Restore, events: list) -> None:
    """Make the restoration: place materials, handle the cards, owe a bonus / Gianluigi."""
    p, pos, required = _target(state, action.place, action.technique)
    total = sum(CARD_VALUE[c] for c in action.cards)
    kind = restoration_kind(total, required)
    who = state.players[seat]
    play = list(state.play)
    spaces = list(state.spaces)
    row = list(spaces[p])
    row[pos] = space_code(kind, seat)
    spaces[p] = tuple(row)
    assign(state, spaces=tuple(spaces))
    if kind == PRUDENT:
        assign(state, black=state.black - 1)
    else:
        play[seat] -= 1
    play[seat] -= action.extra
    assign(state, play=tuple(play))
    if action.extra:
        extras = list(state.extras)
        ex = list(extras[p])
        ex[seat] += action.extra
        extras[p] = tuple(ex)
        assign(state, extras=tuple(extras))
    _remove_from_hand(state, seat, action.cards)
    if kind == PRUDENT:
        display = list(state.display)
        display[seat] = tuple(sorted(state.display[seat] + action.cards))
        assign(state, display=tuple(display))
        kept = _KEPT
    else:
        assign(state, discard=state.discard + action.cards)
        kept = _DISCARDED
    tell(events, RULES[KIND_RULES[kind]], _restored, who, kind, action, place_name(state, p), total, required, kept)
    if state.two_player:
        assign(state, gian_due=due_from_cards(action.cards))
        tell(
            events,
            RULES["two.turns"],
            lambda: Msg(
                "{player}'s restoration activates Gianluigi (same technique, value {total})", player=who, total=total
            ),
        )
    if kind == EXCELLENT:
        assign(state, pending=push(state.pending, BonusDecision(who)))


def _restored(who: str, kind: int, action: Restore, place: Msg, total: int, required: int, kept: str) -> Msg:
    """The text of ``who``'s restoration of ``kind`` (``action``) on ``place``."""
    return Msg(
        "{player}: {kind} {technique} restoration on {place} ({total} vs {required}): {where}, {extra} extra; {kept}",
        player=who,
        kind=names.kind(kind),
        technique=names.technique(action.technique),
        place=place,
        total=total,
        required=required,
        where=_WHERE[kind],
        extra=action.extra,
        kept=kept,
    )


# -- Bonuses for an excellent restoration ----------------------------------------------
def bonus_checks(state: State, seat: int, action: Bonus) -> list:
    """Refined technique and additional material are always possible; an objective must
    be claimable now (bonus.objective; an unmet condition cites the objective's rule)."""
    if action.kind == "objective":
        return list(claim_reasons(state, seat, action.objective or ""))
    return []


def bonus_in_place(state: State, seat: int, action: Bonus, events: list) -> None:
    """Take the bonus of an excellent restoration (bonus.refined, bonus.material, bonus.objective)."""
    who = state.players[seat]
    if action.kind == "refined":
        got = draw_in_place(state, seat, int(D.game["refined_technique_draw"]))
        tell(events, RULES["bonus.refined"], _refined, who, got)
    elif action.kind == "material":
        got = _take_to_play_area(state, seat, 1)
        tell(events, RULES["bonus.material"], _material, who, got)
    else:
        objective = action.objective or ""  # the objective bonus always names one (Bonus checks)
        slot = claim(state, seat, objective)
        tell_claimed(events, who, objective, slot, RULES["bonus.objective"])
        tell(events, RULES["obj.timing"], _checked_before_flips)


# the texts of the bonuses (module-level: an event keeps its text-maker until read, and a
# function keeps less than a lambda)
def _refined(who: str, got: int) -> Msg:
    """The text of ``who`` taking Refined Technique and drawing ``got`` cards."""
    return Msg.n(
        got,
        "{player} takes Refined Technique: draws {n} card",
        "{player} takes Refined Technique: draws {n} cards",
        player=who,
    )


def _material(who: str, got: int) -> Msg:
    """The text of ``who`` taking Additional Material (``got`` materials)."""
    return Msg.n(
        got,
        "{player} takes Additional Material: {n} material",
        "{player} takes Additional Material: {n} materials",
        player=who,
    )


def _checked_before_flips() -> Msg:
    """The text of the objective's timing: checked before completed frescoes flip."""
    return Msg("the condition is checked before any completed fresco flips")


def tell_claimed(events: list[Event], who: str, objective: str, slot: int, rule: RuleRef) -> None:
    """Tell that ``who`` claimed ``objective`` on its scoring space ``slot`` (0 = highest),
    under ``rule`` (the Objective bonus or a history sheet): the claim, and the condition met."""
    tell(events, rule, _claimed, who, objective, slot)
    tell(events, RULES[f"obj.{objective}"], _condition_met, who)


def _claimed(who: str, objective: str, slot: int) -> Msg:
    """The text of ``who`` claiming ``objective`` on its scoring space ``slot`` (0 = highest)."""
    return Msg(
        "{player} claims the objective “{objective}” on scoring space {space}",
        player=who,
        objective=objective_name(objective),
        space=slot + 1,
    )


def _condition_met(who: str) -> Msg:
    """The text of ``who`` meeting an objective's condition."""
    return Msg("{player} meets the condition of the objective", player=who)


_BONUSES = {kind: Bonus(kind) for kind in ("refined", "material")}
_OBJECTIVE_BONUSES = {o.id: Bonus("objective", o.id) for o in D.objectives}


def bonus_options(state: State, seat: int) -> list[Bonus]:
    """The bonuses ``seat`` may take now: refined technique, material, each claimable objective."""
    return [_BONUSES["refined"], _BONUSES["material"]] + [_OBJECTIVE_BONUSES[o] for o in claimable(state, seat)]


# -- Variant: Sheets with History ------------------------------------------------------
def sheet_reward_in_place(state: State, sheet: int, events: list) -> None:
    """The uncovered sheet's reward goes to the active player (variant.sheets)."""
    seat = state.current
    who = state.players[seat]
    s = D.sheets[sheet]
    got, claims = s.amount, False
    if s.reward == "points":
        score = list(state.score)
        score[seat] += s.amount
        assign(state, score=tuple(score))
    elif s.reward == "cards":
        got = draw_in_place(state, seat, s.amount)
    elif s.reward == "materials":
        got = _take_to_play_area(state, seat, s.amount)
    elif claimable(state, seat):
        assign(state, pending=push(state.pending, ClaimDecision(who)))
        claims = True
    tell(
        events,
        RULES["variant.sheets"],
        lambda: Msg(
            "sheet {sheet} ({reward} {amount}): {text}",
            sheet=s.id,
            reward=names.reward(s.reward),
            amount=s.amount,
            text=_reward_text(s.reward, who, got, claims),
        ),
    )


def _reward_text(reward: str, who: str, got: int, claims: bool) -> Msg:
    """What a history sheet's ``reward`` gave ``who`` (``got`` of it; for an objective,
    whether ``who`` ``claims`` one now)."""
    if reward == "points":
        return Msg.n(got, "{player} scores {n} point", "{player} scores {n} points", player=who)
    if reward == "cards":
        return Msg.n(got, "{player} draws {n} card", "{player} draws {n} cards", player=who)
    if reward == "materials":
        return Msg.n(got, "{player} takes {n} material", "{player} takes {n} materials", player=who)
    if claims:
        return Msg("{player} may claim an objective", player=who)
    return Msg("{player} meets no claimable objective and receives nothing", player=who)
