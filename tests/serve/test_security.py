"""Limits and security of the served classroom: tokens, Host check, body and save limits
(refused unparsed), rate limits, CSRF, escaping, no tracebacks, WebSocket origins."""
from __future__ import annotations

import html
import re

import pytest
from starlette.websockets import WebSocketDisconnect

from fresco_kit.core import jsontext
from fresco_kit.core.game import Game
from fresco_kit.serve import app as serve_app

from .conftest import BASE, TEACHER, TOKEN, new_table, play, play_moves, seat_of


def test_a_wrong_or_missing_token_gets_403(client):
    table = new_table(client, game="sixtina", players=["Ann", "Bob"])
    tid = table["id"]
    for path in (f"/api/tables/{tid}/seat/nottheirs", f"/t/{tid}/s/nottheirs", f"/t/{tid}/p/nottheirs"):
        assert client.get(path).status_code == 403
    assert client.post(f"/api/tables/{tid}/seat/wrong/moves", json={"move": "prepare"}).status_code == 403
    for headers in ({}, {"authorization": "Bearer wrong"}, {"authorization": TOKEN}):
        assert client.get("/api/tables", headers=headers).status_code == 403
        assert client.get(f"/api/tables/{tid}/save", headers=headers).status_code == 403
        assert client.post(f"/api/tables/{tid}/pause", headers=headers).status_code == 403
        assert client.post("/api/tables", json={"game": "sixtina"}, headers=headers).status_code == 403
    # a seat token is not the teacher's, and opens no other table
    ann = table["seats"]["Ann"]["token"]
    assert client.get(f"/api/tables/{tid}/save", headers={"authorization": f"Bearer {ann}"}).status_code == 403
    other = new_table(client, game="sixtina", players=2)
    assert client.get(f"/api/tables/{other['id']}/seat/{ann}").status_code == 403


def test_a_seat_token_reads_only_its_own_view_and_acts_only_for_itself(client):
    table = new_table(client, game="sixtina", players=["Ann", "Bob", "Cy"], seed=3)
    served = client.app.state.service.tables[table["id"]]
    model, parts = served.model, client.app.state.service.parts(served.info)
    play_moves(client, table, 3)
    for name in table["seats"]:
        data = seat_of(client, table, name)
        assert data["seat"] == name
        hand = model.view(name)["players"]
        mine = next(p for p in hand if p["name"] == name)
        assert mine["hand"] is not None  # its own hand
        others = [p for p in data["view"]["players"] if p["name"] != name]
        assert others and all(p["hand"] is None for p in others)  # no other hand
        page = client.get(table["seats"][name]["url"]).text
        assert parts.private_html(model.game.state, name) in page  # its own private view
        for other in (n for n in table["seats"] if n != name):
            # another seat's private view (its hand, with the cards' names) is not in the page
            assert parts.private_html(model.game.state, other) not in page
            their = next(p for p in model.game.state.to_dict()["players"] if p["name"] == other)["hand"]
            assert their and next(p for p in data["view"]["players"] if p["name"] == other)["hand"] is None


def test_a_request_from_another_host_is_refused(client):
    assert client.get("/teacher", headers={"host": "evil.example"}).status_code == 400
    assert client.get("/teacher", headers={"host": "127.0.0.1:8765"}).status_code == 200
    assert client.get("/teacher", headers={"host": "localhost:8765"}).status_code == 200
    r = client.post("/api/tables", json={"game": "sixtina"}, headers=TEACHER | {"host": "attacker.test"})
    assert r.status_code == 400 and client.get("/api/tables", headers=TEACHER).json()["tables"] == []


def test_extra_hosts_are_allowed_only_when_given(make_client):
    client = make_client(host="0.0.0.0", allowed_hosts=("classroom.lan",))
    assert client.get("/teacher", headers={"host": "classroom.lan:8765"}).status_code == 200
    assert client.get("/teacher", headers={"host": "0.0.0.0:8765"}).status_code == 400
    assert client.get("/teacher", headers={"host": "other.lan"}).status_code == 400


def test_an_oversized_save_is_refused_before_it_is_read_or_parsed(client, monkeypatch):
    parsed = []
    monkeypatch.setattr(Game, "from_json", classmethod(lambda cls, text: parsed.append(text)))
    monkeypatch.setattr(jsontext, "loads", lambda *a, **k: parsed.append(a))
    big = b"{" + b" " * (serve_app.MAX_SAVE + 10) + b"}"
    r = client.post("/api/tables/import", content=big, headers=TEACHER)
    assert r.status_code == 413 and "nothing was read" in r.json()["error"]
    # streamed without a length, it is cut off while it comes in
    def chunks():
        for _ in range(serve_app.MAX_SAVE // 65536 + 2):
            yield b" " * 65536

    r = client.post("/api/tables/import", content=chunks(), headers=TEACHER)
    assert r.status_code == 413
    assert parsed == []


def test_a_request_body_over_the_limit_is_refused(client):
    table = new_table(client, game="sixtina", players=2)
    name = next(iter(table["seats"]))
    url = f"/api/tables/{table['id']}/seat/{table['seats'][name]['token']}/moves"
    r = client.post(url, content=b'{"move": "' + b"x" * serve_app.MAX_BODY + b'"}')
    assert r.status_code == 413
    r = client.post("/api/tables", content=b"{" + b" " * serve_app.MAX_BODY + b"}", headers=TEACHER)
    assert r.status_code == 413


def test_each_seat_is_rate_limited(make_client):
    client = make_client(burst=5, rate=0.001)
    table = new_table(client, game="sixtina", players=["Ann", "Bob"])
    ann, bob = (table["seats"][n]["token"] for n in ("Ann", "Bob"))
    codes = [client.get(f"/api/tables/{table['id']}/seat/{ann}").status_code for _ in range(7)]
    assert codes[:5] == [200] * 5 and codes[5:] == [429, 429]
    assert client.get(f"/api/tables/{table['id']}/seat/{ann}").headers["retry-after"] == "1"
    assert client.get(f"/api/tables/{table['id']}/seat/{bob}").status_code == 200  # another seat is not held up


def test_logging_in_is_rate_limited(client):
    codes = [client.post("/teacher/login", data={"token": "guess"}).status_code for _ in range(serve_app.LOGIN_BURST + 2)]
    assert codes[: serve_app.LOGIN_BURST] == [403] * serve_app.LOGIN_BURST and codes[-1] == 429


@pytest.mark.parametrize("name", ["<script>alert(1)</script>", "<img/src=x/onerror=alert(1)>", "A&B\"'"])
def test_an_injected_name_renders_as_text(client, name):
    table = new_table(client, game="lorenzo", players=[name, "Bob"], seats=["human", "human"])
    pages = [client.get(table["seats"][name]["url"]).text, client.get(table["seats"]["Bob"]["url"]).text,
             client.get(table["projector_url"]).text, client.get("/teacher", headers=TEACHER).text]
    for page in pages:
        assert name not in page
        assert "<script>alert" not in page and "<img/src=x" not in page
    assert html.escape(name) in pages[0]  # shown, as text
    # the only scripts are the two vendored files
    for page in pages:
        assert re.findall(r"<script[^>]*>", page) == ['<script src="/static/htmx.min.js">', '<script src="/static/ws.min.js">']


def test_the_teachers_forms_need_the_csrf_token_and_this_origin(client):
    assert client.post("/teacher/login", data={"token": TOKEN}, follow_redirects=False).status_code == 303
    assert client.cookies.get("fk_teacher")
    form = {"game": "sixtina", "players": "2", "seed": "0", "undo": "own"}
    assert client.post("/teacher/tables", data=form).status_code == 403  # no CSRF token
    assert client.post("/teacher/tables", data=form | {"csrf": "forged"}).status_code == 403
    page = client.get("/teacher").text
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
    evil = {"origin": "http://evil.example"}
    assert client.post("/teacher/tables", data=form | {"csrf": csrf}, headers=evil).status_code == 403
    assert client.get("/api/tables", headers=TEACHER).json()["tables"] == []
    r = client.post("/teacher/tables", data=form | {"csrf": csrf}, headers={"origin": BASE}, follow_redirects=False)
    assert r.status_code == 303 and len(client.get("/api/tables", headers=TEACHER).json()["tables"]) == 1


def test_the_teacher_cookie_is_httponly_and_strict(client):
    r = client.post("/teacher/login", data={"token": TOKEN}, follow_redirects=False)
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and TOKEN.lower() not in cookie


def test_no_traceback_reaches_the_client(client, monkeypatch):
    table = new_table(client, game="sixtina", players=2)
    name = next(iter(table["seats"]))

    def broken(*args, **kwargs):
        raise RuntimeError("secret /home/teacher/path detail")

    monkeypatch.setattr(serve_app, "seat_data", broken)
    monkeypatch.setattr(serve_app.pages, "seat_page", broken)
    client_quiet = client
    client_quiet._transport.raise_server_exceptions = False  # answer as a real server would
    for url in (f"/api/tables/{table['id']}/seat/{table['seats'][name]['token']}", table["seats"][name]["url"]):
        r = client_quiet.get(url)
        assert r.status_code == 500
        assert "Traceback" not in r.text and "secret" not in r.text and ".py" not in r.text


def test_every_response_carries_the_security_headers(client):
    r = client.get("/teacher")
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff" and r.headers["referrer-policy"] == "same-origin"


def test_websockets_need_a_token_and_this_origin(client):
    table = new_table(client, game="sixtina", players=["Ann", "Bob"])
    token = table["seats"]["Ann"]["token"]
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"ws://127.0.0.1:8765/ws/t/{table['id']}/s/wrong") as ws:
            ws.receive_text()
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"ws://127.0.0.1:8765/ws/t/{table['id']}/s/{token}", headers={"origin": "http://evil.example"}) as ws:
            ws.receive_text()
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect("ws://127.0.0.1:8765/ws/teacher") as ws:  # no cookie
            ws.receive_text()
    with client.websocket_connect(f"ws://127.0.0.1:8765/ws/t/{table['id']}/s/{token}", headers={"origin": BASE}) as ws:
        assert 'id="fk-turn"' in ws.receive_text()


def test_a_weak_teacher_token_is_refused(db):
    with pytest.raises(ValueError, match="at least 8"):
        serve_app.create_app(db, "short")


def test_refused_moves_through_the_page_change_nothing(client):
    table = new_table(client, game="sixtina", players=["Ann", "Bob"])
    before = client.get(f"/api/tables/{table['id']}/save", headers=TEACHER).text
    for name in table["seats"]:
        r = client.post(table["seats"][name]["url"] + "/play", data={"move": "fly to the moon"},
                        headers={"hx-request": "true"})
        assert r.status_code == 200 and 'id="fk-answer"' in r.text and "fly to the moon" in r.text
    assert client.get(f"/api/tables/{table['id']}/save", headers=TEACHER).text == before
    assert play(client, table, "Ann", "restore") .status_code in (400, 403, 409)
