"""Bots: players that choose an action for one seat.

A bot answers ``choose(rules, state, player, rng)`` with a legal action of ``player``.
It may look only at what that player may know: its own legal actions (which depend on
nothing hidden from it) or ``state.view(player)``; never at other players' hidden cards.

- :class:`RandomBot` picks uniformly among the player's legal actions.
- :class:`KitRandomBot` is the game's own fast random player (``rules.sample_action``):
  it is *biased toward progress* (e.g. it prefers restoring to preparing when it can, and
  gives up an action only when nothing else is legal), so games end sooner than under
  uniform play; see each game's ``bots.py`` for its bias.
- :class:`GreedyBot` (``"greedy"``) looks one action ahead: it fills in what its player
  cannot see at random (``rules.determinize(state.view(player), rng)``), plays each of its
  legal actions (at most :data:`CAP`; when there are more, a sample that takes one action
  of every group of ``legal_choices`` before a second of any) on that
  guess with ``rules.apply_fast`` and keeps the one the game's heuristic
  ``evaluate(state, player, weights)`` (in the game's ``bots.py``) rates best; among
  equals it takes the game's own random player's choice on that guess when it is one of
  them (so it plans and prepares like :class:`KitRandomBot`), else one drawn by the rng.
- :class:`PersonaBot` (``"persona:<key>"`` or ``"persona:<key>:<weight>"``) is greedy with
  one weight of the heuristic set to ``weight`` (default 3) instead of 1: a player that
  goes for one thing, to look for dominant strategies.  The keys are the game's scoring
  categories (its score sheet's columns, matched ignoring case, ``-`` or ``_`` for a
  space) plus its progress terms; ``WEIGHTS`` in each game's bots part lists them (its
  comment says what each term counts; ``fresco-kit games`` prints the categories).

  A key the game does not have is reported (``ValueError``) at the persona's first move.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from fresco_kit.core import Rng
from fresco_kit.core.interface import RulesModule, legal_choices, stepper
from fresco_kit.core.registry import GAMES, game_info

from .base import Bot, sample_groups
from .mcts import MonteCarloBot

#: the most legal actions a greedy bot tries in one decision (sampled when there are more)
CAP = 40


class _Evaluations(Mapping[str, tuple[Callable[..., float], Mapping[str, float]]]):
    """Each registered game with a bots part -> its heuristic and default weights, read
    from the game's ``GameInfo.bots`` when first asked for (so importing this module
    imports no game's bots)."""

    def __getitem__(self, game: str) -> tuple[Callable[..., float], Mapping[str, float]]:
        bots = game_info(game).bots if game in GAMES else None
        if bots is None:
            raise KeyError(game)
        return bots.evaluate, bots.WEIGHTS

    def __iter__(self) -> Iterator[str]:
        return (name for name in GAMES if game_info(name).parts.bots is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: each game's heuristic, ``evaluate(state, player, weights)``, and its default weights
EVALUATIONS: Mapping[str, tuple[Callable[..., float], Mapping[str, float]]] = _Evaluations()


class RandomBot(Bot):
    """Uniform over the player's legal actions."""

    name = "random"

    def choose(self, rules: RulesModule, state: Any, player: str, rng: Rng) -> Any:
        """A uniformly chosen legal action of ``player``."""
        return rng.choice(rules.legal_actions(state, player=player))


class KitRandomBot(Bot):
    """The game's own random player (``rules.sample_action``): fast, biased toward progress."""

    name = "kit"

    def choose(self, rules: RulesModule, state: Any, player: str, rng: Rng) -> Any:
        """The game's sampled action when it is ``player``'s, else a uniform legal one."""
        action = rules.sample_action(state, rng)
        if getattr(action, "player", player) == player:
            return action
        return rng.choice(rules.legal_actions(state, player=player))


def evaluation(game: str) -> tuple[Callable[..., float], Mapping[str, float]]:
    """The heuristic ``evaluate(state, player, weights)`` of ``game`` and its default weights."""
    if game not in EVALUATIONS:
        raise ValueError(f"no evaluation for {game!r}; there are {', '.join(EVALUATIONS)}")
    return EVALUATIONS[game]


class GreedyBot(Bot):
    """One action ahead on a determinized guess of the hidden parts (see the module)."""

    name = "greedy"

    def __init__(self, weights: Mapping[str, float] | None = None, cap: int = CAP):
        self.weights = dict(weights) if weights else None
        self.cap = cap

    def weights_for(self, game: str) -> Mapping[str, float] | None:
        """The weights handed to ``game``'s heuristic (``None``: its defaults)."""
        return self.weights

    def choose(self, rules: RulesModule, state: Any, player: str, rng: Rng) -> Any:
        """The legal action of ``player`` whose outcome on a determinized copy of its view
        ``evaluate`` rates best (ties broken as the module says)."""
        actions = rules.legal_actions(state, player=player)
        if len(actions) == 1:
            return actions[0]
        determinize = getattr(rules, "determinize", None)
        if determinize is None:
            raise TypeError(f"{rules.GAME} has no determinize: a greedy bot would have to peek")
        evaluate, _ = evaluation(rules.GAME)
        weights = self.weights_for(rules.GAME)
        if len(actions) > self.cap:
            actions = sample_groups(legal_choices(rules, state, player), self.cap, rng)
        world = determinize(state.view(player), rng)
        step = stepper(rules)
        best: list[Any] = []
        best_value = 0.0
        for action in actions:
            after = step(world, action)
            value = evaluate(after, player, weights)
            if not best or value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        if len(best) == 1:
            return best[0]
        hint = rules.sample_action(world, rng)  # the game's own player breaks ties if it can
        return hint if hint in best else rng.choice(best)


def _key(text: str) -> str:
    return text.lower().replace("-", " ").replace("_", " ").strip()


class PersonaBot(GreedyBot):
    """Greedy with one weight of the game's heuristic changed: ``category`` (a scoring
    category or progress term, see the module) weighs ``weight`` instead of 1."""

    name = "persona"

    def __init__(self, category: str, weight: float = 3.0, cap: int = CAP):
        super().__init__(None, cap)
        self.category = category
        self.weight = weight

    def weights_for(self, game: str) -> Mapping[str, float] | None:
        """``game``'s default weights with the persona's key set to its weight; ``ValueError``
        if ``game`` has no such key."""
        _, defaults = evaluation(game)
        keys = {_key(k): k for k in defaults}
        if _key(self.category) not in keys:
            raise ValueError(f"{game} has no weight {self.category!r}; it has {', '.join(defaults)}")
        return {keys[_key(self.category)]: self.weight}


class TunedBot(GreedyBot):
    """``greedy:tuned``: greedy with the weights the game's bots part keeps for its
    searching bots (``SEARCH_WEIGHTS``, tuned by self-play, see :mod:`.tune`; the
    defaults when it has none)."""

    name = "greedy:tuned"

    def weights_for(self, game: str) -> Mapping[str, float] | None:
        """``game``'s tuned weights, or None (its defaults)."""
        bots = game_info(game).bots if game in GAMES else None
        return getattr(bots, "SEARCH_WEIGHTS", None) if bots is not None else None


class BestBot(Bot):
    """``best``: the strongest bot of the game it plays, as its bots part names it
    (``BEST``, a bot name such as ``"mcts:120:d10"``, measured in its module); a game
    without one gets ``greedy`` when it has a heuristic and ``determinize``, else the
    kit's Monte Carlo bot when it has ``determinize``, else its own random player."""

    name = "best"

    def __init__(self) -> None:
        self._bots: dict[str, Bot] = {}

    @staticmethod
    def bot_name(rules: RulesModule) -> str:
        """The name of the bot ``best`` is in ``rules``' game (see the class)."""
        info = game_info(rules.GAME) if rules.GAME in GAMES else None
        bots = info.bots if info is not None else None
        best = getattr(bots, "BEST", None) if bots is not None else None
        if isinstance(best, str):
            return best
        if getattr(rules, "determinize", None) is None:
            return "kit"
        return "greedy" if bots is not None else "mcts:25"

    def choose(self, rules: RulesModule, state: Any, player: str, rng: Rng) -> Any:
        """What the game's best bot plays."""
        bot = self._bots.get(rules.GAME)
        if bot is None:
            bot = self._bots[rules.GAME] = make_bot(self.bot_name(rules))
        return bot.choose(rules, state, player, rng)


#: bots by the name the CLI and :func:`fresco_kit.sim.runner.simulate` take (personas are
#: named ``"persona:<key>"`` or ``"persona:<key>:<weight>"``, Monte Carlo budgets
#: ``"mcts:<budget>[:d<depth>]"``, see :func:`make_bot`)
BOTS: dict[str, type[Bot]] = {
    cls.name: cls for cls in (RandomBot, KitRandomBot, GreedyBot, TunedBot, MonteCarloBot, BestBot)
}

_MCTS_FORM = (
    "mcts:<simulations>[:d<depth>][:c<exploration>][:t<temperature>] or "
    "mcts:<milliseconds>ms[:d<depth>][:c<exploration>][:t<temperature>]"
)


def _mcts(name: str) -> MonteCarloBot:
    """The :class:`MonteCarloBot` named ``mcts:<budget>[:d<depth>][:c<exploration>][:t<temperature>]``:
    ``<budget>`` a number of simulations (``mcts:200``, reproducible) or of milliseconds of
    CPU time a decision (``mcts:50ms``); ``d<depth>`` cuts the playouts after that many
    actions and rates the position with the game's heuristic (``mcts:200:d8``);
    ``c<exploration>`` sets the UCB1 constant (``mcts:50:d6:c1.4``); ``t<temperature>``
    rates a cut position by the players' chances to win, a softmax of their heuristic
    values over the temperature (``mcts:50:d0:t12``)."""
    budget, *rest = name.partition(":")[2].split(":")
    bad = ValueError(f"bot {name!r}: write {_MCTS_FORM}, whole numbers >= 1 (depth >= 0), e.g. mcts:20")
    kwargs: dict[str, Any] = {}
    for part in rest:
        if part.startswith("d") and part[1:].isdigit() and "depth" not in kwargs:
            kwargs["depth"] = int(part[1:])
        elif part[:1] in ("c", "t") and {"c": "exploration", "t": "temperature"}[part[0]] not in kwargs:
            key = {"c": "exploration", "t": "temperature"}[part[0]]
            try:
                kwargs[key] = float(part[1:])
            except ValueError:
                raise bad from None
            if not (0 <= kwargs[key] < math.inf) or (key == "temperature" and kwargs[key] == 0):
                raise bad
        else:
            raise bad
    if budget.endswith("ms") and budget[:-2].isdigit() and int(budget[:-2]) >= 1:
        return MonteCarloBot(cpu_ms=int(budget[:-2]), **kwargs)
    if not budget.isdigit() or int(budget) < 1:
        raise bad
    return MonteCarloBot(simulations=int(budget), **kwargs)


def make_bot(name: str) -> Bot:
    """The bot called ``name``: one of :data:`BOTS` (``best`` is each game's strongest,
    :class:`BestBot`), ``"persona:<key>"`` / ``"persona:<key>:<weight>"`` (a
    :class:`PersonaBot`, weight 3 by default), or ``"mcts:<simulations>"``,
    ``"mcts:<ms>ms"``, either with ``":d<depth>"`` (a :class:`MonteCarloBot` with that
    budget, see :func:`_mcts`); ``ValueError`` lists the bots there are."""
    if name.startswith("mcts:"):
        return _mcts(name)
    if name.startswith("persona:"):
        _, _, rest = name.partition(":")
        key, sep, weight = rest.rpartition(":")
        if not sep:
            key, weight = rest, "3"
        try:
            w = float(weight)
        except ValueError:
            key, w = rest, 3.0
        if not key.strip():
            raise ValueError(f"bot {name!r} names no category: persona:<category>[:<weight>]")
        return PersonaBot(key, w)
    if name not in BOTS:
        forms = ", ".join((*BOTS, "persona:<category>[:<weight>]", _MCTS_FORM))
        raise ValueError(f"unknown bot {name!r}; the bots are {forms}")
    return BOTS[name]()
