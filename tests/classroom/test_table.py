"""The table widget, headless: whole games by clicks, refusals, undo, hot seat, saves, links.

Widgets are driven as a person would: set ``.value``, call ``.click()``; no kernel.  The
player's choices come from a seeded generator (the game's own random player picks the move,
the test clicks its way to it), so the games vary with the seed and are reproducible.
Click times are measured and printed (run with ``-s``), never asserted.
"""

from __future__ import annotations

import base64
import importlib
import datetime
import json
import re
import statistics
import time
from html import escape, unescape
from typing import Any

import pytest

import fresco_kit.classroom.table as table_module
import fresco_kit.classroom.table_parts as table_parts
from fresco_kit.core import Game, Rng, game_info, games
from fresco_kit.classroom.colours import contrast
from fresco_kit.classroom.i18n import citation, say, translator
from fresco_kit.core.registry import GAMES as PACKAGES
from fresco_kit.classroom.table import Table, table, table_from_query
from fresco_kit.classroom.table_parts import DefaultParts, parts_for, step_label
from fresco_kit.sim.bots import KitRandomBot

GAMES = [info.name for info in games()]
#: the games that bring their own table parts (the others use the plain DefaultParts)
WITH_PARTS = [info.name for info in games() if info.parts.table is not None]


def shown(widget: Any) -> bool:
    return widget.layout.display != "none"


class Clicker:
    """Plays a table by clicks only, choosing moves with a seeded generator; times each click."""

    def __init__(self, t: Table, seed: int):
        self.t, self.rng, self.bot = t, Rng(seed), KitRandomBot()
        self.times: dict[str, list[float]] = {"step": [], "play": [], "pass": []}
        self.passes = 0

    def click(self, button: Any, kind: str = "step") -> None:
        start = time.perf_counter()
        button.click()
        self.times[kind].append(time.perf_counter() - start)

    def report(self) -> str:
        """Median and max click time (ms) by kind: a step of the chooser, a move played, a pass."""
        return "; ".join(
            f"{kind} x{len(ts)}: median {statistics.median(ts) * 1000:.2f} ms, max {max(ts) * 1000:.0f} ms"
            for kind, ts in self.times.items()
            if ts
        )

    def step_to(self, move: tuple[Any, tuple[str, ...], str]) -> None:
        """Click the chooser's buttons (or list) until ``move`` alone is left."""
        t = self.t
        while t.play_button not in t.chooser.visible():
            label = step_label(move, len(t.path))
            if t.choose in t.chooser.visible():
                assert label in [step for _words, step in t.select.options]
                t.select.value = label
                self.click(t.choose)
            else:
                said = say(label, t.lang)  # the button shows the step in the table's language
                buttons = [b for b in t.chooser.visible() if b.description == said]
                assert len(buttons) == 1, (label, [b.description for b in t.chooser.visible()])
                self.click(buttons[0])
        text = say(move[2], t.lang)
        assert text in t.move_text.value or escape(text) in t.move_text.value

    def one_move(self) -> None:
        """Pass the device if asked, then choose a move and play it."""
        t = self.t
        if shown(t.pass_box):
            assert t.private.value == "" and not shown(t.moves)
            self.click(t.pass_button, "pass")
            self.passes += 1
        assert shown(t.moves)
        target = self.bot.choose(t.game.rules, t.game.state, t.mover(), self.rng)
        move = next(m for m in t.legal_moves if m[0] == target)
        self.step_to(move)
        self.click(t.play_button, "play")

    def play_out(self, limit: int = 5000) -> None:
        for _ in range(limit):
            if self.t.game.is_over:
                return
            self.one_move()
        raise AssertionError(f"game not over after {limit} moves")


def final_sheet_matches_engine(t: Table) -> None:
    """The final sheet shown is the engine's, for the table's actions replayed in a fresh game."""
    game = t.game
    fresh = game.info.new_game(game.players, game.seed, **{k: v for k, v in game.options.items()})
    for turn in game.history:
        fresh.play(str(turn.action))
    assert fresh.is_over
    sheet = fresh.scores()
    assert sheet.totals == game.scores().totals and sheet.rows == game.scores().rows
    shown_html = t.scores.value
    assert "Final scores" in shown_html
    totals_row = shown_html.split("<b>Total</b></td>")[1].split("</tr>")[0]
    assert [int(n) for n in re.findall(r"<b>(-?\d+)</b>", totals_row)] == list(sheet.totals.values())
    head_row = shown_html.split("</tr>")[0]
    assert [p for p in sheet.rows if f">{escape(p)}</th>" in head_row] == list(sheet.rows)
    for winner in sheet.winners:
        assert escape(winner) in shown_html.split("Winner:")[1]
    for category in sheet.categories:
        assert escape(category) in shown_html
        if category in t.parts.CATEGORY_HELP:
            sentence, ref = t.parts.CATEGORY_HELP[category]
            assert escape(sentence) in shown_html and f"title='[{escape(ref.checklist_id)}]'" in shown_html
            assert ref.checklist_id not in shown_text(shown_html)        # the rule code in its tooltip only


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_by_clicks_only_scores_as_the_engine(name: str) -> None:
    t = Table(name, seed=11)  # every seat a person: hot seat
    hidden = any(t.model.has_secrets(p) for p in t.model.players)  # Lorenzo hides nothing: no screen
    clicker = Clicker(t, seed=5)
    start = time.perf_counter()
    clicker.play_out()
    elapsed = time.perf_counter() - start
    assert (clicker.passes > 0) == hidden  # the device was passed where a player has something to hide
    assert not shown(t.moves) and "The game is over." in t.status.value
    final_sheet_matches_engine(t)
    clicks = sum(len(ts) for ts in clicker.times.values())
    print(f"\n{name}: {len(t.game.history)} moves, {clicks} clicks in {elapsed:.1f} s; {clicker.report()}")


@pytest.mark.parametrize("name", GAMES)
def test_a_game_with_bot_seats_finishes(name: str) -> None:
    players = game_info(name).players(3)
    t = Table(name, players=players, seed=3, seats=["human", "random", "greedy"])
    clicker = Clicker(t, seed=2)
    clicker.play_out()
    assert clicker.passes == 0  # one person: no pass-the-device screen
    final_sheet_matches_engine(t)


def test_all_bot_seats_play_to_the_end_at_once() -> None:
    t = Table("lorenzo", players=["Ann", "Bob"], seed=4, seats=["random", "random"])
    assert t.game.is_over and "Final scores" in t.scores.value
    assert t.private.value == "" and not shown(t.moves)


def test_step_pace_plays_one_bot_move_per_click() -> None:
    t = Table("sixtina", players=["Red", "Blue"], seed=1, seats=["human", "random"])
    t.pace.value = "step"
    while t.mover() == "Red":
        Clicker(t, 1).one_move()
    assert t.mover() is None and not t.bot_button.disabled
    before = len(t.game.history)
    t.bot_button.click()
    assert len(t.game.history) == before + 1
    t.pace.value = "auto"  # back to auto: the bots answer until a person must act
    assert t.mover() == "Red" or t.game.is_over


def test_a_seat_can_be_handed_to_a_monte_carlo_bot() -> None:
    t = Table("sixtina", players=["Red", "Blue"], seed=1, seats=["human", "human"])
    t.pace.value = "step"
    blue = next(menu for menu in t.seat_menus if menu.description == "Blue")
    blue.value = "mcts"
    assert t.seats["Blue"] == "mcts" and ("Planner bot", "mcts") in blue.options
    while t.mover() == "Red":
        Clicker(t, 1).one_move()
    before = len(t.game.history)
    t.bot_button.click()
    assert len(t.game.history) == before + 1
    assert t.game.rules.actor(t.game.history[-1].state_before) == ("Blue",)


def a_refused_move(game: Game) -> str:
    """A move text that parses but is illegal now: one legal earlier in the game."""
    for turn in game.history:
        for action in game.rules.legal_actions(turn.state_before):
            if not game.explain(action).ok:
                return str(action)
    raise AssertionError("no refused move found")


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_typed_move_is_refused_with_every_rule_cited(name: str) -> None:
    t = Table(name, seed=2, seats=["human"] + ["random"] * (len(game_info(name).players()) - 1))
    clicker = Clicker(t, 3)
    clicker.one_move()  # (one round: a short game, the template's, may be over after a few)
    text = a_refused_move(t.game)
    state, length = t.game.state, len(t.game.history)
    t.try_text.value = text
    t.try_button.click()
    verdict = t.game.explain(text)
    assert not verdict.ok
    for message, ref in verdict.reasons:
        assert escape(message) in t.refusal.value
        assert escape(citation(ref)) in t.refusal.value and f"title='[{escape(ref.checklist_id)}]'" in t.refusal.value
        assert ref.checklist_id not in shown_text(t.refusal.value)  # cited in words; the code in a tooltip
    assert t.game.state is state and len(t.game.history) == length


@pytest.mark.parametrize("text", ["fly to the moon", "", "restore restore restore"])
def test_garbage_text_gets_a_clear_message_not_a_traceback(text: str) -> None:
    t = Table("sixtina", seed=1)
    t.pass_button.click()
    state = t.game.state
    t.try_text.value = text
    t.try_button.click()
    assert "Not a move:" in t.refusal.value and t.game.state is state


def test_a_legal_typed_move_is_played() -> None:
    t = Table("lorenzo", players=["Ann", "Bob"], seed=1, seats=["human", "random"])
    action, _, text = t.legal_moves[0]
    length = len(t.game.history)
    t.try_text.value = str(action)
    t.try_button.click()
    assert t.game.history[length].action == action
    assert "Played:" in t.refusal.value and escape(text) in t.refusal.value


def test_enter_in_the_try_box_plays_the_typed_move() -> None:
    t = Table("lorenzo", players=["Ann", "Bob"], seed=1, seats=["human", "random"])
    action, _, text = t.legal_moves[0]
    length = len(t.game.history)
    t.try_text.value = str(action)
    t.try_text._handle_custom_msg({"event": "submit"}, [])  # what the browser sends on Enter
    assert t.game.history[length].action == action
    assert "Played:" in t.refusal.value and escape(text) in t.refusal.value


@pytest.mark.parametrize("name", GAMES)
def test_undo_goes_back_to_the_last_move_of_a_person(name: str) -> None:
    count = len(game_info(name).players())
    t = Table(name, seed=6, seats=["human"] + ["random"] * (count - 1))
    clicker = Clicker(t, 4)
    clicker.one_move()
    before = t.game.state
    length = len(t.game.history)
    clicker.one_move()
    t.undo_button.click()
    assert t.game.state is before and len(t.game.history) == length
    assert t.mover() is not None and shown(t.moves)
    t.undo_button.click()  # back before the first move: the bots' opening moves stay
    assert t.undo_button.disabled and t.mover() is not None
    t.undo_button.click()  # nothing left to undo: a message, no error
    assert "Nothing to undo." in t.refusal.value


def test_the_hot_seat_screen_hides_the_private_panel_and_the_moves() -> None:
    t = Table("sixtina", players=["Red", "Blue"], seed=1)
    first = t.mover()
    assert shown(t.pass_box) and f"Pass the device to {first}" in t.pass_text.value
    assert t.private.value == "" and not shown(t.moves) and not shown(t.try_box)
    t.pass_button.click()
    assert not shown(t.pass_box) and f"What only {first} sees" in t.private.value and shown(t.moves)
    Clicker(t, 1).one_move()
    assert t.mover() != first  # the other player's turn (seed 1)
    assert shown(t.pass_box) and t.private.value == "" and not shown(t.moves)


def widget_texts(root: Any) -> list[str]:
    """Every text a widget tree sends to the browser: values, descriptions, tooltips, options."""
    texts, stack = [], [root]
    while stack:
        w = stack.pop()
        for name in ("value", "description", "tooltip", "placeholder"):
            value = getattr(w, name, None)
            if isinstance(value, str) and value.strip("\u200b"):  # an empty HTML's placeholder is U+200B
                texts.append(value)
        texts.extend(str(o) for o in getattr(w, "options", ()) or ())
        stack.extend(getattr(w, "children", ()))
    return texts


@pytest.mark.parametrize("many", [False, True])
def test_behind_the_screen_undo_is_blocked_and_the_chooser_holds_nothing(
    many: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if many:  # the list (Select) instead of buttons
        monkeypatch.setattr(table_module, "MAX_BUTTONS", 1)
    t = Table("sixtina", players=["Red", "Blue"], seed=1)
    t.pass_button.click()
    first = t.mover()
    hand = t.private.value
    Clicker(t, 1).one_move()
    assert t.mover() != first and shown(t.pass_box)  # the other player's turn (seed 1)
    state, length = t.game.state, len(t.game.history)
    # the chooser behind the screen keeps nothing of the last person's moves
    assert t.chooser.visible() == () and t.select.options == () and t.move_text.value == ""
    assert t.breadcrumb.value == "" and all(b.description == b.tooltip == "" for b in t._pool)
    # only the chooser's own words are left (Back, Choose, Play, the list's label): no move's
    assert set(widget_texts(t.moves)) <= {w.description for w in (t.back, t.choose, t.play_button, t.select)}
    assert hand and not any(hand in text for text in widget_texts(t.widget))
    # Undo is blocked while the screen is up: nothing is taken back, no hand is shown
    assert t.undo_button.disabled
    t.undo_button.click()
    assert t.game.state is state and len(t.game.history) == length
    assert t.private.value == "" and shown(t.pass_box) and not shown(t.moves)
    # once the next person has passed the screen, Undo takes the move back behind a new screen
    t.pass_button.click()
    assert not t.undo_button.disabled
    t.undo_button.click()
    assert len(t.game.history) < length and t.mover() == first
    assert shown(t.pass_box) and t.private.value == "" and t.chooser.visible() == ()


def test_undo_of_ones_own_move_only_is_refused_for_the_next_person() -> None:
    t = Table("sixtina", players=["Red", "Blue"], seed=1, undo="own")
    clicker = Clicker(t, 1)
    clicker.one_move()
    first = t.game.rules.actor(t.game.history[-1].state_before)[0]
    assert t.mover() != first
    t.pass_button.click()
    assert t.undo_button.disabled  # the last move is the other person's
    state = t.game.state
    t.undo_button.click()
    assert t.game.state is state and f"Only {first} may undo" in t.refusal.value


def test_what_a_person_typed_is_gone_when_the_device_is_passed() -> None:
    t = Table("sixtina", players=["Red", "Blue"], seed=1)
    t.pass_button.click()
    first = t.mover()
    action = t.legal_moves[0][0]
    t.try_text.value = str(action)
    t.try_button.click()
    assert t.mover() != first  # the other player's turn (seed 1)
    assert shown(t.pass_box) and t.refusal.value == "" and t.try_text.value == ""


def test_one_person_gets_no_screen() -> None:
    t = Table("sixtina", players=["Red", "Blue"], seed=1, seats=["human", "random"])
    assert not shown(t.pass_box) and "What only Red sees" in t.private.value


def upload(t: Table, content: bytes, name: str = "save.json") -> None:
    t.upload.value = (
        {
            "name": name,
            "type": "application/json",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": datetime.datetime.now(datetime.timezone.utc),
        },
    )


@pytest.mark.parametrize("name", GAMES)
def test_save_then_load_restores_the_same_game(name: str) -> None:
    t = Table(name, seed=8)
    clicker = Clicker(t, 6)
    for _ in range(6):
        clicker.one_move()
    t.save_button.click()
    link = t.download.value
    assert f"download='{name}-seed8.json'" in link
    data = base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", link).group(1))
    fresh = Table(name, seed=8)
    upload(fresh, data)
    assert "Loaded" in fresh.file_message.value
    assert fresh.game.state == t.game.state and fresh.game.actions == t.game.actions
    assert fresh.upload.value == ()
    Clicker(t, 9).one_move()
    assert t.download.value == ""  # the old link is gone once the game moves on


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"not json at all", "invalid JSON"),
        (b'{"format": "fresco-kit/game", "version": 99}', "version"),
        (b"[1, 2, 3]", "expected a JSON object"),
        (b"\xff\xfe\x00 not text", "invalid JSON"),
    ],
)
def test_a_damaged_upload_is_refused_and_the_game_kept(content: bytes, says: str) -> None:
    t = Table("lorenzo", players=["Ann", "Bob"], seed=1, seats=["human", "random"])
    Clicker(t, 1).one_move()
    state = t.game.state
    upload(t, content)
    assert "File refused:" in t.file_message.value and says in t.file_message.value
    assert t.game.state is state


def test_a_save_of_another_game_or_other_players_is_refused() -> None:
    t = Table("sixtina", players=["Red", "Blue"], seed=1, seats=["human", "random"])
    state = t.game.state
    upload(t, game_info("lorenzo").new_game(["Red", "Blue"], seed=1).to_json().encode())
    assert "this table plays sixtina, the file holds lorenzo" in t.file_message.value
    upload(t, game_info("sixtina").new_game(["Red", "White"], seed=1).to_json().encode())
    assert "this table seats Red, Blue" in t.file_message.value and t.game.state is state


def test_an_edited_save_is_refused_naming_the_field() -> None:
    t = Table("sixtina", players=["Red", "Blue"], seed=1, seats=["human", "random"])
    Clicker(t, 1).one_move()
    data = json.loads(t.game.to_json())
    data["actions"] = data["actions"][:-1]  # the saved state no longer follows from the actions
    state = t.game.state
    upload(t, json.dumps(data).encode())
    assert "File refused:" in t.file_message.value and "state" in t.file_message.value
    assert t.game.state is state


def test_from_query_reads_the_link() -> None:
    t = Table.from_query(query="game=lorenzo&seed=3&players=Ann,Bob&seats=human,random")
    assert t.info.name == "lorenzo" and t.game.seed == 3 and t.game.players == ["Ann", "Bob"]
    assert t.seats == {"Ann": "human", "Bob": "random"} and t.notice.value == ""


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("game=chess", "game=chess: no such game; the games are sixtina, fresco, lorenzo"),
        ("seed=abc", "seed=abc: a seed is a whole number"),
        ("players=Ann,,Bob", "players=Ann,,Bob: an empty name between commas"),
        ("seats=human,robot", "seats=human,robot: give one of human, random, greedy, mcts for each of the 4 players"),
        ("players=Ann", "players=Ann: 1980 Sixtina is played by 2, 3, 4 players, not 1"),
        ("lang=xx", "lang=xx: the languages are en, es, it"),
    ],
)
def test_from_query_with_bad_values_says_so_and_uses_defaults(query: str, says: str) -> None:
    t = Table.from_query(query=query)
    assert t.info.name == "sixtina" and not t.game.is_over
    assert says in t.notice.value.replace("&#x27;", "'") and "were not used" in t.notice.value


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("lang=es&game=chess", "Algunos ajustes del enlace no se usaron: game=chess: no existe ese juego"),
        ("lang=it&game=chess", "Alcune impostazioni del link non sono state usate: game=chess: questo gioco non esiste"),
        ("lang=es&seed=abc", "seed=abc: una semilla es un número entero"),
        ("lang=it&players=Ann", "players=Ann: 1980 Sixtina si gioca in 2, 3, 4 giocatori, non 1"),
        ("lang=es&players=Ann,,Bob", "players=Ann,,Bob: un nombre vacío entre comas"),
        ("lang=it&seats=human,robot", "seats=human,robot: indica uno tra human, random, greedy, mcts per ciascuno dei 4"),
    ],
)
def test_a_bad_setting_is_named_in_the_links_language(query: str, says: str) -> None:
    t = Table.from_query(query=query)
    assert t.lang == query[5:7] and says in unescape(t.notice.value), t.notice.value


def test_a_name_a_game_cannot_seat_is_refused_in_the_links_language() -> None:
    """1980 Sixtina's two-player robot is Gianluigi: a player of that name is refused by the game's
    own check, whose reason (English) is marked as English beside the translated notice."""
    t = Table.from_query(query="game=sixtina&players=Gianluigi,Ana&seats=human,random&lang=es")
    notice = unescape(t.notice.value)
    assert "players=Gianluigi,Ana: 1980 Sixtina no admite estos nombres" in notice
    assert "seats=human,random: indique uno de human, random, greedy, mcts para cada uno de los 4 jugadores" in notice
    assert '<span lang="en">(' in notice and "Gianluigi" in notice.split('<span lang="en">')[1]
    assert t.lang == "es" and t.game.players == t.info.players()


def test_table_from_query_reads_voilas_query_string(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "game=fresco&seed=5")
    widget = table_from_query()
    assert "fk-table" in widget._dom_classes and "Fresco" in widget.children[0].value


def test_the_factory_returns_the_widget_with_its_css_classes() -> None:
    widget = table("lorenzo", players=["Ann", "Bob"], seed=2)
    classes = set()
    stack = [widget]
    while stack:
        w = stack.pop()
        classes.update(w._dom_classes)
        stack.extend(getattr(w, "children", ()))
    wanted = {"fk-table", "fk-table-board", "fk-table-status", "fk-table-moves", "fk-table-try"}
    wanted |= {"fk-table-try-button", "fk-table-refusal", "fk-table-undo", "fk-table-log", "fk-table-scores"}
    wanted |= {"fk-table-pass", "fk-table-seat", "fk-table-upload", "fk-table-save", "fk-table-download"}
    assert wanted <= classes


def test_many_choices_come_in_a_list_and_back_goes_up_a_step(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "MAX_BUTTONS", 2)
    t = Table("lorenzo", players=["Ann", "Bob"], seed=1, seats=["human", "random"])
    while t.choose not in t.chooser.visible():
        t.chooser.visible()[0].click()
    assert len(t.select.options) > 2 and t.select.description
    depth = len(t.path)
    words, first = t.select.options[1]  # (the step in the table's language, the step)
    t.select.value = first
    t.choose.click()
    assert len(t.path) == depth + 1 and t.path[-1] == first and escape(words) in t.breadcrumb.value
    while t.path:
        t.back.click()
    assert t.back.disabled
    Clicker(t, 2).one_move()  # the clicker goes through the list too
    assert len(t.game.history) >= 1


def test_a_step_click_redraws_only_the_move_chooser() -> None:
    t = Table("sixtina", players=["Red", "Blue"], seed=1, seats=["human", "random"])
    calls = []
    board_svg = t.parts.board_svg
    t.parts.board_svg = lambda state: calls.append(state) or board_svg(state)  # type: ignore[method-assign]
    values = (t.board.value, t.scores.value, t.log.value, t.status.value, t.private.value)
    buttons = [b for b in t.chooser.visible() if b in t._pool]
    buttons[0].click()
    assert calls == [] and values == (t.board.value, t.scores.value, t.log.value, t.status.value, t.private.value)


def test_the_log_names_the_rules_newest_first() -> None:
    t = Table("lorenzo", players=["Ann", "Bob"], seed=1, seats=["human", "random"])
    Clicker(t, 1).one_move()
    last = t.game.history[-1]
    texts = [t.parts.move_text(turn.state_before, turn.action) for turn in reversed(t.game.history)]
    positions = [t.log.value.index(escape(text)) for text in texts]
    assert positions == sorted(positions)
    for event in last.events:
        if event.rule is not None:
            assert escape(event.rule.checklist_id) in t.log.value


def test_the_log_keeps_simultaneous_choices_secret() -> None:
    t = Table("fresco", seed=2, seats=["human"] * 4)
    clicker = Clicker(t, 2)
    while len(t.game.actor()) < 2:
        clicker.one_move()
    clicker.one_move()  # the first secret plan of the round
    turn = t.game.history[-1]
    assert len(t.game.rules.actor(turn.state_before)) > 1
    secret = t.parts.move_text(turn.state_before, turn.action)
    assert escape(secret) not in t.log.value
    assert all(escape(e.text) in t.log.value for e in turn.events)


def test_the_default_parts_stand_in_for_a_game_without_its_own() -> None:
    info = game_info("lorenzo")
    parts = DefaultParts(info)
    game = info.new_game(["Ann", "Bob"], seed=1)
    action = game.legal_actions()[0]
    steps = parts.move_steps(game.state, action)
    assert steps[0] == action.VERB and parts.move_text(game.state, action) == str(action)
    assert "To act: Ann" in parts.status(game.state) or "To act: Bob" in parts.status(game.state)
    assert parts.board_svg(game.state).startswith("<svg")
    assert escape(repr(game.state.view("Ann"))) in parts.private_html(game.state, "Ann")
    t = Table("lorenzo", players=["Ann", "Bob"], seed=1, seats=["human", "random"])
    t.parts = parts
    t._drawn_seat = ()
    t._refresh()
    Clicker(t, 3).one_move()
    assert len(t.game.history) >= 1


def test_text_colours_reach_wcag_aa() -> None:
    from fresco_kit.classroom.exercise_widget import WRONG_BG

    for fg, bg in [
        (table_parts.INK, table_parts.PAPER),
        (table_parts.REFUSED, table_parts.REFUSED_BG),
        (table_parts.INK, table_parts.OK_BG),
        (table_parts.INK, WRONG_BG),
    ]:
        assert contrast(fg, bg) >= 4.5, (fg, bg)
    assert "font-size:14px" in table_parts.STYLE


def test_seats_must_be_known_kinds() -> None:
    with pytest.raises(ValueError, match="seats must be one of"):
        Table("sixtina", players=["Red", "Blue"], seats=["human", "wizard"])


def test_in_spanish_the_table_cites_the_spanish_rulebook_and_shows_the_glossary() -> None:
    t = Table("fresco", seed=2, seats=["human", "random", "random", "random"], lang="es")
    _ = translator("es")
    assert t.undo_button.description == _("Undo") and "fk-glossary" in t.glossary.value
    Clicker(t, 1).one_move()
    text = a_refused_move(t.game)
    t.try_text.value = text
    t.try_button.click()
    for _message, ref in t.game.explain(text).reasons:
        assert escape(citation(ref, "es")) in t.refusal.value
    assert Table("sixtina", players=["Red", "Blue"]).glossary.value == ""  # English: no glossary panel


@pytest.mark.parametrize("name", WITH_PARTS)
def test_each_game_brings_its_own_parts(name: str) -> None:
    parts = parts_for(game_info(name))
    own = importlib.import_module(f"{PACKAGES[name]}.table")
    drawing = importlib.import_module(f"{PACKAGES[name]}.svg")
    assert parts.move_steps is own.move_steps and parts.status is own.status
    assert parts.private_html is own.private_html and parts.CATEGORY_HELP is own.CATEGORY_HELP
    assert parts.board_svg is getattr(own, "board_svg", drawing.board_svg)


def test_the_load_button_says_how_large_a_save_may_be_and_a_larger_one_is_refused_unread():
    from fresco_kit.core.jsontext import MAX_JSON_BYTES

    t = Table()
    assert f"at most {MAX_JSON_BYTES // 1_000_000} MB" in t.upload.tooltip
    before = t.model.game.state
    upload(t, b"[" * (MAX_JSON_BYTES + 1), "big.json")
    assert "over the limit" in t.file_message.value and t.model.game.state is before


def test_no_pass_screen_where_nothing_is_hidden() -> None:
    """Lorenzo hides nothing from any player: two people at the table never meet a "show my
    hand" screen; Sixtina hides hands, so its table screens them."""
    lorenzo = Table("lorenzo", players=["Ana", "Ben"], seed=1)
    clicker = Clicker(lorenzo, 1)
    for _ in range(4):
        assert not lorenzo.model.has_secrets(lorenzo.mover()) and not shown(lorenzo.pass_box)
        assert shown(lorenzo.moves) and f"What only {lorenzo.mover()} sees" in lorenzo.private.value
        clicker.one_move()
    sixtina = Table("sixtina", players=["Ana", "Ben"], seed=1)
    assert sixtina.model.has_secrets(sixtina.mover()) and shown(sixtina.pass_box)


def test_scores_during_the_game_say_they_are_provisional() -> None:
    t = Table("lorenzo", players=["Ana", "Ben"], seed=1)
    assert "Scores if the game ended now" in t.scores.value and "Not final" in t.scores.value
    assert "Final scores" not in t.scores.value
    es = Table("lorenzo", players=["Ana", "Ben"], seed=1, lang="es")
    assert "Puntuación si la partida terminara ahora" in es.scores.value


def test_bots_have_friendly_names_and_a_line_each() -> None:
    t = Table("sixtina", players=["Ana", "Ben"], seed=1)
    menu = t.seat_menus[0]
    assert [value for _label, value in menu.options] == ["human", "random", "greedy", "mcts"]
    labels = [label for label, _value in menu.options]
    assert labels == ["Person", "Dice bot", "Quick bot", "Planner bot"]
    assert not {"greedy", "mcts"} & set(widget_texts(t.widget))
    assert all(f"{name}:" in t.seat_help.value for name in labels[1:])
    it = Table("sixtina", players=["Ana", "Ben"], seed=1, lang="it")
    assert [label for label, _v in it.seat_menus[0].options][1] == "Bot dadi" and "Bot dadi:" in it.seat_help.value


def test_the_log_gives_rule_codes_in_tooltips() -> None:
    t = Table("lorenzo", players=["Ann", "Bob"], seed=1, seats=["human", "random"])
    Clicker(t, 1).one_move()
    refs = [e.rule for turn in t.game.history for e in turn.events if e.rule is not None]
    assert refs
    for ref in refs:
        assert f"title='[{escape(ref.checklist_id)}]'" in t.log.value
        assert ref.checklist_id not in shown_text(t.log.value)


def shown_text(html: str) -> str:
    """What a reader sees of ``html``: its text, without the tags and their attributes (tooltips)."""
    return unescape(re.sub(r"<[^>]*>", " ", html))


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_the_served_pages_give_rule_codes_in_tooltips(lang: str) -> None:
    """A seat page's refusal, log and scores cite each rule in words (the page's language), its
    checklist id only in the tooltip."""
    from fresco_kit.core.table_records import REFUSED
    from fresco_kit.serve import pages
    from fresco_kit.serve.service import Served

    t = Table("lorenzo", players=["Ann", "Bob"], seed=1, seats=["human", "human"], lang=lang)
    Clicker(t, 1).one_move()
    served = Served("t1", t.info, t.model, {p: f"token-{p}" for p in ("Ann", "Bob")}, "projector", 1, {})
    mover = t.mover()
    outcome = t.model.play(f"place {mover} white council servants 99", mover)
    assert outcome.kind == REFUSED
    shown_html = pages.answer_html(outcome, lang) + pages.log_html(served, lang)
    refs = [ref for _m, ref in outcome.reasons] + [e.rule for turn in t.game.history for e in turn.events if e.rule]
    for ref in refs:
        assert f"title='[{escape(ref.checklist_id)}]'" in shown_html and escape(citation(ref, lang)) in shown_html
        assert ref.checklist_id not in shown_text(shown_html)
