"""End of the Game (Fresco rulebook): money into victory points, and the winner.

After the final round every player scores 1 VP per 2 thalers, in the final round's
get-up order (``end.money``).  Landing on an occupied space: the base rules' choice
behind/ahead (a ``settle`` action), or Big Box's automatic move ahead
(``bigbox.final_collision``).  The most VP wins; the text gives no tie-break, so tied
leaders share the victory (``end.tie``), unless the switch ``tie_break`` names one.

The flow (:mod:`.flow`) runs the count: step ``money`` (:func:`count_money`) scores
players until one owes a choice, step ``final_count`` waits for it, step ``over``
(:func:`declare_winner`) names the winner.  The choice owed is a core
:class:`~fresco_kit.core.decisions.Decision` (:class:`Settlement`, :func:`pending`);
the state keeps only its place in the order (``final_at``), as saves always have.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fresco_kit.core import ScoreSheet, assign
from fresco_kit.core.actions import made
from fresco_kit.core.decisions import Decision, front
from fresco_kit.core.rules import tell
from fresco_kit.core.text import N_, Msg

from . import INFO
from .actions import Settle
from .data import CATEGORIES
from .refs import RULES
from .scoring import money_points
from .state import State
from .supply import set_player
from .track import landing, move, track_reasons
from .turns import AWAITING


@dataclass(frozen=True, slots=True)
class Settlement(Decision):
    """The final count's choice owed by ``player``: behind or ahead of the occupied
    space their ``points`` of money would reach (``end.money``)."""

    KIND: ClassVar[str] = "final_count"
    points: int


def pending(s: State) -> tuple[Settlement, ...]:
    """The decisions owed now: the final count's behind/ahead choice while it waits
    (``final_at`` is the chooser's place in the order), else none."""
    if s.phase != "final_count":
        return ()
    i = s.order[s.final_at]
    return (Settlement(s.names[i], money_points(s.players[i].thalers)),)


def _score_money(s: State, i: int, choice: str | None, events: list, automatic: bool = False) -> None:
    """Move player ``i`` by its money points; ``automatic``: Big Box's move ahead, no choice asked."""
    p = s.players[i].evolve()
    pts = money_points(p.thalers)
    target, space = move(s, p, i, {"money": pts}, choice)
    set_player(s, i, p)
    rule = RULES["bigbox.final_collision"] if automatic else RULES["end.money"]
    tell(events, rule, _money_moves, s.names[i], p.thalers, pts, target, space, choice)


def _money_moves(player: str, thalers: int, pts: int, target: int, space: int, choice: str | None) -> Msg:
    """The text of ``player``'s money points moving them to ``space`` (``target`` when free)."""
    money = Msg.n(thalers, "{n} thaler", "{n} thalers")
    if target == space:
        return Msg("{player}: {money} = {pts} VP, to space {space}", player=player, money=money, pts=pts, space=space)
    if space == 0:
        return Msg(
            "{player}: {money} = {pts} VP, but space {target} is taken: back to a start space (switch track_behind)",
            player=player,
            money=money,
            pts=pts,
            target=target,
        )
    return Msg(
        "{player}: {money} = {pts} VP, to space {space} (space {target} is taken: {choice} to {space})",
        player=player,
        money=money,
        pts=pts,
        space=space,
        target=target,
        choice=choice,
    )


def _owes_choice(s: State, k: int) -> bool:
    """Whether the player at place ``k`` of the order must choose behind/ahead: their money
    lands on an occupied space and the base rules' choice applies (``end.money``)."""
    i = s.order[k]
    pts = money_points(s.players[i].thalers)
    return pts > 0 and s.switches.final_collision == "choose" and bool(landing(s, i, pts)[1])


def choice_owed(s: State) -> bool:
    """Whether the count, at place ``final_at``, waits on a behind/ahead choice (the flow's
    condition for resting in ``final_count``)."""
    return s.final_at < s.n and _owes_choice(s, s.final_at)


def count_money(s: State, events: list) -> None:
    """Score players in order from place ``final_at`` until one must choose behind/ahead
    (``final_at`` stays at their place), else to the end (``final_at`` = the number of
    players) -- the flow's step ``money``."""
    for k in range(s.final_at, s.n):
        i = s.order[k]
        pts = money_points(s.players[i].thalers)
        if pts == 0:
            tell(events, RULES["end.money"], _no_points, s.names[i], s.players[i].thalers)
            continue
        if _owes_choice(s, k):
            assign(s, final_at=k)
            return
        _, options = landing(s, i, pts)
        _score_money(s, i, "ahead" if options else None, events, automatic=bool(options))
    assign(s, final_at=s.n)


def _no_points(player: str, thalers: int) -> Msg:
    """The text of a final count that gives ``player`` no VP for their ``thalers``."""
    return Msg.n(thalers, "{player}: {n} thaler, no VP", "{player}: {n} thalers, no VP", player=player)


def declare_winner(s: State, events: list) -> None:
    """The game is over: the most victory points wins, tied leaders share or the switch
    ``tie_break`` decides (``end.winner``, ``end.tie``) -- the flow's step ``over``."""
    won = scores(s).winners
    best = max(p.vp for p in s.players)
    tie = sum(1 for p in s.players if p.vp == best) > 1
    tell(
        events,
        RULES["end.tie"] if tie else RULES["end.winner"],
        lambda: (
            Msg("winner: {player}", player=won[0])
            if len(won) == 1
            else Msg("winner: {players} and {last}", players=list(won[:-1]), last=won[-1])
        ),
    )


def checks(s: State, a: Settle) -> list:
    """Why ``a`` is refused now (``end.money``, ``cath.track``); [] if it is legal."""
    if s.phase != "final_count":
        return [
            (
                Msg("behind/ahead is settled here only in the final money count; {awaiting}", awaiting=AWAITING),
                RULES["end.money"],
            )
        ]
    owed = front(pending(s))
    assert owed is not None  # the final count waits only on a choice
    if a.player != owed.player:
        wait = Msg(
            "{player} is the one to settle now (final round's order); {awaiting}", player=owed.player, awaiting=AWAITING
        )
        return [(wait, RULES["end.money"])]
    return track_reasons(s, s.names.index(owed.player), owed.points, a.track, RULES["cath.track"])


def apply(s: State, a: Settle, events: list) -> None:
    """Score the waiting player's money with their behind/ahead choice (the flow then
    goes on with the count from the next place)."""
    _score_money(s, s.order[s.final_at], a.track, events)
    assign(s, final_at=s.final_at + 1)


def legal(s: State) -> list[Settle]:
    """The behind/ahead choices of the player the final count waits on."""
    owed = front(pending(s))
    if owed is None:
        return []
    _, options = landing(s, s.names.index(owed.player), owed.points)
    return [made(Settle, owed.player, c) for c in ("behind", "ahead") if c in options]


#: the score sheet's label of each category key, as the registry names them (one place)
LABELS = dict(zip(CATEGORIES, INFO.categories))


def break_tie(s: State, tied: list[str]) -> list[str]:
    """The winners among the ``tied`` leaders (``end.tie``): all of them (the kit's reading,
    switch ``tie_break`` "shared"), the one who got up first in the final round ("getup":
    first in the phase II order), or those with the most thalers left ("thalers")."""
    how = s.switches.tie_break
    if how == "getup":
        first = min(tied, key=lambda nm: s.order.index(s.names.index(nm)))
        return [first]
    if how == "thalers":
        most = max(s.player(nm).thalers for nm in tied)
        return [nm for nm in tied if s.player(nm).thalers == most]
    return tied


#: how each ``tie_break`` decides a tie, for the score sheet's note
_TIE_NOTES = {
    "getup": N_("tied: the tie is broken by the final round's get-up order (switch tie_break)"),
    "thalers": N_("tied: the tie is broken by the thalers left (switch tie_break)"),
}


def scores(s: State) -> ScoreSheet:
    """VP by category (fresco tiles, bishop bonus, altar, track shifts, money); winners
    (a tie as :func:`break_tie` decides it)."""
    rows = {nm: {LABELS[c]: v for c, v in zip(CATEGORIES, p.points)} for nm, p in zip(s.names, s.players)}
    sheet = ScoreSheet(list(INFO.categories), rows)
    totals = {nm: p.vp for nm, p in zip(s.names, s.players)}
    if s.phase == "over":
        best = max(totals.values())
        tied = [nm for nm in s.names if totals[nm] == best]
        sheet.winners = break_tie(s, tied) if len(tied) > 1 else tied
        if len(sheet.winners) > 1:
            sheet.notes.append(Msg("tied: the rules name no tie-break, so the victory is shared"))
        elif len(tied) > 1:
            sheet.notes.append(Msg(_TIE_NOTES[s.switches.tie_break]))
    else:
        sheet.notes.append(Msg("game not over: money is scored at the end"))
    return sheet
