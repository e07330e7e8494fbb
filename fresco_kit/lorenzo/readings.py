"""The kit's readings where the Italian rules summary is silent -- all in one place.

Each reading below is documented once, with its default.  Those with a real
alternative are *rule switches* (:data:`SWITCHES`): a game plays another reading with
``new_game(..., switches={"win_tie_break": "shared"})``; the state keeps the switches
that were set (``state.switches``) and the engine asks :func:`setting` for the value in
force.  Each switch is a :class:`fresco_kit.core.registry.Switch` with its ``default``
(the vocabulary every game shares).  The other constants are facts of the kit that no
switch changes.  :data:`READINGS` lists every reading (core's
:class:`~fresco_kit.core.readings.Reading`: id, the text it reads, what the kit does,
the other plausible readings, the argument, the switch); ``readings_text()`` prints
them (the notebooks do).
"""

from __future__ import annotations

from typing import Any

from fresco_kit.core.readings import Reading
from fresco_kit.core.registry import Switch
from fresco_kit.core.text import Msg

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

#: Initial turn order: drawn at random from the game's seed ("random", the published
#: game's setup), or the order in which the players are given to ``new_game``
#: ("as_given", for lessons and constructed games).
INITIAL_ORDER = "random"

#: An extra action printed on a card ("take a card at value N") takes the floor bonus of
#: the space it uses, like a placed member, and pays the 3 coins of an occupied tower.
#: The summary only speaks of members placed.  The public text of the Preacher card (the
#: character whose effect removes the floor bonuses, public sources) says its holder no longer
#: takes those bonuses whether the card is taken through a family member or as another card's
#: effect: a ban on the bonus from a card's effect only means something if that bonus is
#: otherwise taken.  Until issue 19 the kit gave no bonus (False): the evidence of the card
#: text outweighs the reviewer's memory the old default rested on.
EXTRA_ACTION_FLOOR_BONUS = True
EXTRA_ACTION_PAYS_OCCUPIED = True

#: The colour rule of towers and zones: "player" -- a colour is a player's colour, so a
#: player keeps at most one of their own coloured members per tower and per zone, and
#: other players' members never conflict; "die" -- a colour is a die's colour, so no two
#: members of the same die colour, whoever owns them, stand in one tower or zone (a
#: player's own members, all of different colours, then never conflict).  The neutral
#: member is exempt either way.
COLOUR_RULE = "player"

#: A member may stand on a tower floor whose card is gone (taken by an extra action or
#: never dealt) for the floor's bonus alone (True), or a tower space is used only while it
#: holds its card (False).
EMPTY_FLOOR_PLACEMENT = False

#: Characters' bonuses and excommunications' maluses for an action type change the value
#: of an extra action printed on a card too (True), or an extra action keeps its printed
#: value (False).
EXTRA_ACTION_MODIFIERS = True

#: An extra action printed on a card may be declined (True), or must be taken whenever one
#: of its choices is legal (False).
EXTRA_ACTION_OPTIONAL = True

#: A member may be given up (forfeited) only when it cannot be placed anywhere (False), or
#: any member at home may be given up on its owner's turn (True).
FORFEIT_ANY_MEMBER = False

#: The period I "1 less each time you gain" excommunications: "per_gain" -- 1 less of each
#: listed resource a gain (a space bonus, a card's effect, a privilege) contains; "per_unit"
#: -- 1 less per unit received, so those resources are not received at all; "per_action" --
#: 1 less of each listed resource only the first time it is received in one action.  One
#: action is one placement (or one member given up) with everything it sets off before the
#: next turn: the space's gain, the card's cost and immediate effect, the council privileges
#: and production trades it asks for, and an extra action printed on the card with what that
#: extra action takes in turn (``State.losses`` keeps the resources already reduced).
GAIN_LOSSES = "per_gain"

#: The "skip your first action" excommunication: the skipped placement comes back at the
#: end of the round, after everybody's last ("round_end"), or at the end of the first
#: go-round, once every other player has placed one member ("first_go_round").
SKIPPED_PLACEMENT_RETURNS = "round_end"

#: Military awards after a tie for first: the next player is third and takes nothing
#: ("strict"), or takes the second award ("next": the awards go to the first two
#: *values* on the track).
MILITARY_TIES = "strict"

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


#: The switchable readings (``INFO.switches``): core's :class:`Switch` es, each with
#: its default above.
SWITCHES: tuple[Switch, ...] = (
    Switch(
        "win_tie_break",
        "a tie for the most VP: 'turn_order' (default) -- the tied player earliest in the final turn "
        "order wins; 'shared' -- the tied players share the victory",
        ("turn_order", "shared"),
        "final.winner",
        default=WIN_TIE_BREAK,
    ),
    Switch(
        "military_zero_competes",
        "True (default): players on 0 military points compete for the military awards; False: 0 scores nothing",
        (True, False),
        "final.military",
        default=MILITARY_ZERO_COMPETES,
    ),
    Switch(
        "extra_action_floor_bonus",
        "True (default): an extra action printed on a card takes the floor bonus like a placed member "
        "(the Preacher card's public text implies it); False: it takes none",
        (True, False),
        "kit.extra_action",
        default=EXTRA_ACTION_FLOOR_BONUS,
    ),
    Switch(
        "extra_action_pays_occupied",
        "True (default): an extra action into an occupied tower pays the 3 coins; False: it does not",
        (True, False),
        "towers.occupied",
        default=EXTRA_ACTION_PAYS_OCCUPIED,
    ),
    Switch(
        "servants_in_pairs",
        "True (default): with the 2-servants-per-+1 excommunication servants are paid in pairs; False: "
        "any number, an odd one wasted",
        (True, False),
        "excomm.kinds",
        default=SERVANTS_IN_PAIRS,
    ),
    Switch(
        "last_report_scores_excommunicated",
        "True (default): at the last report an excommunicated player still scores their faith space; "
        "False: they do not",
        (True, False),
        "vatican.last",
        default=LAST_REPORT_SCORES_EXCOMMUNICATED,
    ),
    Switch(
        "large_space_penalty_after_minimum",
        "True (default): a member must reach the large space's 1 before its -3; False: the -3 counts "
        "towards the minimum too",
        (True, False),
        "zones.spaces",
        default=LARGE_SPACE_PENALTY_AFTER_MINIMUM,
    ),
    Switch(
        "colour_rule",
        "'player' (default): a player keeps one of their own coloured members per tower and zone; 'die': no "
        "two members of the same die colour, whoever owns them, in one tower or zone",
        ("player", "die"),
        "towers.colour",
        default=COLOUR_RULE,
    ),
    Switch(
        "empty_floor_placement",
        "False (default): a tower space is used only while it holds its card; True: a member may stand on an "
        "empty floor for its bonus alone",
        (False, True),
        "kit.space",
        default=EMPTY_FLOOR_PLACEMENT,
    ),
    Switch(
        "extra_action_modifiers",
        "True (default): character bonuses and excommunication maluses change an extra action's value too; "
        "False: an extra action keeps its printed value",
        (True, False),
        "kit.extra_action",
        default=EXTRA_ACTION_MODIFIERS,
    ),
    Switch(
        "extra_action_optional",
        "True (default): an extra action may be declined; False: it must be taken when it can be",
        (True, False),
        "kit.extra_action",
        default=EXTRA_ACTION_OPTIONAL,
    ),
    Switch(
        "forfeit_any_member",
        "False (default): only a member that cannot be placed may be given up; True: any member at home, on "
        "its owner's turn",
        (False, True),
        "neutral.lost",
        default=FORFEIT_ANY_MEMBER,
    ),
    Switch(
        "gain_losses",
        "'per_gain' (default): a 'gain 1 less' excommunication takes 1 of each listed resource per gain; "
        "'per_unit': 1 per unit received (none of them is received); 'per_action': 1 of each listed resource "
        "only the first time it is received in one action (a placement with everything it sets off)",
        ("per_gain", "per_unit", "per_action"),
        "excomm.kinds",
        default=GAIN_LOSSES,
    ),
    Switch(
        "skipped_placement_returns",
        "'round_end' (default): a skipped first placement is made after everybody's last; 'first_go_round': "
        "at the end of the first go-round",
        ("round_end", "first_go_round"),
        "excomm.kinds",
        default=SKIPPED_PLACEMENT_RETURNS,
    ),
    Switch(
        "military_ties",
        "'strict' (default): after a tie for first the next player is third and scores nothing; 'next': the "
        "next player takes the second award",
        ("strict", "next"),
        "final.military",
        default=MILITARY_TIES,
    ),
    Switch(
        "initial_order",
        "'random' (default): the first turn order is drawn from the seed, as in the published game; "
        "'as_given': the order the players were given in",
        ("random", "as_given"),
        "kit.initial_order",
        default=INITIAL_ORDER,
    ),
)

#: switch name -> its default value.
DEFAULTS: dict[str, Any] = {r.name: r.default for r in SWITCHES}


def setting(state: Any, name: str) -> Any:
    """The value of reading ``name`` in force in ``state``: the game's switch if set,
    else the default above."""
    value = getattr(state.switches, name)
    return DEFAULTS[name] if value is None else value


_S = "rules summary, "

#: Every reading of the kit, in the order of the summary's sections.
READINGS: tuple[Reading, ...] = (
    Reading(
        "initial order",
        "kit.initial_order",
        _S + "La struttura della partita: turn order sets the starting coins (public sources, see "
        "seeds/README.md), but the summary does not say how the first turn order is chosen",
        Msg(
            "the first turn order is drawn at random from the game's seed (the same seed gives the same order); "
            "it sets the starting coins and, with the advanced tiles, who gets which bonus tile"
        ),
        ("the players' order as given (as at a table where the seating decides)",),
        "the published game's setup draws the first order at random; a seed keeps games repeatable",
        "initial_order",
    ),
    Reading(
        "bonus tiles",
        "player.start",
        _S + "La struttura della partita: each player starts with a personal bonus tile",
        Msg(
            "everyone has the standard tile (illustrative numbers); option bonus_tiles='advanced' deals tiles A-D "
            "in turn order (the first player A, the second B, ...)"
        ),
        (
            "players choose among the advanced tiles in reverse turn order, the last player first (as a public "
            "quick reference has it)",
        ),
        "the summary names one tile per player and no choosing step; dealing in turn order is the kit's "
        "simplest order that the seed decides, with no decision to ask; it is not the order of the public quick "
        "reference, whose reverse order gives the player who plays last the "
        "first pick",
        "bonus_tiles (an option)",
    ),
    Reading(
        "colour rule",
        "towers.colour",
        _S + "Le Torri e le carte Sviluppo / Le altre zone del tabellone: two members of the same colour may "
        "not stand in one tower or zone; the neutral member has no colour",
        Msg(
            "a player keeps at most one of their own coloured members per tower and per zone; the neutral member "
            "is exempt and other players' members never conflict"
        ),
        (
            "no two members of the same die colour, whoever owns them, in one tower or zone (switch colour_rule='die': "
            "a player's own members, all of different colours, may then share a tower)",
        ),
        "the exemption of the neutral member lets a player take a second card from a tower, which only makes "
        "sense if the rule is about a player's own members",
        "colour_rule",
    ),
    Reading(
        "tower spaces",
        "kit.space",
        _S + "Le Torri e le carte Sviluppo: each floor's space takes that floor's card",
        Msg("a tower space can be used while it still holds its card and no member"),
        (
            "a member may stand on an empty floor for its bonus (switch empty_floor_placement=True: the value, colour "
            "rule and occupied tower's 3 coins still apply; no card is taken)",
        ),
        "the space's action is taking the card; without a card there is no action to take. In a game a floor "
        "stands empty once an extra action has taken its card",
        "empty_floor_placement",
    ),
    Reading(
        "cost choice",
        "towers.costs",
        _S + "Le Torri e le carte Sviluppo: some ventures let the player choose how to pay",
        Msg("when several ways to pay are affordable, the player chooses after placing (a pending choice)"),
        ("the payment is named with the placement",),
        "no switch, as the alternative does not change play: the ways to pay are worked out after the servants, "
        "the tower's 3 coins and the floor bonus, and before the card's immediate effect, whether they are named "
        "with the placement or asked after it; so the placements allowed and the payments open to each are the "
        "same either way, only asked in one step or two; asking after placing shows only the ways the player "
        "can afford",
    ),
    Reading(
        "extra action floor bonus",
        "kit.extra_action",
        _S + "Le Torri e le carte Sviluppo: the spaces of the third and fourth floors give an immediate bonus "
        "(the summary speaks of members placed there); the Preacher card (public sources): its holder takes no "
        "such bonus, neither with a family member nor through another card's effect",
        Msg(
            "an extra action printed on a card takes the floor bonus of the space it uses, like a placed member "
            "(earlier versions of the kit gave none); a holder of the Preacher takes none either way"
        ),
        ("an extra action places no member, so it gets no floor bonus (the default of earlier versions of the kit)",),
        "the Preacher's text forbids the bonus 'as an effect of another card' too, which only has a point if "
        "such an action normally gets the bonus; the summary's silence does not weigh against a printed card",
        "extra_action_floor_bonus",
    ),
    Reading(
        "extra action occupied tower",
        "towers.occupied",
        _S + "Le Torri e le carte Sviluppo: entering a tower that holds any member costs 3 coins",
        Msg("an extra action into an occupied tower pays the 3 coins"),
        ("an extra action, placing no member, pays nothing",),
        "the 3 coins are the price of entering a crowded tower, which an extra action must not dodge",
        "extra_action_pays_occupied",
    ),
    Reading(
        "extra action modifiers",
        "kit.extra_action",
        _S + "Le Torri e le carte Sviluppo / Il Rapporto in Vaticano: characters change actions for the rest of the "
        "game; some excommunications lower by 4 the value of the actions that take a certain type of card",
        Msg(
            "a character's bonus and an excommunication's malus for a card type apply to an extra action of that "
            "type too (the Warlord's +2 lifts the Abbess's value-4 action to 6 for a territory)"
        ),
        (
            "bonuses and maluses apply only to members placed, an extra action keeps its printed value (switch "
            "extra_action_modifiers=False; servants still raise it)",
        ),
        "the summary speaks of the value of the *action* that takes a card, not of the member; reading it the "
        "same way for bonuses and maluses keeps one rule for both",
        "extra_action_modifiers",
    ),
    Reading(
        "extra actions",
        "kit.extra_action",
        _S + "Le Torri e le carte Sviluppo: cards have immediate effects (the extra actions are printed on "
        "cards, public sources)",
        Msg("an extra action places no member: no colour rule; servants may raise its value; it may be declined"),
        (
            "an extra action must be taken when one is possible (switch extra_action_optional=False: declining is "
            "refused while some choice is legal, with any servants)",
        ),
        "an effect that gives a choice of card is an offer; nothing in the sources forces it",
        "extra_action_optional",
    ),
    Reading(
        "short deck",
        "round.setup",
        _S + "La struttura della partita: at the start of a round one development card is drawn from the top of "
        "each of the four decks and placed on its tower, starting from the lowest space (that every floor is "
        "filled, four cards a tower, is from public sources)",
        Msg(
            "a floor whose deck has run out stays empty for the round (only constructed positions take cards out "
            "of the decks)"
        ),
        ("cards of the next period fill the floor",),
        "no switch, as no game reaches it: the data hold exactly 8 cards of each type per period (the kit "
        "refuses other data, and a data patch cannot change the decks), and two rounds of a period deal 4 of "
        "each, so every floor is filled in a game played from its setup; only constructed positions take cards "
        "out of the decks",
    ),
    Reading(
        "no member left",
        "phase.actions",
        _S + "La struttura della partita: players place one member per turn, going round",
        Msg("a player whose turn comes with no family member at home passes"),
        ("the round ends for everybody",),
        "no switch, as no game reaches it: every player has four members and the round schedules exactly four "
        "turns each (the skip excommunication moves a turn, it does not add one), and each turn uses one member "
        "(placed or given up); only constructed positions reach it",
    ),
    Reading(
        "lost action",
        "neutral.lost",
        _S + "I dadi e i familiari: a member (the neutral one) that cannot be placed loses its action",
        Msg(
            "on their turn a player may give up (forfeit) a member that cannot be placed anywhere; a member that "
            "can be placed cannot be given up"
        ),
        (
            "any member may be given up at any time (switch forfeit_any_member=True: on its owner's turn, any member "
            "at home)",
        ),
        "the summary loses the action only when the member cannot be placed",
        "forfeit_any_member",
    ),
    Reading(
        "large spaces",
        "zones.spaces",
        _S + "Le altre zone del tabellone: the large space takes any number of members at -3; both spaces "
        "need at least 1",
        Msg(
            "the member's value must reach 1 before the -3 is applied to the action value (which may fall to 0 "
            "or below: then fewer cards fire, and below 1 not even the personal bonus tile, whose activation value "
            "is 1)"
        ),
        ("the -3 counts towards the minimum: the member must be worth 4",),
        "the printed 1 is the space's minimum like any other; the -3 lowers the action, not the entry",
        "large_space_penalty_after_minimum",
    ),
    Reading(
        "trades",
        "zones.activation",
        _S + "Le altre zone del tabellone: all buildings fire together; one building's output cannot run another",
        Msg(
            "each building's trade is optional; the player answers them one building at a time, paying only from "
            "what they held before the production"
        ),
        ("all trades are named at once",),
        "no switch, as the alternative does not change play: the trades pay from what is left of the goods held "
        "before the production, and every output (the trades' too) arrives only after the last answer, so a "
        "list of trades named at once is affordable exactly when the same trades answered one at a time are; "
        "small steps are what the engine can check and explain",
    ),
    Reading(
        "faith cap",
        "vatican.support",
        _S + "Il Rapporto in Vaticano: faith points on a track (its spaces and points: public sources)",
        Msg("faith stops at 15, the last space of the track; faith beyond it is lost"),
        ("faith beyond 15 is kept and scores like 15",),
        "the track and its points table end at 15. No switch, as the alternative does not change play: faith "
        "is read only against the Vatican thresholds (at most 5) and the points table, where 15 and more give "
        "the same, and no card or tile counts faith points; only the number shown on the board would differ",
    ),
    Reading(
        "gain losses",
        "excomm.kinds",
        _S + "Il Rapporto in Vaticano: some excommunications take away a resource each time one is received; "
        "La struttura della partita: in the action phase each player takes one action at a time, placing a family "
        "member on an action space",
        Msg("once per gain (a space bonus, a card's effect, a privilege), for each listed resource that gain contains"),
        (
            "once per unit received (switch gain_losses='per_unit': none of the listed resources is received)",
            "once per action (switch gain_losses='per_action': 1 of each listed resource the first time the action "
            "receives it, nothing more in that action; one action is one placement with everything it sets off "
            "before the next turn -- the space's gain, the card's immediate effect, the privileges and trades it "
            "asks for, an extra action printed on the card and what that takes)",
        ),
        "'each time you receive' counts receipts, not units: a gain of 3 coins is one receipt, so 'per_unit' "
        "reads more into the text than it says. Nor does it count actions: one placement can receive the same "
        "resource several times (the Council Palace's coin and then a privilege's 2 coins; a floor bonus and "
        "then the card's immediate effect), and each is a time the resource is received. 'Per action' would "
        "need the text to say 'in each action'; the summary (La struttura della partita) makes an action the "
        "placing of one family member, which gives the switch a clear edge (an extra action printed on a card "
        "places no member, so it and every decision belong to the placement that raised them), but nothing in "
        "the summary ties the loss to an action",
        "gain_losses",
    ),
    Reading(
        "odd servants",
        "excomm.kinds",
        "the period II tile 'you need 2 servants for each +1' (public sources, see seeds/README.md); the "
        "summary (I dadi e i familiari) adds 1 per servant and says nothing of an odd number",
        Msg(
            "with that tile servants are paid in pairs: an odd number is refused, and the refusal says to pay "
            "a multiple of 2"
        ),
        ("any number may be paid, an odd servant adding nothing (wasted)",),
        "paying a servant that adds nothing is almost always a slip; refusing it loses nothing a player could want",
        "servants_in_pairs",
    ),
    Reading(
        "skip first placement",
        "excomm.kinds",
        _S + "Il Rapporto in Vaticano: one excommunication skips the first action of each round, recovered "
        "only after everybody has played",
        Msg("that player's first turn of each round moves to after everybody's last"),
        (
            "the skipped placement comes back at the end of the first go-round, once every other player has "
            "placed one member",
        ),
        "'after everybody has played' reads most naturally as after all the round's placements; a return after "
        "the first go-round would leave the skip with almost no cost (the player only moves down one place). "
        "Losing the action is not a reading: the summary says it is recovered. Switch "
        "skipped_placement_returns='first_go_round' plays the other reading",
        "skipped_placement_returns",
    ),
    Reading(
        "last report",
        "vatican.last",
        _S + "Il Rapporto in Vaticano: after the last round, a player below the threshold also scores their "
        "faith space after taking the excommunication",
        Msg(
            "every excommunicated player (below the threshold or refusing) scores their faith space; their faith "
            "is not reset"
        ),
        ("no excommunicated player scores it", "only those below the threshold score it"),
        "the summary gives the points to the excommunicated; refusing and falling short both excommunicate",
        "last_report_scores_excommunicated",
    ),
    Reading(
        "military ties",
        "final.military",
        _S + "Fine del turno e punteggio finale: the first two on the military track score 5 and 2; tied "
        "players all take the full award",
        Msg(
            "a player's place is 1 + the players strictly ahead: a tie for first gives 5 each and nobody 2; a tie "
            "for second gives 2 each"
        ),
        ("a tie for first gives 5 each and the next player 2 (switch military_ties='next')",),
        "the awards go to the first two: two players tied for first are those two",
        "military_ties",
    ),
    Reading(
        "military zero",
        "final.military",
        _S + "Fine del turno e punteggio finale: the first two on the military track score 5 and 2",
        Msg(
            "players on 0 military points compete too; so at setup, with every disc on 0, every player is tied first "
            "and a live score sheet shows 5 military VP for each of them (with 4 players: Military 5 5 5 5) until "
            "someone gains a military point"
        ),
        ("0 military points score nothing",),
        "every disc starts on the track's 0 space, so a player on 0 is on the track; the summary sets no minimum "
        "(the other reading gives the same sheet 0 0 0 0 at setup, and changes an end score only when a player "
        "ends on 0)",
        "military_zero_competes",
    ),
    Reading(
        "win tie",
        "final.winner",
        _S + "Fine del turno e punteggio finale: the most victory points wins (no tie-break given)",
        Msg("a tie goes to the tied player earliest in the final turn order (the one the round-6 Council Palace sets)"),
        ("the tied players share the victory",),
        "the turn order is the game's own ranking of players, and the Council Palace lets players fight for it",
        "win_tie_break",
    ),
)

#: reading id -> the reading
READING: dict[str, Reading] = {r.id: r for r in READINGS}

#: reading id -> what the kit does (short form).


def reading_text(rid: str) -> str:
    """One reading in full, as a paragraph: what is read, what the kit does, the other
    readings, the argument and the switch."""
    r = READING[rid]
    return (
        f"{r.id} [{r.rule}]\n  reads: {r.reads}\n  kit: {r.kit}\n  other readings: "
        + "; ".join(r.alternatives)
        + f"\n  why: {r.argument}\n  switch: {r.switch or 'none (the kit plays only this reading)'}"
    )


def readings_text() -> str:
    """Every reading, one paragraph each (the notebooks print it)."""
    return "\n".join(reading_text(r.id) for r in READINGS)
