"""The kit's readings where the Fresco texts are ambiguous or silent -- all in one place.

Each :class:`Reading` says what the texts leave open, what the kit does, the checklist
id of the rule it reads and, where another reading can be played, the rule switch
that selects it (``new_game(..., switches={"final_collision": "ahead"})``; the switches
and their sources are the table of :mod:`.rulesets`).  The engine's modules implement
these readings; ``tests/fresco/test_readings.py`` pins them.  :func:`readings_text`
lists them for a notebook.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    """One reading: ``name``, the checklist ``rule`` it reads, what the texts leave open
    (``question``), what the kit does (``kit``) and the ``switch`` playing another reading
    (``None`` when the kit knows no other sensible one)."""

    name: str
    rule: str
    question: str
    kit: str
    switch: str | None = None


READINGS: tuple[Reading, ...] = (
    Reading(
        "bank runs short",
        "supply.coins",
        "the texts do not say what happens when the bank cannot pay (studio, income)",
        "the 60 coins (196 thalers) are the whole bank: it pays only what it holds",
    ),
    Reading(
        "paint supply runs short",
        "supply.paints",
        "the base game's 78 paint pieces are limited, but the texts do not say what a purchase or "
        "blend the supply cannot cover does",
        "such a purchase or blend is refused; with Big Box's unlimited paints the shortfall is noted on paper",
        switch="unlimited_paints",
    ),
    Reading(
        "tie for the win",
        "end.tie",
        "the texts give no tie-break for the most victory points",
        "tied leaders share the victory",
    ),
    Reading(
        "start spaces in the choosing order",
        "p1.order",
        "the rulebook says S1 counts as last at the start; painters can stay on start spaces later on",
        "every painter on a start space is behind all painters on the track; among them S1 is last, then S2, ...",
    ),
    Reading(
        "mood start space",
        "mood.plus",
        "the mood painters' start space could be a '+1' or '-1' space with other illustrative data",
        "a '+1'/'-1' start space gives or takes its apprentice at once, at setup",
    ),
    Reading(
        "track spaces",
        "cath.track",
        "how the track counts and which space is 'behind' an occupied one",
        "start spaces do not count, so the space number is the VP held; 'behind' is the next free space "
        "towards space 1 (the mover's own space is free, having been left), offered only when one exists",
    ),
    Reading(
        "final money count on an occupied space",
        "bigbox.final_collision",
        "the base rulebook does not repeat the track rule for the final count",
        "the general track rule applies: the mover chooses behind or ahead; Big Box moves ahead",
        switch="final_collision",
    ),
    Reading(
        "side 2 of the action sheet",
        "bigbox.side2",
        "the base rulebook flips the sheet to side 2 in the final round without describing it",
        "side 2 as printed (per FACTS.md): market, cathedral, studio, workshop, cathedral; no theater",
        switch="final_sheet",
    ),
    Reading(
        "one booth per market visit",
        "market.buy",
        "whether a player with several market apprentices may visit several booths",
        "the player picks one booth and buys up to one tile per market apprentice there (or closes it); "
        "that uses all their market apprentices",
    ),
    Reading(
        "altar substitutes",
        "altar.basic",
        "which blended paint may replace which primary, and orange + green + purple read as three substitutes",
        "any blended paint may fill any primary's slot (+1 each); when both readings fit, the better one "
        "scores (orange + green + purple: 6, not 5)",
    ),
    Reading(
        "start-space rotation",
        "bigbox.rotation",
        "Big Box's rotation with a single painter left on the start spaces",
        "the rotation needs two or more painters on start spaces; one painter stays where it is",
        switch="start_rotation",
    ),
    Reading(
        "hidden information",
        "p2.plan",
        "what lies open besides the screens",
        "thalers and paints behind the large screens and plans (while planning) behind the small ones are "
        "hidden; the bag's contents (the 14 known tiles minus booths and removed ones), restored tiles, "
        "the bank and the paint supply are open; only the order of future draws is secret",
    ),
)

#: reading name -> the reading
BY_NAME: dict[str, Reading] = {r.name: r for r in READINGS}


def readings_text() -> str:
    """Every reading as text, one paragraph each (for a notebook or ``print``)."""
    return "\n".join(
        f"- {r.name} [{r.rule}]: {r.kit}" + (f" (switch {r.switch})" if r.switch else "") for r in READINGS
    )
