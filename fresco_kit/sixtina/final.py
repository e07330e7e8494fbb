"""End of the Game and Scoring: the four final categories and the winner.

``final_scores(state)`` builds the ScoreSheet: points during the game (the score
track, including the last fresco's half points), objectives, contribution to restored
frescoes, prudent restorations per technique and leftover cards and materials.  In a
two-player game Gianluigi scores only objectives and contribution (``gian.end``).
Before the end it is a provisional sheet of the current position.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from fresco_kit.core import ScoreSheet
from fresco_kit.core.text import Msg

from . import INFO
from .codes import CARD_TECH, CARD_VALUE, D
from .data import TECHNIQUES
from .objectives import objective_points, objectives_claimed
from .scoring import leftover_points, prudent_technique_points, restored_fresco_points
from .state import State
from .switches import setting

#: the score sheet's categories, as the registry describes them (one place)
CATEGORIES = list(INFO.categories)


def prudent_cards_by_technique(state: State) -> dict[str, dict[str, list[int]]]:
    """technique -> player -> values of the kept prudent cards (players only)."""
    return _by_technique(state.display, state.players)


def _by_technique(display: tuple[tuple[int, ...], ...], players: tuple[str, ...]) -> dict[str, dict[str, list[int]]]:
    out: dict[str, dict[str, list[int]]] = {t: {p: [] for p in players} for t in TECHNIQUES}
    for seat, cards in enumerate(display):
        for c in cards:
            out[TECHNIQUES[CARD_TECH[c]]][players[seat]].append(CARD_VALUE[c])
    return out


@lru_cache(maxsize=4096)
def _prudent_points(
    display: tuple[tuple[int, ...], ...], players: tuple[str, ...], lead_tie: str
) -> tuple[tuple[str, int], ...]:
    """Each player's Prudent Restorations points for the kept cards ``display`` (by seat),
    summed over the techniques; worked out once per display and switch (a simulated game
    reads its provisional sheet at every pass of the table, and the display changes only
    at a prudent restoration)."""
    total = dict.fromkeys(players, 0)
    for by_player in _by_technique(display, players).values():
        if any(by_player.values()):  # nobody kept this technique: it scores nothing
            for name, pts in prudent_technique_points(by_player, lead_tie).items():
                total[name] += pts
    return tuple(total.items())


def final_scores(state: State) -> ScoreSheet:
    """The score sheet; ``winners`` and tie-break notes once the game is over."""
    colours = state.colours
    rows = {name: {c: 0 for c in CATEGORIES} for name in colours}
    for colour, name in enumerate(colours):
        rows[name]["During the game"] = state.score[colour]
        rows[name]["Objectives"] = objective_points(state, colour)
    restored = {name: sum(1 for z in state.zone if z == colour) for colour, name in enumerate(colours)}
    # switch final_contribution (readings: final contribution needs a restored fresco)
    everyone = setting(state, "final_contribution") == "every player"
    for name, pts in restored_fresco_points(restored, everyone).items():
        rows[name]["Contribution"] = pts
    lead_tie = setting(state, "prudent_lead_tie")  # readings: prudent lead tie
    for name, pts in _prudent_points(state.display, state.players, lead_tie):
        rows[name]["Prudent restorations"] = pts
    for seat, name in enumerate(state.players):
        rows[name]["Leftover"] = leftover_points(*leftover_counts(state, seat))
    sheet = ScoreSheet(list(CATEGORIES), rows)
    if state.over:
        sheet.winners, notes = winners(state, sheet.totals)
        sheet.notes.extend(notes)
    else:
        sheet.notes.append(Msg("provisional: the game is not over"))
    return sheet


def leftover_counts(state: State, seat: int) -> tuple[int, int]:
    """``(cards, materials)`` that Leftover Materials and Techniques counts for ``seat``
    (final.leftover; readings: leftover counts): the cards in hand and the materials in
    the play area; with the switch ``leftover_counts`` "kept cards too" also the prudent
    cards kept face up, with "play area only" the kept cards instead of the hand."""
    counted = setting(state, "leftover_counts")
    hand, kept = len(state.hands[seat]), len(state.display[seat])
    cards = hand + kept if counted == "kept cards too" else kept if counted == "play area only" else hand
    return cards, state.play[seat]


@dataclass(frozen=True)
class Standings:
    """What the winner's tie-break reads of a position: the colours, the number of
    players, their play areas, the objectives' scoring spaces and the supply (a :class:`.state.State`
    has them all; ``teach.final_sheet`` builds one from a score table's inputs)."""

    colours: tuple[str, ...]
    n: int
    play: tuple[int, ...]
    claims: tuple[tuple[int, ...], ...]
    supply: tuple[int, ...] = ()  # the colours' materials in the general supply (switch reserve_tie_break)


def winners(state: State | Standings, totals: dict[str, int]) -> tuple[list[str], list[str]]:
    """Highest total; ties: more objectives claimed, then more materials in the personal
    reserve (final.winner), else shared.  The kit reads the reserve as the play area
    (Gianluigi has none); the switch ``reserve_tie_break`` "supply" reads it as the
    colour's materials left in the general supply (readings: winner tie-break reserve)."""
    colours = state.colours
    in_supply = setting(state, "reserve_tie_break") == "supply"

    def key(colour: int) -> tuple[int, int, int]:
        if in_supply:
            reserve = state.supply[colour]
        else:
            reserve = state.play[colour] if colour < state.n else 0
        return (totals[colours[colour]], objectives_claimed(state.claims, colour), reserve)

    # switch gianluigi_wins "no": only the players compete (readings: Gianluigi can win)
    ranked = range(state.n) if setting(state, "gianluigi_wins") == "no" else range(len(colours))
    best = max(key(c) for c in ranked)
    top_total = [c for c in ranked if key(c)[0] == best[0]]
    win = [colours[c] for c in ranked if key(c) == best]
    notes: list[str] = []
    if len(top_total) > 1 and in_supply and len(win) > 1:
        notes.append(
            Msg("tie on points broken by objectives claimed, then materials left in the supply; victory shared")
        )
    elif len(top_total) > 1 and in_supply:
        notes.append(Msg("tie on points broken by objectives claimed, then materials left in the supply"))
    elif len(top_total) > 1 and len(win) > 1:
        notes.append(Msg("tie on points broken by objectives claimed, then materials in the play area; victory shared"))
    elif len(top_total) > 1:
        notes.append(Msg("tie on points broken by objectives claimed, then materials in the play area"))
    return win, notes


# -- End of the Game and Scoring: the final-scoring sheet -------------------------------
@dataclass
class FinalInputs:
    """One player's figures for the final scoring (End of the Game and Scoring)."""

    during: int = 0  # points on the score track
    objective_points: int = 0
    objectives_claimed: int = 0  # for the first tie-break
    restored: int = 0  # materials on restored frescoes (zone icons)
    prudent: dict[str, list[int]] = field(default_factory=dict)  # technique -> kept card values
    cards_left: int = 0
    materials_left: int = 0  # materials in the play area (also the second tie-break)


def final_sheet(inputs: Mapping[str, FinalInputs]) -> ScoreSheet:
    """The final score sheet from per-player figures, with the winner and tie-breaks.

    Categories as in the engine (``final.CATEGORIES``); each is computed by the pure
    functions of ``scoring``; the winner by ``final.winners``."""
    names = list(inputs)
    rows = {p: {c: 0 for c in CATEGORIES} for p in names}
    for p, x in inputs.items():
        rows[p]["During the game"] = x.during
        rows[p]["Objectives"] = x.objective_points
        rows[p]["Leftover"] = leftover_points(x.cards_left, x.materials_left)
    for p, pts in restored_fresco_points({p: x.restored for p, x in inputs.items()}).items():
        rows[p]["Contribution"] = pts
    for t in TECHNIQUES:
        for p, pts in prudent_technique_points({p: list(x.prudent.get(t, [])) for p, x in inputs.items()}).items():
            rows[p]["Prudent restorations"] += pts
    sheet = ScoreSheet(list(CATEGORIES), rows)
    # final.winners reads players, objective claims and play areas from a state: give it a view
    view = Standings(
        colours=tuple(names),
        n=len(names),
        play=tuple(inputs[p].materials_left for p in names),
        claims=tuple(
            tuple(i for i, p in enumerate(names) if inputs[p].objectives_claimed > k)
            for k in range(max([x.objectives_claimed for x in inputs.values()] + [0]))
        ),
    )
    sheet.winners, notes = winners(view, sheet.totals)
    sheet.notes.extend(notes)
    return sheet


def prudent_breakdown(inputs: Mapping[str, FinalInputs]) -> list[str]:
    """One line per technique with kept cards: who scores what (final.prudent)."""
    lines = []
    for t in TECHNIQUES:
        by = {p: list(x.prudent.get(t, [])) for p, x in inputs.items()}
        if not any(by.values()):
            continue
        pts = prudent_technique_points(by)
        lines.append(
            f"{D.technique_names[t]}: " + "; ".join(f"{p} {sorted(v)} -> {pts[p]}" for p, v in by.items() if v)
        )
    return lines


#: the figures the rulebook's Final Scoring Example gives (inputs, not results)
RULEBOOK_FINAL_INPUTS: dict[str, FinalInputs] = {
    "White": FinalInputs(38, 7, 2, 4, {"infrared": [3], "laboratory": [2], "repainting": [6]}, 3, 1),
    "Red": FinalInputs(40, 9, 2, 4, {"plaster_injection": [1, 2, 4], "infrared": [1]}, 5, 3),
    "Blue": FinalInputs(32, 17, 3, 3, {"plaster_injection": [1, 2, 3, 5], "infrared": [2, 4], "laboratory": [1]}, 1, 2),
}
