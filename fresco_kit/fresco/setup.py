"""Setup (Fresco rulebook, Setup 1-9; Big Box Preparation 2): a new game state."""

from __future__ import annotations

from collections.abc import Sequence

from fresco_kit.core import Event, Rng
from fresco_kit.core.data import canonical
from fresco_kit.core.text import Msg

from . import board, data, names
from .data import CATEGORIES
from .flow import FIRST, advance
from .refs import RULES
from .rulesets import Overrides, switches_for
from .state import PlayerState, State
from .supply import draw_tiles
from .wakeup import helper_for


def new_state(players: Sequence[str], seed: int, options: dict) -> State:
    """Set up a game for 3 or 4 players (``Game`` checks the names and their number).

    ``options`` come checked and complete from the core (``INFO.check_options``):
    ``ruleset`` ("base" or "bigbox") and ``switches`` (a dict overriding single
    switches, see ``rulesets``)."""
    names = tuple(players)
    n = len(names)
    rng = Rng(seed)
    ruleset = options["ruleset"]
    overrides = Overrides.of(options.get("switches", {}))
    # 2. start spaces: painters drawn from the bag onto S1.. in draw order (setup.start)
    drawn = rng.shuffled(range(n))
    start = {p: k + 1 for k, p in enumerate(drawn)}
    # 4. market: 14 tiles in the bag; 3 players remove three and use 3 booths (setup.market)
    bag = list(range(len(data.MARKET_TILES)))
    removed: tuple[int, ...] = ()
    if n == 3:
        removed = data.REMOVED_FOR_3
        bag = [t for t in bag if t not in data.REMOVED_FOR_3]
    booths = tuple(tuple(draw_tiles(bag, size, rng)) for size in data.BOOTH_SIZES[n])
    # 5. fresco: the centre value-11 tile, the rest dealt at random; 9. bishop in the centre
    others = rng.shuffled([t for t in range(len(data.FRESCO_TILES)) if t != data.CENTRE_TILE])
    fresco = others[: board.CENTRE_INDEX] + [data.CENTRE_TILE] + others[board.CENTRE_INDEX :]
    # 8. theater: every mood painter on the start space of the mood column (a "+1"/"-1" start
    # space would give or take its apprentice at once)
    helper = helper_for(data.MOOD_START)
    # 6-7. supplies; Big Box Preparation 2: 12 thalers and one of each primary (setup.player)
    s = State(
        names=names,
        ruleset=ruleset,
        overrides=overrides,
        rng=rng.state,
        round=0,
        phase=FIRST,
        final=False,
        bag=tuple(sorted(bag)),
        removed=removed,
        booths=booths,
        fresco=tuple(fresco),
        bishop=board.CENTRE_INDEX,
        supply=tuple(c - n * k for c, k in zip(data.PAINT_COUNTS, data.START_PAINTS)),
        paper=(0,) * len(data.COLOURS),
        bank=data.COINS - n * data.START_THALERS,
        players=tuple(
            PlayerState(
                data.START_THALERS,
                data.START_PAINTS,
                (),
                0,
                start[i],
                data.MOOD_START,
                helper,
                0,
                None,
                (0,) * len(CATEGORIES),
            )
            for i in range(n)
        ),
        chooser=(),
        wake_at=0,
        order=(),
        loc=0,
        actor=0,
        left=0,
        final_at=0,
        switches=switches_for(ruleset, overrides),
        data=canonical(options.get("data", {})),
    )
    advance(s, [], start="setup")  # Setup, then the first round's Phase I (the flow table)
    return s


def setup_events(s: State) -> list[Event]:
    """A description of the set-up, rule by rule (for notebooks)."""
    starts = sorted((p.start, nm) for nm, p in zip(s.names, s.players) if p.start)
    return [
        Event(Msg("board side for {n} players (start spaces S1-S{n})", n=s.n), RULES["setup.side"]),
        Event(
            Msg("start spaces: {spaces}", spaces=[Msg("S{k} {player}", k=k, player=nm) for k, nm in starts]),
            RULES["setup.start"],
        ),
        Event(
            Msg("each player: {thalers} thalers, 1 yellow, 1 red, 1 blue, 5 apprentices", thalers=data.START_THALERS),
            RULES["setup.player"],
        ),
        Event(
            Msg(
                "{n} booths: {booths}; out of the game: {removed}",
                n=len(s.booths),
                booths=names.semicolons([names.market_tiles(b) for b in s.booths]),
                removed=names.market_tiles(s.removed),
            )
            if s.removed
            else Msg(
                "{n} booths: {booths}",
                n=len(s.booths),
                booths=names.semicolons([names.market_tiles(b) for b in s.booths]),
            ),
            RULES["setup.market"],
        ),
        Event(
            Msg(
                "centre {tile}; bishop in the centre", tile=names.fresco_tile(s.fresco[board.CENTRE_INDEX], data.CENTRE)
            ),
            RULES["setup.fresco"],
        ),
    ]
