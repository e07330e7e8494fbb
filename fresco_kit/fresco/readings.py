"""The kit's readings where the Fresco texts are ambiguous or silent -- all in one place.

Each reading is a ``core.readings.Reading`` (the kit's one reading type): an ``id``; the
checklist ``rule`` it reads; what it ``reads`` (the rulebook and section, paraphrased,
and what that text leaves open); what the
kit does (``kit``); the other plausible reading(s) (``alternatives``); the ``argument``
for the kit's choice; and, where another reading can be played, the rule ``switch``
that selects it (``new_game(..., switches={"final_collision": "ahead"})``; the switches
and their sources are the table of :mod:`.rulesets`), else ``None``.  The engine's
modules implement these readings; ``tests/fresco/test_readings.py`` pins them.
:func:`readings_text` lists them for a notebook; :func:`flag` is the sentence a notebook
puts next to a cell where a reading matters.
"""

from __future__ import annotations

import textwrap

from fresco_kit.core.readings import Reading
from fresco_kit.core.readings import readings_html as table_html
from fresco_kit.core.text import Msg

_FR = "Fresco rulebook"
_BB = "Fresco: Big Box, How to Play"


READINGS: tuple[Reading, ...] = (
    Reading(
        "bank_runs_short",
        "supply.coins",
        f"{_FR}, Game Components (60 coins), Setup 6 (the coins, sorted by value, are the common supply: "
        "the kit's bank) and Studio: Paint portraits (3 thalers per apprentice from it); no text says what "
        "happens when it cannot pay",
        Msg(
            "the 60 coins (196 thalers, public sources, see seeds/README.md) are the whole bank: it pays only "
            "what it holds"
        ),
        ("the bank is unlimited and shortfalls are noted on paper, as Big Box does for paints",),
        "the components list a fixed number of coins and no text extends them; Big Box says paints are "
        "unlimited but says nothing of coins; the switch unlimited_coins plays the alternative: a portrait "
        "or an income is paid in full and the thalers the bank lacks are noted on paper",
        switch="unlimited_coins",
        where="supply.bank_pays",
    ),
    Reading(
        "paint_supply_runs_short",
        "supply.paints",
        f"{_FR}, Game Components (78 paint pieces) and Market/Workshop (paints come from the common "
        "supply); no text says what a purchase or blend the supply cannot cover does",
        Msg("such a purchase or blend is refused; with Big Box's unlimited paints the shortfall is noted on paper"),
        (
            "the purchase goes ahead and the player gets only what the supply holds",
            "the supply is unlimited in the base game too",
        ),
        "a player who lacks what an action needs must give it up (Performing actions); the kit applies "
        "the same to a supply that lacks it; Big Box's unlimited paints are its own switch",
        switch="unlimited_paints",
    ),
    Reading(
        "tie_for_the_win",
        "end.tie",
        f"{_FR}, End of the Game and {_BB}, Final point count: the most victory points wins; no tie-break is printed",
        Msg("tied leaders share the victory"),
        ("a tie-break such as the final round's get-up order or the money left",),
        "no text gives a tie-break; as no two painters share a track space, only painters still on 0 "
        "points can tie, and the kit books that as a shared win rather than invent a rule; the switch "
        "tie_break plays a tie-break: 'getup' (the earliest riser of the final round wins) or 'thalers' "
        "(the most thalers left wins, a tie there stays shared)",
        switch="tie_break",
        where="final.break_tie",
    ),
    Reading(
        "start_spaces_in_the_choosing_order",
        "p1.order",
        f"{_BB}, 1. Choosing wake-up time and adjusting mood: at the start S1 counts as the last "
        "position; painters can stay on start spaces after the first round",
        Msg("every painter on a start space is behind all painters on the track; among them S1 is last, then S2, ..."),
        ("the S1-is-last rule holds at the start only, and later start-space painters are ordered otherwise",),
        "a start space is before space 1 of the track, so its painter has fewer points than any painter "
        "on the track; the same S1-first order is the only one the texts give for the start spaces, but "
        "Big Box's rotation (the first painter to the end of the line before each new round) is the one "
        "other order a text gives, and the switch start_rotation plays it in either ruleset (on in Big "
        "Box); 'ordered otherwise' names no further order, so no other switch could play one without "
        "inventing it",
        switch="start_rotation",
        where="turns.wake_order",
    ),
    Reading(
        "mood_start_space",
        "mood.plus",
        f"{_FR}, Setup 8 (each mood painter on its marked space) and Change of mood ('+1'/'-1' spaces); "
        "with other illustrative data the start space could be a '+1' or '-1' space",
        Msg("a '+1'/'-1' start space gives or takes its apprentice at once, at setup"),
        ("the apprentice changes only after the first get-up",),
        "the '+1'/'-1' spaces act on whoever stands on them; with the kit's data (start in the middle of "
        "the column) the case does not arise; no switch, as no game can reach it: the mood column and its "
        "start space are fixed data that a game's data option cannot change (it changes only the inn's rows "
        "and the studio's pay), so the alternative never plays differently",
    ),
    Reading(
        "theater_mood_and_the_column_ends",
        "theater",
        f"{_FR}, Theater: Improve one's mood (2 spaces up per theater apprentice, effective in the next "
        "round after the get-up time is chosen) and Change of mood (a figure never moves past the top "
        "or bottom space): the texts do not say when the 2 spaces are applied relative to that clamp",
        Msg(
            "the painter moves up at the theater visit and stops at the top space there; the next get-up's "
            "mood change then starts from that space (clamped again); only the apprentices of the '+1'/'-1' "
            "spaces wait for the next get-up"
        ),
        (
            "the 2 spaces are held back and added after the next get-up's mood change, so a painter one "
            "space below the top who then gets up at a '-1' time ends on the top space instead of one below it",
        ),
        "the theater is an action that moves the painter on the mood display, and the note that follows "
        "says the apprentices are returned or retrieved only after the get-up, so 'effective' reads as "
        "the apprentices' change, not the painter's move; the switch theater_after_getup plays the "
        "alternative: the spaces are held back and added, clamped, after the next get-up's mood change",
        switch="theater_after_getup",
        where="wakeup.apply",
    ),
    Reading(
        "track_spaces",
        "cath.track",
        f"{_FR}, Restore a segment of the fresco: count spaces without S1-S4; on an occupied space stop "
        "on the next empty space behind or ahead; the texts do not say what 'behind' is when no free space "
        "is left behind",
        Msg(
            "start spaces do not count, so the space number is the VP held; 'behind' is the next free space "
            "towards space 1 (the mover's own space is free, having been left), offered only when one exists"
        ),
        ("'behind' may fall back onto a start space", "the mover's own former space counts as occupied"),
        "a start space is not a track space (the count skips them), and a painter that moves has left its "
        "space; the switch track_behind plays the alternatives: 'start_space' (with no free track space "
        "behind, the painter falls back onto the free start space nearest the track, with 0 VP) or "
        "'own_taken' (the mover's former space is skipped when looking behind)",
        switch="track_behind",
        where="track.landing",
    ),
    Reading(
        "final_money_count_on_an_occupied_space",
        "bigbox.final_collision",
        f"{_FR}, End of the Game (money into points in get-up order) does not repeat the track rule; "
        f"{_BB}, Final point count: the painter moves to the next empty space ahead",
        Msg("base: the general track rule applies, the mover chooses behind or ahead; Big Box: ahead"),
        ("the base game also moves ahead automatically, as Big Box says",),
        "the base rulebook's track rule covers every move on the track, and the final points are a move",
        switch="final_collision",
    ),
    Reading(
        "side_2_of_the_action_sheet",
        "bigbox.side2",
        f"{_FR}, End of the Game: flip the sheet to side 2, without describing it; {_BB}, End of Game "
        "and Scoring: no theater, the cathedral twice",
        Msg(
            "side 2 as printed (public sources, see seeds/README.md): market, cathedral, studio, workshop, "
            "cathedral; no theater; the second cathedral is resolved last (illustrative place)"
        ),
        ("the second cathedral visit comes right after the first",),
        "both rulesets use the same printed sheet, which Big Box describes; where the second visit sits "
        "is not printed in the texts, so the kit keeps the column order and puts it in the theater's place",
        switch="final_sheet",
    ),
    Reading(
        "altar_substitutes",
        "altar.basic",
        f"{_FR}, Restore the altar: yellow + red + blue for 2, each replaceable by a blended paint for 1 more, "
        "or orange + green + purple for 6; the text does not say which blend replaces which primary",
        Msg(
            "any blended paint may fill any primary's slot (+1 each); when both readings fit, the better one "
            "scores (orange + green + purple: 6, not 5)"
        ),
        ("a blend replaces only a primary it is mixed from", "orange + green + purple as substitutes scores 5"),
        "the text names no pairing, and a player who owns orange + green + purple would always declare the 6; "
        "the switch altar_own_primary plays the first alternative (orange fills only yellow's or red's slot, "
        "green yellow's or blue's, purple red's or blue's, so yellow + red + orange is refused); the second "
        "changes no play: those three paints are also the blended restoration, and the kit always books the "
        "better reading, so no player would choose 5 over 6",
        switch="altar_own_primary",
        where="scoring.altar_readings",
    ),
    Reading(
        "start_space_rotation",
        "bigbox.rotation",
        f"{_BB}, Preparation for the Next Round, last bullet: with 2 or more painters on the start spaces, "
        "the first goes to the end of the line and the others move up",
        Msg("the rotation needs two or more painters on start spaces; one painter stays where it is"),
        ("a single painter also moves, to the last start space",),
        "the bullet sets the condition '2 or more' itself; the base rulebook has no rotation (switch off)",
        switch="start_rotation",
    ),
    Reading(
        "altar_more_than_once",
        "altar.basic",
        f"{_FR}, Cathedral: Restore the fresco or altar: each cathedral apprentice may restore one segment "
        "'or restore the altar once'; the text does not say whether 'once' limits the apprentice, the visit "
        "or the whole game",
        Msg(
            "'once' is per apprentice: each cathedral apprentice may restore the altar, so a player with two "
            "cathedral apprentices (and the paints) may restore it twice in one visit, and again in later rounds"
        ),
        (
            "a player restores the altar at most once per cathedral visit",
            "the altar can be restored only once in the whole game, by the first player to do it",
        ),
        "the word stands in the sentence that gives each apprentice one segment, so it counts the "
        "apprentice's actions; unlike a segment the altar has no tile that is taken away, and no text "
        "marks it as done; the Big Box text gives each apprentice a segment or the altar and has no 'once' at all",
        switch="altar_once_per_visit",
        where="cathedral.legal",
    ),
    Reading(
        "bishop_move_before_each_restoration",
        "cath.bishop_move",
        f"{_FR}, Cathedral, Moving the bishop: before restoring any segment the player may move the bishop "
        "'once', one space, for 1 thaler; the text does not say whether that is once per segment or once per "
        "cathedral visit",
        Msg(
            "a player may pay for one step before each segment they restore, so a player restoring two segments "
            "in one visit may move the bishop twice (1 thaler each); never before an altar restoration"
        ),
        ("one paid step per cathedral visit, however many segments the player restores",),
        "'before restoring any segment' ties the move to each restoration, and 'once' forbids a second step "
        "before the same segment; the bishop moves onto every restored segment anyway, so a step per "
        "segment is what the rule's bonus arithmetic is built around; the Big Box and Spanish texts say the same",
        switch="bishop_once_per_visit",
        where="cathedral.restore_checks",
    ),
    Reading(
        "order_of_the_locations",
        "p2.resolve",
        f"{_FR}, Performing actions: the players visit 'the 5 locations one after the other'; the text "
        "does not give the order, though Locations and actions lists them market, cathedral, studio, "
        "workshop, theater",
        Msg(
            "the locations are visited in the order of the action sheet's columns: market, cathedral, studio, "
            "workshop, theater (side 2 in the final round: market, cathedral, studio, workshop, cathedral)"
        ),
        ("the players agree on another order, or visit them in the order the board shows them",),
        "both rulebooks list the locations in this order, and the action sheet (public sources, see "
        "seeds/README.md) prints its columns in it; buying and blending before the cathedral is what "
        "lets paints bought this round be used this round; the alternatives would change play (a studio "
        "before the market, for one, pays for this round's paints), but no switch can play them as a rule: "
        "the board's layout is printed in no source the kit has (seeds/README.md), and an agreed order is "
        "any of the 119 others, a house rule rather than a reading of the text",
        where="rounds.next_actor",
    ),
    Reading(
        "who_is_first_in_the_rotation",
        "bigbox.rotation",
        f"{_BB}, Preparation for the Next Round, last bullet: of 2 or more painters on the start spaces "
        "'the first' goes to the end of the line and the others move up; the text does not say which "
        "painter is first",
        Msg(
            "the first is the painter on the lowest start space (S1, the one who chose first): it goes to the "
            "highest start space still occupied, and each other start-space painter moves down one number"
        ),
        (
            "the first is the painter on the highest start space (the best placed, since S1 counts as "
            "last): it goes to S1 and the others move up one number",
        ),
        "the line is read in its numbering, S1 first; the painter on S1 chose first this round, and "
        "sending it to the end gives the next painter the first choice, which is what a rotation is for",
        switch="start_rotation",
        where="rounds.rotate_start_spaces",
    ),
    Reading(
        "base_game_takes_big_box_facts",
        "setup.player",
        f"{_FR}, Setup and I. Choosing get up time: the base text gives no starting money or paints, does "
        "not say who is 'last' while every painter is on a start space, and does not say how many booths 3 "
        f"players use; {_BB}, Preparation 2 and 5 and 1. Choosing wake-up time say it: 12 thalers and 1 "
        "yellow, 1 red, 1 blue each; S1 counts as the last position; 3 stalls and some tiles removed for 3 "
        "players",
        Msg(
            "the base game takes these from Big Box too (12 thalers and 1 yellow, 1 red, 1 blue each; S1 counts "
            "as last at the start; 3 stalls for 3 players), but not Big Box's unlimited paints (the base game's "
            "78 pieces stay a limited supply unless Big Box's unlimited paints are switched on)"
        ),
        (
            "the base game has other starting amounts (the base text does not print them; the kit knows "
            "of no source that does)",
            "the base game also takes Big Box's unlimited paints",
        ),
        "the base game cannot be played without a starting purse and a first chooser, and Big Box is the "
        "same game with the same components; unlimited paints is different: it changes a rule the base "
        "components settle (a fixed number of pieces), so the kit keeps it as a Big Box switch",
        switch="unlimited_paints",
        where="setup.new_state",
    ),
    Reading(
        "fresco_complete_in_the_base_game",
        "bigbox.complete",
        f"{_FR}, End of the Game: only 6 or fewer tiles at the start of a round make it the final round; "
        f"the text does not say what happens when the fresco is finished before that; {_BB}, End of Game "
        "and Scoring, second bullet: then that round is the final one",
        Msg(
            "base: the game goes on; the next round starts with 0 tiles left, so it is the final round (played "
            "on side 2, with nothing left to restore but the altar); Big Box: the round in which the fresco is "
            "completed is the final one"
        ),
        ("the base game also ends after the round in which the fresco is completed, as Big Box says",),
        "the base text names one trigger only and the kit does not add a second; the case is rare, as the "
        "last 7 tiles must all be restored in one round",
        switch="early_end_on_complete",
        where="rounds.fresco_complete",
    ),
    Reading(
        "hidden_information",
        "p2.plan",
        f"{_BB}, Preparation 2 (thalers and paints behind the large screen), {_FR}, Market (bought paints "
        "hidden behind the large screen) and Planning actions (plans behind the small screen); the texts "
        "do not say what else is secret",
        Msg(
            "thalers and paints behind the large screens and plans (while planning) behind the small ones are "
            "hidden; the bag's contents (the 14 known tiles minus booths and removed ones), restored tiles, "
            "the bank and the paint supply are open; only the order of future draws is secret"
        ),
        ("the bag's contents are secret too",),
        "only the screens hide things; everything else lies on the table and can be deduced; no switch: "
        "what a player is shown changes no legal move, score, setup or end (the bag's contents follow "
        "anyway from the 14 known tiles and what lies open), so the alternative is a matter of "
        "presentation, not of play",
    ),
)

#: reading id -> the reading
READING: dict[str, Reading] = {r.id: r for r in READINGS}


def readings_text(width: int = 96) -> str:
    """Every reading as text, one block each, lines wrapped at ``width`` (for a notebook or ``print``)."""
    blocks = []
    for r in READINGS:
        rows = [
            ("text read", r.reads),
            ("kit", r.kit),
            *(("alternative", alt) for alt in r.alternatives),
            ("argument", r.argument),
            ("switch", r.switch or "none"),
        ]
        lines = [f"{r.id} [fresco {r.rule}]"]
        for label, value in rows:
            lines.append(textwrap.fill(value, width, initial_indent=f"  {label + ':':<14}", subsequent_indent=" " * 16))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def readings_html() -> str:
    """The readings as the kit's one short table (``core.readings.readings_html``): what the kit
    does, each row opening on the sources, the other readings and the argument."""
    return table_html(READINGS, "Fresco: the kit's readings")


def flag(*ids: str) -> str:
    """The sentence a notebook puts next to a cell where readings apply (the ids in a tooltip)."""
    what = "; ".join(READING[i].kit for i in ids)
    return (
        f"This is a reading of the kit: {what} "
        f'<span title="(readings: {", ".join(ids)})">(see the kit\'s readings, notebook 5)</span>.'
    )
