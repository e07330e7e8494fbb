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

from fresco_kit.core.rules import RuleRef
from fresco_kit.core.text import plural

from .actions import Acquire, Bonus, ClaimObjective, GianluigiChoice, InitialRestoration, Prepare, Restore, Reveal
from .codes import CARD_TECH, CARD_VALUE, FRESCO_TECHS, HAND_LIMIT, PLACE_INDEX, D
from .describe import card_name, objective_name, place_name, technique_title
from .final import final_scores
from .pending import InitialDecision
from .refs import RULES
from .restoration import restoration_kind
from .state import KIND_NAMES, State
from .svg import board_svg

__all__ = ["CATEGORY_HELP", "board_svg", "move_steps", "move_text", "private_html", "status"]

#: score-sheet category -> how it scores, in a sentence, and the rule that defines it
CATEGORY_HELP: dict[str, tuple[str, RuleRef]] = {
    "During the game": (
        "Points moved on the score track while playing: the starting spaces, completed frescoes scored by "
        "contribution, the last fresco's half points and sheet rewards.",
        RULES["complete.score"],
    ),
    "Objectives": (
        "The points printed on the objective scoring spaces where the player placed a material.",
        RULES["final.objectives"],
    ),
    "Contribution": (
        "Restored frescoes marked with the player's material on the zone icon: the most earn 10, the "
        "second most 6, the third 3 (tied players share, rounded down).",
        RULES["final.contribution"],
    ),
    "Prudent restorations": (
        "Technique by technique, the cards kept from prudent restorations: the player with most drops as many "
        "of their lowest cards as the runner-up holds and scores the values left; the runner-up, or players "
        "tied for most, earn 2 a card.",
        RULES["final.prudent"],
    ),
    "Leftover": (
        "Half of the cards left in hand plus the materials left in the play area, rounded down.",
        RULES["final.leftover"],
    ),
}

KIND_WORDS = {
    "prepare": "Prepare techniques (draw cards)",
    "acquire": "Acquire materials (discard cards)",
    "restore": "Restore a fresco",
    "bonus": "Choose the bonus of the excellent restoration",
    "reveal": "Uncover a new fresco",
    "initial": "Make the initial restoration",
    "gianluigi": "Choose the fresco Gianluigi restores",
    "claim": "Claim an objective (sheet reward)",
}
BONUS_WORDS = {
    "refined": "Refined Technique: draw two cards (one with seven in hand)",
    "material": "Additional Material: one more material to the play area",
}
ORDINALS = ("", " (second copy)", " (third copy)", " (fourth copy)")
#: above this many cards of one technique, a restoration first asks how many cards to play
MAX_SETS = 15


def _hand_names(hand: tuple[int, ...]) -> dict[int, str]:
    """Each card of ``hand`` by name, copies of one card told apart (``"Repainting 3 (second copy)"``)."""
    seen: dict[str, int] = {}
    out = {}
    for card in hand:
        name = card_name(card)
        out[card] = name + ORDINALS[min(seen.get(name, 0), len(ORDINALS) - 1)]
        seen[name] = seen.get(name, 0) + 1
    return out


def _names(state: State, cards: tuple[int, ...]) -> list[str]:
    """The cards as named in the acting player's hand (plain names for cards not in it)."""
    hand = _hand_names(state.hands[state.acting_seat])
    return [hand.get(c, card_name(c)) for c in cards]


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _required(state: State, action: Restore) -> int:
    fid = state.frescoes[PLACE_INDEX[action.place]]
    t = D.techniques.index(action.technique)
    return next(v for tt, v in FRESCO_TECHS[fid] if tt == t)


def _restore_cards(state: State, action: Restore) -> str:
    total = sum(CARD_VALUE[c] for c in action.cards)
    required = _required(state, action)
    kind = KIND_NAMES[restoration_kind(total, required)]
    return f"{' + '.join(_names(state, action.cards))}: total {total}, {kind}"


def _extra(n: int) -> str:
    return "no extra material" if n == 0 else f"{plural(n, 'extra material')}"


def _bonus(action: Bonus) -> str:
    if action.kind == "objective":
        return f"Objective: claim “{objective_name(action.objective or '')}”"
    return BONUS_WORDS[action.kind]


def move_steps(state: State, action: Any) -> tuple[str, ...]:
    """The choices that make ``action``, its kind first (see the module docstring).

    Acquire Material: how many cards, then each card; Restore Fresco: the fresco, the
    technique, the cards (with their total and the restoration it makes), the extra
    materials; a decision: its kind, then the answer."""
    kind = KIND_WORDS[action.VERB]
    if isinstance(action, Prepare):
        return (kind,)
    if isinstance(action, Acquire):
        return (kind, f"discard {plural(len(action.cards), 'card')}", *_names(state, action.cards))
    if isinstance(action, Restore):
        required = _required(state, action)
        technique = f"{technique_title(action.technique)} (needs {required})"
        steps = [kind, place_name(state, action.place), technique]
        held = sum(1 for c in state.hands[state.acting_seat] if D.techniques[CARD_TECH[c]] == action.technique)
        if 2**held - 1 > MAX_SETS:
            steps.append(f"play {plural(len(action.cards), 'card')}")
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
        return f"{who} prepares techniques: draws up to three cards (hand limit {HAND_LIMIT})"
    if isinstance(action, Acquire):
        got = min(len(action.cards), state.supply[state.acting_seat])
        return f"{who} discards {_and(_names(state, action.cards))} and takes {plural(got, 'material')} from the supply"
    if isinstance(action, Restore):
        return (
            f"{who} restores {technique_title(action.technique)} on {place_name(state, action.place)} with "
            f"{_restore_cards(state, action)} restoration; {_extra(action.extra)}"
        )
    if isinstance(action, Bonus):
        return f"{who} takes the bonus {_bonus(action)}"
    if isinstance(action, ClaimObjective):
        return f"{who} claims the objective “{objective_name(action.objective)}”"
    if isinstance(action, Reveal):
        return f"{who} uncovers {place_name(state, action.place)}"
    if isinstance(action, InitialRestoration):
        decision = state.decision
        technique = (
            technique_title(D.techniques[decision.technique])
            if isinstance(decision, InitialDecision)
            else "the technique"
        )
        return f"{who} makes the initial restoration: {technique} on {place_name(state, action.place)}"
    if isinstance(action, GianluigiChoice):
        return f"{who} has Gianluigi restore {place_name(state, action.place)}"
    raise ValueError(f"not a 1980 Sixtina action: {action!r}")


PENDING_WORDS = {
    "bonus": "{who} made an excellent restoration and chooses its bonus.",
    "reveal": "A fresco was completed: {who} uncovers a new one next to a visible fresco.",
    "gianluigi": "{who} chooses which of Gianluigi's equal restorations he makes.",
    "claim": "{who} uncovered a sheet with an objective reward and claims an objective.",
}


def status(state: State) -> str:
    """The phase, the turn and who must act now, in two plain lines."""
    left = plural(state.unrestored(), "fresco", "frescoes") + " not yet restored"
    if state.over:
        return f"The game is over. {_winners(state)}\nEvery fresco is restored or scored: see the final score sheet."
    who = state.players[state.acting_seat]
    if isinstance(state.decision, InitialDecision):
        technique = technique_title(D.techniques[state.decision.technique])
        return (
            f"Setup, step 9: initial restorations.\n{who} revealed {technique} and puts a material on the top "
            f"space of a fresco with that technique."
        )
    line = f"Turn {state.turn + 1}; {left}."
    if state.pending:
        return line + "\n" + PENDING_WORDS[state.pending[0].KIND].format(who=who)
    return line + f"\n{who} to act: prepare techniques, acquire materials or restore a fresco."


def _winners(state: State) -> str:
    """``"Winner: Red with 69 points."`` (or the tied winners) of an ended game."""
    sheet = final_scores(state)
    best = max(sheet.totals.values())
    head = "Winners" if len(sheet.winners) > 1 else "Winner"
    return f"{head}: {' and '.join(sheet.winners)} with {best} points."


def private_html(state: State, player: str, lang: str = "en") -> str:
    """What only ``player`` sees, as HTML: their hand by technique (from ``state.view(player)``)."""
    view = state.view(player)
    me = next(p for p in view.players if p.name == player)
    hand = tuple(me.hand or ())
    names = _hand_names(hand)
    rows = []
    for technique in D.techniques:
        mine = [names[c] for c in hand if D.techniques[CARD_TECH[c]] == technique]
        if mine:
            rows.append(f"<li><b>{escape(technique_title(technique))}</b>: {escape(', '.join(mine))}</li>")
    cards = f"<ul style='margin:4px 0'>{''.join(rows)}</ul>" if rows else "<p>no cards in hand</p>"
    return (
        f"<div style='font-size:14px;color:#202124;line-height:1.4'>"
        f"<b>{escape(player)}'s hand</b> ({plural(len(hand), 'card')}; limit {HAND_LIMIT}):{cards}"
        f"Play area: {plural(me.play_area, 'material')}; general supply: {plural(me.supply, 'material')}; "
        f"score {me.score}.</div>"
    )
