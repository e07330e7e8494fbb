"""1980 Sixtina at the table: the game's parts of the classroom table widget.

Follows :class:`fresco_kit.classroom.table_parts.TableParts`: readable move texts with names
(cards by technique and value, frescoes by title and place, players by name), the steps
that narrow a decision (first the move's kind, then each choice), the status line, the
acting player's private panel (from their view only), the explanations of the score
sheet's categories, and the public board (:func:`.svg.board_svg`).

A hand may hold several copies of one card (three Repainting 3 cards exist); they are
told apart as "second copy", "third copy", so every legal move keeps its own steps.

The text parts (``move_steps``, ``move_text``, ``status``) are the game's words for the table
model (:class:`fresco_kit.core.table.MoveWords`); the model narrows the moves by their steps.
"""

from __future__ import annotations

from html import escape
from typing import Any

from fresco_kit.classroom.i18n import translator
from fresco_kit.core.rules import RuleRef
from fresco_kit.core.text import N_, Msg

from . import names
from .actions import Acquire, Bonus, ClaimObjective, GianluigiChoice, InitialRestoration, Prepare, Restore, Reveal
from .codes import CARD_TECH, CARD_VALUE, FRESCO_TECHS, HAND_LIMIT, PLACE_INDEX, PLACES, VISIBLE, D
from .describe import card_name, objective_name, place_name, technique_title
from .final import final_scores
from .pending import InitialDecision
from .refs import RULES
from .restoration import restoration_kind
from .state import State
from .svg import board_svg

__all__ = ["CATEGORY_HELP", "board_svg", "move_steps", "move_text", "private_html", "status"]

#: score-sheet category -> how it scores, in a sentence, and the rule that defines it
CATEGORY_HELP: dict[str, tuple[str, RuleRef]] = {
    "During the game": (
        Msg(
            "Points moved on the score track while playing: the starting spaces, completed frescoes scored by "
            "contribution, the last fresco's half points and sheet rewards."
        ),
        RULES["complete.score"],
    ),
    "Objectives": (
        Msg("The points printed on the objective scoring spaces where the player placed a material."),
        RULES["final.objectives"],
    ),
    "Contribution": (
        Msg(
            "Restored frescoes marked with the player's material on the zone icon: the most earn 10, the "
            "second most 6, the third 3 (tied players share, rounded down)."
        ),
        RULES["final.contribution"],
    ),
    "Prudent restorations": (
        Msg(
            "Technique by technique, the cards kept from prudent restorations: the player with most drops as many "
            "of their lowest cards as the runner-up holds and scores the values left; the runner-up, or players "
            "tied for most, earn 2 a card."
        ),
        RULES["final.prudent"],
    ),
    "Leftover": (
        Msg("Half of the cards left in hand plus the materials left in the play area, rounded down."),
        RULES["final.leftover"],
    ),
}

KIND_WORDS = {
    "prepare": N_("Prepare techniques (draw cards)"),
    "acquire": N_("Acquire materials (discard cards)"),
    "restore": N_("Restore a fresco"),
    "bonus": N_("Choose the bonus of the excellent restoration"),
    "reveal": N_("Uncover a new fresco"),
    "initial": N_("Make the initial restoration"),
    "gianluigi": N_("Choose the fresco Gianluigi restores"),
    "claim": N_("Claim an objective (sheet reward)"),
}
BONUS_WORDS = {
    "refined": N_("Refined Technique: draw two cards (one with seven in hand)"),
    "material": N_("Additional Material: one more material to the play area"),
}
#: the second, third and fourth copy of one card in a hand, told apart
COPIES = (N_("{card} (second copy)"), N_("{card} (third copy)"), N_("{card} (fourth copy)"))
#: above this many cards of one technique, a restoration first asks how many cards to play
MAX_SETS = 15


def _hand_names(hand: tuple[int, ...]) -> dict[int, str]:
    """Each card of ``hand`` by name, copies of one card told apart (``"Repainting 3 (second copy)"``)."""
    seen: dict[str, int] = {}
    out: dict[int, str] = {}
    for card in hand:
        name = card_name(card)
        copy = seen.get(name, 0)
        out[card] = name if copy == 0 else Msg(COPIES[min(copy, len(COPIES)) - 1], card=name)
        seen[name] = copy + 1
    return out


def _names(state: State, cards: tuple[int, ...]) -> list[str]:
    """The cards as named in the acting player's hand (plain names for cards not in it)."""
    hand = _hand_names(state.hands[state.acting_seat])
    return [hand.get(c, card_name(c)) for c in cards]


def _plus(items: list[str]) -> str:
    """Texts joined with `` + `` (each said in the reader's language)."""
    head, *rest = items
    return head if not rest else Msg("{first} + {rest}", first=head, rest=_plus(rest))


def _required(state: State, action: Restore) -> int:
    fid = state.frescoes[PLACE_INDEX[action.place]]
    t = D.techniques.index(action.technique)
    return next(v for tt, v in FRESCO_TECHS[fid] if tt == t)


def _restore_cards(state: State, action: Restore) -> Msg:
    total = sum(CARD_VALUE[c] for c in action.cards)
    kind = names.kind(restoration_kind(total, _required(state, action)))
    return Msg("{cards}: total {total}, {kind}", cards=_plus(_names(state, action.cards)), total=total, kind=kind)


def _extra(n: int) -> Msg:
    return Msg("no extra material") if n == 0 else Msg.n(n, "{n} extra material", "{n} extra materials")


def _bonus(action: Bonus) -> Msg:
    if action.kind == "objective":
        return Msg("Objective: claim “{objective}”", objective=objective_name(action.objective or ""))
    return Msg(BONUS_WORDS[action.kind])


def move_steps(state: State, action: Any) -> tuple[str, ...]:
    """The choices that make ``action``, its kind first (see the module docstring).

    Acquire Material: how many cards, then each card; Restore Fresco: the fresco, the
    technique, the cards (with their total and the restoration it makes), the extra
    materials; a decision: its kind, then the answer."""
    kind = Msg(KIND_WORDS[action.VERB])
    if isinstance(action, Prepare):
        return (kind,)
    if isinstance(action, Acquire):
        return (kind, Msg.n(len(action.cards), "discard {n} card", "discard {n} cards"), *_names(state, action.cards))
    if isinstance(action, Restore):
        required = _required(state, action)
        technique = Msg(
            "{technique} (needs {required})", technique=technique_title(action.technique), required=required
        )
        steps = [kind, place_name(state, action.place), technique]
        held = sum(1 for c in state.hands[state.acting_seat] if D.techniques[CARD_TECH[c]] == action.technique)
        if 2**held - 1 > MAX_SETS:
            steps.append(Msg.n(len(action.cards), "play {n} card", "play {n} cards"))
        return (*steps, _restore_cards(state, action), _extra(action.extra))
    if isinstance(action, Bonus):
        return (kind, _bonus(action))
    if isinstance(action, ClaimObjective):
        return (kind, objective_name(action.objective))
    if isinstance(action, (Reveal, InitialRestoration, GianluigiChoice)):
        return (kind, place_name(state, action.place))
    raise ValueError(f"not a 1980 Sixtina action: {action!r}")


def move_text(state: State, action: Any) -> str:
    """``action`` as one line with names, said of the player who makes it."""
    who = state.players[state.acting_seat]
    if isinstance(action, Prepare):
        return Msg(
            "{player} prepares techniques: draws up to three cards (hand limit {limit})", player=who, limit=HAND_LIMIT
        )
    if isinstance(action, Acquire):
        got = min(len(action.cards), state.supply[state.acting_seat])
        return Msg.n(
            got,
            "{player} discards {cards} and takes {n} material from the supply",
            "{player} discards {cards} and takes {n} materials from the supply",
            player=who,
            cards=names.joined(_names(state, action.cards)),
        )
    if isinstance(action, Restore):
        return Msg(
            "{player} restores {technique} on {place} with {cards} restoration; {extra}",
            player=who,
            technique=technique_title(action.technique),
            place=place_name(state, action.place),
            cards=_restore_cards(state, action),
            extra=_extra(action.extra),
        )
    if isinstance(action, Bonus):
        return Msg("{player} takes the bonus {bonus}", player=who, bonus=_bonus(action))
    if isinstance(action, ClaimObjective):
        return Msg(
            "{player} claims the objective “{objective}”", player=who, objective=objective_name(action.objective)
        )
    if isinstance(action, Reveal):
        return Msg("{player} uncovers {place}", player=who, place=place_name(state, action.place))
    if isinstance(action, InitialRestoration):
        decision = state.decision
        technique = (
            technique_title(D.techniques[decision.technique])
            if isinstance(decision, InitialDecision)
            else Msg("the technique")
        )
        return Msg(
            "{player} makes the initial restoration: {technique} on {place}",
            player=who,
            technique=technique,
            place=place_name(state, action.place),
        )
    if isinstance(action, GianluigiChoice):
        return Msg("{player} has Gianluigi restore {place}", player=who, place=place_name(state, action.place))
    raise ValueError(f"not a 1980 Sixtina action: {action!r}")


PENDING_WORDS = {
    "bonus": N_("{who} made an excellent restoration and chooses its bonus."),
    "reveal": N_("A fresco was completed: {who} uncovers a new one next to a visible fresco."),
    "gianluigi": N_("{who} chooses which of Gianluigi's equal restorations he makes."),
    "claim": N_("{who} uncovered a sheet with an objective reward and claims an objective."),
}


def status(state: State) -> str:
    """The phase, the turn and who must act now, in two plain lines."""
    if state.over:
        return Msg(
            "The game is over. {winners}\nEvery fresco is restored or scored: see the final score sheet.",
            winners=_winners(state),
        )
    who = state.players[state.acting_seat]
    if isinstance(state.decision, InitialDecision):
        return Msg(
            "Setup, step 9: initial restorations.\n{player} revealed {technique} and puts a material on the top "
            "space of a fresco with that technique.",
            player=who,
            technique=technique_title(D.techniques[state.decision.technique]),
        )
    left = Msg.n(state.unrestored(), "{n} fresco not yet restored", "{n} frescoes not yet restored")
    line = Msg("Turn {turn}; {left}.", turn=state.turn + 1, left=left)
    if state.pending:
        more = Msg(PENDING_WORDS[state.pending[0].KIND], who=who)
    else:
        more = Msg("{player} to act: prepare techniques, acquire materials or restore a fresco.", player=who)
    return Msg("{line}\n{more}", line=line, more=more)


def _winners(state: State) -> Msg:
    """``"Winner: Red with 69 points."`` (or the tied winners) of an ended game."""
    sheet = final_scores(state)
    best = max(sheet.totals.values())
    if len(sheet.winners) == 1:
        return Msg.n(
            best, "Winner: {player} with {n} point.", "Winner: {player} with {n} points.", player=sheet.winners[0]
        )
    return Msg.n(
        best,
        "Winners: {players} with {n} point.",
        "Winners: {players} with {n} points.",
        players=names.joined(sheet.winners),
    )


def _typed_example(state: State, hand: tuple[int, ...]) -> str:
    """A restoration written as the try box takes it, with cards of ``hand`` (the first card's
    technique, up to two cards) on a visible fresco that has that technique, where there is one."""
    technique = CARD_TECH[hand[0]]
    cards = ",".join(str(c) for c in [c for c in hand if CARD_TECH[c] == technique][:2])
    places = [p for p, status in enumerate(state.status) if status == VISIBLE]
    fits = [p for p in places if any(t == technique for t, _ in FRESCO_TECHS[state.frescoes[p]])]
    place = PLACES[(fits or places or [0])[0]]
    return f"restore {place} {D.techniques[technique]} {cards}"


#: the line under a hand that says how typed moves name cards, techniques and places
TYPING = N_(
    "To type a move, name the cards by their numbers (after #), a technique as in brackets and a place as on "
    "the board, e.g. {example}"
)


def private_html(state: State, player: str, lang: str = "en") -> str:
    """What only ``player`` sees, as HTML, in ``lang``: their hand by technique (from
    ``state.view(player)``), each card with the number and each technique with the word a typed
    move names it by (the try box's grammar), and their materials and score."""
    say = translator(lang).say
    view = state.view(player)
    me = next(p for p in view.players if p.name == player)
    hand = tuple(me.hand or ())
    labels = _hand_names(hand)
    rows = []
    for technique in D.techniques:
        mine = [say(Msg("{card} #{id}", card=labels[c], id=c)) for c in hand if D.techniques[CARD_TECH[c]] == technique]
        if mine:
            title = escape(say(technique_title(technique)))
            rows.append(f"<li><b>{title}</b> (<code>{technique}</code>): {escape(', '.join(mine))}</li>")
    if rows:
        typing = escape(say(Msg(TYPING, example=_typed_example(state, hand))))
        cards = f"<ul style='margin:4px 0'>{''.join(rows)}</ul><p style='margin:2px 0'>{typing}</p>"
    else:
        cards = f"<p>{escape(say(Msg('no cards in hand')))}</p>"
    title = say(Msg("{player}'s hand", player=player))
    count = say(Msg.n(len(hand), "({n} card; limit {limit}):", "({n} cards; limit {limit}):", limit=HAND_LIMIT))
    foot = say(
        Msg(
            "Play area: {play}; general supply: {supply}; score {score}.",
            play=Msg.n(me.play_area, "{n} material", "{n} materials"),
            supply=Msg.n(me.supply, "{n} material", "{n} materials"),
            score=me.score,
        )
    )
    return (
        f"<div style='font-size:14px;color:#202124;line-height:1.4'>"
        f"<b>{escape(title)}</b> {escape(count)}{cards}{escape(foot)}</div>"
    )
