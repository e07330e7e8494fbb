"""The two rulesets, ``"base"`` and ``"bigbox"``: every difference is one named switch.

:data:`RULESET_SWITCHES` is the table (name, meaning, value under each ruleset and the
source of each) for notebooks; :class:`Switches` is what the engine reads.  A game may
override single switches: ``new_game(..., ruleset="base", switches={"unlimited_paints": True})``;
the core registry checks the names and values (``INFO.check_options``), and
:func:`switches_for` is the one place that resolves a ruleset and its overrides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from html import escape
from typing import Any, Literal, get_args

from fresco_kit.core import Record

Ruleset = Literal["base", "bigbox"]
FinalSheet = Literal["side1", "side2"]
FinalCollision = Literal["choose", "ahead"]


@dataclass(frozen=True, slots=True)
class Switches(Record):
    """The rule switches in force (see :data:`RULESET_SWITCHES` for meanings and sources)."""

    start_rotation: bool = False
    early_end_on_complete: bool = False
    final_sheet: FinalSheet = "side2"
    final_collision: FinalCollision = "choose"
    unlimited_paints: bool = False


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

    @classmethod
    def of(cls, switches: Mapping[str, Any]) -> Overrides:
        """From the ``switches`` option (names checked by the core registry)."""
        return cls(**switches)

    def given(self) -> dict[str, Any]:
        """The switches set, by name (sorted, as ``INFO.check_options`` returns them)."""
        return {name: value for name, value in sorted(asdict(self).items()) if value is not None}


@dataclass(frozen=True)
class Switch:
    """One row of the differences table."""

    name: str
    meaning: str
    base: Any
    bigbox: Any
    base_source: str
    bigbox_source: str
    rule: str  # checklist id


RULESET_SWITCHES: tuple[Switch, ...] = (
    Switch(
        "start_rotation",
        "painters still on start spaces rotate before each new round (first to the end, others up)",
        False,
        True,
        "Fresco rulebook: not mentioned (start spaces keep their order)",
        "Big Box How to Play, Preparation for the Next Round, last bullet",
        "bigbox.rotation",
    ),
    Switch(
        "early_end_on_complete",
        "a fresco completed before the final round makes that round the final one (no income, final count)",
        False,
        True,
        "Fresco rulebook, End of the Game: only the <= 6 tiles trigger (the next round would be the final one)",
        "Big Box How to Play, End of Game and Scoring, second bullet",
        "bigbox.complete",
    ),
    Switch(
        "final_sheet",
        "action-sheet side used in the final round ('side2': market, cathedral, studio, workshop, cathedral)",
        "side2",
        "side2",
        "Fresco rulebook, End of the Game: flip to side 2 (contents not described; the printed sheet per public "
        "sources, see seeds/README.md)",
        "Big Box How to Play, End of Game and Scoring: side 2, no theater, cathedral twice",
        "bigbox.side2",
    ),
    Switch(
        "final_collision",
        "final money count landing on an occupied space: 'choose' behind/ahead, or 'ahead' automatically",
        "choose",
        "ahead",
        "Fresco rulebook, Restore a segment of the fresco (the general track rule applies to every move)",
        "Big Box How to Play, Final point count",
        "bigbox.final_collision",
    ),
    Switch(
        "unlimited_paints",
        "the paint supply never runs out (shortfalls are noted on paper)",
        False,
        True,
        "Fresco rulebook, Game Components: 78 paint pieces (limited)",
        "Big Box How to Play, Workshop: Mix paints",
        "bigbox.paints",
    ),
)

RULESETS: dict[str, Switches] = {
    "base": Switches(**{s.name: s.base for s in RULESET_SWITCHES}),
    "bigbox": Switches(**{s.name: s.bigbox for s in RULESET_SWITCHES}),
}

#: switch name -> its allowed values (for the registry's ``Switch`` entries)
_ALLOWED: dict[str, tuple[Any, ...]] = {
    "start_rotation": (True, False),
    "early_end_on_complete": (True, False),
    "final_sheet": get_args(FinalSheet),
    "final_collision": get_args(FinalCollision),
    "unlimited_paints": (True, False),
}


def switches_for(ruleset: str, overrides: Mapping[str, Any] | Overrides | None = None) -> Switches:
    """The switches of ``ruleset`` with ``overrides`` applied.

    ``overrides`` is the checked ``switches`` option (a dict) or an :class:`Overrides`;
    the names and values are checked by the core registry (``INFO.check_options``), so
    an unknown name here is a programming error (``TypeError``)."""
    given = overrides.given() if isinstance(overrides, Overrides) else dict(overrides or {})
    return RULESETS[ruleset].evolve(**given)


def switch_table() -> list[dict[str, Any]]:
    """The differences as rows of plain dicts (for a notebook's table)."""
    return [asdict(s) for s in RULESET_SWITCHES]


def switch_table_html() -> str:
    """The table of ruleset switches (:data:`RULESET_SWITCHES`) as HTML, for notebooks."""
    head = (
        "<tr><th>switch</th><th>meaning</th><th>base</th><th>Big Box</th><th>base source</th>"
        "<th>Big Box source</th><th>rule id</th></tr>"
    )
    body = "".join(
        f"<tr><td><code>{escape(s.name)}</code></td><td>{escape(s.meaning)}</td><td>{escape(str(s.base))}</td>"
        f"<td>{escape(str(s.bigbox))}</td><td>{escape(s.base_source)}</td><td>{escape(s.bigbox_source)}</td>"
        f"<td>fresco {escape(s.rule)}</td></tr>"
        for s in RULESET_SWITCHES
    )
    return f'<table style="text-align:left">{head}{body}</table>'
