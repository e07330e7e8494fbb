"""Two-Player Games: Gianluigi, the fictitious third restorer.

After each restoration action of a player (``two.turns``) Gianluigi restores with the
same technique and the same total value (``gian.restore``): an excellent restoration
if some visible fresco allows it, else a correct one (both with his own material
from the general supply), else a prudent one with a black material.  Among equal
options the activating player chooses (a pending ``gianluigi`` decision).  He adds as
many extra materials as the material icons of the played cards sum to, rounded down
(``gian.extra``), as far as his supply allows.  He has no play area and no cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fresco_kit.core import assign
from fresco_kit.core.rules import tell
from fresco_kit.core.text import N_, Msg

from . import names
from .codes import (
    CARD_HALVES,
    CARD_VALUE,
    CORRECT,
    EMPTY,
    EXCELLENT,
    FRESCO_TECHS,
    KIND_NAMES,
    PLACES,
    PRUDENT,
    TECH_INDEX,
    VISIBLE,
    D,
    space_code,
)
from .refs import RULES
from .restoration import restoration_kind
from .state import State
from .switches import setting


@dataclass(frozen=True)
class GianluigiOption:
    """A restoration Gianluigi can make: place index, technique position, kind."""

    place: int
    position: int
    kind: int

    def __str__(self) -> str:
        return f"{KIND_NAMES[self.kind]} restoration at {PLACES[self.place]}"


def extra_materials(halves: int) -> int:
    """The material icons (counted in halves) summed and rounded down (gian.extra).

    >>> extra_materials(7)   # 1 + 1 + 1.5 = 3.5
    3
    """
    return halves // 2


def all_options(state: State, technique: int, value: int) -> list[GianluigiOption]:
    """Every free space of ``technique`` on a visible fresco, with the kind it would be."""
    out = []
    for place, fid in enumerate(state.frescoes):
        if state.status[place] != VISIBLE:
            continue
        for pos, (t, required) in enumerate(FRESCO_TECHS[fid]):
            if t == technique and state.spaces[place][pos] == EMPTY:
                out.append(GianluigiOption(place, pos, restoration_kind(value, required)))
    return out


def options(state: State, due: tuple[int, int, int] | None = None) -> list[GianluigiOption]:
    """Gianluigi's restorations of the best available priority (gian.restore).

    Excellent beats correct beats prudent; excellent and correct need his material in
    the supply, prudent needs a black material.  Empty when he cannot restore, and with
    the switch ``gianluigi_own_material`` "no restoration" whenever his colour's supply
    is empty (readings: Gianluigi's own material)."""
    technique, value = (due or state.gian_due)[:2]
    gian = state.n
    if state.supply[gian] <= 0 and setting(state, "gianluigi_own_material") == "no restoration":
        return []
    feasible = [
        o
        for o in all_options(state, technique, value)
        if (state.black > 0 if o.kind == PRUDENT else state.supply[gian] > 0)
    ]
    for kind in (EXCELLENT, CORRECT, PRUDENT):
        best = [o for o in feasible if o.kind == kind]
        if best:
            return best
    return []


def restore_in_place(state: State, option: GianluigiOption, events: list) -> None:
    """Make Gianluigi's restoration (mutates a fresh copy) and clear ``gian_due``."""
    halves = state.gian_due[2]
    gian = state.n
    supply = list(state.supply)
    if option.kind == PRUDENT:
        assign(state, black=state.black - 1)
        what = N_("a black material")
    else:
        supply[gian] -= 1
        what = N_("a material of his colour")
    extra = min(extra_materials(halves), supply[gian])
    supply[gian] -= extra
    assign(state, supply=tuple(supply))
    spaces = list(state.spaces)
    row = list(spaces[option.place])
    row[option.position] = space_code(option.kind, gian)
    spaces[option.place] = tuple(row)
    assign(state, spaces=tuple(spaces))
    extras = list(state.extras)
    ex = list(extras[option.place])
    ex[gian] += extra
    extras[option.place] = tuple(ex)
    assign(state, extras=tuple(extras), gian_due=())
    tell(
        events,
        RULES["gian.restore"],
        lambda fid, what: Msg(
            MAKES[option.kind],
            technique=names.technique(D.techniques[FRESCO_TECHS[fid][option.position][0]]),
            fresco=names.fresco(fid),
            place=PLACES[option.place],
            what=Msg(what),
        ),
        state.frescoes[option.place],
        what,
    )
    tell(
        events,
        RULES["gian.extra"],
        lambda extra, halves: Msg.n(
            extra,
            "Gianluigi adds {n} extra material (icons {icons:g}, rounded down)",
            "Gianluigi adds {n} extra materials (icons {icons:g}, rounded down)",
            icons=halves / 2,
        ),
        extra,
        halves,
    )


#: Gianluigi's restoration of each kind, as its event says it
MAKES = {
    CORRECT: N_("Gianluigi makes a correct {technique} restoration on {fresco} ({place}) with {what}"),
    EXCELLENT: N_("Gianluigi makes an excellent {technique} restoration on {fresco} ({place}) with {what}"),
    PRUDENT: N_("Gianluigi makes a prudent {technique} restoration on {fresco} ({place}) with {what}"),
}


def lacks_own_material(state: State) -> bool:
    """Whether Gianluigi does not restore for want of his own material (switch gianluigi_own_material)."""
    return state.supply[state.n] <= 0 and setting(state, "gianluigi_own_material") == "no restoration"


def no_restoration_text(lacks_material: bool) -> Msg:
    """What the event says when Gianluigi cannot restore (gian.restore)."""
    if lacks_material:
        return Msg("Gianluigi has no material of his colour in the supply: he does not restore")
    return Msg("Gianluigi finds no fresco he can restore with that technique and value")


def after_restoration(state: State, events: list, complete_all: Callable[[State, list], int]) -> None:
    """Score what Gianluigi's restoration completed, for everybody including him (gian.complete).

    ``complete_all`` is :func:`.completion.complete_all_in_place` (Completing the
    Restoration of Frescoes, which itself calls on Gianluigi)."""
    done = complete_all(state, events)
    if done:
        tell(
            events,
            RULES["gian.complete"],
            lambda reveals, player: Msg.n(
                reveals,
                "Gianluigi's restoration completed a fresco: everybody scored it; {player} will uncover {n} new fresco",
                "Gianluigi's restoration completed a fresco: everybody scored it; "
                "{player} will uncover {n} new frescoes",
                player=player,
            ),
            state.reveals,
            state.players[state.current],
        )


def reply(state: State, technique: str, cards: tuple[int, ...]) -> list[GianluigiOption]:
    """What Gianluigi could answer to a restoration with ``cards`` of ``technique``.

    A query for teaching widgets: the options of his best priority on ``state``."""
    due = (TECH_INDEX[technique], sum(CARD_VALUE[c] for c in cards), sum(CARD_HALVES[c] for c in cards))
    return options(state, due)
