"""Sixtina's rule switches (``switches.py``): each plays its reading's alternative.  For every
switch a constructed position where the two readings give different results, played both
ways, so the test fails if the engine ignores the switch; and each switch's situation
(``Switch.reach``) is counted where it arises."""
from __future__ import annotations

from dataclasses import replace

import pytest

from fresco_kit.core import Game, Rng, RuleError
from fresco_kit.sixtina import readings, rules
from fresco_kit.sixtina.actions import Restore, Reveal
from fresco_kit.sixtina.completion import completion_result, revealable
from fresco_kit.sixtina.final import final_scores, winners
from fresco_kit.sixtina.objectives import objective_met
from fresco_kit.sixtina.scoring import prudent_technique_points
from fresco_kit.sixtina.state import EMPTY, PRUDENT
from fresco_kit.sixtina.switches import SWITCH, SWITCHES, switches_json
from fresco_kit.sixtina.teach import completion_position

from .helpers import RWB, PLACES, card_ids, code_at, constructed_state, game_of, owed


def switched(state, **switches):
    """``state`` with ``switches`` set (names with underscores, values as given)."""
    return replace(state, switches=switches_json(switches))


def test_every_switch_declares_its_situation_and_default():
    for s in SWITCHES:
        assert s.default == s.choices[0] and s.rule and s.reach is not None, s.name
        assert s.reach.situation and s.reach.when in ("setup", "step", "end"), s.name
    assert {r.switch for r in readings.READINGS if r.switch} == set(SWITCH)


@pytest.mark.rule("sixtina final.leftover")
def test_switch_leftover_counts():
    hand, kept = card_ids("infrared", 1, 2, 3), card_ids("laboratory", 1, 2)
    state = constructed_state(RWB, hands={"Red": hand}, display={"Red": kept}, play={"Red": 1})
    leftover = {value: final_scores(switched(state, leftover_counts=value)).rows["Red"]["Leftover"]
                for value in SWITCH["leftover_counts"].choices}
    # hand 3 + materials 1 -> 2; with the 2 kept cards 6 -> 3; kept cards and materials only 3 -> 1
    assert leftover == {"hand": 2, "kept cards too": 3, "play area only": 1}


@pytest.mark.rule("sixtina final.winner")
def test_switch_reserve_tie_break():
    state = constructed_state(RWB, play={"Red": 3, "White": 1, "Blue": 0})
    assert state.supply[0] < state.supply[1]                  # Red took more materials into the play area
    totals = {"Red": 50, "White": 50, "Blue": 40}             # tied on points and on objectives (none)
    assert winners(state, totals)[0] == ["Red"]
    won, notes = winners(switched(state, reserve_tie_break="supply"), totals)
    assert won == ["White"] and "supply" in str(notes[0])


@pytest.mark.rule("sixtina obj.three6")
def test_switch_three_ongoing():
    chapel = {"JC1": "jesus_christ_3", "G1": "genesis_4", "M1": "moses_3"}
    uneven = constructed_state(RWB, chapel=chapel, extras={"G1": {"Red": 4}, "M1": {"Red": 1}, "JC1": {"Red": 1}})
    assert objective_met(uneven, 0, "three6")                  # 4 + 1 + 1 = 6
    assert not objective_met(switched(uneven, three_ongoing="two each"), 0, "three6")
    even = constructed_state(RWB, chapel=chapel, extras={"G1": {"Red": 2}, "M1": {"Red": 2}, "JC1": {"Red": 2}})
    assert objective_met(switched(even, three_ongoing="two each"), 0, "three6")


@pytest.mark.rule("sixtina obj.adjacent3")
def test_switch_adjacent_frescoes():
    line = {"G1": "restored", "G2": "restored", "G3": "restored"}   # a chain: G1-G2-G3, G1 and G3 apart
    state = constructed_state(RWB, status=line, zone={p: "Red" for p in line})
    assert objective_met(state, 0, "adjacent3")
    assert not objective_met(switched(state, adjacent_frescoes="pairwise"), 0, "adjacent3")
    pair = {"G1": "restored", "G2": "restored"}                     # 4 players need 2: a pair is both
    four = constructed_state(("Red", "White", "Blue", "Yellow"), status=pair, zone={p: "Red" for p in pair})
    assert objective_met(switched(four, adjacent_frescoes="pairwise"), 0, "adjacent3")


@pytest.mark.rule("sixtina obj.exc2", "sixtina obj.ec3")
def test_switch_objective_techniques():
    chapel = {"JC1": "jesus_christ_3", "G1": "genesis_4", "M1": "moses_3"}
    mixed = constructed_state(RWB, chapel=chapel,
                              spaces={"G1": {"repainting": ("excellent", "Red"), "laboratory": ("excellent", "Red")}})
    one = switched(mixed, objective_techniques="one technique")
    assert objective_met(mixed, 0, "exc2") and not objective_met(one, 0, "exc2")
    same = constructed_state(RWB, chapel=chapel, spaces={"G1": {"repainting": ("excellent", "Red")},
                                                         "JC1": {"repainting": ("excellent", "Red")}})
    assert objective_met(switched(same, objective_techniques="one technique"), 0, "exc2")
    ec3 = {"G1": {"repainting": ("correct", "Red"), "solvent_sponge": ("excellent", "Red")},
           "JC1": {"repainting": ("excellent", "Red")}}
    state = constructed_state(RWB, chapel=chapel, spaces=ec3)
    assert objective_met(state, 0, "ec3")
    assert not objective_met(switched(state, objective_techniques="one technique"), 0, "ec3")   # 2 repainting


@pytest.mark.rule("sixtina complete.new")
def test_switch_uncover_next_to():
    # G1 restored, JC1 and M1 still being restored: G2 lies next to G1 only
    state = constructed_state(RWB, status={"G1": "restored"}, current=0)
    state = replace(state, pending=owed(state, "reveal", 0), reveals=1)
    alt = switched(state, uncover_next_to="being restored")
    assert {PLACES[p] for p in revealable(state)} == {"JC2", "G2", "M2"}
    assert {PLACES[p] for p in revealable(alt)} == {"JC2", "M2"}
    game_of(state).play(Reveal("G2"))
    with pytest.raises(RuleError) as refused:
        game_of(alt).play(Reveal("G2"))
    assert "complete.new" in str(refused.value.reasons[0][1].id)
    # with no fresco still being restored next to a covered one, any uncovered neighbour counts
    done = constructed_state(RWB, status={"JC1": "restored", "G1": "restored", "M1": "restored"})
    assert revealable(switched(done, uncover_next_to="being restored")) == revealable(done) != []


@pytest.mark.rule("sixtina final.contribution")
def test_switch_final_contribution():
    state = constructed_state(RWB, status={"G2": "restored"}, zone={"G2": "Red"})
    kit = final_scores(state).rows
    every = final_scores(switched(state, final_contribution="every player")).rows
    assert [kit[p]["Contribution"] for p in RWB] == [10, 0, 0]
    assert [every[p]["Contribution"] for p in RWB] == [10, 4, 4]        # White and Blue share 6 + 3


@pytest.mark.rule("sixtina end.last_half")
def test_switch_last_fresco_halving():
    # Jesus Christ 1 (11/5/3) with a prudent restoration: 9/3/1; Red and White tie for first (one extra each)
    state, place = completion_position("jesus_christ_1", [("prudent", "Blue"), None, None], {"Red": 1, "White": 1})
    kit = completion_result(state, place, half=True).awards
    alt = completion_result(switched(state, last_fresco_halving="halve then split"), place, half=True).awards
    assert kit == {"Red": 3, "White": 3}           # (9 + 3) // 2 = 6, halved to 3
    assert alt == {"Red": 2, "White": 2}           # halves 4 and 1 shared: 5 // 2 = 2


@pytest.mark.rule("sixtina final.prudent")
def test_switch_prudent_lead_tie():
    cards = {"A": [1, 2], "B": [3, 4], "C": [5]}
    assert prudent_technique_points(cards) == {"A": 4, "B": 4, "C": 0}
    assert prudent_technique_points(cards, "next is second") == {"A": 4, "B": 4, "C": 2}
    assert prudent_technique_points(cards, "leaders discard") == {"A": 2, "B": 4, "C": 2}   # each drops 1 card
    taken: set[int] = set()
    display = {"Red": card_ids("infrared", 1, 2, taken=taken), "White": card_ids("infrared", 3, 4, taken=taken),
               "Blue": card_ids("infrared", 5, taken=taken)}
    state = constructed_state(RWB, display=display)
    by_value = {value: [final_scores(switched(state, prudent_lead_tie=value)).rows[p]["Prudent restorations"]
                        for p in RWB] for value in SWITCH["prudent_lead_tie"].choices}
    assert by_value == {"tied leaders only": [4, 4, 0], "next is second": [4, 4, 2], "leaders discard": [2, 4, 2]}


@pytest.mark.rule("sixtina gian.restore")
def test_switch_gianluigi_own_material():
    rep = card_ids("repainting", 4)
    chapel = {"G1": "genesis_8", "JC1": "jesus_christ_5", "M1": "moses_5"}
    state = constructed_state(("Blue", "Red"), chapel=chapel, hands={"Blue": rep}, extras={"G1": {"Gianluigi": 11}})
    assert state.supply[2] == 0                       # none of his colour left in the supply
    kit, alt = game_of(state), game_of(switched(state, gianluigi_own_material="no restoration"))
    for game in (kit, alt):
        game.play(Restore("G1", "repainting", rep, 0))
        game.play("bonus material")
    assert code_at(kit.state, "JC1", "repainting") == (PRUDENT << 3 | 2)    # a prudent one with a black material
    assert code_at(alt.state, "JC1", "repainting") == EMPTY
    assert alt.state.black == kit.state.black + 1
    told = [e.text for turn in alt.history for e in turn.events]
    assert any("does not restore" in t for t in told)


@pytest.mark.rule("sixtina act.acquire")
def test_switch_acquire_needs_card():
    from fresco_kit.sixtina.actions import Acquire

    state = constructed_state(RWB, hands={"Red": card_ids("repainting", 1)}, current=0)
    with pytest.raises(RuleError):
        game_of(state).play(Acquire(()))
    assert Acquire(()) not in rules.legal_actions(state)
    passes = switched(state, acquire_needs_card="no")
    assert Acquire(()) in rules.legal_actions(passes)
    game = game_of(passes)
    game.play(Acquire(()))                                    # a turn that passes: nothing changes but the turn
    assert game.state.current == 1 and game.state.hands == passes.hands and game.state.play == passes.play
    assert SWITCH["acquire_needs_card"].reach.test(passes, Acquire(()), game.state)


@pytest.mark.rule("sixtina act.preparation")
def test_switch_preparation():
    from fresco_kit.sixtina.actions import Prepare

    full = constructed_state(RWB, hands={"Red": tuple(range(8))}, current=0)
    game = game_of(full)
    game.play(Prepare())                                      # the kit: allowed, draws nothing
    assert game.state.hands[0] == full.hands[0] and game.state.current == 1
    assert SWITCH["preparation"].reach.test(full, Prepare(), game.state)
    must = switched(full, preparation="must draw")
    with pytest.raises(RuleError) as refused:
        game_of(must).play(Prepare())
    assert refused.value.reasons[0][1].id == "act.preparation"
    assert Prepare() not in rules.legal_actions(must)
    assert rules.legal_actions(must)                          # acquiring is still possible
    # no card left to draw: refused while the player holds a card, allowed with an empty hand
    empty = constructed_state(RWB, hands={"Red": (0,)}, current=0)
    empty = empty.evolve(deck=(), discard=(), display=((), tuple(range(1, 84)), ()))
    assert Prepare() in rules.legal_actions(empty)
    assert Prepare() not in rules.legal_actions(switched(empty, preparation="must draw"))
    none = empty.evolve(hands=((), (), ()), display=((), tuple(range(84)), ()))
    assert rules.legal_actions(switched(none, preparation="must draw")) == [Prepare()]
    # the game's own random player never picks a refused preparation
    rng = Rng(3)
    for _ in range(40):
        assert rules.checks(must, rules.sample_action(must, rng)) == []


OTHER_WAY = [(s.name, value) for s in SWITCHES for value in s.choices if value != s.default]


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("name,value", OTHER_WAY, ids=[f"{n}={v}" for n, v in OTHER_WAY])
def test_random_games_with_a_switch_set_the_other_way_keep_the_invariants_and_replay(name, value, n):
    """The random-play property of ``tests/test_properties.py`` with one switch set: the
    invariants hold after every action, the game ends, and replay and saves give the same
    state (the switch kept in the save)."""
    from fresco_kit.core import Game, Rng, random_playout
    from fresco_kit.sixtina import new_game, rules

    options = {"switches": {name: value}}
    game = new_game(["Red", "White", "Blue", "Yellow"][:n], seed=n, **options)

    def check(g, action, count: int) -> None:
        broken = rules.invariants(g.state)
        assert not broken, f"after action {count} ({action}): {broken}"

    random_playout(game, Rng(n + 1), after_each=check)
    assert game.is_over and game.scores().winners
    assert Game.replay(rules, game.players, n, options, game.actions).state == game.state
    loaded = Game.from_json(game.to_json()).state
    assert loaded == game.state and loaded.options["switches"] == {name: value}


def test_the_situations_are_recognised():
    """Each switch's reach test says "reached" on a position where its readings differ,
    and not on one where they agree."""
    taken: set[int] = set()
    display = {"Red": card_ids("infrared", 1, 2, taken=taken), "White": card_ids("infrared", 3, 4, taken=taken)}
    tied = constructed_state(RWB, display=display, status={"G2": "restored"}, zone={"G2": "Red"})
    plain = constructed_state(RWB, play={"Red": 0, "White": 0, "Blue": 0}, hands={})
    for name in ("leftover_counts", "prudent_lead_tie"):
        test = SWITCH[name].reach.test
        assert test(tied, final_scores(tied)) and not test(plain, final_scores(plain)), name
    every = {"G2": "Red", "G3": "White", "M2": "Blue"}            # everyone holds a zone icon: nobody is left out
    held = constructed_state(RWB, status=dict.fromkeys(every, "restored"), zone=every)
    test = SWITCH["final_contribution"].reach.test
    assert test(tied, final_scores(tied)) and not test(held, final_scores(held))
    totals = final_scores(plain)
    assert SWITCH["reserve_tie_break"].reach.test(plain, totals)       # everyone on 0 points and 0 objectives
    # a reveal owed where G2 is allowed by one reading only
    state = constructed_state(RWB, status={"G1": "restored"}, current=0)
    owing = replace(state, pending=owed(state, "reveal", 0), reveals=1)
    assert SWITCH["uncover_next_to"].reach.test(state, None, owing)
    assert not SWITCH["uncover_next_to"].reach.test(state, None, state)
    # a bonus choice where the chain G1-G2-G3 meets the adjacent objective by one reading only
    line = {"G1": "restored", "G2": "restored", "G3": "restored"}
    chain = constructed_state(RWB, status=line, zone={p: "Red" for p in line},
                              objectives=("adjacent3", "three6", "one5"), current=0)
    choosing = replace(chain, pending=owed(chain, "bonus", 0))
    assert SWITCH["adjacent_frescoes"].reach.test(chain, None, choosing)
    assert not SWITCH["three_ongoing"].reach.test(chain, None, choosing)


@pytest.mark.rule("sixtina two.turns")
def test_switch_two_player_order():
    # Blue's excellent Repainting completes G1; M1's Repainting is taken, so no visible fresco has a free
    # Repainting space until G2 (genesis_3, Repainting 7) is uncovered
    rep = card_ids("repainting", 4)
    chapel = {"G1": "genesis_8", "JC1": "jesus_christ_6", "M1": "moses_5", "G2": "genesis_3"}
    state = constructed_state(("Blue", "Red"), chapel=chapel, hands={"Blue": rep},
                              spaces={"G1": {"plaster_injection": ("correct", "Red"), "infrared": ("correct", "Blue")},
                                      "M1": {"repainting": ("correct", "Red")}})
    kit, alt = game_of(state), game_of(switched(state, two_player_order="uncover first"))
    reached = SWITCH["two_player_order"].reach.test
    for game in (kit, alt):
        game.play(Restore("G1", "repainting", rep, 0))
        before = game.state
        game.play("bonus material")                                     # completes G1
        assert reached(before, game.actions[-1], game.state)
    # the kit: Gianluigi restores first and finds nothing; then Blue uncovers
    assert kit.state.pending == owed(kit.state, "reveal", 0) and not kit.state.gian_due
    kit.play(Reveal("G2"))
    assert code_at(kit.state, "G2", "repainting") == EMPTY and kit.state.current == 1
    # uncover first: Blue uncovers while Gianluigi still owes his restoration, which then goes on G2
    assert alt.state.pending == owed(alt.state, "reveal", 0) and alt.state.gian_due
    alt.play(Reveal("G2"))
    assert code_at(alt.state, "G2", "repainting") == (PRUDENT << 3 | 2)    # 4 < 7: a prudent one, black material
    assert alt.state.black == kit.state.black - 1 and alt.state.current == 1
    assert Game.from_json(alt.to_json()).state == alt.state             # the position between loads
    # G1 still lacking its Infrared space: nothing completes, both orders agree
    open_g1 = constructed_state(("Blue", "Red"), chapel=chapel, hands={"Blue": rep},
                                spaces={"G1": {"plaster_injection": ("correct", "Red")}})
    quiet = game_of(switched(open_g1, two_player_order="uncover first"))
    quiet.play(Restore("G1", "repainting", rep, 0))
    before = quiet.state
    quiet.play("bonus material")
    assert not reached(before, quiet.actions[-1], quiet.state)



@pytest.mark.rule("sixtina obj.exc2")
def test_switch_restorations_counted():
    # Red's excellent Repainting completes G1 (genesis_8), which flips; next turn an excellent Washi Paper
    # on JC1 (jesus_christ_6): the board shows one excellent restoration, a record of every one made two
    taken: set[int] = set()
    hand = card_ids("repainting", 4, taken=taken) + card_ids("washi_paper", 3, taken=taken)
    chapel = {"G1": "genesis_8", "JC1": "jesus_christ_6", "M1": "moses_5"}
    state = constructed_state(RWB, chapel=chapel, hands={"Red": hand}, objectives=("exc2", "three6", "one5"),
                              spaces={"G1": {"plaster_injection": ("correct", "White"),
                                             "infrared": ("correct", "Blue")}}, current=0)
    kit, alt = game_of(state), game_of(switched(state, restorations_counted="every one made"))
    for game in (kit, alt):
        game.play(Restore("G1", "repainting", hand[:1], 0))
        game.play("bonus material")
        game.play(Reveal("G2"))
        game.play("prepare")
        game.play("prepare")
        game.play(Restore("JC1", "washi_paper", hand[1:], 0))
        assert game.state.pending == owed(game.state, "bonus", 0)
    assert kit.state.flipped_restorations is None                   # the kit keeps no record: saves unchanged
    assert not objective_met(kit.state, 0, "exc2") and "bonus objective exc2" not in map(str, kit.legal_actions())
    assert objective_met(alt.state, 0, "exc2")                      # G1's flipped Repainting counts too
    assert "bonus objective exc2" in map(str, alt.legal_actions())
    before = alt.state
    alt.play("bonus objective exc2")
    assert 0 in alt.state.claims[0]
    assert SWITCH["restorations_counted"].reach.test(before, None, before)
    assert not SWITCH["restorations_counted"].reach.test(kit.state, None, kit.state)
    assert Game.from_json(alt.to_json()).state == alt.state          # the record is saved and loaded
    assert "flipped_restorations" not in kit.state.to_dict()
    # a record without the switch, or of the wrong shape, is refused on load
    from fresco_kit.core import SaveError
    from fresco_kit.sixtina.consistency import state_from_dict

    assert alt.state.flipped_restorations[0][-1] == 1                 # Red's one material on G1
    for bad in (replace(alt.state, switches=""), replace(alt.state, flipped_restorations=((0,) * 13,))):
        with pytest.raises(SaveError):
            state_from_dict(bad.to_dict())


@pytest.mark.rule("sixtina complete.trigger", "sixtina setup.initial")
def test_switch_setup_completion():
    # four players: Red and White have placed on JC1 (jesus_christ_3, three techniques); Yellow, last, reveals
    # Solvent Sponge, whose only free space on a visible fresco is JC1's: the setup placements fill it
    from fresco_kit.sixtina.codes import TECH_INDEX
    from fresco_kit.sixtina.flow import counters

    four = ("Red", "White", "Blue", "Yellow")
    state = constructed_state(four, chapel={"JC1": "jesus_christ_3", "G1": "genesis_2", "M1": "moses_6"},
                              spaces={"JC1": {"repainting": ("correct", "Red"), "plaster_injection": ("correct", "White")},
                                      "G1": {"laboratory": ("correct", "Blue")}}, current=0)
    state = replace(state, pending=owed(state, "initial", 3, TECH_INDEX["solvent_sponge"]), initial_left=1)
    jc1 = PLACES.index("JC1")
    kit, alt = game_of(state), game_of(switched(state, setup_completion="at setup"))
    reached = SWITCH["setup_completion"].reach.test
    for game in (kit, alt):
        before = game.state
        game.play("initial JC1")
        assert reached(before, game.actions[-1], game.state)
    # the kit: JC1 waits, full, for the first restoration action; Red starts
    assert kit.state.status[jc1] == 1 and not kit.state.pending and kit.state.current == 0
    assert kit.state.score == state.score
    # at setup: JC1 scores now (three single materials, leftmost correct first: 10 / 5 / 2); Yellow uncovers
    assert alt.state.status[jc1] == 2 and alt.state.pending == owed(alt.state, "reveal", 3)
    assert [alt.state.score[i] - state.score[i] for i in range(4)] == [10, 5, 0, 2]
    assert counters(alt.state) == (0, 0)
    assert Game.from_json(alt.to_json()).state == alt.state
    alt.play(Reveal("JC2"))
    assert not alt.state.pending and alt.state.current == 0 and counters(alt.state) == (1, 1)
    # a last placement that fills nothing is not the situation
    quiet = replace(state, pending=owed(state, "initial", 3, TECH_INDEX["laboratory"]))
    game = game_of(quiet)
    game.play("initial M1")
    assert not reached(quiet, game.actions[-1], game.state)
