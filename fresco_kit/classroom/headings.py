"""The classroom pages' own words: the heading and instructions of a table page and of an
exercise page, in the page's language.

A table notebook (``notebooks/tables``) and a game's exercises notebook show them from code
cells, so that in the classroom (Voilà, code hidden) they follow the link's ``lang=`` as the
widgets below them do (``lang`` defaults to :func:`.table_link.link_lang`); what only a
JupyterLab reader needs ("Run the notebook ...") sits in a markdown cell tagged ``lab-only``,
which the classroom's page template leaves out.  The landing page is
:func:`.landing.landing_html`.  Lessons, the other notebooks, stay in English.

Each function returns a :class:`Shown`: HTML that a notebook cell displays, with a plain-text
form for text-only views.  CSS class: ``fk-page-head`` (a page's heading block).
"""

from __future__ import annotations

from html import escape

from fresco_kit.core.registry import GameInfo, game_info

from .i18n import N_, check_lang, translator
from .table_link import link_lang

#: the classroom's landing notebook, one folder up from a table or an exercises notebook
CLASSROOM = "00_classroom.ipynb"
#: each kind of exercise in words (the list of a sheet)
KIND_NAMES = {
    "legal": N_("Is this move legal?"),
    "why_not": N_("Why is it refused? Tick every reason"),
    "number": N_("A whole number"),
    "choice": N_("Pick one answer"),
    "best": N_("The best move, by a stated criterion"),
}
#: the block around a page's heading: the classroom's text size, a readable line length; headings
#: kept small, so that the table or the sheet below starts high on the screen
STYLE = "font-size:15px;line-height:1.5;max-width:60em;margin-bottom:8px"
H1 = "font-size:24px;margin:0 0 4px"
H2 = "font-size:19px;margin:12px 0 4px"
P = "margin:0 0 6px"


class Shown:
    """HTML a notebook cell shows (``_repr_html_``), and its plain text (``repr``)."""

    def __init__(self, html: str, text: str):
        self.html, self.text = html, text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


def lang_query(lang: str) -> str:
    """The query a link adds to keep a page's language: ``"?lang=es"``, nothing for English."""
    return "" if check_lang(lang) == "en" else f"?lang={lang}"


def back_link(lang: str) -> str:
    """The link back to the classroom's landing page (from a page one folder down), in ``lang``."""
    return f'<a href="../{CLASSROOM}{lang_query(lang)}">{escape(translator(lang)("Back to the classroom"))}</a>'


def exercise_title(info: GameInfo, lang: str) -> str:
    """The title of ``info``'s exercise page in ``lang``."""
    return translator(lang)("{game}: exercises the engine checks").format(game=info.title)


def table_heading(game: str, players: int, lang: str | None = None) -> Shown:
    """The heading of the table page of ``game`` for ``players``: its title, what to do, the way back."""
    lang = link_lang() if lang is None else check_lang(lang)
    _, info = translator(lang), game_info(game)
    title = _("{game}: a table for {n} players").format(game=info.title, n=players)
    what = _(
        "Choose who sits at each seat (a person or a bot), then pick the moves step by step, or type one "
        "in the try box: a move the rules refuse is explained, rule by rule."
    )
    html = f"<h1 style='{H1}'>{escape(title)}</h1><p style='{P}'>{escape(what)} {back_link(lang)}</p>"
    return Shown(f'<div class="fk-page-head" style="{STYLE}">{html}</div>', title)


def exercise_heading(game: str, lang: str | None = None) -> Shown:
    """The heading of ``game``'s exercise page: its title, what the exercises are, the way back,
    and how the sheet below is used."""
    lang = link_lang() if lang is None else check_lang(lang)
    _, info = translator(lang), game_info(game)
    exercises = info.exercises.EXERCISES if info.exercises else ()
    title = exercise_title(info, lang)
    intro = [
        _(
            "Short questions on constructed positions, set up through the engine for the question rather than "
            "taken from played games. The engine answers each one and explains its answer, each reason beside "
            "the rule it comes from, so a wrong answer teaches something too."
        )
    ]
    if any(ex.reading for ex in exercises):
        intro.append(
            _(
                "Where the rulebook can be read more than one way and an answer rests on the kit's reading, "
                "the feedback says so."
            )
        )
    how = _(
        "Choose an exercise from the menu, read the question and the board, answer, and press Check: the "
        "engine says whether the answer is right and why, citing the rulebook. Nothing is stored: reload the "
        "page to start again."
    )
    html = (
        f"<h1 style='{H1}'>{escape(title)}</h1><p style='{P}'>{escape(' '.join(intro))} {back_link(lang)}</p>"
        f"<h2 style='{H2}'>{escape(_('The exercise sheet'))}</h2><p style='{P}'>{escape(how)}</p>"
    )
    return Shown(f'<div class="fk-page-head" style="{STYLE}">{html}</div>', title)


def exercise_list(game: str, lang: str | None = None) -> Shown:
    """The exercises of ``game``'s sheet, in order: each one's title and kind, and whether its
    answer rests on one of the kit's readings."""
    lang = link_lang() if lang is None else check_lang(lang)
    _, info = translator(lang), game_info(game)
    lines = []
    for ex in info.exercises.EXERCISES if info.exercises else ():
        line = _("{title} ({kind})").format(title=_.say(ex.title), kind=_(KIND_NAMES[ex.kind]))
        lines.append(_("{exercise}; it rests on a reading of the kit").format(exercise=line) if ex.reading else line)
    head = _("The exercises on this sheet")
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    html = f'<div class="fk-page-head" style="{STYLE}"><h2 style="{H2}">{escape(head)}</h2><ol>{items}</ol></div>'
    return Shown(html, "\n".join([head, *(f"{n}. {line}" for n, line in enumerate(lines, 1))]))
