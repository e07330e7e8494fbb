"""The served pages: a seat's page (board, own private view, step-by-step chooser, try box,
log, scores, undo), the projector view, the teacher's page (login, create, controls, QR
codes), live updates over WebSockets (each seat gets its own parts only), languages and
the accessibility basics."""
from __future__ import annotations

import html
import re
from urllib.parse import urlsplit

import pytest

from fresco_kit.serve import pages

from .conftest import BASE, TEACHER, TOKEN, new_table, play_moves, seat_of, summary, wait_for

WS = "ws://127.0.0.1:8765"


def path(url: str) -> str:
    return urlsplit(url).path


def login(client) -> str:
    """Log the client in as the teacher; the page's CSRF token."""
    client.post("/teacher/login", data={"token": TOKEN})
    return re.search(r'name="csrf" value="([0-9a-f]+)"', client.get("/teacher").text).group(1)


def test_a_seat_page_has_the_board_its_own_view_the_chooser_the_try_box_and_the_log(client, game_info):
    names = game_info.players(min(game_info.player_counts))
    table = new_table(client, game=game_info.name, players=names, seed=1)
    mover = next(n for n in names if seat_of(client, table, n)["your_turn"])
    page = client.get(table["seats"][mover]["url"]).text
    assert page.startswith("<!doctype html><html lang=\"en\">")
    for part in pages.SEAT_PARTS:
        assert f'id="{part}"' in page
    assert 'role="status" aria-live="polite"' in page and 'aria-live="assertive"' in page
    assert "<svg" in page and "viewBox" in page
    assert 'class="fk-move-button"' in page or 'id="fk-step-select"' in page or 'class="fk-play"' in page
    assert '<label for="fk-try-text">' in page and 'id="fk-try-text"' in page
    assert f'ws-connect="/ws/t/{table["id"]}/s/{table["seats"][mover]["token"]}' in page
    waiting = next(n for n in names if n != mover)
    other = client.get(table["seats"][waiting]["url"]).text
    assert f"Waiting for {mover}" in other and "fk-move-button" not in other


def test_choosing_step_by_step_narrows_to_one_move_then_play(client):
    table = new_table(client, game="lorenzo", players=["Ann", "Bob"], seed=2)
    name = next(n for n in table["seats"] if seat_of(client, table, n)["your_turn"])
    base = path(table["seats"][name]["url"])
    model = client.app.state.service.tables[table["id"]].model
    steps: list[str] = []
    fragment = client.get(base + "/moves", headers={"hx-request": "true"}).text
    for _ in range(10):
        n = model.choose(name, steps)
        if n.move is not None:
            break
        # what the form sends, as htmx sends it: its hidden steps, and the clicked choice as
        # ``next`` (htmx puts a clicked button's value in place of same-named fields)
        hidden = [html.unescape(v) for v in re.findall(r'name="step" value="([^"]*)"', fragment)]
        assert hidden == steps
        assert f'name="next" value="{pages.e(n.labels[0])}"' in fragment or 'name="next">' in fragment
        params = [("step", s) for s in hidden] + [("next", n.labels[0])]
        steps.append(n.labels[0])
        fragment = client.get(base + "/moves", params=params, headers={"hx-request": "true"}).text
        assert fragment.startswith('<section id="fk-moves"')
        assert all(pages.e(s) in fragment for s in steps)  # the breadcrumb
    assert n.move is not None and 'class="fk-play"' in fragment
    move = re.search(r'name="move" value="([^"]+)"', fragment).group(1)
    assert move == n.move.action
    back = client.get(base + "/moves", params=[("step", s) for s in steps] + [("back", "1")]).text
    assert "fk-back" in back or len(steps) == 1
    r = client.post(base + "/play", data={"move": move}, headers={"hx-request": "true"})
    assert r.status_code == 200 and "fk-played" in r.text and 'hx-swap-oob="true" id="fk-board"' in r.text
    assert summary(client, table)["moves"] == 1
    # without JavaScript, the form post goes back to the page
    other = next(n for n in table["seats"] if seat_of(client, table, n)["your_turn"])
    move = seat_of(client, table, other)["moves"][0]
    r = client.post(path(table["seats"][other]["url"]) + "/play", data={"move": move}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith(path(table["seats"][other]["url"]))


def test_a_refused_try_shows_every_rule_cited(client):
    table = new_table(client, game="sixtina", players=["Ann", "Bob"], seed=1)
    play_moves(client, table, 2)
    model = client.app.state.service.tables[table["id"]].model
    name = next(n for n in table["seats"] if seat_of(client, table, n)["your_turn"])
    text = next(str(a) for t in model.game.history for a in model.game.rules.legal_actions(t.state_before, player=name)
                if not model.game.explain(a).ok)
    r = client.post(path(table["seats"][name]["url"]) + "/play", data={"move": text}, headers={"hx-request": "true"})
    reasons = model.game.explain(text).reasons
    assert "Refused:" in r.text
    for message, ref in reasons:
        assert pages.e(message) in r.text and pages.e(ref.checklist_id) in r.text


def test_the_projector_shows_the_public_board_log_and_scores_in_large_text(client):
    table = new_table(client, game="fresco", players=["Ann", "Bob", "Cy"], seed=1)
    play_moves(client, table, 3)
    page = client.get(table["projector_url"]).text
    for part in pages.PROJECTOR_PARTS:
        assert f'id="{part}"' in page
    assert 'id="fk-private"' not in page and 'id="fk-moves"' not in page
    assert 'class="fk-projector"' in page
    css = client.get("/static/serve.css").text
    assert ".fk-projector { font-size: 26px; }" in css


def test_the_teacher_logs_in_creates_a_table_and_sees_its_links_and_qr_codes(client):
    assert "Teacher token" in client.get("/teacher").text  # the login form
    csrf = login(client)
    form = {"csrf": csrf, "game": "sixtina", "players": "3", "names": "Ann, Bob, Cy", "seats": "human, human, greedy",
            "seed": "4", "undo": "own", "options": ""}
    r = client.post("/teacher/tables", data=form, headers={"origin": BASE})
    assert r.status_code == 200 and "Ann" in r.text  # followed to the teacher's page
    tables = client.get("/api/tables", headers=TEACHER).json()["tables"]
    assert len(tables) == 1 and tables[0]["seats"] == {"Ann": "human", "Bob": "human", "Cy": "greedy"}
    page = client.get("/teacher").text
    assert page.count("<svg") >= 2 and "/s/" in page  # a QR code and a short link per person
    tid = tables[0]["id"]
    for action in ("pause", "resume", "undo", "end"):
        assert f'action="/teacher/tables/{tid}/{action}"' in page or action in ("resume", "undo")
    bad = client.post("/teacher/tables", data=form | {"names": "Ann, Ann, Cy"}, headers={"origin": BASE})
    assert bad.status_code == 400 and "players: the names must differ" in bad.text
    r = client.post(f"/teacher/tables/{tid}/pause", data={"csrf": csrf}, headers={"origin": BASE})
    assert r.status_code == 200 and summary(client, {"id": tid})["paused"]
    save = client.get(f"/teacher/tables/{tid}/save")
    assert save.status_code == 200 and "attachment" in save.headers["content-disposition"]
    short = re.search(r">(http://127\.0\.0\.1:8765/s/[^<]+)<", page).group(1)
    r = client.get(short, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith(f"/t/{tid}/s/")


def test_each_seat_gets_only_its_own_parts_over_its_websocket(client):
    table = new_table(client, game="sixtina", players=["Ann", "Bob", "Cy"], seed=6)
    served = client.app.state.service.tables[table["id"]]
    parts = client.app.state.service.parts(served.info)
    sockets = {n: client.websocket_connect(f"{WS}/ws/t/{table['id']}/s/{table['seats'][n]['token']}",
                                           headers={"origin": BASE}).__enter__() for n in table["seats"]}
    try:
        first = {n: ws.receive_text() for n, ws in sockets.items()}  # everything, at once
        for n, frame in first.items():
            assert 'id="fk-board"' in frame and parts.private_html(served.model.game.state, n) in frame
        mover = next(n for n in table["seats"] if seat_of(client, table, n)["your_turn"])
        move = seat_of(client, table, mover)["moves"][0]
        client.post(f"/api/tables/{table['id']}/seat/{table['seats'][mover]['token']}/moves", json={"move": move})
        state = served.model.game.state
        for n, ws in sockets.items():
            frame = ws.receive_text()  # the move, pushed to every seat
            assert 'id="fk-log"' in frame
            for other in table["seats"]:
                if other != n:
                    assert parts.private_html(state, other) not in frame
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)


def test_the_teachers_websocket_pushes_the_list_of_tables(client):
    login(client)
    with client.websocket_connect(f"{WS}/ws/teacher", headers={"origin": BASE}) as ws:
        assert 'id="fk-tables"' in ws.receive_text()
        table = new_table(client, game="lorenzo", players=2)
        pushed = ws.receive_text()
        assert table["id"] in pushed
        # the pushed list links to the seats' pages over http, as the page itself does
        assert f"{BASE}/s/" in pushed and "ws://" not in pushed


@pytest.mark.parametrize(("lang", "text"), [("es", "Profesor"), ("it", "Insegnante")])
def test_the_pages_speak_the_languages_of_the_catalogs(client, lang, text):
    page = client.get(f"/teacher?lang={lang}").text
    assert f'<html lang="{lang}">' in page and text in page
    table = new_table(client, game="fresco", players=3)
    name = next(iter(table["seats"]))
    seat = client.get(table["seats"][name]["url"], params={"lang": lang}).text
    assert f'<html lang="{lang}">' in seat
    assert client.get("/teacher?lang=xx").text.startswith('<!doctype html><html lang="en">')


def test_every_input_has_a_label(client):
    login(client)
    table = new_table(client, game="lorenzo", players=2)
    name = next(n for n in table["seats"] if seat_of(client, table, n)["your_turn"])
    for page in (client.get("/teacher").text, client.get(table["seats"][name]["url"]).text):
        for field in re.finditer(r"<(input|select)\b([^>]*)>", page):
            attrs = field.group(2)
            if 'type="hidden"' in attrs:
                continue
            ident = re.search(r'id="([^"]+)"', attrs).group(1)
            assert f'<label for="{ident}">' in page, attrs


def test_the_vendored_scripts_are_served_from_the_package(client):
    for name in ("htmx.min.js", "ws.min.js"):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and len(r.content) > 1000
    readme = (pages.__file__.rsplit("/", 1)[0]) + "/static/README.md"
    assert "2.0.11" in open(readme, encoding="utf-8").read()


def test_a_bot_table_plays_on_and_the_seat_waits_for_its_turn(client):
    table = new_table(client, game="fresco", players=["Ann", "Bob", "Cy"], seats=["human", "greedy", "greedy"], seed=3)
    for _ in range(3):
        play_moves(client, table, 1)
        wait_for(lambda: seat_of(client, table, "Ann")["your_turn"] or summary(client, table)["over"])
    assert summary(client, table)["moves"] >= 3
