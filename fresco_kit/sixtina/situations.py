"""The situations 1980 Sixtina's rule switches decide (``Switch.reach``), as the simulation
runner tests them: at setup (``state``), after each action (``before, action, after``) or on
the final state (``state, sheet``).  :mod:`.readings` names these tests (imported at their
first call, so listing the games loads no engine module); each asks the engine's own
functions, often the position read both ways, so "reached" means the readings disagree there."""

from __future__ import annotations

from functools import cache
from typing import Any

from .actions import Acquire, InitialRestoration, Prepare, Restore
from .codes import EMPTY, EXCELLENT, PLACE_INDEX, PRUDENT, RESTORED, VISIBLE
from .completion import revealable
from .final import prudent_cards_by_technique
from .objectives import objective_met, objectives_claimed
from .rules import apply_fast
from .scoring import fresco_points, leftover_points
from .state import State
from .switches import SWITCH, given_switches, setting, switches_json


# -- screens (``Reach.screen``): cheap conditions that hold wherever the tests they screen do
def decision_owed(before: Any, action: Any, after: State) -> bool:
    """A decision is owed after the action (the tests of a bonus or a reveal choice)."""
    return bool(after.pending)


def status_changed(before: Any, action: Any, after: State) -> bool:
    """A fresco was uncovered or flipped in the action (its status tuple was replaced)."""
    return after.status is not before.status


def two_players(before: Any, action: Any, after: State) -> bool:
    """A two-player game (the tests of Gianluigi's turn)."""
    return bool(before.two_player)


def _other_way(state: State, name: str) -> list[State]:
    """``state`` with switch ``name`` set to each value other than the one in force (an
    unchecked copy: only the switches differ, and the runner asks after every action)."""
    return [state.evolve(switches=other) for other in _other_switches(state.switches, name)]


@cache
def _other_switches(switches: str, name: str) -> tuple[str, ...]:
    """The switch texts (``State.switches``) of ``switches`` with ``name`` set to each other
    value (worked out once per game's switches)."""
    given = dict(given_switches(switches)) if switches else {}
    now = given.get(name, SWITCH[name].default)
    return tuple(switches_json({**given, name: value}) for value in SWITCH[name].choices if value != now)


def _objective_read_both_ways(name: str, objectives: tuple[str, ...], after: State) -> bool:
    """A player choosing an excellent restoration's bonus meets one of ``objectives`` by one
    reading of switch ``name`` and not by another."""
    if not after.pending or after.pending[0].KIND != "bonus":
        return False
    seat = after.acting_seat
    for objective in set(objectives) & set(after.objectives):
        met = objective_met(after, seat, objective)
        if any(objective_met(other, seat, objective) != met for other in _other_way(after, name)):
            return True
    return False


def fresco_types_differ(before: Any, action: Any, after: State) -> bool:
    """A bonus choice where the two readings of a fresco's type meet a type objective differently."""
    return _objective_read_both_ways("fresco_types", ("sametype2", "difftype3"), after)


def three_ongoing_differs(before: Any, action: Any, after: State) -> bool:
    """A bonus choice where '6 materials on three ongoing restorations' is met by one reading only."""
    return _objective_read_both_ways("three_ongoing", ("three6",), after)


def adjacent_differs(before: Any, action: Any, after: State) -> bool:
    """A bonus choice where the adjacent-frescoes objective is met by one reading only."""
    return _objective_read_both_ways("adjacent_frescoes", ("adjacent3",), after)


def technique_lists_differ(before: Any, action: Any, after: State) -> bool:
    """A bonus choice where an objective listing three techniques is met by one reading only."""
    return _objective_read_both_ways("objective_techniques", ("exc2", "cor2", "ec3"), after)


def restorations_counted_differ(before: Any, action: Any, after: State) -> bool:
    """A bonus choice where a Restored Frescoes or '8 materials' objective is met by one way of
    counting only: the restorations and materials on flipped frescoes count
    (``State.flipped_restorations``, kept with the switch restorations_counted "every one made";
    the kit's reading keeps no record, so this is reached only when the switch is set)."""
    if after.flipped_restorations is None:
        return False
    return _objective_read_both_ways("restorations_counted", ("materials8", "exc2", "cor2", "ec3"), after)


def uncover_choice_differs(before: Any, action: Any, after: State) -> bool:
    """A new fresco is to be uncovered and the frescoes it may be differ by reading."""
    if not after.pending or after.pending[0].KIND != "reveal":
        return False
    return any(revealable(other) != revealable(after) for other in _other_way(after, "uncover_next_to"))


def gianluigi_without_material(before: Any, action: Any, after: State) -> bool:
    """In a two-player game a player's restoration activates Gianluigi while his colour's
    supply is empty (before and after the action: no completion refilled it)."""
    gian = before.n
    return bool(
        isinstance(action, Restore) and before.two_player and before.supply[gian] == 0 and after.supply[gian] == 0
    )


def _scores_differ(name: str, before: State, action: Any, after: State) -> bool:
    """The action's points (the score track) differ when played by another reading of ``name``."""
    return any(apply_fast(other, action).score != after.score for other in _other_way(before, name))


def shared_negative_differs(before: Any, action: Any, after: State) -> bool:
    """The action completes a fresco (or ends the game) and its points differ by the
    rounding of negative shares.  Only a fresco that may score below 0 can give a negative
    share, so the action is played the other way only then."""
    done = [p for p, (a, b) in enumerate(zip(after.status, before.status)) if a == RESTORED and b != RESTORED]
    return any(_may_score_negative(before, p) for p in done) and _scores_differ(
        "negative_shares", before, action, after
    )


def _may_score_negative(state: State, place: int) -> bool:
    """Whether the fresco at ``place`` can score below 0 once the action completes it (1. Modify
    Scores): each of its empty spaces filled by a prudent restoration, at worst."""
    codes = state.spaces[place]
    excellent = sum(1 for c in codes if c != EMPTY and (c >> 3) == EXCELLENT)
    prudent = sum(1 for c in codes if c == EMPTY or (c >> 3) == PRUDENT)
    return min(fresco_points(state.fresco(place).scores, excellent, prudent)) < 0


def last_fresco_differs(before: Any, action: Any, after: State) -> bool:
    """The action ends the game and the last fresco's half points differ by the order of
    halving and sharing."""
    return bool(after.over and not before.over) and _scores_differ("last_fresco_halving", before, action, after)


def leftover_differs(state: State, sheet: Any) -> bool:
    """A player's leftover points depend on which cards are counted (hand, kept, both)."""
    for seat in range(state.n):
        hand, kept, play = len(state.hands[seat]), len(state.display[seat]), state.play[seat]
        if len({leftover_points(c, play) for c in (hand, hand + kept, kept)}) > 1:
            return True
    return False


def _top(state: State, sheet: Any) -> list[int]:
    """The colours that compete for the victory (switch gianluigi_wins)."""
    return list(range(state.n if setting(state, "gianluigi_wins") == "no" else len(state.colours)))


def reserve_tie(state: State, sheet: Any) -> bool:
    """Two or more competitors tie on points and on objectives claimed: the reserve decides."""
    keys = [(sheet.totals[state.colours[c]], objectives_claimed(state.claims, c)) for c in _top(state, sheet)]
    return keys.count(max(keys)) > 1


def gianluigi_top(state: State, sheet: Any) -> bool:
    """In a two-player game Gianluigi's total is the highest or ties for it."""
    if not state.two_player:
        return False
    return bool(sheet.totals[state.colours[state.n]] >= max(sheet.totals.values()))


def contribution_place_free(state: State, sheet: Any) -> bool:
    """A player without material on a restored fresco could take a place of the final
    Contribution that fewer than three contributors fill."""
    holding = [sum(1 for z in state.zone if z == c) for c in range(len(state.colours))]
    return 0 in holding and sum(1 for h in holding if h > 0) < 3


def prudent_lead_tied(state: State, sheet: Any) -> bool:
    """Two or more players tie for the most kept prudent cards of a technique."""
    for by_player in prudent_cards_by_technique(state).values():
        counts = [len(v) for v in by_player.values() if v]
        if counts and counts.count(max(counts)) > 1:
            return True
    return False


def acquire_without_card(before: Any, action: Any, after: State) -> bool:
    """A player plays Acquire Material with no card."""
    return isinstance(action, Acquire) and not action.cards


def preparation_draws_nothing(before: Any, action: Any, after: State) -> bool:
    """A player who holds cards prepares and draws none (a full hand, or no card left)."""
    if not isinstance(action, Prepare) or before.pending:
        return False
    seat = before.current
    return bool(before.hands[seat]) and len(after.hands[seat]) == len(before.hands[seat])


def uncover_before_gianluigi_differs(before: Any, action: Any, after: State) -> bool:
    """In a two-player restoration turn the action comes to rest elsewhere when played by the
    other order of uncovering and Gianluigi's restoration (a fresco the player's restoration
    completed is owed while Gianluigi still owes his)."""
    if not before.two_player or not (isinstance(action, Restore) or before.gian_due):
        return False
    return any(_rest_differs(other, action, after) for other in _other_way(before, "two_player_order"))


def _rest_differs(other: State, action: Any, after: State) -> bool:
    """``action`` played on ``other`` (the same position, another switch value) leaves a
    position other than ``after`` (the switches apart)."""
    return apply_fast(other, action).evolve(switches=after.switches) != after


def setup_fills_a_fresco(before: Any, action: Any, after: State) -> bool:
    """The last initial restoration of Setup, step 9, leaves a visible fresco with every space taken."""
    if not isinstance(action, InitialRestoration) or before.initial_left != 1:
        return False
    if before.spaces[PLACE_INDEX[action.place]].count(EMPTY) == 1:  # this placement fills its fresco
        return True
    return any(s == VISIBLE and EMPTY not in row for s, row in zip(before.status, before.spaces))
