"""Every text a game's engine and pages generate (its ``Msg`` templates) is in that game's
catalogs in Spanish and Italian: translated, not fuzzy, with the same placeholders, nothing
left over, compiled (``fresco_kit/locale/<lang>/LC_MESSAGES/<game>.po``)."""

from __future__ import annotations

import gettext

import pytest

from tests.catalogs import TRANSLATED, built_templates, fields, game_catalog, po_path, templates
from tests.games import kit_games, package

GAMES = [info.name for info in kit_games()]
CASES = [(game, lang) for game in GAMES for lang in TRANSLATED]


@pytest.mark.parametrize("game", GAMES)
def test_templates_are_literals(game):
    assert templates(package(game)), f"{game} declares no Msg template"
    assert not built_templates(package(game)), "write the template as a literal, then give the values"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_generated_text_is_translated(game, lang):
    catalog = game_catalog(game, lang)
    missing, fuzzy, untranslated = [], [], []
    for template, (file, line, plural) in templates(package(game)).items():
        message = catalog.get(template)
        if message is None:
            missing.append(f"{file}:{line} {template!r}")
            continue
        if message.fuzzy:
            fuzzy.append(template)
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if not all(forms) or (plural is not None and len(forms) < 2):
            untranslated.append(template)
    assert not missing, f"{po_path(game, lang)} lacks {len(missing)}: {missing[:20]}"
    assert not fuzzy, f"fuzzy in {po_path(game, lang)}: {fuzzy[:20]}"
    assert not untranslated, f"untranslated in {po_path(game, lang)}: {untranslated[:20]}"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_no_text_left_over(game, lang):
    used = set(templates(package(game)))
    stale = sorted(m.id if isinstance(m.id, str) else m.id[0] for m in game_catalog(game, lang) if m.id) 
    stale = [t for t in stale if t not in used]
    assert not stale, f"{po_path(game, lang)} has texts the code no longer says: {stale[:20]}"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_placeholders_match(game, lang):
    for message in game_catalog(game, lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        wanted = set().union(*(fields(i) for i in ids))
        for form in forms:
            assert fields(form) <= wanted and fields(form) >= fields(ids[0]) - {"n"}, (lang, ids, form)


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_compiled_catalog_is_up_to_date(game, lang):
    """The .mo beside the .po says the same (``make catalogs`` rebuilds it)."""
    with po_path(game, lang).with_suffix(".mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for message in game_catalog(game, lang):
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            for n, form in enumerate(message.string):
                assert compiled.ngettext(message.id[0], message.id[1], 1 if n == 0 else 2) == form or n > 1
        else:
            assert compiled.gettext(message.id) == message.string, f"recompile {po_path(game, lang)}"
