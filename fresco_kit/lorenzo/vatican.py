"""The Vatican report (Rapporto in Vaticano) — rules summary, *Il Rapporto in Vaticano*.

At the end of rounds 2, 4 and 6 each player with at least the period's faith (3, 4, 5)
chooses: show support (faith to 0, VP of the faith space) or refuse.  Refusing, or
missing the threshold, means excommunication (scomunica): a cube on that period's tile,
its effect for the rest of the game; faith is kept.  After the last round an
excommunicated player still scores the VP of their faith space.
"""
from __future__ import annotations

from fresco_kit.core import Event

from . import readings
from .data import load
from .effects import push
from .refs import RULES
from .state import Player, State


def threshold(period: int) -> int:
    return load().vatican_thresholds[period - 1]


def start_report(st: State, events: list[Event]) -> None:
    """Open the report of the current period: decisions for those at the threshold,
    excommunication for the others (in turn order)."""
    period = st.period
    need = threshold(period)
    events.append(Event(f"Vatican report of period {period}: threshold {need} faith", RULES["phase.vatican"]))
    for name in st.order:
        p = st.player(name)
        if p.res["faith"] >= need:
            push(st, {"player": name, "kind": "vatican", "period": period})
        else:
            events.append(Event(f"{name} has {p.res['faith']} faith, below {need}", RULES["vatican.threshold"]))
            excommunicate(st, st.own(name), period, events)


def excommunicate(st: State, p: Player, period: int, events: list[Event]) -> None:
    tile = load().excommunications[st.excomm_tiles[period - 1]]
    p.excomms = p.excomms + (tile.id,)
    events.append(Event(f"{p.name} is excommunicated: {tile.name} for the rest of the game; faith kept",
                        RULES["vatican.excommunicate"]))
    if period == 3 and readings.LAST_REPORT_SCORES_EXCOMMUNICATED:
        vp = load().faith_vp[p.res["faith"]]
        p.res["vp"] += vp
        events.append(Event(f"{p.name} still scores {vp} VP for faith {p.res['faith']}", RULES["vatican.last"]))


def vatican_reasons(choice: str) -> list:
    if choice not in ("support", "refuse"):
        return [("at the Vatican report choose 'support' or 'refuse'", RULES["vatican.support"])]
    return []


def resolve_vatican(st: State, p: Player, decision: dict, choice: str, events: list[Event]) -> None:
    if choice == "support":
        vp = load().faith_vp[p.res["faith"]]
        events.append(Event(f"{p.name} shows support: {p.res['faith']} faith back to 0, +{vp} VP",
                            RULES["vatican.support"]))
        p.res["vp"] += vp
        p.res["faith"] = 0
    else:
        events.append(Event(f"{p.name} refuses to show support", RULES["vatican.excommunicate"]))
        excommunicate(st, p, decision["period"], events)
