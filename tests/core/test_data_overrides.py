"""Data overrides (``options={"data": patch}``): a game plays with patched numbers, checked
against the game's schema, saved with the game, and only that game sees them."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from fresco_kit import game_info, games
from fresco_kit.core import Game, Rng, SaveError
from fresco_kit.core.data import DataError, canonical, load_patch, load_seed, seed_path
from fresco_kit.fresco.actions import Studio
from fresco_kit.lorenzo.state import Player, own
from fresco_kit.lorenzo.zones import harvest
from fresco_kit.sim.bots import make_bot
from fresco_kit.sim.runner import simulate
from fresco_kit.sixtina.completion import completion_result
from fresco_kit.sixtina.data import data

#: one valid patch per game, each changing a number the tests below check by hand
PATCHES: dict[str, dict[str, Any]] = {
    "sixtina": {"objectives": {o: {"points_2_3": [9, 7, 5]} for o in ("sametype2", "prudent_diff3", "prudent5")}},
    "fresco": {"inn": {"times": {"9": [3, 5]}}, "studio": {"thalers": 7}},
    "lorenzo": {
        "cards": {"73": {"end_vp": 9}},
        "bonus_tiles": {"standard": {"harvest": {"coins": 3}}},
        "market": {"market-1": {"gain": {"coins": 7}}},
    },
}

#: bad patches per game: (patch, the start of the message naming the path)
BAD: dict[str, list[tuple[Any, str]]] = {
    "sixtina": [
        ({"cards": {"17": {"value": 6}}}, "data.cards: not overridable"),
        ({"frescoes": {"nowhere": {"scores": [1, 2, 3]}}}, "data.frescoes.nowhere: unknown fresco id"),
        ({"frescoes": {"genesis_4": {"name": "Adam"}}}, "data.frescoes.genesis_4.name: not overridable"),
        ({"frescoes": {"genesis_4": {"scores": [1, 2]}}}, "data.frescoes.genesis_4.scores: expected a list of 3"),
        ({"frescoes": {"genesis_4": {"scores": [1, 2, "x"]}}}, "data.frescoes.genesis_4.scores[2]: expected a whole"),
        ({"frescoes": {"genesis_4": {"scores": [1, -2, 3]}}}, "data.frescoes.genesis_4.scores[1]: expected a whole"),
        ({"objectives": {"three6": {"points_4": [1.5, 1, 1]}}}, "data.objectives.three6.points_4[0]: expected"),
        ({"frescoes": "genesis_4"}, "data.frescoes: expected a table"),
    ],
    "fresco": [
        ({"inn": {"times": {"10": [0, 1]}}}, "data.inn.times.10: unknown get-up time id"),
        ({"inn": {"times": {"9": [1, -1]}}}, "data.inn.times.9[1]: expected a whole number from 0 to 99, got -1"),
        ({"inn": {"times": {"9": [True, 1]}}}, "data.inn.times.9[0]: expected a whole number from -99 to 99, got True"),
        ({"studio": {"thalers": "x"}}, "data.studio.thalers: expected a whole number from 0 to 99, got 'x'"),
        ({"studio": {"coins": 3}}, "data.studio.coins: not overridable"),
        ({"mood": {"length": 3}}, "data.mood: not overridable"),
    ],
    "lorenzo": [
        ({"cards": {"1": {"end_vp": 3}}}, "data.cards.1.end_vp: this entry has no end_vp"),
        ({"cards": {"97": {"end_vp": 3}}}, "data.cards.97: unknown development card id"),
        ({"cards": {"73": {"end_vp": -1}}}, "data.cards.73.end_vp: expected a whole number from 0 to 99, got -1"),
        ({"market": {"market-1": {"gain": {"gold": 1}}}}, "data.market.market-1.gain.gold: not overridable"),
        ({"bonus_tiles": {"A": {"value": 3}}}, "data.bonus_tiles.A.value: not overridable"),
        ({"bonus_tiles": {"Z": {"harvest": {}}}}, "data.bonus_tiles.Z: unknown bonus tile id"),
    ],
}

NAMES = [info.name for info in games() if info.name in BAD]  # the games with printed data to patch


def test_every_game_has_the_data_option() -> None:
    """The registry gives every game a ``data`` option, default ``{}`` and documented (a
    game with rule data to patch points to seeds/README.md)."""
    for info in games():
        option = info.option("data")
        assert option.default == {} and ("seeds/README.md" in option.doc or info.data is None)
        assert "data" not in info.check_options({}) and "data" not in info.check_options({"data": {}})
        assert "data" not in info.new_game().options  # the options of a plain game are unchanged


@pytest.mark.parametrize("name", NAMES)
def test_a_valid_patch_is_kept_in_the_options_and_the_state(name: str) -> None:
    """A valid patch comes back in the options and rides in the state as canonical JSON."""
    info = game_info(name)
    game = info.new_game(data=PATCHES[name])
    assert game.options["data"] == PATCHES[name]
    assert game.state.data == canonical(PATCHES[name])
    assert game.state.options["data"] == PATCHES[name]
    printed = tomllib.loads(seed_path(name).read_text(encoding="utf-8"))
    assert load_seed(name) == printed  # the shared printed data is never changed


@pytest.mark.parametrize(("name", "patch", "message"), [(n, p, m) for n in NAMES for p, m in BAD[n]])
def test_a_bad_patch_is_refused_naming_its_path(name: str, patch: Any, message: str) -> None:
    """Unknown tables, ids and fields, wrong types and out-of-range numbers: the path is named."""
    with pytest.raises(DataError) as caught:
        game_info(name).new_game(data=patch)
    assert str(caught.value).startswith(message), str(caught.value)


@pytest.mark.parametrize("name", NAMES)
def test_a_patch_that_is_not_a_dict_is_refused(name: str) -> None:
    """A patch must be a dict shaped like the TOML data."""
    for bad in (5, "cards", [1], None):
        with pytest.raises(ValueError, match=r"^data: expected a dict of overrides"):
            game_info(name).new_game(data=bad)


def test_int_ids_are_read_as_their_text() -> None:
    """Python int keys address the same entry as their TOML text and are kept as text."""
    game = game_info("lorenzo").new_game(data={"cards": {73: {"end_vp": 9}}})
    assert game.options["data"] == {"cards": {"73": {"end_vp": 9}}}


# -- the patched numbers are the ones the engine uses (worked by hand) -------------------


def test_sixtina_objective_points_patched() -> None:
    """Two players: Gianluigi starts on the second space of all three objectives (Two-Player
    Games, Preparation), so with second spaces worth 7 he holds 3 x 7 = 21 objective points."""
    info = game_info("sixtina")
    plain = info.new_game(["Red", "Blue"], seed=3)
    patched = info.new_game(["Red", "Blue"], seed=3, data=PATCHES["sixtina"])
    assert plain.state.objectives == patched.state.objectives == ("sametype2", "prudent_diff3", "prudent5")
    assert patched.scores().rows["Gianluigi"]["Objectives"] == 21
    printed = sum(data().objective_by_id[o].points_2_3[1] for o in plain.state.objectives)
    assert plain.scores().rows["Gianluigi"]["Objectives"] == printed != 21


def test_sixtina_fresco_scores_patched() -> None:
    """A fresco's three scores [30, 20, 10]: with no excellent or prudent restoration the
    completion scores them unchanged (Completing the Restoration of Frescoes)."""
    info = game_info("sixtina")
    plain = info.new_game(["Red", "Blue", "White"], seed=3)
    fid = plain.state.frescoes[0]
    patched = info.new_game(["Red", "Blue", "White"], seed=3, data={"frescoes": {fid: {"scores": [30, 20, 10]}}})
    assert patched.state.fresco(0).scores == (30, 20, 10)
    assert completion_result(patched.state, 0).points == (30, 20, 10)
    assert completion_result(plain.state, 0).points == tuple(
        next(f["scores"] for f in load_seed("sixtina")["frescoes"] if f["id"] == fid)
    )


def _wake_at_nine(game: Game) -> tuple[int, int]:
    """The first chooser gets up at 9 o'clock: (their mood, their market price)."""
    action = next(a for a in game.legal_actions() if a.time == 9)
    game.play(action)
    i = game.state.names.index(action.player)
    return game.state.players[i].mood, game.state.price(i)


def test_fresco_inn_row_patched() -> None:
    """9 o'clock patched to mood +3 and price 5: from the start space 4 the painter moves to
    7, and each market tile costs 5 (Phase I); unpatched it is +1 (space 5) and 1."""
    info = game_info("fresco")
    assert _wake_at_nine(info.new_game(seed=1, data=PATCHES["fresco"])) == (4 + 3, 5)
    assert _wake_at_nine(info.new_game(seed=1)) == (4 + 1, 1)


def _studio_payment(game: Game, limit: int = 3000) -> int:
    """Play (the kit bot's way, the Studio first) until a Studio action; the thalers it paid."""
    bot, rng = make_bot("kit"), Rng(5)
    for _ in range(limit):
        studio = [a for a in game.legal_actions() if isinstance(a, Studio)]
        if studio:
            i = game.state.names.index(studio[0].player)
            before = game.state.players[i].thalers
            game.play(studio[0])
            return game.state.players[i].thalers - before
        game.play(bot.choose(game.rules, game.state, game.actor()[0], rng))
    raise AssertionError("no Studio action came up")


def test_fresco_studio_payout_patched() -> None:
    """Studio: 7 thalers per portrait instead of the printed 3 (the bank holds plenty)."""
    info = game_info("fresco")
    assert _studio_payment(info.new_game(seed=2, data=PATCHES["fresco"])) == 7
    assert _studio_payment(info.new_game(seed=2)) == 3


def test_lorenzo_market_gain_patched() -> None:
    """market-1 patched to give 7 coins (printed: 5)."""
    info = game_info("lorenzo")
    for patch, gained in ((PATCHES["lorenzo"], 7), ({}, 5)):
        game = info.new_game(seed=1, data=patch)
        action = next(a for a in game.legal_actions() if str(a).endswith("market-1"))
        before = game.state.player(action.player).res["coins"]
        game.play(action)
        assert game.state.player(action.player).res["coins"] - before == gained


def test_lorenzo_bonus_tile_patched() -> None:
    """A harvest at value 1 fires the standard personal bonus tile: printed wood, stone and a
    servant; the patch adds 3 coins."""
    info = game_info("lorenzo")
    for patch, coins in ((PATCHES["lorenzo"], 3), ({}, 0)):
        state = info.new_game(seed=1, data=patch).state.evolve()
        name = state.players[0].name
        before = dict(state.players[0].res)
        player = own(state, name)
        harvest(state, player, 1, [])
        delta = {k: v - before[k] for k, v in player.res.items() if v != before[k]}
        assert delta == {"wood": 1, "stone": 1, "servants": 1, **({"coins": coins} if coins else {})}


def test_lorenzo_venture_end_vp_patched() -> None:
    """A player holding venture 73 (Hiring Recruits, printed 4 VP) scores 9 for it."""
    info = game_info("lorenzo")
    for patch, vp in ((PATCHES["lorenzo"], 9), ({}, 4)):
        state = info.new_game(seed=1, data=patch).state
        p = state.players[0]
        holder = Player(p.name, p.res, {**p.cards, "venture": (73,)}, p.excomms, p.home, p.bonus_tile)
        state = state.evolve(players=(holder,) + state.players[1:])
        assert info.rules.scores(state).rows[p.name]["Ventures"] == vp


# -- side by side, saves, files, simulation -------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_patched_and_plain_games_live_side_by_side(name: str) -> None:
    """The same seed and actions with and without a patch: the plain game is the one a
    process without any patch plays, and the printed data is untouched."""
    info = game_info(name)
    reference = info.new_game(seed=4)
    patched, plain = info.new_game(seed=4, data=PATCHES[name]), info.new_game(seed=4)
    for _ in range(12):
        if reference.is_over:
            break
        action = reference.legal_actions()[0]
        reference.play(action)
        plain.play(action)
        if action in patched.legal_actions():
            patched.play(action)
    assert plain.state == reference.state and plain.state.data == ""
    assert patched.state.data == canonical(PATCHES[name])
    assert plain.scores().rows == reference.scores().rows


@pytest.mark.parametrize("name", NAMES)
def test_a_patched_game_saves_and_loads(name: str) -> None:
    """A save carries the patch (options and states) and loads back identically."""
    game = game_info(name).new_game(seed=6, data=PATCHES[name])
    for _ in range(8):
        game.play(game.legal_actions()[-1])
    loaded = Game.from_json(game.to_json())
    assert loaded.options == game.options and loaded.state == game.state
    assert loaded.state.data == game.state.data and loaded.to_json() == game.to_json()


@pytest.mark.parametrize("name", NAMES)
def test_a_damaged_patch_in_a_save_is_refused(name: str) -> None:
    """A bad patch in the options or the start state, or a patch dropped from the state, is refused."""
    game = game_info(name).new_game(seed=6, data=PATCHES[name])
    save = json.loads(game.to_json())
    bad, message = BAD[name][0]
    damaged = {**save, "options": {**save["options"], "data": bad}}
    with pytest.raises(SaveError, match=r"^options: " + message.split(":")[0].replace(".", r"\.")):
        Game.from_json(json.dumps(damaged))
    for text, why in (("{not json", "invalid JSON"), (canonical(bad), message.split(":")[0])):
        start = {**save["start"], "data": text}
        with pytest.raises(SaveError, match=r"^start\.data: ") as caught:
            Game.from_json(json.dumps({**save, "start": start}))
        assert why in str(caught.value)
    unpatched = {**save, "start": {**save["start"], "data": ""}}
    with pytest.raises(SaveError, match="options"):
        Game.from_json(json.dumps(unpatched))


def test_load_patch_reads_toml(tmp_path: Path) -> None:
    """A ``.toml`` patch file reads into the same dict a game accepts."""
    path = tmp_path / "variant.toml"
    path.write_text("[cards.73]\nend_vp = 9\n\n[market.market-1.gain]\ncoins = 7\n", encoding="utf-8")
    patch = load_patch(path)
    assert patch == {"cards": {"73": {"end_vp": 9}}, "market": {"market-1": {"gain": {"coins": 7}}}}
    assert game_info("lorenzo").new_game(data=patch).options["data"] == patch


def test_load_patch_names_the_file(tmp_path: Path) -> None:
    """A missing file or bad TOML is a DataError naming the file."""
    missing = tmp_path / "missing.toml"
    with pytest.raises(DataError, match=r"data patch .*missing\.toml: cannot read it"):
        load_patch(missing)
    broken = tmp_path / "broken.toml"
    broken.write_text("[cards\nend_vp = ", encoding="utf-8")
    with pytest.raises(DataError, match=r"data patch .*broken\.toml: not valid TOML"):
        load_patch(broken)


@pytest.mark.parametrize("name", NAMES)
def test_simulate_with_a_patch(name: str) -> None:
    """``simulate`` plays patched games to the end; a bad patch is refused before any game."""
    info = game_info(name)
    bots = ["random"] * min(info.player_counts)
    results = simulate(name, bots, 2, seed=1, options={"data": PATCHES[name]}, workers=1, progress=False)
    assert len(results.games) == 2 and results.games["finished"].all()
    assert all("data" in text for text in results.games["options"])
    with pytest.raises(ValueError, match=r"data\."):
        simulate(name, bots, 1, options={"data": BAD[name][0][0]}, workers=1, progress=False)


def test_the_table_boards_show_the_patched_numbers():
    """A patched game's board (the table's SVG) shows the numbers the game plays with."""
    from fresco_kit.fresco.svg import board_svg as fresco_board
    from fresco_kit.lorenzo.svg import board_svg as lorenzo_board

    fresco = game_info("fresco")
    plain = fresco_board(fresco.new_game(seed=1).state)
    patched = fresco_board(fresco.new_game(seed=1, data={"inn": {"times": {"9": [1, 7]}}}).state)
    assert "mood +1, market price 7 thalers per tile" in patched
    assert "market price 7 thalers" not in plain
    lorenzo = game_info("lorenzo")
    gain = {"market": {"market-1": {"gain": {"coins": 9}}}}
    assert "9 coins" in lorenzo_board(lorenzo.new_game(seed=1, data=gain).state)
    assert "9 coins" not in lorenzo_board(lorenzo.new_game(seed=1).state)
