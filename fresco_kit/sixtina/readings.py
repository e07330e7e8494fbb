"""The kit's readings where the 1980 Sixtina rulebook's text is ambiguous -- all in one place.

Each reading below is a :class:`fresco_kit.core.readings.Reading`, the one type every
game uses, documented once: its ``id``, the rulebook text it reads (``reads``: the
section heading and what the text says, in the kit's words), how the kit plays it
(``kit``), the other plausible readings (``alternatives``; every reading names at
least one), why the kit chose its reading (``argument``), the checklist id of the rule it
reads (``rule``), the function that implements it (``where``) and the rule switch that
selects an alternative (``switch``, None when the alternative is documented only).  Every
reading is pinned by a test (see ``tests/sixtina/test_readings.py``).  A reading whose
alternative changes play has a rule switch (:mod:`.switches`, named here as :data:`SWITCHES`:
``new_game(..., switches={"gianluigi_wins": "no"})``; tested in ``tests/sixtina/test_switches.py``);
the state and its saves keep the switches set, and ``switches.setting`` gives the value in force.
``READINGS`` lists them (core's one ``Reading`` type, as in every game), ``READING``
finds one by id and ``describe`` writes one reading out in full; the notebooks show them with
core's ``readings_html`` (a short table, each reading behind ``<details>``).
"""

from __future__ import annotations

from fresco_kit.core.readings import Reading
from fresco_kit.core.text import Msg

# the switches live in .switches; named here too, as every game's readings module names them
from .switches import DEFAULTS as DEFAULTS
from .switches import SWITCHES as SWITCHES

#: the ``switch`` of a reading whose alternative is documented only
NO_SWITCH = "none (not switchable yet)"

READINGS: tuple[Reading, ...] = (
    Reading(
        id="leftover counts",
        rule="final.leftover",
        reads="End of the Game and Scoring, Leftover Materials and Techniques: half of the technique cards and "
        "materials left in the play area, rounded down; the kept prudent cards also lie in the play area",
        kit=Msg(
            "Leftover Materials and Techniques counts the cards in hand plus the materials in the play area; "
            "the prudent cards kept face up are not counted"
        ),
        alternatives=(
            "count the prudent cards kept face up as leftover techniques too",
            "read 'in their play area' literally: count the kept prudent cards and the materials there, not the "
            "cards in hand",
        ),
        argument="the Final Scoring Example only adds up this way: Blue kept at least seven prudent cards yet counts "
        "1 card and 2 materials, so the kept cards cannot be what is counted; the cards a player still holds are "
        "the 'technique cards remaining' (the rulebook does not say where its 1 card lies); the switch "
        "leftover_counts: 'kept cards too' plays the first alternative, 'play area only' the second",
        switch="leftover_counts",
        where="final.final_scores",
    ),
    Reading(
        id="winner tie-break reserve",
        rule="final.winner",
        reads="End of the Game and Scoring, last paragraph: a tie on points goes to more objectives, then to more "
        "materials in the player's personal reserve, then the victory is shared",
        kit=Msg(
            "the winner's tie-break on materials in the 'personal reserve' counts the materials in the player's "
            "play area; Gianluigi's total is compared too, and he has no play area (0)"
        ),
        alternatives=(
            "count the player's own-colour materials still in the general supply (their 'reserve' of materials "
            "not yet acquired)",
        ),
        argument="the rulebook names two places for materials: the general supply, which Two-Player Games also calls "
        "the 'general reserve', and the player's own play area; 'personal' sets the reserve apart from the "
        "general one, so the kit reads the play area. Own-colour materials left in the supply are still "
        "part of the general reserve, not yet the player's; the switch reserve_tie_break: 'supply' plays the "
        "alternative",
        switch="reserve_tie_break",
        where="final.winners",
    ),
    Reading(
        id="objectives count the board",
        rule="obj.materials8",
        reads="Objectives: the twelve conditions speak of materials, restorations and restored frescoes a player has; "
        "Restored Frescoes counts a player's excellent or correct restorations of three techniques",
        kit=Msg(
            "objectives count board positions, as materials return to the supply when a fresco flips: "
            "'restorations' are own materials on the top (correct) or bottom (excellent) spaces of frescoes not "
            "yet flipped; 'materials on restored frescoes' are the zone icons"
        ),
        alternatives=(
            "remember every restoration a player has made, so a correct or excellent restoration still counts "
            "after its fresco is completed and flipped, and the materials a player had on completed frescoes "
            "count as 'completed restorations' (players would have to keep a record off the board)",
        ),
        argument="step 4 of Completing the Restoration of Frescoes returns every material of a completed fresco to "
        "the supply and leaves only the zone icon, so the board keeps no other record; and the footnote of "
        "Materials in Frescoes and Restored Frescoes (a just-completed fresco counts because the bonus comes "
        "before the flip) would be needless if flipped restorations still counted. The alternative is "
        "plausible: 'have 2 excellent restorations' can be read as a tally of what a player has done; the switch "
        "restorations_counted: 'every one made' plays it for the three Restored Frescoes objectives and for "
        "'8 materials between ongoing and completed restorations' (the remembered materials in place of the zone "
        "icons), keeping the record in the state (its saves write it; the kit's reading keeps none)",
        switch="restorations_counted",
        where="objectives.objective_met",
    ),
    Reading(
        id="three ongoing restorations",
        rule="obj.three6",
        reads="Objectives, Materials in Frescoes: at least 6 materials on three ongoing restorations",
        kit=Msg(
            "'6 materials on three ongoing restorations' needs materials on three frescoes whose best three "
            "counts sum to 6 or more"
        ),
        alternatives=("at least 2 materials on each of three frescoes",),
        argument="the condition gives one total for the three frescoes and no minimum for each; the switch "
        "three_ongoing: 'two each' plays the alternative",
        switch="three_ongoing",
        where="objectives.objective_met",
    ),
    Reading(
        id="adjacent restored frescoes",
        rule="obj.adjacent3",
        reads="Objectives, Type of Restoration: materials on at least 3 (4 players: 2) restored frescoes that are "
        "orthogonally adjacent",
        kit=Msg("'adjacent' restored frescoes form a connected group of the chapel graph"),
        alternatives=("every pair of the frescoes must be adjacent",),
        argument="in the chapel's grid no three frescoes are all pairwise adjacent, so with 2 or 3 players the "
        "condition could never be met; a chain of neighbours is the natural reading; the switch "
        "adjacent_frescoes: 'pairwise' plays the alternative",
        switch="adjacent_frescoes",
        where="objectives.objective_met",
    ),
    Reading(
        id="chapel layout",
        rule="complete.new",
        reads="Setup, step 1 (the layout picture) and Completing the Restoration of Frescoes, 5. New "
        "Restorations: orthogonal neighbours; each Last Judgment fresco touches the two above it",
        kit=Msg(
            "the rulebook shows the chapel as a picture; the kit reads it as columns side by side, rows "
            "adjacent across columns, vertical neighbours adjacent, each Last Judgment place adjacent to the "
            "two above it (seeds/sixtina.toml, with its provenance; public sources, see seeds/README.md)"
        ),
        alternatives=(
            "another alignment of the columns: the Genesis column has four cards and the others three, so the "
            "picture could also set the side columns level with other Genesis rows, giving other side "
            "neighbours",
        ),
        argument="the only adjacency the text states is the Last Judgment one (and 'not diagonally'); the rest "
        "follows the grid of the picture as the kit's public sources describe it, top rows level; the kit cannot "
        "check the picture itself, so the layout is marked as a reading. It has no switch because the alternative "
        "cannot be pinned down from the sources: the text says only that each column's top card starts visible "
        "(so the top rows are the natural ones to set level) and how the Last Judgment touches the cards above; "
        "which other rows would sit level, if the picture shifts a column, it does not say, and a switch would "
        "play a guess. The layout is data (seeds/sixtina.toml, an edge list), so a checked picture corrects it "
        "there",
        where="chapel.chapel_graph",
    ),
    Reading(
        id="uncover next to restored frescoes",
        rule="complete.new",
        reads="Completing the Restoration of Frescoes, 5. New Restorations: the new fresco must be orthogonally "
        "adjacent to one of the visible frescoes",
        kit=Msg("a covered fresco may be uncovered next to any uncovered fresco, restored ones too"),
        alternatives=("only next to a visible fresco still being restored",),
        argument="a restored fresco is turned face up, not covered again, so it stays visible; reading 'visible' as "
        "'still being restored' could leave no candidate next to a finished corner of the chapel while "
        "covered frescoes remain; the switch uncover_next_to: 'being restored' plays the alternative; where no "
        "covered fresco lies next to one still being restored, it falls back to any uncovered neighbour, so the "
        "game cannot stall",
        switch="uncover_next_to",
        where="completion.revealable",
    ),
    Reading(
        id="final contribution needs a restored fresco",
        rule="final.contribution",
        reads="End of the Game and Scoring, Contribution to Restored Frescoes: 10, 6 and 3 points to the players "
        "with the most materials on restored frescoes",
        kit=Msg("a player with no material on a restored fresco has not contributed and scores 0"),
        alternatives=("every player ranks, so a player with none may take the 3 of third place",),
        argument="the category rewards a contribution; 2. Contribution likewise gives nothing to a player who placed "
        "no material of their own; the switch final_contribution: 'every player' plays the alternative",
        switch="final_contribution",
        where="scoring.restored_fresco_points",
    ),
    Reading(
        id="last fresco halved",
        rule="end.last_half",
        reads="End of the Game and Scoring: the final incomplete fresco is scored but grants only half of the "
        "points, rounded down",
        kit=Msg(
            "the last fresco: each player's share is computed as usual (split), then halved and rounded down "
            "(floor, also for a negative share)"
        ),
        alternatives=("halve the fresco's modified points first (rounded down), then split them among tied players",),
        argument="'grants' speaks of what each player receives, so the kit halves each award; the two orders differ "
        "only on ties: two players tied for first on 9 and 3 share (9 + 3) // 2 = 6, halved to 3 each, "
        "where halving first gives (4 + 1) // 2 = 2 each; the switch last_fresco_halving: 'halve then split' plays "
        "the alternative",
        switch="last_fresco_halving",
        where="completion.contribution_awards",
    ),
    Reading(
        id="Gianluigi's own material",
        rule="gian.restore",
        reads="Two-Player Games, Gianluigi Restorations: excellent with his colour, if not possible correct with "
        "his colour, if not possible prudent with a black material",
        kit=Msg(
            "Gianluigi needs a material of his colour in the supply for an excellent or correct restoration; "
            "without one he falls back to a prudent restoration (with a black material)"
        ),
        alternatives=("without his own material he does not restore at all",),
        argument="the priority list says 'if not possible' at each step, and an excellent or correct restoration is "
        "not possible without a material of his colour, so the next step applies; the switch "
        "gianluigi_own_material: 'no restoration' plays the alternative",
        switch="gianluigi_own_material",
        where="gianluigi.options",
    ),
    Reading(
        id="two-player turn order",
        rule="two.turns",
        reads="Two-Player Games, Gameplay and Gianluigi Restorations: after any restoration action a player "
        "activates Gianluigi; when one or two frescoes are completed that turn, the player chooses the new "
        "ones",
        kit=Msg(
            "in a two-player turn the order is: the player's restoration and bonus, its completion, Gianluigi's "
            "restoration and its completion, then the new frescoes to uncover (the turn table of flow.py)"
        ),
        alternatives=(
            "the player uncovers a new fresco as soon as their own restoration completes one, before Gianluigi "
            "restores (so Gianluigi could then restore on the fresco just uncovered)",
        ),
        argument="the player chooses 'one or two' new frescoes at once when Gianluigi's restoration completes a "
        "second one, which only makes sense after both restorations are done; uncovering in between would "
        "split that choice in two. The alternative is plausible all the same: 5. New Restorations comes right "
        "after a completion in the base rules, and the two-player text only adds Gianluigi's restoration 'after' "
        "the player's restoration action without saying whether the completion's steps come first; the switch "
        "two_player_order: 'uncover first' plays it (the player uncovers, then Gianluigi restores, then the "
        "player uncovers what his restoration completed)",
        switch="two_player_order",
        where="flow.uncover_before_gianluigi",
    ),
    Reading(
        id="setup placements are no restoration",
        rule="complete.trigger",
        reads="Completing the Restoration of Frescoes: the check for completed frescoes follows any restoration action",
        kit=Msg(
            "setup placements are not restoration actions: a fresco they fill (three placements on a fresco of three "
            "techniques) is scored after "
            "the next restoration action of the game, whose player uncovers"
        ),
        alternatives=(
            "score a fresco filled by the setup placements at once, before the first turn, with the player who "
            "placed last uncovering the new fresco (step 9 does call the placements correct restorations)",
        ),
        argument="the check follows 'any restoration action', and setup step 9 places materials from the supply "
        "with no card played and no action taken, so there is nothing to check yet; the kit checks at the first "
        "moment the rulebook names, after the first restoration action. The alternative is plausible, as step 9 "
        "calls each placement a correct restoration; the switch setup_completion: 'at setup' plays it",
        switch="setup_completion",
        where="flow.scored_at_setup",
    ),
    Reading(
        id="acquire needs a card",
        rule="act.acquire",
        reads="How to Play, Acquire Material: discard as many cards as you wish, one material per card",
        kit=Msg("Acquire Material needs at least one card and takes as many materials as the supply allows"),
        alternatives=("'as many as you wish' includes none: Acquire Material with no card, a turn that passes",),
        argument="discarding no card would be a turn with no action at all, and a player never needs one: with "
        "no card in hand Technique Preparation is always possible (see 'preparation always allowed'); the "
        "switch acquire_needs_card: 'no' plays the alternative",
        switch="acquire_needs_card",
        where="restoration.acquire_checks",
    ),
    Reading(
        id="preparation always allowed",
        rule="act.preparation",
        reads="How to Play, Technique Preparation: draw three, never beyond eight in hand",
        kit=Msg("Technique Preparation is always allowed (it may draw nothing)"),
        alternatives=("with 8 cards in hand (or no card left to draw) Technique Preparation is not allowed",),
        argument="the rulebook gives the number drawn for 6 and 7 cards and forbids no action, so 8 cards simply "
        "draw none; and a player must always have an action: with an empty hand and an empty draw and discard "
        "pile, preparation is the only one left. (This lets a full hand pass a turn, which 'acquire needs a "
        "card' refuses; a player with 8 cards can always acquire instead); the switch preparation: "
        "'must draw' plays the alternative; a player with no card at all may still prepare, as nothing else is left",
        switch="preparation",
        where="restoration.prepare_in_place",
    ),
    Reading(
        id="prudent lead tie",
        rule="final.prudent",
        reads="End of the Game and Scoring, Prudent Restorations: the player with the most cards discards as many "
        "(lowest) as the second holds and scores the rest; the second scores 2 per card; tied players score "
        "2 per card",
        kit=Msg(
            "in final Prudent Restorations, when two or more players tie for the most cards of a technique, "
            "each tied player scores 2 per card and nobody else scores for that technique"
        ),
        alternatives=(
            "the tied leaders score 2 per card and the next count below them is second and scores 2 per card as "
            "well; or the tied leaders discard down as a single leader would",
        ),
        argument="the scoring names only the first and the second place; with two players tied on the most cards, "
        "both hold the first two places, so no one is left in second. The Final Scoring Example does not "
        "decide it: its Laboratory tie for first (White and Blue score 2 points each, so one card each) has "
        "no third holder; the switch prudent_lead_tie: 'next is second' plays the first alternative, 'leaders "
        "discard' the second (each tied leader discards as many cards as the next count below holds)",
        switch="prudent_lead_tie",
        where="scoring.prudent_technique_points",
    ),
    Reading(
        id="fresco types",
        rule="obj.sametype2",
        reads="Know the Cards: an icon on each fresco shows its type; Objectives, Type of Restoration: restored "
        "frescoes of the same type, and of different types. The text never names the types",
        kit=Msg(
            "the kit gives the 26 frescoes four types of its own (portrait, narrative, architecture, nature; "
            "seeds/sixtina.toml, marked illustrative): 7, 8, 4 and 7 cards. Two objectives depend on them: "
            "'2 restored frescoes of the same type' and '3 (4 players: 2) of different types'"
        ),
        alternatives=(
            "the type is the fresco's deck (Jesus Christ, Genesis, Moses, The Last Judgment), four types of 6, 9, 6 "
            "and 5 cards",
            "the printed icons group the cards in some other way, which the text does not reveal",
        ),
        argument="the rulebook's text does not list the icons; the deck cannot be ruled out, but the rulebook "
        "speaks of decks and of types separately (a deck per wall, an icon per card), so the kit keeps them "
        "apart and labels its grouping illustrative until the printed icons are checked",
        switch="fresco_types",
        where="objectives.objective_met",
    ),
    Reading(
        id="objective technique lists",
        rule="obj.exc2",
        reads="Objectives, Restored Frescoes: at least 2 excellent restorations of Repainting, Washi Paper or "
        "Laboratory (and the two like it, with other techniques)",
        kit=Msg("any mix of the three techniques counts: one excellent Repainting and one excellent Laboratory make 2"),
        alternatives=("all the restorations must be of one of the three techniques",),
        argument="'of A, B or C' names the techniques that count, and nothing asks for the same one twice; the "
        "Prudent Restorations objectives say 'of the same type' when they mean it; the switch objective_techniques: "
        "'one technique' plays the alternative (the count is that of the technique with most)",
        switch="objective_techniques",
        where="objectives.objective_met",
    ),
    Reading(
        id="negative shares rounded down",
        rule="complete.score",
        reads="Completing the Restoration of Frescoes, 1. Modify Scores and 3. Scoring: a score may be negative; "
        "tied players sum and divide the scores, rounding down",
        kit=Msg(
            "'rounding down' is toward the lower number for negative shares too: two players sharing -3 score -2 "
            "each (-1.5 rounded down)"
        ),
        alternatives=("drop the fraction (round toward zero): -3 shared by two gives -1 each",),
        argument="the rulebook says 'rounding down' with no exception, and down from -1.5 is -2; the alternative "
        "would make a shared penalty smaller than its fair part. The two differ only when tied players share "
        "an odd negative sum",
        switch="negative_shares",
        where="completion.contribution_awards",
    ),
    Reading(
        id="Gianluigi can win",
        rule="final.winner",
        reads="Two-Player Games: Gianluigi is a fictitious third player who scores points; End of the Game and "
        "Scoring: the player with the highest final score wins",
        kit=Msg(
            "Gianluigi is ranked with the two players: if his total is highest, he wins and both players lose. "
            "On a tie his three setup materials on the objectives count as three objectives completed, and his "
            "reserve is 0"
        ),
        alternatives=(
            "only the two players compete: the higher of them wins, and Gianluigi's score only takes "
            "points and places away from them",
        ),
        argument="two-player games 'follow the same rules as three-player games' with Gianluigi as the third "
        "player, and his score is kept and summed like a player's (End of the Game of Two-Player Games); the "
        "rulebook never sets him apart from the winner's rule. His objective materials score as claims, so the "
        "kit counts them as claims in the tie-break too",
        switch="gianluigi_wins",
        where="final.winners",
    ),
    Reading(
        id="Gianluigi takes no bonus",
        rule="gian.restore",
        reads="Two-Player Games, Gianluigi Restorations: he may make an excellent restoration; B. Excellent "
        "Restoration: an excellent restoration claims one bonus",
        kit=Msg(
            "Gianluigi's excellent restoration earns no bonus: he draws no card, takes no material and claims no "
            "objective; his objective points are those of the second spaces he holds from the setup"
        ),
        alternatives=("he claims an objective he meets, chosen by the player who activated him",),
        argument="he has no hand and no play area, so two of the three bonuses have nowhere to go, and the "
        "rulebook lists what he does in a restoration (priority, extra materials) without a bonus; 'Gianluigi "
        "adds the score by objective cards' is met by his setup materials on the second spaces. The alternative "
        "would change no game, so it has no switch: Two-Player Games puts one of his materials on the second "
        "space of each of the three objectives in play at setup, claims are never taken back, and the Objective "
        "bonus allows no more than one material per objective, so no objective is ever left for him to claim",
        where="gianluigi.options",
    ),
)

#: reading name -> its :class:`Reading`
READING: dict[str, Reading] = {r.id: r for r in READINGS}


def describe(reading: Reading) -> str:
    """One reading written out in full: id, rule, rulebook text, the kit's reading, the
    alternative, the argument and the switch (for the notebooks)."""
    lines = [
        f"{reading.id} (rule {reading.rule}; played by {reading.where})",
        f"  reads:       {reading.reads}",
        f"  kit:         {reading.kit}",
        f"  alternative: {'; '.join(reading.alternatives) or 'none the kit finds plausible'}",
        f"  argument:    {reading.argument}",
        f"  switch:      {reading.switch or NO_SWITCH}",
    ]
    return "\n".join(lines)
