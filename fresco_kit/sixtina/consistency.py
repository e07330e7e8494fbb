"""Whether a 1980 Sixtina position can arise under the rules: the checks behind
``rules.invariants`` and the loading of saves.

One convention, as in every game: :func:`problems` lists every fault as ``(field,
what is wrong)``; :func:`invariants` (the engine contract's) and :func:`check_state`
(loading) are derived from it, and :func:`state_from_dict` is the rules' loader.

Each check names the field of the readable form (:mod:`.saved`) it is about, such as
``players[1].supply`` or ``places.G1.spaces.repainting``, and says what is wrong, in the
order of the rulebook: the components (*Components*, *Setup*: 84 technique cards,
15/14/13 materials per colour, 3 or 4 black materials, twelve frescoes, three
objectives), the chapel (*Completing the Restoration of Frescoes*: materials only on
visible frescoes, zone icons only on restored ones; sheets only in the variant), the
objectives (a colour once per objective) and the turn (whose turn it is, the decision
owed and that it can be answered, the end of the game).
"""

from __future__ import annotations

from typing import Any

from fresco_kit.core import SaveError

from .codes import (
    COVERED,
    EMPTY,
    FRESCO_TECHS,
    HAND_LIMIT,
    NCARDS,
    NPLACES,
    PLACES,
    PRUDENT,
    RESTORED,
    TECH_INDEX,
    VISIBLE,
    D,
)
from .decisions import decision_options
from .pending import DECISION_TYPES, InitialDecision
from .state import State, load_fields
from .switches import setting

Problem = tuple[str, str]  # (field of the readable form, what is wrong)


def state_from_dict(data: Any, path: str = "state") -> State:
    """A state from ``State.to_dict`` output: every field checked
    (:func:`.state.load_fields`), then the position (:func:`check_state`).

    Raises :class:`fresco_kit.core.SaveError` naming the first fault."""
    state = load_fields(data, path)
    check_state(state, path)
    return state


def invariants(state: State) -> list[str]:
    """Every way ``state`` breaks the rules' consistency, each as ``field: what is
    wrong`` (:func:`problems`); empty when all is well."""
    return [f"{where}: {what}" for where, what in problems(state)]


def check_state(state: State, path: str = "state") -> None:
    """Raise :class:`SaveError` naming the first field where ``state`` breaks the rules."""
    found = problems(state)
    if found:
        where, what = found[0]
        raise SaveError(f"{path + '.' if path else ''}{where}: {what}")


def problems(state: State) -> list[Problem]:
    """Every inconsistency of ``state`` as ``(field, message)``; empty when sound."""
    out: list[Problem] = []
    _shapes(state, out)
    if out:  # the checks below index by these lengths
        return out
    _cards(state, out)
    _materials(state, out)
    _chapel(state, out)
    _objectives(state, out)
    _turn(state, out)
    return out


def materials_total(state: State, colour: int) -> int:
    """How many materials ``colour`` owns (15/14/13 by player count, Gianluigi 15)."""
    if colour >= state.n:
        return int(D.game["gianluigi_materials"])
    return D.player_counts[state.n].materials


def _supply(state: State, colour: int) -> str:
    return "gianluigi.supply" if colour >= state.n else f"players[{colour}].supply"


def _shapes(state: State, out: list[Problem]) -> None:
    """Lengths that follow the number of players, colours and places."""
    n, colours = state.n, len(state.colours)
    if n not in D.player_counts:
        out.append(("players", f"2 to 4 players, not {n}"))
        return
    for name, length in (
        ("hands", n),
        ("display", n),
        ("play", n),
        ("supply", colours),
        ("score", colours),
        ("frescoes", NPLACES),
        ("status", NPLACES),
        ("spaces", NPLACES),
        ("extras", NPLACES),
        ("zone", NPLACES),
        ("sheets", NPLACES),
        ("objectives", 3),
        ("claims", 3),
    ):
        if len(getattr(state, name)) != length:
            out.append((name, f"{length} entries, not {len(getattr(state, name))}"))
    if out:
        return
    for p, fid in enumerate(state.frescoes):
        if fid not in FRESCO_TECHS:
            out.append((f"places.{PLACES[p]}.fresco", f"unknown fresco card {fid!r}"))
        elif len(state.spaces[p]) != len(FRESCO_TECHS[fid]):
            out.append((f"places.{PLACES[p]}.spaces", f"one space per technique of {fid}"))
        if len(state.extras[p]) != colours:
            out.append((f"places.{PLACES[p]}.extras", f"one count per colour ({colours})"))
    if any(len(row) != 3 for row in state.claims):
        out.append(("objectives", "three scoring spaces per objective"))
    made = state.flipped_restorations
    if made is not None and (
        setting(state, "restorations_counted") != "every one made"
        or len(made) != colours
        or any(
            len(row) != 2 * len(TECH_INDEX) + 1 or row[-1] > materials_total(state, c) * NPLACES
            for c, row in enumerate(made)
        )
    ):
        out.append(
            (
                "flipped_restorations",
                f"null, or with the switch restorations_counted 'every one made' one row per colour ({colours}) "
                f"of {2 * len(TECH_INDEX) + 1} counts",
            )
        )
    if not (0 <= state.start < n and 0 <= state.current < n):
        out.append(("current", "a seat of the table"))


def _cards(state: State, out: list[Problem]) -> None:
    """Components: each of the 84 technique cards in exactly one place; hands sorted, at most eight."""
    where: dict[int, str] = {}
    piles = [("deck", state.deck), ("discard", state.discard)]
    piles += [(f"players[{i}].hand", h) for i, h in enumerate(state.hands)]
    piles += [(f"players[{i}].prudent_cards", d) for i, d in enumerate(state.display)]
    for name, pile in piles:
        for card in pile:
            if not 0 <= card < NCARDS:
                out.append((name, f"card ids run from 0 to {NCARDS - 1}, not {card}"))
                return
            if card in where:
                out.append((name, f"card {card} is also in {where[card]} (each technique card is in one place)"))
                return
            where[card] = name
    if len(where) != NCARDS:
        missing = next(c for c in range(NCARDS) if c not in where)
        out.append(
            (
                "deck",
                f"technique card {missing} is nowhere: the {NCARDS} technique cards are in the deck, "
                "the discard pile, the hands and the play areas",
            )
        )
    for i, (hand, kept) in enumerate(zip(state.hands, state.display)):
        if len(hand) > HAND_LIMIT:
            out.append((f"players[{i}].hand", f"at most {HAND_LIMIT} cards (the hand limit), not {len(hand)}"))
        for name, cards in (("hand", hand), ("prudent_cards", kept)):
            if list(cards) != sorted(cards):
                out.append((f"players[{i}].{name}", "card ids in increasing order"))


def _materials(state: State, out: list[Problem]) -> None:
    """Components: every colour's materials and the black materials accounted for."""
    for colour, name in enumerate(state.colours):
        if state.supply[colour] < 0 or (colour < state.n and state.play[colour] < 0):
            out.append((_supply(state, colour), f"{name} has a negative supply or play area"))
            continue
        counted = state.supply[colour] + (state.play[colour] if colour < state.n else 0) + 1  # + score marker
        counted += sum(row.count(colour) for row in state.claims) + state.zone.count(colour)
        for p, row in enumerate(state.spaces):
            counted += state.extras[p][colour]
            counted += sum(1 for code in row if code != EMPTY and (code & 7) == colour and (code >> 3) != PRUDENT)
        owned = materials_total(state, colour)
        if counted != owned:
            out.append(
                (
                    _supply(state, colour),
                    f"{name}'s materials not conserved: {counted} counted "
                    f"(supply, play area, score marker, frescoes, zone icons, objectives) instead of {owned}",
                )
            )
    black = state.black + sum(1 for row in state.spaces for code in row if code != EMPTY and (code >> 3) == PRUDENT)
    owned = D.player_counts[state.n].black_materials
    if state.black < 0 or black != owned:
        out.append(
            ("black", f"black materials not conserved: {black} counted (supply and prudent spaces) instead of {owned}")
        )


def _chapel(state: State, out: list[Problem]) -> None:
    """The twelve frescoes: one card of the place's deck each; materials only on visible
    frescoes, zone icons only on restored ones; sheets only on covered ones (variant)."""
    seen: set[str] = set()
    colours = len(state.colours)
    for p, fid in enumerate(state.frescoes):
        where = f"places.{PLACES[p]}"
        if D.fresco_by_id[fid].deck != D.place_deck[PLACES[p]] or fid in seen:
            out.append(
                (f"{where}.fresco", f"a card of the {D.place_deck[PLACES[p]]} deck not used elsewhere, not {fid}")
            )
        seen.add(fid)
        status, row, extras = state.status[p], state.spaces[p], state.extras[p]
        if status not in (COVERED, VISIBLE, RESTORED):
            out.append((f"{where}.status", "covered, visible or restored"))
            continue
        for code in row:
            if code != EMPTY and not (0 <= code >> 3 <= PRUDENT and (code & 7) < colours and code >= 0):
                out.append((f"{where}.spaces", f"an unknown space code {code}"))
        if any(x < 0 for x in extras):
            out.append((f"{where}.extras", "no negative counts"))
        if status != VISIBLE and (any(code != EMPTY for code in row) or any(extras)):
            out.append((f"{where}.spaces", f"no materials on a {('covered', '', 'restored')[status]} fresco"))
        z = state.zone[p]
        if z != EMPTY and (status != RESTORED or not 0 <= z < colours):
            out.append((f"{where}.zone", "a colour's material only on the zone icon of a restored fresco"))
        sheet = state.sheets[p]
        if sheet != EMPTY and (state.variant != "history" or status != COVERED or not 0 <= sheet < len(D.sheets)):
            out.append((f"{where}.sheet", "a sheet only on a covered fresco, and only in the history variant"))
    sheets = [s for s in state.sheets if s != EMPTY]
    if len(set(sheets)) != len(sheets):
        out.append(("places", "each sheet card covers one place at most"))


def _objectives(state: State, out: list[Problem]) -> None:
    """Three distinct objectives; a colour holds at most one space of each."""
    if len(set(state.objectives)) != 3 or any(o not in D.objective_by_id for o in state.objectives):
        out.append(("objectives", "three distinct objective cards"))
    for k, row in enumerate(state.claims):
        taken = [c for c in row if c != EMPTY]
        if len(set(taken)) != len(taken) or any(not 0 <= c < len(state.colours) for c in taken):
            out.append((f"objectives[{k}].spaces", "each colour at most once per objective"))


def _turn(state: State, out: list[Problem]) -> None:
    """Whose turn, which decision is owed (and can be answered), and the end of the game."""
    n, pending = state.n, state.pending
    decision = pending[0] if pending else None
    kind = decision.KIND if decision is not None else None
    if not 0 <= state.initial_left <= n:
        out.append(("initial_left", f"from 0 to {n}"))
    elif state.initial_left and (kind != "initial" or state.current != state.start):
        out.append(("pending", "the initial restorations of Setup, step 9, come first (from the starting player)"))
    if decision is not None:
        if len(pending) != 1 or type(decision) not in _KINDS:
            out.append(("pending.kind", f"one of {', '.join(DECISION_TYPES)}"))
            return
        seat = state.players.index(decision.player) if decision.player in state.players else -1
        if isinstance(decision, InitialDecision):
            if not state.initial_left or seat != (state.start + n - state.initial_left) % n:
                out.append(
                    (
                        "pending.player",
                        "the player whose initial restoration is next (clockwise from the starting player)",
                    )
                )
        elif seat != state.current:
            out.append(("pending.player", "the player whose turn it is"))
        if kind == "reveal" and state.reveals < 1:
            out.append(("reveals", "at least 1 while a fresco is to be uncovered"))
        if kind == "gianluigi" and not state.gian_due:
            out.append(("gianluigi_due", "Gianluigi's owed restoration while his fresco is to be chosen"))
    if state.reveals and kind in (None, "initial"):
        out.append(("reveals", "0 between turns"))
    # switch two_player_order "uncover first": the player uncovers (and claims) before Gianluigi restores
    answered_first = ("reveal", "claim") if setting(state, "two_player_order") == "uncover first" else ()
    if state.gian_due and (not state.two_player or kind not in ("bonus", "gianluigi", *answered_first)):
        out.append(("gianluigi_due", "null unless Gianluigi (two players) is still to answer a restoration"))
    if state.over and (pending or state.gian_due or state.reveals or state.unrestored()):
        out.append(("over", "true only once every fresco is restored and nothing is owed"))
    if state.last_place != EMPTY and (not state.over or not 0 <= state.last_place < NPLACES):
        out.append(("last_place", "a place only once the game is over"))
    if pending and not out:
        if not decision_options(state):
            out.append(
                (
                    "pending",
                    f"a {kind} decision that {pending[0].player} can answer (none of its choices is possible here)",
                )
            )


_KINDS = frozenset(DECISION_TYPES.values())
