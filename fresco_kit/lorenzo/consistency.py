"""What one field of a saved state cannot say: the checks across fields of a ``State``.

``State.validate`` calls :func:`check_state` whenever a state is read from saved data,
so a damaged save is refused with a ``SaveError`` naming the field instead of giving a
game that breaks later.  A state passes when:

- every development card is in exactly one place (a deck of its type and period, a
  tower of its type, a player's row of its type, or the discard), and the three
  excommunication tiles in play are one per period (*La struttura della partita*);
- the turn order names every player once; the schedule is the one the round's turn
  order makes and the player to place has a member at home; a member on a space is
  not at home, stands on one space only, and spaces hold no more members than they
  take (*I dadi e i familiari*);
- a player carries only tiles in play (*Il Rapporto in Vaticano*; a constructed
  position may give one before its report, which then passes that player by);
- the phase agrees with the round and with what is pending, and every pending decision
  can be answered: its player plays, a cost is payable, a trade's building is owned.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from fresco_kit.core import field_error
from fresco_kit.core.record import listing

from .data import PERIODS, SPACES, TOWER_SPACES, load
from .flow import schedule

if TYPE_CHECKING:
    from .state import State


def check_state(st: State, path: str = "") -> None:
    """Raise ``SaveError`` naming the first field of ``st`` that contradicts the others."""

    def at(name: str) -> str:
        return f"{path}.{name}" if path else name

    _players(st, at)
    _cards(st, at)
    _tiles(st, at)
    _turns(st, at)
    _occupants(st, at)
    _pending(st, at)


def _players(st: State, at: Any) -> None:
    names = st.names
    for i, name in enumerate(names):
        if name in names[:i]:
            raise field_error(at(f"players[{i}].name"), "a name no other player has", name)
    if sorted(st.order) != sorted(names):
        raise field_error(at("order"), f"every player once: {listing(names)}", list(st.order))
    tiles = [p.bonus_tile for p in st.players]
    for i, tile in enumerate(tiles):
        if (tile == "standard") != (st.bonus_tiles == "standard") or (tile != "standard" and tile in tiles[:i]):
            want = (
                "the standard tile"
                if st.bonus_tiles == "standard"
                else "one of the advanced tiles A-D that no other player has"
            )
            raise field_error(at(f"players[{i}].bonus_tile"), f"{want} (bonus_tiles is {st.bonus_tiles!r})", tile)


def _cards(st: State, at: Any) -> None:
    """Each of the 96 development cards in exactly one place of the right type."""
    cards = load().cards
    seen: Counter[int] = Counter()

    def place(cid: int, where: str, card_type: str, period: int | None = None) -> None:
        card = cards.get(cid)
        if card is None or card.type != card_type or (period is not None and card.period != period):
            kind = f"period {period} {card_type}" if period else card_type
            raise field_error(where, f"the id of a {kind} card", cid)
        seen[cid] += 1
        if seen[cid] > 1:
            raise field_error(where, "a card that is nowhere else (every card is in one place)", cid)

    for key, deck in st.decks.items():
        card_type, _, period = key.rpartition("-")
        for i, cid in enumerate(deck):
            place(cid, at(f"decks.{key}[{i}]"), card_type, int(period))
    for t, row in st.towers.items():
        for i, held in enumerate(row):
            if held is not None:
                place(held, at(f"towers.{t}[{i}]"), t)
    for j, p in enumerate(st.players):
        for t, row in p.cards.items():
            for i, cid in enumerate(row):
                place(cid, at(f"players[{j}].cards.{t}[{i}]"), t)
    for i, cid in enumerate(st.discarded):
        if cid not in cards:
            raise field_error(at(f"discarded[{i}]"), "a development card id", cid)
        place(cid, at(f"discarded[{i}]"), cards[cid].type)
    missing = sorted(set(cards) - set(seen))
    if missing:
        raise field_error(
            at("discarded"), f"every development card in one place; card {missing[0]} is nowhere", list(st.discarded)
        )


def _tiles(st: State, at: Any) -> None:
    """One excommunication tile per period in play; players carry only tiles in play."""
    tiles = load().excommunications
    for i, tile in enumerate(st.excomm_tiles):
        if tile not in tiles or tiles[tile].period != PERIODS[i]:
            raise field_error(at(f"excomm_tiles[{i}]"), f"a period {PERIODS[i]} excommunication tile", tile)
    for j, p in enumerate(st.players):
        for i, tile in enumerate(p.excomms):
            if tile not in st.excomm_tiles:
                raise field_error(
                    at(f"players[{j}].excomms[{i}]"), f"one of the tiles in play: {listing(st.excomm_tiles)}", tile
                )


def _turns(st: State, at: Any) -> None:
    """Round, phase, schedule and turn agree; the player to place has a member at home."""
    if (st.phase == "over") != (st.round == 7):
        raise field_error(at("phase"), "'over' exactly when round is 7", st.phase)
    if st.phase == "vatican" and st.round % 2:
        raise field_error(at("phase"), "a Vatican report only after an even round", st.phase)
    if st.phase == "over":
        if st.schedule or st.turn:
            raise field_error(at("schedule"), "no turns once the game is over", list(st.schedule))
        if any(c is not None for row in st.towers.values() for c in row):
            raise field_error(at("towers"), "empty towers once the game is over", st.towers)
        return
    if st.phase == "vatican":  # the schedule was made before this report's excommunications
        for i, name in enumerate(st.schedule):
            if name not in st.names:
                raise field_error(at(f"schedule[{i}]"), f"a player: {listing(st.names)}", name)
        if st.turn != len(st.schedule):
            raise field_error(at("turn"), f"{len(st.schedule)}: every turn played before the report", st.turn)
        return
    expected = schedule(st)
    if st.schedule != expected:
        raise field_error(
            at("schedule"), f"the round's turns from the turn order: {listing(expected, 16)}", list(st.schedule)
        )
    if st.turn > len(st.schedule):
        raise field_error(at("turn"), f"a turn from 0 to {len(st.schedule)}", st.turn)
    if not st.pending:
        if st.turn == len(st.schedule):
            raise field_error(at("turn"), f"a turn below {len(st.schedule)} (the round is not over)", st.turn)
        name = st.schedule[st.turn]
        if not st.player(name).home:
            raise field_error(
                at(f"players[{st.names.index(name)}].home"), f"a member at home: it is {name}'s turn to place", []
            )


def _occupants(st: State, at: Any) -> None:
    """Members on the board: known spaces, not at home, on one space only, within capacity."""
    data = load()
    homes = {p.name: p.home for p in st.players}
    placed: set = set()
    for space, who in st.occupants.items():
        if space not in SPACES:
            raise field_error(at("occupants"), f"action spaces as keys: {listing(SPACES, 30)}", space)
        if not who:
            raise field_error(at(f"occupants.{space}"), "at least one member (an empty space is left out)", [])
        capacity = 1 if space in TOWER_SPACES else data.spaces[space].capacity
        if capacity and len(who) > capacity:
            raise field_error(at(f"occupants.{space}"), f"at most {capacity} member(s)", [str(o) for o in who])
        for i, o in enumerate(who):
            where = at(f"occupants.{space}[{i}]")
            if o.player not in homes:
                raise field_error(f"{where}.player", f"a player: {listing(homes)}", o.player)
            if o.member in homes[o.player] or (o.player, o.member) in placed:
                raise field_error(f"{where}.member", "a member that is not at home nor on another space", o.member)
            placed.add((o.player, o.member))
    if st.phase == "over" and st.occupants:
        raise field_error(at("occupants"), "no members on the board once the game is over", st.occupants)


def _pending(st: State, at: Any) -> None:
    """Pending decisions agree with the phase and can be answered."""
    if st.phase == "vatican" and not st.pending:
        raise field_error(at("pending"), "the Vatican report's decisions (the report is under way)", [])
    if st.phase == "over" and st.pending:
        raise field_error(at("pending"), "nothing pending once the game is over", len(st.pending))
    data = load()
    asked: set = set()
    for i, d in enumerate(st.pending):
        where = at(f"pending[{i}]")
        if d.player not in st.names:
            raise field_error(f"{where}.player", f"a player: {listing(st.names)}", d.player)
        p = st.player(d.player)
        if (d.kind == "vatican") != (st.phase == "vatican"):
            raise field_error(f"{where}.kind", "'vatican' exactly during the Vatican report", d.kind)
        if d.kind == "vatican":
            if d.player in asked or st.excomm_tiles[st.period - 1] in p.excomms:
                raise field_error(
                    f"{where}.player", "a player not yet asked nor excommunicated in this report", d.player
                )
            asked.add(d.player)
        elif d.kind == "cost":
            if i:
                raise field_error(f"{where}.kind", "a cost decision only at the front (it is answered at once)", d.kind)
            assert d.card is not None and d.costs is not None  # a cost decision's fields (Decision.validate)
            if d.card not in p.cards[data.cards[d.card].type]:
                raise field_error(f"{where}.card", f"a card {d.player} has just taken", d.card)
            for j, cost in enumerate(d.costs):
                short = [k for k, v in cost.items() if p.res[k] < v]
                if short:
                    raise field_error(
                        f"{where}.costs[{j}].{short[0]}",
                        f"a cost {d.player} can pay (has {p.res[short[0]]})",
                        cost[short[0]],
                    )
        elif d.kind == "trade":
            for j, cid in enumerate(d.queue or ()):
                if cid not in p.cards["building"]:
                    raise field_error(f"{where}.queue[{j}]", f"a building {d.player} owns", cid)
