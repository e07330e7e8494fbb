"""The two rulesets, ``"base"`` and ``"bigbox"``: every difference is one named switch.

:data:`RULESET_SWITCHES` is the table, as the kit's one switch type
(``core.registry.Switch``: name, meaning, allowed values, rule, and the value under
each ruleset with its source); the game's ``INFO`` registers these rows, and notebooks
print them (:func:`switch_table`).  :class:`Switches` is what the engine reads.  A game may
override single switches: ``new_game(..., ruleset="base", switches={"unlimited_paints": True})``;
the core registry checks the names and values (``INFO.check_options``), and
:func:`switches_for` is the one place that resolves a ruleset and its overrides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from html import escape
from typing import Annotated, Any, Literal, get_args

from fresco_kit.core import Reach, Record, Switch
from fresco_kit.core.plugins import deferred
from fresco_kit.core.record import LATER

from . import data
from .actions import Studio, Theater, Wake

Ruleset = Literal["base", "bigbox"]
FinalSheet = Literal["side1", "side2"]
FinalCollision = Literal["choose", "ahead"]
TieBreak = Literal["shared", "getup", "thalers"]
TrackBehind = Literal["track", "start_space", "own_taken"]


@dataclass(frozen=True, slots=True)
class Switches(Record):
    """The rule switches in force (see :data:`RULESET_SWITCHES` for meanings and sources)."""

    start_rotation: bool = False
    early_end_on_complete: bool = False
    final_sheet: FinalSheet = "side2"
    final_collision: FinalCollision = "choose"
    unlimited_paints: bool = False
    altar_once_per_visit: bool = False
    bishop_once_per_visit: bool = False
    tie_break: TieBreak = "shared"
    altar_own_primary: bool = False
    unlimited_coins: bool = False
    track_behind: TrackBehind = "track"
    theater_after_getup: bool = False


@dataclass(frozen=True, slots=True)
class Overrides(Record):
    """The switches a game set itself (``None``: the ruleset's value), as saved.

    A save keeps these, not the resolved :class:`Switches`, so that the game's options
    (``{"ruleset": ..., "switches": {...}}``) come back exactly as they were given."""

    start_rotation: bool | None = None
    early_end_on_complete: bool | None = None
    final_sheet: FinalSheet | None = None
    final_collision: FinalCollision | None = None
    unlimited_paints: bool | None = None
    # added after save version 3: left out of a save while None (core.record.LATER)
    altar_once_per_visit: Annotated[bool | None, LATER] = None
    bishop_once_per_visit: Annotated[bool | None, LATER] = None
    tie_break: Annotated[TieBreak | None, LATER] = None
    altar_own_primary: Annotated[bool | None, LATER] = None
    unlimited_coins: Annotated[bool | None, LATER] = None
    track_behind: Annotated[TrackBehind | None, LATER] = None
    theater_after_getup: Annotated[bool | None, LATER] = None

    @classmethod
    def of(cls, switches: Mapping[str, Any]) -> Overrides:
        """From the ``switches`` option (names checked by the core registry)."""
        return cls(**switches)

    def given(self) -> dict[str, Any]:
        """The switches set, by name (sorted, as ``INFO.check_options`` returns them)."""
        return {name: value for name, value in sorted(asdict(self).items()) if value is not None}


_FR, _BB = "Fresco rulebook", "Big Box How to Play"
_BOOL = (True, False)


def _switch(
    name: str,
    meaning: str,
    choices: tuple[Any, ...],
    rule: str,
    base: Any,
    bigbox: Any,
    base_source: str,
    bigbox_source: str,
    reach: Reach,
) -> Switch:
    """One row of the differences table: a ``core.registry.Switch`` with its value and
    source under each ruleset, and the situation it decides."""
    return Switch(
        name,
        meaning,
        choices,
        rule,
        defaults=(("base", base), ("bigbox", bigbox)),
        sources=(("base", base_source), ("bigbox", bigbox_source)),
        reach=reach,
    )


# The situations the switches decide (``Switch.reach``), tested by the simulation runner.


def _situation(module: str, name: str) -> Any:
    """A reach test that reads a rules module's helpers: ``name`` of ``module``, imported at
    its first call, so that listing the games loads no rules module."""
    return deferred(__package__ or "", module, name)


def _new_round_on_start_spaces(before: Any, action: Any, after: Any) -> bool:
    """A new round begins with two or more painters still on start spaces."""
    return bool(after.round > before.round and sum(1 for p in after.players if p.start) >= 2)


def _at_the_cathedral(before: Any, action: Any, after: Any) -> bool:
    """The screen (``Reach.screen``) of the cathedral's situations: the action is taken at the
    cathedral (where segments and the altar are restored and the bishop moves)."""
    return bool(before.phase == "act" and before.sheet[before.loc] == "cathedral")


def _completed_early(before: Any, action: Any, after: Any) -> bool:
    """The last fresco tile is restored before the final round."""
    return bool(before.tiles_left > 0 and after.tiles_left == 0 and not before.final)


def _final_round(state: Any, sheet: Any) -> bool:
    """The final round was played (its action sheet is the switch's)."""
    return bool(state.final)


def _paint_runs_out(before: Any, action: Any, after: Any) -> bool:
    """A paint colour's supply runs out (or, with unlimited paints, a shortfall is noted on paper)."""
    return bool(after.paper != before.paper or (0 in after.supply and 0 not in before.supply))


def _same_visit(before: Any, after: Any) -> bool:
    """``after`` is still the visit ``before`` was in, with a use left (same player, same column)."""
    return bool(after.phase == "act" and after.loc == before.loc and after.actor == before.actor and after.left > 0)


def _altar_with_a_use_left(before: Any, action: Any, after: Any) -> bool:
    """A player restores the altar and has a cathedral use left in the same visit."""
    return bool(not before.altar_this_visit and after.altar_this_visit and _same_visit(before, after))


def _bishop_step_with_a_use_left(before: Any, action: Any, after: Any) -> bool:
    """A player pays for a bishop step and has a cathedral use left in the same visit."""
    return bool(not before.bishop_this_visit and after.bishop_this_visit and _same_visit(before, after))


def _tie_for_the_most_vp(state: Any, sheet: Any) -> bool:
    """Two or more painters share the most victory points at the end."""
    vps = [p.vp for p in state.players]
    return vps.count(max(vps)) > 1


def _bank_short(before: Any, action: Any, after: Any) -> bool:
    """The bank is due more thalers than it holds: a portrait's thalers (Studio) and, when
    the action ends a round, the income of 1 thaler a restored tile."""
    due = data.tables(before.data).studio_thalers if isinstance(action, Studio) else 0
    if after.round > before.round:
        due += sum(len(p.tiles) for p in after.players) * data.INCOME_PER_TILE
    return bool(due > before.bank)


def _theater_meets_a_column_end(before: Any, action: Any, after: Any) -> bool:
    """A theater move where the two timings can part: the visit is cut at the top of the
    mood column, or starts so low that the next get-up's largest drop (the inn's) would be
    cut at the bottom; or, held back (``theater_after_getup``), it is added after a get-up
    and an end of the column cut the sum."""
    if isinstance(action, Theater):
        mood = before.players[before.order[before.actor]].mood
        drop = min(change for change, _ in data.tables(before.data).inn.values())
        return bool(mood + data.THEATER_MOVE >= data.MOOD_LENGTH or mood + drop < 0)
    if isinstance(action, Wake) and before.theater_held:
        i = before.names.index(action.player)
        change = data.tables(before.data).inn[action.time][0]
        unclamped = before.players[i].mood + change + before.theater_held[i]
        return bool(before.theater_held[i] and after.players[i].mood != unclamped)
    return False


RULESET_SWITCHES: tuple[Switch, ...] = (
    _switch(
        "start_rotation",
        "painters still on start spaces rotate before each new round (first to the end, others up)",
        _BOOL,
        "bigbox.rotation",
        False,
        True,
        f"{_FR}: not mentioned (start spaces keep their order)",
        f"{_BB}, Preparation for the Next Round, last bullet",
        Reach("step", "a new round begins with 2 or more painters on start spaces", _new_round_on_start_spaces),
    ),
    _switch(
        "early_end_on_complete",
        "a fresco completed before the final round makes that round the final one (no income, final count)",
        _BOOL,
        "bigbox.complete",
        False,
        True,
        f"{_FR}, End of the Game: only the <= 6 tiles trigger (the next round would be the final one)",
        f"{_BB}, End of Game and Scoring, second bullet",
        Reach("step", "the fresco is completed before the final round", _completed_early, _at_the_cathedral),
    ),
    _switch(
        "final_sheet",
        "action-sheet side used in the final round ('side2': market, cathedral, studio, workshop, cathedral)",
        get_args(FinalSheet),
        "bigbox.side2",
        "side2",
        "side2",
        f"{_FR}, End of the Game: flip to side 2 (contents not described; the printed sheet per public "
        "sources, see seeds/README.md)",
        f"{_BB}, End of Game and Scoring: side 2, no theater, cathedral twice",
        Reach("end", "the final round is played (every finished game)", _final_round),
    ),
    _switch(
        "final_collision",
        "final money count landing on an occupied space: 'choose' behind/ahead, or 'ahead' automatically",
        get_args(FinalCollision),
        "bigbox.final_collision",
        "choose",
        "ahead",
        f"{_FR}, Restore a segment of the fresco (the general track rule applies to every move)",
        f"{_BB}, Final point count",
        Reach(
            "end",
            "the final money count is made (every finished game; landings on a taken space are not counted)",
            _final_round,
        ),
    ),
    _switch(
        "unlimited_paints",
        "the paint supply never runs out (shortfalls are noted on paper)",
        _BOOL,
        "bigbox.paints",
        False,
        True,
        f"{_FR}, Game Components: 78 paint pieces (limited)",
        f"{_BB}, Workshop: Mix paints",
        Reach("step", "a paint colour runs out in the supply", _paint_runs_out),
    ),
    _switch(
        "altar_once_per_visit",
        "the altar may be restored at most once in one cathedral visit (off: once per cathedral apprentice)",
        _BOOL,
        "altar.basic",
        False,
        False,
        f"{_FR}, Cathedral: Restore the fresco or altar ('restore the altar once' read per apprentice; "
        "the kit's reading 'altar more than once')",
        f"{_BB}, Cathedral: Restore the fresco or the altar (each apprentice: a segment or the altar; no 'once')",
        Reach(
            "step",
            "a player restores the altar with a cathedral use left in the same visit",
            _altar_with_a_use_left,
            _at_the_cathedral,
        ),
    ),
    _switch(
        "bishop_once_per_visit",
        "one paid bishop step per cathedral visit (off: one before each segment restored)",
        _BOOL,
        "cath.bishop_move",
        False,
        False,
        f"{_FR}, Cathedral, Moving the bishop ('before restoring any segment ... once' read per segment; "
        "the kit's reading 'bishop move before each restoration')",
        f"{_BB}, Cathedral, Moving the bishop (the same words)",
        Reach(
            "step",
            "a player pays for a bishop step with a cathedral use left in the same visit",
            _bishop_step_with_a_use_left,
            _at_the_cathedral,
        ),
    ),
    _switch(
        "tie_break",
        "tied leaders at the end: 'shared' victory, or won by the one who got up first in the final round "
        "('getup') or who has the most thalers left ('thalers', a tie there stays shared)",
        get_args(TieBreak),
        "end.tie",
        "shared",
        "shared",
        f"{_FR}, End of the Game: the most victory points wins; no tie-break printed (the kit's reading "
        "'tie for the win')",
        f"{_BB}, Final point count: the same, no tie-break",
        Reach("end", "two or more painters tie for the most victory points", _tie_for_the_most_vp),
    ),
    _switch(
        "altar_own_primary",
        "at the altar a blended paint replaces only a primary it is mixed from (off: any primary)",
        _BOOL,
        "altar.basic",
        False,
        False,
        f"{_FR}, Cathedral: Restore the altar (no pairing of blend and primary printed; the kit's reading "
        "'altar substitutes')",
        f"{_BB}, Cathedral: Restore the fresco or the altar (the same words)",
        Reach(
            "step",
            "a player at the cathedral holds an altar restoration with a blend in a slot not of its primaries",
            _situation("cathedral", "altar_blend_off_its_primaries"),
            _at_the_cathedral,
        ),
    ),
    _switch(
        "unlimited_coins",
        "the bank never runs out of thalers (off: it pays only what it holds); the thalers it lacks are noted on paper",
        _BOOL,
        "supply.coins",
        False,
        False,
        f"{_FR}, Game Components: 60 coins (196 thalers), the bank (the kit's reading 'bank runs short')",
        f"{_BB}: says paints are unlimited, nothing of coins",
        Reach("step", "the bank is due more thalers than it holds (a portrait or the income)", _bank_short),
    ),
    _switch(
        "track_behind",
        "landing on a taken space, 'behind' is: the next free track space, the mover's own space free "
        "('track'); with no free track space behind, a start space ('start_space'); the mover's own space "
        "taken ('own_taken')",
        get_args(TrackBehind),
        "cath.track",
        "track",
        "track",
        f"{_FR}, Restore a segment of the fresco (start spaces not counted; 'behind' not defined further: "
        "the kit's reading 'track spaces')",
        f"{_BB}, Cathedral (the same words)",
        Reach(
            "step",
            "a painter lands on a taken space and the readings of 'behind' offer different stops",
            _situation("track", "behind_decided"),
        ),
    ),
    _switch(
        "theater_after_getup",
        "the theater's 2 mood spaces are held back and added after the next get-up's mood change "
        "(off: the painter moves up at the visit)",
        _BOOL,
        "theater",
        False,
        False,
        f"{_FR}, Theater: Improve one's mood ('effective on the next round after selecting the get up time'; "
        "the kit's reading 'theater mood and the column ends')",
        f"{_BB}, Theater: Improve mood (the same)",
        Reach(
            "step",
            "a theater visit cut at the top of the mood column, or low enough for the next get-up to be cut at the "
            "bottom (or, held back, cut when added)",
            _theater_meets_a_column_end,
        ),
    ),
)

RULESETS: dict[str, Switches] = {
    ruleset: Switches(**{s.name: s.default_for(ruleset) for s in RULESET_SWITCHES}) for ruleset in get_args(Ruleset)
}


def switches_for(ruleset: str, overrides: Mapping[str, Any] | Overrides | None = None) -> Switches:
    """The switches of ``ruleset`` with ``overrides`` applied.

    ``overrides`` is the checked ``switches`` option (a dict) or an :class:`Overrides`;
    the names and values are checked by the core registry (``INFO.check_options``), so
    an unknown name here is a programming error (``TypeError``)."""
    given = overrides.given() if isinstance(overrides, Overrides) else dict(overrides or {})
    return RULESETS[ruleset].evolve(**given)


def switch_table() -> list[dict[str, Any]]:
    """The differences as rows of plain dicts (for a notebook's table): ``name``,
    ``meaning``, ``base``, ``bigbox``, ``base_source``, ``bigbox_source``, ``rule``."""
    return [
        {
            "name": s.name,
            "meaning": s.doc,
            "base": s.default_for("base"),
            "bigbox": s.default_for("bigbox"),
            "base_source": s.source_for("base"),
            "bigbox_source": s.source_for("bigbox"),
            "rule": s.rule,
        }
        for s in RULESET_SWITCHES
    ]


def switch_table_html() -> str:
    """The table of ruleset switches (:data:`RULESET_SWITCHES`) as HTML, for notebooks."""
    head = (
        "<tr><th>switch</th><th>meaning</th><th>base</th><th>Big Box</th><th>base source</th>"
        "<th>Big Box source</th></tr>"
    )
    body = "".join(
        f"<tr><td title='fresco {escape(row['rule'])}'><code>{escape(row['name'])}</code></td>"
        f"<td>{escape(row['meaning'])}</td>"
        f"<td>{escape(str(row['base']))}</td><td>{escape(str(row['bigbox']))}</td>"
        f"<td>{escape(row['base_source'])}</td><td>{escape(row['bigbox_source'])}</td></tr>"
        for row in switch_table()
    )
    return f'<table style="text-align:left">{head}{body}</table>'
