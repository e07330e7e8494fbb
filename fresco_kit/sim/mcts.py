"""MonteCarloBot: information-set Monte Carlo tree search (determinized UCT).

The bot never looks at what its player cannot see.  Each *iteration* (one simulation):

1. **determinize**: fill in the player's view with ``rules.determinize(state.view(me), rng)``
   (hidden hands, deck order and the game's generator drawn at random; with the game's
   optional ``rules.determinizer(view)``, a function of the rng giving the same states
   faster, when it has one);
2. **select**: walk down one tree shared by every determinization, whose edges are keyed
   by the action (:func:`edge`: equal actions, equal texts), choosing by UCB1 among the children whose
   actions are legal in *this* determinization (information-set MCTS: a child's
   exploration term counts how often it was available, not how often its parent was
   visited).  At the root the mover is the bot's player; below it is ``rules.actor(s)[0]``,
   and every mover picks what is best for *itself* (each edge keeps the reward of the
   player who took it);
3. **expand** one untried legal action;
4. **play out** with the game's own random player (``rules.sample_action``, applied with
   ``rules.apply_fast`` when the game has it): to the end, or with ``depth`` for
   ``depth`` actions only, the game's heuristic (``evaluate`` of its bots part, see
   :func:`leaf_rewards`: a logistic of the player's lead, or with a ``temperature`` the
   players' chances to win) then rating the position reached; a playout is always cut
   after ``max_playout`` actions;
5. **back up** each player's reward along the path.

Expansion uses *progressive widening* over *grouped choices*: a node visited ``n`` times
has at most ``2 + isqrt(n)`` children, and the next child is the game's own random
player's proposal (``sample_action``, biased toward progress) when that is new, else an
untried action (the first in legal order) of a group (``rules.choice_key``, the groups of
``legal_choices``; the first word of the action text without one) that has the fewest
tried actions: every choice is
tried once (a Lorenzo member on a space) before a variant of its details (the servants);
so a small budget is spent on a few plausible, different moves rather than on trying
each of hundreds of moves once.  With a heuristic (``depth`` given), the root expands
its actions best first by the heuristic one action ahead (the greedy bot's ranking, on
one determinization), the game's own random player's proposals joining them and going
first among equals (a Fresco plan changes nothing at once, so the heuristic cannot
rank plans: ``mcts:50:d6:c1.4`` trying the kit's plans first won 0.84 of 45 games
against two kit bots, seeds 300,000+, trying plans in a random order 0.35 of 85, seeds
0-84): the search refines greedy's few best moves with lookahead.  The root's legal
actions are listed once a decision (they depend on nothing the player cannot see, so
they are the same in every determinization).

The heuristic's weights are the game's ``SEARCH_WEIGHTS`` (fitted to self-play winners
by :mod:`fresco_kit.sim.tune`, kept in its ``weights.json``) unless ``weights`` are
given.  What made ``best`` strong was mostly these weights, then short playouts: in
1980 Sixtina, where the game's random player restores at random, a playout of 3 random
actions before rating the position won 0.24 of 45 games against two greedy bots and
none (``d0``: the position right after the tree's moves) 0.44 (default weights, seeds
100,000+); Fresco's random player plans, buys and restores toward a tile, and there
longer playouts pay.

The reward with ``reward="win"`` is a player's share of the victory: 1 for a win, 1/k
for a victory shared by k players (0.5 for two), 0 for a loss (a neutral winner such as
Sixtina's Gianluigi leaves 0 to everyone); a playout cut at the cap counts the players
then leading on points as the winners.  ``reward="margin"`` (the default: in short
trials it played clearly better, since random playouts rarely separate moves by the win
alone) is ``0.9 * share + 0.1 * (1 + m) / 2`` with ``m`` the player's margin over the best
other player divided by the largest absolute total (so it lies in -1..1).

The bot plays the root action visited most often (ties: the higher mean reward, then the
first in ``legal_actions`` order).  With a budget in ``simulations`` the choice depends
only on the position and the ``rng`` it is given, so seeded games replay exactly; a
budget in ``cpu_ms`` (milliseconds of this process's CPU time, so other processes on a
busy machine do not shorten it) or in ``seconds`` (wall time) runs as many iterations as
fit (at least one) and is not reproducible.  The tree is not kept between decisions: its
nodes are keyed by action across determinizations, and after the other players'
moves (hidden parts redrawn) little of it would still apply; with ``best``'s budgets of
30-50 iterations a decision the root's few children are most of the tree.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from fresco_kit.core import Rng
from fresco_kit.core.game import RulesModule
from fresco_kit.core.interface import first_word, legal_choices, stepper
from fresco_kit.core.registry import GAMES, game_info

from .base import Bot, sample_groups

#: the most root actions ranked by the heuristic for the order of expansion (:meth:`MonteCarloBot._prior`)
PRIOR_CAP = 40

#: how many proposals of the game's own random player join the root's candidates (:meth:`MonteCarloBot._prior`)
PROPOSALS = 8

#: the UCB1 constant when playouts are cut and rated by the heuristic: its rewards (a
#: logistic of the lead, :func:`leaf_rewards`) differ by hundredths between moves, which
#: the default 1.4 would drown in exploration (visits nearly even, the choice near random)
LEAF_EXPLORATION = 0.2

#: the reward rules :class:`MonteCarloBot` knows
REWARDS = ("win", "margin")


def edge(action: Any) -> Hashable:
    """The key of an action's edge in the tree: the action itself (the games' actions are
    frozen, hashable records whose equality is that of their text), or its text when it
    is not hashable."""
    try:
        hash(action)
    except TypeError:
        return str(action)
    return action


class _Node:
    """One tree node: the edge into it (visits, summed reward of its mover, availability)
    and its children by action (:func:`edge`)."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[Hashable, _Node] = {}


def rewards(rules: RulesModule, state: Any, kind: str = "win") -> dict[str, float]:
    """Each player's reward at the end of a playout (see the module): their share of the
    victory, with ``kind="margin"`` nudged by the normalised score margin.  A state that
    is not over counts the leaders on points as the winners."""
    sheet = rules.scores(state)
    totals = sheet.totals
    names = list(state.names)
    if rules.is_over(state):
        winners = [w for w in sheet.winners if w in totals]
    else:
        best = max(totals[p] for p in names)
        winners = [p for p in names if totals[p] == best]
    share = {p: (1 / len(winners) if p in winners else 0.0) for p in names}
    if kind == "win":
        return share
    scale = max(1, max(abs(totals[p]) for p in names))
    out = {}
    for p in names:
        others = [totals[q] for q in names if q != p]
        margin = (totals[p] - max(others)) / scale if others else 0.0
        out[p] = 0.9 * share[p] + 0.1 * (1 + max(-1.0, min(1.0, margin))) / 2
    return out


def leaf_rewards(
    rules: RulesModule,
    state: Any,
    evaluate: Callable[..., float],
    weights: Mapping[str, float] | None,
    temperature: float | None = None,
) -> dict[str, float]:
    """Each player's reward at a playout cut before the end, from the players' heuristic
    values ``v`` (``evaluate(state, player, weights)``).  With a ``temperature`` ``T``
    (fitted to self-play results by ``fresco_kit.sim.tune``), a player's chance to win:
    the softmax ``exp(v / T) / sum(exp(v' / T))`` over the players (a share of the
    victory, as the game's end gives).  Without one, ``1 / (1 + exp(-d / t))`` with ``d``
    the player's value minus the best other player's and ``t`` a tenth of the largest
    absolute value plus one (so a lead of a tenth of the scale gives about 0.73): in
    1980 Sixtina, ``mcts:50:d0`` with the tuned weights won 0.80 of 60 games against two
    greedy bots with it and 0.68 with the fitted temperature (8), on the same seeds, so
    ``best`` keeps the lead.  The game's end is scored by :func:`rewards`."""
    names = list(state.names)
    values = {p: evaluate(state, p, weights) for p in names}
    if temperature is not None:
        top = max(values.values())
        odds = {p: math.exp(max(-50.0, (values[p] - top) / temperature)) for p in names}
        total = sum(odds.values())
        return {p: odds[p] / total for p in names}
    scale = 1 + 0.1 * max(abs(v) for v in values.values())
    out = {}
    for p in names:
        others = [values[q] for q in names if q != p]
        d = (values[p] - max(others)) / scale if others else 0.0
        out[p] = 1 / (1 + math.exp(-max(-50.0, min(50.0, d))))
    return out


def game_evaluation(game: str) -> tuple[Callable[..., float], Mapping[str, float] | None] | None:
    """``game``'s heuristic and the weights its searching bots use (``SEARCH_WEIGHTS`` of
    its bots part when it has them, else its defaults), or None without a bots part."""
    bots = game_info(game).bots if game in GAMES else None
    if bots is None:
        return None
    return bots.evaluate, getattr(bots, "SEARCH_WEIGHTS", None)


class MonteCarloBot(Bot):
    """Information-set MCTS (determinized UCT) over the game's own random playouts.

    ``simulations`` iterations per decision (default 100: about a third of a second on
    1980 Sixtina), or as many as fit in ``cpu_ms`` milliseconds of CPU time or ``seconds``
    of wall time when one is given (not reproducible); ``depth`` cuts each playout after
    that many actions and rates the position with the game's heuristic (None: play to the
    end; a game without a bots part always plays to the end), ``weights`` the heuristic's
    weights (None: the game's own for search); ``exploration`` is the UCB1 constant (default 1.4, or
    :data:`LEAF_EXPLORATION` with ``depth``); ``temperature`` turns the heuristic's values at
    a cut into chances to win (:func:`leaf_rewards`; None: a logistic of the lead);
    ``max_playout`` cuts a playout; ``reward`` is ``"margin"`` or ``"win"`` (see the module)."""

    name = "mcts"

    def __init__(
        self,
        simulations: int = 100,
        seconds: float | None = None,
        exploration: float | None = None,
        max_playout: int = 2000,
        reward: str = "margin",
        cpu_ms: float | None = None,
        depth: int | None = None,
        weights: Mapping[str, float] | None = None,
        temperature: float | None = None,
    ) -> None:
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise ValueError(f"simulations must be a whole number >= 1, not {simulations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive (or None), not {seconds!r}")
        if cpu_ms is not None and not cpu_ms > 0:
            raise ValueError(f"cpu_ms must be positive (or None), not {cpu_ms!r}")
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
            raise ValueError(f"depth must be a whole number >= 0 (or None), not {depth!r}")
        if exploration is None:
            exploration = 1.4 if depth is None else LEAF_EXPLORATION
        if not exploration >= 0:
            raise ValueError(f"exploration must be >= 0, not {exploration!r}")
        if isinstance(max_playout, bool) or not isinstance(max_playout, int) or max_playout < 0:
            raise ValueError(f"max_playout must be a whole number >= 0, not {max_playout!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if temperature is not None and not (isinstance(temperature, (int, float)) and 0 < temperature < math.inf):
            raise ValueError(f"temperature must be a positive number (or None), not {temperature!r}")
        self.simulations = simulations
        self.seconds = seconds
        self.exploration = exploration
        self.max_playout = max_playout
        self.reward = reward
        self.cpu_ms = cpu_ms
        self.depth = depth
        self.weights = dict(weights) if weights else None
        self.temperature = temperature
        #: iterations run for the last decision (0 when there was a single legal action)
        self.last_iterations = 0

    def choose(self, rules: RulesModule, state: Any, player: str, rng: Rng) -> Any:
        """The root action of ``player`` most visited by the search (see the module)."""
        legal = rules.legal_actions(state, player=player)
        self.last_iterations = 0
        if not legal:
            raise ValueError(f"{player} has no legal action (is it their turn?)")
        if len(legal) == 1:
            return legal[0]
        determinize = getattr(rules, "determinize", None)
        if determinize is None:
            raise TypeError(f"{rules.GAME} has no determinize(view, rng): MonteCarloBot cannot search it")
        view = state.view(player)
        search = Rng(rng.next64())  # one draw: the caller's generator moves the same however long we search
        root = _Node()
        clock, deadline = None, 0.0
        if self.cpu_ms is not None:
            clock, deadline = time.process_time, time.process_time() + self.cpu_ms / 1000
        elif self.seconds is not None:
            clock, deadline = time.perf_counter, time.perf_counter() + self.seconds
        leaf = game_evaluation(rules.GAME) if self.depth is not None else None
        if leaf is not None and self.weights is not None:
            leaf = (leaf[0], self.weights)
        key = getattr(rules, "choice_key", None) or first_word
        done = 0
        fast = getattr(rules, "determinizer", None)  # optional: one checked load, then fast draws
        draw = fast(view) if fast is not None else (lambda rng: determinize(view, rng))
        prior = self._prior(rules, draw(search), player, search, leaf) if leaf is not None else []
        root_legal = (legal, {edge(a): i for i, a in enumerate(legal)})
        while True:
            self._iterate(rules, draw(search), player, root, search, leaf, key, prior, root_legal)
            done += 1
            if clock is None:
                if done >= self.simulations:
                    break
            elif clock() >= deadline:
                break
        self.last_iterations = done
        best, key = legal[0], (-1, -math.inf)
        for action in legal:  # the first of equals wins: legal order is deterministic
            child = root.children.get(edge(action))
            if child is not None and child.visits:
                candidate = (child.visits, child.total / child.visits)
                if candidate > key:
                    best, key = action, candidate
        return best

    @staticmethod
    def _prior(
        rules: RulesModule,
        world: Any,
        player: str,
        rng: Rng,
        leaf: tuple[Callable[..., float], Mapping[str, float] | None],
    ) -> list[Hashable]:
        """The root's order of expansion when the search has a heuristic: the distinct
        proposals of the game's own random player (:data:`PROPOSALS` draws of
        ``sample_action`` on the determinization ``world``, biased toward progress) and at
        most :data:`PRIOR_CAP` of ``player``'s actions (every group's first, then more, see
        :func:`.base.sample_groups`), best first by the heuristic one action ahead on
        ``world`` (the greedy bot's ranking); among equals the action proposed more often
        first (a plan, which changes nothing at once, is ordered by the game's own player),
        as edge keys (:func:`edge`)."""
        evaluate, weights = leaf
        step = stepper(rules)
        proposed: Counter[Hashable] = Counter()
        actions = []
        for _ in range(PROPOSALS):
            action = rules.sample_action(world, rng)
            if getattr(action, "player", player) == player:
                if edge(action) not in proposed:
                    actions.append(action)
                proposed[edge(action)] += 1
        sampled = sample_groups(legal_choices(rules, world, player), PRIOR_CAP, rng)
        actions += [a for a in sampled if edge(a) not in proposed]
        rated = []
        for i, action in enumerate(actions):
            after = step(world, action)
            rated.append((-evaluate(after, player, weights), -proposed[edge(action)], i, edge(action)))
        return [key for *_, key in sorted(rated)]

    @staticmethod
    def widening(visits: int) -> int:
        """How many children a node visited ``visits`` times may have (progressive widening:
        ``2 + floor(sqrt(visits))``), so a small budget is not spent trying every action once."""
        return 2 + math.isqrt(visits)

    @staticmethod
    def _expansion(
        rules: RulesModule,
        s: Any,
        mover: str,
        node: _Node,
        actions: list[Any],
        index: Mapping[Hashable, int],
        rng: Rng,
        key: Callable[[Any], str],
        prior: Sequence[Hashable] = (),
    ) -> int:
        """The index of the action to expand (``index``: each legal action's position by
        its :func:`edge`): the first untried action of ``prior`` (the root's order,
        :meth:`_prior`) that is legal here, else the game's own random player's proposal
        (``sample_action``, biased toward progress) when it is ``mover``'s and untried,
        else the first untried action (in legal order: the fewest servants, cards ...) of a
        group (``key``) drawn among those with the fewest tried actions."""
        children = node.children
        for k in prior:
            if k not in children and k in index:
                return index[k]
        proposal = rules.sample_action(s, rng)
        if getattr(proposal, "player", mover) == mover:
            k = edge(proposal)
            if k not in children and k in index:
                return index[k]
        groups = [key(a) for a in actions]
        tried: Counter[str] = Counter()
        first: dict[str, int] = {}  # each group's first untried action, in legal order
        for k, i in index.items():
            if k in children:
                tried[groups[i]] += 1
            elif groups[i] not in first:
                first[groups[i]] = i
        fewest = min(tried[g] for g in first)
        candidates = [i for g, i in first.items() if tried[g] == fewest]
        return candidates[rng.randbelow(len(candidates))]

    def _iterate(
        self,
        rules: RulesModule,
        s: Any,
        player: str,
        root: _Node,
        rng: Rng,
        leaf: tuple[Callable[..., float], Mapping[str, float] | None] | None,
        key: Callable[[Any], str],
        prior: Sequence[Hashable],
        root_legal: tuple[list[Any], dict[Hashable, int]],
    ) -> None:
        """One selection, expansion, playout and back-up on the determinization ``s``
        (``leaf``: the heuristic and weights that rate a playout cut at ``depth``;
        ``prior``: the root's order of expansion; ``root_legal``: the player's legal
        actions at the root and their positions by edge, the same in every
        determinization since they depend on nothing hidden from the player)."""
        step = stepper(rules)
        node, path = root, []  # path: (child node, the player who moved into it)
        while not rules.is_over(s):
            if node is root:
                mover, (actions, index) = player, root_legal
            else:
                mover = rules.actor(s)[0]
                actions = rules.legal_actions(s, player=mover)
                if not actions:
                    break
                index = {edge(a): i for i, a in enumerate(actions)}  # legal actions are distinct
            children = node.children
            tried = 0
            for k in index:
                child = children.get(k)
                if child is not None:
                    child.available += 1
                    tried += 1
            if node is root:
                node.visits += 1  # below the root a node's visits are those of the edge into it
            if tried < len(index) and (tried == 0 or len(children) < self.widening(node.visits)):
                i = self._expansion(rules, s, mover, node, actions, index, rng, key, prior if node is root else ())
                child = children[edge(actions[i])] = _Node()
                child.available = 1
                s = step(s, actions[i])
                path.append((child, mover))
                break
            c = self.exploration
            best_i, best_value = 0, -math.inf
            for k, i in index.items():
                child = children.get(k)
                if child is None:
                    continue
                value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if value > best_value:
                    best_i, best_value = i, value
            node = children[edge(actions[best_i])]
            s = step(s, actions[best_i])
            path.append((node, mover))
        count = 0
        cut = self.max_playout if leaf is None or self.depth is None else min(self.depth, self.max_playout)
        while count < cut and not rules.is_over(s):
            action = rules.sample_action(s, rng)
            s = step(s, action)
            count += 1
        if leaf is not None and not rules.is_over(s):
            result = leaf_rewards(rules, s, *leaf, self.temperature)
        else:
            result = rewards(rules, s, self.reward)
        for child, mover in path:
            child.visits += 1
            child.total += result.get(mover, 0.0)
