"""The base of every bot (its own module, so that bot modules can share it without circles)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
