"""Common supplies: the bank of thalers and the paint supply (Setup 6-7; Big Box paints).

Small helpers every location uses, so the one rule about each supply lives here:
the bank pays only what it holds (kit's reading, ``supply.coins``); a limited paint
supply gives only what it holds (``supply.paints``), an unlimited one (Big Box,
``bigbox.paints``) notes any shortfall in ``state.paper``.  They change the fresh
state copy they are given.
"""
from __future__ import annotations

from .data import PAINT_COUNTS
from .state import PlayerState, State


def set_player(s: State, i: int, p: PlayerState) -> None:
    """Copy-on-write replacement of player ``i``."""
    ps = list(s.players)
    ps[i] = p
    s.players = tuple(ps)


def covers(have: tuple[int, ...], need: tuple[int, ...]) -> bool:
    """Whether a paint vector holds at least another (unrolled: a hot path)."""
    return (have[0] >= need[0] and have[1] >= need[1] and have[2] >= need[2] and have[3] >= need[3]
            and have[4] >= need[4] and have[5] >= need[5])


def add(a: tuple[int, ...], b: tuple[int, ...], sign: int = 1) -> tuple[int, ...]:
    """a + sign * b, colour by colour."""
    return (a[0] + sign * b[0], a[1] + sign * b[1], a[2] + sign * b[2], a[3] + sign * b[3],
            a[4] + sign * b[4], a[5] + sign * b[5])


def supply_covers(s: State, need: tuple[int, ...]) -> bool:
    """Whether the paint supply can hand out ``need`` (always, when unlimited)."""
    return s.switches.unlimited_paints or covers(s.supply, need)


def take_paints(s: State, p: PlayerState, need: tuple[int, ...]) -> None:
    """Move paints from the supply to player ``p`` (a fresh copy); shortfalls go on paper."""
    supply, paper = list(s.supply), list(s.paper)
    for k, n in enumerate(need):
        if n:
            short = max(0, n - supply[k])
            supply[k] -= n - short
            paper[k] += short
    s.supply, s.paper = tuple(supply), tuple(paper)
    p.paints = add(p.paints, need)


def return_paints(s: State, p: PlayerState, paid: tuple[int, ...]) -> None:
    """Move paints from player ``p`` (a fresh copy) back; they first strike out paper notes."""
    supply, paper = list(s.supply), list(s.paper)
    for k, n in enumerate(paid):
        if n:
            struck = min(n, paper[k])
            paper[k] -= struck
            supply[k] += n - struck
    s.supply, s.paper = tuple(supply), tuple(paper)
    p.paints = add(p.paints, paid, -1)


def pay_from_bank(s: State, p: PlayerState, amount: int) -> int:
    """The bank pays up to ``amount`` to ``p`` (a fresh copy); returns what was paid."""
    paid = min(amount, s.bank)
    s.bank -= paid
    p.thalers += paid
    return paid


def pay_to_bank(s: State, p: PlayerState, amount: int) -> None:
    p.thalers -= amount
    s.bank += amount


def paint_total_ok(s: State) -> bool:
    """Conservation: supply + players' paints - paper notes = the 78 pieces."""
    held = [sum(p.paints[k] for p in s.players) for k in range(len(PAINT_COUNTS))]
    return all(s.supply[k] + held[k] - s.paper[k] == PAINT_COUNTS[k] for k in range(len(PAINT_COUNTS)))
