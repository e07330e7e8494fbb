"""What each game gives the table, and the HTML pieces the table and the exercises share.

Each game has a module ``fresco_kit/<game>/table.py`` that follows :class:`TableParts`
(readable move texts, the steps that filter moves, the status line, the player's private
panel, explanations of the score categories) and ``fresco_kit/<game>/svg.py`` with
``board_svg(state)``.  :func:`parts_for` finds them; :class:`DefaultParts` stands in for
any part a game lacks (plain action texts, the fields as steps).  The text parts are the
game's words for the table model (:class:`fresco_kit.core.table.MoveWords`); the model
narrows the moves by their steps (:func:`fresco_kit.core.table.narrow`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any, Protocol

from fresco_kit.core.actions import Grammar
from fresco_kit.core.registry import GameInfo
from fresco_kit.core.rules import Event, RuleRef
from fresco_kit.core.scoring import ScoreSheet
from fresco_kit.core.table import LogEntry, PlainWords, step_label

from .i18n import citation, say, translator
from .svg import Svg

__all__ = [
    "INK",
    "OK_BG",
    "PAPER",
    "REFUSED",
    "REFUSED_BG",
    "STYLE",
    "DefaultParts",
    "TableParts",
    "box",
    "cited",
    "forms_html",
    "log_entry_html",
    "parts_for",
    "refusal_html",
    "score_html",
    "step_label",
]

#: at most this many names of one field are listed in the try box's help
MAX_NAMES = 30
#: text and background colours (contrast above 4.5:1, checked in the tests)
INK, PAPER, REFUSED, REFUSED_BG, OK_BG = "#202124", "#ffffff", "#8a1c1c", "#fdecea", "#e6f4ea"
STYLE = f"font-size:14px;color:{INK};line-height:1.4"


class TableParts(Protocol):
    """What a game gives the table (its ``<game>/table.py`` module).

    ``move_steps``, ``move_text`` and ``status`` are the game's words for the table model
    (:class:`fresco_kit.core.table.MoveWords`), which narrows the moves by their steps; the
    HTML parts are for the renderers.

    Every text is for players, not programmers: names, not ids or code words.  The texts
    returned (steps, move texts, status) are :class:`~fresco_kit.core.text.Msg` s, which the
    table says in its language; the HTML and SVG parts are drawn in ``lang``.
    """

    #: score-sheet category -> (one sentence on how it scores, the rule that defines it)
    CATEGORY_HELP: dict[str, tuple[str, RuleRef]]

    def move_steps(self, state: Any, action: Any) -> tuple[str, ...]:
        """The choices that make up ``action``, first its kind, then each choice.

        E.g. ``("Restore a fresco", "Adam's creation (JC1)", "with Repainting 3 and 4")``.
        The table groups legal moves by the first step and narrows them step by step,
        so moves that share a choice share the same label for it."""

    def move_text(self, state: Any, action: Any) -> str:
        """``action`` as one readable line with names (shown in the log and the move list)."""

    def status(self, state: Any) -> str:
        """The phase, the round or turn, and who must act now, in one or two plain lines
        (shown to every seat: nothing hidden from any player)."""

    def private_html(self, state: Any, player: str, lang: str = "en") -> str:
        """HTML of what only ``player`` may see (hand, screen, plans): shown behind the
        pass-the-device screen in hot-seat play. Must use ``state.view(player)`` only."""

    def board_svg(self, state: Any, lang: str = "en") -> str:
        """The public board as an SVG string (nothing hidden from any player)."""


class DefaultParts(PlainWords):
    """The stand-in parts of a game without its own ``table.py``: plain texts from the engine
    (:class:`~fresco_kit.core.table.PlainWords`), the view as the engine writes it."""

    def __init__(self, info: GameInfo):
        super().__init__(info.rules)
        self.info = info
        #: no explanations: the final sheet shows the categories alone
        self.CATEGORY_HELP: dict[str, tuple[str, RuleRef]] = {}

    def private_html(self, state: Any, player: str, lang: str = "en") -> str:
        """The player's view, as the engine writes it."""
        return f"<pre style='white-space:pre-wrap'>{escape(repr(state.view(player)))}</pre>"

    def board_svg(self, state: Any, lang: str = "en") -> str:
        """A small drawing with the status line."""
        status = say(self.status(state), lang)
        svg = Svg(420, 40, f"{self.info.title}: {status}")
        svg.text(8, 26, status, size=14)
        return svg.to_string()


def parts_for(info: GameInfo) -> TableParts:
    """The game's table parts (``info.table``, the board from ``info.svg``), each missing
    part taken from :class:`DefaultParts`."""
    default = DefaultParts(info)
    module: Any = info.table
    if module is None:
        return default
    drawing: Any = info.svg  # the board lives in the game's svg part
    parts = _Parts()
    for attr in ("CATEGORY_HELP", "move_steps", "move_text", "status", "private_html", "board_svg"):
        found = getattr(module, attr, None) or getattr(drawing, attr, None)
        setattr(parts, attr, found or getattr(default, attr))
    return parts


class _Parts:
    """A game's parts gathered from its module (with the stand-ins it lacks)."""

    CATEGORY_HELP: dict[str, tuple[str, RuleRef]]
    move_steps: Callable[[Any, Any], tuple[str, ...]]
    move_text: Callable[[Any, Any], str]
    status: Callable[[Any], str]
    private_html: Callable[..., str]  # (state, player, lang)
    board_svg: Callable[..., str]  # (state, lang)


def cited(ref: RuleRef, lang: str = "en") -> str:
    """A rule as HTML: its citation in words (the rulebook's own heading in ``lang`` where there
    is one), its checklist id in the tooltip only (a rule code means nothing to a student)."""
    return f"<i title='[{escape(ref.checklist_id)}]'>{escape(citation(ref, lang))}</i>"


def refusal_html(reasons: Sequence[tuple[str, RuleRef]], lang: str = "en") -> str:
    """Every rule that blocks a move: message and citation, as an HTML list."""
    _ = translator(lang)
    items = "".join(f"<li>{escape(_.say(message))}<br>{cited(ref, lang)}</li>" for message, ref in reasons)
    return box(f"<b>{escape(_('Refused:'))}</b><ul style='margin:2px 0'>{items}</ul>", REFUSED_BG, REFUSED)


def log_entry_html(entry: LogEntry, lang: str = "en") -> str:
    """One move of the table's log: its text (only the player's name for a secret choice)
    and its events, each with its rule (the rule's checklist id in the tooltip)."""

    def cite(event: Event) -> str:
        return " — " + cited(event.rule, lang) if event.rule else ""

    _ = translator(lang)
    events = "".join(f"<li>{escape(_.say(e.text))}{cite(e)}</li>" for e in entry.events)
    return f"<li><b>{escape(_.say(entry.text))}</b><ul style='margin:0'>{events}</ul></li>"


def box(html: str, background: str = PAPER, colour: str = INK) -> str:
    """``html`` in a padded block of the table's text style, on ``background``."""
    return f"<div style='{STYLE};color:{colour};background:{background};padding:4px 8px'>{html}</div>"


def score_html(sheet: ScoreSheet, help_: dict[str, tuple[str, RuleRef]], final: bool, lang: str = "en") -> str:
    """The score sheet as an HTML table; ``final`` adds each category's explanation and the winners,
    else it is labelled as provisional (the points if the game ended now)."""
    _ = translator(lang)
    players = list(sheet.rows)
    cell = "style='padding:2px 8px;border-bottom:1px solid #dadce0;text-align:right'"
    head = "".join(f"<th {cell}>{escape(p)}</th>" for p in players)
    explain = f"<th {cell}>{escape(_('How it scores'))}</th>" if final else ""
    rows = []
    for category in sheet.categories:
        points = "".join(f"<td {cell}>{sheet.rows[p].get(category, 0)}</td>" for p in players)
        how = ""
        if final:
            sentence, ref = help_.get(category, ("", None))
            how = f"<td style='padding:2px 8px'>{escape(_.say(sentence))}{' ' + cited(ref, lang) if ref else ''}</td>"
        rows.append(f"<tr><td style='padding:2px 8px'>{escape(_(category))}</td>{points}{how}</tr>")
    totals = "".join(f"<td {cell}><b>{sheet.totals[p]}</b></td>" for p in players)
    rows.append(f"<tr><td style='padding:2px 8px'><b>{escape(_('Total'))}</b></td>{totals}</tr>")
    title = _("Final scores") if final else _("Scores if the game ended now")
    foot = "" if final else f"<p style='margin:2px 0'>{escape(_('Not final: they change as the game goes on.'))}</p>"
    if final and sheet.winners:
        foot = f"<p><b>{escape(_('Winner:'))} {escape(' & '.join(sheet.winners))}</b></p>"
    notes = "".join(f"<p>{escape(_.say(note))}</p>" for note in sheet.notes) if final else ""
    table_ = f"<table style='border-collapse:collapse'><tr><td></td>{head}{explain}</tr>{''.join(rows)}</table>"
    return box(f"<b>{escape(title)}</b>{table_}{foot}{notes}")


def forms_html(grammar: Grammar, actions: Sequence[Any], lang: str = "en") -> str:
    """The try box's help: every form of the game's ``grammar`` and, for each form someone can
    use now, an example and the names each field takes now, read from the legal ``actions``
    (the same for every game: whatever the fields are, the legal moves say which names fit).
    A field's names are listed up to :data:`MAX_NAMES`; whole numbers as a range; a list
    field (``3,17``) by its items."""
    _ = translator(lang)
    by_verb: dict[str, list[Any]] = {}
    for action in actions:
        by_verb.setdefault(action.VERB, []).append(action)
    items, later = [], []
    for cls, form in zip(grammar.actions, grammar.forms()):
        now = by_verb.get(cls.VERB, [])
        if not now:
            later.append(f"<code>{escape(form)}</code>")
            continue
        names: dict[str, dict[str, None]] = {}  # field -> its names, in the order first met
        for action in now:
            for field, written in grammar.fields(action):
                names.setdefault(field, {}).update(dict.fromkeys(written.split(",")))
        listed = " · ".join(
            f"{escape(field)}: {escape(_names([v for v in values if v != '-']))}"
            for field, values in names.items()
            if set(values) - {"-"}
        )
        example = escape(_("e.g.")) + f" <code>{escape(str(now[0]))}</code>"
        items.append(f"<li><code>{escape(form)}</code> — {example}<br>{listed}</li>")
    if not actions:
        return f"<div style='{STYLE}'>{escape(_('Moves are written:'))} {' · '.join(later)}</div>"
    rest = f"<p style='margin:2px 0'>{escape(_('Not possible now:'))} {' · '.join(later)}</p>" if later else ""
    head = escape(_("Moves are written (with the names valid now):"))
    return f"<div style='{STYLE}'>{head}<ul style='margin:2px 0;padding-left:1.2em'>{''.join(items)}</ul>{rest}</div>"


def _names(values: list[str]) -> str:
    """A field's names: whole numbers as a range (``0–3``) or a list, names up to :data:`MAX_NAMES`."""
    if all(v.lstrip("-").isdigit() for v in values):
        numbers = sorted({int(v) for v in values})
        if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
            return f"{numbers[0]}–{numbers[-1]}"
        values = [str(n) for n in numbers]
    shown = ", ".join(values[:MAX_NAMES])
    return shown + (f", … (+{len(values) - MAX_NAMES})" if len(values) > MAX_NAMES else "")
