"""Setup (rulebook *Setup*, steps 1-9, and *Two-Player Games, Preparation*)."""

from __future__ import annotations

from collections.abc import Sequence

from fresco_kit.core import Rng, assign
from fresco_kit.core.data import canonical
from fresco_kit.core.decisions import push
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from . import names
from .codes import CARD_TECH, COVERED, EMPTY, FRESCO_TECHS, GIANLUIGI, NCARDS, PLACES, VISIBLE, D
from .pending import InitialDecision
from .refs import RULES
from .state import State
from .switches import switches_json

PLAYER_COUNTS = (2, 3, 4)


def new_state(players: Sequence[str], seed: int, options: dict) -> State:
    """Set up a game for 2-4 ``players`` (seat order = clockwise).

    ``options`` come checked and complete from the core (``INFO.check_options``):
    ``variant`` is ``"basic"`` or ``"history"`` (Variant: Sheets with History).  The
    starting player is chosen at random; the first pending decision is the starting
    player's initial restoration (Setup, step 9).  Raises ``ValueError`` for a player
    named after Gianluigi, the two-player robot."""
    players = tuple(players)
    if GIANLUIGI in players:
        raise ValueError(f"{GIANLUIGI!r} is the two-player robot's name; choose another player name")
    variant = options["variant"]
    n = len(players)
    table = D.player_counts[n]
    rng = Rng(seed)
    # Step 1: the chapel, 3 JC / 4 G / 3 M / 2 LJ drawn from the shuffled decks [setup.chapel]
    decks = {
        d: rng.shuffled([f.id for f in D.frescoes if f.deck == d])
        for d in ("jesus_christ", "genesis", "moses", "last_judgment")
    }
    frescoes = tuple(decks[D.place_deck[p]].pop() for p in PLACES)
    # Step 2: sheets cover all but the visible places [setup.sheets]
    status = tuple(VISIBLE if p in table.visible else COVERED for p in PLACES)
    sheets = [EMPTY] * len(PLACES)
    if variant == "history":
        order = rng.shuffled(list(range(len(D.sheets))))
        for i, s in enumerate(status):
            if s == COVERED:
                sheets[i] = order.pop()
    # Step 4: three objectives [setup.objectives]
    objectives = tuple(rng.shuffled([o.id for o in D.objectives])[:3])
    # Step 5: five cards each, the rest is the deck [setup.hands]
    deck = rng.shuffled(list(range(NCARDS)))
    hand_size = int(D.game["opening_hand"])
    hands = tuple(tuple(sorted(deck.pop() for _ in range(hand_size))) for _ in players)
    # Steps 6-8: materials, black materials, score markers [setup.materials, setup.black, setup.score]
    in_area = int(D.game["play_area_materials"])
    start = rng.randbelow(n)
    starting = D.game["starting_scores"]
    score = [0] * n
    for k in range(n):
        score[(start + k) % n] = starting[k]
    supply = [table.materials - in_area - 1] * n  # minus the play area and the score marker
    claims = [(EMPTY, EMPTY, EMPTY)] * 3
    if n == 2:  # Gianluigi [two.prep]: 15 materials, one on 15, one on each objective's second space
        gian = 2
        score.append(int(D.game["gianluigi_start_score"]))
        supply.append(int(D.game["gianluigi_materials"]) - 1 - 3)
        claims = [(EMPTY, gian, EMPTY)] * 3
    state = State(
        players=players,
        variant=variant,
        switches=switches_json(options.get("switches", {})),
        rng=rng.state,
        start=start,
        current=start,
        deck=tuple(deck),
        discard=(),
        hands=hands,
        display=((),) * n,
        play=(in_area,) * n,
        supply=tuple(supply),
        black=table.black_materials,
        score=tuple(score),
        frescoes=frescoes,
        status=status,
        spaces=tuple((EMPTY,) * len(FRESCO_TECHS[f]) for f in frescoes),
        extras=tuple((0,) * len(score) for _ in PLACES),
        zone=(EMPTY,) * len(PLACES),
        objectives=objectives,
        claims=tuple(claims),
        sheets=tuple(sheets),
        initial_left=n,
        data=canonical(options.get("data", {})),
    )
    # Step 9: the starting player reveals a card for the initial restoration [setup.initial]
    reveal_initial_technique(state, [])
    return state


def initial_places(state: State, technique: int) -> list[int]:
    """Visible places whose fresco has ``technique`` unoccupied (Setup, step 9)."""
    out = []
    for i, f in enumerate(state.frescoes):
        if state.status[i] != VISIBLE:
            continue
        for pos, (t, _) in enumerate(FRESCO_TECHS[f]):
            if t == technique and state.spaces[i][pos] == EMPTY:
                out.append(i)
    return out


def reveal_initial_technique(state: State, events: list) -> None:
    """Reveal cards from the deck for the next initial restoration, in place.

    A technique absent from the visible frescoes is discarded and another revealed;
    the revealed card goes to the discard pile.  Pushes the seat's
    :class:`.pending.InitialDecision` for the technique.  (Mutates ``state``: only call
    on a fresh copy.)"""
    seat = (state.start + state.n - state.initial_left) % state.n
    deck, discard = list(state.deck), list(state.discard)
    while deck:
        card = deck.pop()
        discard.append(card)
        technique = CARD_TECH[card]
        if initial_places(state, technique):
            tell(
                events,
                RULES["setup.initial"],
                lambda player, technique: Msg(
                    "{player} reveals {technique} for the initial restoration",
                    player=player,
                    technique=names.technique(D.techniques[technique]),
                ),
                state.players[seat],
                technique,
            )
            decision = InitialDecision(state.players[seat], technique)
            assign(state, deck=tuple(deck), discard=tuple(discard), pending=push(state.pending, decision))
            return
        tell(
            events,
            RULES["setup.initial"],
            lambda player, technique: Msg(
                "{player} reveals {technique}, on no visible fresco: discarded, reveal again",
                player=player,
                technique=names.technique(D.techniques[technique]),
            ),
            state.players[seat],
            technique,
        )
    raise RuntimeError("the technique deck ran out during setup")  # cannot happen with 84 cards


def last_placer_completes(state: State, events: list) -> None:
    """With the switch ``setup_completion`` "at setup", a fresco the initial restorations filled
    is completed before the first turn by the player who placed last, who uncovers the new
    fresco (readings: setup placements are no restoration; complete.trigger).  (Mutates
    ``state``: only call on a fresh copy.)"""
    assign(state, current=(state.start + state.n - 1) % state.n)
    tell(
        events,
        RULES["complete.trigger"],
        lambda: Msg("the initial restorations filled a fresco: it is scored before the first turn"),
    )


def first_turn(state: State, events: list) -> None:
    """After the initial restorations the starting player takes the first turn, and
    play runs clockwise (How to Play).  (Mutates ``state``: only call on a fresh copy.)"""
    assign(state, current=state.start)
    tell(
        events,
        RULES["turn.order"],
        lambda player: Msg("{player} starts; play runs clockwise", player=player),
        state.players[state.start],
    )
