"""Bots: players that choose an action for one seat.

A bot answers ``choose(rules, state, player, rng)`` with a legal action of ``player``.
It may look only at what that player may know: its own legal actions (which depend on
nothing hidden from it) or ``state.view(player)``; never at other players' hidden cards.

- :class:`RandomBot` picks uniformly among the player's legal actions.
- :class:`KitRandomBot` is the game's own fast random player (``rules.sample_action``):
  it is *biased toward progress* (e.g. it prefers restoring to preparing when it can, and
  gives up an action only when nothing else is legal), so games end sooner than under
  uniform play; see each game's ``bots.py`` for its bias.
"""

from __future__ import annotations

from typing import Any, ClassVar

from fresco_kit.core import Rng
from fresco_kit.core.game import RulesModule


class Bot:
    """Base of the bots: a ``name`` and :meth:`choose`."""

    name: ClassVar[str] = "bot"

    def choose(self, rules: RulesModule, state: Any, player: str, rng: Rng) -> Any:
        """The action ``player`` plays in ``state``."""
        raise NotImplementedError


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


#: bots by the name the CLI and :func:`fresco_kit.sim.runner.simulate` take
BOTS: dict[str, type[Bot]] = {cls.name: cls for cls in (RandomBot, KitRandomBot)}


def make_bot(name: str) -> Bot:
    """The bot called ``name``; ``ValueError`` lists the bots there are."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; the bots are {', '.join(BOTS)}")
    return BOTS[name]()
