"""The base of every bot (its own module, so that bot modules can share it without circles)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from fresco_kit.core import Rng, game_info
from fresco_kit.core.game import RulesModule
from fresco_kit.core.interface import stepper

#: the actions after which :func:`play` cuts a game (kit and greedy games take 80-400)
MAX_ACTIONS = 900


class Bot:
    """Base of the bots: a ``name`` and :meth:`choose`.

    A bot answers ``choose(rules, state, player, rng)`` with a legal action of ``player``,
    looking only at what that player may know (its legal actions and ``state.view``)."""

    name: ClassVar[str] = "bot"

    def choose(self, rules: RulesModule, state: Any, player: str, rng: Rng) -> Any:
        """The action ``player`` plays in ``state``."""
        raise NotImplementedError


def sample_groups(groups: Mapping[str, Sequence[Any]], k: int, rng: Rng) -> list[Any]:
    """At most ``k`` actions drawn from ``groups`` (:func:`~fresco_kit.core.interface.legal_choices`)
    group by group: one action of each group in a random order of the groups, then a second
    of each, and so on, so that a sample smaller than the list still tries every choice
    before it tries a variant of its details."""
    pools = [rng.shuffled(group) for group in groups.values()]
    order = rng.shuffled(range(len(pools)))
    out: list[Any] = []
    depth = 0
    while len(out) < k:
        added = False
        for g in order:
            if depth < len(pools[g]):
                out.append(pools[g][depth])
                added = True
                if len(out) == k:
                    break
        if not added:
            break
        depth += 1
    return out


def play(
    game: str,
    seats: Mapping[str, Bot],
    seed: int,
    keep: bool = False,
    cpu: dict[str, list[float]] | None = None,
) -> tuple[Any, list[Any]]:
    """Play game ``seed`` of ``game`` with one bot per player name (``seats``, in seat
    order) to the end or :data:`MAX_ACTIONS`, the bots sharing one generator seeded
    from ``seed`` as in the runner; the last state and, with ``keep``, every state a
    player decided in.  ``cpu`` collects each player's decisions' CPU seconds (this
    process's time, ``time.process_time``: other jobs on a busy machine do not lengthen
    it)."""
    info = game_info(game)
    rules = info.rules
    state = info.new_game(list(seats), seed=seed).state
    rng = Rng(seed * 7919 + 17)
    step = stepper(rules)
    kept = []
    for _ in range(MAX_ACTIONS):
        if rules.is_over(state):
            break
        if keep:
            kept.append(state)
        who = rules.actor(state)[0]
        start = time.process_time()
        action = seats[who].choose(rules, state, who, rng)
        if cpu is not None:
            cpu.setdefault(who, []).append(time.process_time() - start)
        state = step(state, action)
    return state, kept
