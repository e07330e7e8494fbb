"""Objectives (rulebook *Objectives*): the twelve conditions and claiming a space.

A condition is checked on the position where the excellent bonus is taken: the
restoration just made is on the board and a fresco it completed has not flipped yet
(footnotes; ``obj.timing``).  "Restorations" are read on the board: an own material on
a technique's top space is a correct restoration, on its bottom space an excellent one.
"Restored frescoes" with one's materials are the zone icons one holds.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from fresco_kit.core import RuleRef, assign
from fresco_kit.core.text import Msg

from . import names
from .codes import (
    CARD_TECH,
    CORRECT,
    EMPTY,
    EXCELLENT,
    FRESCO_TECHS,
    FRESCO_TYPE,
    NEIGHBOURS,
    PRUDENT,
    RESTORED,
    TECH_INDEX,
    D,
)
from .data import data_for
from .refs import RULES
from .state import State
from .switches import setting

_T = TECH_INDEX
EXC2 = frozenset((_T["repainting"], _T["washi_paper"], _T["laboratory"]))
COR2 = frozenset((_T["laboratory"], _T["infrared"], _T["solvent_sponge"]))
#: a reason a claim is refused, with its rule
Reason = tuple[str, RuleRef]
EC3 = frozenset((_T["solvent_sponge"], _T["plaster_injection"], _T["repainting"]))
#: the number of techniques; a row of ``State.flipped_restorations`` holds the correct restorations by
#: technique, then the excellent ones, then (at ``MATERIALS``) the materials on completed frescoes
NTECH = len(TECH_INDEX)
MATERIALS = 2 * NTECH


def materials_on_frescoes(state: State, colour: int) -> list[int]:
    """Own materials on each ongoing (not flipped) fresco: spaces plus extras."""
    out = []
    for i, codes in enumerate(state.spaces):
        if state.status[i] == RESTORED:
            continue
        n = state.extras[i][colour]
        for code in codes:
            if code != EMPTY and (code & 7) == colour and (code >> 3) != PRUDENT:
                n += 1
        out.append(n)
    return out


def restorations(state: State, colour: int, kind: int, techniques: frozenset) -> int:
    """How many ``kind`` restorations of ``techniques`` hold ``colour``'s material on the
    frescoes not yet flipped; with the switch ``restorations_counted`` "every one made" those
    on completed, flipped frescoes too (``State.flipped_restorations``, kept by
    :func:`record_flipped`; readings: objectives count the board)."""
    made = state.flipped_restorations
    n = 0
    if made is not None and setting(state, "restorations_counted") == "every one made":
        n = sum(made[colour][kind * NTECH + t] for t in techniques)
    for i, codes in enumerate(state.spaces):
        if state.status[i] == RESTORED:
            continue
        techs = FRESCO_TECHS[state.frescoes[i]]
        for pos, code in enumerate(codes):
            if code != EMPTY and (code & 7) == colour and (code >> 3) == kind and techs[pos][0] in techniques:
                n += 1
    return n


def technique_restorations(state: State, colour: int, kinds: tuple[int, ...], techniques: frozenset) -> int:
    """The count an objective of Restored Frescoes reads: ``colour``'s restorations of
    ``kinds`` with any of ``techniques`` (the kit's reading), or with the switch
    ``objective_techniques`` "one technique" those of the one technique that has most
    (readings: objective technique lists; obj.exc2, obj.cor2, obj.ec3)."""
    if setting(state, "objective_techniques") == "one technique":
        return max(sum(restorations(state, colour, k, frozenset((t,))) for k in kinds) for t in techniques)
    return sum(restorations(state, colour, k, techniques) for k in kinds)


def record_flipped(state: State, place: int) -> None:
    """Add the correct and excellent restorations and the own materials on the completed fresco
    at ``place`` to ``State.flipped_restorations`` before it flips (mutates a fresh copy) -- only
    with the switch ``restorations_counted`` "every one made" (readings: objectives count the board)."""
    if setting(state, "restorations_counted") != "every one made":
        return
    made = [list(row) for row in state.flipped_restorations or [(0,) * (MATERIALS + 1)] * len(state.colours)]
    techs = FRESCO_TECHS[state.frescoes[place]]
    for pos, code in enumerate(state.spaces[place]):
        if code != EMPTY and (code >> 3) in (CORRECT, EXCELLENT):
            made[code & 7][(code >> 3) * NTECH + techs[pos][0]] += 1
            made[code & 7][MATERIALS] += 1
    for colour, extra in enumerate(state.extras[place]):
        made[colour][MATERIALS] += extra
    assign(state, flipped_restorations=tuple(tuple(row) for row in made))


def completed_materials(state: State, colour: int) -> int:
    """The materials '8 materials between ongoing and completed restorations' counts on completed
    frescoes: the zone icons ``colour`` holds, or with the switch ``restorations_counted`` "every
    one made" the own materials that lay on each completed fresco when it flipped (readings:
    objectives count the board; obj.materials8)."""
    made = state.flipped_restorations
    if made is not None and setting(state, "restorations_counted") == "every one made":
        return made[colour][MATERIALS]
    return len(restored_places(state, colour))


def restored_places(state: State, colour: int) -> list[int]:
    """Places of restored frescoes holding ``colour``'s material on the zone icon."""
    return [i for i, z in enumerate(state.zone) if z == colour]


def largest_adjacent_group(places: list[int]) -> int:
    """The size of the largest group of ``places`` joined by chapel adjacencies."""
    own, best, seen = set(places), 0, set()
    for p in places:
        if p in seen:
            continue
        stack, size = [p], 0
        seen.add(p)
        while stack:
            q = stack.pop()
            size += 1
            for r in NEIGHBOURS[q]:
                if r in own and r not in seen:
                    seen.add(r)
                    stack.append(r)
        best = max(best, size)
    return best


def largest_pairwise_group(places: list[int]) -> int:
    """The size of the largest group of ``places`` each adjacent to every other (switch
    ``adjacent_frescoes`` "pairwise"; readings: adjacent restored frescoes)."""
    best = min(len(places), 1)
    for size in range(2, len(places) + 1):
        if not any(all(b in NEIGHBOURS[a] for a, b in combinations(group, 2)) for group in combinations(places, size)):
            break
        best = size
    return best


def _display_by_technique(state: State, seat: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in state.display[seat]:
        counts[CARD_TECH[c]] = counts.get(CARD_TECH[c], 0) + 1
    return counts


def fresco_type(state: State, fresco: str) -> str:
    """A fresco's type for the Type of Restoration objectives: the kit's illustrative type,
    or its deck with the switch ``fresco_types`` "decks" (readings: fresco types)."""
    return D.fresco_by_id[fresco].deck if setting(state, "fresco_types") == "decks" else FRESCO_TYPE[fresco]


def objective_count(state: State, colour: int, objective: str) -> tuple[int, int]:
    """``(count, needed)``: what the kit counts on the board for ``objective`` (see the module
    docstring) and the threshold for this player count; the condition is met when
    ``count >= needed``."""
    four = state.n == 4
    if objective in ("prudent_same3", "prudent5", "prudent_diff3"):
        counts = _display_by_technique(state, colour) if colour < state.n else {}  # Gianluigi: no play area
        if objective == "prudent_same3":
            return max(counts.values(), default=0), 3
        if objective == "prudent5":
            return sum(counts.values()), 5
        return len(counts), 3
    if objective in ("materials8", "three6", "one5"):
        ongoing = materials_on_frescoes(state, colour)
        if objective == "materials8":
            return sum(ongoing) + completed_materials(state, colour), (7 if four else 8)
        if objective == "one5":
            return max(ongoing, default=0), 5
        if setting(state, "three_ongoing") == "two each":  # readings: three ongoing restorations
            return sum(1 for m in ongoing if m >= 2), 3
        top = sorted((m for m in ongoing if m > 0), reverse=True)[:3]
        return (sum(top) if len(top) == 3 else 0), 6
    if objective == "exc2":
        return technique_restorations(state, colour, (EXCELLENT,), EXC2), 2
    if objective == "cor2":
        return technique_restorations(state, colour, (CORRECT,), COR2), 2
    if objective == "ec3":
        return technique_restorations(state, colour, (EXCELLENT, CORRECT), EC3), (2 if four else 3)
    restored = restored_places(state, colour)
    if objective == "adjacent3":
        pairwise = setting(state, "adjacent_frescoes") == "pairwise"  # readings: adjacent restored frescoes
        return (largest_pairwise_group if pairwise else largest_adjacent_group)(restored), (2 if four else 3)
    types = [fresco_type(state, state.frescoes[i]) for i in restored]
    if objective == "sametype2":
        return max((types.count(t) for t in set(types)), default=0), 2
    if objective == "difftype3":
        return len(set(types)), (2 if four else 3)
    raise KeyError(f"unknown objective {objective!r}")


def objective_met(state: State, colour: int, objective: str) -> bool:
    """Whether ``colour`` meets ``objective``'s condition now (4-player thresholds apply)."""
    count, needed = objective_count(state, colour, objective)
    return count >= needed


def claim_reasons(state: State, colour: int, objective: str, claim_rule: str = "bonus.objective") -> list[Reason]:
    """Why ``colour`` cannot claim ``objective`` now, each reason with its rule (empty: it can).

    An unmet condition cites the objective's own rule (``obj.<id>``); a space already held,
    no free space or no material in the supply cite ``claim_rule`` (the Objective bonus, or
    the variant's objective sheet)."""
    claim = RULES[claim_rule]
    if objective not in state.objectives:
        said = Msg(
            "{objective!r} is not one of the objectives in play ({objectives})",
            objective=objective,
            objectives=list(state.objectives),
        )
        return [(said, claim)]
    problems: list[Reason] = []
    spaces = state.claims[state.objectives.index(objective)]
    who, name = state.colours[colour], names.objective(objective)
    if colour in spaces:
        problems.append(
            (Msg("{player} already has a material on the objective “{objective}”", player=who, objective=name), claim)
        )
    elif EMPTY not in spaces:
        problems.append((Msg("the objective “{objective}” has no free scoring space", objective=name), claim))
    count, needed = objective_count(state, colour, objective)
    if count < needed:
        said = Msg(
            "{player} does not meet the objective “{objective}”: {count} of the {needed} needed",
            player=who,
            objective=name,
            count=count,
            needed=needed,
        )
        problems.append((said, RULES[f"obj.{objective}"]))
    if state.supply[colour] <= 0:
        problems.append((Msg("{player} has no material in the general supply to claim it", player=who), claim))
    return problems


def claim_problems(state: State, colour: int, objective: str) -> list[str]:
    """Why ``colour`` cannot claim ``objective`` now, in words (empty list: it can)."""
    return [message for message, _ in claim_reasons(state, colour, objective)]


def claimable(state: State, colour: int) -> list[str]:
    """The objectives in play that ``colour`` may claim now, in table order: those
    :func:`claim_reasons` has no reason against, found without wording the reasons (the
    random player asks after every excellent restoration)."""
    out = []
    for objective, spaces in zip(state.objectives, state.claims):
        free = colour not in spaces and EMPTY in spaces and state.supply[colour] > 0
        if free and objective_met(state, colour, objective):
            out.append(objective)
    return out


def claim(state: State, colour: int, objective: str) -> int:
    """Put ``colour``'s supply material on the highest free space (mutates a fresh copy).

    Returns the space index (0 = highest)."""
    k = state.objectives.index(objective)
    spaces = list(state.claims[k])
    slot = spaces.index(EMPTY)
    spaces[slot] = colour
    claims = list(state.claims)
    claims[k] = tuple(spaces)
    assign(state, claims=tuple(claims))
    supply = list(state.supply)
    supply[colour] -= 1
    assign(state, supply=tuple(supply))
    return slot


def objective_points(state: State, colour: int) -> int:
    """Points of every objective space ``colour`` occupies (final.objectives)."""
    return _claimed_points(state.objectives, state.claims, state.n, state.data).get(colour, 0)


@lru_cache(maxsize=4096)
def _claimed_points(
    objectives: tuple[str, ...], claims: tuple[tuple[int, ...], ...], n: int, patch: str
) -> dict[int, int]:
    """Colour -> points of the objective spaces it occupies (``claims``, by objective), with
    the game's data ``patch``; worked out once per claims (a simulated game reads its
    provisional sheet at every pass of the table, and claims change only when a player
    claims).  The dict is shared: read it only."""
    by_id = data_for(patch).objective_by_id
    out: dict[int, int] = {}
    for obj, spaces in zip(objectives, claims):
        pts = by_id[obj].points(n)
        for i, colour in enumerate(spaces):  # (an empty space's code is no colour: never read)
            out[colour] = out.get(colour, 0) + pts[i]
    return out


def objectives_claimed(claims: tuple[tuple[int, ...], ...], colour: int) -> int:
    """How many objectives ``colour`` has claimed on the objectives' scoring spaces
    ``claims`` (``state.claims``; the winner's first tie-break, final.winner)."""
    return sum(1 for spaces in claims if colour in spaces)
