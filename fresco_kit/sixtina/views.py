"""What one player sees of a 1980 Sixtina position (``State.view``), derived from the one
field list of :class:`.state.State`: its fields are marked public, private or owner-only
(:class:`fresco_kit.core.visibility.Seen`), and :func:`fresco_kit.core.visibility.view_schema`
makes the view's records from the save's derived schema, so no field is listed twice.

Hidden (``None``), as the rulebook says: the other players' hands (Setup, step 5: cards
in hand are kept hidden; ``hand_size`` shows how many they hold), the order of the draw
deck (shuffled face down; ``deck_size`` is shown), the frescoes under the sheets (Setup,
steps 1-2: ``fresco`` and ``spaces`` of a covered place, until New Restorations uncovers
it) and the random generator (``rng``, which would foretell the reshuffles).  Everything
else lies open on the table: the discard pile, the prudent cards in the play areas,
materials, scores, objectives, the sheets and the data patch.
"""

from __future__ import annotations

from typing import Any

from fresco_kit.core.visibility import view_schema

from .state import SavedPlace, SavedPlayer, View

#: A player as someone sees them: ``hand`` is None for another player's hand.
SeenPlayer: Any = view_schema(SavedPlayer)
#: A chapel place as the players see it: ``fresco`` and ``spaces`` are None while covered.
SeenPlace: Any = view_schema(SavedPlace)

__all__ = ["SeenPlace", "SeenPlayer", "View"]
