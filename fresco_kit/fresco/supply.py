"""Common supplies: the bank of thalers and the paint supply (Setup 6-7; Big Box paints).

Small helpers every location uses (and the bag of market tiles), so the one rule about each supply lives here:
the bank pays only what it holds (a reading, ``supply.coins``: :mod:`.readings`), or, with the
switch ``unlimited_coins``, all that is due, the thalers it lacks noted on paper
(``state.bank_paper``); a limited paint
supply gives only what it holds (``supply.paints``), an unlimited one (Big Box,
``bigbox.paints``) notes any shortfall in ``state.paper``.  They compute the new
supplies; the locations put them, with the player's new pieces, into the fresh state
copy they build (:func:`set_player`, ``fresco_kit.core.assign``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fresco_kit.core import Rng, assign
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from .refs import RULES

if TYPE_CHECKING:
    from .state import PlayerState, State


def set_player(s: State, i: int, p: PlayerState, **changes: Any) -> None:
    """Put player ``i``'s new record ``p`` into ``s`` (a fresh copy), with other ``changes``."""
    ps = list(s.players)
    ps[i] = p
    assign(s, players=tuple(ps), **changes)


def covers(have: tuple[int, ...], need: tuple[int, ...]) -> bool:
    """Whether a paint vector holds at least another (unrolled: a hot path)."""
    return (
        have[0] >= need[0]
        and have[1] >= need[1]
        and have[2] >= need[2]
        and have[3] >= need[3]
        and have[4] >= need[4]
        and have[5] >= need[5]
    )


def add(a: tuple[int, ...], b: tuple[int, ...], sign: int = 1) -> tuple[int, ...]:
    """a + sign * b, colour by colour."""
    return (
        a[0] + sign * b[0],
        a[1] + sign * b[1],
        a[2] + sign * b[2],
        a[3] + sign * b[3],
        a[4] + sign * b[4],
        a[5] + sign * b[5],
    )


def supply_covers(s: State, need: tuple[int, ...]) -> bool:
    """Whether the paint supply can hand out ``need`` (always, when unlimited)."""
    return s.switches.unlimited_paints or covers(s.supply, need)


Paints = tuple[int, ...]


def take_from_supply(supply: Paints, paper: Paints, need: Paints) -> tuple[Paints, Paints]:
    """``(supply, paper)`` after ``need`` leaves the supply; a shortfall (possible only
    with unlimited paints, see :func:`supply_covers`) is noted on paper."""
    new_supply, new_paper = list(supply), list(paper)
    for k, n in enumerate(need):
        if n:
            short = max(0, n - new_supply[k])
            new_supply[k] -= n - short
            new_paper[k] += short
    return tuple(new_supply), tuple(new_paper)


def return_to_supply(supply: Paints, paper: Paints, paid: Paints) -> tuple[Paints, Paints]:
    """``(supply, paper)`` after ``paid`` comes back: it first strikes out paper notes."""
    new_supply, new_paper = list(supply), list(paper)
    for k, n in enumerate(paid):
        if n:
            struck = min(n, new_paper[k])
            new_paper[k] -= struck
            new_supply[k] += n - struck
    return tuple(new_supply), tuple(new_paper)


def bank_pays(s: State, amount: int, events: list) -> tuple[int, dict[str, int]]:
    """What the bank pays of ``amount``, and the bank's fields after paying (to ``assign``).

    The kit's reading (``supply.coins``): only what it holds.  With the switch
    ``unlimited_coins`` (the reading's alternative): all of it; the thalers the bank lacks
    are noted on paper (``bank_paper``, a running total: thalers paid back go to the bank),
    which ``events`` is told."""
    if not s.switches.unlimited_coins:
        paid = min(amount, s.bank)
        return paid, {"bank": s.bank - paid}
    short = max(0, amount - s.bank)
    if not short:
        return amount, {"bank": s.bank - amount}
    tell(
        events,
        RULES["supply.coins"],
        lambda: Msg.n(
            short,
            "the bank lacks {n} thaler: noted on paper (switch unlimited_coins)",
            "the bank lacks {n} thalers: noted on paper (switch unlimited_coins)",
        ),
    )
    return amount, {"bank": s.bank - amount + short, "bank_paper": s.bank_paper + short}


def draw_tiles(bag: list[int], k: int, rng: Rng) -> list[int]:
    """Draw ``k`` market tiles at random from ``bag`` (changed in place), or all it holds
    (Setup, 4. The market; preparing the next round: refilling the booths)."""
    drawn = []
    for _ in range(min(k, len(bag))):
        drawn.append(bag.pop(rng.randbelow(len(bag))))
    return drawn
