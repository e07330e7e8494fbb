"""The random player: fast random play for benchmarks, soak runs and property tests.

:func:`play_random` plays a seeded game to the end with it; :func:`ruleset_comparison`
and :func:`comparison_text` play one seed under each ruleset (Big Box against the base
game, notebook 5; the rule switches and their sources come from :mod:`.rulesets`).

:func:`sample_action` returns a random *legal* action, biased towards progress so that
random games end: plan the cathedral when paints allow, buy paints, blend what a tile
needs, restore what one can.  Every candidate is confirmed by the checks of its
location (``market.buy_checks``, ``cathedral.restore_checks``/``altar_checks``: the ones
``rules.checks`` dispatches to).

:func:`determinize` turns what one player sees (``State.view``) into a whole playable
state, the hidden parts drawn at random, so that a searching bot never peeks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path

from fresco_kit.core import Game, Rng
from fresco_kit.core.actions import made
from fresco_kit.core.forms import from_saved
from fresco_kit.core.interface import load_weights
from fresco_kit.core.memo import last_states

from . import INFO, board, data, new_game
from .actions import Action, Altar, Blend, Buy, Close, Done, Plan, Restore, Studio, Theater, Wake
from .cathedral import altar_checks, altar_options, restore_checks, restore_gain
from .crafts import BLEND_VECTORS, ONE_PAINT
from .final import legal as final_legal
from .market import buy_checks
from .planning import all_counts
from .refs import RULES
from .rulesets import switches_for
from .saved import Paints
from .scoring import altar_readings
from .state import PlayerState, State, View
from .supply import covers, supply_covers
from .track import landing
from .wakeup import free_times


def _choice(s: State, i: int, gain: int, rng: Rng) -> str | None:
    _, options = landing(s, i, gain)
    return rng.choice(sorted(options)) if options else None


def _wanted(s: State, p: PlayerState) -> tuple[int, ...]:
    """Paints of the fresco tile a player is closest to affording (shortfall, then value)."""
    return _wanted_tile(s.fresco, p.paints)


@lru_cache(maxsize=50_000)
def _wanted_tile(fresco: tuple[int, ...], paints: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`_wanted` of a fresco and a holding (cached: playouts ask for the same ones often)."""
    best, key = None, None
    h0, h1, h2, h3, h4, h5 = paints
    for t in fresco:
        if t < 0:
            continue
        need = _NEEDS[t]
        n0, n1, n2, n3, n4, n5 = need
        # the paint pieces missing for this tile (unrolled: a hot path), then its value
        short = (
            (n0 - h0 if n0 > h0 else 0)
            + (n1 - h1 if n1 > h1 else 0)
            + (n2 - h2 if n2 > h2 else 0)
            + (n3 - h3 if n3 > h3 else 0)
            + (n4 - h4 if n4 > h4 else 0)
            + (n5 - h5 if n5 > h5 else 0)
        )
        k = short * 100 - _VALUES[t]
        if key is None or k < key:
            best, key = need, k
    return best or (0,) * len(data.COLOURS)


_BLENDED_INDEX = tuple(data.COLOUR_INDEX[c] for c in data.BLENDED)
_NEEDS = tuple(t.paints for t in data.FRESCO_TILES)
_VALUES = tuple(t.value for t in data.FRESCO_TILES)


def _plan(s: State, rng: Rng) -> tuple[int, tuple[int, ...]]:
    """A plausible plan for the first player still to plan: buy what one can afford, blend
    and restore towards a target tile.  Returns the player's index and the plan."""
    i, short, price, blend_help, altar_ok = _plan_facts(s)
    p = s.players[i]
    wish = {
        "market": min(3, p.thalers // price, 1 + rng.randbelow(3)),
        "cathedral": 2 if short == 0 else 1 if (short <= 2 or altar_ok) else 0,
        "workshop": 1 if blend_help else 0,
        "studio": 1 + (p.thalers < 4) if p.thalers < 8 else rng.randbelow(2),
        "theater": 1 if p.mood <= 2 else 0,
    }
    counts, budget = [], p.apprentices
    seen_cathedral = False
    for col in s.sheet:
        k = wish[col]
        if col == "cathedral":
            k = (1 if short <= 2 or altar_ok else 0) if seen_cathedral else k
            seen_cathedral = True
        k = max(0, min(k, budget, data.SPACES_PER_COLUMN))
        counts.append(k)
        budget -= k
    return i, tuple(counts)


@last_states  # the part of a plan drawn from no dice (rule tracing draws twice per state)
def _plan_facts(s: State) -> tuple[int, int, int, bool, bool]:
    """Who plans next in ``s`` (the first player still to plan) and what that plan weighs
    besides its draws: the paints short of the wanted tile, the market price, whether
    blending would help, whether an altar restoration is open."""
    i = [p.plan for p in s.players].index(None)
    p = s.players[i]
    want = _wanted(s, p)
    short = sum(max(0, n - h) for n, h in zip(want, p.paints))
    blend_help = any(want[k] > p.paints[k] for k in _BLENDED_INDEX)
    altar_ok = bool(altar_options(p.paints, s.switches.altar_own_primary))
    return i, short, max(1, s.price(i)), blend_help, altar_ok


@last_states  # (see _plan_facts)
def _blends(s: State) -> tuple[list[str], list[str]]:
    """The acting player's workshop choices in ``s``: the blends it can make from its paints
    and the supply, and those the wanted tile needs more of (shared lists: read only)."""
    p = s.players[s.order[s.actor]]
    options = [c for c in data.BLENDED if covers(p.paints, BLEND_VECTORS[c]) and supply_covers(s, ONE_PAINT[c])]
    need = _wanted(s, p)
    return options, [c for c in options if need[data.COLOUR_INDEX[c]] > p.paints[data.COLOUR_INDEX[c]]]


#: :func:`.wakeup.free_times`, kept for the last two states (see _plan_facts)
_free_times = last_states(free_times)


def _act(s: State, rng: Rng) -> Action:
    i = s.order[s.actor]
    name, p = s.names[i], s.players[i]
    col = s.sheet[s.loc]
    if col == "market":
        booths = [b for b, booth in enumerate(s.booths, 1) if booth]
        if booths:
            b = rng.choice(booths)
            size = len(s.booths[b - 1])
            k = min(s.left, size, p.thalers // max(1, s.price(i)))
            if k > 0:
                tiles = tuple(sorted(rng.shuffled(range(1, size + 1))[:k]))
                buy = made(Buy, name, b, tiles)
                if not buy_checks(s, buy):
                    return buy
            if rng.randbelow(3) == 0:
                return made(Close, name, b)
    elif col == "cathedral":
        have = p.paints
        can = [seg for seg, t in enumerate(s.fresco) if t >= 0 and covers(have, _NEEDS[t])]
        if can:
            seg = max(can, key=lambda q: (data.FRESCO_TILES[s.fresco[q]].value, rng.randbelow(4)))
            move = None
            if p.thalers > 2 and seg != s.bishop and seg not in board.neighbours()[s.bishop]:
                towards = [n for n in board.neighbours()[s.bishop] if n == seg or n in board.neighbours()[seg]]
                if towards:
                    move = board.square(rng.choice(sorted(towards)))
            restore = made(Restore, name, board.square(seg), move)
            restore = made(Restore, name, restore.segment, move, _choice(s, i, sum(restore_gain(s, restore)), rng))
            if not restore_checks(s, restore):
                return restore
        combos = altar_options(p.paints, s.switches.altar_own_primary) if (s.final or rng.randbelow(4) == 0) else []
        if combos:
            combo = rng.choice(combos)
            offer = made(Altar, name, combo, _choice(s, i, max(altar_readings(combo).values()), rng))
            if not altar_checks(s, offer):
                return offer
    elif col == "studio":
        return made(Studio, name)
    elif col == "theater":
        return made(Theater, name)
    elif col == "workshop":
        options, useful = _blends(s)
        if useful:
            return made(Blend, name, rng.choice(useful))
        if options and rng.randbelow(4) == 0:
            return made(Blend, name, rng.choice(options))
    return made(Done, name)


def sample_action(s: State, rng: Rng) -> Action:
    """A random legal action for the current state (used by bench/soak/property tests).

    Raises ``ValueError`` once the game is over."""
    if s.phase == "wake":
        return made(Wake, s.names[s.chooser[s.wake_at]], rng.choice(_free_times(s)))
    if s.phase == "plan":
        i, counts = _plan(s, rng)
        return made(Plan, s.names[i], counts)
    if s.phase == "act":
        return _act(s, rng)
    if s.phase == "final_count":
        return rng.choice(final_legal(s))
    raise ValueError("the game is over: no action to sample")


def _split(total: int, parts: int, rng: Rng) -> list[int]:
    """``total`` split at random into ``parts`` non-negative whole numbers (random cut points)."""
    if parts == 0:
        return []
    cuts = sorted(rng.randbelow(total + 1) for _ in range(parts - 1))
    bounds = [0, *cuts, total]
    return [bounds[k + 1] - bounds[k] for k in range(parts)]


def determinize(view: View, rng: Rng) -> State:
    """A whole state that agrees with everything ``view`` shows, the hidden parts filled
    in at random from what is possible: the other players' thalers (the bank and the
    viewer's thalers leave the rest of the 196 and of any thalers on paper to share), their
    paints (the supply, the paper notes and the viewer's paints leave the rest of each
    colour), their plans behind the small screens (any plan for their apprentices) and the
    random generator (the bag's future draws).  The bag's contents are open; only its draws are hidden.  The
    state is read straight from the filled-in view (``core.forms.from_saved``: no JSON and
    no check, a view of a state being consistent)."""
    seed = rng.next64()
    mine = view.player(view.viewer)
    hidden = [k for k, p in enumerate(view.players) if p.name != view.viewer]
    assert mine.thalers is not None and mine.paints is not None  # the viewer sees their own
    coins = _split(data.COINS + view.bank_paper - view.bank - mine.thalers, len(hidden), rng)
    paints_left = [
        total + paper - supply - held
        for total, paper, supply, held in zip(
            data.PAINT_COUNTS, view.paper.counts(), view.supply.counts(), mine.paints.counts()
        )
    ]
    shares = [_split(left, len(hidden), rng) for left in paints_left]
    sheet = data.SHEETS[switches_for(view.ruleset, view.switches).final_sheet if view.final else "side1"]
    players = list(view.players)
    for j, k in enumerate(hidden):
        shown = players[k]
        filled = {"thalers": coins[j], "paints": Paints(*(share[j] for share in shares))}
        if shown.planned and shown.plan is None:
            filled["plan"] = tuple(rng.choice(all_counts(len(sheet), data.OWN_APPRENTICES + shown.helper)))
        players[k] = shown.evolve(**filled)
    return from_saved(State, view.evolve(rng=seed, players=tuple(players)))


def determinizer(view: View) -> Callable[[Rng], State]:
    """``draw(rng)`` giving what :func:`determinize` gives for ``view`` and ``rng`` (the
    same state for the same generator, drawn in the same order), fast: ``view`` is loaded
    and checked once (a first guess) and each draw shares out the hidden thalers, paints
    and plans again on a copy of that guess, unchecked.  For searching bots, which fill in
    one view many times a decision (the checked loader was a third of a Monte Carlo
    iteration); raises what :func:`determinize` raises for an inconsistent view."""
    base = determinize(view, Rng(0))  # checked: a view that does not add up raises here
    mine = next(p for p in view.players if p.name == view.viewer)
    hidden = [k for k, p in enumerate(view.players) if p.name != view.viewer]
    assert mine.thalers is not None and mine.paints is not None  # the viewer sees their own
    coins = data.COINS + view.bank_paper - view.bank - mine.thalers
    paints_left = [
        total + paper - supply - held
        for total, paper, supply, held in zip(
            data.PAINT_COUNTS, view.paper.counts(), view.supply.counts(), mine.paints.counts()
        )
    ]
    sheet = data.SHEETS[switches_for(view.ruleset, view.switches).final_sheet if view.final else "side1"]
    plans = [
        all_counts(len(sheet), data.OWN_APPRENTICES + view.players[k].helper)
        if view.players[k].planned and view.players[k].plan is None
        else None
        for k in hidden
    ]

    def draw(rng: Rng) -> State:
        seed = rng.next64()
        thalers = _split(coins, len(hidden), rng)
        shares = [_split(left, len(hidden), rng) for left in paints_left]
        players = list(base.players)
        for j, k in enumerate(hidden):
            paints = tuple(share[j] for share in shares)
            plan = plans[j]
            if plan is None:
                players[k] = players[k].evolve(thalers=thalers[j], paints=paints)
            else:
                players[k] = players[k].evolve(thalers=thalers[j], paints=paints, plan=tuple(rng.choice(plan)))
        return base.evolve(players=tuple(players), rng=seed)

    return draw


def play_random(
    seed: int, ruleset: str = "base", n: int = 4, switches: Mapping | None = None, max_actions: int = 20_000
) -> Game:
    """A seeded game of ``n`` players played to the end by :func:`sample_action` under
    ``ruleset``; ``switches`` overrides single ruleset switches.  Raises ``RuntimeError``
    if it does not end within ``max_actions``."""
    game = new_game(INFO.players(n), seed=seed, ruleset=ruleset, switches=dict(switches or {}))
    rng = Rng(seed + 1_000_003)
    for _ in range(max_actions):
        if game.is_over:
            return game
        game.play(sample_action(game.state, rng))
    raise RuntimeError(f"seed {seed} under {ruleset} did not end in {max_actions} actions")


def ruleset_comparison(seed: int, n: int = 4) -> dict[str, dict]:
    """One seed played under "base" and "bigbox": rounds, final scores, winners, and how
    often each Big Box switch fired (events citing its rule)."""
    out = {}
    for ruleset in ("base", "bigbox"):
        game = play_random(seed, ruleset, n)
        cited: dict[str, int] = {}
        for turn in game.history:
            for e in turn.events:
                if e.rule is not None:
                    cited[e.rule.id] = cited.get(e.rule.id, 0) + 1
        out[ruleset] = {
            "rounds": game.state.round,
            "actions": len(game.history),
            "tiles left": game.state.tiles_left,
            "scores": {nm: p.vp for nm, p in zip(game.state.names, game.state.players)},
            "winners": game.scores().winners,
            "cited": cited,
            "paper": sum(game.state.paper),
        }
    return out


def comparison_text(seed: int, n: int = 4) -> str:
    """:func:`ruleset_comparison` as a side-by-side text table."""
    result = ruleset_comparison(seed, n)
    base, bigbox = result["base"], result["bigbox"]
    lines = [
        f"seed {seed}, {n} players, random legal play (the engine's sample_action)",
        f"{'':<28}{'base':>12}{'bigbox':>12}",
    ]
    for key in ("rounds", "actions", "tiles left"):
        lines.append(f"{key:<28}{base[key]:>12}{bigbox[key]:>12}")
    for nm in base["scores"]:
        lines.append(f"{'VP ' + nm:<28}{base['scores'][nm]:>12}{bigbox['scores'][nm]:>12}")
    lines.append(f"{'winner':<28}{' & '.join(base['winners']):>12}{' & '.join(bigbox['winners']):>12}")
    lines.append(f"{'paints noted on paper':<28}{base['paper']:>12}{bigbox['paper']:>12}")
    lines.append("events per rule (checklist id):")
    for rid in RULES:
        if rid in base["cited"] or rid in bigbox["cited"]:
            lines.append(f"  {rid:<26}{base['cited'].get(rid, 0):>12}{bigbox['cited'].get(rid, 0):>12}")
    return "\n".join(lines)


#: weights of :func:`evaluate`: the score sheet's categories (VP so far) and the progress
#: terms ``"paints"`` (per paint piece held), ``"restorations"`` (per VP of the fresco tile
#: the held paints come closest to, times the square of the share of its paints held),
#: before the final money count ``"thalers"`` (per thaler: 2 make a VP at the end, and
#: they buy paints), ``"tiles"`` (per restored tile held: each pays a thaler of income a
#: round), ``"mood"`` (per space up the mood column: low mood costs an apprentice, high
#: mood lends one) and ``"apprentices"`` (per apprentice the mood adds, -1 to 1)
WEIGHTS: dict[str, float] = {
    "fresco tiles": 1.0,
    "bishop bonus": 1.0,
    "altar": 1.0,
    "track collisions": 1.0,
    "money": 1.0,
    "paints": 0.3,
    "restorations": 1.0,
    "thalers": 0.25,
    "tiles": 0.0,
    "mood": 0.0,
    "apprentices": 0.0,
}
_LABELS = ("fresco tiles", "bishop bonus", "altar", "track collisions", "money")


def evaluate(state: State, player: str, weights: Mapping[str, float] | None = None) -> float:
    """How good ``state`` looks for ``player`` (a greedy bot's heuristic): the VP of each
    scoring category weighted, plus the paints held (toward restorations), how near the
    paints held come to a tile on the fresco and, until money is scored, the thalers, the
    tiles held (income), the mood and the apprentices it adds or takes; ``weights``
    overrides :data:`WEIGHTS` by key."""
    w = WEIGHTS if weights is None else {**WEIGHTS, **weights}
    p = state.players[state.names.index(player)]
    value = sum(w[c] * v for c, v in zip(_LABELS, p.points))
    value += w["paints"] * sum(p.paints)
    value += w["restorations"] * _nearest_tile(state.fresco, p.paints)
    if state.phase != "over":
        value += w["thalers"] * p.thalers + w["tiles"] * len(p.tiles)
        value += w["mood"] * p.mood + w["apprentices"] * p.helper
    return value


@lru_cache(maxsize=50_000)
def _nearest_tile(fresco: tuple[int, ...], paints: tuple[int, ...]) -> float:
    """The most a tile on the fresco is worth times the square of the share of its paint
    pieces ``paints`` holds (cached: greedy bots ask it for the same holdings often)."""
    best = 0.0
    for t in fresco:
        if t < 0:
            continue
        need = _NEEDS[t]
        share = sum(min(n, h) for n, h in zip(need, paints)) / sum(need)
        best = max(best, _VALUES[t] * share * share)
    return best


#: the weights the searching bots (``best``) rate positions with: those tuned by self-play
#: and kept in ``weights.json`` beside this module (the command that made them is in the
#: file; ``fresco_kit.sim.tune``), else :data:`WEIGHTS`
SEARCH_WEIGHTS: dict[str, float] | None = load_weights(Path(__file__).with_name("weights.json"))
#: the bot ``best`` plays (``fresco_kit.sim.bots.BestBot``; ``fresco_kit.sim.bots`` documents
#: the names), chosen by screens of 9-12 games at about 40 ms of CPU a decision.  Measured
#: with 3 players, its seat rotated over seeds 0..N-1, win share with Wilson 95% intervals:
#: vs two kit bots 0.353 [0.260, 0.459] of 85 games, vs two greedy 0.681 [0.538, 0.796] of 47;
#: 37 ms median, 79-88 ms 95th percentile of CPU a decision
BEST = "mcts:35:d24:c1.4"
