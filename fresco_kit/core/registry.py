"""The game registry: what games the kit knows, and each one's parts and options, as data.

Each game package defines ``INFO = GameInfo(...)`` in its ``__init__``: its description
(title, players, options, switches, scoring categories, sources, rulebook) and its
:class:`~fresco_kit.core.interface.GameParts`, the modules that provide each part of the
game interface, loaded on first use.  :data:`GAMES` names the packages (the kit's own
are registered in ``fresco_kit/__init__.py``); a package outside the kit registers with
:func:`register` (a ``with`` block, e.g. in a test).  The CLI, the simulator, the classroom and the tests read
:func:`games` and ask a game's parts from its ``GameInfo`` (``info.rules``, ``info.bots``,
``info.draw``...), never by module name; every game's options are checked from their
description here (:meth:`GameInfo.check_options`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Any, cast

from .actions import Grammar
from .game import Game
from .interface import (
    BotsModule,
    DataModule,
    DrawModule,
    ExamplesModule,
    ExercisesModule,
    GameParts,
    RefsModule,
    RulesModule,
    SvgModule,
    TableModule,
)
from .plugins import GAMES, info_of, load, register, unregister
from .record import listing

__all__ = ["GAMES", "GameInfo", "Option", "Reach", "Switch", "game_info", "games", "register", "unregister"]


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


def data_option(data: Callable[[], DataModule | None]) -> Option:
    """The ``data`` option of a game with a ``data`` part: its patch is checked by that
    part's ``check_patch`` (``data`` gives the part, loaded when a patch is checked)."""

    def check(patch: Any) -> Any:
        module = data()
        assert module is not None
        return module.check_patch(patch)

    return Option("data", DATA_DOC, ({},), check=check)


#: when a :class:`Reach` is tested: on the state set up, after every action, on the final state
REACH_WHEN = ("setup", "step", "end")


@dataclass(frozen=True)
class Reach:
    """The situation a rule switch decides, as the simulation runner counts it.

    ``situation`` says it in words ("a tie for the most VP at the end"); ``when`` is
    one of :data:`REACH_WHEN`; ``test`` tells whether it arose: ``test(state)`` on the
    state set up (``"setup"``), ``test(before, action, after)`` for each action played
    (``"step"``), ``test(state, sheet)`` on the final state and its score sheet
    (``"end"``, finished games only).  A switch whose situation arises in a
    game can change that game; one whose situation never arose cannot have changed it
    (a study then says "never reached by these bots", not that the rule is unused).

    ``screen`` (step tests only, optional): a cheap condition, with the test's arguments,
    that holds wherever ``test`` does ("a bonus decision is owed", "a fresco flipped"),
    shared by the switches of one kind of situation.  The runner asks each distinct
    screen once per action and runs only the tests whose screen held (the tests of a
    game's dozen switches, each after every action, cost more than the game's own rules);
    ``tests/sim`` plays games checking that no test holds where its screen does not."""

    when: str
    situation: str
    test: Callable[..., bool]
    screen: Callable[..., bool] | None = None

    def __post_init__(self) -> None:
        if self.when not in REACH_WHEN:
            raise ValueError(f"Reach.when must be one of {', '.join(REACH_WHEN)}, not {self.when!r}")
        if self.screen is not None and self.when != "step":
            raise ValueError(f"a screen is for step tests only, not {self.when!r}")


@dataclass(frozen=True)
class Switch:
    """One rule switch: a single rule that can be played another way.

    ``choices`` are its allowed values; ``rule`` the checklist id it changes;
    ``default`` the value played when the switch is not set (None: the default depends
    on the ruleset, and the game's setup decides it).  Optionally, for a game whose
    rulesets differ by switches: ``defaults``, ``(ruleset, value)`` pairs (the switch's
    value under each ruleset, see :meth:`default_for`), and ``sources``, ``(ruleset,
    citation)`` pairs (where each ruleset's value comes from, :meth:`source_for`).
    ``reach``: the situation the switch decides (:class:`Reach`), counted in studies."""

    name: str
    doc: str
    choices: tuple[Any, ...]
    rule: str = ""
    default: Any = None
    defaults: tuple[tuple[str, Any], ...] = ()
    sources: tuple[tuple[str, str], ...] = ()
    reach: Reach | None = None

    def default_for(self, ruleset: str) -> Any:
        """The switch's value under ``ruleset``: its entry in ``defaults``, else ``default``."""
        return dict(self.defaults).get(ruleset, self.default)

    def source_for(self, ruleset: str) -> str:
        """Where ``ruleset``'s value comes from ("" when ``sources`` does not say)."""
        return dict(self.sources).get(ruleset, "")


@dataclass(frozen=True)
class GameInfo:
    """Everything the kit knows about one game before it is set up, and its parts.

    - ``name``, ``title``, ``player_counts``, ``default_players`` (names, in seat order);
    - ``options``: the :class:`Option` s of ``new_game`` (ruleset, variant, bonus tiles);
    - ``switches``: the :class:`Switch` es, set with ``switches={name: value}``;
    - ``categories``: the scoring categories of its score sheet;
    - ``sources``: the rulebooks the rules come from; ``rulebook_title``: the document a
      :class:`~fresco_kit.core.rules.RuleRef` cites; ``rulebook_langs``: the languages
      besides English its rulebook is printed in (the classroom cites it in them);
      ``translations``: the languages its generated texts (events, refusals, moves, board
      labels: :class:`~fresco_kit.core.text.Msg` s) are translated into, one catalog each
      (``fresco_kit/locale/<lang>/LC_MESSAGES/<name>.po``);
    - ``package``: the game's package; ``parts``: its modules by part (see
      :mod:`fresco_kit.core.interface`), each loaded on first use: :attr:`rules`,
      :attr:`bots`, :attr:`draw`, :attr:`svg`, :attr:`table`, :attr:`exercises`,
      :attr:`examples`, :attr:`positions`, :attr:`refs`, :attr:`data`, :attr:`readings`;
    - ``bench_players``: the player count ``fresco-kit bench`` and the studies use by default;
    - ``player_colours``: drawing colours of names the game gives players (its robots).
    """

    name: str
    title: str
    player_counts: tuple[int, ...]
    default_players: tuple[str, ...]
    categories: tuple[str, ...]
    sources: tuple[str, ...]
    package: str
    parts: GameParts = field(default_factory=GameParts)
    rulebook_title: str = ""
    rulebook_langs: tuple[str, ...] = ()
    translations: tuple[str, ...] = ()
    bench_players: int = 0
    player_colours: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    options: tuple[Option, ...] = ()
    switches: tuple[Switch, ...] = ()
    summary: str = ""

    def __post_init__(self) -> None:
        # a game with a ``data`` part takes data overrides (the ``data`` option, last)
        if self.parts.data is not None and all(o.name != "data" for o in self.options):
            object.__setattr__(self, "options", self.options + (data_option(lambda: self.data),))
        if not self.rulebook_title:
            object.__setattr__(self, "rulebook_title", self.sources[0] if self.sources else self.title)
        if not self.bench_players:
            object.__setattr__(self, "bench_players", max(self.player_counts))
        self.check_player_count(self.bench_players)

    # -- the parts (see fresco_kit.core.interface), loaded on first use --------------
    def part(self, name: str) -> ModuleType | None:
        """The module of part ``name`` (``None`` if the game has no such part);
        ``AttributeError`` for a name that is not a part."""
        relative = getattr(self.parts, name)
        return None if relative is None else load(self.package, relative)

    @property
    def rules_module(self) -> str:
        """The full name of the rules module."""
        return f"{self.package}.{self.parts.rules}"

    @property
    def rules(self) -> RulesModule:
        """The rules module (``checks``, ``apply``, ``legal_actions``, ...)."""
        return cast(RulesModule, self.part("rules"))

    @property
    def bots(self) -> BotsModule | None:
        """The bots part: ``evaluate`` and ``WEIGHTS``."""
        return cast("BotsModule | None", self.part("bots"))

    @property
    def draw(self) -> DrawModule | None:
        """The matplotlib pictures: ``board(state)``, ``readme_figures()``."""
        return cast("DrawModule | None", self.part("draw"))

    @property
    def svg(self) -> SvgModule | None:
        """The SVG drawings: ``board_svg(state)``."""
        return cast("SvgModule | None", self.part("svg"))

    @property
    def table(self) -> TableModule | None:
        """The classroom table's parts (move steps and texts, status, private screen)."""
        return cast("TableModule | None", self.part("table"))

    @property
    def exercises(self) -> ExercisesModule | None:
        """The exercises: ``EXERCISES``."""
        return cast("ExercisesModule | None", self.part("exercises"))

    @property
    def examples(self) -> ExamplesModule | None:
        """The worked examples: ``EXAMPLES``."""
        return cast("ExamplesModule | None", self.part("examples"))

    @property
    def positions(self) -> ModuleType | None:
        """The hand-built teaching positions."""
        return self.part("positions")

    @property
    def refs(self) -> RefsModule | None:
        """The rule book by checklist id: ``RULES``."""
        return cast("RefsModule | None", self.part("refs"))

    @property
    def data(self) -> DataModule | None:
        """The rule data: ``check_patch(patch)``."""
        return cast("DataModule | None", self.part("data"))

    @property
    def readings(self) -> ModuleType | None:
        """The kit's readings of ambiguous rulebook text."""
        return self.part("readings")

    @property
    def catalog_contexts(self) -> tuple[str, ...]:
        """The message contexts of this game in the classroom's catalogs (``section:<name>``,
        ``glossary:<name>``; see :mod:`fresco_kit.classroom.i18n`)."""
        return (f"section:{self.name}", f"glossary:{self.name}")

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
        """A new game session over :attr:`rules`; ``players`` default to :meth:`players`.
        Raises ValueError for a wrong player count or an unknown option or switch."""
        return Game(self.rules, self.players() if players is None else players, seed, options)


def _one_of(value: Any, choices: tuple[Any, ...]) -> bool:
    """``value`` is one of ``choices``, with the same type (``1`` is not ``True``)."""
    return any(type(value) is type(c) and value == c for c in choices)


def games() -> tuple[GameInfo, ...]:
    """Every registered game's :class:`GameInfo`, in registration order."""
    return tuple(game_info(name) for name in GAMES)


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of game ``name``; ``ValueError`` lists the known games."""
    info = info_of(name)
    if not isinstance(info, GameInfo) or info.name != name:
        raise TypeError(f"{GAMES[name]}.INFO must be the GameInfo of {name!r}, not {info!r}")
    return info


def first_game() -> str:
    """The name of the first registered game (the default of the classroom's table)."""
    return next(iter(GAMES))
