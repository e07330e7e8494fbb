"""The kit's readings where the Italian rules summary is silent -- all in one place.

Each reading below is documented once, with its default.  Those with a real
alternative are *rule switches* (:data:`SWITCHES`): a game plays another reading with
``new_game(..., switches={"win_tie_break": "shared"})``; the state keeps the switches
that were set (``state.switches``) and the engine asks :func:`setting` for the value in
force.  The other constants are facts of the kit that no switch changes.
``READINGS`` explains every reading in words (the notebooks print it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Tie for the win: the tied player earliest in the final turn order wins
#: ("turn_order"), or all tied players share the victory ("shared").  The final turn
#: order is the one the end of round 6 sets from that round's Council Palace.
WIN_TIE_BREAK = "turn_order"

#: Military award: a player's place is 1 + the number of players with strictly more
#: military points; place 1 scores the first award, place 2 the second.  So a tie for
#: first gives every tied player 5 and nobody 2 (the summary: the tied players all take
#: the full award, and the two awards go to the first two on the track).  Players on 0
#: also compete when True: every disc starts on the 0 space, so a player on 0 is on the
#: track, and the summary sets no minimum (False gives nothing for 0).
MILITARY_ZERO_COMPETES = True

#: Initial turn order: the order in which the players are given to ``new_game``.
INITIAL_ORDER = "as_given"

#: An extra action printed on a card ("take a card at value N") does not place a member,
#: so it gets no floor bonus, but it pays the 3 coins of an occupied tower.  The summary
#: only speaks of members placed; the kit reads the floor bonus as the reward of the space
#: a member occupies, and the 3 coins as the price of entering a crowded tower, which an
#: extra action must not dodge (the published game plays it this way, to the reviewer's
#: knowledge; not confirmable from the sources here).
EXTRA_ACTION_FLOOR_BONUS = False
EXTRA_ACTION_PAYS_OCCUPIED = True

#: The faith track ends at 15 (the last printed space); faith beyond it is lost.
FAITH_MAX = 15

#: Excommunication "1 less each time you gain": applied once per gain (one space bonus,
#: one card's effect, one privilege), to each listed resource the gain contains.
#: With the "2 servants per +1" tile, servants added to a member must come in pairs.
SERVANTS_IN_PAIRS = True

#: In the last report, every excommunicated player (refused or below the threshold)
#: scores the VP of their faith space; faith is not reset.
LAST_REPORT_SCORES_EXCOMMUNICATED = True

#: Large harvest/production spaces: the member's value (with servants, character
#: bonuses and excommunication maluses) must reach the printed 1; the -3 then lowers the
#: action value, which may fall to 0 or below (then only cards of value <= it fire).
LARGE_SPACE_PENALTY_AFTER_MINIMUM = True


@dataclass(frozen=True)
class Reading:
    """A reading that a game may switch: its name, default, accepted values, the
    checklist id of the rule it reads, and what the values mean."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    rule: str
    doc: str


#: The switchable readings (``INFO.switches``), with the defaults above.
SWITCHES: tuple[Reading, ...] = (
    Reading(
        "win_tie_break",
        WIN_TIE_BREAK,
        ("turn_order", "shared"),
        "final.winner",
        "a tie for the most VP: 'turn_order' (default) -- the tied player earliest in the final turn "
        "order wins; 'shared' -- the tied players share the victory",
    ),
    Reading(
        "military_zero_competes",
        MILITARY_ZERO_COMPETES,
        (True, False),
        "final.military",
        "True (default): players on 0 military points compete for the military awards; False: 0 scores nothing",
    ),
    Reading(
        "extra_action_floor_bonus",
        EXTRA_ACTION_FLOOR_BONUS,
        (True, False),
        "kit.extra_action",
        "False (default): an extra action printed on a card takes no floor bonus; True: it does",
    ),
    Reading(
        "extra_action_pays_occupied",
        EXTRA_ACTION_PAYS_OCCUPIED,
        (True, False),
        "towers.occupied",
        "True (default): an extra action into an occupied tower pays the 3 coins; False: it does not",
    ),
    Reading(
        "servants_in_pairs",
        SERVANTS_IN_PAIRS,
        (True, False),
        "excomm.kinds",
        "True (default): with the 2-servants-per-+1 excommunication servants are paid in pairs; False: "
        "any number, an odd one wasted",
    ),
    Reading(
        "last_report_scores_excommunicated",
        LAST_REPORT_SCORES_EXCOMMUNICATED,
        (True, False),
        "vatican.last",
        "True (default): at the last report an excommunicated player still scores their faith space; "
        "False: they do not",
    ),
    Reading(
        "large_space_penalty_after_minimum",
        LARGE_SPACE_PENALTY_AFTER_MINIMUM,
        (True, False),
        "zones.spaces",
        "True (default): a member must reach the large space's 1 before its -3; False: the -3 counts "
        "towards the minimum too",
    ),
)

#: switch name -> its default value.
DEFAULTS: dict[str, Any] = {r.name: r.default for r in SWITCHES}


def setting(state: Any, name: str) -> Any:
    """The value of reading ``name`` in force in ``state``: the game's switch if set,
    else the default above."""
    value = getattr(state.switches, name)
    return DEFAULTS[name] if value is None else value


READINGS: dict[str, str] = {
    "colour rule": "'two members of the same colour' is read as two coloured members of the same player: "
    "a player keeps at most one of their coloured members per tower and per zone; the "
    "neutral member is exempt and other players' members never conflict",
    "win tie": "a tie for the most VP goes to the tied player earliest in the final turn order (the "
    "order the round-6 Council Palace sets); switch win_tie_break='shared' to share it",
    "military ties": "military places count players strictly ahead; a tie for first takes 5 each, "
    "and nobody is second; a tie for second takes 2 each; players on 0 military "
    "compete too (every disc starts on the track's 0 space; switch military_zero_competes)",
    "initial order": "the first turn order is the order the players were given in",
    "extra actions": "an extra action from a card places no member: no floor bonus, no colour rule, "
    "but the 3 coins of an occupied tower are due; servants may raise its value; "
    "it may be declined (switches extra_action_floor_bonus, extra_action_pays_occupied)",
    "faith cap": "faith stops at 15, the last space of the track",
    "gain losses": "a 'lose 1 each time you gain' excommunication bites once per gain (a space bonus, a "
    "card's effect, a privilege), for each listed resource that gain contains",
    "servants in pairs": "with the 2-servants-per-+1 excommunication, servants are added in pairs "
    "(switch servants_in_pairs)",
    "last report": "at the last report every excommunicated player also scores their faith space; "
    "their faith is not reset (switch last_report_scores_excommunicated)",
    "large spaces": "the member must reach 1 before the large space's -3 is applied to the action value "
    "(switch large_space_penalty_after_minimum)",
    "lost action": "a player may, on their turn, give up the action of any member that cannot be placed "
    "anywhere (typically the neutral one without servants): the member is set aside for the "
    "round; a member that can be placed cannot be given up, even when only a character "
    "bonus lifts it to a zone or tower space",
    "tower spaces": "a tower space can be used while it still holds its card and no member",
    "cost choice": "when several ways to pay for a card are affordable, the player chooses after placing",
    "trades": "each building's trade is optional; the player answers them one building at a time, "
    "paying only from what they held before the production",
    "skip first placement": "the 'skip your first action' excommunication moves that player's first "
    "turn of each round to after everybody's last",
    "bonus tiles": "the standard personal bonus tile by default (illustrative numbers); option "
    "bonus_tiles='advanced' deals tiles A-D in turn order",
    "short deck": "a tower floor whose deck has run out stays empty for the round (only constructed "
    "positions take cards out of the decks)",
    "no member left": "a player whose turn comes with no family member at home passes (only in constructed "
    "positions: in a game everyone has one member per turn)",
}
