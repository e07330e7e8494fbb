"""Nim: the rules module of the engine contract (``fresco_kit.core.game.RulesModule``).

The state (:class:`State`), the one action (:class:`Take`, text ``take Red 2``) and every
function of the contract, each citing the rule of :data:`refs.RULES` it follows.  Nothing
is hidden (``view`` and ``determinize`` give the state itself) and nothing is random
(the seed is kept by the session, unused).  ``apply_fast`` is left out on purpose: the
contract calls it optional.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from fresco_kit.core import Action, Event, Grammar, Range, Record, Rng, ScoreSheet, field_error, seat_of
from fresco_kit.core.flow import Flow, Step
from fresco_kit.core.rules import Reason

from .refs import RULES

GAME = "nim"
MOST = 3  # counters a turn may take (take.limit)
CATEGORY = "Last counter"


@dataclass(frozen=True, slots=True)
class State(Record):
    """A game of Nim: the ``players`` in seat order, the counters at the ``start`` and in
    the ``pile``, the ``turn`` (takes so far: seat ``turn % players`` is next), what each
    player has ``taken`` and the ``winner`` once the pile is empty."""

    players: tuple[str, ...]
    start: Annotated[int, Range(1)]
    pile: Annotated[int, Range(0)]
    turn: Annotated[int, Range(0)]
    taken: tuple[Annotated[int, Range(0)], ...]
    winner: str | None

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return self.players

    @property
    def options(self) -> dict[str, Any]:
        """The options the game was set up with, as ``INFO.check_options`` returns them."""
        return {"pile": self.start}

    def view(self, player: str | None = None) -> State:
        """What ``player`` sees: everything (Nim hides nothing); an unknown player is refused."""
        if player is not None:
            seat_of(self.players, player)
        return self

    def validate(self, path: str = "") -> None:
        """The fields agree with each other (:func:`problems`); ``SaveError`` names the first that does not."""
        for field, message in problems(self):
            raise field_error(f"{path}.{field}" if path else field, message)


@dataclass(frozen=True, slots=True)
class Take(Action):
    """``player`` takes ``count`` counters from the pile (take.limit, take.pile)."""

    VERB: ClassVar[str] = "take"
    player: str
    count: Annotated[int, Range(1)]


ACTIONS: tuple[type[Action], ...] = (Take,)
GRAMMAR = Grammar("Nim", ACTIONS)


def problems(state: State) -> list[tuple[str, str]]:
    """``(field, what is wrong)`` for every contradiction between the fields (empty when consistent)."""
    out = []
    n = len(state.players)
    if len(set(state.players)) != n or not 2 <= n <= 4:
        out.append(("players", f"2 to 4 distinct names, got {list(state.players)!r}"))
    if len(state.taken) != n:
        out.append(("taken", f"one count per player ({n}), got {len(state.taken)}"))
    if state.pile + sum(state.taken) != state.start:
        out.append(("pile", f"the counters left and taken must add up to the start ({state.start})"))
    if state.turn < sum(1 for t in state.taken if t) or state.turn > state.start:
        out.append(("turn", f"between the takers and the counters taken, got {state.turn}"))
    over = state.pile == 0
    if over != (state.winner is not None):
        out.append(("winner", "set exactly when the pile is empty (end.last)"))
    elif over and n and state.winner != state.players[(state.turn - 1) % n]:
        out.append(("winner", "the player who took the last counter (end.last)"))
    return out


def invariants(state: State) -> list[str]:
    """Every inconsistency of the state, in words (from :func:`problems`)."""
    return [f"{field}: {message}" for field, message in problems(state)]


def new_state(players: Sequence[str], seed: int = 0, options: dict[str, Any] | None = None) -> State:
    """Setup (setup.pile): one pile of ``options["pile"]`` counters, nothing taken."""
    pile = (options or {}).get("pile", 21)
    return State(tuple(players), pile, pile, 0, (0,) * len(players), None)


#: The sequence as data (core's flow engine): play waits in "turn" until the pile is empty.
FLOW: Flow[State] = Flow(
    (
        Step("turn", "Play", "take.turn", "the player to act takes 1 to 3 counters", True,
             (("the pile is empty", "over"), ("always", "turn"))),
        Step("over", "End", "end.last", "whoever took the last counter wins", True, ()),
    ),
    {"the pile is empty": lambda st: st.pile == 0},
    phase_field=None,  # the phase is read from the pile, not stored
)


def phase(state: State) -> str:
    """The step of :data:`FLOW` where play waits."""
    return FLOW.advance(state, [], {}, start="turn")


def actor(state: State) -> tuple[str, ...]:
    """Who must act (take.turn): the player of seat ``turn % players``; nobody once over."""
    return () if state.pile == 0 else (state.players[state.turn % len(state.players)],)


def counters(state: State) -> tuple[int, int]:
    """``(round, turn)``: a round is one pass of the table; turns are the takes so far."""
    return state.turn // len(state.players) + 1, state.turn


def checks(state: State, action: Action) -> list[Reason]:
    """Every rule ``action`` breaks; empty when legal.  ``ValueError`` for another game's action."""
    if not isinstance(action, Take):
        raise ValueError(f"not a Nim action: {action!r}")
    if state.pile == 0:
        return [("the game is over: the last counter has been taken", RULES["end.last"])]
    out: list[Reason] = []
    mover = actor(state)[0]
    if action.player != mover:
        out.append((f"it is {mover}'s turn, not {action.player}'s", RULES["take.turn"]))
    if action.count > MOST:
        out.append((f"a turn takes 1 to {MOST} counters, not {action.count}", RULES["take.limit"]))
    if action.count > state.pile:
        out.append((f"the pile holds {state.pile} counters, not {action.count}", RULES["take.pile"]))
    return out


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after a legal take and its events (take.limit; end.last when the pile empties)."""
    assert isinstance(action, Take)
    seat = state.players.index(action.player)
    taken = tuple(t + action.count if i == seat else t for i, t in enumerate(state.taken))
    pile = state.pile - action.count
    new = state.evolve(pile=pile, turn=state.turn + 1, taken=taken, winner=action.player if pile == 0 else None)
    events = [Event(f"{action.player} takes {action.count}; {pile} left", RULES["take.limit"])]
    if pile == 0:
        events.append(Event(f"{action.player} took the last counter and wins", RULES["end.last"]))
    return new, events


def legal_actions(state: State, player: str | None = None) -> list[Action]:
    """Every legal take of the player to act (of ``player`` when given), fewest counters first."""
    movers = actor(state)
    if not movers or (player is not None and player != movers[0]):
        return []
    return [Take(movers[0], k) for k in range(1, min(MOST, state.pile) + 1)]


def sample_action(state: State, rng: Rng) -> Action:
    """A random legal take (the game's own random player)."""
    return Take(actor(state)[0], 1 + rng.randbelow(min(MOST, state.pile)))


def determinize(view: State, rng: Rng) -> State:
    """The playable state behind a view: the view itself (Nim hides nothing)."""
    return view


def is_over(state: State) -> bool:
    """Whether the last counter has been taken (end.last)."""
    return state.pile == 0


def scores(state: State) -> ScoreSheet:
    """One point to whoever took the last counter (end.last); no winner while the game runs."""
    rows = {p: {CATEGORY: int(p == state.winner)} for p in state.players}
    return ScoreSheet([CATEGORY], rows, [state.winner] if state.winner else [])


def parse_action(text: str) -> Action:
    """The action written as ``text`` (``take Red 2``); ``ValueError`` shows the form."""
    return GRAMMAR.parse(text)


def state_from_dict(data: Any, path: str = "state") -> State:
    """A saved state, checked field by field and across fields; ``SaveError`` names the field."""
    return State.from_dict(data, path)
