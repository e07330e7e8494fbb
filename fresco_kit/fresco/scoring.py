"""Fresco's scoring as pure functions (Fresco rulebook, Cathedral and End of the Game).

- :func:`bishop_bonus` (:func:`bonus_at` by index) -- "The bishop's bonus points": 3 on the
  segment, 2 beside it.
- :func:`altar_points` -- "Restore the altar": basic paints with substitutes, or the
  three blended paints; the better reading when both apply.
- :func:`money_points` -- "End of the Game": every 2 thalers are worth 1 VP.
- :func:`behind_stop` -- "Restore a segment of the fresco": where "behind" an occupied
  space is on the victory point track (the track itself is :mod:`.track`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from fresco_kit.core import RuleError

from . import board
from .data import ALTAR, BISHOP_ADJACENT, BISHOP_ON, BLENDED, BLENDS, COLOUR_INDEX, PRIMARY, THALERS_PER_VP
from .refs import RULES


def bishop_bonus(bishop: board.Square, segment: board.Square) -> int:
    """Bonus for restoring ``segment`` with the bishop on ``bishop`` (squares ``(row, col)``,
    counted from 1: rows and columns 1-5): :func:`bonus_at` of their places.

    Raises ``ValueError`` for a square off the 5x5 grid."""
    for sq in (bishop, segment):
        if not (isinstance(sq, tuple) and len(sq) == 2 and board.on_grid(sq)):
            raise ValueError(f"{sq!r} is not a fresco segment (row, col) with rows and columns 1-5")
    return bonus_at(board.index(bishop), board.index(segment))


def bonus_at(bishop: int, segment: int) -> int:
    """The bishop's bonus points (Cathedral) for the segment at index ``segment`` with the
    bishop at index ``bishop`` (:func:`.board.index`): 3 on the same segment, 2 next to it
    (king move), else 0."""
    if bishop == segment:
        return BISHOP_ON
    return BISHOP_ADJACENT if bishop in board.neighbours()[segment] else 0


def altar_readings(paints: Sequence[str], own_primary: bool = False) -> dict[str, int]:
    """The legal readings of three altar paints and their points ({} if none applies).

    ``"basic"``: one slot each for yellow, red and blue, any slot filled by its primary
    or by a blended paint (orange/green/purple), +1 per substitute; with ``own_primary``
    (switch ``altar_own_primary``, the other reading of ``altar_substitutes``) a blended
    paint fills only the slot of a primary it is mixed from (orange: yellow or red).
    ``"blended"``: exactly orange, green and purple.  Raises :class:`RuleError` for a
    name that is not a paint."""
    paints = list(paints)
    for p in paints:
        if p not in COLOUR_INDEX:
            raise RuleError(f"{p!r} is not a paint", RULES["altar.basic"])
    readings: dict[str, int] = {}
    if len(paints) != 3:
        return readings
    primaries = [p for p in paints if p in PRIMARY]
    if len(set(primaries)) == len(primaries) and (not own_primary or _fills_own_slots(paints)):
        readings["basic"] = ALTAR["basic_points"] + ALTAR["substitute_bonus"] * (3 - len(primaries))
    if sorted(paints) == sorted(BLENDED):
        readings["blended"] = ALTAR["blended_points"]
    return readings


def _fills_own_slots(paints: Sequence[str]) -> bool:
    """Whether the three paints fill the yellow, red and blue slots, each paint its own
    primary's slot or, a blended paint, the slot of a primary it is mixed from."""
    fits = [{p} if p in PRIMARY else set(BLENDS[p]) for p in paints]
    return any(all(slot in fit for slot, fit in zip(order, fits)) for order in permutations(PRIMARY))


def altar_points(paints: Sequence[str], own_primary: bool = False) -> int:
    """Points for restoring the altar with these three paints (the better reading).

    Raises :class:`RuleError` (citing the altar rules) if they are not a legal altar
    restoration, e.g. two of the same primary or not three paints."""
    readings = altar_readings(paints, own_primary)
    if not readings:
        raise RuleError(
            [
                (
                    f"{'+'.join(paints) or 'nothing'} is no altar restoration: it takes yellow, red and blue "
                    "(any replaced by orange/green/purple) or orange, green and purple",
                    RULES["altar.basic"],
                ),
                ("the blended restoration is exactly orange + green + purple", RULES["altar.blended"]),
            ]
        )
    return max(readings.values())


def money_points(thalers: int) -> int:
    """Final count: 1 VP per 2 thalers, rounded down (ValueError if negative)."""
    if thalers < 0:
        raise ValueError("thalers cannot be negative")
    return thalers // THALERS_PER_VP


def behind_stop(taken: set[int], own: int, target: int, how: str) -> int | None:
    """The stop "behind" a taken ``target`` on the victory point track (``cath.track``), for
    a painter leaving space ``own`` (0: a start space) with the other painters on ``taken``;
    None when there is none.  ``how`` is the switch ``track_behind``: "track" (the kit's
    reading: the next free track space towards space 1, ``own`` free, having been left),
    "own_taken" (``own`` is not free) or "start_space" (with no free track space behind, 0:
    back onto a start space)."""
    behind = target - 1
    while behind >= 1 and (behind in taken or (how == "own_taken" and behind == own)):
        behind -= 1
    if behind >= 1 or how == "start_space":
        return behind
    return None
