"""The kit's readings where the 1980 Sixtina rulebook's text is ambiguous -- all in one place.

Each :class:`Reading` below is documented once: what the rulebook leaves open, how the
kit plays it, the checklist id of the rule it reads (``rule``), the function that
implements it (``where``) and, where another reading is plausible, that alternative
in words.  Every reading is pinned by a test (see ``tests/sixtina/test_readings.py``).
Unlike Lorenzo, 1980 Sixtina has no rule switches yet: each alternative below is
documented, not playable (a switch would need a ``switches`` field in the state and
its saves).  ``READINGS`` maps each name to its explanation (the notebooks print it).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    """One reading of ambiguous rulebook text: its name, the checklist id of the rule
    it reads, how the kit plays it, where in the package, and the alternative reading
    (``None`` when the kit sees no plausible other one)."""

    name: str
    rule: str
    text: str
    where: str
    alternative: str | None = None


ALL: tuple[Reading, ...] = (
    Reading(
        "leftover counts",
        "final.leftover",
        "Leftover Materials and Techniques counts the cards in hand plus the materials in the play "
        "area; the prudent cards kept face up are not counted (the Final Scoring Example only adds "
        "up that way: Blue keeps at least seven prudent cards yet counts 1)",
        "final.final_scores",
        "count the prudent cards kept face up as leftover techniques too",
    ),
    Reading(
        "winner tie-break reserve",
        "final.winner",
        "the winner's tie-break on materials in the 'personal reserve' counts the play area (the "
        "general supply is the 'general reserve' in Two-Player Games); Gianluigi's total is "
        "compared too, and he has no play area",
        "final.winners",
        "count the player's own materials left in the general supply",
    ),
    Reading(
        "objectives count the board",
        "obj.materials8",
        "objectives count board positions, as materials return to the supply when a fresco flips: "
        "'restorations' are own materials on the top (correct) or bottom (excellent) spaces of "
        "frescoes not yet flipped; 'materials on restored frescoes' are the zone icons",
        "objectives.objective_met",
    ),
    Reading(
        "three ongoing restorations",
        "obj.three6",
        "'6 materials on three ongoing restorations' needs materials on three frescoes whose best "
        "three counts sum to 6 or more",
        "objectives.objective_met",
        "at least 2 materials on each of three frescoes",
    ),
    Reading(
        "adjacent restored frescoes",
        "obj.adjacent3",
        "'adjacent' restored frescoes form a connected group of the chapel graph",
        "objectives.objective_met",
        "every pair of the frescoes must be adjacent",
    ),
    Reading(
        "chapel layout",
        "complete.new",
        "the rulebook shows the chapel as a picture; the kit reads it as columns side by side, rows "
        "adjacent across columns, vertical neighbours adjacent, each Last Judgment place adjacent "
        "to the two above it (seeds/sixtina.toml, FACTS.md)",
        "chapel.chapel_graph",
    ),
    Reading(
        "uncover next to restored frescoes",
        "complete.new",
        "a covered fresco may be uncovered next to any uncovered fresco, restored ones too",
        "completion.revealable",
        "only next to a visible fresco still being restored",
    ),
    Reading(
        "final contribution needs a restored fresco",
        "final.contribution",
        "a player with no material on a restored fresco has not contributed and scores 0",
        "scoring.restored_fresco_points",
        "every player ranks, so a player with none may take the 3 of third place",
    ),
    Reading(
        "last fresco halved",
        "end.last_half",
        "the last fresco: each player's share is computed as usual, then halved and rounded down "
        "(floor, also for a negative share)",
        "completion.contribution_awards",
        "halve the fresco's points first, then share them",
    ),
    Reading(
        "Gianluigi's own material",
        "gian.restore",
        "Gianluigi needs a material of his colour in the supply for an excellent or correct "
        "restoration; without one he falls back to a prudent restoration",
        "gianluigi.options",
    ),
    Reading(
        "two-player turn order",
        "two.turns",
        "in a two-player turn the order is: the player's restoration and bonus, its completion, "
        "Gianluigi's restoration and its completion, then the new frescoes to uncover (the turn "
        "table of flow.py)",
        "completion.continue_turn",
    ),
    Reading(
        "setup placements are no restoration",
        "complete.trigger",
        "setup placements are not restoration actions: a fresco they fill (four players) is scored "
        "after the next restoration action of the game, whose player uncovers",
        "rules.apply",
    ),
    Reading(
        "acquire needs a card",
        "act.acquire",
        "Acquire Material needs at least one card and takes as many materials as the supply allows",
        "restoration.acquire_checks",
    ),
    Reading(
        "preparation always allowed",
        "act.preparation",
        "Technique Preparation is always allowed (it may draw nothing)",
        "restoration.prepare_in_place",
    ),
)

#: reading name -> its :class:`Reading`
READING: dict[str, Reading] = {r.name: r for r in ALL}

#: reading name -> the kit's reading in words (and the alternative, if any)
READINGS: dict[str, str] = {r.name: r.text + (f" (alternative: {r.alternative})" if r.alternative else "") for r in ALL}
