"""Completing the Restoration of Frescoes (steps 1-5), the turn's end and the game's end.

``completion_result`` is a pure query (used by the engine and by a completion
calculator); the steps of the turn table (:mod:`.flow`) that follow a restoration are
carried out here: completions (:func:`complete_all_in_place`), Gianluigi's restoration
(two players, :func:`gianluigi_step`), uncovering new frescoes (:func:`reveal_step`),
the end of the turn and the end of the game (:func:`end_turn_in_place`).  Functions
named ``*_in_place`` and the steps mutate a fresh copy that the caller owns; nothing
here changes a state held by a history.
"""

from __future__ import annotations

from dataclasses import dataclass

from fresco_kit.core import assign, award_by_rank
from fresco_kit.core.decisions import push
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg, plural

from . import gianluigi, names
from .codes import COVERED, EMPTY, EXCELLENT, NEIGHBOURS, PLACES, PRUDENT, RESTORED, VISIBLE, D
from .objectives import record_flipped
from .pending import GianluigiDecision, RevealDecision
from .refs import RULES
from .restoration import sheet_reward_in_place
from .scoring import fresco_points
from .state import State
from .switches import setting


@dataclass(frozen=True)
class Contributor:
    """One colour's contribution to a fresco (2. Contribution)."""

    colour: str
    materials: int
    leftmost_excellent: int  # technique position, -1 if none
    leftmost_correct: int  # technique position, -1 if none
    key: int  # ranking key: materials, then the tie-breaks


@dataclass(frozen=True)
class CompletionResult:
    """How a fresco scores: modified points, contributors ranked, awards, top contributor."""

    place: str
    fresco: str
    base: tuple[int, int, int]
    excellent: int
    prudent: int
    points: tuple[int, int, int]
    contributors: tuple[Contributor, ...]  # best first; only colours with materials
    awards: dict[str, int]
    top: str | None  # None on a tie for first (or nobody)
    half: bool = False

    def to_text(self) -> str:
        """The scoring of the fresco as a few lines (Completing the Restoration, steps 1-3)."""
        lines = [
            f"{self.fresco} at {self.place}: printed {self.base}, {self.excellent} excellent "
            f"(+{self.excellent}), {self.prudent} prudent (-{2 * self.prudent}) -> {self.points}"
            + (" (last fresco: half points, rounded down)" if self.half else "")
        ]

        def where(position: int) -> str:  # 1-based, counted from the left of the card
            return f"technique {position + 1} from the left" if position >= 0 else "none"

        for c in self.contributors:
            lines.append(
                f"  {c.colour}: {plural(c.materials, 'material')}; first excellent space: "
                f"{where(c.leftmost_excellent)}; first correct space: {where(c.leftmost_correct)} "
                f"-> {plural(self.awards.get(c.colour, 0), 'point')}"
            )
        if self.half:
            lines.append("  zone icon: nobody marks it for the last fresco (the game ends instead)")
        else:
            lines.append(f"  zone icon: {self.top or 'nobody (tie for first or no contributor)'}")
        return "\n".join(lines)


def contributors(state: State, place: int) -> list[Contributor]:
    """Colours with materials on the fresco at ``place``, ranked (2. Contribution).

    More materials first; ties go to the leftmost excellent space, then the leftmost
    correct space; a prudent restorer with no own material is not a contributor."""
    codes = state.spaces[place]
    width = len(codes) + 1  # tie-break parts lie in 0..width; base keeps them apart
    base = width + 1
    out = []
    for colour, name in enumerate(state.colours):
        materials = state.extras[place][colour]
        exc = cor = -1
        for pos, code in enumerate(codes):
            if code == EMPTY or (code & 7) != colour or (code >> 3) == PRUDENT:
                continue
            materials += 1
            if (code >> 3) == EXCELLENT:
                exc = pos if exc < 0 else exc
            else:
                cor = pos if cor < 0 else cor
        if materials == 0:
            continue
        key = (materials * base + (width - exc if exc >= 0 else 0)) * base + (width - cor if cor >= 0 else 0)
        out.append(Contributor(name, materials, exc, cor, key))
    out.sort(key=lambda c: -c.key)
    return out


def completion_result(state: State, place: int | str, half: bool = False) -> CompletionResult:
    """Score the fresco at ``place`` as it stands (steps 1-3; ``half`` for the last fresco)."""
    if isinstance(place, str):
        place = PLACES.index(place)
    codes = state.spaces[place]
    excellent = sum(1 for c in codes if c != EMPTY and (c >> 3) == EXCELLENT)
    prudent = sum(1 for c in codes if c != EMPTY and (c >> 3) == PRUDENT)
    fid = state.frescoes[place]
    base = state.fresco(place).scores
    points = fresco_points(base, excellent, prudent)
    ranked = contributors(state, place)
    toward_zero = setting(state, "negative_shares") == "toward zero"
    halve_first = half and setting(state, "last_fresco_halving") == "halve then split"
    keys = {c.colour: c.key for c in ranked}
    awards = contribution_awards(keys, points, half=half, toward_zero=toward_zero, halve_first=halve_first)
    top = None
    if ranked and (len(ranked) == 1 or ranked[0].key != ranked[1].key):
        top = ranked[0].colour
    return CompletionResult(
        PLACES[place], D.fresco_by_id[fid].name, base, excellent, prudent, points, tuple(ranked), awards, top, half
    )


def contribution_awards(
    keys: dict[str, int],
    points: tuple[int, int, int],
    half: bool = False,
    toward_zero: bool = False,
    halve_first: bool = False,
) -> dict[str, int]:
    """Fresco scoring (3. Scoring): top three contributors by ``keys`` score ``points``.

    Tied keys share, rounded down (``award_by_rank``).  With ``half`` (the last,
    incomplete fresco at the end of the game, end.last_half) each award is halved, rounded
    down; with ``halve_first`` too (switch ``last_fresco_halving`` "halve then split",
    readings: last fresco halved) the fresco's points are halved before they are shared.
    ``toward_zero`` (switch ``negative_shares``) drops the fraction instead, so a negative
    share or half is rounded up to the number nearer 0 (readings: negative shares rounded down)."""
    if half and halve_first:
        halves = [-(-x // 2) if toward_zero and x < 0 else x // 2 for x in points]
        return contribution_awards(keys, (halves[0], halves[1], halves[2]), toward_zero=toward_zero)
    awards = award_by_rank(keys, list(points))
    if toward_zero:  # a negative floor share comes from a negative sum: take its ceiling instead
        ceiling = {p: -v for p, v in award_by_rank(keys, [-x for x in points]).items()}
        awards = {p: ceiling[p] if v < 0 else v for p, v in awards.items()}
    if half:
        awards = {p: (-(-v // 2) if toward_zero and v < 0 else v // 2) for p, v in awards.items()}
    return awards


def is_complete(state: State, place: int) -> bool:
    """Every technique of the fresco holds a material (complete.trigger)."""
    return state.status[place] == VISIBLE and EMPTY not in state.spaces[place]


def _return_materials_in_place(state: State, place: int) -> None:
    supply = list(state.supply)
    black = state.black
    for code in state.spaces[place]:
        if code == EMPTY:
            continue
        if (code >> 3) == PRUDENT:
            black += 1
        else:
            supply[code & 7] += 1
    for colour, k in enumerate(state.extras[place]):
        supply[colour] += k
    assign(state, supply=tuple(supply), black=black)
    spaces, extras = list(state.spaces), list(state.extras)
    spaces[place] = (EMPTY,) * len(spaces[place])
    extras[place] = (0,) * len(extras[place])
    assign(state, spaces=tuple(spaces), extras=tuple(extras))


def _add_scores_in_place(state: State, awards: dict[str, int]) -> None:
    score = list(state.score)
    for colour, name in enumerate(state.colours):
        score[colour] += awards.get(name, 0)
    assign(state, score=tuple(score))


def complete_in_place(state: State, place: int, events: list) -> None:
    """Steps 1-4 for a completed fresco: score, return materials, flip, zone icon."""
    result = completion_result(state, place)
    tell(events, RULES["complete.trigger"], _fully_restored, state.frescoes[place], place)
    tell(events, RULES["complete.modify"], _modified, result.base, result.excellent, result.prudent, result.points)
    tell(
        events,
        RULES["complete.contribution"],
        _contribution,
        tuple((c.colour, c.materials) for c in result.contributors),
    )
    _add_scores_in_place(state, result.awards)
    tell(events, RULES["complete.score"], _points, result.awards)
    record_flipped(state, place)
    _return_materials_in_place(state, place)
    status, zone = list(state.status), list(state.zone)
    status[place] = RESTORED
    marked = False
    if result.top is not None:
        colour = state.colours.index(result.top)
        if state.supply[colour] > 0:
            supply = list(state.supply)
            supply[colour] -= 1
            assign(state, supply=tuple(supply))
            zone[place] = colour
            marked = True
    tell(events, RULES["complete.reveal"], _flipped, result.top, marked)
    assign(state, status=tuple(status), zone=tuple(zone), reveals=state.reveals + 1)


def _fully_restored(fresco: str, place: int) -> Msg:
    """The text of ``fresco`` at ``place`` being fully restored (the texts of a completion
    are module-level functions: an event keeps its text-maker until read, and these keep less
    than a lambda)."""
    return Msg("{fresco} ({place}) is fully restored", fresco=names.fresco(fresco), place=PLACES[place])


def _modified(base: tuple[int, ...], excellent: int, prudent: int, points: tuple[int, ...]) -> Msg:
    """The text of a completed fresco's ``base`` score modified by its ``excellent`` and
    ``prudent`` restorations into ``points``."""
    return Msg(
        "scores {base} modified by {excellent} excellent and {prudent} prudent restorations: {points}",
        base=str(base),
        excellent=excellent,
        prudent=prudent,
        points=str(points),
    )


def _contribution(contributors: tuple[tuple[str, int], ...]) -> Msg:
    """The text of the contributions to a completed fresco, most first: ``(colour, materials)``."""
    order = [Msg("{player} ({materials})", player=colour, materials=materials) for colour, materials in contributors]
    return Msg("contribution: {order}", order=order or Msg("nobody"))


def _points(awards: dict[str, int]) -> Msg:
    """The text of the points a completed fresco gives."""
    return Msg("points: {awards}", awards=_awards(awards))


def _flipped(top: str | None, marked: bool) -> Msg:
    """The text of a completed fresco flipping: ``top`` (the first contributor, None on a
    tie) marks the zone icon if ``marked`` (they had a supply material left)."""
    if top is None:
        return Msg("the card flips; tie for first (or no contributor): nobody marks the zone icon")
    if marked:
        return Msg("materials return to the supply; the card flips; {player} marks the zone icon", player=top)
    return Msg("the card flips; {player} has no supply material for the zone icon", player=top)


def complete_all_in_place(state: State, events: list) -> int:
    """Score every fully occupied visible fresco (complete.trigger); returns how many."""
    done = 0
    status, spaces = state.status, state.spaces
    for place in range(len(PLACES)):
        if status[place] == VISIBLE and EMPTY not in spaces[place]:
            complete_in_place(state, place, events)
            done += 1
    return done


def revealable(state: State) -> list[int]:
    """Covered places orthogonally adjacent to a visible (or restored) fresco (5. New Restorations).

    With the switch ``uncover_next_to`` "being restored" (readings: uncover next to restored
    frescoes) only a fresco still being restored is a neighbour that counts; when no covered
    fresco has one, any uncovered neighbour counts, so the game can go on."""
    status = state.status
    covered = [p for p in range(len(PLACES)) if status[p] == COVERED]
    if setting(state, "uncover_next_to") == "being restored":
        near = [p for p in covered if any(status[q] == VISIBLE for q in NEIGHBOURS[p])]
        if near:
            return near
    return [p for p in covered if any(status[q] != COVERED for q in NEIGHBOURS[p])]


def reveal_in_place(state: State, place: int, events: list) -> None:
    """Uncover ``place``; with the history variant, its sheet's reward goes to the active player."""
    status = list(state.status)
    status[place] = VISIBLE
    assign(state, status=tuple(status), reveals=state.reveals - 1)
    tell(events, RULES["complete.new"], _uncovered, state.players[state.current], state.frescoes[place], place)
    if state.sheets[place] != EMPTY:
        sheet = state.sheets[place]
        sheets = list(state.sheets)
        sheets[place] = EMPTY
        assign(state, sheets=tuple(sheets))
        sheet_reward_in_place(state, sheet, events)


def _uncovered(player: str, fresco: str, place: int) -> Msg:
    """The text of ``player`` uncovering ``fresco`` at ``place``."""
    return Msg("{player} uncovers {fresco} at {place}", player=player, fresco=names.fresco(fresco), place=PLACES[place])


def gianluigi_step(state: State, events: list) -> None:
    """Two-Player Games: Gianluigi restores; among equal options the player chooses (a
    pending :class:`.pending.GianluigiDecision`)."""
    options = gianluigi.options(state)
    if len(options) > 1:
        assign(state, pending=push(state.pending, GianluigiDecision(state.players[state.current])))
    elif options:
        gianluigi.restore_in_place(state, options[0], events)
        gianluigi.after_restoration(state, events, complete_all_in_place)
    else:
        tell(events, RULES["gian.restore"], gianluigi.no_restoration_text, gianluigi.lacks_own_material(state))
        assign(state, gian_due=())


def reveal_step(state: State, events: list) -> None:
    """5. New Restorations: the player uncovers an owed fresco (a pending
    :class:`.pending.RevealDecision`), if any is left."""
    if revealable(state):
        assign(state, pending=push(state.pending, RevealDecision(state.players[state.current])))
    else:
        tell(events, RULES["complete.new"], lambda: Msg("no covered fresco is left: no new restoration"))
        assign(state, reveals=0)


def end_turn_in_place(state: State, events: list) -> None:
    """Pass the turn clockwise, or end the game when at most one unrestored fresco is left
    (end.trigger; none when a two-player turn completes the last two)."""
    if state.unrestored() <= 1:
        end_game_in_place(state, events)
    else:
        assign(state, current=(state.current + 1) % state.n, turn=state.turn + 1)


def end_game_in_place(state: State, events: list) -> None:
    """End of the Game and Scoring: the game ends after the turn whose completions leave one
    fresco unrestored (end.trigger); that last, incomplete fresco scores half, rounded down,
    then flips (end.last_half).  When the turn completed the last frescoes (a player's and
    Gianluigi's restorations in a two-player turn), none is left to score half and the end
    event says so."""
    left = [place for place in range(len(PLACES)) if state.status[place] != RESTORED]
    if left:
        tell(events, RULES["end.trigger"], lambda: Msg("a single unrestored fresco remains: the game ends"))
    else:
        tell(
            events,
            RULES["end.trigger"],
            lambda: Msg(
                "the frescoes completed this turn were the last ones: none is left unrestored, so the game ends "
                "with no incomplete fresco to score half"
            ),
        )
    for place in left:
        result = completion_result(state, place, half=True)
        _add_scores_in_place(state, result.awards)
        _return_materials_in_place(state, place)
        status = list(state.status)
        status[place] = RESTORED
        assign(state, status=tuple(status), last_place=place)
        tell(
            events,
            RULES["end.last_half"],
            lambda fid, awards: Msg(
                "the last fresco {fresco} scores half: {awards}",
                fresco=names.fresco(fid),
                awards=_awards(awards) or Msg("nobody"),
            ),
            state.frescoes[place],
            result.awards,
        )
    assign(state, over=True)


def _awards(awards: dict[str, int]) -> list[Msg]:
    """Each player's points as ``Red +3`` (a value list of a message)."""
    return [Msg("{player} {points:+d}", player=p, points=v) for p, v in awards.items()]
