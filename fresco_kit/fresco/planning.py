"""Phase II, Planning actions (Fresco rulebook): secret, simultaneous plans.

A plan gives, for each of the 5 columns of the action sheet (side 1: market,
cathedral, studio, workshop, theater; side 2 in the final round), how many apprentices
go there: at most 3 (one per space of the 15) and no more in all than the player has.
Plans may be handed in in any order; ``State.view`` hides the others' plans.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from fresco_kit.core import assign
from fresco_kit.core.actions import made
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from .actions import Plan
from .data import SPACES_PER_COLUMN
from .refs import RULES
from .state import State
from .supply import set_player
from .turns import AWAITING


def checks(s: State, a: Plan) -> list:
    """Why plan ``a`` is refused now (``p2.plan``; ``mood.plus``/``mood.minus`` for the
    number of apprentices); [] if it is legal."""
    if s.phase != "plan":
        return [
            (
                Msg("plans are made after everyone has chosen a get-up time; {awaiting}", awaiting=AWAITING),
                RULES["p2.plan"],
            )
        ]
    if a.player not in s.names:
        return [
            (Msg("{player} is not playing (players: {names})", player=a.player, names=list(s.names)), RULES["p2.plan"])
        ]
    p = s.player(a.player)
    reasons = []
    if p.plan is not None:
        reasons.append((Msg("{player} has already planned this round", player=a.player), RULES["p2.plan"]))
    cols = s.sheet
    if len(a.counts) != len(cols):
        reasons.append((Msg("a plan gives one count per column: {columns}", columns=list(cols)), RULES["p2.plan"]))
    elif any(c < 0 or c > SPACES_PER_COLUMN for c in a.counts):
        reasons.append(
            (Msg("each column has {spaces} spaces, one apprentice each", spaces=SPACES_PER_COLUMN), RULES["p2.plan"])
        )
    if sum(a.counts) > p.apprentices:
        rule = RULES["mood.plus"] if p.helper > 0 else RULES["mood.minus"] if p.helper < 0 else RULES["p2.plan"]
        only = Msg.n(
            p.apprentices,
            "{player} has only {n} apprentice this round",
            "{player} has only {n} apprentices this round",
            player=a.player,
        )
        reasons.append((only, rule))
    return reasons


def apply(s: State, a: Plan, events: list) -> None:
    """Hand in plan ``a`` behind the screen (``p2.plan``; once all have planned the flow
    lifts the screens: :func:`screens_up`)."""
    i = s.names.index(a.player)
    set_player(s, i, s.players[i].evolve(plan=tuple(a.counts)))
    tell(events, RULES["p2.plan"], _planned, a.player)


def _planned(player: str) -> Msg:
    """The text of ``player`` planning behind the screen (a module-level text function: an
    event keeps its text-maker until read, and one keeps less than a lambda)."""
    return Msg("{player} plans behind the screen", player=player)


def screens_up(s: State, events: list) -> None:
    """Every player has planned: the plans are shown and phase II starts at the first
    location of the sheet (``p2.plan``; the flow's step ``screens_up``)."""
    tell(
        events,
        RULES["p2.plan"],
        lambda players, sheet: Msg(
            "screens up: {plans}",
            plans="; ".join(
                f"{nm} " + ", ".join(f"{c} {col}" for c, col in zip(q.plan or (), sheet) if c)
                for nm, q in zip(s.names, players)
            ),
        ),
        s.players,
        s.sheet,
    )
    assign(s, loc=0, actor=-1, left=0)


@cache
def all_counts(columns: int, apprentices: int) -> tuple[tuple[int, ...], ...]:
    """Every plan of ``columns`` counts 0..3 using at most ``apprentices`` (lexicographic)."""
    return tuple(c for c in product(range(SPACES_PER_COLUMN + 1), repeat=columns) if sum(c) <= apprentices)


def legal(s: State) -> list[Plan]:
    """Every plan each player still to plan may hand in."""
    out: list[Plan] = []
    for nm, p in zip(s.names, s.players):
        if p.plan is None:
            out.extend(made(Plan, nm, c) for c in all_counts(len(s.sheet), p.apprentices))
    return out
