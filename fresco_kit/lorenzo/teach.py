"""Teaching texts over the Lorenzo engine, for the widgets, figures and notebooks.

Nothing here decides legality or scores by itself: the answers come from the engine's
teaching queries (``explore.py``: ``reachable``, ``tower_quote``, ``activation_report``,
``vatican_summary``, built on ``placement.place_reasons`` and ``towers.plan``), its
scoring functions and its data.  This module words them for learners, with the Italian
terms of the rules summary (``refs.GLOSSARY``), and builds the sample positions the
widgets start from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from fresco_kit.core import Example, RuleRef

from . import explore
from .data import CARD_TYPES, load
from .effects import effect_bundle, member_value, servants_per_plus
from .examples import EXAMPLES
from .positions import position
from .refs import GLOSSARY
from .scoring import faith_points
from .state import Player, State
from .towers import tower_space
from .zones import affordable_trades, firing_cards

bundle_text = explore.bundle_text

ITALIAN_TOWER = {
    "territory": "Torre dei Territori",
    "building": "Torre degli Edifici",
    "character": "Torre dei Personaggi",
    "venture": "Torre delle Imprese",
}
ROMAN = {1: "I", 2: "II", 3: "III"}


def term(english: str) -> str:
    """``"family member (familiare)"``: an English game term with its Italian one (refs.GLOSSARY)."""
    return f"{english} ({GLOSSARY[english]})"


def space_label(space: str) -> str:
    """A readable name of an action space, with the Italian term."""
    ts = tower_space(space)
    if ts:
        return f"{ts[0]} tower ({ITALIAN_TOWER[ts[0]]}) floor {ts[1]}"
    kind, _, size = space.partition("-")
    if kind in ("harvest", "production"):
        return f"{size} {kind} space ({GLOSSARY[kind].split(' (')[0]})"
    if kind == "market":
        return f"Market (Mercato) space {size}"
    return "Council Palace (Palazzo del Consiglio)"


def illustrative_note() -> str:
    """What of the rule data in play is illustrative, in words (for ``banner``)."""
    from fresco_kit.core.widgets import ILLUSTRATIVE_BANNER

    named = [
        "the standard side of the personal bonus tile (tessera bonus personale)" if k == "bonus_tiles[0]" else k
        for k in load().illustrative
    ]
    return f"{ILLUSTRATIVE_BANNER} In this kit's Lorenzo data: {', '.join(named)}."


def example(name: str) -> Example:
    """The engine's worked example whose function is called ``name``."""
    for ex in EXAMPLES:
        if ex.run.__name__ == name:
            return ex
    raise KeyError(f"no Lorenzo example {name!r}; known: {[e.run.__name__ for e in EXAMPLES]}")


def cite(ref: RuleRef) -> str:
    return f"{ref.citation} [{ref.checklist_id}]"


# --------------------------------------------------------------------------- reaching spaces
@dataclass(frozen=True)
class Reach:
    """Whether ``member`` with ``servants`` may go on ``space`` now, and every reason if not."""

    space: str
    reasons: tuple

    @property
    def ok(self) -> bool:
        return not self.reasons

    @property
    def value_too_low(self) -> bool:
        """Refused (at least) because the value does not reach the space's minimum."""
        return any(ref.id == "place.min" for _, ref in self.reasons)


def reach(state: State, player: str, member: str, servants: int = 0) -> list[Reach]:
    """Every action space for ``member`` of ``player`` with ``servants`` paid, by the
    engine's placement checks (``explore.reachable``; rules summary, *I dadi e i
    familiari*); whose turn it is does not matter here."""
    return [Reach(s, tuple(v.reasons)) for s, v in explore.reachable(state, player, member, servants).items()]


def reach_text(state: State, player: str, member: str, servants: int = 0) -> str:
    """The reach of one member in words: value, then every space with yes or its reasons."""
    p = state.player(player)
    base = member_value(state, p, member)
    plus = servants // servants_per_plus(p)
    dice = ", ".join(f"{k} {v}" for k, v in state.dice.items())
    lines = [
        f"Dice (dadi): {dice}.  {player}'s {member} family member (familiare) is worth {base}; "
        f"{servants} servant(s) (servitori) add {plus}: value {base + plus}.",
        "",
    ]
    rows = reach(state, player, member, servants)
    for r in rows:
        if r.ok:
            lines.append(f"  yes  {r.space:<17} {space_label(r.space)}")
        else:
            lines.append(f"  no   {r.space:<17} " + "; ".join(m for m, _ in r.reasons))
    lines += ["", f"{sum(r.ok for r in rows)} of {len(rows)} spaces reachable."]
    return "\n".join(lines)


def reach_summary(state: State, player: str, servants: int = 0) -> str:
    """One line per member at home: how many spaces it reaches with ``servants``."""
    p = state.player(player)
    return "\n".join(
        f"  {m:<8} (worth {member_value(state, p, m)}) + {servants} servant(s): "
        f"{sum(r.ok for r in reach(state, player, m, servants))} spaces"
        for m in p.home
    )


# --------------------------------------------------------------------------- towers
def tower_text(state: State, player: str, space: str, member: str, servants: int = 0) -> str:
    """The tower explorer's answer from ``explore.tower_quote``: card, value needed and
    reached, occupied-tower coins, floor bonus, ways to pay, and legal or every reason
    with its rule (rules summary, *Le Torri e le carte Sviluppo*)."""
    data = load()
    q = explore.tower_quote(state, player, space, member, servants)
    tower, floor = tower_space(space)
    p = state.player(player)
    card = state.towers[tower][floor - 1]
    lines = [
        f"{space_label(space)}: action value needed {q.floor_value}",
        f"card: {explore.card_text(card) if card is not None else '(empty)'}",
        f"{player}'s {member} member (worth {member_value(state, p, member)}) with {servants} servant(s), "
        f"character bonuses and excommunication maluses: action value {q.action_value}",
        f"floor bonus: {bundle_text(q.bonus) if q.bonus else 'none'}",
        "occupied tower: "
        + (
            f"yes, {q.occupied_coins} extra coins paid first (bonus coins cannot pay them)"
            if q.occupied_coins
            else "no, no extra coins"
        ),
    ]
    if tower == "territory":
        slot = len(p.cards["territory"]) + 1
        if slot <= data.max_cards:
            lines.append(
                f"territory slot {slot} needs {data.territory_military[slot - 1]} military points "
                f"(Punti Militari), not spent; {player} has {p.res['military']}"
            )
    elif q.cost_options:
        lines.append("ways to pay: " + " OR ".join(q.cost_options))
    have = ", ".join(f"{p.res[k]} {k}" for k in ("wood", "stone", "servants", "coins", "military"))
    lines.append(f"{player} has {have}")
    if q.verdict.ok:
        lines.append(f"LEGAL: {player} may take it, paying {' OR '.join(q.affordable) or 'nothing'}")
    else:
        lines.append("NOT LEGAL:")
        lines += [f"  - {msg}\n    ({cite(ref)})" for msg, ref in q.verdict.reasons]
    return "\n".join(lines)


# --------------------------------------------------------------------------- harvest / production
def fixed_yield(p: Player, zone: str, value: int) -> dict[str, int]:
    """What a harvest/production at ``value`` gives without any trade: the personal bonus
    tile and every firing card's fixed effect (before excommunication losses)."""
    data = load()
    tile = data.bonus_tiles[p.bonus_tile]
    total: dict[str, int] = dict(getattr(tile, zone)) if value >= tile.value else {}
    for cid in firing_cards(p, zone, value):
        pm = data.cards[cid].permanent
        if not pm.trades:
            for k, v in effect_bundle(p, pm.effect).items():
                total[k] = total.get(k, 0) + v
    return total


def activation_text(p: Player, zone: str, value: int) -> str:
    """Harvest/production at ``value`` in words (``explore.activation_report``): the bonus
    tile and each card, fires or not, and what it yields."""
    tile = load().bonus_tiles[p.bonus_tile]
    it = "raccolto" if zone == "harvest" else "produzione"
    row = "territories (territori)" if zone == "harvest" else "buildings (edifici)"
    lines = [f"{zone.capitalize()} ({it}) at action value {value}: fires the {row} with activation value <= {value}."]
    report = explore.activation_report(p, zone, value)
    cards = load().cards
    trades = {
        cards[c].name: affordable_trades(p, c)
        for c in p.cards["territory" if zone == "harvest" else "building"]
        if cards[c].permanent and cards[c].permanent.trades
    }
    for i, (name, at, fires, what) in enumerate(report):
        if i == 0:  # the personal bonus tile (tessera bonus personale) comes first
            name = f"personal {name}" + (" [illustrative]" if tile.provenance == "illustrative" else "")
        if name in trades:
            what += f"  (trades affordable now: {', '.join(map(str, trades[name])) or 'none'})"
        lines.append(f"  {'fires' if fires else '  -  '}  {name} (>= {at}): {what}")
    if len(report) == 1:
        lines.append(f"  ({p.name} has no {row})")
    lines.append(
        f"Fixed yield: {bundle_text(fixed_yield(p, zone, value))}"
        + ("; trades are chosen one building at a time, paid from what was held before" if zone == "production" else "")
    )
    return "\n".join(lines)


# --------------------------------------------------------------------------- Vatican report
def vatican_text(faith: int, period: int, drawn: int | None = None) -> str:
    """The Vatican report (Rapporto in Vaticano) for a player with ``faith`` faith points
    at the end of ``period`` (``explore.vatican_summary``): threshold, VP if supporting,
    the excommunication tiles of that period (``drawn`` marked)."""
    v = explore.vatican_summary(period, faith)
    need, vp = v["threshold"], faith_points(faith)
    lines = [f"Period {ROMAN[period]} report, end of round {2 * period}: threshold {need} faith points (Punti Fede)."]
    if v["reaches"]:
        lines += [
            f"Faith {faith} >= {need}: the player chooses.",
            f"  support the Church: faith back to 0, +{v['vp_if_support']} VP (faith space {faith})",
            f"  refuse: excommunicated (scomunica), keeps {faith} faith",
        ]
    else:
        lines.append(f"Faith {faith} < {need}: no choice, excommunicated (scomunica); keeps {faith} faith.")
    if period == 3:
        lines.append(f"Last report: an excommunicated player still scores the faith space: +{vp} VP.")
    lines += ["", f"Excommunication tiles of period {ROMAN[period]} (one is drawn at setup and stays all game):"]
    ids = [t.id for t in load().excommunications.values() if t.period == period]
    for tid, text in zip(ids, v["tiles"]):
        lines.append(f"  {tid:>2} {text}{'  <- drawn in this game' if tid == drawn else ''}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- sample positions
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
    excommunicated: bool = False


#: Sample entries for the scoring-sheet widget and the README figure.
SHEET_SAMPLE: dict[str, SheetEntry] = {
    "Red": SheetEntry(territories=4, characters=3, ventures=2, military=7, vp=27, goods=17),
    "Blue": SheetEntry(territories=6, characters=2, ventures=0, military=7, vp=32, goods=4, excommunicated=True),
    "Green": SheetEntry(territories=2, characters=4, ventures=3, military=2, vp=18, goods=9),
}


def score_position(entries: Mapping[str, SheetEntry], tile: int = 18) -> State:
    """A constructed end-of-game position: player i gets the i-th run of cards of each
    type (so cards are never shared), ``goods`` as coins, and the period III ``tile``
    when excommunicated.  Scores come from the engine's ``rules.scores``."""
    data = load()
    by_type = {t: sorted(c.id for c in data.cards.values() if c.type == t) for t in CARD_TYPES}
    counts = {"territory": "territories", "character": "characters", "venture": "ventures"}
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
