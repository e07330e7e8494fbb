"""What the catalog tests share: the generated texts (``Msg`` templates) in a game's source,
the game's catalogs read with Babel, and a detector of English sentences in a rendered page."""

from __future__ import annotations

import ast
import re
import string
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from fresco_kit.classroom import i18n

#: the languages the kit's pages are translated into
TRANSLATED = ("es", "it")


def package_dir(package: str) -> Path:
    """The folder of a package, e.g. ``fresco_kit.sixtina``."""
    root = Path(i18n.__file__).resolve().parents[2]
    return root.joinpath(*package.split("."))


@cache
def templates(package: str) -> dict[str, tuple[str, int, str | None]]:
    """Every generated text a game's source declares: ``{template: (file, line, plural)}`` for
    each ``Msg("...")``, ``Msg.n(count, "...", "...")`` and ``N_("...")`` with literal texts."""
    found: dict[str, tuple[str, int, str | None]] = {}
    for path in sorted(package_dir(package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = getattr(func, "id", None) or getattr(func, "attr", None)
            literals = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if name in ("Msg", "N_") and isinstance(func, ast.Name) and literals[:1] == [_first(node)]:
                found.setdefault(literals[0], (path.name, node.lineno, None))
            elif name == "n" and getattr(func.value, "id", None) == "Msg" and len(literals) >= 2:  # type: ignore[attr-defined]
                found.setdefault(literals[0], (path.name, node.lineno, literals[1]))
    return found


def _first(node: ast.Call) -> object:
    first = node.args[0] if node.args else None
    return first.value if isinstance(first, ast.Constant) else None


def built_templates(package: str) -> list[str]:
    """``file:line`` of each ``Msg(...)`` whose template is built at run time (an f-string,
    a sum, a call): no catalog can hold such a text."""
    bad = []
    for path in sorted(package_dir(package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Msg" and node.args:
                if isinstance(node.args[0], ast.JoinedStr | ast.BinOp | ast.Call):
                    bad.append(f"{path.name}:{node.lineno}")
    return bad


def po_path(domain: str, lang: str) -> Path:
    """The source catalog of ``domain`` (a game's name) in ``lang``."""
    return i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@cache
def game_catalog(domain: str, lang: str) -> Catalog:
    """A game's catalog in ``lang`` (``fresco_kit/locale/<lang>/LC_MESSAGES/<game>.po``)."""
    with po_path(domain, lang).open("rb") as po:
        return read_po(po, locale=lang, domain=domain)


def fields(text: str) -> set[str]:
    """The ``{name}`` placeholders of a format string."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


# ---- English in a rendered page ---------------------------------------------------------
#: words that mark a sentence as English (none is a Spanish or Italian word)
ENGLISH_WORDS = frozenset(
    "the and of to is are was has have with from your you this that which must may cannot "
    "can't not for their his her its it's will would be been any each every there here".split()
)


class _Texts(HTMLParser):
    """The page's text nodes and attribute texts a reader meets (titles, labels, alt), skipping
    what is marked ``lang="en"`` on purpose (a citation of an English-only rulebook)."""

    SKIP = frozenset({"script", "style"})
    SAID = ("title", "aria-label", "alt", "placeholder")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.texts: list[str] = []

    def _skipping(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        skip = tag in self.SKIP or a.get("lang") == "en"
        if tag not in ("br", "img", "input", "meta", "link", "hr", "wbr"):
            self.stack.append((tag, skip))
        if not (skip or self._skipping()):
            self.texts += [v for k, v in attrs if k in self.SAID and v]

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if data.strip() and not self._skipping():
            self.texts.append(data.strip())


def english_sentences(html: str, names: tuple[str, ...] = ()) -> list[str]:
    """The texts of ``html`` that read as English: two or more words of :data:`ENGLISH_WORDS`
    (players' ``names`` removed first), or one where the text is only a few words long."""
    parser = _Texts()
    parser.feed(html)
    found = []
    for text in parser.texts:
        plain = text
        for name in names:
            plain = plain.replace(name, " ")
        words = re.findall(r"[A-Za-z']+", plain.lower())
        hits = [w for w in words if w in ENGLISH_WORDS]
        if len(hits) >= 2 or (hits and len(words) <= 4):
            found.append(text)
    return found


def widget_html(widget) -> list[str]:
    """The HTML values of a widget tree (every ``HTML`` widget's value, every button's text)."""
    found = []
    value = getattr(widget, "value", None)
    if isinstance(value, str) and type(widget).__name__ == "HTML":
        found.append(value)
    description = getattr(widget, "description", None)
    if isinstance(description, str) and description:
        found.append(f"<span>{description}</span>")
    for child in getattr(widget, "children", ()):
        found += widget_html(child)
    return found
