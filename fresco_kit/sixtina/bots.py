"""Random moves for playouts and bots: a fast sampler of legal 1980 Sixtina actions, and
what a bot may believe about what it cannot see.

``sample_action(state, rng)`` draws one legal action, biased towards restorations so
random games end (``rules`` re-exports it for ``core.random_playout``).
``determinize(view, rng)`` fills in what a player's view hides (Setup, step 5: hands
are hidden and the deck is shuffled face down; steps 1-2: the frescoes under the
sheets are unknown until uncovered), so that bots never peek."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from fresco_kit.core import Record, Rng, assign
from fresco_kit.core.forms import from_saved
from fresco_kit.core.interface import load_weights

from . import completion
from .actions import PREPARE, acquire_of, restore_of
from .codes import (
    CARD_TECH,
    CARD_VALUE,
    EMPTY,
    FRESCO_TECHS,
    HAND_LIMIT,
    NCARDS,
    NPLACES,
    PLACE_INDEX,
    PLACES,
    VISIBLE,
    D,
)
from .consistency import check_state
from .data import TECHNIQUES
from .decisions import decision_options
from .final import final_scores
from .restoration import prepare_checks
from .state import State

_FREE: list[Any] = [None, None, None, ()]  # (status, spaces, frescoes) objects -> free techniques


def _free_techniques(state: State) -> tuple[tuple[int, int, int], ...]:
    """(place, technique, required) of every free technique on a visible fresco.

    Cached on the identity of the ``status``, ``spaces`` and ``frescoes`` tuples (states
    share them until a restoration replaces them), which keeps random play fast."""
    status, spaces, frescoes = state.status, state.spaces, state.frescoes
    if _FREE[0] is status and _FREE[1] is spaces and _FREE[2] is frescoes:
        return _FREE[3]
    free = tuple(
        (p, t, req)
        for p in range(NPLACES)
        if status[p] == VISIBLE
        for (t, req), code in zip(FRESCO_TECHS[frescoes[p]], spaces[p])
        if code == EMPTY
    )
    _FREE[:] = [status, spaces, frescoes, free]
    return free


def sample_action(state: State, rng: Rng) -> Any:
    """A random legal action, fast; biased towards restorations so games end.

    Mostly it restores a free technique it holds cards for, playing cards until their
    total reaches the required value (a correct or excellent restoration) and now and
    then a random subset (often prudent); it acquires materials when the play area is
    empty or the hand is nearly full, and prepares otherwise -- or, where the switch
    ``preparation`` refuses that preparation (readings: preparation always allowed),
    acquires one card of the hand instead (no switch set: nothing to ask)."""
    if state.over:
        raise ValueError("the game is over")
    if state.pending:
        return rng.choice(decision_options(state))
    seat = state.current
    hand = state.hands[seat]
    play = state.play[seat]
    if hand and (play > 0 or state.black > 0):
        held = {CARD_TECH[c] for c in hand}
        cands = [x for x in _free_techniques(state) if x[1] in held]
        if cands:
            r = rng.next64()  # one draw, its bits used for every choice below
            p, t, req = cands[r % len(cands)]
            mine = [c for c in hand if CARD_TECH[c] == t]
            if len(mine) > 1:
                i = (r >> 20) % len(mine)
                mine = mine[i:] + mine[:i]
            if play > 0 and (r >> 40) & 3:
                chosen, total = [], 0
                for c in mine:
                    chosen.append(c)
                    total += CARD_VALUE[c]
                    if total >= req:
                        break
            else:
                chosen = mine[: 1 + (r >> 44) % len(mine)]
                total = sum(CARD_VALUE[c] for c in chosen)
            k = len(chosen)
            room = (play if state.black > 0 else -1) if total < req else play - 1
            if room >= 0:
                extra = (r >> 52) % (min(k, room, 2) + 1)
                return restore_of(PLACES[p], TECHNIQUES[t], tuple(sorted(chosen)), extra)
    if hand and (len(hand) >= HAND_LIMIT - 1 or play == 0):
        r = rng.next64()
        if r & 3:
            k, i = 1 + (r >> 8) % len(hand), (r >> 24) % len(hand)
            return acquire_of(tuple(sorted((hand[i:] + hand[:i])[:k])))
    if state.switches and prepare_checks(state, seat):  # the switch preparation refuses it
        return acquire_of((hand[rng.randbelow(len(hand))],))
    return PREPARE


def determinize(view: Record, rng: Rng) -> State:
    """A full state that agrees with everything ``view`` shows, its hidden parts drawn
    at random with ``rng``: the cards nobody sees (not in the viewer's hand, the discard
    pile or the prudent displays) are dealt to the other hands (their sizes shown) and
    the deck (its size shown) in a random order; each covered place gets a fresco of its
    own deck that is not on the table (with empty spaces); the state's generator gets a
    random seed.  The state is read straight from the filled-in view (``core.forms.from_saved``:
    no JSON and no check: a view of a state is consistent); raises ``ValueError`` when the
    view hides a different number of cards than its deck holds."""
    seen: Any = view
    known = set(seen.discard)
    for p in seen.players:
        known.update(p.prudent_cards)
        known.update(p.hand or ())
    unseen = rng.shuffled(sorted(set(range(NCARDS)) - known))
    players = []
    for p in seen.players:
        if p.hand is None:
            hand, unseen = tuple(sorted(unseen[: p.hand_size])), unseen[p.hand_size :]
            p = p.evolve(hand=hand)
        players.append(p)
    if len(unseen) != seen.deck_size:
        raise ValueError(f"the view hides {len(unseen)} cards for a deck of {seen.deck_size}")
    seed = rng.next64()
    places = dict(seen.places)
    on_table = {place.fresco for place in places.values() if place.fresco is not None}
    for name in PLACES:
        place = places[name]
        if place.fresco is None:
            fresco = rng.choice([f.id for f in D.frescoes if f.deck == D.place_deck[name] and f.id not in on_table])
            on_table.add(fresco)
            spaces = {t: None for t, _ in D.fresco_by_id[fresco].techniques}
            places[name] = place.evolve(fresco=fresco, spaces=spaces)
    return from_saved(State, seen.evolve(players=tuple(players), deck=tuple(unseen), rng=seed, places=places))


def determinizer(view: Record) -> Callable[[Rng], State]:
    """``draw(rng)`` giving what :func:`determinize` gives for ``view`` and ``rng`` (the
    same state for the same generator), fast: ``view`` is filled in and its position
    checked once (:func:`.consistency.check_state`, for a first guess), and each draw deals
    the unseen cards and the covered frescoes again on a copy of that guess.  For searching
    bots, which fill in one view many times a decision.  Raises ``SaveError`` (a
    ``ValueError``) for a view no consistent position agrees with."""
    seen: Any = view
    base = determinize(view, Rng(0))
    check_state(base, "view")
    hidden = [seat for seat, p in enumerate(seen.players) if p.hand is None]
    sizes = [len(base.hands[seat]) for seat in hidden]
    pool = sorted(set(base.deck).union(*(base.hands[seat] for seat in hidden)))
    on_table = {place.fresco for place in seen.places.values() if place.fresco is not None}
    covered = [(PLACE_INDEX[name], D.place_deck[name]) for name in PLACES if seen.places[name].fresco is None]

    def draw(rng: Rng) -> State:
        unseen = rng.shuffled(pool)
        hands = list(base.hands)
        for seat, size in zip(hidden, sizes):
            hands[seat], unseen = tuple(sorted(unseen[:size])), unseen[size:]
        seed = rng.next64()
        frescoes, spaces = list(base.frescoes), list(base.spaces)
        taken = set(on_table)
        for p, deck in covered:
            fresco = rng.choice([f.id for f in D.frescoes if f.deck == deck and f.id not in taken])
            taken.add(fresco)
            frescoes[p] = fresco
            spaces[p] = (EMPTY,) * len(FRESCO_TECHS[fresco])
        out = base.evolve()
        assign(out, hands=tuple(hands), deck=tuple(unseen), rng=seed, frescoes=tuple(frescoes), spaces=tuple(spaces))
        return out

    return draw


#: weights of :func:`evaluate`: the score sheet's categories (provisional points; the
#: leftover cards and materials count less than they will score at the end, since holding
#: them back is worth less than restoring with them while the game lasts) and the
#: progress terms ``"hand"`` (per value point of the cards in hand of a technique some
#: visible fresco still needs: material toward restorations), ``"restorations"`` (per free
#: technique, the square of the share of its required value the hand holds, the best
#: place for each technique), ``"placed"`` (per own material on a fresco still being
#: restored: what a restoration turns the hand's progress into, before the fresco scores),
#: ``"materials"`` (per material in the play area, up to
#: :data:`MATERIALS_WANTED`: a restoration takes one or more), ``"full hand"`` (1 when
#: the hand is at the limit, where drawing draws nothing: without it a full hand of
#: useless cards was never discarded and all-greedy games stalled to the action cap),
#: ``"reach"`` (per point the player would score from the frescoes being restored if each
#: were completed now, times the share of its techniques restored) and ``"zone"`` (per
#: fresco being restored that the player alone leads, times that share: the zone icon).
#: The greedy bots play these defaults; ``best`` plays the weights tuned by self-play
#: (``weights.json``: ``"reach"`` weighs about 0.8 there, ``"zone"`` about -3)
WEIGHTS: dict[str, float] = {
    "During the game": 1.0,
    "Objectives": 1.0,
    "Contribution": 1.0,
    "Prudent restorations": 1.0,
    "Leftover": 0.3,
    "hand": 0.1,
    "restorations": 2.0,
    "placed": 5.0,
    "materials": 0.5,
    "full hand": -1.0,
    "reach": 0.0,
    "zone": 0.0,
}
_CATEGORIES = tuple(WEIGHTS)[:5]
#: the materials in the play area :func:`evaluate` counts (more wait idle)
MATERIALS_WANTED = 3


def evaluate(state: State, player: str, weights: Mapping[str, float] | None = None) -> float:
    """How good ``state`` looks for ``player`` (the bots' heuristic): the provisional score
    sheet (points scored, objectives, the share of frescoes in progress, prudent
    restorations and leftovers) weighted per category, plus the progress terms of
    :data:`WEIGHTS` (useful cards, how near the hand comes to each free technique's
    requirement, materials ready, a full hand, the points in reach on the frescoes being
    restored); ``weights`` overrides :data:`WEIGHTS` by key."""
    w = WEIGHTS if weights is None else {**WEIGHTS, **weights}
    row = final_scores(state).rows[player]
    seat = state.names.index(player)
    value = sum(w[c] * row.get(c, 0) for c in _CATEGORIES)
    if state.over:
        return value
    hand = state.hands[seat]
    held = [0] * len(TECHNIQUES)
    for c in hand:
        held[CARD_TECH[c]] += CARD_VALUE[c]
    near: dict[int, float] = {}
    for _, t, req in _free_techniques(state):
        share = min(1.0, held[t] / req) if req > 0 else 1.0
        if share * share > near.get(t, 0.0):
            near[t] = share * share
    useful = sum(held[t] for t in near)
    value += w["hand"] * useful + w["restorations"] * sum(near.values())
    placed = sum(
        1
        for status, spaces in zip(state.status, state.spaces)
        if status == VISIBLE
        for code in spaces
        if code != EMPTY and (code & 7) == seat
    )
    value += w["placed"] * placed + w["materials"] * min(state.play[seat], MATERIALS_WANTED)
    if w["reach"] or w["zone"]:
        value += _in_reach(state, player, w["reach"], w["zone"])
    return value + w["full hand"] * (len(hand) >= HAND_LIMIT)


def _in_reach(state: State, player: str, reach: float, zone: float) -> float:
    """The points of the frescoes being restored that ``player`` would score if each were
    completed now (Completing the Restoration, steps 1-3: ranks by contribution), times
    ``reach``, plus ``zone`` for each where ``player`` alone leads (step 4: the zone
    icon, which counts toward the final contribution and the objectives), each scaled by
    the share of the fresco's techniques already restored (how near it is to scoring)."""
    value = 0.0
    for place, (status, spaces) in enumerate(zip(state.status, state.spaces)):
        if status != VISIBLE:
            continue
        filled = sum(1 for code in spaces if code != EMPTY)
        if not filled:
            continue
        result = completion.completion_result(state, place)
        progress = filled / len(spaces)
        value += progress * (reach * result.awards.get(player, 0) + zone * (result.top == player))
    return value


#: the weights the searching bots (``best``) rate positions with: those tuned by self-play
#: and kept in ``weights.json`` beside this module (the command that made them is in the
#: file; ``fresco_kit.sim.tune``), else :data:`WEIGHTS`
SEARCH_WEIGHTS: dict[str, float] | None = load_weights(Path(__file__).with_name("weights.json"))
#: the bot ``best`` plays (``fresco_kit.sim.bots.BestBot``; ``fresco_kit.sim.bots`` documents
#: the names), chosen by screens of 9-12 games at about 40 ms of CPU a decision.  Measured
#: with 3 players, its seat rotated over seeds 0..N-1, win share with Wilson 95% intervals:
#: vs two kit bots 0.887 [0.835, 0.924] of 195 games, vs two greedy 0.415 [0.346, 0.488] of 183;
#: 32 ms median, 56 ms 95th percentile of CPU a decision
BEST = "mcts:50:d0"
