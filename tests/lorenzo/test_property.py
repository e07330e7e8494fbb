"""Properties of Lorenzo beyond the shared random-play test (tests/test_properties.py,
which checks ``rules.invariants`` after every action, JSON round trips and replays):
random wrong actions refused with the state unchanged, legal actions agreeing with
checks, saved states refused naming the field, saves after any action, constructed
positions, views, states never mutated."""
from __future__ import annotations

import json

import pytest

from fresco_kit.core import Game, Rng, RuleError, RuleRef, SaveError
from fresco_kit.lorenzo import new_game, rules
from fresco_kit.lorenzo.positions import game_at, position
from fresco_kit.lorenzo.state import State
from fresco_kit.lorenzo.data import SPACES
from fresco_kit.lorenzo.actions import Choose, Forfeit, Place

NAMES = ["Red", "White", "Blue", "Yellow"]
GAMES = 6


def _random_action(state, rng):
    """A random, usually illegal, action; None when it is refused as it is made."""
    who = rng.choice(NAMES[:len(state.players)] + ["Ghost"])
    kind = rng.randbelow(3)
    try:
        if kind == 0:
            return Place(who, rng.choice(["white", "black", "orange", "neutral", "purple"]),
                         rng.choice(SPACES + ("palace",)), rng.randbelow(8) - 1)
        if kind == 1:
            return Choose(who, rng.choice(["coins", "faith", "1", "2", "0", "support", "skip", "territory-4", "x"]),
                          rng.randbelow(3))
        return Forfeit(who, rng.choice(["white", "neutral"]))
    except ValueError as exc:
        assert str(exc).split(":")[0] in {"Place.member", "Place.space", "Place.servants", "Choose.choice"}
        return None


@pytest.mark.rule("lorenzo kit.turn")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_wrong_actions_are_refused_and_change_nothing(players):
    """Along seeded random games: random wrong actions are refused -- badly made ones
    with a ValueError when made, illegal ones citing a RuleRef -- and leave the state
    as it was; every sampled action is legal and reads back from its text.  (Invariants
    after every action, JSON round trips and replays: tests/test_properties.py.)"""
    for seed in range(GAMES):
        game = new_game(NAMES[:players], seed=seed, **({"bonus_tiles": "advanced"} if seed % 2 else {}))
        rng = Rng(1000 + seed)
        while not game.is_over:
            state = game.state
            for _ in range(2):
                bad = _random_action(state, rng)
                if bad is None:
                    continue
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
        assert len(game.history) < 400
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


def _refused(data, where):
    """Loading ``data`` is refused with a SaveError whose message starts with ``where``."""
    with pytest.raises(SaveError) as err:
        rules.state_from_dict(data)
    assert str(err.value).startswith(where), str(err.value)
    return str(err.value)


def test_state_from_dict_refuses_bad_data_naming_the_field():
    d = json.loads(json.dumps(new_game(NAMES[:2]).state.to_dict()))
    assert rules.state_from_dict(d) == new_game(NAMES[:2]).state
    for key, value, where in [("round", 9, "state.round: expected a whole number from 1 to 7, got 9"),
                              ("phase", "lunch", "state.phase: expected one of 'actions', 'vatican', 'over'"),
                              ("pending", [{"x": 1}], "state.pending[0].x: unknown key"),
                              ("turn", "1", "state.turn: expected a whole number from 0 to 999, got '1'"),
                              ("turn", True, "state.turn: expected a whole number from 0 to 999, got True"),
                              ("rng", 1.5, "state.rng: expected a whole number from 0 to"),
                              ("rng", None, "state.rng: expected the random generator's state")]:
        _refused(dict(d, **{key: value}), where)
    _refused({k: v for k, v in d.items() if k != "decks"}, "state.decks: missing")
    _refused(dict(d, zz=1, colour="red"), "state.zz: unknown key; the keys here are players, order")
    _refused({**{k: v for k, v in d.items() if k != "rng"}, "seed": 0}, "state.seed: unknown key")
    edits = [
        (lambda b: b["players"][1].update(hat=1), "state.players[1].hat: unknown key"),
        (lambda b: b["players"][0]["res"].update(gold=1), "state.players[0].res.gold: unknown key"),
        (lambda b: b["players"][1].update(name="Red"), "state.players[1].name: expected a name no other player has"),
        (lambda b: b["players"][1].update(name="Blue Team"), "state.players[1].name: expected a player name of one"),
        (lambda b: b.update(order=["Red", "Ghost"]), "state.order: expected every player once"),
        (lambda b: b.update(turn=99), "state.turn: expected a turn from 0 to 8"),
        (lambda b: b["dice"].update(white=7), "state.dice.white: expected a whole number from 1 to 6, got 7"),
        (lambda b: b["players"][0].update(bonus_tile="Z"), "state.players[0].bonus_tile: expected personal bonus"),
        (lambda b: b["players"][0].update(bonus_tile="A"), "state.players[0].bonus_tile: expected the standard tile"),
        (lambda b: b["players"][0]["res"].update(coins=-1), "state.players[0].res.coins: expected a whole number from 0 to 999"),
        (lambda b: b["players"][0]["res"].update(faith=16), "state.players[0].res.faith: expected at most 15"),
        (lambda b: b["players"][0]["cards"].update(territory=[25]), "state.players[0].cards.territory[0]: expected "
                                                                    "the id of a territory card, got 25"),
        (lambda b: b["players"][0]["home"].reverse(), "state.players[0].home: expected different members in the order"),
        (lambda b: b["towers"].update(venture=[73, 74, 75]), "state.towers.venture: expected a list of exactly 4"),
        (lambda b: b["towers"].update(venture=b["towers"]["territory"]), "state.towers.venture[0]: expected the id of "
                                                                         "a venture card"),
        (lambda b: b["decks"].update({"territory-1": [999]}), "state.decks.territory-1[0]: expected the id of a "
                                                              "period 1 territory card, got 999"),
        (lambda b: b["decks"]["territory-2"].append(b["decks"]["territory-2"][0]), "state.decks.territory-2[8]: "
                                                                                   "expected a card that is nowhere"),
        (lambda b: b["decks"]["territory-2"].pop(), "state.discarded: expected every development card in one place"),
        (lambda b: b["occupants"].update(palace=[{"player": "Red", "member": "white"}]), "state.occupants: expected "
                                                                                         "action spaces as keys"),
        (lambda b: b["occupants"].update(council=[{"player": "Red", "member": "purple"}]),
         "state.occupants.council[0].member: expected family members: one of white"),
        (lambda b: b["occupants"].update(council=[{"player": "Red", "member": "white"}]),
         "state.occupants.council[0].member: expected a member that is not at home"),
        (lambda b: b["occupants"].update(council=[]), "state.occupants.council: expected at least one member"),
        (lambda b: b.update(excomm_tiles=[1, 8, 99]), "state.excomm_tiles[2]: expected a period 3 excommunication"),
        (lambda b: b.update(excomm_tiles=[1, 2, 15]), "state.excomm_tiles[1]: expected a period 2 excommunication"),
        (lambda b: b["players"][0].update(excomms=[2]), "state.players[0].excomms[0]: expected one of the tiles"),
        (lambda b: b.update(pending=[{"player": "Red", "kind": "bribe"}]), "state.pending[0].count: missing"),
        (lambda b: b.update(pending=[_decision(player="Red", kind="bribe")]), "state.pending[0].kind: expected one of "
                                                                              "'privilege', 'cost'"),
        (lambda b: b.update(schedule=b["schedule"][::-1]), "state.schedule: expected the round's turns"),
        (lambda b: b.update(phase="over"), "state.phase: expected 'over' exactly when round is 7"),
        (lambda b: b.update(phase="vatican"), "state.phase: expected a Vatican report only after an even round"),
    ]
    for edit, where in edits:
        bad = json.loads(json.dumps(d))
        edit(bad)
        _refused(bad, where)


def _decision(**fields):
    base = {k: None for k in ("count", "taken", "card", "costs", "queue", "outputs", "action", "value", "tower",
                              "discount")}
    return {"player": fields.pop("player"), "kind": fields.pop("kind"), **base, **fields}


def test_pending_decisions_must_be_answerable():
    """A saved decision is refused unless it can be answered (else the game would stop)."""
    g = game_at(position(NAMES[:2], dice={"white": 6}, towers={"venture": [74, 80, 76, 73]},
                         res={"Red": {"military": 4, "coins": 2}}))
    g.play("place Red white venture-2")                          # Support to the Bishop: two ways to pay
    d = json.loads(json.dumps(g.state.to_dict()))
    assert d["pending"] == [_decision(player="Red", kind="cost", card=80,
                                      costs=[{"military": 2}, {"wood": 1, "stone": 1, "coins": 2}])]
    assert rules.state_from_dict(d) == g.state
    cases = [
        (dict(d["pending"][0], costs=[]), "state.pending[0].costs: expected at least one way to pay"),
        (dict(d["pending"][0], costs=[{"coins": 99}]), "state.pending[0].costs[0].coins: expected a cost Red can pay"),
        (dict(d["pending"][0], costs=[{"gold": 1}]), "state.pending[0].costs[0]: expected resources as keys"),
        (dict(d["pending"][0], card=81), "state.pending[0].card: expected a card Red has just taken"),
        (dict(d["pending"][0], player="Ghost"), "state.pending[0].player: expected a player: Red, White"),
        (dict(d["pending"][0], count=1), "state.pending[0].count: expected null in a cost decision, got 1"),
        (dict(d["pending"][0], card=None), "state.pending[0].card: expected a value in a cost decision"),
        (_decision(player="Red", kind="privilege", count=3, taken=["coins", "faith", "military"]),
         "state.pending[0].taken: expected different privileges"),
        (_decision(player="Red", kind="privilege", count=1, taken=["coins", "coins"]),
         "state.pending[0].taken: expected different privileges"),
        (_decision(player="Red", kind="trade", queue=[], outputs=[]), "state.pending[0].queue: expected at least one"),
        (_decision(player="Red", kind="trade", queue=[25], outputs=[]), "state.pending[0].queue[0]: expected a "
                                                                        "building card with trades"),
        (_decision(player="Red", kind="trade", queue=[29], outputs=[]), "state.pending[0].queue[0]: expected a "
                                                                        "building Red owns"),
        (_decision(player="Red", kind="vatican"), "state.pending[0].kind: expected 'vatican' exactly during"),
        (_decision(player="Red", kind="action", action="harvest", value=4, tower="venture", discount={}),
         "state.pending[0].tower: expected 'any' for a harvest action"),
    ]
    for decision, where in cases:
        _refused(dict(d, pending=[decision]), where)
    _refused(dict(d, pending=[_decision(player="Red", kind="privilege", count=1, taken=[]), d["pending"][0]]),
             "state.pending[1].kind: expected a cost decision only at the front")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_save_after_any_legal_action_loads_back_equal(players):
    """Legal actions of a random game, all along it, leave saves that load back equal."""
    game = new_game(NAMES[:players], seed=players, bonus_tiles="advanced",
                    switches={"win_tie_break": "shared"})
    rng = Rng(players)
    while not game.is_over:
        legal = game.legal_actions()
        for action in legal[:: max(1, len(legal) // 3)]:
            game.play(action)
            assert Game.from_json(game.to_json()).state == game.state, str(action)
            game.undo()
        game.play(rules.sample_action(game.state, rng))
    again = Game.from_json(game.to_json())
    assert again.state == game.state and again.options == game.options == game.state.options


def test_view_hides_the_random_generator_and_the_deck_order_only():
    """The summary (La struttura della partita): the decks are shuffled and dealt face
    down, the dice are rolled each round; everything else is on the table for all.  So a
    view keeps no random generator (the next rounds' dice cannot be foreseen) and shows
    each deck sorted (which cards remain, not their order)."""
    game = new_game(NAMES[:3], seed=3)
    random_play = Rng(5)
    for _ in range(40):
        game.play(rules.sample_action(game.state, random_play))
    st = game.state
    for name in NAMES[:3]:
        v = st.view(name)
        assert v.rng is None and st.rng is not None
        assert all(list(v.decks[k]) == sorted(st.decks[k]) for k in st.decks)
        assert any(list(st.decks[k]) != sorted(st.decks[k]) for k in st.decks)   # the order was hidden
        assert all(getattr(v, f) == getattr(st, f) for f in v.to_dict() if f not in ("rng", "decks"))
        assert v == st.view(NAMES[0])                                          # everyone sees the same
        assert State.from_dict(v.to_dict(), "view") == v                         # a view is a Record too
        with pytest.raises(SaveError, match="state.rng: expected the random generator's state"):
            rules.state_from_dict(v.to_dict())                                    # but cannot be played on
    with pytest.raises(ValueError, match="unknown player 'Nobody'"):
        st.view("Nobody")


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
