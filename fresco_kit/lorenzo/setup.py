"""Setup and round preparation — rules summary, *La struttura della partita*.

Three periods of two rounds.  Each round: one card per floor from each tower's deck of
the period, bottom floor first, then the three dice are rolled; the action phase runs
in turn order, one placement per turn, four turns per player.
"""

from __future__ import annotations

from collections.abc import Sequence

from fresco_kit.core import Event, Rng, assign
from fresco_kit.core.data import canonical
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from . import readings
from .data import CARD_TYPES, MEMBERS, RESOURCES, load
from .flow import schedule
from .readings import setting
from .refs import RULES, amount, member_word
from .state import Player, State, Switches


def new_state(players: Sequence[str], seed: int = 0, options: dict | None = None) -> State:
    """A new game: the first turn order drawn at random (switch ``initial_order``:
    "as_given" keeps the order of ``players``), shuffled decks per type and period, one
    excommunication tile drawn per period, starting coins by turn order (5/6/7/8), the
    advanced bonus tiles A-D (option) dealt in turn order, round 1 prepared.  All of it
    from ``seed``: the same seed gives the same game.

    ``options`` come checked by the core (``INFO.check_options``): ``bonus_tiles``
    ("standard" or "advanced", the default "standard") and ``switches`` (the readings
    played otherwise, see ``readings.SWITCHES``)."""
    options = options or {}
    tiles_mode = options.get("bonus_tiles", "standard")
    switches = Switches(**options.get("switches", {}))
    players = list(players)
    data = load()
    rng = Rng(seed)
    decks = {}
    for period in (1, 2, 3):
        for t in CARD_TYPES:
            ids = sorted(c.id for c in data.cards.values() if c.type == t and c.period == period)
            decks[f"{t}-{period}"] = tuple(rng.shuffled(ids))
    chosen = []
    for period in (1, 2, 3):
        chosen.append(rng.choice(sorted(e.id for e in data.excommunications.values() if e.period == period)))
    if (switches.initial_order or readings.INITIAL_ORDER) == "random":
        order = list(rng.shuffled(players))
    else:
        order = list(players)
    start = data.start
    ps = []
    for name in players:
        i = order.index(name)
        res = {k: 0 for k in RESOURCES}
        res.update(
            wood=start["wood"], stone=start["stone"], servants=start["servants"], coins=start["coins_by_turn_order"][i]
        )
        ps.append(
            Player(
                name,
                res,
                {t: () for t in CARD_TYPES},
                (),
                MEMBERS,
                "ABCD"[i] if tiles_mode == "advanced" else "standard",
            )
        )
    st = State(
        tuple(ps),
        tuple(order),
        1,
        "actions",
        {},
        {t: (None,) * 4 for t in CARD_TYPES},
        decks,
        (),
        {},
        (),
        0,
        (),
        tuple(chosen),
        rng.state,
        tiles_mode,
        switches,
        canonical(options.get("data", {})),
    )
    setup_round(st, [])
    return st


def setup_events(st: State) -> list[Event]:
    """What the setup decided, as events: the first turn order (drawn or as given), the
    starting coins and, with the advanced tiles, which tile each player was dealt."""
    if setting(st, "initial_order") == "random":
        first = Msg("First turn order (drawn at random): {order}", order=list(st.order))
    else:
        first = Msg("First turn order (as the players were given): {order}", order=list(st.order))
    coins = [Msg("{player} {coins}", player=n, coins=amount(st.player(n).res["coins"], "coins")) for n in st.order]
    events = [
        Event(first, RULES["kit.initial_order"]),
        Event(Msg("Starting coins by turn order: {coins}", coins=coins), RULES["player.start"]),
    ]
    if st.bonus_tiles == "advanced":
        tiles = [Msg("{player} tile {tile}", player=n, tile=st.player(n).bonus_tile) for n in st.order]
        tell(
            events,
            RULES["kit.initial_order"],
            lambda: Msg("Advanced bonus tiles dealt in turn order: {tiles}", tiles=tiles),
        )
    return events


def setup_round(st: State, events: list[Event]) -> None:
    """Prepare round ``st.round`` of the unpublished ``st``: deal the towers bottom floor
    first (a floor stays empty if the deck has run out, see readings "short deck"),
    roll the dice, make the turn schedule."""
    period = st.period
    towers, decks = dict(st.towers), dict(st.decks)
    for t in CARD_TYPES:
        key = f"{t}-{period}"
        deck = decks[key]
        towers[t] = deck[:4] + (None,) * max(0, 4 - len(deck))
        decks[key] = deck[4:]
    if st.rng is None:
        raise ValueError("a player's view has no random generator: a round cannot be prepared on it")
    rng = Rng(st.rng)
    dice = {colour: rng.die(6) for colour in ("white", "black", "orange")}
    assign(st, towers=towers, decks=decks, dice=dice, rng=rng.state, turn=0, phase="actions")
    assign(st, schedule=schedule(st))
    tell(
        events,
        RULES["round.setup"],
        lambda round_: Msg(
            "Round {round} (period {period}): towers dealt bottom floor first; dice {dice}",
            round=round_,
            period=period,
            dice=[Msg("{colour} {value}", colour=member_word(k), value=v) for k, v in dice.items()],
        ),
        st.round,
    )


def determinize(view: State, rng: Rng) -> State:
    """A full, playable state agreeing with a player's ``view`` (``State.view``): what the
    view hides -- the order of each face-down deck and the random generator, hence the
    dice of the rounds to come -- drawn at random with ``rng``.  Everything else (boards,
    towers, pending decisions, excommunication tiles) is face up and kept as it is."""
    decks = {k: tuple(rng.shuffled(v)) for k, v in view.decks.items()}
    return view.evolve(decks=decks, rng=rng.next64())
