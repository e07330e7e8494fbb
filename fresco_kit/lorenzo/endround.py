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
        tell(
            events,
            RULES["endround.cards"],
            lambda: Msg.n(
                len(gone),
                "{n} card left on the towers leaves the game",
                "{n} cards left on the towers leave the game",
            ),
        )
    first = council_order(st)
    order = tuple(first + [n for n in st.order if n not in first])
    tell(events, RULES["endround.order"], lambda: Msg("Turn order: {order}", order=list(order)))
    tell(events, RULES["endround.members"], lambda: Msg("Family members return home"))
    assign(
        st,
        discarded=st.discarded + tuple(gone),
        towers={t: (None,) * 4 for t in CARD_TYPES},
        order=order,
        occupants={},
        players=tuple(p if p.home == MEMBERS else p.evolve(home=MEMBERS) for p in st.players),
        round=st.round + 1,
    )


def game_over(st: State, events: list[Event]) -> None:
    """End the game after round 6 (the flow step "over"): nobody places any more; the
    final scoring is ``final.final_scores``."""
    assign(st, schedule=(), turn=0)
    tell(events, RULES["struct.periods"], lambda: Msg("The game is over: final scoring"))
