"""The kit's readings where the 1980 Sixtina rulebook's text is ambiguous -- all in one place.

Each :class:`Reading` below is documented once: its id (``name``), the rulebook text it
reads (``reads``: the section heading and what the text says, in the kit's words), how
the kit plays it (``text``), the other plausible reading (``alternative``, ``None`` when
the kit sees none), why the kit chose its reading (``argument``), the checklist id of the
rule it reads (``rule``), the function that implements it (``where``) and the rule switch
that selects the alternative (``switch``).  Every reading is pinned by a test (see
``tests/sixtina/test_readings.py``).  Unlike Lorenzo, 1980 Sixtina has no rule switches
yet: every ``switch`` is :data:`NO_SWITCH` in this round -- each alternative is
documented, not playable (a switch would need a ``switches`` field in the state and its
saves).  ``READINGS`` maps each name to its explanation and ``describe`` writes one
reading out in full (the notebooks print them).
"""

from __future__ import annotations

from dataclasses import dataclass

#: the ``switch`` of every reading in this round: the alternative is documented only
NO_SWITCH = "none (not switchable yet)"


@dataclass(frozen=True)
class Reading:
    """One reading of ambiguous rulebook text: its id, the checklist id of the rule it
    reads, how the kit plays it, where in the package, the alternative reading (``None``
    when the kit sees no plausible other one), the rulebook text it reads (section and
    paraphrase), the argument for the kit's choice and the switch (none yet)."""

    name: str
    rule: str
    text: str
    where: str
    alternative: str | None = None
    reads: str = ""
    argument: str = ""
    switch: str = NO_SWITCH


ALL: tuple[Reading, ...] = (
    Reading(
        "leftover counts",
        "final.leftover",
        "Leftover Materials and Techniques counts the cards in hand plus the materials in the play "
        "area; the prudent cards kept face up are not counted",
        "final.final_scores",
        "count the prudent cards kept face up as leftover techniques too",
        reads="End of the Game and Scoring, Leftover Materials and Techniques: half of the technique "
        "cards and materials left in the play area, rounded down; the kept prudent cards also lie in "
        "the play area",
        argument="the Final Scoring Example only adds up this way: Blue kept at least seven prudent cards "
        "yet counts 1 card and 2 materials",
    ),
    Reading(
        "winner tie-break reserve",
        "final.winner",
        "the winner's tie-break on materials in the 'personal reserve' counts the materials in the "
        "player's play area; Gianluigi's total is compared too, and he has no play area (0)",
        "final.winners",
        "count the player's own-colour materials still in the general supply (their 'reserve' of "
        "materials not yet acquired)",
        reads="End of the Game and Scoring, last paragraph: a tie on points goes to more objectives, then "
        "to more materials in the player's personal reserve, then the victory is shared",
        argument="the rulebook names two places for materials: the general supply, which Two-Player Games "
        "also calls the 'general reserve', and the player's own play area; 'personal' sets the reserve "
        "apart from the general one, so the kit reads the play area. Own-colour materials left in the "
        "supply are still part of the general reserve, not yet the player's",
    ),
    Reading(
        "objectives count the board",
        "obj.materials8",
        "objectives count board positions, as materials return to the supply when a fresco flips: "
        "'restorations' are own materials on the top (correct) or bottom (excellent) spaces of "
        "frescoes not yet flipped; 'materials on restored frescoes' are the zone icons",
        "objectives.objective_met",
        reads="Objectives: the twelve conditions speak of materials, restorations and restored frescoes a player has",
        argument="step 4 of Completing the Restoration of Frescoes returns every material of a completed "
        "fresco to the supply and leaves only the zone icon, so the board keeps no other record",
    ),
    Reading(
        "three ongoing restorations",
        "obj.three6",
        "'6 materials on three ongoing restorations' needs materials on three frescoes whose best "
        "three counts sum to 6 or more",
        "objectives.objective_met",
        "at least 2 materials on each of three frescoes",
        reads="Objectives, Materials in Frescoes: at least 6 materials on three ongoing restorations",
        argument="the condition gives one total for the three frescoes and no minimum for each",
    ),
    Reading(
        "adjacent restored frescoes",
        "obj.adjacent3",
        "'adjacent' restored frescoes form a connected group of the chapel graph",
        "objectives.objective_met",
        "every pair of the frescoes must be adjacent",
        reads="Objectives, Type of Restoration: materials on at least 3 (4 players: 2) restored frescoes "
        "that are orthogonally adjacent",
        argument="in the chapel's grid three frescoes are rarely all pairwise adjacent, so the condition "
        "would be almost impossible; a chain of neighbours is the natural reading",
    ),
    Reading(
        "chapel layout",
        "complete.new",
        "the rulebook shows the chapel as a picture; the kit reads it as columns side by side, rows "
        "adjacent across columns, vertical neighbours adjacent, each Last Judgment place adjacent "
        "to the two above it (seeds/sixtina.toml, with its provenance; public sources, see "
        "seeds/README.md)",
        "chapel.chapel_graph",
        reads="Setup, step 1 (the layout picture) and Completing the Restoration of Frescoes, "
        "5. New Restorations: orthogonal neighbours; each Last Judgment fresco touches the two above it",
        argument="the only adjacency the text states is the Last Judgment one; the rest follows the grid "
        "of the picture",
    ),
    Reading(
        "uncover next to restored frescoes",
        "complete.new",
        "a covered fresco may be uncovered next to any uncovered fresco, restored ones too",
        "completion.revealable",
        "only next to a visible fresco still being restored",
        reads="Completing the Restoration of Frescoes, 5. New Restorations: the new fresco must be "
        "orthogonally adjacent to one of the visible frescoes",
        argument="a restored fresco is turned face up, not covered again, so it stays visible; reading "
        "'visible' as 'still being restored' could leave no candidate next to a finished corner of the "
        "chapel while covered frescoes remain",
    ),
    Reading(
        "final contribution needs a restored fresco",
        "final.contribution",
        "a player with no material on a restored fresco has not contributed and scores 0",
        "scoring.restored_fresco_points",
        "every player ranks, so a player with none may take the 3 of third place",
        reads="End of the Game and Scoring, Contribution to Restored Frescoes: 10, 6 and 3 points to the "
        "players with the most materials on restored frescoes",
        argument="the category rewards a contribution; 2. Contribution likewise gives nothing to a player "
        "who placed no material of their own",
    ),
    Reading(
        "last fresco halved",
        "end.last_half",
        "the last fresco: each player's share is computed as usual (split), then halved and rounded "
        "down (floor, also for a negative share)",
        "completion.contribution_awards",
        "halve the fresco's modified points first (rounded down), then split them among tied players",
        reads="End of the Game and Scoring: the final incomplete fresco is scored but grants only half "
        "of the points, rounded down",
        argument="'grants' speaks of what each player receives, so the kit halves each award; the two "
        "orders differ only on ties: two players tied for first on 9 and 3 share (9 + 3) // 2 = 6, halved "
        "to 3 each, where halving first gives (4 + 1) // 2 = 2 each",
    ),
    Reading(
        "Gianluigi's own material",
        "gian.restore",
        "Gianluigi needs a material of his colour in the supply for an excellent or correct "
        "restoration; without one he falls back to a prudent restoration (with a black material)",
        "gianluigi.options",
        "without his own material he does not restore at all",
        reads="Two-Player Games, Gianluigi Restorations: excellent with his colour, if not possible "
        "correct with his colour, if not possible prudent with a black material",
        argument="the priority list says 'if not possible' at each step, and an excellent or correct "
        "restoration is not possible without a material of his colour, so the next step applies",
    ),
    Reading(
        "two-player turn order",
        "two.turns",
        "in a two-player turn the order is: the player's restoration and bonus, its completion, "
        "Gianluigi's restoration and its completion, then the new frescoes to uncover (the turn "
        "table of flow.py)",
        "completion.continue_turn",
        reads="Two-Player Games, Gameplay and Gianluigi Restorations: after any restoration action a "
        "player activates Gianluigi; when one or two frescoes are completed that turn, the player "
        "chooses the new ones",
        argument="the player chooses 'one or two' new frescoes, which only makes sense after both "
        "restorations are done",
    ),
    Reading(
        "setup placements are no restoration",
        "complete.trigger",
        "setup placements are not restoration actions: a fresco they fill (four players) is scored "
        "after the next restoration action of the game, whose player uncovers",
        "rules.apply",
        reads="Completing the Restoration of Frescoes: the check for completed frescoes follows any restoration action",
        argument="setup step 9 places materials without an action, and the completion steps need a "
        "player who completed the fresco",
    ),
    Reading(
        "acquire needs a card",
        "act.acquire",
        "Acquire Material needs at least one card and takes as many materials as the supply allows",
        "restoration.acquire_checks",
        reads="How to Play, Acquire Material: discard as many cards as you wish, one material per card",
        argument="discarding no card would be a turn with no action at all",
    ),
    Reading(
        "preparation always allowed",
        "act.preparation",
        "Technique Preparation is always allowed (it may draw nothing)",
        "restoration.prepare_in_place",
        reads="How to Play, Technique Preparation: draw three, never beyond eight in hand",
        argument="the rulebook forbids no action; a full hand simply draws nothing",
    ),
    Reading(
        "prudent lead tie",
        "final.prudent",
        "in final Prudent Restorations, when two or more players tie for the most cards of a "
        "technique, each tied player scores 2 per card and nobody else scores for that technique",
        "scoring.prudent_technique_points",
        "the tied leaders score 2 per card and the next count below them is second and scores 2 per "
        "card as well; or the tied leaders discard down as a single leader would",
        reads="End of the Game and Scoring, Prudent Restorations: the player with the most cards discards "
        "as many (lowest) as the second holds and scores the rest; the second scores 2 per card; tied "
        "players score 2 per card",
        argument="the scoring names only the first and the second place; with two players tied on the "
        "most cards, both hold the first two places, so no one is left in second. The Final Scoring "
        "Example does not decide it: its Laboratory tie for first (White and Blue, 2 each) has no third "
        "holder",
    ),
)

#: reading name -> its :class:`Reading`
READING: dict[str, Reading] = {r.name: r for r in ALL}

#: reading name -> the kit's reading in words (and the alternative, if any)
READINGS: dict[str, str] = {r.name: r.text + (f" (alternative: {r.alternative})" if r.alternative else "") for r in ALL}


def describe(reading: Reading) -> str:
    """One reading written out in full: id, rule, rulebook text, the kit's reading, the
    alternative, the argument and the switch (for the notebooks)."""
    lines = [
        f"{reading.name} (rule {reading.rule}; played by {reading.where})",
        f"  reads:       {reading.reads}",
        f"  kit:         {reading.text}",
        f"  alternative: {reading.alternative or 'none the kit finds plausible'}",
        f"  argument:    {reading.argument}",
        f"  switch:      {reading.switch}",
    ]
    return "\n".join(lines)
