"""End of round — rules summary, *Fine del turno e punteggio finale*.

Cards left on the towers leave the game; the new turn order follows the Council Palace,
the others keep their relative order behind; the family members come home.  What comes
next (the next round's setup, or the end of the game after round 6) is the flow table's
business (``flow.STEPS``).
"""

from __future__ import annotations

from fresco_kit.core import Event, assign
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from .data import CARD_TYPES, MEMBERS
from .market import council_order
from .refs import RULES
from .state import State


def end_round(st: State, events: list[Event]) -> None:
    """Close the round of the unpublished ``st`` (the flow step "end"): clear the towers
    and the board, set the turn order from the Council Palace, bring the members home,
    count the round."""
    gone = [c for t in CARD_TYPES for c in st.towers[t] if c is not None]
    if gone:
        tell(events, RULES["endround.cards"], _cards_gone, len(gone))
    first = council_order(st)
    order = tuple(first + [n for n in st.order if n not in first])
    tell(events, RULES["endround.order"], _turn_order, order)
    tell(events, RULES["endround.members"], _members_home)
    assign(
        st,
        discarded=st.discarded + tuple(gone),
        towers={t: (None,) * 4 for t in CARD_TYPES},
        order=order,
        occupants={},
        players=tuple(p if p.home == MEMBERS else p.evolve(home=MEMBERS) for p in st.players),
        round=st.round + 1,
    )


# the texts of the round's end (module-level: an event keeps its text-maker until read)
def _cards_gone(n: int) -> Msg:
    """The text of ``n`` cards leaving the towers at the round's end."""
    return Msg.n(n, "{n} card left on the towers leaves the game", "{n} cards left on the towers leave the game")


def _turn_order(order: tuple[str, ...]) -> Msg:
    """The text of the new turn ``order``."""
    return Msg("Turn order: {order}", order=list(order))


def _members_home() -> Msg:
    """The text of the family members going home."""
    return Msg("Family members return home")


def game_over(st: State, events: list[Event]) -> None:
    """End the game after round 6 (the flow step "over"): nobody places any more; the
    final scoring is ``final.final_scores``."""
    assign(st, schedule=(), turn=0)
    tell(events, RULES["struct.periods"], lambda: Msg("The game is over: final scoring"))
