"""Cathedral: restore a segment of the fresco or the altar (Fresco rulebook, Cathedral).

Each cathedral apprentice restores one segment or the altar once (readings
``altar_more_than_once`` and ``bishop_move_before_each_restoration``: by default the altar
may be restored by each apprentice and the bishop moved before each segment; the switches
``altar_once_per_visit`` and ``bishop_once_per_visit`` limit each to once per visit).

- Segment: optionally first pay 1 thaler to move the bishop one step (8 directions,
  onto any segment); pay the tile's paints to the supply; score the tile's value plus
  the bishop's bonus (3 on the segment, 2 beside it); keep the tile face down; the
  bishop then moves onto the restored segment.
- Altar: yellow + red + blue for 2 (each replaceable by orange/green/purple, +1 each),
  or orange + green + purple for 6.
- The points move the painter on the track; an occupied landing needs ``behind`` or
  ``ahead`` in the action itself (``track.py``).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from fresco_kit.core import assign
from fresco_kit.core.actions import made
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from . import board, data, names
from .actions import Altar, Restore
from .refs import RULES
from .scoring import altar_readings, bonus_at
from .state import PlayerState, State
from .supply import add, covers, return_to_supply, set_player
from .track import landing, move, track_reasons
from .turns import turn_reasons, use


def restore_gain(s: State, a: Restore) -> tuple[int, int]:
    """(tile value, bishop bonus) of a restoration, the bishop moved first if asked."""
    seg = board.index(a.segment)
    bishop = board.index(a.bishop) if a.bishop is not None else s.bishop
    return data.FRESCO_TILES[s.fresco[seg]].value, bonus_at(bishop, seg)


def restore_checks(s: State, a: Restore) -> list:
    """Why restoration ``a`` is refused now (``cath.segment``, ``cath.bishop_move``,
    ``cath.track``, ``p2.forfeit``, out of turn ``p2.resolve``); [] if it is legal.  (The
    action's squares are on the grid: :class:`.actions.Restore` checks them when made.)"""
    reasons = turn_reasons(s, a.player, "cathedral")
    if reasons:
        return reasons
    seg = board.index(a.segment)
    if s.fresco[seg] < 0:
        return [(Msg("{segment} is already restored", segment=names.segment(a.segment)), RULES["cath.segment"])]
    i = s.order[s.actor]
    p = s.players[i]
    tile = data.FRESCO_TILES[s.fresco[seg]]
    if not covers(p.paints, tile.paints):
        needs = Msg(
            "{segment} needs {paints}: {player} does not hold them",
            segment=names.segment(a.segment),
            paints=names.paint_list(tile.paints),
            player=a.player,
        )
        reasons.append((needs, RULES["p2.forfeit"]))
    if a.bishop is not None:
        if board.index(a.bishop) not in board.neighbours()[s.bishop]:
            reasons.append(
                (
                    Msg(
                        "the bishop on {segment} moves one step in 8 directions, not to {target}",
                        segment=names.segment(board.square(s.bishop)),
                        target=names.segment(a.bishop),
                    ),
                    RULES["cath.bishop_move"],
                )
            )
            return reasons
        if p.thalers < data.BISHOP_MOVE_COST:
            reasons.append((Msg("moving the bishop costs 1 thaler"), RULES["cath.bishop_move"]))
        if s.bishop_this_visit and s.switches.bishop_once_per_visit:
            reasons.append(
                (
                    Msg(
                        "{player} has already moved the bishop in this cathedral visit: one paid step per visit "
                        "(switch bishop_once_per_visit)",
                        player=a.player,
                    ),
                    RULES["cath.bishop_move"],
                )
            )
    if reasons:
        return reasons
    return track_reasons(s, i, sum(restore_gain(s, a)), a.track, RULES["cath.track"], a)


def restore_apply(s: State, a: Restore, events: list) -> None:
    """Restore a segment: the paid bishop move first if asked, the paints to the supply,
    value + bishop bonus on the track, then the bishop onto the segment (Cathedral)."""
    i = s.order[s.actor]
    p = s.players[i].evolve()
    seg = board.index(a.segment)
    value, bonus = restore_gain(s, a)
    bank = s.bank
    target = a.bishop
    if target is not None:
        assign(p, thalers=p.thalers - data.BISHOP_MOVE_COST)
        assign(s, bishop_this_visit=True)
        bank += data.BISHOP_MOVE_COST
        tell(
            events,
            RULES["cath.bishop_move"],
            lambda origin: Msg(
                "{player} pays 1 thaler to move the bishop from {origin} to {target}",
                player=a.player,
                origin=names.segment(board.square(origin)),
                target=names.segment(target),
            ),
            s.bishop,
        )
    tile_id = s.fresco[seg]
    tile = data.FRESCO_TILES[tile_id]
    supply, paper = return_to_supply(s.supply, s.paper, tile.paints)
    assign(p, paints=add(p.paints, tile.paints, -1), tiles=p.tiles + (tile_id,))
    fresco = list(s.fresco)
    fresco[seg] = -1
    assign(s, bank=bank, supply=supply, paper=paper, fresco=tuple(fresco))
    tell(
        events,
        RULES["cath.segment"],
        lambda: Msg(
            "{player} restores {segment} (worth {worth}) with {paints}: {value} VP",
            player=a.player,
            segment=names.segment(a.segment),
            worth=tile.value,
            paints=names.paint_list(tile.paints),
            value=value,
        ),
    )
    if bonus:
        tell(events, RULES["cath.bishop_bonus"], lambda: Msg("bishop bonus {bonus}", bonus=bonus))
    _move(s, p, i, {"fresco": value, "bishop": bonus}, a.track, events)
    assign(s, bishop=seg)
    tell(
        events,
        RULES["cath.bishop_after"],
        lambda: Msg("the bishop moves to {segment}", segment=names.segment(a.segment)),
    )
    use(s, events)


def _move(s: State, p: PlayerState, i: int, gains: dict, choice: str | None, events: list) -> None:
    target, space = move(s, p, i, gains, choice)
    set_player(s, i, p)
    tell(
        events,
        RULES["cath.track"],
        lambda: (
            Msg("{player} moves to space {space}", player=s.names[i], space=space)
            if target == space
            else Msg(
                "{player} falls back to start space S{start} (space {target} is taken and no track space behind "
                "it is free: switch track_behind)",
                player=s.names[i],
                start=p.start,
                target=target,
            )
            if space == 0
            else Msg(
                "{player} moves to space {space} (space {target} is taken: {choice} to {space})",
                player=s.names[i],
                space=space,
                target=target,
                choice=choice,
            )
        ),
    )


def altar_checks(s: State, a: Altar) -> list:
    """Why altar restoration ``a`` is refused now (``altar.basic``, ``altar.blended``,
    ``cath.track``, ``p2.forfeit``); [] if it is legal."""
    reasons = turn_reasons(s, a.player, "cathedral")
    if reasons:
        return reasons
    if s.altar_this_visit and s.switches.altar_once_per_visit:
        return [
            (
                Msg(
                    "{player} has already restored the altar in this cathedral visit: once per visit "
                    "(switch altar_once_per_visit)",
                    player=a.player,
                ),
                RULES["altar.basic"],
            )
        ]
    own = s.switches.altar_own_primary
    readings = altar_readings(a.paints, own)
    if not readings and own and altar_readings(a.paints):
        own_slots = Msg(
            "{paints}: a blended paint fills only the slot of a primary it is mixed from "
            "(orange: yellow or red; green: yellow or blue; purple: red or blue; switch altar_own_primary)",
            paints=names.paints_joined(a.paints),
        )
        return [(own_slots, RULES["altar.basic"])]
    if not readings:
        paints = names.paints_joined(a.paints)
        return [
            (
                Msg(
                    "{paints} is not yellow + red + blue, each of which orange, green or purple may replace",
                    paints=paints,
                ),
                RULES["altar.basic"],
            ),
            (Msg("{paints} is not orange + green + purple either", paints=paints), RULES["altar.blended"]),
        ]
    i = s.order[s.actor]
    if not covers(s.players[i].paints, data.paint_vector(a.paints)):
        held = Msg("{player} does not hold {paints}", player=a.player, paints=names.paints_joined(a.paints))
        return [(held, RULES["p2.forfeit"])]
    return track_reasons(s, i, max(readings.values()), a.track, RULES["cath.track"], a)


def altar_apply(s: State, a: Altar, events: list) -> None:
    """Restore the altar: the paints to the supply, the better reading's points on the track."""
    i = s.order[s.actor]
    p = s.players[i].evolve()
    readings = altar_readings(a.paints, s.switches.altar_own_primary)
    how = max(readings, key=lambda reading: readings[reading])
    pts = readings[how]
    paid = data.paint_vector(a.paints)
    supply, paper = return_to_supply(s.supply, s.paper, paid)
    assign(p, paints=add(p.paints, paid, -1))
    assign(s, supply=supply, paper=paper, altar_this_visit=True)
    tell(
        events,
        RULES["altar.blended" if how == "blended" else "altar.basic"],
        lambda: Msg(
            "{player} restores the altar with {paints}: {pts} VP",
            player=a.player,
            paints=names.paints_joined(a.paints),
            pts=pts,
        ),
    )
    _move(s, p, i, {"altar": pts}, a.track, events)
    use(s, events)


def _with_track(s: State, i: int, gain: int) -> list:
    _, options = landing(s, i, gain)
    return [c for c in ("behind", "ahead") if c in options] if options else [None]


def _altar_combos(own_primary: bool) -> tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]:
    """Every legal three-paint altar restoration (COLOURS order) with its paint vector
    (``own_primary``: under the switch ``altar_own_primary``)."""
    out = []
    for combo in combinations_with_replacement(data.COLOURS, 3):
        if altar_readings(combo, own_primary):
            out.append((combo, data.paint_vector(combo)))
    return tuple(out)


#: the legal altar restorations, by the switch ``altar_own_primary``
ALTAR_COMBOS = {own: _altar_combos(own) for own in (False, True)}


_ALTAR_OPTIONS: dict[tuple[tuple[int, ...], bool], list[tuple[str, ...]]] = {}


def altar_options(paints: tuple[int, ...], own_primary: bool = False) -> list[tuple[str, ...]]:
    """Every altar paint combination a holding allows (COLOURS order, deterministic);
    ``own_primary``: under the switch ``altar_own_primary``."""
    key = (paints, own_primary)
    found = _ALTAR_OPTIONS.get(key)
    if found is None:
        if len(_ALTAR_OPTIONS) > 50_000:
            _ALTAR_OPTIONS.clear()
        found = _ALTAR_OPTIONS[key] = [combo for combo, need in ALTAR_COMBOS[own_primary] if covers(paints, need)]
    return list(found)


def legal(s: State) -> list:
    """Every legal restoration (segment, with or without a bishop move) and altar
    restoration of the actor now, with the behind/ahead choices an occupied landing needs."""
    i = s.order[s.actor]
    player, p = s.names[i], s.players[i]
    out: list = []
    may_move = p.thalers >= data.BISHOP_MOVE_COST and not (s.bishop_this_visit and s.switches.bishop_once_per_visit)
    moves = [None] + ([board.square(n) for n in sorted(board.neighbours()[s.bishop])] if may_move else [])
    for seg, t in enumerate(s.fresco):
        if t < 0 or not covers(p.paints, data.FRESCO_TILES[t].paints):
            continue
        for b in moves:
            a = made(Restore, player, board.square(seg), b)
            for choice in _with_track(s, i, sum(restore_gain(s, a))):
                out.append(a if choice is None else made(Restore, player, a.segment, b, choice))
    if s.altar_this_visit and s.switches.altar_once_per_visit:
        return out
    own = s.switches.altar_own_primary
    for combo in altar_options(p.paints, own):
        for choice in _with_track(s, i, max(altar_readings(combo, own).values())):
            out.append(made(Altar, player, combo, choice))
    return out


def altar_blend_off_its_primaries(before: State, action: Any, after: State) -> bool:
    """The situation the switch ``altar_own_primary`` decides (its ``Reach``): a player acts
    at the cathedral holding the paints of an altar restoration with a blended paint in the
    slot of a primary it is not mixed from (legal only while the switch is off)."""
    if before.phase != "act" or before.sheet[before.loc] != "cathedral":
        return False
    paints = before.players[before.order[before.actor]].paints
    return len(altar_options(paints, True)) < len(altar_options(paints, False))
