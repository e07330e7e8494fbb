"""The situations Lorenzo's rule switches decide (``Switch.reach``), as the simulation
runner tests them: at setup, after each action (``before, action, after``) or on the
final state.  ``INFO`` attaches :data:`REACH` to the switches of :mod:`.readings`.  The tests
live in :mod:`.situations` and read the engine's own helpers; each is imported at its first
call, so listing the games (which builds ``INFO``) loads no engine module."""

from __future__ import annotations

from typing import Any

from fresco_kit.core.plugins import deferred
from fresco_kit.core.registry import Reach


def _test(name: str) -> Any:
    """The test ``name`` of :mod:`.situations`, imported when first called."""
    return deferred(__package__ or "", "situations", name)


#: the screens of the step tests (``Reach.screen``): an extra action answered, a member
#: placed, an excommunicated player acting
_EXTRA, _PLACED, _EXCOMMUNICATED = _test("extra_answered"), _test("placed"), _test("excommunicated_acts")

REACH: dict[str, Reach] = {
    "win_tie_break": Reach("end", "a tie for the most VP at the end", _test("top_tie")),
    "military_zero_competes": Reach(
        "end", "a player on 0 military points placed first or second at the end", _test("zero_military_places")
    ),
    "extra_action_floor_bonus": Reach(
        "step", "an extra action into a tower floor with a bonus", _test("extra_floor_bonus"), _EXTRA
    ),
    "extra_action_pays_occupied": Reach(
        "step", "an extra action into an occupied tower", _test("extra_into_occupied"), _EXTRA
    ),
    "servants_in_pairs": Reach(
        "step", "servants paid under the 2-servants-per-+1 excommunication", _test("servants_by_twos"), _EXCOMMUNICATED
    ),
    "last_report_scores_excommunicated": Reach(
        "end", "a player excommunicated at the last report", _test("excommunicated_at_last_report")
    ),
    "large_space_penalty_after_minimum": Reach(
        "step",
        "a member on a large harvest/production space worth 1 to 3 before its -3",
        _test("weak_on_large_space"),
        _PLACED,
    ),
    "colour_rule": Reach(
        "step",
        "a coloured member placed in a tower or zone that holds another coloured member of its owner or of its "
        "die colour",
        _test("colour_clash"),
        _PLACED,
    ),
    "empty_floor_placement": Reach(
        "step",
        "a member placed while a tower floor stands empty (no card, no member)",
        _test("empty_floor_open"),
        _PLACED,
    ),
    "extra_action_modifiers": Reach(
        "step",
        "an extra action answered by a player with a bonus or malus for an action it offers",
        _test("modified_extra"),
        _EXTRA,
    ),
    "extra_action_optional": Reach(
        "step",
        "an extra action answered while it could be taken (may it be declined?)",
        _test("takeable_extra"),
        _EXTRA,
    ),
    "forfeit_any_member": Reach("step", "a member given up though it could be placed", _test("placeable_forfeited")),
    "gain_losses": Reach(
        "step",
        "a player under a 'gain 1 less' excommunication ends an action with more of a resource it names",
        _test("gained_under_loss"),
        _EXCOMMUNICATED,
    ),
    "skipped_placement_returns": Reach(
        "step", "a round begins with a player under the 'skip your first action' excommunication", _test("skip_round")
    ),
    "military_ties": Reach(
        "end", "a tie for the most military points with a player behind them", _test("military_top_tie")
    ),
    "initial_order": Reach("setup", "the first turn order is set (every game)", lambda state: True),
}
