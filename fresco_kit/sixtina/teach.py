"""Teaching queries for the 1980 Sixtina notebooks and widgets, built on the engine.

Nothing here decides a rule: each function sets up a (what-if) position and asks the
engine — ``rules`` / ``restoration.explore_restoration`` for legality,
``completion.completion_result`` for scoring a fresco, ``scoring`` and
``final.winners`` for the final sheet, ``gianluigi`` for the robot's reply — so the
notebooks show exactly what the engine does.  Positions are built with
``positions.constructed_state`` (components conserved).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from fresco_kit.core import Event, Game, Rng
from fresco_kit.core.text import plural

from . import gianluigi, objectives, rules
from .codes import CARD_HALVES, CARD_VALUE, FRESCO_TECHS, PLACES, D
from .completion import CompletionResult, completion_result
from .data import TECHNIQUES
from .final import RULEBOOK_FINAL_INPUTS, FinalInputs, final_sheet, prudent_breakdown
from .pending import BonusDecision, InitialDecision
from .positions import card_ids, constructed_state
from .restoration import RestorationOutcome, bonus_options, explore_restoration, restoration_kind, restore_in_place
from .state import KIND_NAMES, RESTORED, VISIBLE, State

PLAYER_NAMES = ("Red", "White", "Blue", "Yellow")


def technique_name(technique: str) -> str:
    """``"solvent_sponge"`` -> ``"Solvent Sponge"``."""
    return D.technique_names[technique]


def parse_values(text: str) -> tuple[int, ...]:
    """Card values written ``"2, 2, 3"`` (or with spaces).  Raises ``ValueError``."""
    parts = [p for p in text.replace(",", " ").split() if p]
    try:
        values = tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError(f"card values must be whole numbers, e.g. '2, 3': {text!r}") from None
    if any(v < 1 for v in values):
        raise ValueError("card values are at least 1")
    return values


# -- Setup ------------------------------------------------------------------------------
@dataclass(frozen=True)
class SetupSummary:
    """What the Setup section gives a table of ``n`` players (read off the engine's setup)."""

    players: tuple[str, ...]
    materials_each: int
    play_area_each: int
    black: int
    visible: tuple[tuple[str, str], ...]  # (place, fresco name)
    starting_scores: tuple[tuple[str, int], ...]  # clockwise from the starting player
    objectives: tuple[tuple[str, tuple[int, int, int]], ...]
    initial: tuple[str, ...]  # the initial restorations (event texts)
    state: State  # after every initial restoration

    def to_text(self) -> str:
        """The table as text."""
        n = len(self.players)
        lines = [
            f"{n} players: {', '.join(self.players)}",
            f"  materials per player: {self.materials_each} ({self.play_area_each} to the play area, "
            "1 on the score track, the rest to the general supply)",
            f"  black materials in the general supply: {self.black}",
            f"  visible frescoes ({len(self.visible)}): " + "; ".join(f"{p} {name}" for p, name in self.visible),
            f"  starting player (drawn at random): {self.state.players[self.state.start]}; play runs clockwise",
            "  starting score spaces: " + ", ".join(f"{who} {s}" for who, s in self.starting_scores),
            "  objectives (points for the 1st / 2nd / 3rd space):",
        ]
        lines += [f"    {pts}: {D.objective_by_id[o].condition}" for o, pts in self.objectives]
        if n == 2:
            lines.append(
                f"  Gianluigi: {plural(rules.materials_total(self.state, 2), 'material')}, score marker on "
                f"{self.state.score[2]}, one material on the second space of each objective"
            )
        lines.append("  initial correct restorations (Setup, step 9):")
        lines += [f"    {text}" for text in self.initial]
        return "\n".join(lines)


def setup_summary(n: int, seed: int = 0) -> SetupSummary:
    """Set up ``n`` players with the engine and answer each initial restoration with its
    first legal option, so the summary shows the position where play begins."""
    players = PLAYER_NAMES[:n]
    game = Game(rules, players, seed)
    state = game.state
    starting = tuple((state.players[(state.start + k) % n], state.score[(state.start + k) % n]) for k in range(n))
    first = state.decision
    initial = (
        [f"{first.player} reveals {technique_name(TECHNIQUES[first.technique])} for the initial restoration"]
        if isinstance(first, InitialDecision)
        else []
    )
    while isinstance(game.state.decision, InitialDecision):
        initial += [e.text for e in game.play(game.legal_actions()[0]) if e.rule and e.rule.id == "setup.initial"]
    s = game.state
    return SetupSummary(
        players=tuple(players),
        materials_each=rules.materials_total(s, 0),
        play_area_each=state.play[0],
        black=s.black,
        visible=tuple((PLACES[p], s.fresco(p).name) for p in range(len(PLACES)) if s.status[p] == VISIBLE),
        starting_scores=starting,
        objectives=tuple((o, D.objective_by_id[o].points(n)) for o in s.objectives),
        initial=tuple(initial),
        state=s,
    )


@lru_cache(maxsize=64)
def mid_game_state(seed: int = 5, n: int = 3, restored: int = 3) -> State:
    """A seeded random game (``rules.sample_action``) stopped once ``restored`` frescoes
    are restored and no decision is pending: a mid-game position for pictures.

    Played with the engine's fast path (the legal sampled moves need no checks) and
    remembered, since widgets ask for the same positions again; states are values."""
    s = Game(rules, PLAYER_NAMES[:n], seed).state
    rng = Rng(seed)
    while not s.over:
        if not s.pending and s.status.count(RESTORED) >= restored:
            break
        s = rules.apply_fast(s, rules.sample_action(s, rng))
    return s


# -- How to Play: the restoration explorer ----------------------------------------------
@dataclass(frozen=True)
class Exploration:
    """A what-if restoration: the engine's outcome, and what playing it would cause."""

    outcome: RestorationOutcome
    events: tuple[Event, ...] = ()
    bonuses: tuple[str, ...] = ()
    state: State | None = None  # the what-if position the question was asked on
    placed: State | None = None  # the materials placed, before any completion is scored

    def to_text(self) -> str:
        """The outcome as text."""
        o = self.outcome
        lines = [o.to_text()]
        if self.events:
            lines.append("  the engine would play it like this:")
            lines += [f"    {e.text}" for e in self.events]
        if self.bonuses:
            lines.append("  bonus to choose: " + ", ".join(self.bonuses))
        if not o.legal:
            lines.append("  rules cited: " + "; ".join(sorted({r.citation for _, r in o.reasons})))
        return "\n".join(lines)


def what_if_hand(state: State, seat: int, technique: str, values: Sequence[int]) -> tuple[State, tuple[int, ...]]:
    """A copy of ``state`` where ``seat`` holds cards of ``technique`` with ``values``
    (taken from the deck or the seat's own hand; the old hand goes back to the deck).
    Raises ``ValueError`` when the game has no such cards left."""
    elsewhere = set(state.discard) | {c for i, h in enumerate(state.hands) if i != seat for c in h}
    elsewhere |= {c for d in state.display for c in d}
    cards = card_ids(technique, *values, taken=set(elsewhere))
    hands = list(state.hands)
    back = tuple(c for c in hands[seat] if c not in cards)
    hands[seat] = tuple(sorted(cards))
    s = state.evolve(hands=tuple(hands), deck=tuple(c for c in state.deck if c not in cards) + back)
    return s, cards


def explore(
    state: State,
    place: str,
    technique: str,
    values: Sequence[int],
    seat: int | None = None,
    extra: int = 0,
    play_area: int | None = None,
    black: int | None = None,
) -> Exploration:
    """What ``values`` of ``technique`` on ``place`` would be for ``seat`` (default: the
    player to act), with optional what-ifs for the play area and the black materials.

    The answer is the engine's ``explore_restoration``; when legal, the engine's preview
    of the action gives the events and the bonus options."""
    seat = state.current if seat is None else seat
    s, cards = what_if_hand(state, seat, technique, values)
    s = s.evolve(current=seat)
    if play_area is not None:
        moved = play_area - s.play[seat]
        moved = min(moved, s.supply[seat])
        play, supply = list(s.play), list(s.supply)
        play[seat] += moved
        supply[seat] -= moved
        s = s.evolve(play=tuple(play), supply=tuple(supply))
    if black is not None:
        s = s.evolve(black=black)
    outcome = explore_restoration(s, place, technique, cards, seat, extra)
    if not outcome.legal:
        return Exploration(outcome, state=s)
    game = Game(rules, s.players, None, {}, state=s)
    preview = game.preview(rules.Restore(place, technique, cards, extra))
    after = preview.state
    bonuses: tuple[str, ...] = ()
    if isinstance(after.decision, BonusDecision):
        bonuses = tuple(str(b) for b in bonus_options(after, seat))
    placed = s.evolve()
    restore_in_place(placed, seat, rules.Restore(place, technique, cards, extra), [])
    return Exploration(outcome, preview.events, bonuses, s, placed)


# -- Completing the Restoration of Frescoes: the completion calculator -------------------
def place_for(fresco_id: str, taken: set[str] | None = None) -> str:
    """The first chapel place of the fresco's deck not in ``taken``."""
    deck = D.fresco_by_id[fresco_id].deck
    for p in PLACES:
        if D.place_deck[p] == deck and p not in (taken or set()):
            return p
    raise ValueError(f"no free place for another {deck} fresco")


def completion_position(
    fresco_id: str,
    occupants: Sequence[tuple[str, str] | None],
    extras: Mapping[str, int],
    players: Sequence[str] = PLAYER_NAMES[:3],
) -> tuple[State, str]:
    """A position with ``fresco_id`` visible, its technique spaces (left to right) holding
    ``occupants`` ((kind, colour) or None) and ``extras`` per colour.  Returns (state, place).
    Raises ``ValueError`` when the position cannot exist (e.g. too many prudent spaces)."""
    f = D.fresco_by_id[fresco_id]
    if len(occupants) != len(f.techniques):
        raise ValueError(f"{f.name} has {len(f.techniques)} techniques")
    place = place_for(fresco_id)
    spaces = {t: occ for (t, _), occ in zip(f.techniques, occupants) if occ is not None}
    state = constructed_state(
        players,
        chapel={place: fresco_id},
        status={place: "visible"},
        spaces={place: spaces},
        extras={place: {c: k for c, k in extras.items() if k}},
    )
    return state, place


def completion(
    fresco_id: str,
    occupants: Sequence[tuple[str, str] | None],
    extras: Mapping[str, int],
    players: Sequence[str] = PLAYER_NAMES[:3],
    half: bool = False,
) -> CompletionResult:
    """The engine's scoring of that fresco (steps 1-4; ``half`` for the game's last fresco)."""
    state, place = completion_position(fresco_id, occupants, extras, players)
    return completion_result(state, place, half=half)


# -- Two-Player Games: Gianluigi's reply ------------------------------------------------
@dataclass(frozen=True)
class GianluigiReply:
    """What Gianluigi answers to a restoration with ``values`` of ``technique``."""

    technique: str
    values: tuple[int, ...]
    icons: float  # material icons of the cards played
    extra: int  # extra materials (icons rounded down)
    candidates: tuple[tuple[str, str, int], ...]  # (place, kind, required) every free space
    options: tuple[str, ...]  # places of his best priority (the player picks one)
    kind: str  # the kind he makes, or "" when he cannot restore
    state: State
    player: str = ""  # the activating player's own restoration, described
    after: State | None = None  # after his restoration at the first option (engine's own step)

    def to_text(self) -> str:
        """Gianluigi's reply as text."""
        lines = [
            f"{technique_name(self.technique)} worth {sum(self.values)} (cards {', '.join(map(str, self.values))}); "
            f"material icons {self.icons:g} -> {plural(self.extra, 'extra material')}"
        ]
        if self.player:
            lines.append(f"  {self.player}")
        if not self.candidates:
            lines.append("  no visible fresco has that technique free: Gianluigi does not restore")
            return "\n".join(lines)
        lines.append("  free spaces with that technique (priority: excellent, correct, prudent):")
        for place, kind, req in self.candidates:
            mark = "  <- option" if place in self.options and kind == self.kind else ""
            lines.append(f"    {place} {self.state.fresco(PLACES.index(place)).name}: requires {req} -> {kind}{mark}")
        if self.kind:
            who = "a black material" if self.kind == "prudent" else "a material of his colour"
            choice = (
                "the activating player chooses among " + ", ".join(self.options)
                if len(self.options) > 1
                else f"at {self.options[0]}"
            )
            article = "an" if self.kind[0] in "aeiou" else "a"
            lines.append(
                f"  Gianluigi makes {article} {self.kind} restoration with {who}, {choice}, "
                f"plus {plural(self.extra, 'extra material')}"
            )
        else:
            lines.append("  no black material for a prudent restoration: Gianluigi does not restore")
        return "\n".join(lines)


def gianluigi_reply(
    frescoes: Sequence[str],
    technique: str,
    values: Sequence[int],
    restored_at: str | None = None,
    black: int | None = None,
) -> GianluigiReply:
    """Two players (Blue and Red) with ``frescoes`` visible; Blue has just restored
    ``technique`` with ``values`` on the fresco ``restored_at`` (a fresco id, if given).
    Gianluigi's options come from ``gianluigi.all_options`` / ``gianluigi.options``."""
    values = tuple(values)
    taken: set[str] = set()
    chapel = {}
    for fid in frescoes:
        p = place_for(fid, taken)
        taken.add(p)
        chapel[p] = fid
    status = {p: ("visible" if p in chapel else "covered") for p in PLACES}
    spaces, player = {}, ""
    if restored_at is not None and restored_at in frescoes:
        p = next(q for q, f in chapel.items() if f == restored_at)
        req = dict(D.fresco_by_id[restored_at].techniques).get(technique)
        name = D.fresco_by_id[restored_at].name
        if req is None:
            player = f"({name} has no {technique_name(technique)}: the player restored elsewhere)"
        else:
            kind = KIND_NAMES[restoration_kind(sum(values), req)]
            spaces[p] = {technique: (kind, "Blue")}
            player = f"Blue's own restoration: {kind} on {name} at {p} (requires {req}); that space is now taken"
    state = constructed_state(
        ("Blue", "Red"), chapel=chapel, status=status, spaces=spaces, objectives=("one5", "cor2", "prudent5")
    )
    if black is not None:
        state = state.evolve(black=black)
    cards = card_ids(technique, *values)
    t = TECHNIQUES.index(technique)
    halves = sum(CARD_HALVES[c] for c in cards)
    due = (t, sum(CARD_VALUE[c] for c in cards), halves)
    cands = []
    order = {k: i for i, k in enumerate((1, 0, 2))}  # excellent, correct, prudent
    for o in sorted(gianluigi.all_options(state, t, due[1]), key=lambda o: (order[o.kind], o.place)):
        req = FRESCO_TECHS[state.frescoes[o.place]][o.position][1]
        cands.append((PLACES[o.place], KIND_NAMES[o.kind], req))
    best = gianluigi.options(state, due)
    after = None
    if best:
        after = state.evolve(gian_due=due)
        gianluigi.restore_in_place(after, best[0], [])
    return GianluigiReply(
        technique,
        values,
        halves / 2,
        gianluigi.extra_materials(halves),
        tuple(cands),
        tuple(PLACES[o.place] for o in best),
        KIND_NAMES[best[0].kind] if best else "",
        state,
        player,
        after,
    )


__all__ = [
    "RULEBOOK_FINAL_INPUTS",
    "Exploration",
    "FinalInputs",
    "GianluigiReply",
    "SetupSummary",
    "completion",
    "completion_position",
    "explore",
    "final_sheet",
    "gianluigi_reply",
    "mid_game_state",
    "parse_values",
    "place_for",
    "prudent_breakdown",
    "setup_summary",
    "technique_name",
    "what_if_hand",
]


# -- Objectives: what the kit measures on the board ------------------------------------
#: objective id -> what the kit counts on the board for it (``objective_measure``)
OBJECTIVE_MEASURES: dict[str, str] = {
    "materials8": "own materials on ongoing frescoes (spaces and extras) plus zone icons held",
    "three6": "own materials on the three ongoing frescoes holding most of them (0 with fewer than three)",
    "one5": "own materials on the ongoing fresco holding most of them",
    "exc2": "own materials on bottom (excellent) spaces of Repainting, Washi Paper or Laboratory, ongoing frescoes",
    "cor2": "own materials on top (correct) spaces of Laboratory, Infrared or Solvent Sponge, ongoing frescoes",
    "ec3": "own materials on top or bottom spaces of Solvent Sponge, Plaster Injection or Repainting, ongoing frescoes",
    "adjacent3": "zone icons held: the largest group of them joined by chapel adjacencies",
    "sametype2": "zone icons held: the most of them on frescoes of one type",
    "difftype3": "zone icons held: how many fresco types they cover",
    "prudent_same3": "kept prudent cards: the most of one technique",
    "prudent5": "kept prudent cards",
    "prudent_diff3": "kept prudent cards: how many techniques",
}


def objective_measure(state: State, colour: int, objective: str) -> tuple[int, int]:
    """``(count, needed)``: what the kit counts on the board for ``objective`` and the
    threshold for this player count (``objectives.objective_count``, which decides
    ``objectives.objective_met``)."""
    return objectives.objective_count(state, colour, objective)


@dataclass(frozen=True)
class ObjectiveLine:
    """One objective for one player in a position: met or not, claimable or why not."""

    objective: str
    group: str
    condition: str
    in_play: bool
    count: int
    needed: int
    met: bool
    problems: tuple[str, ...]  # why it cannot be claimed now (empty: claimable)

    def to_text(self) -> str:
        """One line: the objective, the count against the threshold, and the verdict."""
        verdict = "; ".join(p.replace(f" the objective “{self.condition}”", " it") for p in self.problems)
        verdict = verdict or "claimable (by an Objective bonus or an objective sheet)"
        if not self.in_play:
            verdict = ("met" if self.met else "not met") + " (not in play)"
        return f"{self.count:>2} / {self.needed:<2} {self.condition}: {verdict}"


def objectives_report(state: State, colour: int) -> list[ObjectiveLine]:
    """The twelve objectives for ``colour`` in ``state``: the count the kit reads on the
    board, the threshold for this player count, whether the condition is met and, for the
    three in play, every reason a claim would be refused (``objectives.claim_problems``)."""
    out = []
    for o in D.objectives:
        count, needed = objective_measure(state, colour, o.id)
        met = objectives.objective_met(state, colour, o.id)
        in_play = o.id in state.objectives
        problems = tuple(objectives.claim_problems(state, colour, o.id)) if in_play else ()
        out.append(ObjectiveLine(o.id, o.group, o.condition, in_play, count, needed, met, problems))
    return out
