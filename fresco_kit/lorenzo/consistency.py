"""What one field of a saved state cannot say: the checks across fields of a ``State``.

One convention for every check (as in the other games): :func:`problems` lists every
``(field, what is wrong)`` of a state, field paths as in the saved form;
:func:`check_state` refuses a loaded save at the first one (``rules.state_from_dict``
calls it, raising a ``SaveError`` naming the field, so a damaged save is refused instead
of giving a game that breaks later), and :func:`invariants` (``rules.invariants``,
checked after every action by the property and soak runs) words them all.  A state
passes when:

- every development card is in exactly one place (a deck of its type and period, a
  tower of its type, a player's row of its type, or the discard), and the three
  excommunication tiles in play are one per period (*La struttura della partita*);
- every board holds no negative resource, faith within the track, at most six cards
  of the row's type and different excommunication tiles (*La plancia*);
- the turn order names every player once; the schedule is the one the round's turn
  order makes and the player to place has a member at home; a member on a space is
  not at home, stands on one space only, and spaces hold no more members than they
  take (*I dadi e i familiari*);
- a player carries only tiles in play (*Il Rapporto in Vaticano*; a constructed
  position may give one before its report, which then passes that player by);
- the phase agrees with the round and with what is pending, and every pending decision
  can be answered: its player plays, a cost is payable, a trade's building is owned;
- the losses an action has taken (``losses``, switch ``gain_losses`` at "per_action") are
  kept only while that action's decisions are pending, and name resources the acting
  player's "gain 1 less" excommunication lists (*Il Rapporto in Vaticano*).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from fresco_kit.core import SaveError
from fresco_kit.core.record import listing

from .data import CARD_TYPES, PERIODS, RESOURCES, SPACES, TOWER_SPACES, load
from .flow import schedule
from .readings import FAITH_MAX, setting
from .state import State

#: (field of the saved form, what is wrong)
Problem = tuple[str, str]


def problems(st: State) -> list[Problem]:
    """Every ``(field, what is wrong)`` of ``st``, section by section (the first of each
    section; nothing after a contradiction in the players or their order, which the
    other checks rely on).  Empty when the state is sound."""
    found = list(_players(st))
    if found:
        return found
    for section in (_cards, _boards, _tiles, _turns, _occupants, _pending, _losses):
        found += section(st)
    return found


def check_state(st: State, path: str = "") -> None:
    """Raise ``SaveError`` naming the first field of ``st`` that contradicts the others."""
    found = problems(st)
    if found:
        where, what = found[0]
        raise SaveError(f"{f'{path}.{where}' if path else where}: {what}")


def invariants(st: State) -> list[str]:
    """Every problem of ``st`` as a ``field: what is wrong`` line (empty when sound)."""
    return [f"{where}: {what}" for where, what in problems(st)]


def _problem(where: str, expected: str, got: Any) -> Problem:
    """A problem worded like a ``SaveError``: ``expected ..., got ...``."""
    shown = repr(got)
    return where, f"expected {expected}, got {shown if len(shown) <= 60 else shown[:57] + '...'}"


def _players(st: State) -> Iterator[Problem]:
    """Different names, a turn order of every player once, bonus tiles as the option says."""
    names = st.names
    for i, name in enumerate(names):
        if name in names[:i]:
            yield _problem(f"players[{i}].name", "a name no other player has", name)
            return
    if sorted(st.order) != sorted(names):
        yield _problem("order", f"every player once: {listing(names)}", list(st.order))
        return
    tiles = [p.bonus_tile for p in st.players]
    for i, tile in enumerate(tiles):
        if (tile == "standard") != (st.bonus_tiles == "standard") or (tile != "standard" and tile in tiles[:i]):
            want = (
                "the standard tile"
                if st.bonus_tiles == "standard"
                else "one of the advanced tiles A-D that no other player has"
            )
            yield _problem(f"players[{i}].bonus_tile", f"{want} (bonus_tiles is {st.bonus_tiles!r})", tile)
            return


def _cards(st: State) -> Iterator[Problem]:
    """Each of the 96 development cards in exactly one place of the right type."""
    cards = load().cards
    seen: Counter[int] = Counter()

    def place(cid: int, where: str, card_type: str, period: int | None = None) -> Problem | None:
        card = cards.get(cid)
        if not card_type:  # a discarded id: any type
            return _problem(where, "a development card id", cid)
        if card is None or card.type != card_type or (period is not None and card.period != period):
            kind = f"period {period} {card_type}" if period else card_type
            return _problem(where, f"the id of a {kind} card", cid)
        seen[cid] += 1
        if seen[cid] > 1:
            return _problem(where, "a card that is nowhere else (every card is in one place)", cid)
        return None

    places: list[tuple[int, str, str, int | None]] = []
    for key, deck in st.decks.items():
        card_type, _, number = key.rpartition("-")
        places += [(cid, f"decks.{key}[{i}]", card_type, int(number)) for i, cid in enumerate(deck)]
    for t, row in st.towers.items():
        places += [(held, f"towers.{t}[{i}]", t, None) for i, held in enumerate(row) if held is not None]
    for j, p in enumerate(st.players):
        for t, row in p.cards.items():
            places += [(cid, f"players[{j}].cards.{t}[{i}]", t, None) for i, cid in enumerate(row)]
    for i, cid in enumerate(st.discarded):
        places.append((cid, f"discarded[{i}]", cards[cid].type if cid in cards else "", None))
    for cid, where, kind, of_period in places:
        bad = place(cid, where, kind, of_period)
        if bad is not None:
            yield bad
            return
    missing = sorted(set(cards) - set(seen))
    if missing:
        yield _problem(
            "discarded", f"every development card in one place; card {missing[0]} is nowhere", list(st.discarded)
        )


def _boards(st: State) -> Iterator[Problem]:
    """Each board as the rules keep it: no negative resource, faith within the track,
    rows of at most six cards of their type, different excommunication tiles (what a
    saved board's annotations and ``Player.validate`` say, for states made in play)."""
    data = load()
    for j, p in enumerate(st.players):
        for k in RESOURCES:
            if p.res[k] < 0:
                yield _problem(f"players[{j}].res.{k}", "a whole number >= 0", p.res[k])
                return
        if p.res["faith"] > FAITH_MAX:
            yield _problem(
                f"players[{j}].res.faith", f"at most {FAITH_MAX} (the end of the faith track)", p.res["faith"]
            )
            return
        for t in CARD_TYPES:
            row = p.cards[t]
            if len(row) > data.max_cards or any(data.cards[c].type != t for c in row if c in data.cards):
                yield _problem(f"players[{j}].cards.{t}", f"at most {data.max_cards} {t} cards", list(row))
                return
        if len(set(p.excomms)) != len(p.excomms):
            yield _problem(f"players[{j}].excomms", "different excommunication tiles", list(p.excomms))
            return


def _tiles(st: State) -> Iterator[Problem]:
    """One excommunication tile per period in play; players carry only tiles in play."""
    tiles = load().excommunications
    for i, tile in enumerate(st.excomm_tiles):
        if tile not in tiles or tiles[tile].period != PERIODS[i]:
            yield _problem(f"excomm_tiles[{i}]", f"a period {PERIODS[i]} excommunication tile", tile)
            return
    for j, p in enumerate(st.players):
        for i, tile in enumerate(p.excomms):
            if tile not in st.excomm_tiles:
                yield _problem(
                    (f"players[{j}].excomms[{i}]"), f"one of the tiles in play: {listing(st.excomm_tiles)}", tile
                )
                return


def _turns(st: State) -> Iterator[Problem]:
    """Round, phase, schedule and turn agree; the player to place has a member at home."""
    if (st.phase == "over") != (st.round == 7):
        yield _problem("phase", "'over' exactly when round is 7", st.phase)
        return
    if st.phase == "vatican" and st.round % 2:
        yield _problem("phase", "a Vatican report only after an even round", st.phase)
        return
    if st.phase == "over":
        if st.schedule or st.turn:
            yield _problem("schedule", "no turns once the game is over", list(st.schedule))
            return
        if any(c is not None for row in st.towers.values() for c in row):
            yield _problem("towers", "empty towers once the game is over", st.towers)
        return
    if st.phase == "vatican":  # the schedule was made before this report's excommunications
        for i, name in enumerate(st.schedule):
            if name not in st.names:
                yield _problem(f"schedule[{i}]", f"a player: {listing(st.names)}", name)
                return
        if st.turn != len(st.schedule):
            yield _problem("turn", f"{len(st.schedule)}: every turn played before the report", st.turn)
        return
    expected = schedule(st)
    if st.schedule != expected:
        yield _problem(
            ("schedule"), f"the round's turns from the turn order: {listing(expected, 16)}", list(st.schedule)
        )
        return
    if st.turn > len(st.schedule):
        yield _problem("turn", f"a turn from 0 to {len(st.schedule)}", st.turn)
        return
    if not st.pending:
        if st.turn == len(st.schedule):
            yield _problem("turn", f"a turn below {len(st.schedule)} (the round is not over)", st.turn)
            return
        name = st.schedule[st.turn]
        if not st.player(name).home:
            yield _problem(
                (f"players[{st.names.index(name)}].home"), f"a member at home: it is {name}'s turn to place", []
            )
            return


def _occupants(st: State) -> Iterator[Problem]:
    """Members on the board: known spaces, not at home, on one space only, within capacity."""
    data = load()
    homes = {p.name: p.home for p in st.players}
    placed: set = set()
    for space, who in st.occupants.items():
        if space not in SPACES:
            yield _problem("occupants", f"action spaces as keys: {listing(SPACES, 30)}", space)
            return
        if not who:
            yield _problem(f"occupants.{space}", "at least one member (an empty space is left out)", [])
            return
        capacity = 1 if space in TOWER_SPACES else data.spaces[space].capacity
        if capacity and len(who) > capacity:
            yield _problem(f"occupants.{space}", f"at most {capacity} member(s)", [str(o) for o in who])
            return
        for i, o in enumerate(who):
            where = f"occupants.{space}[{i}]"
            if o.player not in homes:
                yield _problem(f"{where}.player", f"a player: {listing(homes)}", o.player)
                return
            if o.member in homes[o.player] or (o.player, o.member) in placed:
                yield _problem(f"{where}.member", "a member that is not at home nor on another space", o.member)
                return
            placed.add((o.player, o.member))
    if st.phase == "over" and st.occupants:
        yield _problem("occupants", "no members on the board once the game is over", st.occupants)
        return


def _pending(st: State) -> Iterator[Problem]:
    """Pending decisions agree with the phase and can be answered."""
    if st.phase == "vatican" and not st.pending:
        yield _problem("pending", "the Vatican report's decisions (the report is under way)", [])
        return
    if st.phase == "over" and st.pending:
        yield _problem("pending", "nothing pending once the game is over", len(st.pending))
        return
    data = load()
    asked: set = set()
    for i, d in enumerate(st.pending):
        where = f"pending[{i}]"
        if d.player not in st.names:
            yield _problem(f"{where}.player", f"a player: {listing(st.names)}", d.player)
            return
        p = st.player(d.player)
        if (d.kind == "vatican") != (st.phase == "vatican"):
            yield _problem(f"{where}.kind", "'vatican' exactly during the Vatican report", d.kind)
            return
        if d.kind == "vatican":
            if d.player in asked or st.excomm_tiles[st.period - 1] in p.excomms:
                yield _problem(f"{where}.player", "a player not yet asked nor excommunicated in this report", d.player)
                return
            asked.add(d.player)
        elif d.kind == "cost":
            if i:
                yield _problem(f"{where}.kind", "a cost decision only at the front (it is answered at once)", d.kind)
                return
            assert d.card is not None and d.costs is not None  # a cost decision's fields (Decision.validate)
            if d.card not in p.cards[data.cards[d.card].type]:
                yield _problem(f"{where}.card", f"a card {d.player} has just taken", d.card)
                return
            for j, cost in enumerate(d.costs):
                short = [k for k, v in cost.items() if p.res[k] < v]
                if short:
                    yield _problem(
                        f"{where}.costs[{j}].{short[0]}",
                        f"a cost {d.player} can pay (has {p.res[short[0]]})",
                        cost[short[0]],
                    )
                    return
        elif d.kind == "trade":
            for j, cid in enumerate(d.queue or ()):
                if cid not in p.cards["building"]:
                    yield _problem(f"{where}.queue[{j}]", f"a building {d.player} owns", cid)
                    return


def _losses(st: State) -> Iterator[Problem]:
    """The record of losses taken (``State.losses``): None unless the switch
    ``gain_losses`` is "per_action" and an action's decisions are pending; then different
    resources, in the order of ``RESOURCES``, that the acting player's "gain 1 less"
    excommunication lists."""
    if st.losses is None:
        return
    taken = list(st.losses)
    if setting(st, "gain_losses") != "per_action":
        yield _problem("losses", "null unless the switch gain_losses is 'per_action'", taken)
        return
    if st.phase != "actions" or not st.pending:
        yield _problem("losses", "null between actions (no decision of an action is pending)", taken)
        return
    name = st.pending[0].player
    if name not in st.names:
        return  # _pending names the unknown player
    tiles = load().excommunications
    named = [k for t in st.player(name).excomms if tiles[t].kind == "gain_loss" for k in tiles[t].params["resources"]]
    if not taken or taken != [k for k in RESOURCES if k in taken] or not set(taken) <= set(named):
        yield _problem(
            "losses",
            f"different resources that {name}'s 'gain 1 less' excommunication lists ({listing(named) or 'none'}), "
            f"in the order {listing(RESOURCES)}",
            taken,
        )
