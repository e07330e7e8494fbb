"""The table model without UI (``fresco_kit.core.table``): no widget, no bot package, plain data.

Whole games are played through the model for every registered game and player count
(from :class:`GameInfo`): the people by narrowing their decisions step by step, the other
seats by an injected bot.  Refused moves change nothing and cite every rule; undo follows
each policy; saves round-trip; a seat's view holds only what that seat may see.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from fresco_kit.core import Game, GameInfo, Rng, RuleRef, SaveError, games
from fresco_kit.fresco.bots import determinize as fresco_determinize
from fresco_kit.lorenzo.rules import determinize as lorenzo_determinize
from fresco_kit.sixtina.bots import determinize as sixtina_determinize
from fresco_kit.core.table import (
    HUMAN,
    NOT_A_MOVE,
    NOT_YOURS,
    NOTHING_TO_UNDO,
    OVER,
    PLAYED,
    REFUSED,
    UNDO_POLICIES,
    Move,
    PlainWords,
    TableError,
    TableModel,
    narrow,
    step_label,
)

ROOT = Path(__file__).resolve().parents[2]
INFOS = {info.name: info for info in games()}
CASES = [(info.name, n) for info in games() for n in info.player_counts]


class SampleBot:
    """A bot for the tests (no sim package): the game's random sampler when it picks a move of
    this player, else a seeded choice among the player's legal moves."""

    def choose(self, rules: Any, state: Any, player: str, rng: Rng) -> Any:
        if tuple(rules.actor(state)) == (player,):
            return rules.sample_action(state, rng)
        return rng.choice(rules.legal_actions(state, player=player))


def sample_bots(kind: str) -> SampleBot:
    """The bot resolver the tests inject: only ``sample`` is a bot here."""
    if kind != "sample":
        raise ValueError(f"unknown bot {kind!r}; the bots are sample")
    return SampleBot()


def model(name: str, count: int | None = None, seats: Any = None, seed: int = 1, **kwargs: Any) -> TableModel:
    info = INFOS[name]
    game = info.new_game(info.players(count), seed)
    return TableModel(game, seats, bots=sample_bots, **kwargs)


def by_steps(m: TableModel, seat: str, rng: Rng) -> Move:
    """Narrow ``seat``'s decision one step at a time, a seeded label each step, to one move."""
    path: list[str] = []
    while True:
        narrowing = m.choose(seat, path)
        if narrowing.move is not None:
            return narrowing.move
        assert narrowing.labels and len(set(narrowing.labels)) == len(narrowing.labels)
        path.append(rng.choice(narrowing.labels))


def a_refused_move(game: Game) -> str:
    """A move text that parses but is illegal now: one legal earlier in the game."""
    for turn in game.history:
        for action in game.rules.legal_actions(turn.state_before):
            if not game.explain(action).ok:
                return str(action)
    raise AssertionError("no refused move found")


def people_move(m: TableModel, rng: Rng, moves: int) -> None:
    """The people at the table make ``moves`` moves (each by its own seat)."""
    for _ in range(moves):
        seat = m.people_to_act()[0]
        outcome = m.play(by_steps(m, seat, rng).action, seat=seat)
        assert outcome.kind == PLAYED, outcome


def test_using_the_model_imports_no_widget_no_bots_and_no_classroom() -> None:
    """In a fresh interpreter: build a table of every game, play, look, undo, save, load."""
    script = textwrap.dedent(
        """
        import sys
        from fresco_kit.core import Rng, games

        for info in games():
            info.new_game(info.players(), seed=1)  # the game packages (and what they load)
        before = set(sys.modules)

        import fresco_kit.core.table as table

        class Bot:
            def choose(self, rules, state, player, rng):
                return rng.choice(rules.legal_actions(state, player=player))

        for info in games():
            players = info.players(min(info.player_counts))
            m = table.TableModel(info.new_game(players, seed=2), [table.HUMAN] + ["b"] * (len(players) - 1),
                                 bots=lambda kind: Bot())
            seat = m.people_to_act()[0]
            m.play(m.moves(seat)[0].action, seat=seat)
            m.seat_view(seat), m.log(), m.scores(), m.choose(m.people_to_act()[0])
            m.undo()
            m.load(m.save())
        added = sorted(set(sys.modules) - before)
        print(repr((sorted(sys.modules), added)))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True, timeout=300
    )
    every, added = eval(done.stdout.strip().splitlines()[-1])
    assert not [m for m in every if m.split(".")[0] == "ipywidgets"]
    assert not [m for m in every if m == "fresco_kit.sim" or m.startswith("fresco_kit.sim.")]
    # the model adds nothing of the classroom (what ``import fresco_kit`` and the game packages
    # themselves load is the layers' business, checked by the architecture test)
    assert not [m for m in added if m.startswith(("fresco_kit.classroom", "fresco_kit.sim", "ipywidgets"))], added
    assert "fresco_kit.core.table" in added
    assert all(m.startswith("fresco_kit.core.") for m in added if m.startswith("fresco_kit")), added


@pytest.mark.parametrize(("name", "count"), CASES, ids=[f"{n}-{c}" for n, c in CASES])
def test_a_whole_game_through_the_model(name: str, count: int) -> None:
    info: GameInfo = INFOS[name]
    seats = [HUMAN] + ["sample"] * (count - 1)
    m = model(name, count, seats, seed=count + 3)
    rng = Rng(count)
    played = 0
    while not m.game.is_over:
        assert m.people_to_act() == (m.players[0],) or m.bots_to_act() == ()
        seat = m.people_to_act()[0]
        if played % 10 == 0:
            view = m.seat_view(seat)
            assert view.acting and view.moves and view.view == m.game.state.view(seat).to_dict()
        move = by_steps(m, seat, rng)
        before = len(m.game.history)
        outcome = m.play(move.action, seat=seat)
        assert outcome.kind == PLAYED and outcome.text == move.text and outcome.action == move.action
        assert str(m.game.history[before].action) == move.action
        played += 1
        assert played < 3000
    assert played > 0
    sheet = m.scores()
    assert sheet["final"] and set(m.players) <= set(sheet["rows"]) and set(sheet["categories"]) == set(info.categories)
    replayed = Game.replay(m.game.rules, m.players, m.game.seed, m.game.options, [str(a) for a in m.game.actions])
    assert replayed.state == m.game.state
    log = m.log()
    assert [e.number for e in log] == list(range(1, len(m.game.history) + 1))
    assert all(e.events == t.events for e, t in zip(log, m.game.history))
    assert m.play(move.action, seat=m.players[0]).kind == OVER
    json.dumps(dataclasses.asdict(m.seat_view(m.players[-1])))  # plain data: JSON as it is


@pytest.mark.parametrize("name", INFOS)
def test_all_bot_seats_play_to_the_end_at_once_and_step_by_step(name: str) -> None:
    count = min(INFOS[name].player_counts)
    m = model(name, count, ["sample"] * count)
    assert m.game.is_over and m.scores()["final"]
    stepped = model(name, count, ["sample"] * count, pace="step")
    assert stepped.game.history == [] and stepped.bots_to_act()
    assert stepped.bot_step() and len(stepped.game.history) == 1
    stepped.pace = "auto"
    assert stepped.game.is_over and stepped.game.state == m.game.state  # the same seeded bots
    assert not stepped.bot_step()


def test_seats_are_people_or_bots_the_resolver_knows() -> None:
    info = INFOS["sixtina"]
    with pytest.raises(TableError, match="no bots"):
        TableModel(info.new_game(["Red", "Blue"]), ["human", "sample"])
    with pytest.raises(TableError, match="unknown bot 'wizard'"):
        TableModel(info.new_game(["Red", "Blue"]), ["human", "wizard"], bots=sample_bots)
    with pytest.raises(TableError, match="one kind per player"):
        TableModel(info.new_game(["Red", "Blue"]), ["human"])
    with pytest.raises(TableError, match="undo must be one of"):
        TableModel(info.new_game(["Red", "Blue"]), undo="sometimes")
    m = TableModel(info.new_game(["Red", "Blue"]), {"Blue": "sample", "Red": "human"}, bots=sample_bots)
    assert m.seats == {"Red": "human", "Blue": "sample"} and m.humans == ["Red"]
    with pytest.raises(TableError, match="no seat 'Green'"):
        m.seat_view("Green")


@pytest.mark.parametrize("name", INFOS)
def test_a_refused_move_changes_nothing_and_cites_every_rule(name: str) -> None:
    count = min(INFOS[name].player_counts)
    m = model(name, count, [HUMAN] * count, seed=2)
    people_move(m, Rng(3), 4)
    text = a_refused_move(m.game)
    state, length = m.game.state, len(m.game.history)
    outcome = m.play(text)
    assert outcome.kind == REFUSED and not outcome.ok and outcome.reasons
    assert outcome.reasons == m.game.explain(text).reasons
    assert all(isinstance(message, str) and isinstance(ref, RuleRef) for message, ref in outcome.reasons)
    assert m.game.state is state and len(m.game.history) == length
    garbage = m.play("fly to the moon")
    assert garbage.kind == NOT_A_MOVE and garbage.problem and m.game.state is state


def test_a_seat_plays_only_its_own_moves_and_learns_nothing_of_another_players() -> None:
    m = model("fresco", 3, [HUMAN] * 3, seed=2)
    rng = Rng(2)
    while len(m.to_act()) < 3:
        people_move(m, rng, 1)
    red, white, blue = m.players
    red_plan = m.moves(red)[0].action
    blue_plan = m.moves(blue)[0].action
    assert m.play(red_plan, seat=red).kind == PLAYED  # a secret plan
    state = m.game.state
    for seat, text in ((red, blue_plan), (white, blue_plan), (white, red_plan)):
        outcome = m.play(text, seat=seat)
        assert outcome.kind == NOT_YOURS and outcome.reasons == () and m.game.state is state
    assert m.moves(red) == () and not m.seat_view(red).acting
    # the log names the planner only; the others' views hide the plan and the screen
    entry = m.log()[-1]
    assert entry.secret and entry.text == red and entry.player == red
    assert all(red_plan.split(" ", 2)[2] not in e.text for e in m.log() if e.secret)
    for seat in (white, blue):
        seen = m.seat_view(seat).view
        other = next(p for p in seen["players"] if p["name"] == red)
        assert other["plan"] is None and other["thalers"] is None and other["paints"] is None
        mine = next(p for p in seen["players"] if p["name"] == seat)
        assert mine["thalers"] is not None
    assert next(p for p in m.seat_view(red).view["players"] if p["name"] == red)["plan"] is not None


def test_a_sixtina_seat_sees_its_own_hand_only() -> None:
    m = model("sixtina", 3, [HUMAN] * 3, seed=4)
    people_move(m, Rng(4), 3)
    full = m.game.state.to_dict()
    for seat in m.players:
        seen = m.seat_view(seat)
        assert seen.view == m.game.state.view(seat).to_dict()
        for p in seen.view["players"]:
            assert (p["hand"] is not None) == (p["name"] == seat)
        assert seen.view.get("deck") is None and full != seen.view
        text = json.dumps(dataclasses.asdict(seen))
        assert '"hand": null' in text
        if not seen.acting:
            assert seen.moves == ()
    acting = m.to_act()[0]
    state, move = m.game.state, m.moves(acting)[0].action
    for seat in m.players:
        if seat != acting:  # Sixtina's moves name no player: out of turn, a seat cannot play the actor's
            outcome = m.play(move, seat=seat)
            assert outcome.kind == NOT_YOURS and outcome.reasons == () and m.game.state is state
    assert m.play(move, seat=acting).kind == PLAYED


def undo_table(policy: str) -> TableModel:
    """Two people (Red, White) and a bot, each person having moved once (Red first)."""
    m = model("lorenzo", 3, [HUMAN, HUMAN, "sample"], seed=5, undo=policy)
    rng = Rng(5)
    while not m.undo_marks or m.undo_marks[-1][1] != m.players[1] or len({p for _n, p in m.undo_marks}) < 2:
        people_move(m, rng, 1)
    return m


def test_undo_by_anyone_takes_back_the_last_move_of_a_person_with_the_bots_moves_since() -> None:
    m = model("lorenzo", 2, [HUMAN, "sample"], seed=5)
    rng = Rng(5)
    people_move(m, rng, 1)
    before, length = m.game.history[-1], len(m.game.history)
    people_move(m, rng, 1)
    assert len(m.game.history) > length + 1  # the bot answered
    taken = m.undo()
    assert taken >= 2 and m.game.history[-1] is before and len(m.game.history) == length
    assert m.people_to_act() == (m.players[0],)
    m.undo()
    with pytest.raises(TableError, match=NOTHING_TO_UNDO):
        m.undo()
    assert m.undo_refusal() == NOTHING_TO_UNDO and not m.seat_view(m.players[0]).can_undo


def test_undo_of_ones_own_move_only_until_another_person_moves() -> None:
    m = undo_table("own")
    red, white = m.players[:2]
    state = m.game.state
    with pytest.raises(TableError, match=f"Only {white} may undo"):
        m.undo(red)
    with pytest.raises(TableError, match=f"Only {white} may undo"):
        m.undo()  # the shared device is no one in particular
    assert m.game.state is state and not m.seat_view(red).can_undo and m.seat_view(white).can_undo
    m.undo(white)
    assert m.undo_marks[-1][1] == red and m.seat_view(red).can_undo
    m.undo(red)
    assert all(p in (red, white) for _n, p in m.undo_marks)


@pytest.mark.parametrize("policy", ["teacher", "off"])
def test_undo_for_the_teacher_only_or_for_no_one(policy: str) -> None:
    m = undo_table(policy)
    state = m.game.state
    for seat in (*m.players[:2], None):
        with pytest.raises(TableError, match="Only the teacher" if policy == "teacher" else "Undo is off"):
            m.undo(seat)
        assert not m.seat_view(m.players[0]).can_undo
    assert m.game.state is state
    if policy == "teacher":
        length = m.undo_marks[-1][0]
        m.undo(teacher=True)
        assert len(m.game.history) == length
    else:
        with pytest.raises(TableError, match="Undo is off"):
            m.undo(teacher=True)
        assert m.game.state is state


def test_the_undo_policies_are_these_and_a_teacher_may_change_it() -> None:
    assert UNDO_POLICIES == ("anyone", "own", "teacher", "off")
    m = undo_table("anyone")
    assert m.undo_policy == "anyone"  # today's behaviour is the default
    m.undo_policy = "off"
    assert m.undo_refusal() == "Undo is off at this table."
    with pytest.raises(TableError, match="undo must be one of"):
        m.undo_policy = "never"
    assert m.undo_policy == "off"


@pytest.mark.parametrize("name", INFOS)
def test_save_and_load_round_trip_and_a_bad_file_is_refused(name: str) -> None:
    count = min(INFOS[name].player_counts)
    m = model(name, count, [HUMAN] + ["sample"] * (count - 1), seed=8)
    people_move(m, Rng(8), 3)
    text = m.save()
    assert json.loads(text)["format"] == "fresco-kit/game" and text == m.game.to_json()
    assert m.filename() == f"{name}-seed8.json"
    fresh = model(name, count, [HUMAN] + ["sample"] * (count - 1), seed=8)
    fresh.load(text)
    assert fresh.game.state == m.game.state and fresh.game.actions == m.game.actions
    assert fresh.log() == m.log()
    fresh.undo()  # the people's moves in a loaded game can be undone
    assert len(fresh.game.history) == m.undo_marks[-1][0]
    game = fresh.game
    for bad, says in ((b"not json", "invalid JSON"), (b"[1]", "expected a JSON object")):
        with pytest.raises(SaveError, match=says):
            fresh.load(bad)
        assert fresh.game is game
    other = next(info for info in games() if info.name != name)
    with pytest.raises(SaveError, match=f"this table plays {name}"):
        fresh.load(other.new_game(other.players(min(other.player_counts)), seed=1).to_json())
    assert fresh.game is game


def test_narrowing_reaches_every_move_by_its_labels_and_names_a_wrong_step() -> None:
    m = model("fresco", 4, [HUMAN] * 4, seed=3)
    people_move(m, Rng(3), 4)
    seat = m.people_to_act()[0]
    moves = m.moves(seat)
    for move in moves:
        path: list[str] = []
        while narrow(moves, path).move is None:
            path.append(step_label(move, len(path)))
        assert narrow(moves, path).move == move
    first = narrow(moves, ())
    assert first.path == () and len(first.left) == len(moves)
    with pytest.raises(ValueError, match="step 1: 'nonsense' is not offered"):
        m.choose(seat, ["nonsense"])


def test_plain_words_stand_in_for_a_game_without_its_own() -> None:
    m = model("lorenzo", 2, [HUMAN, HUMAN])
    seat = m.people_to_act()[0]
    action, move = m.options(seat)[0]
    assert move.text == move.action == str(action) and move.steps[0] == action.VERB
    assert m.status() == PlainWords(m.game.rules).status(m.game.state) and seat in m.status()


@pytest.mark.parametrize("name", ["sixtina", "fresco", "lorenzo"])
def test_a_seat_view_is_the_same_in_every_world_its_player_cannot_tell_apart(name: str) -> None:
    """Sixtina's hands and deck, Fresco's screens and secret plans, Lorenzo's decks: a seat's whole answer
    (view, moves, status, scores) is the same for every state that agrees with its view."""
    determinize = {"sixtina": sixtina_determinize, "fresco": fresco_determinize, "lorenzo": lorenzo_determinize}[name]
    m = model(name, 3, [HUMAN] * 3, seed=6)
    rng = Rng(6)
    people_move(m, rng, 12)
    if name == "fresco":  # into a planning decision, one secret plan made
        while len(m.to_act()) != 2:
            people_move(m, rng, 1)
    for seat in m.players:
        seen = m.seat_view(seat)
        for k in range(3):
            world = determinize(m.game.state.view(seat), Rng(k))
            assert world != m.game.state
            other = TableModel(Game(m.game.rules, state=world), [HUMAN] * 3)
            fresh = other.seat_view(seat)  # a table with no history: nothing to undo there
            assert dataclasses.replace(fresh, can_undo=seen.can_undo) == seen


@pytest.mark.parametrize("name", sorted(INFOS))
def test_has_secrets_is_true_exactly_where_views_differ(name: str) -> None:
    """A seat has secrets when another seat's view of the state is not the same as its own:
    Sixtina's hands and Fresco's screens are secrets, Lorenzo has none."""
    m = model(name, seats=None)
    known = {"sixtina": True, "fresco": True, "lorenzo": False}
    if name in known:
        assert all(m.has_secrets(seat) is known[name] for seat in m.players)
    rng = Rng(3)
    for _ in range(6):
        state = m.game.state
        for seat in m.players:
            mine = state.view(seat).to_dict()
            differs = any(state.view(o).to_dict() != mine for o in m.players if o != seat)
            assert m.has_secrets(seat) is differs
        if m.game.is_over:
            break
        people_move(m, rng, 1)
    with pytest.raises(TableError):
        m.has_secrets("nobody")


@pytest.mark.parametrize("name", INFOS)
def test_a_table_rebuilt_from_its_save_and_memo_undoes_and_plays_on_as_before(name: str) -> None:
    count = min(INFOS[name].player_counts)
    seats = [HUMAN] * (count - 1) + ["sample"]
    m = model(name, count, seats, seed=4)
    people_move(m, Rng(5), 2)
    again = model(name, count, seats, seed=4)
    again.load(m.save(), m.memo)
    assert again.memo == m.memo and again.undo_marks == m.undo_marks and again.save() == m.save()
    assert again.undo() == m.undo() and again.save() == m.save()
    for bad in ({"marks": [[99, m.players[0]]], "rngs": m.memo["rngs"]}, {"marks": []}, {"marks": [], "rngs": {}}):
        with pytest.raises(SaveError, match="memo"):
            again.load(m.save(), bad)
