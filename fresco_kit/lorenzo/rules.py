"""Lorenzo il Magnifico: the rules module of the engine contract (fresco_kit.core.game).

A façade over the section modules, which follow the Italian rules summary:

=====================================  ==========================================
*La struttura della partita*           ``setup.py`` (setup, round preparation)
*I dadi e i familiari*                 ``placement.py`` (placement, servants, turns)
*Le Torri e le carte Sviluppo*         ``towers.py``, ``effects.py``
*Le altre zone del tabellone*          ``zones.py`` (harvest, production), ``market.py``
*Il Rapporto in Vaticano*              ``vatican.py``; excommunications in ``effects.py``
*Fine del turno e punteggio finale*    ``endround.py``, ``final.py``, ``scoring.py``
=====================================  ==========================================

The sequence of rounds and phases is the table ``flow.FLOW``; ``apply`` plays an
action (its handler in ``placement.DISPATCH``) and then core's flow engine follows that table
(``FLOW.advance``), entering
each step through the section function of :data:`ENTER`.

Where the summary is silent the kit's readings are in ``readings.py`` (each with its
default; the switchable ones are ``INFO.switches``).  Around the engine: ``data.py``
loads ``seeds/lorenzo.toml``; ``state.py`` holds the State records (one schema:
the save form, and each player's view from the fields' visibility markers) and
``consistency.py`` its ``problems`` (a loaded save must have none; ``invariants``
words them); ``actions.py`` the three actions
(``Place``, ``Choose``, ``Forfeit``) and their texts; ``bots.py`` samples random moves
(``sample_action``, re-exported here); ``positions.py`` builds constructed and sample
positions; ``explore.py`` asks the engine teaching questions (reachable spaces, tower
quotes, activations, Vatican summaries) and ``teach.py`` words the answers, the cards
and the board; ``refs.py`` has the RuleRefs and the English-Italian ``GLOSSARY``;
``examples.py`` the constructed worked examples; ``draw.py`` and ``widgets.py`` the
figures and widgets.

Flow of a game: ``state.current`` names who acts.  With nothing pending that player
places a family member (``Place``), or gives up a member that cannot be placed
(``Forfeit``).  Effects that need a choice push decisions onto ``state.pending``
(core's pending-decision stack, ``core.decisions``; kinds "privilege", "cost",
"trade", "action", "vatican"), answered front first with ``Choose``;
``legal_answers`` lists the answers.  After the last placement of a round come the
Vatican report (rounds 2, 4, 6) and the end of the round (``flow.FLOW``).

For simulations: ``actor`` (who acts, at most one player), ``legal_actions(state,
player)`` (and ``legal_choices``, the same grouped by member and
space), ``counters`` (round, turns played), ``apply_fast`` (``apply`` without
events, for playouts) and ``determinize`` (a playable state behind a player's view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from fresco_kit.core import Action, Event, Rng, ScoreSheet, assign, field_error
from fresco_kit.core.interface import group_actions
from fresco_kit.core.rules import SILENT, Reason
from fresco_kit.core.text import Msg, worded

from . import setup as _setup
from .actions import ACTIONS, Choose, Forfeit, Place, parse_action
from .bots import sample_action
from .consistency import check_state, invariants, problems
from .data import SPACES, load
from .endround import end_round, game_over
from .final import final_scores
from .flow import FLOW, Enter, actor, counters, phase
from .placement import DISPATCH, legal_actions, legal_answers, pass_empty_turns, placement_reasons, reasons
from .state import State, own
from .vatican import start_report

GAME = "lorenzo"

__all__ = [
    "ACTIONS",
    "GAME",
    "Choose",
    "Forfeit",
    "Place",
    "State",
    "actor",
    "apply",
    "apply_fast",
    "checks",
    "counters",
    "determinize",
    "invariants",
    "is_over",
    "legal_actions",
    "legal_answers",
    "legal_choices",
    "load",
    "new_state",
    "parse_action",
    "phase",
    "problems",
    "sample_action",
    "scores",
    "state_from_dict",
]

#: What the engine does on entering each step of ``flow.FLOW``: the section functions.
ENTER: Enter = {
    "setup": _setup.setup_round,
    "actions": pass_empty_turns,
    "vatican": start_report,
    "end": end_round,
    "over": game_over,
}


def new_state(players: Sequence[str], seed: int = 0, options: dict[str, Any] | None = None) -> State:
    """Setup (La struttura della partita); ``options`` as ``INFO.check_options`` gives them."""
    return _setup.new_state(players, seed, options)


def state_from_dict(data: Any, path: str = "state") -> State:
    """A saved state, checked field by field and across fields (``consistency.py``);
    raises ``SaveError`` naming the field.  A player's view (no ``rng``) is refused."""
    st = State.from_dict(data, path)
    if st.rng is None:
        raise field_error(f"{path}.rng", "the random generator's state (a view cannot be played on)", None)
    check_state(st, path)
    return st


#: The rules that refuse a space itself (no card, taken, full, closed for the player count).
_UNAVAILABLE = frozenset({"kit.space", "zones.spaces", "zones.two_players", "market.spaces"})


def checks(state: State, action: Action) -> list[Reason]:
    """Every ``(message, RuleRef)`` the action breaks (``placement.reasons``); empty when
    legal.  A placement on a space that is not open also lists the spaces open now (unless
    the texts are not read: ``core.text.unworded``, the runner's rule tracing).
    Raises ``ValueError`` for an action of another game."""
    out = reasons(state, action)
    if out and worded() and isinstance(action, Place) and any(ref.id in _UNAVAILABLE for _, ref in out):
        open_ = [
            s
            for s in SPACES
            if not any(
                ref.id in _UNAVAILABLE for _, ref in placement_reasons(state, action.player, action.member, s, 0, False)
            )
        ]
        out = [
            (
                Msg("{reason}; the spaces open now are {spaces}", reason=msg, spaces=open_)
                if ref.id in _UNAVAILABLE
                else msg,
                ref,
            )
            for msg, ref in out
        ]
    return out


def _play(state: State, action: Action, events: list[Event]) -> State:
    """The action carried out in a fresh copy of ``state`` (unchanged) by its handler in
    ``placement.DISPATCH`` (type -> handler), then play moved along ``flow.FLOW`` --
    next turn, Vatican report, end of round, next round or the end of the game.  Once
    nothing the action raised is pending, the action is over and so is its record of the
    excommunication losses taken (``State.losses``, readings "gain losses")."""
    handler = DISPATCH.get(type(action))
    if handler is None:
        raise ValueError(f"not a Lorenzo il Magnifico action: {action!r}")
    st = state.evolve()
    acting = cast("Place | Choose | Forfeit", action)  # a type of DISPATCH: one of the three
    handler.effect(st, own(st, acting.player), acting, events)
    if st.losses is not None and not st.pending:  # the action is over (effects.after_losses)
        assign(st, losses=None)
    if st.phase == "actions" and not st.pending:
        pass_empty_turns(st, events)
    FLOW.advance(st, events, ENTER)
    return st


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """The new state and events of a legal action (``state`` is not changed): the
    handler of the action's type, then the flow table (:func:`_play`)."""
    events: list[Event] = []
    return _play(state, action, events), events


def apply_fast(state: State, action: Action) -> State:
    """The state ``apply`` gives for a LEGAL action, for playouts: the same section code,
    with no checks, handed the silent event list (``core.rules.SILENT``), for which the
    sections word no event."""
    return _play(state, action, SILENT)


def determinize(view: State, rng: Rng) -> State:
    """A full, playable state agreeing with the player's ``view`` (``State.view``), the
    hidden parts (deck order, random generator) drawn with ``rng`` (``setup.determinize``)."""
    return _setup.determinize(view, rng)


def choice_key(action: Action) -> str:
    """What a Lorenzo decision decides first: the member and the space of a placement, the
    answer of a choice (the servants are its details), the member forfeited."""
    if isinstance(action, Place):
        return f"place {action.member} {action.space}"
    if isinstance(action, Choose):
        return f"choose {action.choice}"
    return str(action)


def legal_choices(state: State, player: str) -> dict[str, list[Action]]:
    """``player``'s legal actions grouped by :func:`choice_key` (member x space, then servants)."""
    return group_actions(legal_actions(state, player=player), choice_key)


def is_over(state: State) -> bool:
    """Whether the game is over (after the end of round 6; *Fine del turno e punteggio finale*)."""
    return state.phase == "over"


def scores(state: State) -> ScoreSheet:
    """The final score sheet (provisional, with no winner, while the game is running)."""
    return final_scores(state)
