"""The served classroom as one Starlette (ASGI) application: pages, WebSockets and a JSON API
over the :class:`~.service.TableService`.  ``fresco-kit serve`` runs it with uvicorn.

Security (README, "For teachers"):

- the teacher is the holder of the teacher token: ``Authorization: Bearer T`` on the API, or
  the login form, which sets an HttpOnly, SameSite=Strict cookie derived from the token; the
  teacher's form posts carry a CSRF token (derived from the token too) and must come from
  this origin; every token is compared in constant time;
- a seat is the holder of its link's token (96 random bits): it reads only its own view and
  plays only its own moves (another seat's move: 403); a wrong token gets 403;
- a Host header not in ``allowed_hosts`` (the bound host and the localhost names, plus any
  given) is refused (DNS rebinding); a WebSocket from another origin is refused;
- a request body over :data:`MAX_BODY` (a save over :data:`MAX_SAVE`) is refused before it
  is read or parsed (413); each seat, and each address trying to log in, is rate limited (429);
- errors reach the client as a short message, never a traceback; at most ``max_tables``
  tables are live at once.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import hmac
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from fresco_kit.classroom.i18n import LANGS, translator
from fresco_kit.core.game import Game
from fresco_kit.core.jsontext import MAX_JSON_BYTES
from fresco_kit.core.record import SaveError
from fresco_kit.core.table import NOT_A_MOVE, NOT_YOURS, OVER, REFUSED, Outcome

from . import pages
from .service import MAX_TABLES, Served, ServeError, TableService, reasons_data, rule_data, same
from .store import Store

log = logging.getLogger("fresco_kit.serve")

STATIC = Path(__file__).resolve().parent / "static"
#: the largest request body (a move, a new table, a form)
MAX_BODY = 64_000
#: the largest save a teacher may import (the kit's own limit on a save's JSON)
MAX_SAVE = MAX_JSON_BYTES
#: the paths whose body is a save
SAVE_PATHS = ("/api/tables/import",)
#: per seat: this many requests at once, refilled at RATE per second
BURST, RATE = 30, 10.0
#: per address: login attempts at once, refilled per second
LOGIN_BURST, LOGIN_RATE = 10, 0.2
#: the localhost names always allowed in the Host header
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
COOKIE = "fk_teacher"
SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
    ),
    "x-content-type-options": "nosniff",
    # not "no-referrer": with it Chromium sends "Origin: null" on the pages' own form posts,
    # which the origin check must refuse; "same-origin" still keeps a seat's link (its token)
    # from every other site
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}


# ---- middleware ----------------------------------------------------------------------------
class BodyLimit:
    """Refuse a request body over its limit (413) before the app reads it: by its
    Content-Length when given, else while it streams in."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY, save_limit: int = MAX_SAVE):
        self.app, self.limit, self.save_limit = app, limit, save_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The ASGI call."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.save_limit if scope["path"] in SAVE_PATHS else self.limit
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await too_large(limit)(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise HTTPException(413, f"the body is over {limit} bytes")
            return message

        await self.app(scope, limited, send)


def too_large(limit: int) -> Response:
    """The answer to a body over ``limit`` bytes (never read)."""
    return JSONResponse({"error": f"the request body is over the limit of {limit} bytes; nothing was read"}, 413)


class SecurityHeaders:
    """Add :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The ASGI call."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                known = {k.lower() for k, _v in headers}
                headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items() if k.encode() not in known]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with)


class RateLimit:
    """Token buckets by key: ``burst`` at once, refilled at ``rate`` per second."""

    def __init__(self, burst: float, rate: float):
        self.burst, self.rate = burst, rate
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        """Whether one more request of ``key`` may go now (then it is counted)."""
        now = time.monotonic()
        level, then = self._buckets.get(key, (self.burst, now))
        level = min(self.burst, level + (now - then) * self.rate)
        if level < 1:
            self._buckets[key] = (level, now)
            return False
        self._buckets[key] = (level - 1, now)
        if len(self._buckets) > 10_000:  # forget the full buckets
            self._buckets = {k: v for k, v in self._buckets.items() if v[0] < self.burst - 1}
        return True


# ---- helpers ---------------------------------------------------------------------------------
@contextlib.contextmanager
def bad_request() -> Iterator[None]:
    """A ValueError of the service (a bad field, named in its message) as a 400."""
    try:
        yield
    except ValueError as exc:
        raise ServeError(400, str(exc)) from None


def derived(token: str, purpose: str) -> str:
    """A value derived from the teacher token for one purpose (the cookie, the CSRF token)."""
    return hmac.new(token.encode(), f"fresco_kit {purpose}".encode(), hashlib.sha256).hexdigest()


def lang_of(value: object) -> str:
    """A page language: ``value`` when it is one of :data:`LANGS`, else English."""
    return value if isinstance(value, str) and value in LANGS else "en"


def same_origin(conn: HTTPConnection) -> bool:
    """Whether the request's Origin (when the browser sends one) is this server's own."""
    origin = conn.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == conn.headers.get("host", "")


def events_data(events: Any) -> list[dict[str, Any]]:
    """Events as JSON: their text and rule."""
    return [{"text": ev.text, "rule": rule_data(ev.rule)} for ev in events]


#: how many of the latest log entries a seat's view carries
LOG_ENTRIES = 40


def log_data(t: Served, last: int | None = LOG_ENTRIES) -> list[dict[str, Any]]:
    """The table's cited log as JSON (the ``last`` entries; all when None)."""
    return [
        {"number": x.number, "player": x.player, "text": x.text, "secret": x.secret, "events": events_data(x.events)}
        for x in t.model.log(last)
    ]


def seat_data(t: Served, seat: str) -> dict[str, Any]:
    """What the API tells ``seat``: its view, whose turn, its legal moves (action texts), scores, log."""
    v = t.model.seat_view(seat)
    return {
        "table": t.id,
        "game": t.info.name,
        "seat": seat,
        "to_act": list(v.to_act),
        "your_turn": v.acting and not t.paused and not t.ended,
        "over": v.over,
        "paused": t.paused,
        "ended": t.ended,
        "status": v.status,
        "view": v.view,
        "moves": [m.action for m in v.moves],
        "move_words": [dataclasses.asdict(m) for m in v.moves],
        "scores": v.scores,
        "can_undo": v.can_undo and not t.paused and not t.ended,
        "undo": t.model.undo_policy,
        "log": log_data(t),
        "log_length": len(t.model.game.history),
        "version": t.version,
    }


def outcome_response(outcome: Outcome, t: Served) -> JSONResponse:
    """A tried move as the API answers it."""
    if outcome.ok:
        return JSONResponse(
            {
                "played": outcome.action,
                "text": outcome.text,
                "events": events_data(outcome.events),
                "version": t.version,
            }
        )
    if outcome.kind == REFUSED:
        body = {"error": "refused", "move": outcome.action, "reasons": reasons_data(outcome.reasons)}
        return JSONResponse(body, 409)
    if outcome.kind == NOT_YOURS:
        return JSONResponse({"error": "not yours", "problem": outcome.problem}, 403)
    if outcome.kind == NOT_A_MOVE:
        return JSONResponse({"error": f"move: {outcome.problem}"}, 400)
    assert outcome.kind == OVER
    return JSONResponse({"error": outcome.problem}, 409)


# ---- the application --------------------------------------------------------------------------
class Server:
    """The routes over one :class:`TableService` (see the module doc)."""

    def __init__(
        self,
        service: TableService,
        teacher_token: str,
        *,
        public_url: str | None = None,
        burst: float = BURST,
        rate: float = RATE,
    ):
        if len(teacher_token) < 8:
            raise ValueError("teacher token: at least 8 characters")
        self.service = service
        self.token = teacher_token
        self.public_url = public_url.rstrip("/") if public_url else None
        self.seat_limit = RateLimit(burst, rate)
        self.login_limit = RateLimit(LOGIN_BURST, LOGIN_RATE)
        self.session, self.csrf = derived(teacher_token, "session"), derived(teacher_token, "csrf")

    def base(self, conn: HTTPConnection) -> str:
        """The address students reach: ``public_url``, else the one this request came to (a
        WebSocket's ``ws://`` as ``http://``: the teacher's pushed list links to pages)."""
        if self.public_url:
            return self.public_url
        url = conn.base_url
        return str(url.replace(scheme={"ws": "http", "wss": "https"}.get(url.scheme, url.scheme))).rstrip("/")

    # -- who is asking ----------------------------------------------------------
    def is_teacher(self, conn: HTTPConnection) -> bool:
        """A bearer token or the teacher's cookie."""
        auth = conn.headers.get("authorization", "")
        if auth.startswith("Bearer "):
            return same(auth[7:], self.token)
        return same(conn.cookies.get(COOKIE, ""), self.session)

    def teacher(self, conn: HTTPConnection) -> None:
        """403 unless the teacher asks."""
        if not self.is_teacher(conn):
            raise ServeError(403, "teacher only: give Authorization: Bearer <teacher token>")

    def limited(self, key: str, limiter: RateLimit | None = None) -> None:
        """429 when ``key`` asks too often."""
        if not (limiter or self.seat_limit).allow(key):
            raise ServeError(429, "too many requests: wait a moment")

    def seat(self, conn: HTTPConnection) -> tuple[Served, str]:
        """The table and seat of the path's token (403; rate limited per seat)."""
        t, seat = self.service.seat(conn.path_params["id"], conn.path_params["token"])
        self.limited(f"{t.id}/{seat}")
        return t, seat

    async def json_body(self, request: Request) -> dict[str, Any]:
        """The request's JSON object (400 naming what is wrong)."""
        try:
            data = json.loads(await request.body())
        except (ValueError, UnicodeDecodeError):
            raise ServeError(400, "body: must be a JSON object") from None
        if not isinstance(data, dict):
            raise ServeError(400, "body: must be a JSON object")
        return data

    # -- the API ------------------------------------------------------------------
    def table_answer(self, t: Served, conn: HTTPConnection) -> dict[str, Any]:
        """A new table as the API answers: its id, each person's seat token and link, the projector link."""
        base = self.base(conn)
        return {
            "id": t.id,
            "seats": {p: {"token": tok, "url": base + pages.seat_path(t, p)} for p, tok in t.tokens.items()},
            "projector_url": base + pages.projector_path(t),
        }

    async def api_create(self, request: Request) -> Response:
        """POST /api/tables (teacher): a new table."""
        self.teacher(request)
        data = await self.json_body(request)
        unknown = sorted(set(data) - {"game", "players", "seed", "seats", "options", "undo"})
        if unknown:
            raise ServeError(
                400, f"{unknown[0]}: not a field; the fields are game, players, seed, seats, options, undo"
            )
        with bad_request():
            t = self.service.create(
                data.get("game"),
                data.get("players"),
                data.get("seed", 0),
                data.get("seats"),
                data.get("options"),
                data.get("undo", "own"),
            )
        return JSONResponse(self.table_answer(t, request), 201)

    async def api_import(self, request: Request) -> Response:
        """POST /api/tables/import (teacher): a new table from a save (the body; refused unread over the limit)."""
        self.teacher(request)
        q = request.query_params
        seats = q.get("seats")
        try:
            game = Game.from_json(await request.body())
        except SaveError as exc:
            raise ServeError(400, f"save: {exc}") from None
        with bad_request():
            t = self.service.adopt(game, None if seats is None else seats.split(","), q.get("undo", "own"))
        return JSONResponse(self.table_answer(t, request), 201)

    async def api_list(self, request: Request) -> Response:
        """GET /api/tables (teacher): every table's summary."""
        self.teacher(request)
        return JSONResponse({"tables": [t.summary() for t in self.service.tables.values()]})

    async def api_seat(self, request: Request) -> Response:
        """GET /api/tables/ID/seat/TOKEN: that seat's view, whose turn, its legal moves."""
        t, seat = self.seat(request)
        async with t.lock:
            return JSONResponse(seat_data(t, seat))

    async def api_move(self, request: Request) -> Response:
        """POST /api/tables/ID/seat/TOKEN/moves ``{"move": TEXT}``: the events, or why not."""
        t, seat = self.seat(request)
        data = await self.json_body(request)
        with bad_request():
            outcome = await self.service.play(t, seat, data.get("move"))
        return outcome_response(outcome, t)

    async def api_seat_undo(self, request: Request) -> Response:
        """POST /api/tables/ID/seat/TOKEN/undo: the seat takes back its move, as the undo policy allows."""
        t, seat = self.seat(request)
        steps = await self.service.undo(t, seat)
        return JSONResponse({"undone": steps, "version": t.version})

    async def api_save(self, request: Request) -> Response:
        """GET /api/tables/ID/save (teacher): the kit's JSON save."""
        self.teacher(request)
        t = self.service.table(request.path_params["id"])
        async with t.lock:
            save = t.model.save()
        name = f"{t.id}-{t.model.filename()}"
        return Response(
            save, media_type="application/json", headers={"content-disposition": f'attachment; filename="{name}"'}
        )

    async def api_seats(self, request: Request) -> Response:
        """POST /api/tables/ID/seats ``{NAME: KIND}`` (teacher): a person or a bot at those places."""
        self.teacher(request)
        t = self.service.table(request.path_params["id"])
        data = await self.json_body(request)
        with bad_request():
            await self.service.set_seats(t, data)
        return JSONResponse(self.table_answer(t, request))

    async def api_control(self, request: Request) -> Response:
        """POST /api/tables/ID/ACTION (teacher): pause, resume, undo or end."""
        self.teacher(request)
        t = self.service.table(request.path_params["id"])
        await self.control(t, request.path_params["action"])
        return JSONResponse(t.summary())

    async def control(self, t: Served, action: str) -> None:
        """The teacher's pause, resume, undo or end."""
        if action == "pause":
            await self.service.set_paused(t, True)
        elif action == "resume":
            await self.service.set_paused(t, False)
        elif action == "undo":
            await self.service.undo(t, None)
        elif action == "end":
            await self.service.end(t)
        else:
            raise ServeError(404, f"no action {action!r}; the actions are pause, resume, undo, end")

    # -- the teacher's pages --------------------------------------------------------
    async def teacher_page(self, request: Request) -> Response:
        """GET /teacher: the login form, or the teacher's page."""
        lang = lang_of(request.query_params.get("lang"))
        if not self.is_teacher(request):
            return HTMLResponse(pages.login_page(lang))
        tables = list(self.service.tables.values())
        return HTMLResponse(pages.teacher_page(tables, self.base(request), self.csrf, lang))

    async def login(self, request: Request) -> Response:
        """POST /teacher/login: the teacher's cookie for the right token."""
        self.limited(f"login/{request.client.host if request.client else ''}", self.login_limit)
        if not same_origin(request):
            raise ServeError(403, "a form from another site")
        form = await request.form()
        lang = lang_of(form.get("lang"))
        if not same(form.get("token"), self.token):
            return HTMLResponse(pages.login_page(lang, translator(lang)("Wrong token.")), 403)
        response = RedirectResponse(f"/teacher?lang={lang}", 303)
        response.set_cookie(COOKIE, self.session, httponly=True, samesite="strict", path="/")
        return response

    async def teacher_form(self, request: Request) -> dict[str, Any]:
        """The posted form of a logged-in teacher, its CSRF token and origin checked (403)."""
        self.teacher(request)
        form = await request.form()
        if not same_origin(request) or not same(form.get("csrf"), self.csrf):
            raise ServeError(403, "the form's CSRF token is missing or wrong: reload the teacher's page")
        return dict(form)

    async def teacher_create(self, request: Request) -> Response:
        """POST /teacher/tables: a new table from the teacher's form."""
        form = await self.teacher_form(request)
        lang = lang_of(form.get("lang"))
        try:
            names = [n.strip() for n in str(form.get("names", "")).split(",") if n.strip()]
            count = str(form.get("players", "")).strip()
            players: Any = names or (int(count) if count.isdigit() else count)
            seats = [s.strip() for s in str(form.get("seats", "")).split(",") if s.strip()] or None
            seed_text = str(form.get("seed", "0")).strip() or "0"
            if not seed_text.isdigit():
                raise ValueError(f"seed: must be a whole number from 0, not {seed_text!r}")
            options = json.loads(str(form.get("options", "")).strip() or "{}")
            self.service.create(form.get("game"), players, int(seed_text), seats, options, form.get("undo", "own"))
        except (ValueError, ServeError) as exc:
            problem = exc.message if isinstance(exc, ServeError) else str(exc)
            page = pages.teacher_page(list(self.service.tables.values()), self.base(request), self.csrf, lang, problem)
            return HTMLResponse(page, 400)
        return RedirectResponse(f"/teacher?lang={lang}", 303)

    async def teacher_control(self, request: Request) -> Response:
        """POST /teacher/tables/ID/ACTION: pause, resume, undo or end from the teacher's page."""
        form = await self.teacher_form(request)
        t = self.service.table(request.path_params["id"])
        await self.control(t, request.path_params["action"])
        return RedirectResponse(f"/teacher?lang={lang_of(form.get('lang'))}", 303)

    # -- a seat's and the projector's pages -------------------------------------------
    def path_of(self, request: Request) -> tuple[str, ...]:
        """The chooser's steps in the query (``step`` repeated, then the ``next`` one chosen;
        ``back`` drops the last)."""
        q = request.query_params
        steps = (*q.getlist("step"), *q.getlist("next")[:1])[:20]
        return steps[:-1] if q.get("back") else steps

    async def seat_page(self, request: Request) -> Response:
        """GET /t/ID/s/TOKEN: the seat's page."""
        t, seat = self.seat(request)
        lang = lang_of(request.query_params.get("lang"))
        async with t.lock:
            page = pages.seat_page(t, seat, self.service.parts(t.info), lang, self.path_of(request))
        return HTMLResponse(page)

    async def seat_moves(self, request: Request) -> Response:
        """GET /t/ID/s/TOKEN/moves: the move chooser narrowed by the query's steps."""
        t, seat = self.seat(request)
        lang = lang_of(request.query_params.get("lang"))
        async with t.lock:
            return HTMLResponse(pages.moves_html(t, seat, self.path_of(request), lang))

    async def seat_post(
        self, request: Request, act: Callable[[Served, str, dict[str, Any]], Awaitable[str]]
    ) -> Response:
        """A seat's form post (play or undo): the answer, with the seat's parts swapped in
        (htmx), or back to the page (a browser without JavaScript)."""
        t, seat = self.seat(request)
        if not same_origin(request):
            raise ServeError(403, "a form from another site")
        form = dict(await request.form())
        lang = lang_of(form.get("lang"))
        answer = await act(t, seat, form | {"lang": lang})
        if "hx-request" not in request.headers:
            return RedirectResponse(f"{pages.seat_path(t, seat)}?{urlencode({'lang': lang})}", 303)
        async with t.lock:
            parts = pages.seat_parts(t, seat, self.service.parts(t.info), lang)
        oob = "".join(html.replace(' id="', ' hx-swap-oob="true" id="', 1) for html in parts.values())
        return HTMLResponse(answer + oob)

    async def seat_play(self, request: Request) -> Response:
        """POST /t/ID/s/TOKEN/play: the seat tries a move (the chooser's Play, the try box)."""

        async def act(t: Served, seat: str, form: dict[str, Any]) -> str:
            try:
                outcome = await self.service.play(t, seat, form.get("move"))
            except (ServeError, ValueError) as exc:
                return pages.answer_html(None, form["lang"], getattr(exc, "message", str(exc)))
            return pages.answer_html(outcome, form["lang"])

        return await self.seat_post(request, act)

    async def seat_undo(self, request: Request) -> Response:
        """POST /t/ID/s/TOKEN/undo: the seat's undo."""

        async def act(t: Served, seat: str, form: dict[str, Any]) -> str:
            _ = translator(form["lang"])
            try:
                await self.service.undo(t, seat)
            except ServeError as exc:
                return pages.answer_html(None, form["lang"], exc.message)
            return pages.answer_html(None, form["lang"], _("Your last move is taken back."))

        return await self.seat_post(request, act)

    async def projector_page(self, request: Request) -> Response:
        """GET /t/ID/p/TOKEN: the projector view."""
        t = self.service.projector(request.path_params["id"], request.path_params["token"])
        lang = lang_of(request.query_params.get("lang"))
        async with t.lock:
            return HTMLResponse(pages.projector_page(t, self.service.parts(t.info), lang))

    async def short_link(self, request: Request) -> Response:
        """GET /s/TOKEN: to the seat page of that token."""
        self.limited(f"short/{request.client.host if request.client else ''}", self.login_limit)
        found = self.service.by_token(request.path_params["token"])
        if found is None:
            raise ServeError(403, "this link opens no seat")
        return RedirectResponse(pages.seat_path(*found), 303)

    # -- live updates ------------------------------------------------------------------
    async def push(
        self, ws: WebSocket, key: str, render: Callable[[], Awaitable[dict[str, str]]], every: float
    ) -> None:
        """Send ``render()``'s parts that changed since the last send, after each change of
        ``key``'s table(s) (and every ``every`` seconds), until the client goes."""
        if not same_origin(ws):
            await ws.close(1008)
            return
        await ws.accept()
        queue = self.service.subscribe(key)
        sent: dict[str, str] = {}
        try:
            async with anyio.create_task_group() as group:

                async def read() -> None:
                    with contextlib.suppress(WebSocketDisconnect):
                        while True:
                            await ws.receive_text()  # ws-send messages are not used: drop them
                    group.cancel_scope.cancel()

                group.start_soon(read)
                while True:
                    parts = await render()
                    changed = "".join(html for part, html in parts.items() if sent.get(part) != html)
                    if changed:
                        await ws.send_text(changed)
                        sent = parts
                    with anyio.move_on_after(every):
                        await queue.get()
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            self.service.unsubscribe(key, queue)

    async def ws_seat(self, ws: WebSocket) -> None:
        """The WebSocket of one seat: its own parts only."""
        try:
            t, seat = self.seat(ws)
        except ServeError:
            await ws.close(1008)
            return
        lang, parts = lang_of(ws.query_params.get("lang")), self.service.parts(t.info)

        async def render() -> dict[str, str]:
            async with t.lock:
                return pages.seat_parts(t, seat, parts, lang)

        await self.push(ws, t.id, render, 3600)

    async def ws_projector(self, ws: WebSocket) -> None:
        """The WebSocket of the projector view: the public parts."""
        try:
            t = self.service.projector(ws.path_params["id"], ws.path_params["token"])
        except ServeError:
            await ws.close(1008)
            return
        lang, parts = lang_of(ws.query_params.get("lang")), self.service.parts(t.info)

        async def render() -> dict[str, str]:
            async with t.lock:
                return pages.projector_parts(t, parts, lang)

        await self.push(ws, t.id, render, 3600)

    async def ws_teacher(self, ws: WebSocket) -> None:
        """The WebSocket of the teacher's page: the list of tables."""
        if not self.is_teacher(ws):
            await ws.close(1008)
            return
        lang, base = lang_of(ws.query_params.get("lang")), self.base(ws)

        async def render() -> dict[str, str]:
            return {"fk-tables": pages.tables_html(list(self.service.tables.values()), base, self.csrf, lang)}

        await self.push(ws, "*", render, 15)

    # -- errors ----------------------------------------------------------------------
    @staticmethod
    def wants_json(request: Request) -> bool:
        """Whether the client reads JSON (the API)."""
        return request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", "")

    async def serve_error(self, request: Request, exc: Exception) -> Response:
        """A refused request as a short message (JSON for the API)."""
        status, message = 500, "internal error"
        if isinstance(exc, ServeError):
            status, message = exc.status, exc.message
        elif isinstance(exc, HTTPException):
            status, message = exc.status_code, str(exc.detail)
        headers = {"retry-after": "1"} if status == 429 else None
        if self.wants_json(request):
            return JSONResponse({"error": message}, status, headers=headers)
        lang = lang_of(request.query_params.get("lang"))
        return HTMLResponse(pages.error_page(status, message, lang), status, headers=headers)

    async def internal_error(self, request: Request, exc: Exception) -> Response:
        """An error of the server: logged here, a generic 500 for the client."""
        log.exception("error on %s %s", request.method, request.url.path, exc_info=exc)
        if self.wants_json(request):
            return JSONResponse({"error": "internal error"}, 500)
        return PlainTextResponse("internal error", 500)

    def routes(self) -> list[Any]:
        """Every route of the application."""
        seat, api_seat = "/t/{id}/s/{token}", "/api/tables/{id}/seat/{token}"
        return [
            Route("/", lambda r: RedirectResponse("/teacher", 303)),
            Route("/teacher", self.teacher_page),
            Route("/teacher/login", self.login, methods=["POST"]),
            Route("/teacher/tables", self.teacher_create, methods=["POST"]),
            Route("/teacher/tables/{id}/save", self.api_save),
            Route("/teacher/tables/{id}/{action}", self.teacher_control, methods=["POST"]),
            Route(seat, self.seat_page),
            Route(seat + "/moves", self.seat_moves),
            Route(seat + "/play", self.seat_play, methods=["POST"]),
            Route(seat + "/undo", self.seat_undo, methods=["POST"]),
            Route("/t/{id}/p/{token}", self.projector_page),
            Route("/s/{token}", self.short_link),
            WebSocketRoute("/ws/t/{id}/s/{token}", self.ws_seat),
            WebSocketRoute("/ws/t/{id}/p/{token}", self.ws_projector),
            WebSocketRoute("/ws/teacher", self.ws_teacher),
            Route("/api/tables", self.api_create, methods=["POST"]),
            Route("/api/tables", self.api_list, methods=["GET"]),
            Route("/api/tables/import", self.api_import, methods=["POST"]),
            Route(api_seat, self.api_seat),
            Route(api_seat + "/moves", self.api_move, methods=["POST"]),
            Route(api_seat + "/undo", self.api_seat_undo, methods=["POST"]),
            Route("/api/tables/{id}/save", self.api_save),
            Route("/api/tables/{id}/seats", self.api_seats, methods=["POST"]),
            Route("/api/tables/{id}/{action}", self.api_control, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]


def allowed(host: str, extra: tuple[str, ...] = ()) -> list[str]:
    """The Host names to accept: the bound host (unless it is every address), the localhost
    names and ``extra``."""
    names = [*LOCAL_HOSTS, *extra]
    if host not in ("0.0.0.0", "::", ""):
        names.append(host)
    return list(dict.fromkeys(names))


def create_app(
    db: str | Path,
    teacher_token: str,
    *,
    host: str = "127.0.0.1",
    allowed_hosts: tuple[str, ...] = (),
    max_tables: int = MAX_TABLES,
    public_url: str | None = None,
    bot_delay: float = 0.0,
    burst: float = BURST,
    rate: float = RATE,
) -> Starlette:
    """The application over the tables of ``db`` (each one restored as it was committed)."""
    service = TableService(Store(db), max_tables=max_tables, bot_delay=bot_delay)
    service.start()
    server = Server(service, teacher_token, public_url=public_url, burst=burst, rate=rate)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        service.resume_bots()
        yield
        for t in service.tables.values():
            if t.driver is not None:
                t.driver.cancel()
        service.store.close()

    middleware = [
        Middleware(SecurityHeaders),
        Middleware(TrustedHostMiddleware, allowed_hosts=allowed(host, allowed_hosts)),
        Middleware(BodyLimit),
    ]
    handlers: dict[Any, Any] = {
        ServeError: server.serve_error,
        HTTPException: server.serve_error,
        Exception: server.internal_error,
    }
    app = Starlette(routes=server.routes(), middleware=middleware, exception_handlers=handlers, lifespan=lifespan)
    app.state.server = server
    app.state.service = service
    return app
