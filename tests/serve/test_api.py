"""The served classroom's JSON API (fresco_kit.serve): tables created, seats' views and moves,
refusals with every rule, the teacher's pause, undo, end and save, bad requests named, and
every table restored from the SQLite file."""
from __future__ import annotations

import dataclasses
import json

import pytest

from fresco_kit.core.game import Game
from fresco_kit.serve.service import SEAT_KINDS

from .conftest import TEACHER, new_table, play, play_moves, players_of, seat_of, summary, wait_for


def test_a_table_of_each_game_is_played_through_the_api(client, game_info):
    names = players_of(game_info)
    seats = ["human"] * (len(names) - 1) + ["random"]
    table = new_table(client, game=game_info.name, players=names, seed=3, seats=seats)
    assert set(table["seats"]) == set(names[:-1])  # a token per person; the bot has none
    assert all(s["url"].startswith("http://127.0.0.1:8765/t/") for s in table["seats"].values())
    assert table["projector_url"].startswith("http://127.0.0.1:8765/t/")
    played = play_moves(client, table, 12)
    assert played
    # the bot answers the last move on its own: let it, so the save and the seat's view agree
    served = client.app.state.service.tables[table["id"]]
    wait_for(lambda: not served.model.bots_to_act(), what="the bot's answer")
    save = client.get(f"/api/tables/{table['id']}/save", headers=TEACHER)
    assert save.status_code == 200 and save.headers["content-type"].startswith("application/json")
    game = Game.from_json(save.content)
    assert game.players == names
    # the save holds every move played, the bot's among them, in the table's log order
    data = seat_of(client, table, names[0])
    assert data["log_length"] == len(game.history) >= len(played)
    assert [x["number"] for x in data["log"]] == list(range(max(1, len(game.history) - 39), len(game.history) + 1))
    # the stored log, written entry by entry, is the table's log
    stored = client.app.state.service.store.log(table["id"])
    assert stored == json.loads(json.dumps([dataclasses.asdict(e) for e in served.model.log()]))


def test_a_seat_sees_its_own_view_whose_turn_and_its_legal_moves(client, game_info):
    names = players_of(game_info)
    table = new_table(client, game=game_info.name, players=names, seed=5)
    service = client.app.state.service
    model = service.tables[table["id"]].model
    for name in names:
        data = seat_of(client, table, name)
        assert data["seat"] == name and data["view"] == json.loads(json.dumps(model.view(name)))
        assert data["to_act"] == list(model.to_act())
        assert data["moves"] == [m.action for m in model.moves(name)]
        assert data["your_turn"] == (name in model.to_act())
        if not data["your_turn"]:
            assert data["moves"] == []


def a_refused_move(game: Game, player: str) -> str | None:
    """A move of ``player`` that parses but is refused now: one legal for them earlier."""
    for turn in reversed(game.history):
        for action in game.rules.legal_actions(turn.state_before, player=player):
            if not game.explain(action).ok:
                return str(action)
    return None


def test_a_refused_move_is_409_with_every_rule_and_changes_nothing(client, game_info):
    names = players_of(game_info)
    table = new_table(client, game=game_info.name, players=names, seed=2)
    model = client.app.state.service.tables[table["id"]].model
    text = None
    for _ in range(40):
        play_moves(client, table, 1)
        found = next(((n, d) for n in names if (d := seat_of(client, table, n))["your_turn"]), None)
        if found and (text := a_refused_move(model.game, found[0])):
            break
    assert text, "no refused move found"
    name = found[0]
    before = client.get(f"/api/tables/{table['id']}/save", headers=TEACHER).text
    r = play(client, table, name, text)
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["error"] == "refused" and body["reasons"]
    expected = model.game.explain(text).reasons
    assert [x["message"] for x in body["reasons"]] == [m for m, _ref in expected]
    assert all(x["rule"]["citation"] and x["rule"]["id"] for x in body["reasons"])
    assert client.get(f"/api/tables/{table['id']}/save", headers=TEACHER).text == before
    garbage = play(client, table, name, "fly to the moon")
    assert garbage.status_code == 400 and garbage.json()["error"].startswith("move:")


def test_a_move_for_another_seat_is_403_and_changes_nothing(client, game_info):
    names = players_of(game_info)
    table = new_table(client, game=game_info.name, players=names, seed=4)
    mover = next(n for n in names if seat_of(client, table, n)["your_turn"])
    other = next(n for n in names if n != mover)
    move = seat_of(client, table, mover)["moves"][0]
    before = client.get(f"/api/tables/{table['id']}/save", headers=TEACHER).text
    r = play(client, table, other, move)
    assert r.status_code == 403 and r.json()["error"] == "not yours"
    assert client.get(f"/api/tables/{table['id']}/save", headers=TEACHER).text == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"game": "sixtina", "players": 9}, "players"),
        ({"game": "sixtina", "players": ["Ann", "Ann"]}, "players"),
        ({"game": "sixtina", "players": ["Ann Lee", "Bob"]}, "players"),
        ({"game": "sixtina", "players": ["A" * 40, "Bob"]}, "players"),
        ({"game": "sixtina", "seed": -1}, "seed"),
        ({"game": "sixtina", "seed": "7"}, "seed"),
        ({"game": "sixtina", "players": 2, "seats": ["human", "wizard"]}, "seats"),
        ({"game": "sixtina", "players": 2, "seats": ["human"]}, "seats"),
        ({"game": "sixtina", "options": {"colour": "red"}}, "options"),
        ({"game": "sixtina", "options": []}, "options"),
        ({"game": "sixtina", "undo": "always"}, "undo"),
        ({"game": "sixtina", "table": 1}, "table"),
    ],
)
def test_a_bad_new_table_is_a_400_naming_the_field(client, body, field):
    r = client.post("/api/tables", json=body, headers=TEACHER)
    assert r.status_code == 400, r.text
    assert r.json()["error"].startswith(f"{field}:"), r.json()
    assert client.get("/api/tables", headers=TEACHER).json()["tables"] == []


@pytest.mark.parametrize("body", [b"", b"[1, 2]", b"{not json", b'"move"', "\udcff".encode("utf-8", "surrogatepass")])
def test_a_body_that_is_not_a_json_object_is_a_400(client, body):
    table = new_table(client, game="sixtina", players=2)
    name = next(iter(table["seats"]))
    r = client.post(f"/api/tables/{table['id']}/seat/{table['seats'][name]['token']}/moves", content=body)
    assert r.status_code == 400 and r.json()["error"].startswith("body:")


@pytest.mark.parametrize("move", [None, 7, "", "   ", ["wake"]])
def test_a_move_that_is_not_a_text_is_a_400_naming_the_field(client, move):
    table = new_table(client, game="fresco", players=3)
    name = next(iter(table["seats"]))
    r = client.post(f"/api/tables/{table['id']}/seat/{table['seats'][name]['token']}/moves", json={"move": move})
    assert r.status_code == 400 and r.json()["error"].startswith("move:")


def test_the_teacher_pauses_and_no_one_moves_not_even_the_bots(client):
    table = new_table(client, game="lorenzo", players=["Ann", "Bob", "Cy"], seats=["human", "greedy", "greedy"], seed=8)
    tid = table["id"]
    assert client.post(f"/api/tables/{tid}/pause", headers=TEACHER).json()["paused"] is True
    data = seat_of(client, table, "Ann")
    assert data["paused"] and not data["your_turn"]
    before = client.get(f"/api/tables/{tid}/save", headers=TEACHER).text
    if data["moves"]:
        r = play(client, table, "Ann", data["moves"][0])
        assert r.status_code == 409 and "paused" in r.json()["error"]
    assert client.get(f"/api/tables/{tid}/save", headers=TEACHER).text == before
    client.post(f"/api/tables/{tid}/resume", headers=TEACHER)
    played = play_moves(client, table, 1)
    assert played
    # the bots answer Ann's move once the table runs
    wait_for(lambda: seat_of(client, table, "Ann")["your_turn"] or summary(client, table)["over"], what="the bots")


def test_pausing_stops_the_bots_between_two_moves(make_client):
    client = make_client(bot_delay=0.05)
    table = new_table(client, game="sixtina", players=3, seats=["random", "random", "random"], seed=2)
    tid = table["id"]
    wait_for(lambda: summary(client, table)["moves"] >= 3, what="the bots to play")
    client.post(f"/api/tables/{tid}/pause", headers=TEACHER)
    service = client.app.state.service
    wait_for(lambda: service.tables[tid].driver is None or service.tables[tid].driver.done(), what="the bots to stop")
    moves = summary(client, table)["moves"]
    assert not summary(client, table)["over"]
    client.post(f"/api/tables/{tid}/resume", headers=TEACHER)
    wait_for(lambda: summary(client, table)["moves"] > moves, what="the bots to play on")


def test_undo_follows_the_tables_policy(client):
    table = new_table(client, game="sixtina", players=["Ann", "Bob"], undo="own", seed=1)
    tid = table["id"]
    first = next(n for n in table["seats"] if seat_of(client, table, n)["your_turn"])
    other = next(n for n in table["seats"] if n != first)
    play_moves(client, table, 1)
    token = table["seats"][other]["token"]
    r = client.post(f"/api/tables/{tid}/seat/{token}/undo")
    assert r.status_code == 409 and first in r.json()["error"]
    assert seat_of(client, table, first)["can_undo"]
    r = client.post(f"/api/tables/{tid}/seat/{table['seats'][first]['token']}/undo")
    assert r.status_code == 200 and r.json()["undone"] == 1
    assert summary(client, table)["moves"] == 0
    assert client.app.state.service.store.log(tid) == []  # the undone move left the stored log
    off = new_table(client, game="sixtina", players=2, undo="teacher")
    play_moves(client, off, 1)
    name = next(iter(off["seats"]))
    assert client.post(f"/api/tables/{off['id']}/seat/{off['seats'][name]['token']}/undo").status_code == 409
    assert client.post(f"/api/tables/{off['id']}/undo", headers=TEACHER).status_code == 200
    assert summary(client, off)["moves"] == 0
    assert client.post(f"/api/tables/{off['id']}/undo", headers=TEACHER).status_code == 409  # nothing left


def test_an_ended_table_takes_no_move_and_keeps_its_save(client):
    table = new_table(client, game="fresco", players=3)
    play_moves(client, table, 2)
    assert client.post(f"/api/tables/{table['id']}/end", headers=TEACHER).json()["ended"] is True
    name, data = next((n, seat_of(client, table, n)) for n in table["seats"])
    assert data["ended"] and not data["your_turn"]
    assert client.post(f"/api/tables/{table['id']}/resume", headers=TEACHER).status_code == 409
    assert client.get(f"/api/tables/{table['id']}/save", headers=TEACHER).status_code == 200
    assert client.post(f"/api/tables/{table['id']}/launch", headers=TEACHER).status_code == 404


def test_at_most_max_tables_are_live(make_client):
    client = make_client(max_tables=2)
    a = new_table(client, game="sixtina", players=2)
    new_table(client, game="sixtina", players=2)
    r = client.post("/api/tables", json={"game": "sixtina", "players": 2}, headers=TEACHER)
    assert r.status_code == 429 and "live tables" in r.json()["error"]
    client.post(f"/api/tables/{a['id']}/end", headers=TEACHER)
    new_table(client, game="sixtina", players=2)


def test_a_save_is_imported_as_a_new_table(client, game_info):
    game = game_info.new_game(players_of(game_info), 6)
    for _ in range(5):
        if game.is_over:
            break
        game.play(game.rules.legal_actions(game.state)[0])
    r = client.post("/api/tables/import", content=game.to_json(), headers=TEACHER)
    assert r.status_code == 201, r.text
    saved = client.get(f"/api/tables/{r.json()['id']}/save", headers=TEACHER).text
    assert Game.from_json(saved).to_json() == game.to_json()
    bad = client.post("/api/tables/import", content=b'{"format": "x"}', headers=TEACHER)
    assert bad.status_code == 400 and bad.json()["error"].startswith("save:")


def test_every_table_is_restored_from_the_file_as_it_was(db, make_client):
    first = make_client()
    tables = []
    for game, seats in (("sixtina", ["human", "human", "greedy"]), ("fresco", ["human", "human", "human"]), ("lorenzo", ["human", "random"])):
        t = new_table(first, game=game, players=len(seats) if seats else 2, seats=seats, seed=9)
        play_moves(first, t, 6)
        tables.append(t)
    first.post(f"/api/tables/{tables[1]['id']}/pause", headers=TEACHER)
    first.post(f"/api/tables/{tables[2]['id']}/end", headers=TEACHER)
    wait_for(lambda: all(x.driver is None or x.driver.done() for x in first.app.state.service.tables.values()))
    before = {t["id"]: (first.get(f"/api/tables/{t['id']}/save", headers=TEACHER).text,
                        {n: seat_of(first, t, n) for n in t["seats"]}) for t in tables}
    old = first.app.state.service.tables
    memos = {tid: old[tid].model.memo for tid in old}
    first.__exit__(None, None, None)
    second = make_client()
    new = second.app.state.service.tables
    for t in tables:
        save, seats = before[t["id"]]
        assert second.get(f"/api/tables/{t['id']}/save", headers=TEACHER).text == save
        assert {n: seat_of(second, t, n) for n in t["seats"]} == seats
        assert new[t["id"]].model.memo == memos[t["id"]]
        log = json.loads(json.dumps([dataclasses.asdict(e) for e in new[t["id"]].model.log()]))
        assert second.app.state.service.store.log(t["id"]) == log
    assert summary(second, tables[1])["paused"] and summary(second, tables[2])["ended"]


def test_the_seat_kinds_are_the_kits_bots():
    assert SEAT_KINDS[0] == "human" and "greedy" in SEAT_KINDS


def test_the_teacher_seats_bots_and_they_play_the_game_to_its_end(client, game_info):
    names = players_of(game_info)
    table = new_table(client, game=game_info.name, players=names, seed=7)
    play_moves(client, table, 2)
    r = client.post(f"/api/tables/{table['id']}/seats", json=dict.fromkeys(names, "random"), headers=TEACHER)
    assert r.status_code == 200, r.text
    wait_for(lambda: summary(client, table)["over"], timeout=300, what="the bots to finish the game")
    data = seat_of(client, table, names[0])  # the link still shows the seat's view
    assert data["over"] and not data["moves"]
    r = play(client, table, names[0], "anything")
    assert r.status_code == 409
    bad = client.post(f"/api/tables/{table['id']}/seats", json={"Nobody": "random"}, headers=TEACHER)
    assert bad.status_code == 400 and bad.json()["error"].startswith("seats:")
    bad = client.post(f"/api/tables/{table['id']}/seats", json={names[0]: "wizard"}, headers=TEACHER)
    assert bad.status_code == 400 and bad.json()["error"].startswith("seats:")
