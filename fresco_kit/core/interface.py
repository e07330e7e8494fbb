"""The game interface: every part a game package provides, declared in one place.

A game is a package (``fresco_kit/<game>/`` or one outside the kit, see
:func:`fresco_kit.core.registry.register`) whose ``__init__`` defines ``INFO``, a
:class:`~fresco_kit.core.registry.GameInfo`.  Its :class:`GameParts` name the modules
that provide each part, relative to the package, loaded on first use (so importing a game
package stays light).  Each part has the shape of one of the protocols below:

================  =====================  ==================================================
part              protocol               what the kit uses it for
================  =====================  ==================================================
``rules``         :class:`RulesModule`   the engine contract (the Game session, bots, tests)
``bots``          :class:`BotsModule`    the greedy and persona bots, best-move exercises
``draw``          :class:`DrawModule`    matplotlib pictures: a session's ``_repr_png_``,
                                         the README's figures
``svg``           :class:`SvgModule`     the classroom table's board
``table``         :class:`TableModule`   the classroom table's move steps, status, screen
``exercises``     :class:`ExercisesModule`  the exercise sheets
``examples``      :class:`ExamplesModule`   ``fresco-kit examples``, the notebooks
``positions``     (any module)           hand-built teaching positions
``refs``          :class:`RefsModule`    the rule book by checklist id (review pages)
``data``          :class:`DataModule`    the ``data`` option (design-review patches)
``readings``      (any module)           the kit's readings of ambiguous text
================  =====================  ==================================================

A part a game lacks is ``None`` (only ``rules`` is required); the kit then leaves out
what needs it (a table without a game's ``table`` part uses plain stand-ins).  The
parts ``draw``, ``svg``, ``table``, ``exercises`` and the teaching modules
(:data:`CLASSROOM_MODULES`) belong to the classroom layer: a game's engine modules
import none of them (``tests/test_architecture.py`` checks it).  Which parts resolve
and have these attributes is checked for every registered game by
``tests/core/test_interface.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from .random import Rng
from .rules import Event, Reason, Rulebook, RuleRef
from .scoring import ScoreSheet

if TYPE_CHECKING:
    from .examples import Example

#: module names of a game package that belong to the classroom layer (pictures, widgets,
#: teaching helpers, the table's parts, exercises); the rest of a game package is its engine
CLASSROOM_MODULES: frozenset[str] = frozenset({"draw", "svg", "widgets", "teach", "table", "exercises"})


class RulesModule(Protocol):
    """What a game's ``rules`` module provides (the engine contract).

    - ``GAME``: the game's name, as registered (:func:`fresco_kit.core.registry.games`).
    - ``ACTIONS``: the game's action classes.
    - ``new_state(players, seed, options) -> State``: setup, as the rulebook says;
      ``options`` come checked and complete (:meth:`GameInfo.check_options`).
    - ``checks(state, action) -> list[(message, RuleRef)]``: every broken rule; empty
      means legal.  The single source of legality.
    - ``apply(state, action) -> (new_state, events)``: only called when ``checks`` is
      empty; must not mutate ``state``.
    - ``legal_actions(state) -> list[Action]``: every action for which ``checks`` is
      empty, in a deterministic order.
    - ``is_over(state) -> bool`` and ``scores(state) -> ScoreSheet``.
    - ``parse_action(text) -> Action``: the inverse of ``str(action)``.
    - ``state_from_dict(data, path) -> State``: checked, raising :class:`SaveError`
      naming the field; ``State.to_dict()`` the other way.  A state has ``names`` (the
      players in seat order) and ``options`` (what it was set up with).
    - ``actor(state)``: who must act now; ``legal_actions(state, player=...)``: what
      one player may do.
    - ``sample_action(state, rng) -> Action``: the game's fast random player.
    Optional: ``apply_fast(state, action) -> State`` (no checks, no event texts) for playouts,
    ``counters(state) -> (round, turn)``, ``determinize(view, rng) -> State`` (and
    ``determinizer(view) -> draw``, ``draw(rng)`` giving the same states faster, for search),
    ``upgrade_action(text, version) -> str`` (an action text of an older save version as the
    kit writes it now, see :meth:`~fresco_kit.core.game.Game.from_json`),
    ``invariants(state) -> list[str]`` and ``legal_choices(state, player) -> dict[str,
    list[Action]]``: ``player``'s legal actions grouped by their decisive fields (a group's
    key says what is decided first, e.g. Lorenzo's member and space; its actions differ in
    the details, e.g. the servants), for bots that sample or search groups first, and
    ``choice_key(action) -> str``, the key of an action's group (the searching bot groups
    the actions it has listed with it); the kit's :func:`legal_choices` falls back to
    grouping by the first word of the action text.
    """

    GAME: str
    ACTIONS: tuple[type, ...]

    def new_state(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> Any:
        """The start of a game, set up as the rulebook says."""

    def checks(self, state: Any, action: Any) -> list[Reason]:
        """Every rule ``action`` breaks in ``state``; empty means legal."""

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Event]]:
        """The state after a legal ``action``, and what happened."""

    def legal_actions(self, state: Any, player: str | None = None) -> list[Any]:
        """Every legal action (of ``player`` when given), in a deterministic order."""

    def actor(self, state: Any) -> tuple[str, ...]:
        """Who must act now (several while choices are simultaneous; none once over)."""

    def sample_action(self, state: Any, rng: Rng) -> Any:
        """A random legal action, fast (the game's own random player, in ``bots.py``)."""

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended."""

    def scores(self, state: Any) -> ScoreSheet:
        """The score sheet of ``state``."""

    def parse_action(self, text: str) -> Any:
        """The action written as ``text``."""

    def state_from_dict(self, data: Any, path: str = "state") -> Any:
        """A state from save data, checked field by field."""


def group_actions(actions: Iterable[Any], key: Callable[[Any], str]) -> dict[str, list[Any]]:
    """``actions`` grouped by ``key(action)``: the groups in the order their first action
    comes, each keeping the actions' order (so every action is in exactly one group)."""
    groups: dict[str, list[Any]] = {}
    for action in actions:
        groups.setdefault(key(action), []).append(action)
    return groups


def first_word(action: Any) -> str:
    """The first word of ``str(action)`` (its verb): the fallback group of an action."""
    return str(action).split(" ", 1)[0]


def legal_choices(rules: RulesModule, state: Any, player: str) -> dict[str, list[Any]]:
    """``player``'s legal actions in groups (see :class:`RulesModule`): the game's own
    ``legal_choices`` when it has one, else :func:`legal_actions <RulesModule.legal_actions>`
    grouped by its ``choice_key``, or by the first word of each action's text."""
    own = getattr(rules, "legal_choices", None)
    if own is not None:
        return cast("dict[str, list[Any]]", own(state, player))
    return group_actions(rules.legal_actions(state, player=player), getattr(rules, "choice_key", first_word))


def stepper(rules: RulesModule) -> Callable[[Any, Any], Any]:
    """The function that plays an action on a state when nobody reads the events (bots'
    look-ahead, playouts): the game's ``apply_fast`` when it has one (optional in the
    contract), else the state :func:`apply <RulesModule.apply>` returns."""
    fast = getattr(rules, "apply_fast", None)
    if fast is not None:
        return cast("Callable[[Any, Any], Any]", fast)
    return lambda state, action: rules.apply(state, action)[0]


def load_weights(path: Path) -> dict[str, float] | None:
    """Heuristic weights kept as data (a bots part's ``weights.json``, written by
    ``python -m fresco_kit.sim.tune``): its ``"weights"`` object, or None when there is
    no such file; ``ValueError`` when a weight is not a number."""
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    weights = data.get("weights") if isinstance(data, dict) else None
    if not isinstance(weights, dict) or not all(type(v) in (int, float) for v in weights.values()):
        raise ValueError(f"{path}: 'weights' must map each term to a number")
    return {str(k): float(v) for k, v in weights.items()}


class BotsModule(Protocol):
    """A game's ``bots``: the heuristic the greedy bots use (the random player,
    ``sample_action``, belongs to the rules contract).  Optional: ``SEARCH_WEIGHTS``
    (the weights the searching bots use, e.g. tuned ones read with :func:`load_weights`)
    and ``BEST`` (the name of the game's strongest bot, which ``best`` plays)."""

    @property
    def WEIGHTS(self) -> Mapping[str, float]:
        """The heuristic's terms and their default weights (scoring categories and progress terms)."""

    def evaluate(self, state: Any, player: str, weights: Mapping[str, float] | None = None) -> float:
        """How good ``state`` is for ``player`` (higher is better), weighting the terms."""


class DrawModule(Protocol):
    """A game's ``draw``: matplotlib pictures (matplotlib imported when a picture is drawn)."""

    def board(self, state: Any) -> Any:
        """The board of ``state`` as a matplotlib figure."""

    def readme_figures(self) -> Iterable[tuple[str, Any]]:
        """The README's figures: ``(file name, figure)`` pairs."""


class SvgModule(Protocol):
    """A game's ``svg``: the board as SVG text (no matplotlib)."""

    def board_svg(self, state: Any, lang: str = "en") -> str:
        """The public board of ``state`` as one SVG element, its labels in ``lang``."""


class TableModule(Protocol):
    """A game's ``table``: the classroom table's parts for this game."""

    @property
    def CATEGORY_HELP(self) -> Mapping[str, tuple[str, RuleRef]]:
        """Each scoring category explained, with its rule."""

    def move_steps(self, state: Any, action: Any) -> tuple[str, ...]:
        """The choices that make up ``action``, in the order a player makes them (each a
        :class:`~fresco_kit.core.text.Msg`, so the classroom can say it in any language)."""

    def move_text(self, state: Any, action: Any) -> str:
        """``action`` in words a player reads (a ``Msg``)."""

    def status(self, state: Any) -> str:
        """Whose turn it is and what they are doing, in one line (a ``Msg``)."""

    def private_html(self, state: Any, player: str, lang: str = "en") -> str:
        """What ``player`` sees behind the pass-the-device screen, its texts in ``lang``."""


class ExercisesModule(Protocol):
    """A game's ``exercises``: positions with a question the engine answers."""

    @property
    def EXERCISES(self) -> Sequence[Any]:
        """The exercises (``fresco_kit.classroom.exercises.Exercise``), in teaching order."""


class ExamplesModule(Protocol):
    """A game's ``examples``: the rulebook's worked examples and constructed ones."""

    @property
    def EXAMPLES(self) -> Sequence[Example]:
        """The worked examples, in rulebook order."""


class RefsModule(Protocol):
    """A game's ``refs``: every rule it enforces, by checklist id."""

    @property
    def RULES(self) -> Rulebook:
        """The rule book."""


class DataModule(Protocol):
    """A game's ``data``: the rule data, what a design-review patch may override
    (``OVERRIDES``, a :class:`fresco_kit.core.data.Fields` over the game's TOML) and the
    check of a patch."""

    @property
    def OVERRIDES(self) -> Any:
        """The overridable fields and their bounds (a ``core.data.Fields``)."""

    def check_patch(self, patch: Any) -> Any:
        """``patch`` checked against what may be overridden (``ValueError`` naming the field)."""


@dataclass(frozen=True)
class GameParts:
    """The modules of a game package that provide each part, relative to the package
    (``"bots"`` is ``<package>.bots``); ``None`` for a part the game lacks.  See the module."""

    rules: str = "rules"
    bots: str | None = None
    draw: str | None = None
    svg: str | None = None
    table: str | None = None
    exercises: str | None = None
    examples: str | None = None
    positions: str | None = None
    refs: str | None = None
    data: str | None = None
    readings: str | None = None

    @classmethod
    def every_part(cls) -> GameParts:
        """Every part, each in the module of its own name (``bots`` in ``<package>.bots``):
        the shape of the kit's own games."""
        return cls(**{f.name: f.name for f in fields(cls)})

    def declared(self) -> dict[str, str]:
        """The parts this game has: part name -> module name (relative to the package)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}


#: what each part must provide: part name -> attributes (``tests/core/test_interface.py``)
PART_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "rules": (
        "GAME",
        "ACTIONS",
        "new_state",
        "checks",
        "apply",
        "legal_actions",
        "actor",
        "sample_action",
        "is_over",
        "scores",
        "parse_action",
        "state_from_dict",
        "FLOW",
        "phase",
    ),
    "bots": ("WEIGHTS", "evaluate"),
    "draw": ("board", "readme_figures"),
    "svg": ("board_svg",),
    "table": ("CATEGORY_HELP", "move_steps", "move_text", "status", "private_html"),
    "exercises": ("EXERCISES",),
    "examples": ("EXAMPLES",),
    "positions": (),
    "refs": ("RULES",),
    "data": ("check_patch", "OVERRIDES"),
    "readings": ("READINGS",),
}


class GameDescription(Protocol):
    """What the Game session needs of its game's description (a
    :class:`~fresco_kit.core.registry.GameInfo` has it all); declared here so that the
    session does not import the registry, which builds sessions."""

    @property
    def name(self) -> str:
        """The game's registered name."""

    @property
    def title(self) -> str:
        """The game's title, e.g. for messages."""

    @property
    def rulebook_title(self) -> str:
        """The title of the document its rules are cited from."""

    @property
    def rules(self) -> RulesModule:
        """The rules module."""

    @property
    def draw(self) -> DrawModule | None:
        """The matplotlib pictures, if the game has them."""

    def players(self, count: int | None = None) -> list[str]:
        """Default player names for ``count`` players."""

    def check_player_count(self, count: int) -> None:
        """Raise ValueError unless ``count`` players can play."""

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """``options`` checked, with defaults filled in."""
