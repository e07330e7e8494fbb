"""Constructed positions: build a legal mid-game State by hand (for examples, notebooks, tests).

:func:`constructed_state` takes what matters for a teaching position (which fresco lies
where, who restored what, hands, play areas, scores, objective claims) and fills in
the rest so that every component is conserved: unnamed cards go to the draw deck,
unplaced materials to the general supply.  The result passes ``rules.invariants``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from .codes import CARD_TECH, CARD_VALUE, FRESCO_TECHS, NCARDS, PLACES, TECH_INDEX, D
from .consistency import problems
from .setup import PLAYER_COUNTS
from .state import COVERED, EMPTY, GIANLUIGI, KIND_NAMES, PRUDENT, STATUS_NAMES, VISIBLE, State, space_code


def card_ids(technique: str, *values: int, taken: set[int] | None = None) -> tuple[int, ...]:
    """Ids of distinct cards of ``technique`` with the given ``values`` (avoiding ``taken``,
    which is updated).  Raises ``ValueError`` when the deck has no such card left."""
    taken = set() if taken is None else taken
    out = []
    t = TECH_INDEX[technique]
    for v in values:
        for c in range(NCARDS):
            if c not in taken and CARD_TECH[c] == t and CARD_VALUE[c] == v:
                taken.add(c)
                out.append(c)
                break
        else:
            raise ValueError(f"no {technique} card of value {v} left")
    return tuple(out)


def constructed_state(
    players: Sequence[str],
    *,
    chapel: Mapping[str, str] | None = None,
    status: Mapping[str, str] | None = None,
    spaces: Mapping[str, Mapping[str, tuple[str, str]]] | None = None,
    extras: Mapping[str, Mapping[str, int]] | None = None,
    zone: Mapping[str, str] | None = None,
    hands: Mapping[str, Sequence[int]] | None = None,
    display: Mapping[str, Sequence[int]] | None = None,
    play: Mapping[str, int] | None = None,
    score: Mapping[str, int] | None = None,
    objectives: Sequence[str] = ("materials8", "three6", "one5"),
    claims: Mapping[str, Sequence[str]] | None = None,
    start: int = 0,
    current: int | None = None,
    variant: Literal["basic", "history"] = "basic",
    over: bool = False,
    last_place: str | None = None,
    rng: int = 1980,
) -> State:
    """A hand-built position; names are players' (or ``"Gianluigi"``), places ``"G1"`` etc.

    - ``chapel``: place -> fresco id (other places get unused cards of the right deck);
    - ``status``: place -> "covered" / "visible" / "restored" (default: the setup's
      visible places for this player count, the rest covered);
    - ``spaces``: place -> {technique: (kind, colour)} with kind "correct" /
      "excellent" / "prudent"; ``extras``: place -> {colour: extra materials};
    - ``zone``: place -> colour on the zone icon (restored places);
    - ``hands`` / ``display``: card ids; ``play``: materials in play areas (default 4);
    - ``score``: the score track (default 0); ``claims``: objective -> colours in space order.
    Raises ``ValueError`` if the position breaks conservation."""
    players = tuple(players)
    n = len(players)
    if n not in PLAYER_COUNTS:
        raise ValueError("2 to 4 players")
    colours = players + ((GIANLUIGI,) if n == 2 else ())
    ci = {c: i for i, c in enumerate(colours)}
    chapel = dict(chapel or {})
    used = set(chapel.values())
    frescoes = []
    for p in PLACES:
        if p in chapel:
            frescoes.append(chapel[p])
            continue
        spare = next(f.id for f in D.frescoes if f.deck == D.place_deck[p] and f.id not in used)
        used.add(spare)
        frescoes.append(spare)
    visible = D.player_counts[n].visible
    st = [VISIBLE if p in visible else COVERED for p in PLACES]
    for p, s in (status or {}).items():
        st[PLACES.index(p)] = STATUS_NAMES.index(s)
    rows = [[EMPTY] * len(FRESCO_TECHS[f]) for f in frescoes]
    for p, techs in (spaces or {}).items():
        i = PLACES.index(p)
        for technique, (kind, colour) in techs.items():
            pos = [t for t, _ in FRESCO_TECHS[frescoes[i]]].index(TECH_INDEX[technique])
            rows[i][pos] = space_code(KIND_NAMES.index(kind), ci[colour])
    ex = [[0] * len(colours) for _ in PLACES]
    for p, by in (extras or {}).items():
        for colour, k in by.items():
            ex[PLACES.index(p)][ci[colour]] = k
    zn = [EMPTY] * len(PLACES)
    for p, colour in (zone or {}).items():
        zn[PLACES.index(p)] = ci[colour]
    hand_t = tuple(tuple(sorted((hands or {}).get(pl, ()))) for pl in players)
    disp_t = tuple(tuple(sorted((display or {}).get(pl, ()))) for pl in players)
    named = [c for h in hand_t + disp_t for c in h]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    deck = tuple(c for c in range(NCARDS) if c not in set(named))
    play_t = tuple((play or {}).get(pl, 4) for pl in players)
    cl = []
    for o in objectives:
        who = [ci[c] for c in (claims or {}).get(o, ())]
        if n == 2 and not (claims or {}).get(o):
            who = [EMPTY, ci[GIANLUIGI]]
        cl.append(tuple(who + [EMPTY] * (3 - len(who))))
    totals = [D.player_counts[n].materials] * n + ([int(D.game["gianluigi_materials"])] if n == 2 else [])
    supply = []
    for c in range(len(colours)):
        placed = 1 + (play_t[c] if c < n else 0) + zn.count(c) + sum(s.count(c) for s in cl)
        placed += sum(ex[p][c] for p in range(len(PLACES)))
        placed += sum(1 for r in rows for code in r if code != EMPTY and (code & 7) == c and (code >> 3) != PRUDENT)
        supply.append(totals[c] - placed)
    prudent = sum(1 for r in rows for code in r if code != EMPTY and (code >> 3) == PRUDENT)
    state = State(
        players=players,
        variant=variant,
        rng=rng,
        start=start,
        current=start if current is None else current,
        deck=deck,
        discard=(),
        hands=hand_t,
        display=disp_t,
        play=play_t,
        supply=tuple(supply),
        black=D.player_counts[n].black_materials - prudent,
        score=tuple((score or {}).get(c, 0) for c in colours),
        frescoes=tuple(frescoes),
        status=tuple(st),
        spaces=tuple(tuple(r) for r in rows),
        extras=tuple(tuple(e) for e in ex),
        zone=tuple(zn),
        objectives=tuple(objectives),
        claims=tuple(cl),
        sheets=(EMPTY,) * len(PLACES),
        over=over,
        last_place=PLACES.index(last_place) if last_place else EMPTY,
    )
    bad = problems(state)
    if bad:
        raise ValueError("constructed position is not consistent: " + "; ".join(f"{w}: {m}" for w, m in bad))
    return state


__all__ = ["card_ids", "constructed_state"]
