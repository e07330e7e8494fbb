"""Market: buy paints or close down a booth (Fresco rulebook, Market).

The active player picks one non-empty booth.  Either each market apprentice buys one
of its tiles at the player's price (get-up time), the paints coming from the supply;
or, with at least one market apprentice, the booth is closed for free.  Either way
all of the booth's tiles go back into the bag.
"""

from __future__ import annotations

from itertools import combinations

from fresco_kit.core import RuleRef, assign
from fresco_kit.core.actions import made
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from . import data, names
from .actions import Buy, Close
from .refs import RULES
from .state import State
from .supply import add, set_player, supply_covers, take_from_supply
from .turns import turn_reasons, use


def _booth_reasons(s: State, booth: int, rule: RuleRef) -> list:
    if not 1 <= booth <= len(s.booths):
        return [(Msg("there are booths 1..{last}", last=len(s.booths)), rule)]
    if not s.booths[booth - 1]:
        return [(Msg("booth {booth} is empty this round", booth=booth), rule)]
    return []


def tiles_paints(s: State, a: Buy) -> tuple[int, ...]:
    """The paints the tiles of purchase ``a`` hold, as one paint vector."""
    total = (0,) * len(data.COLOURS)
    for k in a.tiles:
        total = add(total, data.MARKET_TILES[s.booths[a.booth - 1][k - 1]].paints)
    return total


def buy_checks(s: State, a: Buy) -> list:
    """Why purchase ``a`` is refused now (``market.buy``, ``p2.forfeit``, ``supply.paints``,
    out of turn ``p2.resolve``); [] if it is legal."""
    reasons = turn_reasons(s, a.player, "market")
    if reasons:
        return reasons
    reasons = _booth_reasons(s, a.booth, RULES["market.buy"])
    if reasons:
        return reasons
    size = len(s.booths[a.booth - 1])
    if not a.tiles or list(a.tiles) != sorted(set(a.tiles)) or not all(1 <= k <= size for k in a.tiles):
        return [
            (
                Msg("name distinct tiles 1..{size} of booth {booth}, ascending", size=size, booth=a.booth),
                RULES["market.buy"],
            )
        ]
    i = s.order[s.actor]
    if len(a.tiles) > s.left:
        has = Msg.n(
            s.left,
            "{player} has {n} market apprentice: one tile each",
            "{player} has {n} market apprentices: one tile each",
            player=a.player,
        )
        reasons.append((has, RULES["market.buy"]))
    cost = len(a.tiles) * s.price(i)
    if cost > s.players[i].thalers:
        reasons.append(
            (
                Msg(
                    "{tiles} at {price} cost {cost}; {player} has {thalers}",
                    tiles=Msg.n(len(a.tiles), "{n} tile", "{n} tiles"),
                    price=s.price(i),
                    cost=cost,
                    player=a.player,
                    thalers=Msg.n(s.players[i].thalers, "{n} thaler", "{n} thalers"),
                ),
                RULES["p2.forfeit"],
            )
        )
    if not supply_covers(s, tiles_paints(s, a)):
        reasons.append((Msg("the paint supply lacks those paints"), RULES["supply.paints"]))
    return reasons


def buy_apply(s: State, a: Buy, events: list) -> None:
    """Buy the tiles at the player's price, paints from the supply; the booth's tiles go
    back into the bag and the player's market visit ends (``market.buy``)."""
    i = s.order[s.actor]
    p = s.players[i]
    price = s.price(i)
    cost = price * len(a.tiles)
    need = tiles_paints(s, a)
    supply, paper = take_from_supply(s.supply, s.paper, need)
    set_player(
        s,
        i,
        p.evolve(thalers=p.thalers - cost, paints=add(p.paints, need)),
        bank=s.bank + cost,
        supply=supply,
        paper=paper,
    )
    tell(events, RULES["market.buy"], _bought, a, s.booths[a.booth - 1], price)
    tell(events, RULES["market.buy"], _booth_emptied, a.booth)
    _empty_booth(s, a.booth)
    use(s, events, s.left)


def _bought(a: Buy, booth: tuple[int, ...], price: int) -> Msg:
    """The text of purchase ``a`` from the tiles of ``booth`` at ``price`` each (the texts of a
    purchase are module-level functions: an event keeps its text-maker until read, and these
    keep less than a lambda)."""
    return Msg(
        "{player} buys {tiles} from booth {booth} at {price} each",
        player=a.player,
        tiles=names.market_tiles([booth[k - 1] for k in a.tiles]),
        booth=a.booth,
        price=price,
    )


def _booth_emptied(booth: int) -> Msg:
    """The text of the tiles of ``booth`` going back into the bag after a purchase."""
    return Msg("booth {booth}'s tiles go back into the bag", booth=booth)


def _empty_booth(s: State, booth: int) -> None:
    booths = list(s.booths)
    booths[booth - 1] = ()
    assign(s, bag=tuple(sorted(s.bag + s.booths[booth - 1])), booths=tuple(booths))


def close_checks(s: State, a: Close) -> list:
    """Why closing a booth is refused now (``market.close``); [] if it is legal."""
    return turn_reasons(s, a.player, "market") or _booth_reasons(s, a.booth, RULES["market.close"])


def close_apply(s: State, a: Close, events: list) -> None:
    """Close the booth for free: its tiles go back into the bag (``market.close``)."""
    _empty_booth(s, a.booth)
    tell(
        events,
        RULES["market.close"],
        lambda: Msg("{player} closes booth {booth}: its tiles go back into the bag", player=a.player, booth=a.booth),
    )
    use(s, events, s.left)


def legal(s: State) -> list:
    """Every legal purchase and closing of the actor at the market now."""
    player = s.names[s.order[s.actor]]
    out: list = []
    for b, booth in enumerate(s.booths, 1):
        if not booth:
            continue
        for k in range(1, min(s.left, len(booth)) + 1):
            for tiles in combinations(range(1, len(booth) + 1), k):
                a = made(Buy, player, b, tiles)
                if not buy_checks(s, a):
                    out.append(a)
        out.append(made(Close, player, b))
    return out
