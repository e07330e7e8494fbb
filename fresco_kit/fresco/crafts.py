"""Studio, Workshop and Theater (Fresco rulebook, the three sections of those names).

- Studio: each studio apprentice earns 3 thalers from the bank.
- Workshop: each workshop apprentice allows up to 2 blends; a blend returns two
  primaries and takes their blended paint (red+yellow orange, red+blue purple,
  yellow+blue green).
- Theater: each theater apprentice moves the mood painter 2 spaces up (clamped); the
  apprentices change only after next round's get-up (the kit's reading
  ``theater_mood_and_the_column_ends``; the switch ``theater_after_getup`` holds the spaces
  back until after the next get-up's mood change, :func:`.wakeup.apply`).
"""

from __future__ import annotations

from fresco_kit.core import assign
from fresco_kit.core.actions import made
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from . import data, names
from .actions import Blend, Studio, Theater
from .refs import RULES
from .state import State
from .supply import add, bank_pays, covers, return_to_supply, set_player, supply_covers, take_from_supply
from .turns import turn_reasons, use
from .wakeup import clamp_mood


def studio_checks(s: State, a: Studio) -> list:
    """Why ``a`` may not paint portraits now (out of turn, ``p2.resolve``); [] if it may."""
    return turn_reasons(s, a.player, "studio")


def studio_apply(s: State, a: Studio, events: list) -> None:
    """Studio: +3 thalers from the bank (only what it holds, ``supply.coins``, unless the
    switch ``unlimited_coins`` notes the rest on paper)."""
    i = s.order[s.actor]
    p = s.players[i]
    thalers = data.tables(s.data).studio_thalers
    paid, bank = bank_pays(s, thalers, events)
    set_player(s, i, p.evolve(thalers=p.thalers + paid), **bank)
    tell(events, RULES["studio"] if paid == thalers else RULES["supply.coins"], _portrait, a.player, paid, thalers)
    use(s, events)


def _portrait(player: str, paid: int, thalers: int) -> Msg:
    """The text of ``player``'s portrait paid ``paid`` of its ``thalers`` (the bank may hold
    fewer; the texts of the crafts are module-level functions: an event keeps its text-maker
    until read, and these keep less than a lambda)."""
    if paid == thalers:
        return Msg.n(
            paid, "{player} paints a portrait: +{n} thaler", "{player} paints a portrait: +{n} thalers", player=player
        )
    return Msg.n(
        paid,
        "{player} paints a portrait but the bank holds only {n} thaler",
        "{player} paints a portrait but the bank holds only {n} thalers",
        player=player,
    )


#: blended colour -> the paint vector of the two primaries it takes; colour -> one piece
BLEND_VECTORS = {c: data.paint_vector(data.BLENDS[c]) for c in data.BLENDED}
ONE_PAINT = {c: data.paint_vector([c]) for c in data.COLOURS}


def blend_checks(s: State, a: Blend) -> list:
    """Why blend ``a`` is refused now (``workshop``, ``p2.forfeit``, ``supply.paints``); [] if legal."""
    reasons = turn_reasons(s, a.player, "workshop")
    if reasons:
        return reasons
    if a.colour not in data.BLENDS:
        return [(Msg("only {colours} can be blended", colours=list(data.BLENDED)), RULES["workshop"])]
    i = s.order[s.actor]
    if not covers(s.players[i].paints, BLEND_VECTORS[a.colour]):
        reasons.append(
            (
                Msg(
                    "{colour} takes {paints}",
                    colour=names.paint(a.colour),
                    paints=names.paints_joined(data.BLENDS[a.colour]),
                ),
                RULES["p2.forfeit"],
            )
        )
    if not supply_covers(s, ONE_PAINT[a.colour]):
        reasons.append((Msg("the supply has no {colour} left", colour=names.paint(a.colour)), RULES["supply.paints"]))
    return reasons


def blend_apply(s: State, a: Blend, events: list) -> None:
    """Workshop: the two primaries back to the supply, the blended paint from it."""
    i = s.order[s.actor]
    p = s.players[i]
    primaries, blended = BLEND_VECTORS[a.colour], ONE_PAINT[a.colour]
    supply, paper = return_to_supply(s.supply, s.paper, primaries)
    supply, paper = take_from_supply(supply, paper, blended)
    set_player(s, i, p.evolve(paints=add(add(p.paints, primaries, -1), blended)), supply=supply, paper=paper)
    tell(
        events,
        RULES["workshop"],
        _blended,
        a,
        s.left - 1,
    )
    use(s, events)


def _blended(a: Blend, left: int) -> Msg:
    """The text of blend ``a`` with ``left`` blends left at this visit."""
    return Msg.n(
        left,
        "{player} blends {paints} into {colour} ({n} blend left)",
        "{player} blends {paints} into {colour} ({n} blends left)",
        player=a.player,
        paints=names.paints_joined(data.BLENDS[a.colour]),
        colour=names.paint(a.colour),
    )


def theater_checks(s: State, a: Theater) -> list:
    """Why ``a`` may not go to the theater now (out of turn, ``p2.resolve``); [] if it may."""
    return turn_reasons(s, a.player, "theater")


def theater_apply(s: State, a: Theater, events: list) -> None:
    """Theater: the mood painter 2 spaces up, clamped to the column (``theater``); with the
    switch ``theater_after_getup`` the 2 spaces are held back (``theater_held``)."""
    i = s.order[s.actor]
    if s.switches.theater_after_getup:
        held = list(s.theater_held or (0,) * s.n)
        held[i] += data.THEATER_MOVE
        assign(s, theater_held=tuple(held))
        tell(
            events,
            RULES["theater"],
            lambda: Msg(
                "{player} goes to the theater: {n} mood spaces up after the next get-up (switch theater_after_getup)",
                player=a.player,
                n=held[i],
            ),
        )
        use(s, events)
        return
    before = s.players[i].mood
    p = s.players[i].evolve(mood=clamp_mood(before + data.THEATER_MOVE))
    set_player(s, i, p)
    tell(
        events,
        RULES["theater"],
        lambda: Msg(
            "{player} goes to the theater: mood space {before} -> {after} "
            "(apprentices change after next round's get-up)",
            player=a.player,
            before=names.mood_space(before),
            after=names.mood_space(p.mood),
        ),
    )
    use(s, events)


def legal(s: State) -> list:
    """The actor's legal actions at the studio, theater or workshop now."""
    i = s.order[s.actor]
    player = s.names[i]
    col = s.sheet[s.loc]
    if col == "studio":
        return [made(Studio, player)]
    if col == "theater":
        return [made(Theater, player)]
    return [a for a in (made(Blend, player, c) for c in data.BLENDED) if not blend_checks(s, a)]
