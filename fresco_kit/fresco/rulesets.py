"""The two rulesets, ``"base"`` and ``"bigbox"``: every difference is one named switch.

:data:`RULESET_SWITCHES` is the table (name, meaning, value under each ruleset and the
source of each) for notebooks; :class:`Switches` is what the engine reads.  A game may
override single switches: ``new_game(..., ruleset="base", switches={"unlimited_paints": True})``.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping


@dataclass(frozen=True)
class Switches:
    """The rule switches in force (see :data:`RULESET_SWITCHES` for meanings and sources)."""

    start_rotation: bool = False
    early_end_on_complete: bool = False
    final_sheet: str = "side2"
    final_collision: str = "choose"
    unlimited_paints: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Switch:
    """One row of the differences table."""

    name: str
    meaning: str
    base: Any
    bigbox: Any
    base_source: str
    bigbox_source: str
    rule: str            # checklist id


RULESET_SWITCHES: tuple[Switch, ...] = (
    Switch("start_rotation",
           "painters still on start spaces rotate before each new round (first to the end, others up)",
           False, True,
           "Fresco rulebook: not mentioned (start spaces keep their order)",
           "Big Box How to Play, Preparation for the Next Round, last bullet",
           "bigbox.rotation"),
    Switch("early_end_on_complete",
           "a fresco completed before the final round makes that round the final one (no income, final count)",
           False, True,
           "Fresco rulebook, End of the Game: only the <= 6 tiles trigger (the next round would be the final one)",
           "Big Box How to Play, End of Game and Scoring, second bullet",
           "bigbox.complete"),
    Switch("final_sheet",
           "action-sheet side used in the final round ('side2': market, cathedral, studio, workshop, cathedral)",
           "side2", "side2",
           "Fresco rulebook, End of the Game: flip to side 2 (contents not described; printed sheet per FACTS.md)",
           "Big Box How to Play, End of Game and Scoring: side 2, no theater, cathedral twice",
           "bigbox.side2"),
    Switch("final_collision",
           "final money count landing on an occupied space: 'choose' behind/ahead, or 'ahead' automatically",
           "choose", "ahead",
           "Fresco rulebook, Restore a segment of the fresco (the general track rule applies to every move)",
           "Big Box How to Play, Final point count",
           "bigbox.final_collision"),
    Switch("unlimited_paints",
           "the paint supply never runs out (shortfalls are noted on paper)",
           False, True,
           "Fresco rulebook, Game Components: 78 paint pieces (limited)",
           "Big Box How to Play, Workshop: Mix paints",
           "bigbox.paints"),
)

RULESETS: dict[str, Switches] = {
    "base": Switches(**{s.name: s.base for s in RULESET_SWITCHES}),
    "bigbox": Switches(**{s.name: s.bigbox for s in RULESET_SWITCHES}),
}

_ALLOWED = {"start_rotation": (True, False), "early_end_on_complete": (True, False),
            "final_sheet": ("side1", "side2"), "final_collision": ("choose", "ahead"),
            "unlimited_paints": (True, False)}


def switches_for(ruleset: str, overrides: Mapping[str, Any] | None = None) -> Switches:
    """The switches of ``ruleset`` with ``overrides`` applied (ValueError on unknown names/values)."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; choose one of {', '.join(RULESETS)}")
    values = RULESETS[ruleset].to_dict()
    for name, value in dict(overrides or {}).items():
        if name not in _ALLOWED:
            raise ValueError(f"unknown switch {name!r}; switches: {', '.join(f.name for f in fields(Switches))}")
        if value not in _ALLOWED[name] or type(value) is not type(_ALLOWED[name][0]):
            raise ValueError(f"switch {name} must be one of {_ALLOWED[name]}, not {value!r}")
        values[name] = value
    return Switches(**values)


def switch_table() -> list[dict[str, Any]]:
    """The differences as rows of plain dicts (for a notebook's table)."""
    return [asdict(s) for s in RULESET_SWITCHES]
