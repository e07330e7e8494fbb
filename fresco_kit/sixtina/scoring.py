"""1980 Sixtina scoring as pure functions (the engine uses them; notebooks show them).

Sections: *Completing the Restoration of Frescoes* (1. Modify Scores, 3. Scoring) and
*End of the Game and Scoring* (Contribution to Restored Frescoes, Prudent Restorations,
Leftover Materials and Techniques).  Shared ranks use
:func:`fresco_kit.core.award_by_rank` (ties share the sum, rounded down).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fresco_kit.core import award_by_rank

from .data import data

# the rule numbers live in seeds/sixtina.toml ([game]); named here for the functions below
EXCELLENT_MODIFIER = int(data().game["excellent_modifier"])  # +1
PRUDENT_MODIFIER = int(data().game["prudent_modifier"])  # -2
FINAL_CONTRIBUTION_AWARDS = tuple(int(x) for x in data().game["final_contribution_awards"])  # 10 / 6 / 3
RUNNER_UP_POINTS_PER_CARD = int(data().game["prudent_second_points_per_card"])  # 2


def fresco_points(base: Sequence[int], excellent: int, prudent: int) -> tuple[int, int, int]:
    """The three scores of a completed fresco after modification (1. Modify Scores).

    Each of the printed ``base`` scores gains +1 per excellent and -2 per prudent
    restoration on the card, whoever made them; a score may become negative.

    >>> fresco_points((12, 5, 4), excellent=1, prudent=2)
    (9, 2, 1)
    """
    if excellent < 0 or prudent < 0:
        raise ValueError("restoration counts cannot be negative")
    mod = EXCELLENT_MODIFIER * excellent + PRUDENT_MODIFIER * prudent
    a, b, c = base
    return (a + mod, b + mod, c + mod)


def prudent_technique_points(cards_by_player: Mapping[str, Sequence[int]], lead_tie: str = "") -> dict[str, int]:
    """Final scoring of one technique's prudent cards (End of the Game, Prudent Restorations).

    ``cards_by_player`` maps each player to the values of their kept cards of this
    technique.  The single player with most cards drops as many of their lowest cards as
    the runner-up holds and scores the values of the rest; every runner-up (ties
    included) scores 2 per card.  Players tied for most (readings: prudent lead tie,
    switch ``prudent_lead_tie`` as ``lead_tie``): by default each scores 2 per card and
    nobody else scores; "next is second" also pays the next count below them 2 per card;
    "leaders discard" has each tied leader drop cards and score as a single leader would.
    Players without cards score 0.

    >>> prudent_technique_points({"Blue": [1, 2, 3, 5], "Red": [1, 1, 2], "White": [4]})
    {'Blue': 5, 'Red': 6, 'White': 0}
    """
    result = {p: 0 for p in cards_by_player}
    counts = {p: len(v) for p, v in cards_by_player.items() if len(v) > 0}
    if not counts:
        return result
    most = max(counts.values())
    leaders = [p for p, c in counts.items() if c == most]
    rest = [c for p, c in counts.items() if p not in leaders]
    second = max(rest) if rest else 0
    if len(leaders) > 1 and lead_tie not in ("next is second", "leaders discard"):
        return {**result, **{p: RUNNER_UP_POINTS_PER_CARD * most for p in leaders}}
    for p in leaders:
        if len(leaders) > 1 and lead_tie == "next is second":
            result[p] = RUNNER_UP_POINTS_PER_CARD * most
        else:
            result[p] = sum(sorted(cards_by_player[p])[second:])
    for p, c in counts.items():
        if p not in leaders and c == second:
            result[p] = RUNNER_UP_POINTS_PER_CARD * c
    return result


def leftover_points(cards: int, materials: int) -> int:
    """Leftover Materials and Techniques: half of cards + materials, rounded down.

    >>> leftover_points(1, 2)
    1
    """
    if cards < 0 or materials < 0:
        raise ValueError("counts cannot be negative")
    return (cards + materials) // 2


def restored_fresco_points(restored_by_player: Mapping[str, int], everyone: bool = False) -> dict[str, int]:
    """Contribution to Restored Frescoes: 10 / 6 / 3 by materials on restored frescoes.

    Ties share the summed awards, rounded down.  A player with no material on a
    restored fresco has not contributed and scores 0 (the kit's reading); with
    ``everyone`` (switch ``final_contribution`` "every player") every player ranks, so
    one with none may take a place left free.

    >>> restored_fresco_points({"Red": 4, "White": 4, "Blue": 3})
    {'Red': 8, 'White': 8, 'Blue': 3}
    """
    ranked = award_by_rank(
        {p: n for p, n in restored_by_player.items() if everyone or n > 0}, FINAL_CONTRIBUTION_AWARDS
    )
    return {p: ranked.get(p, 0) for p in restored_by_player}
