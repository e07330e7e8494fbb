"""Languages: the catalogs cover every widget text, keep placeholders, are compiled, and
give the rulebooks' own headings and terms (fresco_kit.classroom.i18n)."""

from __future__ import annotations

import ast
import gettext
import string
from functools import cache
from pathlib import Path

import pytest

from tests.games import kit_games

from fresco_kit import games
from fresco_kit.classroom import i18n
from fresco_kit.classroom.i18n import catalog, citation, document, glossary, glossary_html, say, section, translator
from fresco_kit.core.text import Msg
from fresco_kit.fresco.refs import RULES as FRESCO
from fresco_kit.lorenzo.teach import GLOSSARY as LORENZO_GLOSSARY
from fresco_kit.lorenzo.refs import RULES as LORENZO
from fresco_kit.sixtina.refs import RULES as SIXTINA

CORE = Path(i18n.__file__).resolve().parent
#: the folders whose texts the catalogs hold: the classroom's widgets and the served pages
TEXT_DIRS = (CORE, CORE.parent / "serve")
TRANSLATED = ("es", "it")


# ---- a small reader of .po files (msgctxt, msgid, msgstr; no plurals) ------------------
def read_po(path: Path) -> dict[tuple[str | None, str], str]:
    """``{(msgctxt, msgid): msgstr}`` of a .po file, header included (msgid "")."""
    entries: dict[tuple[str | None, str], str] = {}
    fields: dict[str, str] = {}
    last = ""

    def flush() -> None:
        if "msgid" in fields:
            key = (fields.get("msgctxt"), fields["msgid"])
            assert key not in entries, f"{path}: {key} twice"
            entries[key] = fields.get("msgstr", "")
        fields.clear()

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            fields[last] += ast.literal_eval(line)
            continue
        assert keyword in ("msgctxt", "msgid", "msgstr"), f"{path}:{number}: unexpected {keyword!r}"
        if keyword in ("msgctxt", "msgid") and "msgstr" in fields:
            flush()
        fields[keyword], last = ast.literal_eval(rest), keyword
    flush()
    return entries


def po_path(lang: str) -> Path:
    return i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


PO = {lang: read_po(po_path(lang)) for lang in i18n.LANGS}


# ---- the texts the widgets translate: every _("...") in fresco_kit/core ------------------
@cache
def translated_calls() -> list[tuple[str, int, str, ast.expr | None]]:
    """``(file, line, marker, first argument)`` of every ``_(...)``, ``self._(...)``,
    ``translator(...)(...)`` and ``N_(...)`` call in fresco_kit/classroom and fresco_kit/serve."""
    calls = []
    for path in sorted(p for folder in TEXT_DIRS for p in folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = getattr(func, "id", None) or getattr(func, "attr", None)
            if isinstance(func, ast.Call) and getattr(func.func, "id", None) == "translator":
                name = "_"
            if name in ("_", "N_"):
                calls.append((path.name, node.lineno, name, node.args[0] if node.args else None))
    return calls


def data_texts() -> set[str]:
    """Texts the table translates from the games' data rather than literals: the score
    categories of the kit's own games (a game from outside the kit, the tests' template,
    shows its categories untranslated: the kit's catalogs are for the kit's games)."""
    return {category for info in kit_games() for category in info.categories}


def ui_strings() -> set[str]:
    literals = {arg.value for *_, arg in translated_calls() if isinstance(arg, ast.Constant)}
    return literals | data_texts()


def fields(text: str) -> set[str]:
    """The ``{name}`` placeholders of a format string."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_widgets_translate_texts_not_built_at_run_time():
    """An f-string, a sum or a formatted text cannot be in a catalog: translate the literal
    with its {placeholders}, then .format it.  (A variable is allowed: data texts, above.)"""
    assert translated_calls(), "no _(...) call found in fresco_kit/core"
    built = (ast.JoinedStr, ast.BinOp, ast.Call)
    bad = [f"{file}:{line}" for file, line, _, arg in translated_calls() if arg is None or isinstance(arg, built)]
    assert not bad, f"translate a string literal, then format it: {bad}"
    marked = [f"{file}:{line}" for file, line, name, arg in translated_calls()
              if name == "N_" and not (isinstance(arg, ast.Constant) and isinstance(arg.value, str))]
    assert not marked, f"N_() marks string literals only: {marked}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_widget_text_is_translated_in_each_catalog(lang):
    translated = {msgid for (ctxt, msgid), msgstr in PO[lang].items() if ctxt is None and msgid and msgstr}
    missing = sorted(ui_strings() - translated)
    assert not missing, f"{po_path(lang)} lacks {len(missing)} texts: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalog_keeps_texts_the_widgets_no_longer_show(lang):
    stale = sorted({msgid for ctxt, msgid in PO[lang] if ctxt is None and msgid} - ui_strings())
    assert not stale, f"{po_path(lang)} has texts no _() uses: {stale}"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_placeholders_are_the_same_in_every_translation(lang):
    for (ctxt, msgid), msgstr in PO[lang].items():
        if msgid:
            assert fields(msgstr) == fields(msgid), f"{lang} {ctxt or ''} {msgid!r} -> {msgstr!r}"
            if fields(msgid):
                msgstr.format(**dict.fromkeys(fields(msgid), "X"))  # well formed (no stray braces)


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_compiled_catalogs_are_up_to_date(lang):
    """The .mo next to each .po holds exactly its messages (rebuild with the msgfmt line in the .po)."""
    expected = {(msgid if ctxt is None else f"{ctxt}\x04{msgid}"): msgstr for (ctxt, msgid), msgstr in PO[lang].items()}
    with po_path(lang).with_suffix(".mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    assert compiled._catalog == expected, f"recompile {po_path(lang)}"


# ---- section headings and citations -------------------------------------------------------
def test_fresco_rules_are_cited_with_the_spanish_rulebook_headings():
    assert section(FRESCO["end.money"], "es") == "Fin del juego"
    assert section(FRESCO["cath.bishop_bonus"], "es") == (
        "Catedral: Restaurar el fresco o el altar, Los puntos de bonificación del obispo"
    )
    assert section(FRESCO["p1.mood"], "es").endswith("Cambio del humor")
    assert citation(FRESCO["end.money"], "es") == "Reglas del juego Fresco, Fin del juego"
    # every Fresco heading has its Spanish form; the Big Box ones say they exist in English only
    untranslated = [ref.id for ref in FRESCO.values() if section(ref, "es") == ref.section]
    assert not untranslated
    assert section(FRESCO["bigbox.side2"], "es").endswith("(reglas solo en inglés)")


def test_lorenzo_rules_keep_the_summary_headings_in_italian_and_read_in_english_in_english():
    ref = LORENZO["vatican.threshold"]
    assert section(ref, "it") == "Il Rapporto in Vaticano" == ref.section
    assert citation(ref, "it") == "Riassunto delle regole di Lorenzo il Magnifico, Il Rapporto in Vaticano"
    assert section(ref, "en") == "The Vatican report (Il Rapporto in Vaticano)"
    assert section(ref, "es") == section(ref, "en")  # no Spanish summary: English
    for ref in LORENZO.values():
        assert section(ref, "it") == ref.section
        assert section(ref, "en").endswith(f"({ref.section})") and section(ref, "en") != ref.section


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_a_rulebook_missing_in_a_language_is_cited_in_english(lang):
    for ref in SIXTINA.values():
        assert citation(ref, lang) == ref.citation
    if lang != "es":
        assert all(citation(ref, lang) == ref.citation for ref in FRESCO.values())


def test_english_citations_are_the_rule_refs_own():
    assert all(citation(ref, "en") == ref.citation for ref in (*FRESCO.values(), *SIXTINA.values()))
    assert document("lorenzo", "en") == "Lorenzo il Magnifico rules summary"


# ---- glossaries -------------------------------------------------------------------------
def test_glossaries_give_the_rulebooks_own_terms():
    spanish = dict(glossary("fresco", "es"))
    assert spanish["get-up time"] == "hora de levantarse" and spanish["master painter"] == "maestro pintor"
    assert spanish["bishop"] == "obispo" and spanish["victory points"] == "puntos de victoria"
    italian = dict(glossary("lorenzo", "it"))
    assert italian["Vatican report"] == "Rapporto in Vaticano" and italian["excommunication"] == "scomunica"
    # the Lorenzo terms the kit's English teaching texts already use are all there, unchanged
    assert LORENZO_GLOSSARY.items() <= italian.items()
    english = [term for term, _ in glossary("fresco", "es")]
    assert english == sorted(english, key=str.casefold)


@pytest.mark.parametrize(("game", "lang"), [("sixtina", "es"), ("sixtina", "it"), ("fresco", "it"), ("lorenzo", "es"),
                                            ("fresco", "en"), ("lorenzo", "en")])
def test_no_glossary_where_the_rulebook_has_no_such_edition(game, lang):
    assert glossary(game, lang) == []
    note = glossary_html(game, lang)
    assert note.startswith('<p class="fk-glossary-note">') and "<table" not in note


def test_the_glossary_panel_says_when_a_game_has_no_rulebook_in_the_language():
    assert "1980 Sixtina no tiene reglamento en español" in glossary_html("sixtina", "es")
    assert "1980 Sixtina non ha un regolamento in italiano" in glossary_html("sixtina", "it")


def test_the_glossary_panel_is_a_two_column_table_beside_the_english_terms():
    page = glossary_html("fresco", "es")
    assert page.count("<tr>") == len(glossary("fresco", "es")) + 1  # header row
    assert page.startswith('<table class="fk-glossary"') and "<caption>Glosario</caption>" in page
    assert '<th scope="col">Inglés</th>' in page
    assert '<th scope="col">Reglas del juego Fresco</th>' in page
    assert '<td lang="en">bishop&#x27;s bonus points</td><td lang="es">puntos de bonificación del obispo</td>' in page
    assert '<td lang="it">Palazzo del Consiglio</td>' in glossary_html("lorenzo", "it")


# ---- the translator and bad input ---------------------------------------------------------
def test_translator_translates_and_falls_back_to_english():
    assert translator("en")("Glossary") == "Glossary" and translator("en") is translator("en")
    assert translator("es")("Glossary") == "Glosario" and translator("it")("Glossary") == "Glossario"
    assert translator("it")("a text no catalog has") == "a text no catalog has"
    assert catalog("es").pgettext("section:fresco", "End of the Game") == "Fin del juego"


def test_a_generated_text_is_said_with_each_of_its_messages_translated():
    """say() looks up a Msg's template and each Msg among its values; a value that is no
    Msg (a name, a number) stays as it is, even where a catalog has it; English is the text itself."""
    line = Msg("{player}: {what} ({n})", player="Ana", what=Msg("Glossary"), n=3)
    assert str(line) == say(line, "en") == "Ana: Glossary (3)"
    assert say(line, "es") == "Ana: Glosario (3)" and say(line, "it") == "Ana: Glossario (3)"
    assert say("Glossary", "es") == "Glossary"  # a plain str is a name: only Msgs are translated
    assert say(Msg.n(2, "{n} gizmo", "{n} gizmos"), "es") == "2 gizmos"  # no catalog has it: English


@pytest.mark.parametrize("call", [translator, catalog, lambda lang: say("x", lang), lambda lang: section(FRESCO["end.money"], lang),
                                  lambda lang: citation(FRESCO["end.money"], lang),
                                  lambda lang: glossary("fresco", lang), lambda lang: glossary_html("fresco", lang),
                                  lambda lang: document("fresco", lang)])
@pytest.mark.parametrize("lang", ["fr", "ES", "", None, ["es"]])
def test_an_unknown_language_is_refused(call, lang):
    with pytest.raises(ValueError, match="lang must be one of en, es, it"):
        call(lang)


def test_an_unknown_game_is_refused():
    for call in (glossary, glossary_html, document):
        with pytest.raises(ValueError, match="game must be one of sixtina, fresco, lorenzo"):
            call("chess", "es")
