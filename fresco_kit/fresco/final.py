"""End of the Game (Fresco rulebook): money into victory points, and the winner.

After the final round every player scores 1 VP per 2 thalers, in the final round's
get-up order (``end.money``).  Landing on an occupied space: the base rules' choice
behind/ahead (a ``settle`` action), or Big Box's automatic move ahead
(``bigbox.final_collision``).  The most VP wins; the text gives no tie-break, so tied
leaders share the victory (``end.tie``).
"""

from __future__ import annotations

from fresco_kit.core import Event, ScoreSheet, assign
from fresco_kit.core.actions import made
from fresco_kit.core.text import plural

from . import INFO
from .actions import Settle
from .data import CATEGORIES
from .flow import AWAITING, enter
from .refs import RULES
from .scoring import money_points
from .state import State
from .supply import set_player
from .track import landing, move, track_reasons


def start_final_count(s: State, events: list) -> None:
    """After the final round: money into victory points, in get-up order (``end.money``)."""
    enter(s, "final_count", final_at=-1)
    advance_final(s, events)


def _score_money(s: State, i: int, choice: str | None, events: list, automatic: bool = False) -> None:
    """Move player ``i`` by its money points; ``automatic``: Big Box's move ahead, no choice asked."""
    p = s.players[i].evolve()
    pts = money_points(p.thalers)
    target, space = move(s, p, i, {"money": pts}, choice)
    set_player(s, i, p)
    how = "" if target == space else f" (space {target} is taken: {choice} to {space})"
    rule = RULES["bigbox.final_collision"] if automatic else RULES["end.money"]
    events.append(Event(f"{s.names[i]}: {plural(p.thalers, 'thaler')} = {pts} VP, to space {space}{how}", rule))


def advance_final(s: State, events: list) -> None:
    """Score players in order until one must choose behind/ahead; then the winner."""
    for k in range(s.final_at + 1, s.n):
        i = s.order[k]
        pts = money_points(s.players[i].thalers)
        if pts == 0:
            events.append(Event(f"{s.names[i]}: {plural(s.players[i].thalers, 'thaler')}, no VP", RULES["end.money"]))
            continue
        _, options = landing(s, i, pts)
        if options and s.switches.final_collision == "choose":
            assign(s, final_at=k)
            return
        _score_money(s, i, "ahead" if options else None, events, automatic=bool(options))
    enter(s, "over", final_at=s.n)
    sheet = scores(s)
    events.append(
        Event(
            f"winner: {' and '.join(sheet.winners)}",
            RULES["end.winner"] if len(sheet.winners) == 1 else RULES["end.tie"],
        )
    )


def checks(s: State, a: Settle) -> list:
    """Why ``a`` is refused now (``end.money``, ``cath.track``); [] if it is legal."""
    if s.phase != "final_count":
        return [(f"behind/ahead is settled here only in the final money count; {AWAITING}", RULES["end.money"])]
    i = s.order[s.final_at]
    if a.player != s.names[i]:
        return [(f"{s.names[i]} is the one to settle now (final round's order); {AWAITING}", RULES["end.money"])]
    return track_reasons(s, i, money_points(s.players[i].thalers), a.track, RULES["cath.track"])


def apply(s: State, a: Settle, events: list) -> None:
    """Score the waiting player's money with their behind/ahead choice, then go on."""
    _score_money(s, s.order[s.final_at], a.track, events)
    advance_final(s, events)


def legal(s: State) -> list[Settle]:
    """The behind/ahead choices of the player the final count waits on."""
    i = s.order[s.final_at]
    _, options = landing(s, i, money_points(s.players[i].thalers))
    return [made(Settle, s.names[i], c) for c in ("behind", "ahead") if c in options]


#: the score sheet's label of each category key, as the registry names them (one place)
LABELS = dict(zip(CATEGORIES, INFO.categories))


def scores(s: State) -> ScoreSheet:
    """VP by category (fresco tiles, bishop bonus, altar, track shifts, money); winners."""
    rows = {nm: {LABELS[c]: v for c, v in zip(CATEGORIES, p.points)} for nm, p in zip(s.names, s.players)}
    sheet = ScoreSheet(list(INFO.categories), rows)
    totals = {nm: p.vp for nm, p in zip(s.names, s.players)}
    if s.phase == "over":
        best = max(totals.values())
        sheet.winners = [nm for nm in s.names if totals[nm] == best]
        if len(sheet.winners) > 1:
            sheet.notes.append("tied: the rules name no tie-break, so the victory is shared")
    else:
        sheet.notes.append("game not over: money is scored at the end")
    return sheet
