"""Phase I: choosing the get-up time and adjusting mood (Fresco rulebook, Phase I).

The player last on the VP track chooses first (at the start S1 counts as last); each
time holds one painter; the inn's mood change applies at once, clamped to the column;
the "+1"/"-1" spaces then give or take an apprentice (returned on leaving); the time
fixes the market price and, once all have chosen, the player order of phase II.
"""

from __future__ import annotations

from fresco_kit.core import assign
from fresco_kit.core.actions import made
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from . import data, names
from .actions import Wake
from .refs import RULES
from .state import State
from .supply import set_player
from .turns import AWAITING, turn_order, wake_order

__all__ = [
    "apply",
    "checks",
    "clamp_mood",
    "fix_order",
    "free_times",
    "helper_for",
    "legal",
    "turn_order",
    "wake_order",
]


def helper_for(mood: int) -> int:
    """+1 on a "+1" space (natural apprentice held), -1 on a "-1" space, else 0."""
    return 1 if mood in data.MOOD_PLUS else -1 if mood in data.MOOD_MINUS else 0


def clamp_mood(mood: int) -> int:
    """Keep a mood painter on its column (``p1.mood``)."""
    return max(0, min(data.MOOD_LENGTH - 1, mood))


def free_times(s: State) -> list[int]:
    """The get-up times no painter holds yet (``p1.unique``)."""
    taken = {p.time for p in s.players}
    return [t for t in data.TIMES if t not in taken]


def checks(s: State, a: Wake) -> list:
    """Why ``a`` may not be chosen now (``p1.order``, ``p1.unique``); [] if it may."""
    reasons = []
    if s.phase != "wake":
        return [
            (
                Msg("get-up times are chosen only at the start of a round; {awaiting}", awaiting=AWAITING),
                RULES["p1.order"],
            )
        ]
    if a.player not in s.names:
        return [
            (Msg("{player} is not playing (players: {names})", player=a.player, names=list(s.names)), RULES["p1.order"])
        ]
    chooser = s.names[s.chooser[s.wake_at]]
    if a.player != chooser:
        reasons.append(
            (
                Msg("{player} chooses now (last on the victory point track chooses first)", player=chooser),
                RULES["p1.order"],
            )
        )
    if a.time not in data.INN:
        reasons.append(
            (
                Msg("the inn has get-up times {first}..{last} only", first=data.TIMES[0], last=data.TIMES[-1]),
                RULES["p1.unique"],
            )
        )
    elif a.time not in free_times(s):
        reasons.append((Msg("{time} o'clock is already taken", time=a.time), RULES["p1.unique"]))
    return reasons


def _got_up(a: Wake, change: int, before: int, after: int, price: int) -> Msg:
    """The text of a get-up choice ``a``: the mood ``change`` from space ``before`` to
    ``after`` and the market ``price`` (a module-level text function: an event keeps its
    text-maker until read, and one keeps less than a lambda)."""
    return Msg(
        "{player} gets up at {time} o'clock: mood {change:+d} (space {before} -> {after}), market price {price}",
        player=a.player,
        time=a.time,
        change=change,
        before=names.mood_space(before),
        after=names.mood_space(after),
        price=price,
    )


def apply(s: State, a: Wake, events: list) -> None:
    """Place the painter, adjust mood and apprentices (after the last choice the flow fixes
    the order: :func:`fix_order`)."""
    i = s.names.index(a.player)
    p = s.players[i]
    change, price = data.tables(s.data).inn[a.time]
    mood = clamp_mood(p.mood + change)
    held = s.theater_held[i] if s.theater_held else 0
    tell(events, RULES["p1.mood"], _got_up, a, change, p.mood, mood, price)
    if held:
        mood = _theater_after_getup(s, i, a.player, mood, events)
    helper = helper_for(mood)
    if helper != p.helper:
        if p.helper == 1:
            tell(
                events,
                RULES["mood.plus"],
                lambda: Msg("{player} leaves the +1 spaces and returns the natural apprentice", player=a.player),
            )
        if p.helper == -1:
            tell(
                events,
                RULES["mood.minus"],
                lambda: Msg("{player} leaves the -1 spaces and takes the apprentice back", player=a.player),
            )
        if helper == 1:
            tell(
                events,
                RULES["mood.plus"],
                lambda: Msg("{player} is on a +1 space: takes the natural apprentice (6 actions)", player=a.player),
            )
        if helper == -1:
            tell(
                events,
                RULES["mood.minus"],
                lambda: Msg("{player} is on a -1 space: one apprentice sits out (4 actions)", player=a.player),
            )
    set_player(s, i, p.evolve(time=a.time, mood=mood, helper=helper), wake_at=s.wake_at + 1)


def _theater_after_getup(s: State, i: int, player: str, mood: int, events: list) -> int:
    """Add player ``i``'s theater spaces held back (switch ``theater_after_getup``) after
    the get-up's mood change, clamped (``theater``); returns the new mood space."""
    assert s.theater_held is not None  # called only with spaces held back
    held = list(s.theater_held)
    spaces, held[i] = held[i], 0
    after = clamp_mood(mood + spaces)
    tell(
        events,
        RULES["theater"],
        lambda: Msg(
            "{player}: the theater's {n} spaces come now (mood space {before} -> {after})",
            player=player,
            n=spaces,
            before=names.mood_space(mood),
            after=names.mood_space(after),
        ),
    )
    assign(s, theater_held=tuple(held) if any(held) else None)
    return after


def fix_order(s: State, events: list) -> None:
    """Every player has chosen: the get-up times give the phase II order (``p1.turn_order``;
    the flow's step ``order``)."""
    assign(s, order=turn_order(s))
    tell(
        events,
        RULES["p1.turn_order"],
        lambda order, players: Msg(
            "player order: {order}",
            order=[Msg("{player} ({time})", player=s.names[i], time=players[i].time) for i in order],
        ),
        s.order,
        s.players,
    )


def legal(s: State) -> list[Wake]:
    """Every get-up time the chooser may take now."""
    player = s.names[s.chooser[s.wake_at]]
    return [made(Wake, player, t) for t in free_times(s)]
