"""The victory point track (Fresco rulebook, Restore a segment of the fresco).

Spaces count from 1; the start spaces S1-S4 are not counted, so a painter leaving a
start space with 5 points lands on space 5 and the space number is the VP held.  No
space holds two painters: landing on an occupied one, the player picks the next free
space behind or ahead (``cath.track``).  In the Big Box final count the painter goes
ahead without a choice (``bigbox.final_collision``).  What "behind" is, is the kit's
reading ``track_spaces``: the next free track space towards space 1, the mover's own space
free; the switch ``track_behind`` plays the others ("start_space": with no free track space
behind, back onto a start space; "own_taken": the mover's own former space is taken).
"""

from __future__ import annotations

from typing import Any, get_args

from fresco_kit.core import RuleRef, assign
from fresco_kit.core.text import Msg

from .data import CATEGORIES
from .rulesets import TrackBehind
from .scoring import behind_stop
from .state import PlayerState, State

_CAT = {c: k for k, c in enumerate(CATEGORIES)}


def occupied(s: State, i: int) -> set[int]:
    """Track spaces held by the other players' painters."""
    return {p.vp for j, p in enumerate(s.players) if j != i and p.vp > 0}


def landing(s: State, i: int, gain: int) -> tuple[int, dict[str, int]]:
    """Where player ``i`` lands gaining ``gain``: ``(target, options)``.

    ``options`` is ``{}`` when the target is free, else the possible stops by choice:
    ``"ahead"`` always, ``"behind"`` when a free space remains between space 1 and the
    target (the mover's own space counts as free, having been left).  The switch
    ``track_behind``: "own_taken", the mover's own space is not free; "start_space", with
    no free track space behind, ``"behind"`` is 0, a start space (:func:`move`)."""
    own = s.players[i].vp
    target = own + gain
    occ = occupied(s, i)
    if target not in occ:
        return target, {}
    ahead = target + 1
    while ahead in occ:
        ahead += 1
    options = {"ahead": ahead}
    behind = behind_stop(occ, own, target, s.switches.track_behind)
    if behind is not None:
        options["behind"] = behind
    return target, options


def free_start_space(s: State, i: int) -> int:
    """The start space a painter falling back off the track takes (switch ``track_behind``
    "start_space"): the free one nearest the track, the highest number, as S1 counts as
    last (``p1.order``); the mover's own start space is free, having been left."""
    taken = {p.start for j, p in enumerate(s.players) if j != i}
    return max(k for k in range(1, s.n + 1) if k not in taken)


def move(s: State, p: PlayerState, i: int, gains: dict[str, int], choice: str | None) -> tuple[int, int]:
    """Move player ``i`` (``p`` its fresh copy) by the sum of ``gains`` (points by category).

    ``choice`` answers an occupied target (checked beforehand).  Returns ``(target, space)``;
    the difference is booked under ``"track"``.  Raises ``ValueError`` (a bug: the checks
    ask for the choice) when the target is occupied and no choice is given."""
    gain = sum(gains.values())
    target, options = landing(s, i, gain)
    if not options:
        space = target
    elif choice is None:
        raise ValueError(f"space {target} is occupied: a behind/ahead choice is needed (checks ask for it)")
    else:
        space = options[choice]
    points = list(p.points)
    for cat, n in gains.items():
        points[_CAT[cat]] += n
    points[_CAT["track"]] += space - target
    assign(p, points=tuple(points), vp=space, start=free_start_space(s, i) if space == 0 else 0)
    return target, space


def track_reasons(s: State, i: int, gain: int, choice: str | None, rule: RuleRef, action: Any = None) -> list:
    """Reasons a behind/ahead ``choice`` does not fit the landing of ``gain`` points.

    With the ``action`` (whose ``track`` field is the choice), a missing choice is
    refused with the actions that make it, e.g. ``restore Red 2,3 track ahead``."""
    target, options = landing(s, i, gain)
    if not options:
        if choice is not None:
            return [(Msg("space {target} is free, so there is no behind/ahead choice to make", target=target), rule)]
        return []
    if choice is None:
        allowed = [c for c in ("behind", "ahead") if c in options]
        how = [str(action.evolve(track=c)) for c in allowed] if action is not None else allowed
        return [
            (
                Msg("space {target} is occupied: choose where to stop; the choices are: {how}", target=target, how=how),
                rule,
            )
        ]
    if choice not in options:
        return [(Msg("there is no free space behind {target} on the track", target=target), rule)]
    return []


def behind_decided(before: State, action: Any, after: State) -> bool:
    """The situation the switch ``track_behind`` decides (its ``Reach``): a painter lands on
    a taken space and chooses behind or ahead, and the three readings of 'behind' offer
    different stops (or none)."""
    if getattr(action, "track", None) is None:
        return False
    i = before.names.index(action.player)
    track = _CAT["track"]
    gain = sum(after.players[i].points) - after.players[i].points[track]
    gain -= sum(before.players[i].points) - before.players[i].points[track]
    own = before.players[i].vp
    return len({behind_stop(occupied(before, i), own, own + gain, how) for how in get_args(TrackBehind)}) > 1
