"""Constructed positions for examples, tests and notebooks.

``position(...)`` starts a seeded game and rearranges it -- dice, tower cards, player
cards, resources, excommunications, members on the board, whose turn -- while keeping
every component accounted for (a card moved to a player comes out of its deck, tower
or the discard; a card displaced from a tower goes to the discard; a member put on a
space leaves home).  The result is checked like a saved state (``consistency.py``), so
a position that could not be saved is refused at once with a ``SaveError`` naming the
field.  ``game_at(state)`` wraps it in a :class:`~fresco_kit.core.Game`; such a game
saves and loads like any other (a save holds its start state and the actions played).

The sample positions the widgets and figures start from are here too: the tower
explorer's (``TOWER_SAMPLES``, :func:`tower_position`), the activation slider's
(``ACTIVATION_SAMPLES``, :func:`activation_player`) and the scoring sheet's
(``SHEET_SAMPLE``, :func:`score_position`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fresco_kit.core import Game

from . import INFO, rules
from .data import CARD_TYPES, MEMBERS, load
from .flow import schedule
from .setup import new_state
from .state import Occupant, Player, State


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
    data = load()
    options = dict(options or {})
    # a constructed position seats the players as given unless the options say otherwise
    options["switches"] = {"initial_order": "as_given", **options.get("switches", {})}
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
            for own_row in by_type.values():
                if cid in own_row:
                    own_row.remove(cid)

    period = (round + 1) // 2
    if round != 1:
        discarded += [c for row in rows.values() for c in row if c is not None]
        for t in CARD_TYPES:
            key = f"{t}-{period}"
            dealt: list[int | None] = list(decks[key][:4])
            rows[t], decks[key] = dealt, decks[key][4:]
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
        for wanted in row:
            if wanted is not None:
                remove(wanted)
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
    return rules.state_from_dict(st.to_dict(), "position")


def game_at(state: State) -> Game:
    """A game session starting from a constructed ``state`` (it saves and loads)."""
    return Game(rules, seed=None, state=state)


# --------------------------------------------------------------------------- sample positions (widgets, figures)
#: Sample players for the tower explorer: resources and cards of "Red".
TOWER_SAMPLES: dict[str, dict] = {
    "starting resources": {"res": {}, "cards": []},
    "two territories, no military": {"res": {}, "cards": [9, 10]},
    "two territories, 3 military": {"res": {"military": 3}, "cards": [9, 10]},
    "Stonemason (+2 buildings, 1 wood or stone off)": {"res": {"coins": 1}, "cards": [50]},
    "wealthy: 6 wood, 6 stone, 12 coins, 8 military": {
        "res": {"wood": 6, "stone": 6, "coins": 12, "military": 8},
        "cards": [],
    },
    "excommunicated: -4 on ventures": {"res": {"coins": 9}, "cards": [], "excomms": [11]},
}

#: Sample players for the harvest/production slider.
ACTIVATION_SAMPLES: dict[str, dict] = {
    "four territories (period I)": {"cards": [1, 2, 3, 4], "res": {}},
    "six territories (period II)": {"cards": [9, 10, 11, 12, 13, 14], "res": {}},
    "buildings with trades (2 wood, 1 stone)": {"cards": [25, 29, 30, 31], "res": {"wood": 2, "stone": 1, "coins": 0}},
    "buildings of period III": {"cards": [41, 43, 44, 48], "res": {"coins": 3}},
}

TOWER_DICE = {"white": 6, "black": 3, "orange": 1}
PLAYERS4 = ("Red", "Blue", "Green", "Yellow")


def tower_position(
    sample: str, occupied: str = "empty", tower: str = "territory", floor: int = 1, seed: int = 3
) -> State:
    """A constructed 4-player position for the tower explorer: round 1 of game ``seed``
    with dice white 6, black 3, orange 1; Red is ``sample``; ``occupied`` is "empty",
    "another player" (Blue's white member) or "own white member" in ``tower`` on a floor
    other than ``floor``."""
    s = TOWER_SAMPLES[sample]
    other = 2 if floor == 1 else 1
    occupants, home = {}, None
    if occupied == "another player":
        occupants = {f"{tower}-{other}": ["Blue:white"]}
    elif occupied == "own white member":
        occupants = {f"{tower}-{other}": ["Red:white"]}
        home = {"Red": ["black", "orange", "neutral"]}
    return position(
        list(PLAYERS4),
        seed=seed,
        dice=TOWER_DICE,
        res={"Red": s["res"]},
        cards={"Red": s["cards"]},
        excomms={"Red": s.get("excomms", [])},
        occupants=occupants,
        home=home,
    )


def activation_player(sample: str) -> Player:
    """Red of a constructed 3-player position holding the cards of ``sample``."""
    s = ACTIVATION_SAMPLES[sample]
    return position(["Red", "Blue", "Green"], cards={"Red": s["cards"]}, res={"Red": s["res"]}).player("Red")


@dataclass
class SheetEntry:
    """What the scoring-sheet widget lets you set for one player."""

    territories: int = 0
    characters: int = 0
    ventures: int = 0
    military: int = 0
    vp: int = 0
    goods: int = 0
    buildings: int = 0
    excommunicated: bool = False


#: Sample entries for the scoring-sheet widget and the README figure.
SHEET_SAMPLE: dict[str, SheetEntry] = {
    "Red": SheetEntry(territories=4, characters=3, ventures=2, military=7, vp=27, goods=17),
    "Blue": SheetEntry(
        territories=6, characters=2, ventures=0, military=7, vp=32, goods=4, buildings=2, excommunicated=True
    ),
    "Green": SheetEntry(territories=2, characters=4, ventures=3, military=2, vp=18, goods=9),
}


def score_position(entries: Mapping[str, SheetEntry], tile: int = 18) -> State:
    """A constructed end-of-game position: player i gets the i-th run of cards of each
    type (so cards are never shared), ``goods`` as coins, and the period III ``tile``
    when excommunicated.  Buildings score nothing at the end; they matter only under tile
    20 (1 VP lost per wood and stone in their costs).  Scores come from the engine's ``rules.scores``."""
    data = load()
    by_type = {t: sorted(c.id for c in data.cards.values() if c.type == t) for t in CARD_TYPES}
    counts = {"territory": "territories", "character": "characters", "venture": "ventures", "building": "buildings"}
    cards, res, excomms = {}, {}, {}
    for i, (name, e) in enumerate(entries.items()):
        ids = []
        for t, attr in counts.items():
            ids += by_type[t][6 * i : 6 * i + getattr(e, attr)]
        cards[name] = ids
        res[name] = {
            "wood": 0,
            "stone": 0,
            "servants": 0,
            "coins": e.goods,
            "military": e.military,
            "vp": e.vp,
            "faith": 0,
        }
        excomms[name] = [tile] if e.excommunicated else []
    tiles = (1, 8, tile)
    st = position(list(entries), round=6, cards=cards, res=res, excomms=excomms, tiles=tiles, over=True)
    return st


def final_tie() -> Game:
    """The last placement of round 6 and the last Vatican report played, so the game is
    over with Red and Blue level on 54 points (the worked example "A complete
    final-scoring sheet" in ``examples.py``, and an exercise on the tie-break)."""
    st = position(
        ["Blue", "Red"],
        round=6,
        tiles=(1, 8, 18),
        cards={"Red": [1, 2, 3, 9, 49, 50, 51, 73, 77], "Blue": [10, 11, 12, 13, 14, 15, 52, 53]},
        res={
            "Red": {"military": 7, "wood": 3, "stone": 2, "servants": 4, "coins": 6, "faith": 6, "vp": 20},
            "Blue": {"military": 7, "wood": 1, "stone": 1, "servants": 0, "coins": 2, "faith": 2, "vp": 30},
        },
        home={"Blue": [], "Red": ["neutral"]},
        turn=-1,
    )
    game = game_at(st)
    game.play("place Red neutral council servants 1")
    game.play("choose Red coins")
    game.play("choose Red support")
    return game


def vatican_report_opened() -> Game:
    """The end of round 2 (threshold 3): Red 5 faith, White 4, Blue 1 plus the faith
    privilege of Blue's last placement (the Council Palace), which has just opened the
    Vatican report (the worked example "The Vatican report, both ways", and exercises)."""
    st = position(
        ["Red", "White", "Blue"],
        round=2,
        tiles=(2, 9, 18),
        res={"Red": {"faith": 5}, "White": {"faith": 4}, "Blue": {"faith": 1}},
        home={"Red": [], "White": [], "Blue": ["neutral"]},
        turn=-1,
    )
    game = game_at(st)
    game.play("place Blue neutral council servants 1")
    game.play("choose Blue faith")
    return game
