"""Constructed positions for examples, notebooks and tests (not a rulebook section).

:func:`edit` returns a copy of a state with some pieces moved, keeping every supply
balanced (paints and thalers come from / go back to the common supplies, restored
tiles come off the fresco), so ``rules.invariants`` stays empty.  :func:`play_round_start`
and :func:`skip_to` then drive a :class:`~fresco_kit.core.Game` through the engine to
the moment of interest -- positions are set up by editing, never the rules' answers.

>>> from fresco_kit import fresco
>>> from fresco_kit.fresco import positions
>>> game = fresco.new_game(["Red", "White", "Blue"], seed=1)
>>> game = game.with_state(positions.edit(game.state, players={"Red": {"paints": {"red": 3}}}))
"""

from __future__ import annotations

from collections.abc import Mapping

from fresco_kit.core import Game, SaveError, assign
from fresco_kit.core.game import seat_of

from . import board, data
from .actions import Done, Plan, Wake
from .consistency import load_state
from .data import CATEGORIES
from .state import State
from .supply import set_player
from .turns import wake_order


def edit(
    state: State,
    *,
    players: Mapping[str, Mapping] | None = None,
    bishop: tuple[int, int] | None = None,
    restored: Mapping[str, list[tuple[int, int]]] | None = None,
) -> State:
    """A copy of ``state`` with pieces moved.

    ``players[name]`` may set ``thalers``, ``paints`` (a dict colour -> count, others
    unchanged), ``vp`` (a track space; booked as fresco points; 0 = back on the start
    space it had or S-free), ``mood``.  ``restored[name]`` lists segments whose tiles
    the player has already restored (taken off the fresco, kept face down).  ``bishop``
    places the bishop.  Segments are ``(row, col)``, counted from 1 as the board's labels
    (:mod:`.board`).  Raises ValueError for a square off the board or if a supply cannot
    cover the change."""
    s = state.evolve()
    for sq in [*(sq for squares in (restored or {}).values() for sq in squares), *([bishop] if bishop else [])]:
        if not (isinstance(sq, tuple) and len(sq) == 2 and board.on_grid(sq)):
            raise ValueError(f"{sq!r} is not a fresco segment (row, col) with rows and columns 1-5")
    for name, squares in (restored or {}).items():
        i = seat_of(s.names, name)
        p = s.players[i].evolve()
        fresco = list(s.fresco)
        for sq in squares:
            t = fresco[board.index(sq)]
            if t < 0:
                raise ValueError(f"segment {sq} is already restored")
            assign(p, tiles=p.tiles + (t,))
            fresco[board.index(sq)] = -1
        assign(s, fresco=tuple(fresco))
        set_player(s, i, p)
    for name, changes in (players or {}).items():
        i = seat_of(s.names, name)
        p = s.players[i].evolve()
        if "thalers" in changes:
            assign(s, bank=s.bank + p.thalers - changes["thalers"])
            assign(p, thalers=changes["thalers"])
        if "paints" in changes:
            paints, supply = list(p.paints), list(s.supply)
            for colour, n in changes["paints"].items():
                if colour not in data.COLOUR_INDEX:
                    raise ValueError(f"unknown paint {colour!r}; paints are {', '.join(data.COLOURS)}")
                k = data.COLOUR_INDEX[colour]
                supply[k] += paints[k] - n
                paints[k] = n
            assign(p, paints=tuple(paints))
            assign(s, supply=tuple(supply))
        if "vp" in changes:
            vp = changes["vp"]
            assign(p, vp=vp, points=(vp,) + (0,) * (len(CATEGORIES) - 1))
            if vp > 0:
                assign(p, start=0)
            elif not p.start:
                used = {q.start for q in s.players}
                assign(p, start=min(k for k in range(1, s.n + 1) if k not in used))
        if "mood" in changes:
            assign(p, mood=changes["mood"])
        set_player(s, i, p)
    if bishop is not None:
        assign(s, bishop=board.index(bishop))
    if s.bank < 0 or any(x < 0 for x in s.supply):
        raise ValueError("the supplies cannot cover this position")
    if s.phase == "wake" and s.wake_at == 0:
        assign(s, chooser=wake_order(s))
    return checked(s)


def checked(s: State) -> State:
    """``s`` if it is a sound position, else ValueError saying why.

    The position is saved and loaded back, so every field is checked as in a save and
    the whole position as ``rules.state_from_dict`` does (:mod:`.consistency`): a game
    started from it (``Game(rules, state=...)``) saves and loads."""
    try:
        again = load_state(s.to_dict())
    except SaveError as err:
        raise ValueError(f"the position breaks the rules: {err}") from None
    assert again == s, "a sound position loads back equal"
    return again


def play_round_start(game: Game, times: Mapping[str, int], plans: Mapping[str, tuple[int, ...]]) -> None:
    """Play the get-up choices (in the engine's order) and the plans of one round."""
    while game.state.phase == "wake":
        name = game.state.to_move[0]
        game.play(Wake(name, times[name]))
    for name in game.state.names:
        if game.state.phase == "plan":
            game.play(Plan(name, tuple(plans[name])))


def skip_to(game: Game, column: str, player: str, max_steps: int = 200) -> None:
    """Give up actions (``done``) until ``player`` acts at ``column``."""
    for _ in range(max_steps):
        s = game.state
        if s.phase == "act" and s.sheet[s.loc] == column and s.to_move == [player]:
            return
        if s.phase != "act":
            raise ValueError(f"{player} never acts at the {column} this round")
        game.play(Done(s.to_move[0]))
    raise ValueError("skip_to did not arrive")


def finish_round(game: Game, max_steps: int = 200) -> None:
    """Give up every remaining action of the round."""
    start = game.state.round
    for _ in range(max_steps):
        s = game.state
        if s.phase != "act" or s.round != start:
            return
        game.play(Done(s.to_move[0]))
