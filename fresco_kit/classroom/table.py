"""The table: a whole game played in a notebook, by people and bots (the classroom widget).

Shared code lives here; each game adds a small module ``fresco_kit/<game>/table.py``
that follows :class:`.table_parts.TableParts` (readable move texts, the steps that filter moves, the
status line, the player's private panel, the board as SVG, explanations of the score
categories).  Until a game has one, :class:`DefaultParts` stands in (plain action texts,
the fields as steps).

``table(game, players, seed, seats, lang, **options)`` returns the widget; the
:class:`Table` behind it keeps the :class:`~fresco_kit.core.game.Game` (``Table.game``).

How it plays:

- *Moves* are chosen step by step: the buttons show the distinct first steps of the
  acting person's legal moves (their kinds); a click narrows the moves to those with
  that step and shows the next step's choices, with a breadcrumb and a Back button.
  Above :data:`MAX_BUTTONS` choices a list (``Select``) and a Choose button replace
  the buttons.  When one move is left, its text is shown with a Play button: the move
  is played only on that click, so the player reads what they are about to do.
- *Try* plays any move typed in the one action grammar; a refused move lists every rule
  that blocks it, cited, and changes nothing.
- *Hot seat*: with two or more human seats, the private panel and the moves hide behind
  a "pass the device" screen whenever the person to act is not the one who acted last.
- *Bots* (seat menus) play at once until a person must act (pace "auto"), or one move
  per click of "Bot move" (pace "step").  Simultaneous choices (Fresco) are made one
  player after another.
- *Undo* goes back to the last move a person made, taking back the bots' moves since.
- *Save* makes a download link (JSON); *load* reads an uploaded save, or refuses it
  with the reason and keeps the game.
- Every update sets the value of an existing widget; nothing is cleared or redrawn
  unless it changed (the move buttons are rebuilt only when the choices change).

CSS classes (a browser test drives the table through them):

=========================  =======================================================
``fk-table``               the whole table
``fk-table-notice``        messages about the set-up (e.g. a bad query string)
``fk-table-board``         the board (an SVG in an ``HTML`` widget)
``fk-table-status``        phase, round or turn, who must act
``fk-table-scores``        the live score sheet; at the end the final one, explained
``fk-table-pass``          the pass-the-device screen; its button ``fk-table-pass-button``
``fk-table-private``       the acting person's private view
``fk-table-moves``         the step-by-step move chooser, with
                           ``fk-table-breadcrumb``, ``fk-table-back``, ``fk-move-button``
                           (one per choice), ``fk-move-select`` + ``fk-move-choose``
                           (many choices), ``fk-table-move-text`` + ``fk-table-play``
``fk-table-try``           the text box for any move; ``fk-table-try-button``;
                           ``fk-table-forms`` the grammar's forms
``fk-table-refusal``       the answer to a tried move (refusal with its rules)
``fk-table-undo``          Undo; ``fk-table-bot-step`` Bot move; ``fk-table-pace``
``fk-table-seat``          one seat menu per player (human or a bot)
``fk-table-save``          Save; ``fk-table-download`` the link; ``fk-table-upload``
                           the file upload; ``fk-table-file-message`` its answer
``fk-table-log``           the event log, newest first, each entry with its rule (a choice
                           made while several choose at once shows only its public events)
``fk-table-glossary``      the rulebook's own terms beside the English ones (``lang`` es/it)
=========================  =======================================================
"""

from __future__ import annotations

import base64
import os
from collections.abc import Callable, Sequence
from html import escape
from typing import Any
from urllib.parse import parse_qs

from fresco_kit.core.game import Game, Turn
from fresco_kit.core.random import Rng
from fresco_kit.core.record import SaveError
from fresco_kit.core.registry import GAMES, first_game, game_info
from fresco_kit.core.rules import Event
from fresco_kit.sim.base import Bot
from fresco_kit.sim.bots import make_bot

from .i18n import N_, glossary_html, translator
from .table_parts import (
    INK,
    OK_BG,
    REFUSED,
    REFUSED_BG,
    STYLE,
    box,
    cited,
    parts_for,
    refusal_html,
    score_html,
    step_label,
)

#: the seat kinds: a person, or a bot of :mod:`fresco_kit.sim.bots`
SEATS: tuple[str, ...] = (N_("human"), N_("random"), N_("greedy"), N_("mcts"))
#: the paces of the bots
PACES: tuple[str, ...] = (N_("auto"), N_("step"))
#: above this many choices at one step, a list replaces the buttons
MAX_BUTTONS = 24
#: how many turns the event log shows (newest first)
LOG_TURNS = 40

#: the table's game when none is named: the first registered one
FIRST_GAME = first_game()


class Table:
    """A whole game at the table: the widgets, the game and the seats (see the module doc)."""

    def __init__(
        self,
        game: str = FIRST_GAME,
        players: Sequence[str] | None = None,
        seed: int = 0,
        seats: Sequence[str] | None = None,
        lang: str = "en",
        **options: Any,
    ):
        import ipywidgets as widgets

        self.lang, self._ = lang, translator(lang)
        _ = self._
        self.info = game_info(game)
        self.parts = parts_for(self.info)
        self.game: Game = self.info.new_game(players, seed, **options)
        players = self.game.players
        seats = list(seats) if seats is not None else ["human"] * len(players)
        if len(seats) != len(players) or any(s not in SEATS for s in seats):
            raise ValueError(f"seats must be one of {', '.join(SEATS)} per player ({len(players)}), not {seats!r}")
        self.seats = dict(zip(players, seats))
        self._rngs = {p: Rng(seed * 7919 + i + 1) for i, p in enumerate(players)}
        self._bots: dict[tuple[str, str], Bot] = {}
        self._marks: list[int] = []  # history lengths before each move a person made
        self._path: list[str] = []  # the steps chosen so far
        self._revealed: str | None = None  # the person whose private panel is shown
        self._shown: tuple[Any, ...] = ()  # what the move box shows now
        self._drawn_state: Any = None
        self._seat_state: Any = None  # the state, and (mover, screened, seats), the seat panels show
        self._drawn_seat: tuple[Any, ...] = ()
        self._pool: list[Any] = []  # the move buttons
        self._logged: dict[int, tuple[Any, str]] = {}  # id(turn) -> (turn, its log entry)
        self._moves: list[tuple[Any, tuple[str, ...], str]] = []  # (action, steps, text) of the mover

        def html(cls: str, value: str = "") -> Any:
            w = widgets.HTML(value)
            w.add_class(cls)
            return w

        def button(cls: str, text: str, on_click: Callable[[], None], style: str = "") -> Any:
            b = widgets.Button(description=text, layout=widgets.Layout(width="auto"), button_style=style)
            b.add_class(cls)
            b.on_click(lambda _b: on_click())
            return b

        self.notice = html("fk-table-notice")
        self.board = html("fk-table-board")
        self.status = html("fk-table-status")
        self.scores = html("fk-table-scores")
        self.pass_text = html("fk-table-pass-text")
        self.pass_button = button("fk-table-pass-button", "", self._reveal, "info")
        self.pass_box = widgets.VBox([self.pass_text, self.pass_button])
        self.pass_box.add_class("fk-table-pass")
        self.private = html("fk-table-private")
        self.breadcrumb = html("fk-table-breadcrumb")
        self.back = button("fk-table-back", _("Back"), self._step_back)
        self.options = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.select = widgets.Select(rows=10, layout=widgets.Layout(width="420px"))
        self.select.add_class("fk-move-select")
        self.choose = button("fk-move-choose", _("Choose"), lambda: self._pick(self.select.value))
        self.move_text = html("fk-table-move-text")
        self.play_button = button("fk-table-play", _("Play"), self._play_chosen, "success")
        self.moves = widgets.VBox([widgets.HBox([self.back, self.breadcrumb]), self.options])
        self.moves.add_class("fk-table-moves")
        self.try_text = widgets.Text(
            placeholder=_("type a move (see the forms below)"), layout=widgets.Layout(width="420px")
        )
        self.try_text.add_class("fk-table-try")
        self.try_button = button("fk-table-try-button", _("Try"), self._try)
        forms = ", ".join(self.info.grammar.forms())
        self.forms = html(
            "fk-table-forms", f"<span style='{STYLE}'>{escape(_('Moves are written:'))} {escape(forms)}</span>"
        )
        self.refusal = html("fk-table-refusal")
        self.try_box = widgets.VBox([widgets.HBox([self.try_text, self.try_button]), self.forms, self.refusal])
        self.undo_button = button("fk-table-undo", _("Undo"), self._undo)
        self.bot_button = button("fk-table-bot-step", _("Bot move"), self._bot_step)
        self.pace = widgets.ToggleButtons(
            options=[(_(p), p) for p in PACES], value="auto", style={"button_width": "auto"}
        )
        self.pace.add_class("fk-table-pace")
        self.pace.observe(lambda _c: self._advance(), names="value")
        self.seat_menus = []
        for p in players:
            menu = widgets.Dropdown(
                options=[(_(s), s) for s in SEATS],
                value=self.seats[p],
                description=p,
                style={"description_width": "initial"},
                layout=widgets.Layout(width="auto"),
            )
            menu.add_class("fk-table-seat")
            menu.observe(lambda change, p=p: self._set_seat(p, change["new"]), names="value")
            self.seat_menus.append(menu)
        self.save_button = button("fk-table-save", _("Save"), self._save)
        self.download = html("fk-table-download")
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description=_("Load"))
        self.upload.add_class("fk-table-upload")
        self.upload.observe(self._load, names="value")
        self.file_message = html("fk-table-file-message")
        self.log = html("fk-table-log")
        self.glossary = html("fk-table-glossary", "" if lang == "en" else glossary_html(self.info.name, lang))
        title = f"<b style='font-size:16px;color:{INK}'>{escape(self.info.title)}</b>"
        wrap = widgets.Layout(flex_flow="row wrap")
        self.widget = widgets.VBox([
            widgets.HTML(title), self.notice,
            widgets.HBox([self.board, widgets.VBox([self.status, self.scores])], layout=wrap),
            self.pass_box, self.private, self.moves, self.try_box,
            widgets.HBox([self.undo_button, self.bot_button, self.pace]),
            widgets.HBox(self.seat_menus, layout=wrap),
            widgets.HBox([self.save_button, self.download, self.upload, self.file_message]),
            self.log, self.glossary,
        ])  # fmt: skip
        self.widget.add_class("fk-table")
        self._advance()

    # -- who acts -----------------------------------------------------------
    @property
    def humans(self) -> list[str]:
        """The players seated as people."""
        return [p for p, kind in self.seats.items() if kind == "human"]

    def mover(self) -> str | None:
        """The person who must choose now (the first of them while choices are simultaneous)."""
        return next((p for p in self.game.actor() if self.seats[p] == "human"), None)

    def screened(self) -> bool:
        """Whether the pass-the-device screen hides the private panel and the moves."""
        mover = self.mover()
        return mover is not None and len(self.humans) >= 2 and mover != self._revealed

    @property
    def path(self) -> tuple[str, ...]:
        """The steps chosen so far in the move chooser."""
        return tuple(self._path)

    @property
    def legal_moves(self) -> list[tuple[Any, tuple[str, ...], str]]:
        """The moves the chooser offers the person to act: (action, steps, text) each."""
        return list(self._moves)

    # -- actions ------------------------------------------------------------
    def _reveal(self) -> None:
        self._revealed = self.mover()
        self._refresh()

    def _set_seat(self, player: str, kind: str) -> None:
        self.seats[player] = kind
        self._advance()

    def _bots_to_act(self) -> list[str]:
        return [p for p in self.game.actor() if self.seats[p] != "human"]

    def _bot_play(self, player: str) -> None:
        kind = self.seats[player]
        bot = self._bots.get((player, kind)) or self._bots.setdefault((player, kind), make_bot(kind))
        self.game.play(bot.choose(self.game.rules, self.game.state, player, self._rngs[player]))

    def _advance(self) -> None:
        """Bots move at once (pace auto) until a person must act or the game ends; then redraw."""
        while self.pace.value == "auto" and not self.game.is_over and self._bots_to_act():
            self._bot_play(self._bots_to_act()[0])
        self._refresh()

    def _bot_step(self) -> None:
        bots = self._bots_to_act()
        if not self.game.is_over and bots:
            self._bot_play(bots[0])
        self._refresh()

    def _played(self, action: Any, note: str = "") -> None:
        """A person plays ``action`` (legal): remembered for undo, then the bots answer.

        ``note`` is shown under the move box (cleared if the device must now be passed)."""
        mark = len(self.game.history)
        self.game.play(action)
        self._marks.append(mark)
        self._path = []
        self.refusal.value = note
        self._advance()

    def _play_chosen(self) -> None:
        left = self._filtered()
        if len(left) == 1:
            self._played(left[0][0])

    def _try(self) -> None:
        _ = self._
        text = self.try_text.value.strip()
        if self.game.is_over:
            self.refusal.value = box(escape(_("The game is over.")))
            return
        try:
            action = self.game.rules.parse_action(text)
            verdict = self.game.explain(action)
        except ValueError as exc:
            self.refusal.value = box(escape(_("Not a move:")) + " " + escape(str(exc)), REFUSED_BG, REFUSED)
            return
        if not verdict.ok:
            self.refusal.value = refusal_html(verdict.reasons, self.lang)
            return
        played = escape(_("Played:")) + " " + escape(self.parts.move_text(self.game.state, action))
        self._played(action, box(played, OK_BG))

    def _undo(self) -> None:
        """Back to the last move a person made: that move and every bot move since are taken back."""
        if not self._marks:
            self.refusal.value = box(escape(self._("Nothing to undo.")))
            return
        mark = self._marks.pop()
        self.game.undo(len(self.game.history) - mark)
        self._path = []
        self.refusal.value = ""
        self._refresh()

    def _save(self) -> None:
        data = base64.b64encode(self.game.to_json().encode()).decode()
        seed = "" if self.game.seed is None else f"-seed{self.game.seed}"
        name = f"{self.info.name}{seed}.json"
        self.download.value = (
            f"<a download='{escape(name)}' href='data:application/json;base64,{data}' style='{STYLE}'>"
            f"{escape(self._('Download'))} {escape(name)}</a>"
        )

    def _load(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0] if isinstance(files, (tuple, list)) else next(iter(files.values()))
        content = bytes(item["content"])
        try:
            game = Game.from_json(content)
            if game.info.name != self.info.name:
                raise SaveError(f"game: this table plays {self.info.name}, the file holds {game.info.name}")
            if game.players != self.game.players:
                raise SaveError(
                    f"players: this table seats {', '.join(self.game.players)}, not {', '.join(game.players)}"
                )
        except ValueError as exc:  # a SaveError naming the field, for anything a file can get wrong
            self.file_message.value = box(escape(self._("File refused:")) + " " + escape(str(exc)), REFUSED_BG, REFUSED)
        else:
            self.game = game
            self._marks = [
                i
                for i, t in enumerate(game.history)
                if any(self.seats[p] == "human" for p in self.game.rules.actor(t.state_before))
            ]
            self._path, self._revealed = [], None
            self.file_message.value = box(escape(self._("Loaded")) + " " + escape(str(item.get("name", ""))), OK_BG)
            self._advance()
        self.upload.value = ()

    # -- the move chooser ---------------------------------------------------
    def _options_of(self, player: str | None) -> list[tuple[Any, tuple[str, ...], str]]:
        if player is None:
            return []
        state = self.game.state
        return [
            (a, tuple(self.parts.move_steps(state, a)), self.parts.move_text(state, a))
            for a in self.game.rules.legal_actions(state, player=player)
        ]

    def _filtered(self) -> list[tuple[Any, tuple[str, ...], str]]:
        return [m for m in self._moves if all(step_label(m, k) == label for k, label in enumerate(self._path))]

    def _pick(self, label: str | None) -> None:
        if label is not None:
            self._path.append(label)
            self._refresh()

    def _step_back(self) -> None:
        if self._path:
            self._path.pop()
            self._refresh()

    def choices(self) -> list[str]:
        """The labels offered at the current step (empty when one move is left, or no move)."""
        left = self._filtered()
        if len(left) <= 1:
            return []
        return list(dict.fromkeys(step_label(m, len(self._path)) for m in left))

    def _show_moves(self) -> None:
        import ipywidgets as widgets

        _ = self._
        left = self._filtered()
        labels = self.choices()
        if len(left) == 1:
            shown: tuple[Any, ...] = ("play", left[0][2])
        elif len(labels) > MAX_BUTTONS:
            shown = ("select", *labels)
        else:
            shown = ("buttons", *labels)
        crumbs = " › ".join(escape(step) for step in self._path) or escape(_("Choose a move:"))
        self.breadcrumb.value = f"<span style='{STYLE}'>{crumbs}</span>"
        self.back.disabled = not self._path
        if shown == self._shown:
            return
        self._shown = shown
        if shown[0] == "play":
            self.move_text.value = f"<span style='{STYLE}'>{escape(shown[1])}</span>"
            self.options.children = (self.move_text, self.play_button)
        elif shown[0] == "select":
            self.select.options = labels
            self.select.value = labels[0]
            self.options.children = (self.select, self.choose)
        else:  # buttons are reused (making a widget costs about 2 ms): relabelled, more made when needed
            while len(self._pool) < len(labels):
                button = widgets.Button(layout=widgets.Layout(width="auto"))
                button.add_class("fk-move-button")
                button.on_click(lambda b: self._pick(b.description))
                self._pool.append(button)
            for b, label in zip(self._pool, labels):
                b.description = b.tooltip = label
            self.options.children = tuple(self._pool[: len(labels)])

    # -- drawing ------------------------------------------------------------
    def _refresh(self) -> None:
        """Set the widgets' values to the game now, each only when what it shows changed."""
        game, state, mover = self.game, self.game.state, self.mover()
        screened = self.screened()
        if state is not self._drawn_state:
            self._drawn_state = state
            self._draw_board()
        seat = (mover, screened, tuple(self.seats.values()))
        if self._seat_state is not state or seat != self._drawn_seat:
            if self._seat_state is not state or self._drawn_seat[:1] != (mover,):
                self._path = []  # a new decision: the chooser starts from the kinds of move
            self._seat_state, self._drawn_seat = state, seat
            self._moves = self._options_of(mover)
            self._draw_seat(mover, screened)
        acting = mover is not None and not screened and not game.is_over
        if acting:
            self._show_moves()
        self.bot_button.disabled = game.is_over or not self._bots_to_act()
        self.undo_button.disabled = not self._marks

    def _draw_board(self) -> None:
        """What every player sees: the board, the scores, the log (after each move)."""
        game, _ = self.game, self._
        svg = self.parts.board_svg(game.state)
        if self.board.value != svg:
            self.board.value = svg
        self.scores.value = score_html(game.scores(), self.parts.CATEGORY_HELP, game.is_over, self.lang)
        self.log.value = self._log_html()
        self.download.value = ""  # a saved link would be out of date

    def _draw_seat(self, mover: str | None, screened: bool) -> None:
        """Who acts, the pass-the-device screen and the private panel (when the person to act changes)."""
        game, state, _ = self.game, self.game.state, self._
        if game.is_over:
            who = _("The game is over.")
        elif mover is None:
            who = _("Bots to move: {players}").format(players=", ".join(self._bots_to_act()))
        else:
            who = _("{player} to choose").format(player=mover)
        self.status.value = box(f"{escape(self.parts.status(state))}<br><b>{escape(who)}</b>")
        if screened:
            self.pass_text.value = box(escape(_("Pass the device to {player}").format(player=mover)), OK_BG)
            self.pass_button.description = _("I am {player} — show my hand").format(player=mover)
        self.pass_box.layout.display = "" if screened else "none"
        if screened:  # what the last person tried is theirs alone
            self.refusal.value = self.try_text.value = ""
        viewer = mover if mover is not None else (self.humans[0] if len(self.humans) == 1 else None)
        private = "" if screened or viewer is None else self.parts.private_html(state, viewer)
        title = escape(_("What only {player} sees").format(player=viewer))
        self.private.value = box(f"<b>{title}</b>{private}") if private else ""
        acting = mover is not None and not screened and not game.is_over
        self.moves.layout.display = "" if acting else "none"
        self.try_box.layout.display = "" if acting else "none"

    def _log_html(self) -> str:
        """The last :data:`LOG_TURNS` moves, newest first, each with its events and their rules."""
        _ = self._
        recent = self.game.history[-LOG_TURNS:]
        kept = {id(turn): self._logged[id(turn)] for turn in recent if id(turn) in self._logged}
        for turn in recent:
            if kept.get(id(turn), (None,))[0] is not turn:  # written once per move (ids are reused)
                kept[id(turn)] = (turn, self._log_entry(turn))
        self._logged = kept
        items = "".join(kept[id(turn)][1] for turn in reversed(recent))
        more = len(self.game.history) - LOG_TURNS
        tail = f"<p>{escape(_('… and {n} earlier moves').format(n=more))}</p>" if more > 0 else ""
        head = f"<b>{escape(_('What happened (newest first)'))}</b>"
        scroll = "<div style='max-height:420px;overflow-y:auto'>"
        return box(f"{head}{scroll}<ol reversed style='margin:2px 0'>{items}</ol>{tail}</div>")

    def _log_entry(self, turn: Turn) -> str:
        """One move of the log: its text and its events with their rules.

        A choice made while several players choose at once (Fresco's plans) is secret until
        all are made, so the log names only the player; the engine's events say what all
        may know, and the move that ends the choice reveals them all."""

        def cite(event: Event) -> str:
            return " — " + cited(event.rule, self.lang) if event.rule else ""

        events = "".join(f"<li>{escape(e.text)}{cite(e)}</li>" for e in turn.events)
        if len(self.game.rules.actor(turn.state_before)) > 1:
            text = escape(str(getattr(turn.action, "player", "")))
        else:
            text = escape(self.parts.move_text(turn.state_before, turn.action))
        return f"<li><b>{text}</b><ul style='margin:0'>{events}</ul></li>"

    # -- from a link --------------------------------------------------------
    @classmethod
    def from_query(cls, default: str = FIRST_GAME, query: str | None = None) -> Table:
        """A table set up from ``?game=…&seed=…&players=A,B&seats=human,greedy&lang=…``.

        ``players`` is a list of names or a player count (the game's default names).

        ``query`` defaults to the ``QUERY_STRING`` that Voilà sets in the kernel.  A bad
        value is named in the table's notice and replaced by its default."""
        raw = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
        asked = {key: values[-1] for key, values in raw.items()}
        problems: list[str] = []
        game = asked.get("game", default)
        if game not in GAMES:
            problems.append(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
            game = default
        kwargs: dict[str, Any] = {}

        def players(text: str) -> list[str]:
            return game_info(game).players(int(text)) if text.strip().isdigit() else _words(text)

        for key, parse in (("seed", int), ("players", players), ("seats", _words), ("lang", str)):
            if key in asked:
                try:
                    kwargs[key] = parse(asked[key])
                except ValueError:
                    problems.append(f"{key}: {asked[key]!r} is not valid")
        while True:
            try:
                table_ = cls(game, **kwargs)
                break
            except ValueError as exc:
                problems.append(str(exc))
                if not kwargs:
                    raise
                kwargs.pop(next(k for k in ("seats", "players", "lang", "seed") if k in kwargs))
        if problems:
            _ = table_._
            text = escape(_("Some settings of the link were not used:")) + " " + escape("; ".join(problems))
            table_.notice.value = box(text, REFUSED_BG, REFUSED)
        return table_


def _words(text: str) -> list[str]:
    words = [w.strip() for w in text.split(",")]
    if not all(words):
        raise ValueError(text)
    return words


def table(
    game: str = FIRST_GAME,
    players: Sequence[str] | None = None,
    seed: int = 0,
    seats: Sequence[str] | None = None,
    lang: str = "en",
    **options: Any,
) -> Any:
    """The table widget for a new game (see :class:`Table`); ``seats`` per player: human or a bot."""
    return Table(game, players, seed, seats, lang, **options).widget


def table_from_query(default: str = FIRST_GAME) -> Any:
    """The table widget set up from the page's link (``QUERY_STRING``, see :meth:`Table.from_query`)."""
    return Table.from_query(default).widget
