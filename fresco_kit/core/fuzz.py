"""Mutation fuzzing of saves and actions: bad input must be refused clearly, never crash.

:func:`fuzz_saves` damages real saves (keys deleted, wrong types, numbers out of
range, lists shuffled or cut, text truncated, deep nesting) and loads each one: it must
be refused with a :class:`SaveError` that names the field, or load to a game that plays
on consistently.  :func:`fuzz_actions` damages legal actions and action texts: each
must be refused with ``ValueError`` or :class:`RuleError` and leave the game unchanged,
or be legal, play, and leave a save that loads.  Anything else is a *crash*, reported
with the input that caused it.  Every loaded game is also *asked*: ``legal_actions``,
``explain`` of a legal and a damaged action, ``preview`` and ``scores`` each run under a
:class:`Budget` of time and memory; a call over budget is reported like a crash, with its
input (a hostile save must not make listing moves take seconds or gigabytes).
``fresco-kit soak GAME --fuzz N`` and the test suite run both.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
import time
import traceback
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .data import leaf_patches
from .game import Game, random_playout
from .random import Rng
from .record import SaveError
from .registry import GameInfo
from .rules import RuleError

#: Wrong-typed or odd values put in place of a field.
ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    1.5,
    -1,
    0,
    10**9,
    -(10**9),
    "",
    "x",
    "Red",
    [],
    {},
    [1, 2],
    {"a": 1},
    [None],
    "1",
    float("nan"),
)
#: A save error names its field: ``path: ...`` (or says the file is not a save at all).
NAMED = re.compile(r'^(not a saved game|([A-Za-z_][\w-]*|\.[A-Za-z_][\w-]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])+: )')


@dataclass
class FuzzReport:
    """What a fuzz run found: how many inputs were refused, accepted, or crashed."""

    what: str
    refused: int = 0
    accepted: int = 0
    crashes: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        """How many inputs were tried."""
        return self.refused + self.accepted + len(self.crashes)

    def __str__(self) -> str:
        head = (
            f"{self.what}: {self.total} tried, {self.refused} refused clearly, {self.accepted} accepted "
            f"and played on, {len(self.crashes)} crashed"
        )
        return "\n".join([head] + [f"  - {c}" for c in self.crashes[:5]])


@dataclass(frozen=True)
class Budget:
    """What one call on a loaded game may cost: CPU ``seconds`` and peak ``megabytes``
    of Python memory (measured with ``tracemalloc``)."""

    seconds: float = 1.0
    megabytes: float = 200.0

    def run(self, what: str, call: Callable[[], Any]) -> tuple[Any, str | None]:
        """``call()``'s result and ``None``, or the result and what went over budget."""
        tracing = tracemalloc.is_tracing()
        if not tracing:
            tracemalloc.start()
        tracemalloc.reset_peak()
        start = time.process_time()
        try:
            result = call()
        finally:
            spent = time.process_time() - start
            peak = tracemalloc.get_traced_memory()[1] / 2**20
            if not tracing:
                tracemalloc.stop()
        # tracemalloc slows Python code down several times: the time budget allows for it
        if spent > self.seconds * _TRACED_SLOWDOWN:
            return result, f"{what} took {spent:.2f} s of CPU (budget {self.seconds} s)"
        if peak > self.megabytes:
            return result, f"{what} used {peak:.0f} MB (budget {self.megabytes:.0f} MB)"
        return result, None


#: how many times slower code runs while tracemalloc traces it (measured: 2-4x)
_TRACED_SLOWDOWN = 4.0

DEFAULT_BUDGET = Budget()


def ask(game: Game, rng: Rng, budget: Budget = DEFAULT_BUDGET) -> list[str]:
    """Ask a loaded ``game`` what a user or a bot would ask, each call under ``budget``:
    every legal action, the verdict on one of them and on a damaged copy, its preview,
    the scores.  Returns what went over budget (empty when all is well); anything raised
    other than a clear refusal propagates."""
    over: list[str] = []

    def timed(what: str, call: Callable[[], Any]) -> Any:
        result, problem = budget.run(what, call)
        if problem:
            over.append(problem)
        return result

    timed("scores()", game.scores)
    if game.is_over:
        return over
    legal = timed("legal_actions()", game.legal_actions)
    if not legal:
        return over
    action = rng.choice(legal)
    verdict = timed(f"explain({action})", lambda: game.explain(action))
    if not verdict.ok:
        raise AssertionError(f"a listed action is refused: {action} ({verdict})")
    timed(f"preview({action})", lambda: game.preview(action))
    _, make = mutate_action(action, rng, _strings(game.state.to_dict()))
    try:
        damaged = make()
    except ValueError:
        return over
    try:
        timed(f"explain({damaged})", lambda: game.explain(damaged))
    except ValueError:
        pass  # not an action of this game: refused clearly
    return over


# --------------------------------------------------------------------------- saves
def _paths(node: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every place in a JSON tree, as a tuple of keys and indices."""
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def _get(node: Any, path: tuple) -> Any:
    for key in path:
        node = node[key]
    return node


def _set(node: Any, path: tuple, value: Any) -> None:
    _get(node, path[:-1])[path[-1]] = value


def _strings(node: Any) -> list[str]:
    return sorted({v for p in _paths(node) if isinstance(v := _get(node, p), str)})


def mutate_save(data: dict, rng: Rng) -> str:
    """One damaged copy of save ``data``, as JSON text."""
    data = copy.deepcopy(data)
    places = [p for p in _paths(data) if p]
    kind = rng.randbelow(9)
    if kind == 0:
        text = json.dumps(data)
        return text[: rng.randbelow(len(text))]  # truncated text
    path = rng.choice(places)
    value = _get(data, path)
    parent = _get(data, path[:-1])
    if kind == 1:  # a key or an item deleted
        del parent[path[-1]]
    elif kind == 2:  # a wrong-typed value
        _set(data, path, rng.choice(ODD_VALUES))
    elif kind == 3 and type(value) is int:  # a number nudged or out of range
        _set(data, path, value + rng.choice((-1, 1, -100, 100, 2**40)))
    elif kind == 4 and isinstance(value, str):  # a name swapped for another seen name
        _set(data, path, rng.choice(_strings(data)))
    elif kind == 5 and isinstance(value, list) and len(value) > 1:  # a list reordered or cut
        if rng.randbelow(2):
            rng.shuffle(value)
        else:
            del value[rng.randbelow(len(value)) :]
    elif kind == 6 and isinstance(value, list) and value:  # an item doubled
        value.append(copy.deepcopy(rng.choice(value)))
    elif kind == 7:  # deep nesting
        depth = rng.choice((3, 40, 5000))
        _set(data, path, "<deep>")
        return json.dumps(data).replace('"<deep>"', "[" * depth + json.dumps(value) + "]" * depth, 1)
    elif isinstance(parent, dict):  # an unknown key
        parent["unknown_" + str(rng.randbelow(100))] = 1
    else:
        _set(data, path, rng.choice(ODD_VALUES))
    return json.dumps(data)


def _plays_on(game: Game, rng: Rng, steps: int) -> None:
    """Play on from a loaded game, checking invariants and the save at the end."""
    invariants: Callable[[Any], list] | None = getattr(game.rules, "invariants", None)

    def check(g: Game, action: Any, n: int) -> None:
        bad = invariants(g.state) if invariants else []
        if bad:
            raise AssertionError(f"invariants broken after {action}: {bad}")

    try:
        random_playout(game, rng, max_actions=steps, after_each=check)
    except RuntimeError:
        pass  # not over yet: fine
    again = Game.from_json(game.to_json())
    if again.state != game.state:
        raise AssertionError("a save of the loaded game does not load back equal")


def _ask_and_play_on(report: FuzzReport, game: Game, rng: Rng, budget: Budget, steps: int, given: str) -> None:
    """Ask ``game`` (:func:`ask`, under ``budget``), then play it on ``steps`` actions;
    counted in ``report`` as accepted, or as a crash with the input ``given``."""
    try:
        over = ask(game, rng, budget)
        if over:
            report.crashes.append(f"over budget: {'; '.join(over)}; input: {_cut(given)}")
            return
        _plays_on(game, rng, steps)
        report.accepted += 1
    except Exception:
        report.crashes.append(_crash("asking or playing on", given))


def fuzz_saves(
    info: GameInfo,
    n: int,
    seed: int = 0,
    steps: int = 30,
    progress: Callable[[int], None] | None = None,
    budget: Budget = DEFAULT_BUDGET,
) -> FuzzReport:
    """Load ``n`` damaged saves of random games of ``info``, ask each one that loads
    (:func:`ask`, under ``budget``) and play on; see the module docstring."""
    report = FuzzReport(f"{info.name} saves")
    rng = Rng(seed)
    base: dict | None = None
    for i in range(n):
        if i % 50 == 0:  # a fresh game now and then
            game = info.new_game(
                info.players(rng.choice(info.player_counts)), seed=rng.randbelow(10**6), **_random_options(info, rng)
            )
            try:
                random_playout(game, rng, max_actions=rng.randbelow(200))
            except RuntimeError:
                pass
            base = game.to_dict()
            if rng.randbelow(2):  # half the saves as hand-built positions: no seed check, every field's own
                base["seed"] = None
        text = mutate_save(base, rng)  # type: ignore[arg-type]
        try:
            loaded = Game.from_json(text)
        except SaveError as exc:
            if NAMED.match(str(exc)):
                report.refused += 1
            else:
                report.crashes.append(f"SaveError names no field: {exc}")
        except Exception:
            report.crashes.append(_crash("loading", text))
        else:
            _ask_and_play_on(report, loaded, rng, budget, steps, text)
        if progress:
            progress(i + 1)
    return report


def _random_options(info: GameInfo, rng: Rng) -> dict:
    options: dict[str, Any] = {o.name: rng.choice(o.choices) for o in info.options}
    if info.switches and rng.randbelow(2):
        s = rng.choice(info.switches)
        options["switches"] = {s.name: rng.choice(s.choices)}
    return options


def _crash(doing: str, given: str) -> str:
    last = traceback.format_exc().strip().splitlines()
    where = next((line.strip() for line in reversed(last) if line.strip().startswith("File ")), "")
    return f"{last[-1]} while {doing} ({where}); input: {_cut(given)}"


def _cut(text: str) -> str:
    return text if len(text) <= 300 else text[:300] + "..."


# --------------------------------------------------------------------------- actions
def mutate_action(action: Any, rng: Rng, names: list[str]) -> tuple[str, Callable[[], Any]]:
    """One damaged copy of ``action``: what it is, in words, and a maker (that may raise
    ValueError): either damaged text, or the action class with one field changed."""
    values = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    if not values or rng.randbelow(4) == 0:
        text = str(action).split()
        i = rng.randbelow(len(text))
        text[i] = rng.choice(("", "x", "-1", "1.5", "99", "1,2", ",", "--", "None") + tuple(names[:20]))
        if rng.randbelow(3) == 0:
            del text[rng.randbelow(len(text)) :]
        damaged = " ".join(text)
        return repr(damaged), lambda: damaged
    name = rng.choice(sorted(values))
    old = values[name]
    if isinstance(old, tuple) and old and rng.randbelow(2):
        choices: list[Any] = [old[:-1], old + old[-1:], tuple(reversed(old)), (rng.choice(ODD_VALUES),) + old[1:]]
        values[name] = rng.choice(choices)
    elif type(old) is int and rng.randbelow(2):
        values[name] = old + rng.choice((-1, 1, -10, 10, 2**31))
    elif isinstance(old, str) and names and rng.randbelow(2):
        values[name] = rng.choice(names)
    else:
        values[name] = rng.choice(ODD_VALUES)
    return f"{type(action).__name__}(**{values!r})", lambda: type(action)(**values)


def fuzz_actions(info: GameInfo, n: int, seed: int = 0, progress: Callable[[int], None] | None = None) -> FuzzReport:
    """Try ``n`` damaged actions in random positions of ``info``'s games."""
    report = FuzzReport(f"{info.name} actions")
    rng = Rng(seed)
    game: Game | None = None
    for i in range(n):
        if game is None or game.is_over or i % 40 == 0:
            game = info.new_game(
                info.players(rng.choice(info.player_counts)), seed=rng.randbelow(10**6), **_random_options(info, rng)
            )
        legal = game.legal_actions()
        if not legal:
            game = None
            continue
        action = rng.choice(legal)
        given, make = mutate_action(action, rng, _strings(game.state.to_dict()))
        before, saved = game.state, len(game.history)
        try:
            try:
                bad = make()
            except ValueError:
                report.refused += 1
                continue
            try:
                game.play(bad)
            except (RuleError, ValueError):
                over = ask(game, rng)
                if over:
                    report.crashes.append(f"over budget after refusing {bad!r}: {'; '.join(over)}")
                elif game.state is not before or len(game.history) != saved:
                    report.crashes.append(f"a refused action changed the game: {bad!r}")
                else:
                    report.refused += 1
                continue
            again = Game.from_json(game.to_json())
            if again.state != game.state:
                raise AssertionError("the save after this action does not load back equal")
            report.accepted += 1
        except Exception:
            report.crashes.append(_crash(f"trying a damaged {type(action).__name__}", given))
            game = None
        finally:
            if progress:
                progress(i + 1)
        if game is not None and rng.randbelow(3) == 0 and not game.is_over:
            game.play(rng.choice(game.legal_actions()))  # move on
    return report


# --------------------------------------------------------------------------- data patches
def fuzz_patches(
    info: GameInfo,
    schema: Any,
    raw: dict,
    n: int,
    seed: int = 0,
    steps: int = 60,
    progress: Callable[[int], None] | None = None,
    budget: Budget = DEFAULT_BUDGET,
) -> FuzzReport:
    """Try ``n`` data patches of ``info`` that each put one overridable number (of
    ``schema``, the game's ``OVERRIDES``, over ``raw``, its TOML data) at an edge of what
    it allows or one past it: each must be refused with a ``ValueError`` naming its path
    (``data.…``), or give games that play on ``steps`` actions (to their end in the tests)
    without a dead end, every loaded position answering within ``budget``."""
    report = FuzzReport(f"{info.name} data patches")
    rng = Rng(seed)
    patches: list[dict] = []
    for i in range(n):
        if not patches:
            patches = leaf_patches(schema, raw, rng)
            if not patches:
                break
        patch = patches.pop(rng.randbelow(len(patches)))
        given = json.dumps(patch)
        try:
            game = info.new_game(info.players(rng.choice(info.player_counts)), seed=rng.randbelow(10**6), data=patch)
        except ValueError as exc:
            if str(exc).startswith("data."):
                report.refused += 1
            else:
                report.crashes.append(f"a refused patch names no path: {exc}; input: {_cut(given)}")
        except Exception:
            report.crashes.append(_crash("setting up with a patch", given))
        else:
            _ask_and_play_on(report, game, rng, budget, steps, given)
        if progress:
            progress(i + 1)
    return report
