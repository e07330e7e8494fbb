"""The game registry: what games the kit knows, and each one's options, described as data.

Each game package defines ``INFO = GameInfo(...)`` in its ``__init__``; :data:`GAMES`
names the packages.  Adding a game is one registration: its package name here.  The
CLI, the tests and the start-here notebook read :func:`games`, and every game's
options are checked from their description here (:meth:`GameInfo.check_options`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .actions import Grammar
from .record import listing

if TYPE_CHECKING:
    from .game import Game

#: game name -> its package (the one registration a new game needs).
GAMES: dict[str, str] = {
    "sixtina": "fresco_kit.sixtina",
    "fresco": "fresco_kit.fresco",
    "lorenzo": "fresco_kit.lorenzo",
}


@dataclass(frozen=True)
class Option:
    """One game option of ``new_game``: its allowed ``choices`` (the first is the default)."""

    name: str
    doc: str
    choices: tuple[Any, ...]
    #: for an open-ended option (``data``): checks a value and returns it as kept,
    #: raising ``ValueError``; ``choices`` then holds only the default.
    check: Callable[[Any], Any] | None = field(default=None, compare=False, repr=False)

    @property
    def default(self) -> Any:
        """The default value: the first choice."""
        return self.choices[0]


DATA_DOC = (
    "overrides of the game's rule data for a design review, e.g. "
    '{"frescoes": {"genesis_4": {"scores": [15, 5, 4]}}}: a dict shaped like seeds/<game>.toml '
    "(same table and field names, entries by id), checked against what the game lets you "
    "override (seeds/README.md, Data overrides); default {} (the printed data)"
)


def data_option(package: str) -> Option:
    """The ``data`` option every game has: its patch is checked by ``<package>.data.check_patch``."""

    def check(patch: Any) -> Any:
        return importlib.import_module(f"{package}.data").check_patch(patch)

    return Option("data", DATA_DOC, ({},), check=check)


@dataclass(frozen=True)
class Switch:
    """One rule switch: a single rule that can be played another way.

    ``choices`` are its allowed values; ``rule`` the checklist id it changes;
    ``default`` the value played when the switch is not set (None: the default depends
    on the ruleset, and the game's setup decides it).  Optionally, for a game whose
    rulesets differ by switches: ``defaults``, ``(ruleset, value)`` pairs (the switch's
    value under each ruleset, see :meth:`default_for`), and ``sources``, ``(ruleset,
    citation)`` pairs (where each ruleset's value comes from, :meth:`source_for`)."""

    name: str
    doc: str
    choices: tuple[Any, ...]
    rule: str = ""
    default: Any = None
    defaults: tuple[tuple[str, Any], ...] = ()
    sources: tuple[tuple[str, str], ...] = ()

    def default_for(self, ruleset: str) -> Any:
        """The switch's value under ``ruleset``: its entry in ``defaults``, else ``default``."""
        return dict(self.defaults).get(ruleset, self.default)

    def source_for(self, ruleset: str) -> str:
        """Where ``ruleset``'s value comes from ("" when ``sources`` does not say)."""
        return dict(self.sources).get(ruleset, "")


@dataclass(frozen=True)
class GameInfo:
    """Everything the kit knows about one game before it is set up.

    - ``name``, ``title``, ``player_counts``, ``default_players`` (names, in seat order);
    - ``options``: the :class:`Option` s of ``new_game`` (ruleset, variant, bonus tiles);
    - ``switches``: the :class:`Switch` es, set with ``switches={name: value}``;
    - ``categories``: the scoring categories of its score sheet;
    - ``sources``: the rulebooks the rules come from;
    - ``rules``: the rules module (the engine contract), imported on first use.
    """

    name: str
    title: str
    player_counts: tuple[int, ...]
    default_players: tuple[str, ...]
    categories: tuple[str, ...]
    sources: tuple[str, ...]
    rules_module: str
    options: tuple[Option, ...] = ()
    switches: tuple[Switch, ...] = ()
    summary: str = ""

    def __post_init__(self) -> None:
        # every game takes data overrides (the ``data`` option, last)
        if self.name in GAMES and all(o.name != "data" for o in self.options):
            object.__setattr__(self, "options", self.options + (data_option(GAMES[self.name]),))

    @property
    def rules(self) -> ModuleType:
        """The rules module (``checks``, ``apply``, ``legal_actions``, ...)."""
        return importlib.import_module(self.rules_module)

    @property
    def grammar(self) -> Grammar:
        """The parser of this game's action texts (``grammar.forms()`` lists them)."""
        return Grammar(self.title, self.rules.ACTIONS)

    def option(self, name: str) -> Option:
        """The option called name (KeyError if there is none)."""
        for o in self.options:
            if o.name == name:
                return o
        raise KeyError(f"{self.name} has no option {name!r}")

    @property
    def rulesets(self) -> tuple[Any, ...]:
        """The rulesets (``ruleset`` option's choices), or ``()``."""
        return next((o.choices for o in self.options if o.name == "ruleset"), ())

    @property
    def variants(self) -> tuple[Any, ...]:
        """The variants (``variant`` option's choices), or ``()``."""
        return next((o.choices for o in self.options if o.name == "variant"), ())

    def players(self, count: int | None = None) -> list[str]:
        """Default player names for ``count`` players (the largest count when None)."""
        count = max(self.player_counts) if count is None else count
        self.check_player_count(count)
        return list(self.default_players[:count])

    def check_player_count(self, count: int) -> None:
        """Raise ValueError unless count players can play this game."""
        if count not in self.player_counts:
            raise ValueError(f"{self.title} is for {listing(self.player_counts)} players, not {count}")

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """``options`` checked against this description, with defaults filled in.

        The result has every option (but ``data`` only when a patch is given: an
        open-ended option is left out at its default) and, when the game has switches,
        ``switches`` (only those set, sorted by name).  Raises ``ValueError`` naming the bad option
        or switch and listing what is accepted."""
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise ValueError(f"{self.name} options must be a dict, not {options!r}")
        known = [o.name for o in self.options] + (["switches"] if self.switches else [])
        unknown = [k for k in options if k not in known]
        if unknown:
            raise ValueError(f"unknown {self.name} option {unknown[0]!r}; the options are {listing(known) or 'none'}")
        out: dict[str, Any] = {}
        for o in self.options:
            value = options.get(o.name, o.default)
            if o.check is not None:
                try:
                    value = o.check(value)
                except RecursionError:
                    raise ValueError(f"{self.name} option {o.name!r} is nested too deeply") from None
                if value != o.default:
                    out[o.name] = value
                continue
            if not _one_of(value, o.choices):
                raise ValueError(
                    f"{self.name} option {o.name!r} must be one of {listing(repr(c) for c in o.choices)}, not {value!r}"
                )
            out[o.name] = value
        if self.switches:
            out["switches"] = self.check_switches(options.get("switches", {}))
        return out

    def check_switches(self, switches: Any) -> dict[str, Any]:
        """Switch overrides checked by name and value; returned sorted by name."""
        if not isinstance(switches, Mapping):
            raise ValueError(
                f"switches must be a dict such as "
                f"{{{self.switches[0].name!r}: {self.switches[0].choices[-1]!r}}}, "
                f"not {switches!r}"
            )
        by_name = {s.name: s for s in self.switches}
        for name, value in switches.items():
            if name not in by_name:
                raise ValueError(f"unknown {self.name} switch {name!r}; the switches are {listing(by_name)}")
            if not _one_of(value, by_name[name].choices):
                raise ValueError(
                    f"switch {name!r} must be one of {listing(repr(c) for c in by_name[name].choices)}, not {value!r}"
                )
        return dict(sorted(switches.items()))

    def new_game(self, players: Sequence[str] | None = None, seed: int = 0, **options: Any) -> Game:
        """A new game session (the game package's ``new_game``); ``players`` default to
        :meth:`players`."""
        package = importlib.import_module(GAMES[self.name])
        return package.new_game(self.players() if players is None else players, seed, **options)


def _one_of(value: Any, choices: tuple[Any, ...]) -> bool:
    """``value`` is one of ``choices``, with the same type (``1`` is not ``True``)."""
    return any(type(value) is type(c) and value == c for c in choices)


def games() -> tuple[GameInfo, ...]:
    """Every registered game's :class:`GameInfo`, in registration order."""
    return tuple(game_info(name) for name in GAMES)


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of game ``name``; ``ValueError`` lists the known games."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
    info = importlib.import_module(GAMES[name]).INFO
    assert isinstance(info, GameInfo) and info.name == name
    return info
