"""Seeded randomness whose whole state is one integer, so it lives inside game states.

SplitMix64: small, fast in pure Python, and identical on every platform, so the same
seed and the same actions always give the same game.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """A SplitMix64 generator. ``Rng(seed)``; ``rng.state`` is a plain int to store."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = int(state) & _MASK

    def next64(self) -> int:
        """The next 64 random bits (SplitMix64)."""
        mask = _MASK
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & mask
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)``; ``n`` must be positive: the next 64 bits
        (:meth:`next64`, written out here: random play draws several times an action)
        modulo ``n``, with a bias below 2**-40 for any ``n`` a game uses."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        mask = _MASK
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & mask
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return (z ^ (z >> 31)) % n

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item of items (not empty)."""
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of items."""
        out = list(items)
        self.shuffle(out)
        return out

    def die(self, sides: int = 6) -> int:
        """A die roll from 1 to sides."""
        return self.randbelow(sides) + 1
