"""Seeded random games to the end for 2, 3 and 4 players, checking at every step:
conservation (96 cards, 21 tiles), no negative resources, JSON round trip, replay
equality, and random illegal actions refused with a RuleRef and the state unchanged."""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game, Rng, RuleError, RuleRef
from fresco_kit.lorenzo import new_game, rules
from fresco_kit.lorenzo.actions import SPACES
from fresco_kit.lorenzo.state import Choose, Forfeit, Place

NAMES = ["Red", "White", "Blue", "Yellow"]
GAMES = 20


def _random_action(state, rng):
    """A random, usually illegal, action."""
    who = rng.choice(NAMES[:len(state.players)] + ["Ghost"])
    kind = rng.randbelow(3)
    if kind == 0:
        return Place(who, rng.choice(["white", "black", "orange", "neutral", "purple"]),
                     rng.choice(SPACES + ("palace",)), rng.randbelow(8) - 1)
    if kind == 1:
        return Choose(who, rng.choice(["coins", "faith", "1", "2", "0", "support", "skip", "territory-4", "x"]),
                      rng.randbelow(3))
    return Forfeit(who, rng.choice(["white", "neutral"]))


@pytest.mark.rule("lorenzo struct.periods")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants(players):
    for seed in range(GAMES):
        game = new_game(NAMES[:players], seed=seed, **({"bonus_tiles": "advanced"} if seed % 2 else {}))
        rng = Rng(1000 + seed)
        steps = 0
        while not game.is_over:
            state = game.state
            for _ in range(2):
                bad = _random_action(state, rng)
                reasons = rules.checks(state, bad)
                if reasons:
                    assert all(isinstance(ref, RuleRef) for _, ref in reasons)
                    with pytest.raises(RuleError):
                        game.play(bad)
                    assert game.state is state and game.state == state
            action = rules.sample_action(state, rng)
            assert not rules.checks(state, action), (seed, str(action))
            assert rules.parse_action(str(action)) == action
            game.play(action)
            steps += 1
            assert rules.invariants(game.state) == [], (seed, steps, str(action))
            assert rules.state_from_dict(json.loads(json.dumps(game.state.to_dict()))) == game.state
            if steps % 50 == 0:
                assert Game.from_json(game.to_json()).state == game.state
        assert steps < 400
        again = Game.from_json(game.to_json())
        assert again.state == game.state
        replay = Game.replay(rules, NAMES[:players], seed, game.options, game.actions)
        assert replay.state == game.state
        assert game.scores().winners and game.legal_actions() == []


def test_legal_actions_match_checks_along_a_game():
    game = new_game(NAMES[:3], seed=42)
    rng = Rng(7)
    while not game.is_over:
        legal = game.legal_actions()
        assert legal and all(not rules.checks(game.state, a) for a in legal)
        if len(game.history) % 9 == 0:
            before = json.dumps(game.state.to_dict(), sort_keys=True)
            for a in legal[:40]:
                new, _ = rules.apply(game.state, a)        # apply never mutates its input
                assert rules.invariants(new) == []
            assert json.dumps(game.state.to_dict(), sort_keys=True) == before
        game.play(rng.choice(legal))


def test_state_from_dict_refuses_bad_data():
    d = new_game(NAMES[:2]).state.to_dict()
    for key, value, err in [("round", 9, ValueError), ("phase", "lunch", ValueError),
                            ("pending", [{"x": 1}], ValueError), ("turn", "1", TypeError)]:
        bad = dict(d, **{key: value})
        with pytest.raises(err):
            rules.state_from_dict(bad)
    with pytest.raises(ValueError, match="state: missing key\\(s\\) decks$"):
        rules.state_from_dict({k: v for k, v in d.items() if k != "decks"})
    with pytest.raises(ValueError, match="state: unknown key\\(s\\) colour, zz$"):
        rules.state_from_dict(dict(d, zz=1, colour="red"))
    with pytest.raises(ValueError, match="missing key\\(s\\) rng; unknown key\\(s\\) seed"):
        rules.state_from_dict({**{k: v for k, v in d.items() if k != "rng"}, "seed": 0})
    bad = json.loads(json.dumps(d))
    bad["players"][1]["hat"] = 1
    with pytest.raises(ValueError, match="players\\[1\\]: unknown key\\(s\\) hat"):
        rules.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["players"][0]["res"]["gold"] = 1
    with pytest.raises(ValueError):
        rules.state_from_dict(bad)
    edits = [
        (lambda b: b["players"][1].update(name="Red"), "distinct"),
        (lambda b: b.update(order=["Red", "Ghost"]), "order"),
        (lambda b: b.update(turn=99), "turn"),
        (lambda b: b["dice"].update(white=7), "dice"),
        (lambda b: b["players"][0].update(bonus_tile="Z"), "bonus tile"),
        (lambda b: b["players"][0]["res"].update(coins=-1), "negative"),
        (lambda b: b["players"][0]["cards"].update(territory=[25]), "wrong row"),
        (lambda b: b["towers"].update(venture=[73, 74, 75]), "four floors"),
        (lambda b: b["decks"].update({"territory-1": [999]}), "decks"),
        (lambda b: b["occupants"].update(palace=["Red:white"]), "unknown space"),
        (lambda b: b["occupants"].update(council=["Red:purple"]), "player:member"),
        (lambda b: b.update(excomm_tiles=[1, 8, 99]), "excommunication"),
        (lambda b: b.update(pending=[{"player": "Red", "kind": "bribe"}]), "pending"),
    ]
    for edit, message in edits:
        bad = json.loads(json.dumps(d))
        edit(bad)
        with pytest.raises(ValueError, match=message):
            rules.state_from_dict(bad)


def test_view_masks_deck_order_only():
    st = new_game(NAMES[:2], seed=3).state
    v = st.view("Red")
    assert all(sorted(v.decks[k]) == list(v.decks[k]) for k in v.decks)
    assert v.players == st.players and v.towers == st.towers


def test_constructed_positions_conserve_components():
    from fresco_kit.lorenzo.positions import position

    st = position(NAMES, round=4, tiles=(3, 12, 20), excomms={"Red": [3, 12]},
                  cards={"Red": [1, 2, 25, 49, 73], "Blue": [96]}, towers={"building": [40, None, 26, 27]})
    assert rules.invariants(st) == []
    st = position(NAMES[:2], round=6, cards={"Red": list(range(9, 15))})
    assert rules.invariants(st) == []


def test_excommunication_tiles_one_per_period_and_deterministic_setup():
    a, b = new_game(NAMES, seed=77).state, new_game(NAMES, seed=77).state
    assert a == b and a != new_game(NAMES, seed=78).state
    data = rules.load()
    assert [data.excommunications[t].period for t in a.excomm_tiles] == [1, 2, 3]
    assert len(a.excomm_box) == 18
    assert rules.legal_actions(a) == rules.legal_actions(b)


try:
    from hypothesis import given, settings, strategies as hs
except ImportError:  # pragma: no cover - hypothesis is a test dependency
    given = None

if given is not None:
    @settings(max_examples=12, deadline=None)
    @given(players=hs.integers(2, 4), seed=hs.integers(0, 10**6), play_seed=hs.integers(0, 10**6))
    def test_hypothesis_random_games_end_with_a_winner(players, seed, play_seed):
        game = new_game(NAMES[:players], seed=seed)
        rng = Rng(play_seed)
        while not game.is_over:
            game.play(rules.sample_action(game.state, rng))
        assert rules.invariants(game.state) == []
        sheet = game.scores()
        assert len(sheet.winners) == 1 and sheet.totals[sheet.winners[0]] == max(sheet.totals.values())


@pytest.mark.parametrize("players", [2, 4])
def test_history_states_are_never_mutated(players):
    """Copy-on-write: every state the history holds still equals its snapshot."""
    game = new_game(NAMES[:players], seed=players)
    rng = Rng(5)
    snapshots = []
    while not game.is_over:
        snapshots.append(json.dumps(game.state.to_dict(), sort_keys=True))
        game.play(rules.sample_action(game.state, rng))
    assert [json.dumps(t.state_before.to_dict(), sort_keys=True) for t in game.history] == snapshots
