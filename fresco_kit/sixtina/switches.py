"""1980 Sixtina's rule switches: the readings a game can play another way.

``new_game(..., switches={name: value})`` (``INFO.switches``); the state keeps the
switches set (``State.switches``, canonical JSON) and the engine asks :func:`setting` for
the value in force.  Each switch's ``default`` is the kit's reading (its first choice), its
``rule`` the checklist id it changes, its ``reach`` the situation it decides (the tests of
:mod:`.situations`, imported at their first call so that listing the games loads no engine
module).  The reading each switch plays is in :mod:`.readings`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from fresco_kit.core.plugins import deferred
from fresco_kit.core.registry import Reach, Switch


def _test(name: str) -> Any:
    """The test ``name`` of :mod:`.situations`, imported when first called."""
    return deferred(__package__ or "", "situations", name)


#: the screens of the step tests (``Reach.screen``): a decision is owed after the action, a
#: fresco changed status in it, a two-player game
_DECISION, _STATUS, _TWO = _test("decision_owed"), _test("status_changed"), _test("two_players")


def _objective_choice(what: str, test: str) -> Reach:
    """The situation of a switch that reads an objective: a bonus choice where it differs."""
    return Reach("step", f"a player choosing a bonus meets {what} by one reading only", _test(test), _DECISION)


SWITCHES: tuple[Switch, ...] = (
    Switch(
        "fresco_types",
        "what a fresco's type is, for the two Type of Restoration objectives that ask for it: 'kit' the kit's "
        "four illustrative types, 'decks' the fresco's deck (Jesus Christ, Genesis, Moses, The Last Judgment)",
        ("kit", "decks"),
        rule="obj.sametype2",
        default="kit",
        reach=_objective_choice("a fresco-type objective", "fresco_types_differ"),
    ),
    Switch(
        "negative_shares",
        "how tied players' shares (and the last fresco's halves) are rounded: 'down' to the lower number "
        "(-1.5 gives -2), 'toward zero' by dropping the fraction (-1.5 gives -1)",
        ("down", "toward zero"),
        rule="complete.score",
        default="down",
        reach=Reach(
            "step", "a fresco scored whose points differ by the rounding", _test("shared_negative_differs"), _STATUS
        ),
    ),
    Switch(
        "gianluigi_wins",
        "with two players, whether Gianluigi can win: 'yes' he is ranked with the players, 'no' only the two "
        "players compete for the victory",
        ("yes", "no"),
        rule="final.winner",
        default="yes",
        reach=Reach("end", "Gianluigi's total is the highest or tied for it", _test("gianluigi_top")),
    ),
    Switch(
        "leftover_counts",
        "what Leftover Materials and Techniques counts besides the play area's materials: 'hand' the cards in "
        "hand, 'kept cards too' the hand and the prudent cards kept face up, 'play area only' the kept prudent "
        "cards and not the hand",
        ("hand", "kept cards too", "play area only"),
        rule="final.leftover",
        default="hand",
        reach=Reach("end", "a player's leftover points depend on the cards counted", _test("leftover_differs")),
    ),
    Switch(
        "reserve_tie_break",
        "the materials the winner's last tie-break counts as the 'personal reserve': 'play area' those in the "
        "player's play area, 'supply' the player's colour left in the general supply",
        ("play area", "supply"),
        rule="final.winner",
        default="play area",
        reach=Reach("end", "a tie on points and on objectives claimed for the victory", _test("reserve_tie")),
    ),
    Switch(
        "three_ongoing",
        "'6 materials on three ongoing restorations': 'total' three frescoes with materials whose best three "
        "counts sum to 6, 'two each' at least 2 materials on each of three frescoes",
        ("total", "two each"),
        rule="obj.three6",
        default="total",
        reach=_objective_choice("'6 materials on three ongoing restorations'", "three_ongoing_differs"),
    ),
    Switch(
        "adjacent_frescoes",
        "'adjacent' restored frescoes of the objective: 'connected' a chain of neighbours, 'pairwise' every "
        "fresco next to every other",
        ("connected", "pairwise"),
        rule="obj.adjacent3",
        default="connected",
        reach=_objective_choice("the adjacent-frescoes objective", "adjacent_differs"),
    ),
    Switch(
        "objective_techniques",
        "the objectives that list three techniques (2 excellent, 2 correct, 3 excellent or correct): 'any mix' "
        "restorations of any of the three count together, 'one technique' they must all be of one of them",
        ("any mix", "one technique"),
        rule="obj.exc2",
        default="any mix",
        reach=_objective_choice("an objective listing three techniques", "technique_lists_differ"),
    ),
    Switch(
        "restorations_counted",
        "the restorations the Restored Frescoes objectives count, and the materials on completed restorations "
        "'8 materials' counts: 'on the board' those on frescoes not yet flipped and the zone icons, 'every one "
        "made' those on completed, flipped frescoes too, as if players kept a record",
        ("on the board", "every one made"),
        rule="obj.materials8",
        default="on the board",
        reach=_objective_choice("a Restored Frescoes or '8 materials' objective", "restorations_counted_differ"),
    ),
    Switch(
        "uncover_next_to",
        "where a new fresco may be uncovered: 'any uncovered' next to any uncovered fresco, restored ones too; "
        "'being restored' only next to a visible fresco still being restored (any uncovered one when no covered "
        "fresco has such a neighbour)",
        ("any uncovered", "being restored"),
        rule="complete.new",
        default="any uncovered",
        reach=Reach(
            "step",
            "a fresco to uncover where the readings allow other places",
            _test("uncover_choice_differs"),
            _DECISION,
        ),
    ),
    Switch(
        "final_contribution",
        "who ranks in the final Contribution to Restored Frescoes: 'contributors only' players with a material "
        "on a restored fresco, 'every player' everyone, so a player with none may take a place left free",
        ("contributors only", "every player"),
        rule="final.contribution",
        default="contributors only",
        reach=Reach(
            "end",
            "a player with no material on a restored fresco and a place left free",
            _test("contribution_place_free"),
        ),
    ),
    Switch(
        "last_fresco_halving",
        "the last, incomplete fresco: 'split then halve' each player's share is halved, 'halve then split' the "
        "fresco's points are halved before tied players share them",
        ("split then halve", "halve then split"),
        rule="end.last_half",
        default="split then halve",
        reach=Reach("step", "the last fresco's half points differ by the order", _test("last_fresco_differs")),
    ),
    Switch(
        "prudent_lead_tie",
        "players tied for the most kept prudent cards of a technique: 'tied leaders only' each scores 2 per "
        "card and nobody else scores, 'next is second' the next count below also scores 2 per card, 'leaders "
        "discard' each tied leader discards and scores as a single leader would",
        ("tied leaders only", "next is second", "leaders discard"),
        rule="final.prudent",
        default="tied leaders only",
        reach=Reach("end", "players tied for the most kept cards of a technique", _test("prudent_lead_tied")),
    ),
    Switch(
        "gianluigi_own_material",
        "Gianluigi with no material of his colour in the supply: 'prudent instead' he falls back to a prudent "
        "restoration with a black material, 'no restoration' he does not restore",
        ("prudent instead", "no restoration"),
        rule="gian.restore",
        default="prudent instead",
        reach=Reach(
            "step", "Gianluigi is activated with his colour's supply empty", _test("gianluigi_without_material"), _TWO
        ),
    ),
    Switch(
        "two_player_order",
        "with two players, when the player uncovers the fresco their own restoration completed: 'Gianluigi "
        "first' after Gianluigi's restoration (one choice for one or two new frescoes), 'uncover first' before "
        "Gianluigi restores (so he may restore on the fresco just uncovered)",
        ("Gianluigi first", "uncover first"),
        rule="two.turns",
        default="Gianluigi first",
        reach=Reach(
            "step",
            "a player's restoration completes a fresco before Gianluigi restores, with a covered fresco left",
            _test("uncover_before_gianluigi_differs"),
            _TWO,
        ),
    ),
    Switch(
        "setup_completion",
        "a fresco the initial restorations of Setup, step 9, fill: 'next restoration' it is scored after the "
        "first restoration action of the game, whose player uncovers; 'at setup' it is scored before the first "
        "turn, the player who placed last uncovering",
        ("next restoration", "at setup"),
        rule="complete.trigger",
        default="next restoration",
        reach=Reach("step", "the initial restorations fill a fresco", _test("setup_fills_a_fresco")),
    ),
    Switch(
        "acquire_needs_card",
        "whether Acquire Material needs a card: 'yes' at least one, 'no' none too (a turn that passes)",
        ("yes", "no"),
        rule="act.acquire",
        default="yes",
        reach=Reach("step", "a player acquires with no card (passes)", _test("acquire_without_card")),
    ),
    Switch(
        "preparation",
        "when Technique Preparation is allowed: 'always' (it may draw nothing), 'must draw' only when it draws "
        "a card or the player holds none (a full hand or an empty deck and discard pile refuse it)",
        ("always", "must draw"),
        rule="act.preparation",
        default="always",
        reach=Reach("step", "a player holding cards prepares and draws none", _test("preparation_draws_nothing")),
    ),
)

#: switch name -> the switch
SWITCH: dict[str, Switch] = {s.name: s for s in SWITCHES}
#: switch name -> its default value
DEFAULTS: dict[str, Any] = {s.name: s.default for s in SWITCHES}


@lru_cache(maxsize=64)
def given_switches(switches: str) -> MappingProxyType[str, Any]:
    """The switches set in ``switches`` (canonical JSON), read once per text (a game asks at
    nearly every action)."""
    return MappingProxyType(dict(json.loads(switches)))


def setting(state: Any, name: str) -> Any:
    """The value of switch ``name`` in force for ``state`` (a state, a view or a record without
    switches, such as the final ``Standings``; ``switches`` is the canonical JSON of the switches
    set; the default when unset)."""
    given = getattr(state, "switches", "")
    return given_switches(given).get(name, DEFAULTS[name]) if given else DEFAULTS[name]


def switches_json(switches: dict[str, Any]) -> str:
    """The canonical JSON a state keeps of the switches set ("" for none)."""
    return json.dumps(dict(sorted(switches.items()))) if switches else ""
