"""Languages of the classroom widgets: English by default, Spanish and Italian from catalogs.

The table and the exercises write every text a player reads through :func:`translator`,
so a catalog (``fresco_kit/locale/<lang>/LC_MESSAGES/fresco_kit.mo``, compiled from its
``.po``) can give it in another language.  Beside the widgets' own texts the catalogs
hold what the rulebooks print, in three message contexts:

- ``section:<game>`` -- a :class:`~fresco_kit.core.rules.RuleRef`'s section heading in the
  rulebook of that language: Fresco's English headings as the Spanish rulebook prints them
  (``es``); Lorenzo's headings, which the kit writes in Italian because the rules summary is
  Italian, unchanged in ``it`` and given in ``en`` as an English rendering followed by the
  summary's own heading in brackets, so a reader can still find it in the Italian text;
- ``document`` -- the title of the cited document in that language;
- ``glossary:<game>`` -- the kit's English game terms with the rulebook's own terms.

Which rulebook exists in which language is each game's ``GameInfo.rulebook_langs``: Fresco in Spanish,
Lorenzo il Magnifico in Italian, 1980 Sixtina in English only.  A heading, a title or a
message missing from a catalog falls back to English (the ``en`` catalog, then the text
itself): a Sixtina rule is cited in English whatever the language, while the widget
around it is translated.

The texts the engines generate (events, refusals, move texts, the boards' labels) are
:class:`~fresco_kit.core.text.Msg` s: each game keeps their translations in its own catalog
(``<lang>/LC_MESSAGES/<game>.po``), which :func:`catalog` chains behind the widgets' one, and
:func:`say` (or ``_.say``) gives such a text in a language.

The functions: :func:`translator` (``_ = translator(lang)``; :func:`N_` marks a text kept
in data), :func:`say`, :func:`section`, :func:`document` and :func:`citation` for a RuleRef,
:func:`glossary` and :func:`glossary_html` for the terms.  How to add a text:
``fresco_kit/locale/README.md``.
"""

from __future__ import annotations

import gettext
import html
from functools import cache
from pathlib import Path

from fresco_kit.core.registry import GAMES, game_info
from fresco_kit.core.rules import RuleRef
from fresco_kit.core.text import N_ as N_  # texts kept in data are marked where they are defined
from fresco_kit.core.text import Msg

LANGS: tuple[str, ...] = ("en", "es", "it")
DOMAIN = "fresco_kit"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def check_lang(lang: object) -> str:
    """``lang`` if it is one of :data:`LANGS`, else a ValueError listing them."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return str(lang)


def _check_game(game: object) -> str:
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
    return str(game)


class Catalog(gettext.GNUTranslations):
    """One language's compiled catalog, which can also list the messages of one context."""

    def in_context(self, context: str) -> list[tuple[str, str]]:
        """Every ``(msgid, msgstr)`` of ``context`` in this catalog (not its fallbacks)."""
        # GNUTranslations keeps its messages in ``_catalog``, keyed "context\x04msgid"
        messages: dict[str, str] = getattr(self, "_catalog", {})
        prefix = f"{context}\x04"
        return [(key.removeprefix(prefix), text) for key, text in messages.items() if key.startswith(prefix)]


def catalog(lang: str) -> Catalog:
    """The catalog of ``lang``: the widgets' texts, then each game's generated texts (every
    other ``.mo`` of the language), then the English catalog (FileNotFoundError if not installed)."""
    return _load(check_lang(lang))


@cache
def _load(lang: str) -> Catalog:
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    with (folder / f"{DOMAIN}.mo").open("rb") as mo:
        found = Catalog(mo)
    for path in sorted(folder.glob("*.mo")):
        if path.stem != DOMAIN:
            with path.open("rb") as mo:
                found.add_fallback(Catalog(mo))
    if lang != "en":
        found.add_fallback(_load("en"))
    return found


class Translator:
    """``_ = translator(lang)``: ``_("A widget text")`` gives a literal text in ``lang``;
    ``_.say(text)`` gives a text the engines generated (:func:`say`)."""

    def __init__(self, lang: str):
        self.lang = check_lang(lang)
        self._catalog = None if self.lang == "en" else catalog(self.lang)

    def __call__(self, text: str) -> str:
        """A literal widget text in this language (itself where no catalog has it)."""
        return text if self._catalog is None else self._catalog.gettext(text)

    def say(self, text: str) -> str:
        """A generated text in this language: a :class:`~fresco_kit.core.text.Msg` with its
        template and each value that is a ``Msg`` translated; any other text (a player's
        name, a number) as it is."""
        found = self._catalog
        if found is None or not isinstance(text, Msg):
            return str(text)
        return text.render(lambda m: _template(found, m))


def _template(found: Catalog, m: Msg) -> str:
    """``m``'s template in ``found``: its plural form for its count where it has one."""
    return found.gettext(m.template) if m.plural is None else found.ngettext(m.template, m.plural, m.number or 0)


def translator(lang: str = "en") -> Translator:
    """The :class:`Translator` that gives an English text in ``lang`` (English when not translated)."""
    return _translator(check_lang(lang))


@cache
def _translator(lang: str) -> Translator:
    return Translator(lang)


def say(text: str, lang: str = "en") -> str:
    """``text`` in ``lang``, as ``translator(lang).say(text)``, e.g. an event or a refusal."""
    return translator(lang).say(text)


def section(ref: RuleRef, lang: str = "en") -> str:
    """``ref``'s section heading in ``lang``: the rulebook's own heading where that rulebook
    exists in ``lang``, else the English one, e.g. ``"Fin del juego"`` for Fresco in ``es``."""
    return catalog(lang).pgettext(f"section:{ref.game}", ref.section)


def document(game: str, lang: str = "en") -> str:
    """The title of ``game``'s cited rulebook in ``lang`` (the English title where there is none)."""
    return catalog(lang).pgettext("document", game_info(_check_game(game)).rulebook_title)


def citation(ref: RuleRef, lang: str = "en") -> str:
    """Document and section heading in ``lang`` (:attr:`RuleRef.citation`, translated), e.g.
    ``"Reglas del juego Fresco, Fin del juego"``."""
    return f"{document(ref.game, lang)}, {section(ref, lang)}"


def glossary(game: str, lang: str) -> list[tuple[str, str]]:
    """``(English term, rulebook term)`` pairs of ``game``'s rulebook in ``lang``, by English term.

    Empty when that rulebook does not exist in ``lang`` (1980 Sixtina; English itself)."""
    game, lang = _check_game(game), check_lang(lang)
    if lang not in game_info(game).rulebook_langs:
        return []
    return sorted(catalog(lang).in_context(f"glossary:{game}"), key=lambda pair: pair[0].casefold())


def glossary_html(game: str, lang: str) -> str:
    """A two-column HTML table of :func:`glossary` (English | rulebook term), with a
    caption; where the game has no rulebook in ``lang``, a short note that says so."""
    terms = glossary(game, lang)
    _ = translator(lang)
    if not terms:
        if lang == "en":
            note = _(
                "The glossary gives a rulebook's own terms: choose Spanish (es) for Fresco or Italian (it) for Lorenzo."
            )
        else:
            note = _(
                "{game} has no rulebook in {language}: its rules and terms are cited in English. "
                "The table's own texts are still translated."
            ).format(game=game_info(game).title, language=_("Spanish") if lang == "es" else _("Italian"))
        return f'<p class="fk-glossary-note">{html.escape(note)}</p>'
    rows = "".join(
        f'<tr><td lang="en">{html.escape(english)}</td><td lang="{lang}">{html.escape(term)}</td></tr>'
        for english, term in terms
    )
    return (
        f'<table class="fk-glossary" style="{_GLOSSARY_STYLE}"><caption>{html.escape(_("Glossary"))}</caption>'
        f'<thead><tr><th scope="col">{html.escape(_("English"))}</th>'
        f'<th scope="col">{html.escape(document(game, lang))}</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


#: readable on a projector: 14 px text, the page's own colours
_GLOSSARY_STYLE = "font-size:14px;border-collapse:collapse;text-align:left"
