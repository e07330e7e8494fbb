"""The Vatican report (Rapporto in Vaticano) — rules summary, *Il Rapporto in Vaticano*.

At the end of rounds 2, 4 and 6 each player with at least the period's faith (3, 4, 5)
chooses: show support (faith to 0, VP of the faith space) or refuse.  Refusing, or
missing the threshold, means excommunication (scomunica): a cube on that period's tile,
its effect for the rest of the game; faith is kept.  After the last round an
excommunicated player still scores the VP of their faith space.
"""

from __future__ import annotations

from fresco_kit.core import Event
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from . import readings
from .data import load
from .effects import excommunication_effect, push
from .refs import RULES
from .state import Decision, Player, State, replace_player


def threshold(period: int) -> int:
    """The faith a player needs at the report of ``period`` (3, 4, 5)."""
    return load().vatican_thresholds[period - 1]


def start_report(st: State, events: list[Event]) -> None:
    """Open the report of the current period: decisions for those at the threshold,
    excommunication for the others (in turn order).  A player who already carries the
    period's tile (possible only in a constructed position) is left out."""
    period = st.period
    need = threshold(period)
    tile = st.excomm_tiles[period - 1]
    tell(
        events,
        RULES["phase.vatican"],
        lambda: Msg("Vatican report of period {period}: threshold {need} faith", period=period, need=need),
    )
    for name in st.order:
        p = st.player(name)
        if tile in p.excomms:
            continue
        if p.res["faith"] >= need:
            push(st, Decision(name, "vatican"))
        else:
            tell(events, RULES["vatican.threshold"], _below, name, p.res["faith"], need)
            excommunicate(st, p, period, events)


def _below(player: str, faith: int, need: int) -> Msg:
    """The text of ``player``'s ``faith`` falling short of the report's threshold ``need``."""
    return Msg("{player} has {faith} faith, below {need}", player=player, faith=faith, need=need)


def excommunicate(st: State, p: Player, period: int, events: list[Event]) -> None:
    """Put ``p``'s cube on the period's tile (a new Player record replaces ``p`` in
    ``st``); in the last report they still score their faith space."""
    tile = load().excommunications[st.excomm_tiles[period - 1]]
    res = p.res
    tell(events, RULES["vatican.excommunicate"], _excommunicated, p.name, tile.id)
    if period == 3 and readings.setting(st, "last_report_scores_excommunicated"):
        vp = load().faith_vp[res["faith"]]
        res = {**res, "vp": res["vp"] + vp}
        tell(
            events,
            RULES["vatican.last"],
            lambda faith: Msg("{player} still scores {vp} VP for faith {faith}", player=p.name, vp=vp, faith=faith),
            res["faith"],
        )
    replace_player(st, p.evolve(excomms=p.excomms + (tile.id,), res=res))


def _excommunicated(player: str, tile: int) -> Msg:
    """The text of ``player`` taking the excommunication ``tile``."""
    t = load().excommunications[tile]
    return Msg(
        "{player} is excommunicated: {tile} ({effect}) for the rest of the game; faith kept",
        player=player,
        tile=t.name,
        effect=excommunication_effect(t.id),
    )


def vatican_reasons(choice: str) -> list:
    """Why ``choice`` cannot answer the Vatican report."""
    if choice not in ("support", "refuse"):
        return [
            (
                Msg("at the Vatican report the choices are support or refuse, not {choice}", choice=repr(choice)),
                RULES["vatican.support"],
            )
        ]
    return []


def resolve_vatican(st: State, p: Player, choice: str, events: list[Event]) -> None:
    """Support the Church (faith to 0, the VP of the faith space) or be excommunicated."""
    if choice == "support":
        vp = load().faith_vp[p.res["faith"]]
        tell(
            events,
            RULES["vatican.support"],
            lambda faith: Msg(
                "{player} shows support: {faith} faith back to 0, +{vp} VP", player=p.name, faith=faith, vp=vp
            ),
            p.res["faith"],
        )
        p.res["vp"] += vp
        p.res["faith"] = 0
    else:
        tell(events, RULES["vatican.excommunicate"], lambda: Msg("{player} refuses to show support", player=p.name))
        excommunicate(st, p, st.period, events)
