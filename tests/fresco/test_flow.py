"""The Fresco flow table (``fresco_kit.fresco.flow.FLOW``, a ``core.flow.Flow``) drives
the engine: seeded random games of every player count and ruleset change ``phase``
only along the table's arrows, every step cites its rulebook section and a rule of the
checklist, and no section module sets the phase itself."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fresco_kit.core import Rng
from fresco_kit.core.decisions import owner
from fresco_kit.core.flow import ALWAYS
from fresco_kit.fresco import INFO, flow, final, new_game, rules
from fresco_kit.fresco.refs import RULES

ENGINE = Path(flow.__file__).parent
CASES = [(ruleset, n) for ruleset in INFO.rulesets for n in INFO.player_counts]


def test_the_table_validates_and_cites_its_sections():
    names = [s.name for s in flow.FLOW.steps]
    assert len(names) == len(set(names)) and names[0] == "setup"
    assert flow.FLOW.waiting == flow.PHASES
    assert set(flow.ENTER) <= set(names)
    for step in flow.FLOW.steps:
        assert "Fresco" in step.section and step.doc, step.name
        assert step.rule in RULES, step.name
        for condition, target in step.next:
            assert (condition == ALWAYS or condition in flow.FLOW.conditions) and target in flow.FLOW.by_name
    big_box_only = {"fresco_complete", "rotate"}
    assert all("Big Box" in flow.FLOW.step(name).section for name in big_box_only)
    # every step can be reached from the setup
    seen, todo = {"setup"}, ["setup"]
    while todo:
        for _, target in flow.FLOW.step(todo.pop()).next:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    assert seen == set(names)


def test_a_restoration_is_followed_by_what_the_table_says():
    arrows = flow.FLOW.waiting_arrows()
    # after an action at a location: the same player, the next one, the next round's
    # Phase I, the final count's choice, or the end of the game
    assert {b for a, b in arrows if a == "act"} == {"act", "wake", "final_count", "over"}
    assert {b for a, b in arrows if a == "wake"} == {"wake", "plan"}
    assert ("wake", "act") not in arrows and ("over", "wake") not in arrows


@pytest.mark.rule("fresco p2.resolve", "fresco end.money")
@pytest.mark.parametrize("ruleset,n", CASES)
def test_random_games_change_phase_only_along_the_table(ruleset, n):
    arrows = flow.FLOW.waiting_arrows()
    used: set[tuple[str, str]] = set()
    for seed in range(4):
        for switches in ({}, {"final_collision": "choose"}, {"early_end_on_complete": True, "start_rotation": True}):
            game = new_game(list(INFO.players(n)), seed=seed, ruleset=ruleset, switches=switches)
            s, rng = game.state, Rng(500 + seed)
            assert s.phase == flow.FIRST
            while not rules.is_over(s):
                if s.phase == "final_count":
                    assert (owner(final.pending(s)),) == rules.actor(s)
                else:
                    assert final.pending(s) == ()
                after, _ = rules.apply(s, rules.sample_action(s, rng))
                assert (s.phase, after.phase) in arrows, (seed, s.phase, after.phase)
                used.add((s.phase, after.phase))
                s = after
    assert {("wake", "plan"), ("plan", "act"), ("act", "act"), ("act", "wake")} <= used
    assert any(b == "over" for _, b in used)


def _assigns_phase(tree: ast.AST) -> bool:
    """Whether the module sets ``phase`` (``assign(s, phase=...)``, ``evolve(phase=...)``)."""
    return any(
        isinstance(node, ast.keyword) and node.arg == "phase" for node in ast.walk(tree)
    )


def test_no_section_module_sets_the_phase():
    # only the table moves the phase (setup builds the first state; positions build
    # teaching positions outside play)
    allowed = {"flow.py", "setup.py", "positions.py", "state.py", "saved.py"}
    for path in sorted(ENGINE.glob("*.py")):
        if path.name in allowed:
            continue
        assert not _assigns_phase(ast.parse(path.read_text(encoding="utf-8"))), path.name
