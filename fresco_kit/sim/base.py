"""The base of every bot (its own module, so that bot modules can share it without circles)."""

from __future__ import annotations

from typing import Any, ClassVar

from fresco_kit.core import Rng
from fresco_kit.core.game import RulesModule


class Bot:
    """Base of the bots: a ``name`` and :meth:`choose`.

    A bot answers ``choose(rules, state, player, rng)`` with a legal action of ``player``,
    looking only at what that player may know (its legal actions and ``state.view``)."""

    name: ClassVar[str] = "bot"

    def choose(self, rules: RulesModule, state: Any, player: str, rng: Rng) -> Any:
        """The action ``player`` plays in ``state``."""
        raise NotImplementedError
