"""Random-move sampling for playouts, benchmarks and simulations (``sample_action``).

A uniformly random choice among ``legal_actions`` would list every placement with every
servant count first; :func:`sample_action` instead draws a random member and a random
order of the spaces and pays the fewest servants that reach a space (sometimes one
more), checking each candidate with the engine's own rules (``placement.fits``: the
rules of the space, the only ones that can refuse such a candidate), so every action it
returns is legal.  ``rules.sample_action`` re-exports it for
``core.random_playout``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from fresco_kit.core import Action, Rng
from fresco_kit.core.interface import load_weights
from fresco_kit.core.memo import last_states
from fresco_kit.core.text import unworded, worded

from .actions import Choose, Forfeit
from .data import SPACES, load_for
from .effects import member_value, modifier_of, servants_per_plus
from .final import final_scores
from .placement import (
    choice,
    choose_reasons,
    extra_targets,
    fits,
    legal_actions,
    legal_answers,
    placement,
    reasons,
    space_minimum,
    value_kind,
)
from .state import State
from .towers import tower_space

#: 97 fixed shuffles of the action spaces, one drawn per placement (faster than shuffling).
ORDERS = tuple(tuple(Rng(i).shuffled(SPACES)) for i in range(97))
#: Spaces that take one member: skipped at once when taken.
SINGLE = frozenset(s for s in SPACES if s != "council" and not s.endswith("-large"))


def _space_facts(space: str) -> tuple[str, bool, str | None, int, int, str | None, str | None]:
    """What the sampler asks of ``space``: (space, takes one member, its tower or None, the
    floor's index, its printed value (``placement.space_minimum``), the kind of action and
    the tower a character or an excommunication changes there (``placement.value_kind``))."""
    ts = tower_space(space)
    tower, floor = ts if ts else (None, 1)
    return (space, space in SINGLE, tower, floor - 1, space_minimum(space), *value_kind(space))


#: :data:`ORDERS` with each space's :func:`_space_facts`, worked out once
_SPACE_ORDERS = tuple(tuple(_space_facts(s) for s in order) for order in ORDERS)


def sample_action(state: State, rng: Rng) -> Action:
    """A random legal action of ``state`` (not over), fast: a random member and space with
    the fewest servants that reach the space (sometimes a few more), falling back to the
    Council Palace, to forfeiting a member that cannot be placed, or (rarely) to the full
    list of legal actions.  Pending decisions are answered at random (an extra action
    with the fewest servants)."""
    if state.pending:
        return rng.choice(_sample_choices(state))
    if not worded():  # already unworded (the runner's rule tracing draws its candidates so)
        return _sample_placement(state, rng)
    with unworded():  # the placements tried are refused or not: no one reads why
        return _sample_placement(state, rng)


def _sample_placement(state: State, rng: Rng) -> Action:
    """:func:`sample_action` with nothing pending: a placement, else a forfeit."""
    name = state.current
    assert name is not None  # the action phase, nothing pending: someone is to place
    p = state.player(name)
    members = rng.shuffled(p.home)
    spaces = _SPACE_ORDERS[rng.randbelow(len(ORDERS))]
    per = servants_per_plus(p)
    occupants, towers, held, draw = state.occupants, state.towers, p.res["servants"], rng.randbelow
    characters, excomms = p.cards["character"], p.excomms
    for member in members:
        base = member_value(state, p, member)
        for space, single, tower, floor, value, kind, changed in spaces:
            if single and occupants.get(space):
                continue
            if tower is not None and towers[tower][floor] is None:
                continue
            if kind is not None and (characters or excomms):
                value -= modifier_of(characters, excomms, kind, changed)
            need = value - base
            s = need * per if need > 0 else 0
            if draw(8) == 0:
                s += per
            if s > held:
                continue
            if fits(state, p, member, base, space, s):
                return placement(name, member, space, s)
    for member in members:
        base = member_value(state, p, member)
        for s in range(0, p.res["servants"] + 1, per):
            if fits(state, p, member, base, "council", s):
                return placement(name, member, "council", s)
    for member in members:
        f = Forfeit(name, member)
        if not reasons(state, f):
            return f
    return rng.choice(legal_actions(state))


@last_states  # listing the answers is most of a draw's work; rule tracing draws twice per state
def _sample_choices(state: State) -> list[Choose]:
    """The answers to sample from: every legal answer, except for an extra action, whose
    candidates are skipping and each target with no servants, those legal (every legal
    answer when none is: a declined action the switch ``extra_action_optional`` refuses).
    Kept for the last two states (``core.memo.last_states``): the list is shared."""
    d = state.pending[0]
    if d.kind != "action":
        return legal_answers(state)
    p = state.player(d.player)
    candidates = [choice(p.name, "skip")] + [choice(p.name, t) for t in extra_targets(d)]
    with unworded():  # whether each is refused, not why (skip is refused with extra_action_optional off)
        out = [c for c in candidates if not choose_reasons(state, c, first=True)]
    return out or legal_answers(state)


#: weights of :func:`evaluate`: the score sheet's categories (provisional end values of the
#: card collections, military rank, resources, excommunications, VP so far) and the progress
#: terms ``"goods"`` (per wood, stone, servant or coin: they pay for cards and placements),
#: ``"faith points"`` (per faith point: protection from excommunication, VP at the Vatican),
#: ``"military points"`` (per military point, toward the territory requirements and the
#: ranking), ``"goods left"`` (per good times the share of the game's rounds still to play:
#: early goods buy cards, late ones only count a fifth of a VP each), ``"faith track"`` (the
#: VP the faith track shows for the faith held: what supporting the Church at the Vatican
#: report, or the last report, would score) and ``"cards"`` (per development card held:
#: what its permanent effect will still yield)
WEIGHTS: dict[str, float] = {
    "VP during the game": 1.0,
    "Territories": 1.0,
    "Characters": 1.0,
    "Ventures": 1.0,
    "Military": 1.0,
    "Resources": 1.0,
    "Excommunications": 1.0,
    "goods": 0.2,
    "faith points": 0.3,
    "military points": 0.1,
    "goods left": 0.0,
    "faith track": 0.0,
    "cards": 0.0,
}
_CATEGORIES = tuple(WEIGHTS)[:7]
#: the rounds of a game (3 periods of 2 rounds)
ROUNDS = 6


def evaluate(state: State, player: str, weights: Mapping[str, float] | None = None) -> float:
    """How good ``state`` looks for ``player`` (a greedy bot's heuristic): the provisional
    score sheet weighted per category, plus the goods, faith and military held (progress
    toward scoring), the goods again by the share of rounds left, the faith track's VP and
    the cards held; ``weights`` overrides :data:`WEIGHTS` by key."""
    w = WEIGHTS if weights is None else {**WEIGHTS, **weights}
    row = final_scores(state).rows[player]
    p = state.player(player)
    res = p.res
    value = sum(w[c] * row.get(c, 0) for c in _CATEGORIES)
    goods = res["wood"] + res["stone"] + res["servants"] + res["coins"]
    value += w["goods"] * goods + w["faith points"] * res["faith"] + w["military points"] * res["military"]
    if state.phase == "over":
        return value
    left = (ROUNDS + 1 - state.round) / ROUNDS
    faith_vp = load_for(state.data).faith_vp
    value += w["goods left"] * goods * left + w["faith track"] * faith_vp[min(res["faith"], len(faith_vp) - 1)]
    return value + w["cards"] * sum(len(cards) for cards in p.cards.values())


#: the weights the searching bots (``best``) rate positions with: those tuned by self-play
#: and kept in ``weights.json`` beside this module (the command that made them is in the
#: file; ``fresco_kit.sim.tune``), else :data:`WEIGHTS`
SEARCH_WEIGHTS: dict[str, float] | None = load_weights(Path(__file__).with_name("weights.json"))
#: the bot ``best`` plays (``fresco_kit.sim.bots.BestBot``; ``fresco_kit.sim.bots`` documents
#: the names), chosen by screens of 9-12 games at about 40 ms of CPU a decision.  Measured
#: with 3 players, its seat rotated over seeds 0..N-1, win share with Wilson 95% intervals:
#: vs two kit bots 0.975 [0.950, 0.988] of 283 games, vs two greedy 0.413 [0.354, 0.474] of 252;
#: 35-37 ms median, 74-76 ms 95th percentile of CPU a decision
BEST = "mcts:30:d0"
