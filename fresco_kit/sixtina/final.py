"""End of the Game and Scoring: the four final categories and the winner.

``final_scores(state)`` builds the ScoreSheet: points during the game (the score
track, including the last fresco's half points), objectives, contribution to restored
frescoes, prudent restorations per technique and leftover cards and materials.  In a
two-player game Gianluigi scores only objectives and contribution (``gian.end``).
Before the end it is a provisional sheet of the current position.
"""

from __future__ import annotations

from fresco_kit.core import ScoreSheet

from .data import TECHNIQUES
from .objectives import objective_points, objectives_claimed
from .scoring import leftover_points, prudent_technique_points, restored_fresco_points
from .state import State
from .tables import CARD_TECH, CARD_VALUE

CATEGORIES = ["During the game", "Objectives", "Contribution", "Prudent restorations", "Leftover"]


def prudent_cards_by_technique(state: State) -> dict[str, dict[str, list[int]]]:
    """technique -> player -> values of the kept prudent cards (players only)."""
    out = {t: {p: [] for p in state.players} for t in TECHNIQUES}
    for seat, cards in enumerate(state.display):
        for c in cards:
            out[TECHNIQUES[CARD_TECH[c]]][state.players[seat]].append(CARD_VALUE[c])
    return out


def final_scores(state: State) -> ScoreSheet:
    """The score sheet; ``winners`` and tie-break notes once the game is over."""
    colours = state.colours
    rows = {name: {c: 0 for c in CATEGORIES} for name in colours}
    for colour, name in enumerate(colours):
        rows[name]["During the game"] = state.score[colour]
        rows[name]["Objectives"] = objective_points(state, colour)
    restored = {name: sum(1 for z in state.zone if z == colour) for colour, name in enumerate(colours)}
    for name, pts in restored_fresco_points(restored).items():
        rows[name]["Contribution"] = pts
    for by_player in prudent_cards_by_technique(state).values():
        for name, pts in prudent_technique_points(by_player).items():
            rows[name]["Prudent restorations"] += pts
    for seat, name in enumerate(state.players):
        rows[name]["Leftover"] = leftover_points(len(state.hands[seat]), state.play[seat])
    sheet = ScoreSheet(list(CATEGORIES), rows)
    if state.over:
        sheet.winners, notes = winners(state, sheet.totals)
        sheet.notes.extend(notes)
    else:
        sheet.notes.append("provisional: the game is not over")
    return sheet


def winners(state: State, totals: dict[str, int]) -> tuple[list[str], list[str]]:
    """Highest total; ties: more objectives claimed, then more materials in the personal
    reserve (the kit reads it as the play area; Gianluigi has none), else shared."""
    colours = state.colours

    def key(colour: int) -> tuple[int, int, int]:
        reserve = state.play[colour] if colour < state.n else 0
        return (totals[colours[colour]], objectives_claimed(state, colour), reserve)

    best = max(key(c) for c in range(len(colours)))
    top_total = [c for c in range(len(colours)) if key(c)[0] == best[0]]
    win = [colours[c] for c in range(len(colours)) if key(c) == best]
    notes = []
    if len(top_total) > 1:
        notes.append(
            "tie on points broken by objectives claimed, then materials in the play area"
            + ("; victory shared" if len(win) > 1 else "")
        )
    return win, notes
