"""The declared game interface: every part a game's GameInfo declares resolves and has the
attributes ``fresco_kit.core.interface`` names; registering a game from outside the kit;
``Game.state`` read-only; every example, exercise and position saves and loads back."""
from __future__ import annotations

import inspect
import subprocess
import sys
import textwrap

import pytest

import fresco_kit
from fresco_kit.core import Game, GameInfo, GameParts, game_info, games, register
from fresco_kit.core.interface import PART_ATTRIBUTES, GameDescription
from fresco_kit.core.plugins import GAMES, unregister


def test_every_part_of_the_interface_has_its_declared_attributes():
    assert set(PART_ATTRIBUTES) == {f for f in GameParts.__dataclass_fields__}


@pytest.mark.parametrize("part", sorted(PART_ATTRIBUTES))
def test_a_part_a_game_lacks_is_none_everywhere(game_info, part):
    if getattr(game_info.parts, part) is None:
        assert game_info.part(part) is None and getattr(game_info, part) is None
    else:
        assert game_info.part(part) is not None


@pytest.mark.parametrize(
    "name, part",
    [(info.name, part) for info in fresco_kit.games() for part in sorted(info.parts.declared())],
)
def test_every_declared_part_resolves_with_the_interface_attributes(name, part):
    game_info = fresco_kit.game_info(name)
    relative = getattr(game_info.parts, part)
    module = getattr(game_info, part)
    assert module is not None and module.__name__ == f"{game_info.package}.{relative}"
    missing = [a for a in PART_ATTRIBUTES[part] if not hasattr(module, a)]
    assert not missing, f"{module.__name__} lacks {missing}"
    for attr in PART_ATTRIBUTES[part]:
        value = getattr(module, attr)
        if attr.isupper():
            assert value is not None
        else:
            assert callable(value), f"{module.__name__}.{attr} is not callable"


def test_the_rules_part_names_its_game(game_info):
    assert game_info.rules.GAME == game_info.name
    assert game_info.rules_module == f"{game_info.package}.{game_info.parts.rules}"


def test_each_game_declares_its_rulebook_languages_and_bench_players(game_info):
    assert game_info.rulebook_title
    assert game_info.bench_players in game_info.player_counts
    assert all(lang != "en" and len(lang) == 2 for lang in game_info.rulebook_langs)
    assert game_info.catalog_contexts == (f"section:{game_info.name}", f"glossary:{game_info.name}")


def test_a_rule_reference_cites_its_game_s_rulebook_title(game_info):
    book = game_info.refs
    assert book is not None
    ref = next(iter(book.RULES.values()))
    assert ref.citation.startswith(f"{game_info.rulebook_title}, ")


def test_a_game_info_is_what_the_session_needs_of_its_game(game_info):
    description: GameDescription = game_info  # checked by mypy in the package; here at run time
    assert description.name == game_info.name and description.rules is game_info.rules


def test_listing_the_games_loads_none_of_their_engines_bots_or_drawings():
    """A game's ``__init__`` may read its data and readings (its options and switches come
    from them); the other parts wait until they are asked for."""
    code = textwrap.dedent("""
        import sys
        import fresco_kit
        for info in fresco_kit.games():
            pass
        print("\\n".join(m for m in sys.modules if m.startswith("fresco_kit.")))
    """)
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout.split())
    for info in games():
        parts = {f"{info.package}.{m}" for part, m in info.parts.declared().items() if part not in ("data", "readings")}
        assert not parts & loaded, f"listing the games loaded {sorted(parts & loaded)}"


PROBE_INIT = '''
from fresco_kit.core import GameInfo, GameParts

INFO = GameInfo(
    name="probe",
    title="Probe",
    player_counts=(2,),
    default_players=("Ann", "Bob"),
    categories=("points",),
    sources=("none",),
    package=__name__,
    parts=GameParts(rules="rules"),
)
'''


def test_a_game_package_outside_the_kit_registers_for_a_with_block(tmp_path, monkeypatch):
    package = tmp_path / "probe_game"
    package.mkdir()
    (package / "__init__.py").write_text(PROBE_INIT)
    (package / "rules.py").write_text('GAME = "probe"\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "probe" not in GAMES
    with register("probe", "probe_game") as name:
        info = game_info(name)
        assert isinstance(info, GameInfo) and info.package == "probe_game"
        assert [g.name for g in games()][-1] == "probe"
        assert info.rules.GAME == "probe" and info.bots is None and info.draw is None
        assert info.bench_players == 2 and info.rulebook_title == "none"
        assert all(o.name != "data" for o in info.options)  # no data part, no data option
    assert "probe" not in GAMES
    with pytest.raises(ValueError, match="unknown game 'probe'"):
        game_info("probe")


def test_registering_refuses_a_taken_name_and_unregister_takes_a_game_away(monkeypatch):
    first = next(iter(GAMES))
    with pytest.raises(ValueError, match="already registered"):
        with register(first, "elsewhere.package"):
            pass
    assert GAMES[first] == fresco_kit.BUILTIN_GAMES[first]
    monkeypatch.setitem(GAMES, "spare", GAMES[first])
    unregister("spare")
    assert "spare" not in GAMES


# -- Game.state is read-only (issue 16, item 8) --------------------------------------------
def test_game_state_cannot_be_assigned(game_info):
    game = game_info.new_game(seed=1)
    other = game_info.new_game(seed=2).state
    with pytest.raises(AttributeError, match="read-only"):
        game.state = other
    assert game.state is game.initial_state


def test_a_game_at_a_position_saves_and_loads_back(game_info):
    game = game_info.new_game(seed=3)
    game.play(game.legal_actions()[0])
    positioned = game.with_state(game.state)
    assert positioned.initial_state is game.state and not positioned.history
    assert Game.from_json(positioned.to_json()).state == positioned.state


def _games_made(monkeypatch) -> list[Game]:
    """Every Game built from now on (the list fills as they are made)."""
    made: list[Game] = []
    original = Game.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(Game, "__init__", init)
    return made


def _round_trip(games_made: list[Game], where: str) -> None:
    for i, game in enumerate(list(games_made)):  # loading makes games too: check those made before
        loaded = Game.from_json(game.to_json())
        assert loaded.state == game.state, f"{where}: game {i} ({game!r}) does not load back equal"


def _with(part: str) -> list[str]:
    """The registered games that declare ``part``."""
    return [info.name for info in games() if getattr(info.parts, part) is not None]


@pytest.mark.parametrize("name", _with("examples"))
def test_every_worked_example_s_positions_save_and_load_back(name, monkeypatch):
    game_info = fresco_kit.game_info(name)
    made = _games_made(monkeypatch)
    for example in game_info.examples.EXAMPLES:
        start = len(made)
        example.run()
        _round_trip(made[start:], f"example {example.name!r}")
    assert made


@pytest.mark.parametrize("name", _with("exercises"))
def test_every_exercise_position_saves_and_loads_back(name, monkeypatch):
    game_info = fresco_kit.game_info(name)
    made = _games_made(monkeypatch)
    for exercise in game_info.exercises.EXERCISES:
        start = len(made)
        game = exercise.game_at()
        _round_trip(made[start:] + [game], f"exercise {exercise.key!r}")


@pytest.mark.parametrize("name", _with("positions"))
def test_every_ready_made_position_saves_and_loads_back(name, monkeypatch):
    """The positions part's functions that need no argument, and the games or states they return."""
    game_info = fresco_kit.game_info(name)
    positions = game_info.positions
    made = _games_made(monkeypatch)
    for name, function in vars(positions).items():
        if name.startswith("_") or not inspect.isfunction(function) or function.__module__ != positions.__name__:
            continue
        if any(p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
               for p in inspect.signature(function).parameters.values()):
            continue
        start = len(made)
        result = function()
        if not isinstance(result, Game) and hasattr(result, "to_dict") and hasattr(result, "names"):
            Game(game_info.rules, state=result)
        _round_trip(made[start:], f"positions.{name}")


def test_a_deferred_function_imports_its_module_at_its_first_call_only():
    """``plugins.deferred`` names a part's function without loading the part (a switch's reach
    test in a game's ``__init__``): the module is imported when the function is first called."""
    code = textwrap.dedent("""
        import sys
        from fresco_kit.core.plugins import deferred
        test = deferred("fresco_kit.lorenzo", "situations", "top_tie")
        before = "fresco_kit.lorenzo.situations" in sys.modules
        class Sheet: totals = {"a": 3, "b": 3, "c": 1}
        print(before, test(None, Sheet()), "fresco_kit.lorenzo.situations" in sys.modules, test.__name__)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True", "True", "situations.top_tie"]
