"""Setup and round preparation — rules summary, *La struttura della partita*.

Three periods of two rounds.  Each round: one card per floor from each tower's deck of
the period, bottom floor first, then the three dice are rolled; the action phase runs
in turn order, one placement per turn, four turns per player.
"""
from __future__ import annotations

from typing import Sequence

from fresco_kit.core import Event, Rng

from . import readings
from .data import CARD_TYPES, MEMBERS, RESOURCES, load
from .effects import excomm
from .refs import RULES
from .state import Player, State


def new_state(players: Sequence[str], seed: int = 0, options: dict | None = None) -> State:
    """A new game: shuffled decks per type and period, one excommunication tile drawn per
    period, starting resources by turn order (coins 5/6/7/8), round 1 prepared."""
    options = dict(options or {})
    players = list(players)
    if not 2 <= len(players) <= 4:
        raise ValueError(f"Lorenzo il Magnifico is for 2 to 4 players, not {len(players)}")
    unknown = set(options) - {"bonus_tiles"}
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}; Lorenzo takes bonus_tiles")
    tiles_mode = options.setdefault("bonus_tiles", readings.DEFAULT_BONUS_TILES)
    if tiles_mode not in ("standard", "advanced"):
        raise ValueError("bonus_tiles must be 'standard' or 'advanced'")
    data = load()
    rng = Rng(seed)
    decks = {}
    for period in (1, 2, 3):
        for t in CARD_TYPES:
            ids = sorted(c.id for c in data.cards.values() if c.type == t and c.period == period)
            decks[f"{t}-{period}"] = tuple(rng.shuffled(ids))
    chosen, box = [], []
    for period in (1, 2, 3):
        ids = sorted(e.id for e in data.excommunications.values() if e.period == period)
        pick = rng.choice(ids)
        chosen.append(pick)
        box.extend(i for i in ids if i != pick)
    start = data.start
    ps = []
    for i, name in enumerate(players):
        res = {k: 0 for k in RESOURCES}
        res.update(wood=start["wood"], stone=start["stone"], servants=start["servants"],
                   coins=start["coins_by_turn_order"][i])
        ps.append(Player(name, res, {t: () for t in CARD_TYPES}, (), MEMBERS,
                         "ABCD"[i] if tiles_mode == "advanced" else "standard"))
    st = State(tuple(ps), tuple(players), 1, "actions", {}, {t: (None,) * 4 for t in CARD_TYPES}, decks, (),
               {}, (), 0, (), tuple(chosen), tuple(sorted(box)), rng.state, options)
    setup_round(st, [])
    return st


def setup_round(st: State, events: list[Event]) -> None:
    """Prepare round ``st.round``: deal the towers bottom floor first, roll the dice,
    make the turn schedule."""
    period = st.period
    for t in CARD_TYPES:
        key = f"{t}-{period}"
        deck = st.decks[key]
        st.towers[t] = tuple(deck[:4])
        st.decks[key] = deck[4:]
    rng = Rng(st.rng)
    st.dice = {colour: rng.die(6) for colour in ("white", "black", "orange")}
    st.rng = rng.state
    st.schedule = schedule(st)
    st.turn = 0
    st.phase = "actions"
    events.append(Event(f"Round {st.round} (period {period}): towers dealt bottom floor first; dice "
                        + ", ".join(f"{k} {v}" for k, v in st.dice.items()), RULES["round.setup"]))


def schedule(st: State) -> tuple[str, ...]:
    """Who places in which turn: four passes in turn order; a player with the 'skip the
    first action' excommunication loses their first-pass turn and places after everyone."""
    late = [n for n in st.order if excomm(st.player(n), "skip_first_placement")]
    turns = [n for n in st.order if n not in late]
    for _ in range(len(MEMBERS) - 1):
        turns.extend(st.order)
    return tuple(turns + late)
