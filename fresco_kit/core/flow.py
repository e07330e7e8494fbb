"""The flow engine every game shares: a game's sequence of phases and steps as data.

Each game's ``flow.py`` declares its sequence as a :class:`Flow`: a table of
:class:`Step` s, each citing the rulebook section it follows, with its ways out as
``(condition, next step)`` pairs tried in order, and the named conditions as
questions about the state.  :meth:`Flow.advance` is the only way from one step to the
next: after an action it follows the table until play waits for a player (or the game
is over), calling the section function that carries out each step it enters.  So what
follows an action is read from the table, never from the end of an effect.

A step that *waits* is a value of the state's ``phase``: play rests there until a player
acts.  A step that passes runs on its own.  A waiting step may name, in ``acts``, the
steps a player's action there begins (its effect carried out by the rules, which then
call ``advance(..., start=that step)``): the table then shows what follows each kind of
action too.  A game whose phase is derived from the rest of its state (rather than held
in a field) declares ``phase_field=None`` and always gives ``advance`` its ``start``.
The condition :data:`ALWAYS` holds in every state; the engine knows it, so a game need not
define it (and its way out costs no call).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .record import Record

S = TypeVar("S", bound=Record)

#: What entering a step does: ``enter[name](state, events)`` changes the unpublished state.
Enter = Mapping[str, Callable[[Any, list], None]]

#: the condition that holds in every state (a way out that is always taken): the engine
#: supplies it, without calling anything
ALWAYS = "always"


@dataclass(frozen=True)
class Step:
    """One step of a game's sequence.

    ``name``; the rulebook ``section`` it follows; the checklist ``rule``; what happens
    (``doc``); whether play can rest in it (``waits``: it is then a value of
    ``state.phase``); and ``next``: ``(condition, step)`` pairs tried in order (a step
    naming itself stays where it is); ``acts``: the steps a player's action in this
    (waiting) step begins, the rules starting ``advance`` there."""

    name: str
    section: str
    rule: str
    doc: str
    waits: bool
    next: tuple[tuple[str, str], ...]
    acts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Flow(Generic[S]):
    """A game's sequence: its steps (the first begins the game) and its conditions.

    Raises ``ValueError`` at definition when a way out names an unknown step or
    condition, so a table with a typo cannot be imported."""

    steps: tuple[Step, ...]
    conditions: Mapping[str, Callable[[S], bool]]
    #: the state's field that holds the waiting step (None: the phase is derived, never set)
    phase_field: str | None = "phase"
    by_name: dict[str, Step] = field(init=False, repr=False, compare=False)
    #: per step, its ways out as (condition function, step) pairs, None for :data:`ALWAYS`
    #: (what advance reads)
    _ways: dict[str, tuple[tuple[Callable[[S], bool] | None, str], ...]] = field(init=False, repr=False, compare=False)
    _waits: frozenset[str] = field(init=False, repr=False, compare=False)
    _plans: dict[int, tuple[Any, dict]] = field(init=False, repr=False, compare=False, default_factory=dict)
    _last: tuple[Any, dict] = field(init=False, repr=False, compare=False, default=(None, {}))

    def __post_init__(self) -> None:
        by_name = {s.name: s for s in self.steps}
        if len(by_name) != len(self.steps):
            raise ValueError("two steps share a name")
        for step in self.steps:
            for condition, target in step.next:
                if target not in by_name:
                    raise ValueError(f"step {step.name!r} leads to unknown step {target!r}")
                if condition != ALWAYS and condition not in self.conditions:
                    raise ValueError(f"step {step.name!r} names unknown condition {condition!r}")
            for target in step.acts:
                if target not in by_name:
                    raise ValueError(f"step {step.name!r} begins unknown step {target!r}")
        object.__setattr__(self, "by_name", by_name)
        ways = {s.name: tuple((None if c == ALWAYS else self.conditions[c], t) for c, t in s.next) for s in self.steps}
        object.__setattr__(self, "_ways", ways)
        object.__setattr__(self, "_waits", frozenset(s.name for s in self.steps if s.waits))

    def step(self, name: str) -> Step:
        """The step called ``name`` (``KeyError`` if there is none)."""
        return self.by_name[name]

    @property
    def waiting(self) -> tuple[str, ...]:
        """The steps play can rest in: the values ``state.phase`` may take."""
        return tuple(s.name for s in self.steps if s.waits)

    def arrows(self) -> set[tuple[str, str]]:
        """Every ``(step, next step)`` pair of the table (ways out and actions' steps)."""
        return {(s.name, target) for s in self.steps for target in (*(t for _, t in s.next), *s.acts)}

    def waiting_arrows(self) -> set[tuple[str, str]]:
        """``(waiting step, waiting step)`` pairs reachable through passing steps: the
        phase changes a single action may make (what a test of random games checks)."""
        out: set[tuple[str, str]] = set()
        for start in self.waiting:
            seen: set[str] = set()
            todo = [start]
            while todo:
                here = todo.pop()
                step = self.by_name[here]
                targets = [t for _, t in step.next] + list(step.acts if here == start else ())
                for target in targets:
                    if self.by_name[target].waits:
                        out.add((start, target))
                    elif target not in seen:
                        seen.add(target)
                        todo.append(target)
        return out

    def follow(self, step: str, state: S) -> str | None:
        """The step after ``step`` in ``state``: the first way out whose condition holds
        (None after the last step)."""
        return next((target for condition, target in self._ways[step] if condition is None or condition(state)), None)

    def advance(self, state: S, events: list, enter: Enter, start: str | None = None) -> str:
        """Move the unpublished ``state`` along the table from ``start`` (default: its
        ``phase``) until play waits for a player or the game is over; entering a step
        calls ``enter[step](state, events)`` when ``enter`` has it and, for a step that
        waits, sets the phase first (unless ``phase_field`` is None).  Returns the step
        where play waits."""
        if start is None:
            if self.phase_field is None:
                raise ValueError("this flow's phase is derived: give advance its start")
            start = getattr(state, self.phase_field)
        last_enter, plan = self._last  # the plan of the last enter table, without _plan's call
        if last_enter is not enter:
            plan = self._plan(enter)
            object.__setattr__(self, "_last", (enter, plan))
        phase_field, put = self.phase_field, object.__setattr__
        here: str = start
        ways = plan[here][0]
        for _ in range(10_000):  # follow(), inlined: this runs after every action of every playout
            for condition, target in ways:  # noqa: B007 (target is read after the break)
                if condition is None or condition(state):
                    break
            else:
                return here
            if target == here:
                return here
            here = target
            ways, waits, action = plan[here]
            if waits and phase_field is not None:
                put(state, phase_field, here)  # core.record.assign, without its keyword overhead
            if action is not None:
                action(state, events)
        raise RuntimeError(f"the flow did not come to rest (last step {here!r})")

    def _plan(self, enter: Enter) -> dict[str, tuple[tuple[tuple[Callable[[S], bool] | None, str], ...], bool, Any]]:
        """Per step: its ways out, whether it waits and what entering it does under
        ``enter`` (made once per ``enter`` table, which is a game's constant)."""
        cached = self._plans.get(id(enter))
        if cached is None or cached[0] is not enter:

            def through(target: str) -> str:
                # a step that passes, does nothing when entered and has one way out, always
                # taken, is gone through at once: its ways lead straight to where it leads
                seen = set()
                while target not in seen and target not in self._waits and target not in enter:
                    ways = self._ways[target]
                    if len(ways) != 1 or ways[0][0] is not None:
                        break
                    seen.add(target)
                    target = ways[0][1]
                return target

            plan = {
                name: (tuple((c, through(t)) for c, t in ways), name in self._waits, enter.get(name))
                for name, ways in self._ways.items()
            }
            cached = self._plans[id(enter)] = (enter, plan)
        return cached[1]
