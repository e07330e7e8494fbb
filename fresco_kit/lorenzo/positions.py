"""Constructed positions for examples, tests and notebooks.

``position(...)`` starts a seeded game and rearranges it -- dice, tower cards, player
cards, resources, excommunications, members on the board, whose turn -- while keeping
every component accounted for (a card moved to a player comes out of its deck, tower
or the discard; a card displaced from a tower goes to the discard; a member put on a
space leaves home).  The result is checked like a saved state (``consistency.py``), so
a position that could not be saved is refused at once with a ``SaveError`` naming the
field.  ``game_at(state)`` wraps it in a :class:`~fresco_kit.core.Game`; such a game
saves and loads like any other (a save holds its start state and the actions played).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fresco_kit.core import Game

from .data import CARD_TYPES, MEMBERS, load
from .setup import new_state, schedule
from .state import Occupant, State


def _occupant(o: str | Occupant | tuple[str, str]) -> Occupant:
    """``"Red:white"``, ``("Red", "white")`` or an Occupant, as an Occupant."""
    if isinstance(o, Occupant):
        return o
    player, member = o.rsplit(":", 1) if isinstance(o, str) else o
    return Occupant(player, member)


def position(
    players: Sequence[str],
    *,
    seed: int = 0,
    round: int = 1,
    dice: Mapping[str, int] | None = None,
    towers: Mapping[str, Sequence[int | None]] | None = None,
    res: Mapping[str, Mapping[str, int]] | None = None,
    cards: Mapping[str, Sequence[int]] | None = None,
    tiles: Sequence[int] | None = None,
    excomms: Mapping[str, Sequence[int]] | None = None,
    home: Mapping[str, Sequence[str]] | None = None,
    order: Sequence[str] | None = None,
    turn: int = 0,
    occupants: Mapping[str, Sequence[str | Occupant]] | None = None,
    options: dict | None = None,
    over: bool = False,
) -> State:
    """A constructed position (see the module docstring).  ``cards`` maps a player to card
    ids (placed in their rows by type); ``towers`` maps a type to four card ids or None,
    bottom floor first; ``tiles`` are the three excommunication tiles in play;
    ``occupants`` maps a space to members written ``"Red:white"``; ``options`` are
    ``new_game``'s (checked); a negative ``turn`` counts from the end of the round's
    schedule (-1 = the last placement); ``over`` makes it a finished game (as after
    round 6: towers cleared, nobody to place), so that ``rules.scores`` names the winner."""
    from . import INFO

    data = load()
    st = new_state(players, seed, INFO.check_options(options))
    decks = {k: list(v) for k, v in st.decks.items()}
    rows = {t: list(v) for t, v in st.towers.items()}
    discarded = list(st.discarded)
    held = {p.name: {t: list(v) for t, v in p.cards.items()} for p in st.players}

    def remove(cid: int) -> None:
        for deck in decks.values():
            if cid in deck:
                deck.remove(cid)
        for row in rows.values():
            row[:] = [None if c == cid else c for c in row]
        if cid in discarded:
            discarded.remove(cid)
        for by_type in held.values():
            for row in by_type.values():
                if cid in row:
                    row.remove(cid)

    period = (round + 1) // 2
    if round != 1:
        discarded += [c for row in rows.values() for c in row if c is not None]
        for t in CARD_TYPES:
            key = f"{t}-{period}"
            rows[t], decks[key] = decks[key][:4], decks[key][4:]
            for earlier in range(1, period):  # earlier periods are used up
                discarded += decks[f"{t}-{earlier}"]
                decks[f"{t}-{earlier}"] = []
            if round % 2 == 0:  # the second round of a period
                discarded += decks[key][:4]
                decks[key] = decks[key][4:]
    for name, ids in (cards or {}).items():
        for cid in ids:
            remove(cid)
            held[name][data.cards[cid].type].append(cid)
    for t, row in (towers or {}).items():
        discarded += [c for c in rows[t] if c is not None]
        rows[t] = [None] * 4
        for cid in row:
            if cid is not None:
                remove(cid)
        rows[t] = list(row)
    placed = {k: tuple(_occupant(o) for o in v) for k, v in (occupants or {}).items() if v}
    away = {(o.player, o.member) for who in placed.values() for o in who}
    new_players = []
    for p in st.players:
        members = (home or {}).get(p.name, p.home)
        new_players.append(
            p.evolve(
                res={**p.res, **(res or {}).get(p.name, {})},
                cards={t: tuple(v) for t, v in held[p.name].items()},
                excomms=tuple((excomms or {}).get(p.name, p.excomms)),
                home=tuple(m for m in MEMBERS if m in members and (p.name, m) not in away),
            )
        )
    st = st.evolve(
        players=tuple(new_players),
        round=round,
        dice={**st.dice, **(dice or {})},
        towers={t: tuple(v) for t, v in rows.items()},
        decks={k: tuple(v) for k, v in decks.items()},
        discarded=tuple(discarded),
        occupants=placed,
        order=tuple(order or st.order),
        excomm_tiles=tuple(tiles or st.excomm_tiles),
    )
    st = st.evolve(schedule=schedule(st))
    st = st.evolve(turn=turn if turn >= 0 else len(st.schedule) + turn)
    while st.turn < len(st.schedule) and not st.player(st.schedule[st.turn]).home:
        st = st.evolve(turn=st.turn + 1)  # as in play: a player with no member passes
    if over:
        gone = tuple(c for row in st.towers.values() for c in row if c is not None)
        st = st.evolve(
            discarded=st.discarded + gone,
            towers={t: (None,) * 4 for t in CARD_TYPES},
            round=7,
            phase="over",
            schedule=(),
            turn=0,
            occupants={},
        )
    return State.from_dict(st.to_dict(), "position")


def game_at(state: State) -> Game:
    """A game session starting from a constructed ``state`` (it saves and loads)."""
    from . import rules

    return Game(rules, seed=None, state=state)
