"""Is a position sound?  Components conserved, and the turn bookkeeping as the rules leave it.

Not a rulebook section: these checks guard positions that did not come from playing
(a loaded save, a hand-built position).  Each problem names the field of the saved form
(:mod:`.saved`) where it shows, so that a bad save is refused with a ``SaveError``
naming that field, and a loaded position always plays on.

- :func:`conservation`: the 14 market tiles, the 25 fresco tiles, the 196 thalers and
  the paint pieces are each accounted for once; nothing is negative; one painter per
  track space, start space and get-up time.
- :func:`bookkeeping`: booth sizes, removed tiles, plans, and phase by phase whose turn
  it is.

:func:`problems` is the one convention (as in every game of the kit): a loaded save is
refused with its first problem (:func:`load_state`), and ``rules.invariants`` (derived
from it) reports them after every action of the soak runs and the shared property test.
"""

from __future__ import annotations

from typing import Any

from fresco_kit.core import SaveError

from . import data
from .state import State
from .turns import turn_order, uses_at, wake_order

Problem = tuple[str, str]  # (field of the saved form, what is wrong)


def load_state(data_: Any, path: str = "state") -> State:
    """A state from ``State.to_dict()`` output: every field checked (``State.from_dict``),
    then the whole position (:func:`problems`).  Raises only ``SaveError``, naming the
    first bad field."""
    s = State.from_dict(data_, path)
    found = problems(s)
    if found:
        where, what = found[0]
        raise SaveError(f"{path}.{where}: {what}")
    return s


def problems(s: State) -> list[Problem]:
    """Every problem of a position as ``(field, what is wrong)``, empty when it is sound:
    the conservation problems, or when there are none the turn-bookkeeping ones (which
    assume the pieces add up).  The one check of a position: :func:`load_state` refuses a
    save with the first, :func:`invariants` writes them all out."""
    return conservation(s) or bookkeeping(s)


def conservation(s: State) -> list[Problem]:
    """Conservation and non-negativity violations (empty when the state is sound)."""
    out: list[Problem] = []
    market_tiles = sorted(s.bag + s.removed + tuple(t for b in s.booths for t in b))
    if market_tiles != list(range(len(data.MARKET_TILES))):
        out.append(("bag", "the 14 market tiles must each be in the bag, a booth or removed, once"))
    fresco_tiles = sorted([t for t in s.fresco if t >= 0] + [t for p in s.players for t in p.tiles])
    if fresco_tiles != list(range(len(data.FRESCO_TILES))):
        out.append(("fresco", "the 25 fresco tiles must each be on the fresco or with one player, once"))
    if s.bank + sum(p.thalers for p in s.players) != data.COINS + s.bank_paper:
        out.append(("bank", f"the bank and the players' thalers must add up to {data.COINS} + the thalers on paper"))
    if s.bank < 0 or any(x < 0 for x in s.supply + s.paper):
        out.append(("supply", "the supplies cannot be negative"))
    elif not paint_total_ok(s):
        out.append(
            (
                "supply",
                "the paints must add up: supply + players' paints - paper notes = "
                + ", ".join(f"{n} {c}" for c, n in zip(data.COLOURS, data.PAINT_COUNTS)),
            )
        )
    if not s.switches.unlimited_paints and any(s.paper):
        out.append(("paper", "paper notes only with an unlimited paint supply (Big Box)"))
    if not s.switches.unlimited_coins and s.bank_paper:
        out.append(("bank_paper", "thalers on paper only with an unlimited bank (switch unlimited_coins)"))
    if s.theater_held is not None and (
        not s.switches.theater_after_getup or len(s.theater_held) != s.n or not any(s.theater_held)
    ):
        out.append(
            ("theater_held", "theater moves are held back only with the switch theater_after_getup, one count a player")
        )
    for i, p in enumerate(s.players):
        at = f"players[{i}]"
        if p.thalers < 0 or any(x < 0 for x in p.paints) or p.vp < 0:
            out.append((at, "a player cannot hold a negative amount"))
        if not 0 <= p.mood < data.MOOD_LENGTH:
            out.append((f"{at}.mood", f"a mood space from 0 to {data.MOOD_LENGTH - 1}"))
        if sum(p.points) != p.vp:
            out.append((f"{at}.points", f"the points by category must add up to the track space {p.vp}"))
        if (p.vp == 0) == (p.start == 0):
            out.append(
                (f"{at}.start", "a painter is on a start space (vp 0) or on the track (start 0), not both or neither")
            )
        elif p.start and not 1 <= p.start <= s.n:
            out.append((f"{at}.start", f"start spaces are S1 to S{s.n} with {s.n} players"))
        others = s.players[:i]
        if p.vp and any(q.vp == p.vp for q in others):
            out.append((f"{at}.vp", f"two painters share a victory point space ({p.vp})"))
        if p.start and any(q.start == p.start for q in others):
            out.append((f"{at}.start", f"two painters share start space S{p.start}"))
        if p.time and any(q.time == p.time for q in others):
            out.append((f"{at}.time", f"two painters share the get-up time {p.time}"))
    return out


def bookkeeping(s: State) -> list[Problem]:
    """Where a state's turn bookkeeping contradicts the rules (empty when it fits).

    Booth sizes, the removed tiles, get-up times, plans (one count per sheet column, at
    most 3 each, no more apprentices than the player has) and, phase by phase, whose
    turn it is."""
    out: list[Problem] = []
    sizes = data.BOOTH_SIZES[s.n]
    if len(s.booths) != len(sizes):
        out.append(("booths", f"{len(sizes)} booths with {s.n} players"))
    for b, (booth, k) in enumerate(zip(s.booths, sizes)):
        if len(booth) not in (0, k):
            out.append((f"booths[{b}]", f"booth {b + 1} holds {k} tiles, or none once emptied"))
    if sorted(s.removed) != sorted(data.REMOVED_FOR_3 if s.n == 3 else ()):
        removed = ", ".join(data.MARKET_TILES[t].id for t in data.REMOVED_FOR_3)
        out.append(("removed", f"{removed} with 3 players, none with 4"))
    for i, p in enumerate(s.players):
        if p.time and p.time not in data.INN:
            out.append((f"players[{i}].time", f"0 (in bed) or a get-up time of the inn: {data.TIMES}"))
        if p.plan is not None and (len(p.plan) != len(s.sheet) or sum(p.plan) > p.apprentices):
            out.append(
                (
                    f"players[{i}].plan",
                    f"one count per column of {', '.join(s.sheet)}, {p.apprentices} apprentices at most",
                )
            )
    visiting = s.phase == "act" and s.loc < len(s.sheet) and s.sheet[s.loc] == "cathedral"
    if (s.altar_this_visit or s.bishop_this_visit) and not visiting:
        out.append(("altar_this_visit", "what a cathedral visit did is kept only while that visit lasts"))
    return out or _turn_problems(s)


def _turn_problems(s: State) -> list[Problem]:
    """Phase by phase: who has chosen/planned, and whose turn it is."""
    everyone = list(range(s.n))
    if sorted(s.chooser) != everyone:
        return [("chooser", "every player once, in choosing order")]
    timed = [p.time != 0 for p in s.players]
    planned = [p.plan is not None for p in s.players]
    if s.phase == "wake":
        if not 0 <= s.wake_at < s.n:
            return [("wake_at", f"the number of get-up choices made, 0 to {s.n - 1}")]
        if s.chooser != wake_order(s):
            return [("chooser", "the players from last to first on the track (S1 last)")]
        chosen = {s.chooser[k] for k in range(s.wake_at)}
        for i in everyone:
            if timed[i] != (i in chosen):
                return [(f"players[{i}].time", "a get-up time exactly for the players who have chosen")]
            if planned[i]:
                return [(f"players[{i}].plan", "no plan before every get-up time is chosen")]
        if s.order:
            return [("order", "no phase II order before every get-up time is chosen")]
        return []
    if s.wake_at != s.n:
        return [("wake_at", f"{s.n}: every player has chosen a get-up time")]
    for i in everyone:
        if not timed[i]:
            return [(f"players[{i}].time", "a get-up time: every player has chosen one")]
    if s.order != turn_order(s):
        return [("order", "the players by get-up time, earliest first")]
    if s.phase == "plan":
        return [] if not all(planned) else [("phase", "planning is over once every player has planned")]
    for i in everyone:
        if not planned[i]:
            return [(f"players[{i}].plan", "a plan: every player has planned before the actions")]
    if s.phase == "act":
        if not (s.loc < len(s.sheet) and 0 <= s.actor < s.n):
            return [("actor", "a player acting at a location of the sheet")]
        count = s.players[s.order[s.actor]].plan[s.loc]  # type: ignore[index]  # all planned: checked above
        if not count:
            return [("actor", "a player with apprentices at this location")]
        if not 1 <= s.left <= uses_at(s.sheet[s.loc], count):
            return [("left", f"the uses left here, 1 to {uses_at(s.sheet[s.loc], count)}")]
    if s.phase == "final_count" and not 0 <= s.final_at < s.n:
        return [("final_at", f"the place in the order of the player to settle, 0 to {s.n - 1}")]
    return []


def paint_total_ok(s: State) -> bool:
    """Conservation: supply + players' paints - paper notes = the 78 pieces."""
    counts = data.PAINT_COUNTS
    held = [sum(p.paints[k] for p in s.players) for k in range(len(counts))]
    return all(s.supply[k] + held[k] - s.paper[k] == counts[k] for k in range(len(counts)))


def invariants(s: State) -> list[str]:
    """Everything unsound in a position, as ``field: what is wrong`` lines: :func:`problems`
    written out (``rules.invariants``, checked after every action by the soak runs and
    the shared property test; empty when the position is sound)."""
    return [f"{where}: {what}" for where, what in problems(s)]
