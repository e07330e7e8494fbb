"""The served pages as HTML, rendered on the server from the table model: the teacher's page,
a seat's page and the projector view, and the fragments the server pushes over a WebSocket.

What a page shows of a game comes from the seat's own parts only: the public board
(the game's ``board_svg``, public by the game interface's contract), that seat's private view
(``private_html(state, seat)``, drawn from ``state.view(seat)``), its own
:class:`~fresco_kit.core.table.SeatView` (moves, whose turn, scores) and the cited log (a
secret choice logged without its secret).  The projector shows the board, log and scores only.
Every name and text is escaped here with :func:`html.escape`; the games' SVG and HTML parts
escape their own texts.

Each live part has an ``id`` (``fk-turn``, ``fk-board``, ``fk-private``, ``fk-moves``,
``fk-scores``, ``fk-log``, ``fk-undo``; ``fk-tables`` on the teacher's page): the htmx
WebSocket extension swaps a pushed element into the element with its id (``hx-swap-oob``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from html import escape
from typing import Any
from urllib.parse import quote, urlencode

import segno

from fresco_kit.classroom.i18n import LANGS, N_, Translator, translator
from fresco_kit.classroom.page_style import scalable
from fresco_kit.classroom.table_parts import forms_html, log_entry_html, refusal_html, score_html
from fresco_kit.core.registry import games
from fresco_kit.core.table import NOT_A_MOVE, NOT_YOURS, OVER, PLAYED, REFUSED, UNDO_POLICIES, Outcome

from .service import SEAT_KINDS, Served

#: above this many choices at one step, a list replaces the buttons (as in the notebook table)
MAX_BUTTONS = 24
#: how many moves the log shows, newest first
LOG_MOVES = 40
#: the undo policies (:data:`~fresco_kit.core.table.UNDO_POLICIES`) in the teacher's words
UNDO_LABELS: dict[str, str] = {
    "anyone": N_("anyone at the table"),
    "own": N_("each their own last move, until another person moves"),
    "teacher": N_("the teacher only"),
    "off": N_("no undo"),
}
#: the ids of a seat page's live parts, in page order
SEAT_PARTS = ("fk-turn", "fk-board", "fk-private", "fk-moves", "fk-undo", "fk-names", "fk-scores", "fk-log")
#: the ids of the projector's live parts
PROJECTOR_PARTS = ("fk-turn", "fk-board", "fk-scores", "fk-log")

Translate = Translator


def e(text: object) -> str:
    """``text`` escaped for HTML text and attribute values."""
    return escape(str(text), quote=True)


def seat_path(t: Served, seat: str) -> str:
    """The path of ``seat``'s page at table ``t``."""
    return f"/t/{t.id}/s/{t.tokens[seat]}"


def projector_path(t: Served) -> str:
    """The path of ``t``'s projector view."""
    return f"/t/{t.id}/p/{t.projector}"


def short_path(t: Served, seat: str) -> str:
    """The short link of ``seat``'s page (it redirects to the page)."""
    return f"/s/{t.tokens[seat]}"


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as an inline SVG element (segno)."""
    return str(segno.make(url, error="m").svg_inline(scale=3, title=url))


def document(title: str, body: str, lang: str, *, ws: str | None = None, kind: str = "") -> str:
    """A whole page: ``lang``, the stylesheet, the vendored htmx and its ws extension, and
    ``body`` (inside a ``<main>`` connected to the WebSocket ``ws`` when given)."""
    _ = translator(lang)
    connect = f' hx-ext="ws" ws-connect="{e(ws)}"' if ws else ""
    current = ' aria-current="true"'
    langs = " ".join(
        f'<a href="?lang={code}" hreflang="{code}"{current if code == lang else ""}>{code}</a>' for code in LANGS
    )
    return (
        f'<!doctype html><html lang="{e(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(title)}</title>"
        '<link rel="stylesheet" href="/static/serve.css">'
        '<script src="/static/htmx.min.js"></script><script src="/static/ws.min.js"></script>'
        f'</head><body class="{e(kind)}"><a class="fk-skip" href="#fk-main">{e(_("Skip to the table"))}</a>'
        f'<nav class="fk-langs" aria-label="{e(_("Language"))}">{langs}</nav>'
        f'<main id="fk-main"{connect}>{body}</main></body></html>'
    )


# ---- a seat ------------------------------------------------------------------------------
def turn_html(t: Served, seat: str | None, _: Translate) -> str:
    """Whose turn it is, as a polite live region (announced to screen readers when it changes)."""
    m = t.model
    to_act = m.to_act()
    if t.ended:
        text = _("The teacher has ended this table.")
    elif t.paused:
        text = _("The teacher has paused this table.")
    elif m.game.is_over:
        text = _("The game is over.")
    elif seat is not None and seat in to_act:
        text = _("Your turn, {seat}.").format(seat=seat)
    else:
        text = _("Waiting for {players}.").format(players=", ".join(to_act))
    return (
        f'<div id="fk-turn" class="fk-turn" role="status" aria-live="polite">'
        f"<p><strong>{e(text)}</strong></p><p>{e(_.say(m.status()))}</p></div>"
    )


def board_html(t: Served, parts: Any, _: Translate) -> str:
    """The public board (the game's SVG, scaled by its viewBox)."""
    svg = scalable(parts.board_svg(t.model.game.state, _.lang))
    return f'<section id="fk-board" class="fk-board" aria-label="{e(_("Board"))}">{svg}</section>'


def private_html(t: Served, seat: str, parts: Any, _: Translate) -> str:
    """``seat``'s own private view (hand, screen, plans): nobody else's."""
    inner = parts.private_html(t.model.game.state, seat, _.lang)
    return (
        f'<section id="fk-private" class="fk-private" aria-labelledby="fk-private-h">'
        f'<h2 id="fk-private-h">{e(_("Only you see this"))}</h2>{inner}</section>'
    )


def moves_html(t: Served, seat: str, path: Sequence[str], lang: str) -> str:
    """``seat``'s step-by-step move chooser narrowed by ``path`` (GET forms: choosing changes
    nothing; only Play posts).  The steps so far are hidden ``step`` fields and the choice is
    ``next``: htmx sends a clicked button's value in place of every field of the same name, so
    a choice named ``step`` would drop the path."""
    _ = translator(lang)
    base = f"/t/{t.id}/s/{t.tokens[seat]}"
    head = (
        '<section id="fk-moves" class="fk-moves" aria-labelledby="fk-moves-h">'
        f'<h2 id="fk-moves-h">{e(_("Your move"))}</h2>'
    )
    if t.paused or t.ended or seat not in t.model.to_act():
        return f"{head}<p>{e(_('No move to choose now.'))}</p></section>"
    try:
        n = t.model.choose(seat, path)
    except ValueError:
        n, path = t.model.choose(seat, ()), ()
    keep = "".join(f'<input type="hidden" name="step" value="{e(step)}">' for step in path)
    hx = f'hx-get="{base}/moves" hx-target="#fk-moves" hx-swap="outerHTML"'
    form = f'<form method="get" action="{base}" {hx}><input type="hidden" name="lang" value="{e(lang)}">{keep}'
    crumbs = ""
    if path:
        crumbs = f'<p class="fk-crumbs">{" › ".join(e(_.say(step)) for step in path)}</p>'
    back = f'<button type="submit" name="back" value="1" class="fk-back">{e(_("Back"))}</button>' if path else ""
    if n.move is not None:
        play = (
            f'<form method="post" action="{base}/play" hx-post="{base}/play" hx-target="#fk-answer" '
            f'hx-swap="outerHTML"><input type="hidden" name="lang" value="{e(lang)}">'
            f'<input type="hidden" name="move" value="{e(n.move.action)}">'
            f'<p class="fk-move-text">{e(_.say(n.move.text))}</p>'
            f'<button type="submit" class="fk-play">{e(_("Play"))}</button></form>'
        )
        return f"{head}{crumbs}{play}{form}{back}</form></section>"
    if len(n.labels) > MAX_BUTTONS:
        options = "".join(f'<option value="{e(label)}">{e(_.say(label))}</option>' for label in n.labels)
        choices = (
            f'<label for="fk-step-select">{e(_("Choose"))}</label> '
            f'<select id="fk-step-select" name="next">{options}</select>'
            f' <button type="submit" class="fk-choose">{e(_("Choose"))}</button>'
        )
    else:
        choices = "".join(
            f'<button type="submit" name="next" value="{e(label)}" class="fk-move-button">{e(_.say(label))}</button>'
            for label in n.labels
        )
    return f'{head}{crumbs}{form}<div class="fk-choices">{choices}</div>{back}</form></section>'


def undo_html(t: Served, seat: str, lang: str) -> str:
    """The seat's Undo button, when the table's undo policy lets it undo now."""
    _ = translator(lang)
    if t.paused or t.ended or t.model.undo_refusal(seat) is not None:
        return '<div id="fk-undo"></div>'
    base = seat_path(t, seat)
    return (
        f'<div id="fk-undo"><form method="post" action="{base}/undo" hx-post="{base}/undo" hx-target="#fk-answer" '
        f'hx-swap="outerHTML"><input type="hidden" name="lang" value="{e(lang)}">'
        f'<button type="submit" class="fk-undo">{e(_("Undo my last move"))}</button></form></div>'
    )


def scores_html(t: Served, parts: Any, lang: str) -> str:
    """The live scores (the final sheet, explained, at the end)."""
    sheet = t.model.game.scores()
    inner = score_html(sheet, parts.CATEGORY_HELP, t.model.game.is_over, lang)
    return f'<section id="fk-scores" class="fk-scores" aria-label="{e(translator(lang)("Scores"))}">{inner}</section>'


def log_html(t: Served, lang: str) -> str:
    """The cited log, newest first."""
    _ = translator(lang)
    entries = "".join(log_entry_html(entry, lang) for entry in reversed(t.model.log(LOG_MOVES)))
    return (
        f'<section id="fk-log" class="fk-log" aria-labelledby="fk-log-h"><h2 id="fk-log-h">{e(_("Log"))}</h2>'
        f"<ol reversed>{entries}</ol></section>"
    )


def answer_html(outcome: Outcome | None, lang: str, problem: str = "") -> str:
    """What came of a tried move: played, or refused with every rule that blocks it (cited), as
    an assertive live region."""
    _ = translator(lang)
    body = ""
    if problem:
        body = f'<p class="fk-problem">{e(problem)}</p>'
    elif outcome is not None and outcome.kind == PLAYED:
        body = f'<p class="fk-played">{e(_("Played:"))} {e(_.say(outcome.text or outcome.action))}</p>'
    elif outcome is not None and outcome.kind == REFUSED:
        body = refusal_html(outcome.reasons, lang)
    elif outcome is not None and outcome.kind in (NOT_A_MOVE, NOT_YOURS, OVER):
        body = f'<p class="fk-problem">{e(outcome.problem)}</p>'
    return f'<div id="fk-answer" class="fk-answer" role="alert" aria-live="assertive">{body}</div>'


def names_html(t: Served, seat: str, lang: str) -> str:
    """The try box's help: the grammar's forms and, on the seat's turn, the names its moves
    may take now (:func:`~fresco_kit.classroom.table_parts.forms_html`)."""
    acting = not (t.paused or t.ended)
    actions = [a for a, _m in t.model.options(seat)] if acting else []
    return f'<div id="fk-names" class="fk-forms">{forms_html(t.info.grammar, actions, lang)}</div>'


def try_html(t: Served, seat: str, lang: str) -> str:
    """The try box: any move typed in the game's grammar (Enter or Try sends it); a refusal
    cites every rule."""
    _ = translator(lang)
    base = seat_path(t, seat)
    return (
        f'<section class="fk-try" aria-labelledby="fk-try-h"><h2 id="fk-try-h">{e(_("Try a move"))}</h2>'
        f'<form method="post" action="{base}/play" hx-post="{base}/play" hx-target="#fk-answer" hx-swap="outerHTML">'
        f'<input type="hidden" name="lang" value="{e(lang)}">'
        f'<label for="fk-try-text">{e(_("Move text"))}</label> '
        f'<input id="fk-try-text" name="move" autocomplete="off" spellcheck="false" maxlength="500"> '
        f'<button type="submit">{e(_("Try"))}</button></form>{names_html(t, seat, lang)}</section>'
    )


def seat_parts(t: Served, seat: str, parts: Any, lang: str, path: Sequence[str] = ()) -> dict[str, str]:
    """Every live part of ``seat``'s page, by id (what a push sends)."""
    _ = translator(lang)
    return {
        "fk-turn": turn_html(t, seat, _),
        "fk-board": board_html(t, parts, _),
        "fk-private": private_html(t, seat, parts, _),
        "fk-moves": moves_html(t, seat, path, lang),
        "fk-undo": undo_html(t, seat, lang),
        "fk-names": names_html(t, seat, lang),
        "fk-scores": scores_html(t, parts, lang),
        "fk-log": log_html(t, lang),
    }


def seat_page(t: Served, seat: str, parts: Any, lang: str, path: Sequence[str] = ()) -> str:
    """``seat``'s whole page: the board beside its controls, connected to its own WebSocket."""
    _ = translator(lang)
    p = seat_parts(t, seat, parts, lang, path)
    title = _("{game}: {seat}'s seat").format(game=t.info.title, seat=seat)
    body = (
        f"<header><h1>{e(title)}</h1>{p['fk-turn']}</header>"
        f'<div class="fk-seat"><div class="fk-left">{p["fk-board"]}{p["fk-scores"]}</div>'
        f'<div class="fk-right">{p["fk-private"]}{p["fk-moves"]}{answer_html(None, lang)}{p["fk-undo"]}'
        f"{try_html(t, seat, lang)}{p['fk-log']}</div></div>"
    )
    ws = f"/ws/t/{t.id}/s/{t.tokens[seat]}?{urlencode({'lang': lang})}"
    return document(title, body, lang, ws=ws, kind="fk-seat-page")


# ---- the projector -----------------------------------------------------------------------
def projector_parts(t: Served, parts: Any, lang: str) -> dict[str, str]:
    """Every live part of the projector view, by id."""
    _ = translator(lang)
    return {
        "fk-turn": turn_html(t, None, _),
        "fk-board": board_html(t, parts, _),
        "fk-scores": scores_html(t, parts, lang),
        "fk-log": log_html(t, lang),
    }


def projector_page(t: Served, parts: Any, lang: str) -> str:
    """The projector view: the public board, the log and the scores, in large text."""
    _ = translator(lang)
    p = projector_parts(t, parts, lang)
    body = (
        f"<header><h1>{e(t.info.title)}</h1>{p['fk-turn']}</header>"
        f'<div class="fk-seat"><div class="fk-left">{p["fk-board"]}</div>'
        f'<div class="fk-right">{p["fk-scores"]}{p["fk-log"]}</div></div>'
    )
    ws = f"/ws/t/{t.id}/p/{t.projector}?{urlencode({'lang': lang})}"
    return document(t.info.title, body, lang, ws=ws, kind="fk-projector")


# ---- the teacher -------------------------------------------------------------------------
def login_page(lang: str, problem: str = "") -> str:
    """The teacher's login: the token printed when the server started."""
    _ = translator(lang)
    alert = f'<p class="fk-problem" role="alert">{e(problem)}</p>' if problem else ""
    body = (
        f"<h1>{e(_('Teacher'))}</h1>{alert}"
        f'<form method="post" action="/teacher/login"><input type="hidden" name="lang" value="{e(lang)}">'
        f'<label for="fk-token">{e(_("Teacher token (printed when the server started)"))}</label> '
        f'<input id="fk-token" name="token" type="password" autocomplete="current-password" required> '
        f'<button type="submit">{e(_("Log in"))}</button></form>'
    )
    return document(_("Teacher"), body, lang)


def _ago(seconds: float, _: Translate) -> str:
    if seconds < 60:
        return _("{n} s ago").format(n=int(seconds))
    return _("{n} min ago").format(n=int(seconds // 60))


def tables_html(service_tables: Sequence[Served], base: str, csrf: str, lang: str) -> str:
    """The live list of every table (pushed to the teacher's page on each change)."""
    _ = translator(lang)
    now = time.time()
    rows = []
    for t in sorted(service_tables, key=lambda t: t.created, reverse=True):
        s, m = t.summary(), t.model
        state = _("ended") if t.ended else _("paused") if t.paused else _("over") if s["over"] else _("playing")
        scores = ", ".join(f"{e(p)} {e(v)}" for p, v in s["scores"].items())
        hidden = (
            f'<input type="hidden" name="csrf" value="{e(csrf)}"><input type="hidden" name="lang" value="{e(lang)}">'
        )

        def button(action: str, label: str, t: Served = t, hidden: str = hidden) -> str:
            return (
                f'<form method="post" action="/teacher/tables/{t.id}/{action}" class="fk-inline">{hidden}'
                f'<button type="submit" class="fk-{action}">{e(label)}</button></form>'
            )

        controls = ""
        if not t.ended:
            controls = button("resume", _("Resume")) if t.paused else button("pause", _("Pause"))
            controls += button("undo", _("Undo last move")) + button("end", _("End table"))
        seats = "".join(
            f"<li><b>{e(p)}</b>: <a href='{e(base + seat_path(t, p))}'>{e(base + short_path(t, p))}</a>"
            f"<details><summary>{e(_('QR code'))}</summary>{qr_svg(base + short_path(t, p))}</details></li>"
            for p in t.tokens
        )
        bots = ", ".join(f"{e(p)} ({e(_(kind))})" for p, kind in m.seats.items() if p not in t.tokens)
        bots = f"<p>{e(_('Bots:'))} {bots}</p>" if bots else ""
        rows.append(
            f'<article class="fk-table-row" id="fk-table-{t.id}" aria-labelledby="fk-table-{t.id}-h">'
            f'<h3 id="fk-table-{t.id}-h">{e(t.info.title)} · {e(t.id)} · {e(state)}</h3>'
            f"<p>{e(s['status'])}</p>"
            f"<p>{e(_('To act:'))} {e(', '.join(s['to_act']) or '—')} · {e(_('Scores:'))} {scores} · "
            f"{e(_('Last move:'))} {e(_ago(now - t.moved, _))} · {e(_('Moves:'))} {s['moves']}</p>"
            f'<div class="fk-controls">{controls}'
            f'<a href="/teacher/tables/{t.id}/save" download>{e(_("Download save"))}</a> · '
            f'<a href="{e(projector_path(t))}?lang={e(lang)}">{e(_("Projector view"))}</a></div>'
            f"<ul class='fk-seat-links'>{seats}</ul>{bots}</article>"
        )
    inner = "".join(rows) or f"<p>{e(_('No tables yet.'))}</p>"
    head = f'<h2 id="fk-tables-h">{e(_("Tables"))}</h2>'
    return f'<section id="fk-tables" aria-labelledby="fk-tables-h">{head}{inner}</section>'


def teacher_page(tables: Sequence[Served], base: str, csrf: str, lang: str, problem: str = "") -> str:
    """The teacher's page: the form that creates a table, and the live list of tables."""
    _ = translator(lang)
    game_options = "".join(f'<option value="{e(i.name)}">{e(i.title)}</option>' for i in games())
    counts = sorted({c for i in games() for c in i.player_counts})
    count_options = "".join(f'<option value="{c}"{" selected" if c == 3 else ""}>{c}</option>' for c in counts)
    policies = "".join(
        f'<option value="{p}"{" selected" if p == "own" else ""}>{e(_(UNDO_LABELS[p]))}</option>' for p in UNDO_POLICIES
    )
    alert = f'<p class="fk-problem" role="alert">{e(problem)}</p>' if problem else ""
    seats_label = _("Seats, one per player, separated by commas: {kinds}").format(kinds=", ".join(SEAT_KINDS))
    form = (
        f'<section aria-labelledby="fk-new-h"><h2 id="fk-new-h">{e(_("New table"))}</h2>{alert}'
        f'<form method="post" action="/teacher/tables" class="fk-new">'
        f'<input type="hidden" name="csrf" value="{e(csrf)}"><input type="hidden" name="lang" value="{e(lang)}">'
        f'<label for="fk-game">{e(_("Game"))}</label><select id="fk-game" name="game">{game_options}</select>'
        f'<label for="fk-count">{e(_("Players"))}</label><select id="fk-count" name="players">{count_options}</select>'
        f'<label for="fk-names">{e(_("Names (optional, separated by commas)"))}</label>'
        f'<input id="fk-names" name="names" maxlength="200">'
        f'<label for="fk-seats">{e(seats_label)}</label>'
        f'<input id="fk-seats" name="seats" maxlength="200" placeholder="human, human, greedy">'
        f'<label for="fk-seed">{e(_("Seed"))}</label><input id="fk-seed" name="seed" type="number" min="0" value="0">'
        f'<label for="fk-undo-policy">{e(_("Undo"))}</label><select id="fk-undo-policy" name="undo">{policies}</select>'
        f'<label for="fk-options">{e(_("Options (JSON, optional)"))}</label>'
        f'<input id="fk-options" name="options" maxlength="2000" placeholder="{{}}">'
        f'<button type="submit">{e(_("Create table"))}</button></form></section>'
    )
    body = f"<h1>{e(_('Teacher'))}</h1>{form}{tables_html(tables, base, csrf, lang)}"
    return document(_("Teacher"), body, lang, ws=f"/ws/teacher?lang={quote(lang)}", kind="fk-teacher")


def error_page(status: int, message: str, lang: str = "en") -> str:
    """A short error page (no traceback, no path)."""
    _ = translator(lang)
    return document(_("Error"), f"<h1>{status}</h1><p>{e(message)}</p>", lang)
