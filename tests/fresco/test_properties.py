"""Seeded random games to the end, 3 and 4 players, both rulesets, checking every step.

At each step: the invariants (25 fresco tiles, 14 market tiles, 196 thalers and the
limited paints conserved, nothing negative, one painter per VP space), the JSON round
trip of the state, random illegal actions refused with a RuleRef and the state
unchanged; now and then every legal action is accepted by ``preview`` and the game's
save loads back equal.  At the end: replay equality and ``Game.from_json``.
"""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game, Rng, RuleError, RuleRef
from fresco_kit.fresco import new_game, rules
from fresco_kit.fresco.actions import Blend, Buy, Close, Done, Plan, Restore, Settle, Studio, Theater, Wake, altar
from fresco_kit.fresco.data import COLOURS, TIMES

NAMES = ["Red", "White", "Blue", "Yellow"]
GAMES_PER_CASE = 8


def random_action(rng: Rng, names: list[str]):
    """Any action at all, mostly illegal: random verb, player and parameters (a field
    that no action may hold, e.g. a time off the inn, raises ValueError when made)."""
    p = rng.choice(names + ["Nobody"])
    k = rng.randbelow(11)
    sq = (rng.randbelow(7) - 1, rng.randbelow(7) - 1)
    if k == 0:
        return Wake(p, rng.choice(list(TIMES) + [4, 10]))
    if k == 1:
        return Plan(p, tuple(rng.randbelow(5) for _ in range(rng.choice([4, 5, 5, 6]))))
    if k == 2:
        return Buy(p, rng.randbelow(6), tuple(sorted({rng.randbelow(5) for _ in range(rng.randbelow(4) + 1)})))
    if k == 3:
        return Close(p, rng.randbelow(6))
    if k == 4:
        return Restore(p, sq, rng.choice([None, (sq[0] + 1, sq[1])]), rng.choice([None, "behind", "ahead"]))
    if k == 5:
        return altar(p, [rng.choice(COLOURS) for _ in range(3)], rng.choice([None, "ahead"]))
    if k == 6:
        return Studio(p)
    if k == 7:
        return Blend(p, rng.choice(COLOURS))
    if k == 8:
        return Theater(p)
    if k == 9:
        return Settle(p, rng.choice(["behind", "ahead"]))
    return Done(p)


CASES = [(ruleset, n) for ruleset in ("base", "bigbox") for n in (3, 4)]


@pytest.mark.rule("fresco p2.resolve", "fresco p2.forfeit", "fresco end.final_round", "fresco end.winner",
                  "fresco cath.track", "fresco bigbox.paints", "fresco supply.paints")
@pytest.mark.parametrize("ruleset,n", CASES)
def test_random_games_keep_every_invariant(ruleset, n):
    for seed in range(GAMES_PER_CASE):
        names = NAMES[:n]
        game = new_game(names, seed=seed, ruleset=ruleset)
        rng = Rng(1000 + seed)
        steps = 0
        while not game.is_over:
            state = game.state
            broken = rules.invariants(state)
            assert not broken, (seed, steps, broken)
            assert not rules.consistency(state), (seed, steps, rules.consistency(state))
            on_track = [p.vp for p in state.players if p.vp > 0]
            assert len(on_track) == len(set(on_track))
            assert rules.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
            for _ in range(3):
                try:
                    bad = random_action(rng, names)
                except ValueError:
                    continue                        # refused when made: never reaches the rules
                if rules.checks(state, bad):
                    with pytest.raises(RuleError) as err:
                        game.play(bad)
                    assert all(isinstance(ref, RuleRef) and ref.game == "fresco" for _, ref in err.value.reasons)
                    assert game.state is state
            if steps % 25 == 0 and state.phase != "plan":
                for legal in game.legal_actions():
                    game.preview(legal)
                    assert rules.parse_action(str(legal)) == legal
                assert Game.from_json(game.to_json()).state == state
            action = rules.sample_action(state, rng)
            assert rules.parse_action(str(action)) == action
            game.play(action)
            assert steps < 3000, "game does not end"
            steps += 1
        assert not rules.invariants(game.state)
        again = Game.replay(rules, names, seed, {"ruleset": ruleset}, game.actions)
        assert again.state == game.state
        assert Game.from_json(game.to_json()).state == game.state
        assert game.scores().winners


@pytest.mark.rule("fresco bigbox.final_collision")
def test_base_games_reach_the_behind_or_ahead_choice_in_the_final_count():
    settled = 0
    for seed in range(40):
        game = new_game(NAMES, seed=seed, ruleset="base")
        rng = Rng(seed)
        while not game.is_over:
            action = rules.sample_action(game.state, rng)
            settled += isinstance(action, Settle)
            game.play(action)
        if settled:
            break
    assert settled, "no random base game needed a final-count choice"
