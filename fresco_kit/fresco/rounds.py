"""The course of a round (Fresco rulebook, Game Play; preparing the next round).

The flow table (:mod:`.flow`) calls these as it enters its steps:

- :func:`begin_round` (``round``): the final-round check (<= 6 tiles: side 2), painters
  in bed, the wake-up order (last on the track first).
- :func:`next_actor` (``next_actor``): phase II visits the sheet's columns in order,
  players in get-up order; a player with no apprentice there is skipped.
- :func:`last_round_over`, :func:`fresco_complete` (Big Box): the round that ends the
  game, no income; :func:`prepare`: refill the booths, pay income, painters back;
  :func:`rotate_start_spaces` (Big Box): the start-space rotation.
"""

from __future__ import annotations

from fresco_kit.core import Rng, assign
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from . import data
from .refs import RULES
from .state import State
from .supply import bank_pays, draw_tiles, set_player
from .turns import uses_at, wake_order


def begin_round(s: State, events: list) -> None:
    """Start a new round at Phase I: the final-round check (``end.final_round``) and the
    get-up choosing order (``p1.order``)."""
    assign(s, round=s.round + 1)
    if not s.final and s.tiles_left <= data.FINAL_ROUND_TILES:
        assign(s, final=True)
        tell(
            events,
            RULES["end.final_round"],
            lambda left, round_, side: Msg.n(
                left,
                "{n} tile left on the fresco: round {round} is the final round; action sheets to {side}",
                "{n} tiles left on the fresco: round {round} is the final round; action sheets to {side}",
                round=round_,
                side=side,
            ),
            s.tiles_left,
            s.round,
            s.switches.final_sheet,
        )
    assign(s, chooser=wake_order(s), wake_at=0, order=())
    tell(
        events,
        RULES["p1.order"],
        lambda round_, first: Msg("round {round}: {player} chooses a get-up time first", round=round_, player=first),
        s.round,
        s.names[s.chooser[0]],
    )


def next_actor(s: State, events: list) -> None:
    """Move to the next player with apprentices at this location, or the next location;
    past the last location ``loc`` is the sheet's length (``p2.resolve``).  What the last
    visit did (``altar_this_visit``, ``bishop_this_visit``) is cleared."""
    cols = s.sheet
    if s.altar_this_visit or s.bishop_this_visit:
        assign(s, altar_this_visit=False, bishop_this_visit=False)  # a new visit begins
    players, order, n = s.players, s.order, len(s.names)
    loc, actor = s.loc, s.actor
    while loc < len(cols):
        for k in range(actor + 1, n):
            count = players[order[k]].plan[loc]  # type: ignore[index]  # every player has planned
            if count:
                assign(s, loc=loc, actor=k, left=uses_at(cols[loc], count))
                return
        loc += 1
        actor = -1
    assign(s, loc=loc, actor=actor, left=0)


def last_round_over(s: State, events: list) -> None:
    """After the final round: no income, the final count follows (``end.no_income``)."""
    tell(events, RULES["end.no_income"], lambda: Msg("the final round is over: no income"))
    assign(s, final_at=0)  # the final count starts with the first player in the order


def fresco_complete(s: State, events: list) -> None:
    """Big Box: a fresco completed before the final round makes this round the final one,
    with no income (``bigbox.complete``)."""
    assign(s, final=True)
    tell(events, RULES["bigbox.complete"], lambda: Msg("the fresco is complete: this was the final round, no income"))
    assign(s, final_at=0)  # the final count starts with the first player in the order


def prepare(s: State, events: list) -> None:
    """Preparing the next round: refill the booths (``round.refill``), pay income
    (``round.income``), painters back to the inn (``round.reset``)."""
    rng = Rng(s.rng)
    bag = list(s.bag)
    booths = []
    for booth, size in zip(s.booths, data.BOOTH_SIZES[s.n]):
        booths.append(booth if booth else tuple(draw_tiles(bag, size, rng)))
    assign(s, booths=tuple(booths), bag=tuple(sorted(bag)), rng=rng.state)
    tell(events, RULES["round.refill"], lambda: Msg("market booths refilled"))
    # income: 1 thaler per restored tile (round.income)
    for i, nm in enumerate(s.names):
        p = s.players[i]
        if p.tiles:
            due = len(p.tiles) * data.INCOME_PER_TILE
            paid, bank = bank_pays(s, due, events)
            set_player(s, i, p.evolve(thalers=p.thalers + paid), **bank)
            tell(events, RULES["round.income"] if paid == due else RULES["supply.coins"], _income, nm, paid, due)
    # painters back to the inn (round.reset)
    assign(s, players=tuple([p.evolve(time=0, plan=None) for p in s.players]))
    tell(events, RULES["round.reset"], lambda: Msg("painters back to the inn"))


def _income(player: str, paid: int, due: int) -> Msg:
    """The text of ``player``'s income: ``paid`` of the ``due`` thalers (the bank may hold fewer)."""
    if paid == due:
        return Msg.n(paid, "{player} earns {n} thaler income", "{player} earns {n} thalers income", player=player)
    return Msg.n(
        paid,
        "{player} earns {n} thaler income (the bank holds only {n})",
        "{player} earns {n} thalers income (the bank holds only {n})",
        player=player,
    )


def rotate_start_spaces(s: State, events: list) -> None:
    """Big Box: with 2+ painters on start spaces, the first goes to the end, the others move up."""
    on_start = sorted((p.start, i) for i, p in enumerate(s.players) if p.start)
    if len(on_start) < 2:
        return
    spaces = [k for k, _ in on_start]
    movers = [i for _, i in on_start]
    movers = movers[1:] + movers[:1]
    ps = list(s.players)
    for k, i in zip(spaces, movers):
        ps[i] = ps[i].evolve(start=k)
    assign(s, players=tuple(ps))
    tell(
        events,
        RULES["bigbox.rotation"],
        lambda: Msg(
            "start spaces rotate: {spaces}",
            spaces=[Msg("S{k} {player}", k=k, player=s.names[i]) for k, i in zip(spaces, movers)],
        ),
    )
