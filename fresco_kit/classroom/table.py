"""The table: a whole game played in a notebook, by people and bots (the classroom widget).

The widget renders a :class:`fresco_kit.core.table.TableModel` (``Table.model``), which
holds the game, the seats, the moves and their narrowing, tries, undo, bots, the log and
saves; this module only draws it and passes clicks on.  Each game adds a small module ``fresco_kit/<game>/table.py``
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
- *Try* plays any move typed in the one action grammar (Enter or the Try button); a refused
  move lists every rule that blocks it, cited, and changes nothing.  Below the box, the
  grammar's forms, each with an example and the names its fields take now, read from the
  acting person's legal moves (:func:`.table_parts.forms_html`; nothing behind the screen).
- *Hot seat*: with two or more human seats, the private panel and the moves hide behind
  a "pass the device" screen whenever the person to act is not the one who acted last and
  sees something the others do not (a game without hidden information has no screen).
  Behind the screen the move chooser holds nothing (no label of the last person's moves)
  and Undo is blocked: the next person passes the screen first.
- *Bots* (seat menus) play at once until a person must act (pace "auto"), or one move
  per click of "Bot move" (pace "step").  Simultaneous choices (Fresco) are made one
  player after another.
- *Undo* goes back to the last move a person made, taking back the bots' moves since
  (``undo=`` sets the model's policy, see :data:`fresco_kit.core.table.UNDO_POLICIES`).
- *Save* makes a download link (JSON); *load* reads an uploaded save, or refuses it
  with the reason and keeps the game.
- Every update sets the value of an existing widget; nothing is cleared or redrawn
  unless it changed (the move buttons are rebuilt only when the choices change).
- *Layout* (:mod:`.page_style`): the board scales to the page; on a wide page the acting
  person's controls sit beside it, at the top, with the scores and the log below the board;
  on a narrow one everything is stacked, the board first, whole.
- *Keyboard*: after a step, a move, a pass, an undo or a bot's move the focus goes to the
  next control someone needs (the next step's first choice, Play, or the pass button), so
  a game is played with Tab, Enter, Space and the arrows and focus never falls to the page.

CSS classes (a browser test drives the table through them):

=========================  =======================================================
``fk-table``               the whole table
``fk-table-notice``        messages about the set-up (e.g. a bad query string)
``fk-table-board``         the board (an SVG in an ``HTML`` widget, ``fk-board-view``)
``fk-layout``              board (``fk-main``), controls (``fk-side``), scores and log
                           (``fk-below``)
``fk-table-status``        phase, round or turn, who must act
``fk-table-scores``        the live score sheet; at the end the final one, explained
``fk-table-pass``          the pass-the-device screen; its button ``fk-table-pass-button``
``fk-table-private``       the acting person's private view
``fk-table-moves``         the step-by-step move chooser, with
                           ``fk-table-breadcrumb``, ``fk-table-back``, ``fk-move-button``
                           (one per choice), ``fk-move-select`` + ``fk-move-choose``
                           (many choices), ``fk-table-move-text`` + ``fk-table-play``
``fk-table-try``           the text box for any move; ``fk-table-try-button``;
                           ``fk-table-forms`` the grammar's forms and the names valid now
``fk-table-refusal``       the answer to a tried move (refusal with its rules)
``fk-table-undo``          Undo; ``fk-table-bot-step`` Bot move; ``fk-table-pace``
``fk-table-seat``          one seat menu per player (a person or a bot, by friendly name);
                           ``fk-table-seat-help`` one line on how each bot plays
``fk-table-save``          Save; ``fk-table-download`` the link; ``fk-table-upload``
                           the file upload; ``fk-table-file-message`` its answer
``fk-table-log``           the event log, newest first, each entry with its rule (a choice
                           made while several choose at once shows only its public events)
``fk-table-glossary``      the rulebook's own terms beside the English ones (``lang`` es/it)
=========================  =======================================================
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from fresco_kit.core.game import Game
from fresco_kit.core.jsontext import MAX_JSON_BYTES
from fresco_kit.core.registry import first_game, game_info
from fresco_kit.core.table import (
    NOT_A_MOVE,
    NOTHING_TO_UNDO,
    OVER,
    PLAYED,
    LogEntry,
    Move,
    TableError,
    TableModel,
)
from fresco_kit.core.table import REFUSED as REFUSED_MOVE
from fresco_kit.sim.bots import make_bot

from .i18n import N_, glossary_html, translator
from .page_style import PASS_STYLE, scalable, style_widget
from .table_chooser import MoveChooser
from .table_link import NOT_USED, SEATS, link_settings, seats_wanted
from .table_parts import (
    INK,
    OK_BG,
    REFUSED,
    REFUSED_BG,
    STYLE,
    TableParts,
    box,
    forms_html,
    log_entry_html,
    parts_for,
    refusal_html,
    score_html,
)

#: what the seat menus show for each kind: a friendly name, and one line on how it plays
SEAT_NAMES: dict[str, tuple[str, str]] = {
    "human": (N_("Person"), N_("Person: someone at the table chooses.")),
    "random": (N_("Dice bot"), N_("Dice bot: plays any legal move, at random.")),
    "greedy": (N_("Quick bot"), N_("Quick bot: takes the move that looks best right now.")),
    "mcts": (N_("Planner bot"), N_("Planner bot: plays many quick games ahead, then picks the move that won most.")),
}
#: the paces of the bots
PACES: tuple[str, ...] = (N_("auto"), N_("step"))
#: above this many choices at one step, a list replaces the buttons
MAX_BUTTONS = 24
#: how many turns the event log shows (newest first)
LOG_TURNS = 40

#: the table's game when none is named: the first registered one
FIRST_GAME = first_game()


class Table:
    """A whole game at the table: the widgets over a :class:`TableModel` (see the module doc)."""

    def __init__(
        self,
        game: str = FIRST_GAME,
        players: Sequence[str] | None = None,
        seed: int = 0,
        seats: Sequence[str] | None = None,
        lang: str = "en",
        *,
        undo: str = "anyone",
        **options: Any,
    ):
        import ipywidgets as widgets

        self.lang, self._ = lang, translator(lang)
        _ = self._
        self.info = game_info(game)
        self._parts = parts_for(self.info)
        new = self.info.new_game(players, seed, **options)
        seats = list(seats) if seats is not None else ["human"] * len(new.players)
        if len(seats) != len(new.players) or any(s not in SEATS for s in seats):
            raise ValueError(f"seats must be one of {', '.join(SEATS)} per player ({len(new.players)}), not {seats!r}")
        #: the table model this widget renders
        self.model = TableModel(new, seats, bots=make_bot, words=self._parts, undo=undo, pace="step")
        self._revealed: str | None = None  # the person whose private panel is shown
        self._drawn_state: Any = None
        self._seat_state: Any = None  # the state, and (mover, screened, seats), the seat panels show
        self._drawn_seat: tuple[Any, ...] = ()
        self._logged: dict[LogEntry, str] = {}  # log entry -> its HTML
        self._options: list[tuple[Any, Move]] = []  # the mover's legal moves, from the model

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
        self.pass_button = button("fk-table-pass-button", "", self._reveal)
        self.pass_button.style = PASS_STYLE
        self.pass_button.layout.align_self = "flex-start"
        self.pass_box = widgets.VBox([self.pass_text, self.pass_button])
        self.pass_box.add_class("fk-table-pass")
        self.private = html("fk-table-private")
        #: the step-by-step move chooser (its widgets are the table's too)
        self.chooser = chooser = MoveChooser(_, self._stepped, self._play_chosen)
        self.moves, self.options, self.select, self.choose = (
            chooser.box,
            chooser.options,
            chooser.select,
            chooser.choose,
        )
        self.breadcrumb, self.back, self.move_text = chooser.breadcrumb, chooser.back, chooser.move_text
        self.play_button, self._pool = chooser.play_button, chooser.pool
        self.try_text = widgets.Text(
            description=_("Type a move:"),
            placeholder=_("see the forms below"),
            style={"description_width": "initial"},
            layout=widgets.Layout(flex="1 1 16em", min_width="0", max_width="36em"),
        )
        self.try_text.add_class("fk-table-try")
        self.try_button = button("fk-table-try-button", _("Try"), self._try)
        # Enter in the box sends a "submit" message from the browser (what the deprecated
        # Text.on_submit listens to); answer it the same as the Try button
        self.try_text.on_msg(lambda _w, content, _b: self._try() if content.get("event") == "submit" else None)
        self.forms = html("fk-table-forms", forms_html(self.info.grammar, [], lang))
        self.refusal = html("fk-table-refusal")
        try_row = widgets.HBox([self.try_text, self.try_button], layout=widgets.Layout(flex_flow="row wrap"))
        self.try_box = widgets.VBox([try_row, self.refusal, self.forms])
        self.undo_button = button("fk-table-undo", _("Undo"), self._undo)
        self.bot_button = button("fk-table-bot-step", _("Bot move"), self._bot_step)
        self.pace = widgets.ToggleButtons(
            options=[(_(p), p) for p in PACES], value="auto", style={"button_width": "auto"}
        )
        self.pace.add_class("fk-table-pace")
        self.pace.observe(lambda change: self._set_pace(change["new"]), names="value")
        self.seat_menus = []
        for p in self.model.players:
            menu = widgets.Dropdown(
                options=[(_(SEAT_NAMES[s][0]), s) for s in SEATS],
                value=self.seats[p],
                description=p,
                style={"description_width": "initial"},
                layout=widgets.Layout(width="auto"),
            )
            menu.add_class("fk-table-seat")
            menu.observe(lambda change, p=p: self._set_seat(p, change["new"]), names="value")
            self.seat_menus.append(menu)
        help_ = "".join(f"<li>{escape(_(SEAT_NAMES[s][1]))}</li>" for s in SEATS if s != "human")
        self.seat_help = html("fk-table-seat-help", f"<ul style='{STYLE};margin:0'>{help_}</ul>")
        self.save_button = button("fk-table-save", _("Save"), self._save)
        self.download = html("fk-table-download")
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description=_("Load"))
        # a larger file is refused before it is read (core.jsontext); the browser may drop one
        # over the page's message limit (about 10 MB) before it arrives, so say the limit here
        self.upload.tooltip = _("Load a saved game (a .json file of at most {size} MB)").format(
            size=MAX_JSON_BYTES // 1_000_000
        )
        self.upload.add_class("fk-table-upload")
        self.upload.observe(self._load, names="value")
        self.file_message = html("fk-table-file-message")
        self.log = html("fk-table-log")
        self.glossary = html("fk-table-glossary", "" if lang == "en" else glossary_html(self.info.name, lang))
        title = f"<b style='font-size:16px;color:{INK}'>{escape(self.info.title)}</b>"
        wrap = widgets.Layout(flex_flow="row wrap")
        self.board.add_class("fk-board-view")
        # the board, then the acting person's controls (beside it on a wide screen), then what is
        # read after a move (see page_style)
        side = widgets.VBox([
            self.status, self.pass_box, self.moves, self.try_box, self.private,
            widgets.HBox([self.undo_button, self.bot_button, self.pace], layout=wrap),
            widgets.HBox(self.seat_menus, layout=wrap), self.seat_help,
            widgets.HBox([self.save_button, self.download, self.upload, self.file_message], layout=wrap),
        ])  # fmt: skip
        below = widgets.VBox([self.scores, self.log, self.glossary])
        layout = widgets.Box([self.board, side, below])
        for part, cls in ((self.board, "fk-main"), (side, "fk-side"), (below, "fk-below"), (layout, "fk-layout")):
            part.add_class(cls)
        self.widget = widgets.VBox([widgets.HTML(title), self.notice, layout, style_widget()])
        self.widget.add_class("fk-table")
        self._set_pace("auto")

    # -- what the model holds -------------------------------------------------
    @property
    def game(self) -> Game:
        """The game at the table (the model's)."""
        return self.model.game

    @property
    def parts(self) -> TableParts:
        """The game's table parts; the model speaks their words."""
        return self._parts

    @parts.setter
    def parts(self, parts: TableParts) -> None:
        self._parts = parts
        self.model.words = parts

    @property
    def seats(self) -> dict[str, str]:
        """Each player's seat kind (human or a bot)."""
        return self.model.seats

    @property
    def humans(self) -> list[str]:
        """The players seated as people."""
        return self.model.humans

    def mover(self) -> str | None:
        """The person who must choose now (the first of them while choices are simultaneous)."""
        return next(iter(self.model.people_to_act()), None)

    def screened(self) -> bool:
        """Whether the pass-the-device screen hides the private panel and the moves: with two
        people or more, when the person to act is not the one who passed it last and has
        something to hide from the others (never in a game without hidden information)."""
        mover = self.mover()
        return mover is not None and len(self.humans) >= 2 and mover != self._revealed and self.model.has_secrets(mover)

    @property
    def path(self) -> tuple[str, ...]:
        """The steps chosen so far in the move chooser."""
        return tuple(self.chooser.path)

    @property
    def legal_moves(self) -> list[tuple[Any, tuple[str, ...], str]]:
        """The moves the chooser offers the person to act: (action, steps, text) each."""
        return [(a, m.steps, m.text) for a, m in self._options]

    # -- actions ------------------------------------------------------------
    def _reveal(self) -> None:
        self._revealed = self.mover()
        self._refresh()
        self._focus_next()

    def _stepped(self) -> None:
        """After a step is chosen or taken back: the next step's choices, the focus on the first."""
        self._refresh()
        self.chooser.focus()

    def _focus_next(self) -> None:
        """Put the keyboard's focus where the next person acts: the pass-the-device button, else
        the first choice of their move (after a move, a pass, an undo or a bot's move, whose
        control may have gone or been disabled: the focus never falls back to the page).
        Called after :meth:`_refresh`, it reads who acts from what was drawn (no view computed again)."""
        mover, screened = self._drawn_seat[:2]
        if screened:
            self.pass_button.focus()
        elif mover is not None and not self.game.is_over:
            self.chooser.focus()

    def _set_seat(self, player: str, kind: str) -> None:
        self.model.set_seat(player, kind)
        self._refresh()

    def _set_pace(self, pace: str) -> None:
        self.model.pace = pace
        self._refresh()

    def _bot_step(self) -> None:
        self.model.bot_step()
        self._refresh()
        if self.bot_button.disabled:
            self._focus_next()

    def _play_chosen(self) -> None:
        """Play the one move the chooser has narrowed to (the bots answer)."""
        move = self.chooser.narrowed().move
        if move is not None and self.model.play(move.action).kind == PLAYED:
            self.chooser.path = []
            self.refusal.value = ""
            self._refresh()
            self._focus_next()

    def _try(self) -> None:
        _ = self._
        text = self.try_text.value.strip()
        outcome = self.model.play(text)
        if outcome.kind == OVER:
            self.refusal.value = box(escape(_("The game is over.")))
        elif outcome.kind == NOT_A_MOVE:
            self.refusal.value = box(escape(_("Not a move:")) + " " + escape(outcome.problem), REFUSED_BG, REFUSED)
        elif outcome.kind == REFUSED_MOVE:
            self.refusal.value = refusal_html(outcome.reasons, self.lang)
        else:
            self.chooser.path = []
            self.refusal.value = box(escape(_("Played:")) + " " + escape(_.say(outcome.text)), OK_BG)
            self._refresh()  # clears the note if the device must now be passed

    def _undo(self) -> None:
        """Back to the last move a person made (the model's undo policy), never behind the screen:
        the person to act passes the screen first, so no hand is shown to the wrong person."""
        if self.screened():
            return
        seat = self.mover() or (self.humans[0] if len(self.humans) == 1 else None)
        try:
            self.model.undo(seat)
        except TableError as exc:
            message = str(exc)
            text = self._("Nothing to undo.") if message == NOTHING_TO_UNDO else self._(message)
            self.refusal.value = box(escape(text))
            return
        self.chooser.path = []
        self.refusal.value = ""
        self._refresh()
        if self.undo_button.disabled:
            self._focus_next()

    def _save(self) -> None:
        data = base64.b64encode(self.model.save().encode()).decode()
        name = self.model.filename()
        self.download.value = (
            f"<a download='{escape(name)}' href='data:application/json;base64,{data}' style='{STYLE}'>"
            f"{escape(self._('Download'))} {escape(name)}</a>"
        )

    def _load(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0] if isinstance(files, (tuple, list)) else next(iter(files.values()))
        try:
            self.model.load(bytes(item["content"]))
        except ValueError as exc:  # a SaveError naming the field, for anything a file can get wrong
            message = escape(self._("File refused:")) + " " + escape(str(exc))
            self.file_message.value = box(message, REFUSED_BG, REFUSED)
        else:
            self.chooser.path, self._revealed = [], None
            self.file_message.value = box(escape(self._("Loaded")) + " " + escape(str(item.get("name", ""))), OK_BG)
            self._refresh()
        self.upload.value = ()

    # -- the move chooser ---------------------------------------------------
    def choices(self) -> list[str]:
        """The labels offered at the current step (empty when one move is left, or no move)."""
        return list(self.chooser.narrowed().labels)

    # -- drawing ------------------------------------------------------------
    def _refresh(self) -> None:
        """Set the widgets' values to the model now, each only when what it shows changed."""
        game, state, mover = self.game, self.game.state, self.mover()
        screened = self.screened()
        if state is not self._drawn_state:
            self._drawn_state = state
            self._draw_board()
        seat = (mover, screened, tuple(self.seats.values()))
        if self._seat_state is not state or seat != self._drawn_seat:
            new_decision = self._seat_state is not state or self._drawn_seat[:1] != (mover,)
            self._seat_state, self._drawn_seat = state, seat
            self._options = self.model.options(mover) if mover is not None else []
            self.chooser.set_moves([m for _a, m in self._options], new_decision)
            self._draw_seat(mover, screened)
        acting = mover is not None and not screened and not game.is_over
        if acting:
            self.chooser.show(MAX_BUTTONS)
        elif self.chooser.shown or self.options.children:
            self.chooser.clear()
        self.bot_button.disabled = game.is_over or not self.model.bots_to_act()
        seat_undoing = mover or (self.humans[0] if len(self.humans) == 1 else None)
        self.undo_button.disabled = screened or self.model.undo_refusal(seat_undoing) is not None

    def _draw_board(self) -> None:
        """What every player sees: the board, the scores, the log (after each move)."""
        game = self.game
        svg = scalable(self.parts.board_svg(game.state, self.lang))
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
            who = _("Bots to move: {players}").format(players=", ".join(self.model.bots_to_act()))
        else:
            who = _("{player} to choose").format(player=mover)
        self.status.value = box(f"{escape(_.say(self.model.status()))}<br><b>{escape(who)}</b>")
        if screened:
            self.pass_text.value = box(escape(_("Pass the device to {player}").format(player=mover)), OK_BG)
            self.pass_button.description = _("I am {player} — show my hand").format(player=mover)
        self.pass_box.layout.display = "" if screened else "none"
        if screened:  # what the last person tried is theirs alone
            self.refusal.value = self.try_text.value = ""
            self.chooser.clear()
        viewer = mover if mover is not None else (self.humans[0] if len(self.humans) == 1 else None)
        private = "" if screened or viewer is None else self.parts.private_html(state, viewer, self.lang)
        title = escape(_("What only {player} sees").format(player=viewer))
        self.private.value = box(f"<b>{title}</b>{private}") if private else ""
        acting = mover is not None and not screened and not game.is_over
        # the names valid now are the acting person's (a hand's cards): none behind the screen
        self.forms.value = forms_html(self.info.grammar, [a for a, _m in self._options] if acting else [], self.lang)
        self.moves.layout.display = "" if acting else "none"
        self.try_box.layout.display = "" if acting else "none"

    def _log_html(self) -> str:
        """The last :data:`LOG_TURNS` moves, newest first, each with its events and their rules."""
        _ = self._
        entries = self.model.log(LOG_TURNS)
        self._logged = {e: self._logged.get(e) or log_entry_html(e, self.lang) for e in entries}
        items = "".join(self._logged[e] for e in reversed(entries))
        more = len(self.game.history) - LOG_TURNS
        tail = f"<p>{escape(_('… and {n} earlier moves').format(n=more))}</p>" if more > 0 else ""
        head = f"<b>{escape(_('What happened (newest first)'))}</b>"
        # a scroll box the keyboard can reach (and scroll), named for a screen reader
        name = escape(_("Log"))
        scroll = f"<div role='region' aria-label='{name}' tabindex='0' style='max-height:420px;overflow-y:auto'>"
        return box(f"{head}{scroll}<ol reversed style='margin:2px 0'>{items}</ol>{tail}</div>")

    # -- from a link --------------------------------------------------------
    @classmethod
    def from_query(cls, default: str = FIRST_GAME, query: str | None = None, preset: str = "") -> Table:
        """A table set up from ``?game=…&seed=…&players=A,B&seats=human,greedy&lang=…``.

        ``players`` is a list of names or a player count (the game's default names).

        ``query`` defaults to the ``QUERY_STRING`` that Voilà sets in the kernel; it adds to
        (and overrides) ``preset``, the settings a notebook writes in its cell.  A bad
        value is named in the table's notice and replaced by its default."""
        game, kwargs, problems = link_settings(default, query, preset)
        _ = translator(kwargs.get("lang", "en"))
        said: list[str] = []  # what a game's own check says (in English) of names it cannot seat
        while True:
            try:
                table_ = cls(game, **kwargs)
                break
            except ValueError as exc:
                key = next((k for k in ("players", "seats") if k in kwargs), None)
                if key is None:
                    raise
                value = ",".join(str(v) for v in kwargs.pop(key))
                if key == "players":
                    reason, english = _("{game} cannot seat these names").format(game=game_info(game).title), str(exc)
                    said.append(english)
                else:
                    reason = seats_wanted(len(kwargs.get("players") or game_info(game).players()), _)
                problems.append(_(NOT_USED).format(setting=key, value=value, reason=reason))
        if problems:
            text = escape(_("Some settings of the link were not used:")) + " " + escape("; ".join(problems))
            text += "".join(f' <span lang="en">({escape(english)})</span>' for english in said)
            table_.notice.value = box(text, REFUSED_BG, REFUSED)
        return table_


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
