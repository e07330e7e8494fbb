"""Teaching queries on top of the Fresco engine (for the widgets, drawings and notebooks).

Nothing here decides a rule: every answer comes from playing actions through
:class:`fresco_kit.core.Game`, from ``rules.checks`` or from :mod:`.scoring`, on
positions built with :mod:`.positions` (pieces moved with the supplies balanced).

- :func:`wake_up` -- Phase I for chosen get-up times: who chooses when, mood (clamped),
  apprentices, market price and the phase II order (Fresco rulebook, I. Choosing get
  up time and adjusting mood).
- :func:`plan_report` -- an action-sheet allocation: what each column would do, and
  every reason the engine refuses it (II. Planning actions).
- :func:`bishop_bonus_grid` -- the bishop's bonus for every segment (Cathedral).
- :func:`altar_report` -- three paints: points, the readings, or the refusal (Cathedral).
- :func:`blending_rows` -- the blending table (Workshop).
- :func:`final_count` -- the final money count and its collisions (End of the Game;
  Big Box, Final point count).
- :func:`play_random` / :func:`ruleset_comparison` / :func:`comparison_text` -- one seed
  played by the random player under each ruleset, Big Box against the base game (from
  :mod:`.bots`); :func:`switch_table_html` -- the table of their differences (from
  :mod:`.rulesets`).
- :func:`example` -- a worked example of :mod:`.examples`, e.g. ``example("Income").show()``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from html import escape

from fresco_kit.core import Event, Game, RuleError, RuleRef
from fresco_kit.core.text import plural

from . import board, data, new_game, rules
from .actions import Done, Plan, Wake
from .bots import comparison_text, play_random, ruleset_comparison
from .data import CATEGORIES
from .examples import example
from .names import mood_space
from .positions import edit, play_round_start
from .refs import RULES
from .rulesets import switch_table_html
from .scoring import altar_points, altar_readings, bishop_bonus
from .state import State

__all__ = [
    "altar_report",
    "bishop_bonus_grid",
    "blending_rows",
    "comparison_html",
    "comparison_text",
    "example",
    "final_count",
    "narrate_round",
    "narrate_round_html",
    "plan_report",
    "play_random",
    "players_for",
    "reasons_text",
    "ruleset_comparison",
    "switch_table_html",
    "wake_up",
]

PLAYERS = ("Red", "White", "Blue", "Yellow")
Reason = tuple[str, RuleRef]


def players_for(n: int) -> list[str]:
    """The kit's player names for ``n`` players (3 or 4)."""
    if n not in data.PLAYER_COUNTS:
        raise ValueError(f"Fresco is for {data.PLAYER_COUNTS} players, not {n}")
    return list(PLAYERS[:n])


def event_line(event: Event) -> str:
    """An engine event for learner text: what happened and the rulebook section it follows
    (the checklist id stays on ``event.rule`` for tests and tools)."""
    return f"{event.text}  ({event.rule.section})" if event.rule is not None else event.text


def reasons_text(reasons: Sequence[Reason]) -> str:
    """Refusal reasons, one per line, each with the rulebook section it rests on (the checklist
    id stays out of learner text: the rule's ``checklist_id`` is on the reason for tests and tools)."""
    return "\n".join(f"  - {msg}\n    ({ref.citation})" for msg, ref in reasons)


# -- Phase I ------------------------------------------------------------------------------
@dataclass
class WakeRow:
    player: str
    chooses: int  # 1 = chooses first
    time: int
    mood_change: int
    mood_before: int
    mood_after: int
    price: int
    apprentices: int
    position: int  # place in the phase II order (1 = first)

    @property
    def clamped(self) -> bool:
        return self.mood_before + self.mood_change != self.mood_after


@dataclass
class WakeReport:
    rows: list[WakeRow] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    refused: list[Reason] = field(default_factory=list)
    refused_action: str = ""
    state: State | None = None  # the position after the get-ups (e.g. for draw.draw_board)

    def text(self) -> str:
        lines = []
        if self.rows:
            lines.append(
                f"{'player':<8}{'chooses':>8}{'time':>6}{'mood':>6}{'mood space':>13}"
                f"{'price':>7}{'apprentices':>13}{'acts':>6}"
            )
            for r in sorted(self.rows, key=lambda r: r.chooses):
                space = f"{r.mood_before}->{r.mood_after}" + ("*" if r.clamped else "")
                lines.append(
                    f"{r.player:<8}{r.chooses:>8}{r.time:>6}{r.mood_change:>+6d}{space:>13}"
                    f"{r.price:>7}{r.apprentices:>13}{r.position or '-':>6}"
                )
            if any(r.clamped for r in self.rows):
                lines.append("* clamped: the mood painter stops at the end of the column")
        if self.refused:
            lines.append(f"refused: {self.refused_action}")
            lines.append(reasons_text(self.refused))
        if self.events:
            lines.append("")
            lines.append("engine events:")
            lines.extend(f"  {e}" for e in self.events)
        return "\n".join(lines)


def wake_up(
    times: Mapping[str, int], moods: Mapping[str, int] | None = None, vp: Mapping[str, int] | None = None, seed: int = 0
) -> WakeReport:
    """Play Phase I of a first round (or with ``vp`` track spaces) with these get-up times.

    ``times`` gives every player's time (its keys are the players, 3 or 4 of
    :data:`PLAYERS`); ``moods`` their mood-column space before getting up, counted from 1
    at the bottom as the board shows it (:func:`.names.mood_space`; the rows say the spaces
    the same way).  The engine decides the choosing order (last on the track first); a
    refused choice (e.g. a time already taken) stops the report and lists the engine's
    reasons.  Raises ValueError for a mood space off the column."""
    names = list(times)
    game = new_game(names, seed=seed)
    changes: dict[str, dict[str, int]] = {nm: {} for nm in names}
    for nm, m in (moods or {}).items():
        if not 1 <= m <= data.MOOD_LENGTH:
            raise ValueError(f"{nm}: mood space {m!r} is off the column (spaces 1 to {data.MOOD_LENGTH})")
        changes[nm]["mood"] = m - 1  # the state counts the column from 0
    for nm, v in (vp or {}).items():
        changes[nm]["vp"] = v
    game = game.with_state(edit(game.state, players=changes))
    report = WakeReport()
    before = {nm: mood_space(game.state.player(nm).mood) for nm in names}
    rank = 0
    while game.state.phase == "wake":
        name = game.state.to_move[0]
        action = Wake(name, times[name])
        verdict = game.explain(action)
        if not verdict.ok:
            report.refused, report.refused_action = list(verdict.reasons), str(action)
            break
        rank += 1
        report.events.extend(event_line(e) for e in game.play(action))
        p = game.state.player(name)
        report.rows.append(
            WakeRow(
                name,
                rank,
                p.time,
                data.INN[p.time][0],
                before[name],
                mood_space(p.mood),
                game.state.price(names.index(name)),
                p.apprentices,
                0,
            )
        )
    report.state = game.state
    if game.state.phase == "plan":
        place = {game.state.names[i]: k + 1 for k, i in enumerate(game.state.order)}
        for r in report.rows:
            r.position = place[r.player]
    return report


# -- Phase II planning ------------------------------------------------------------------------
WHAT = {
    "market": "pick one booth: buy up to {tiles} at your price ({price} each), or close it for free",
    "cathedral": "restore up to {segments} and/or the altar (one per apprentice)",
    "studio": "paint portraits: +{thalers} thalers",
    "workshop": "blend up to {blends} (two primaries -> one blended paint each)",
    "theater": "mood up {mood}, effective after next round's get-up",
}


@dataclass
class PlanReport:
    columns: tuple[str, ...]
    counts: tuple[int, ...]
    apprentices: int
    reasons: list[Reason]
    doing: list[str]

    @property
    def ok(self) -> bool:
        return not self.reasons

    def text(self) -> str:
        used = sum(self.counts)
        lines = [f"{used} of {self.apprentices} apprentices placed on {' / '.join(self.columns)}"]
        lines.extend(self.doing or ["  (no apprentice placed: every location skips this player)"])
        lines.append("legal plan" if self.ok else "illegal plan:\n" + reasons_text(self.reasons))
        return "\n".join(lines)


@cache
def _plan_position() -> State:
    """A 4-player game after the get-up of round 1 (Red up at 7): the planning phase."""
    game = new_game(list(PLAYERS), seed=0)
    order = [nm for nm in PLAYERS if nm != "Red"]
    times = {"Red": 7, **{nm: t for nm, t in zip(order, (5, 6, 8))}}
    while game.state.phase == "wake":
        name = game.state.to_move[0]
        game.play(Wake(name, times[name]))
    return game.state


def plan_report(
    counts: Sequence[int], apprentices: int = data.OWN_APPRENTICES, side: str = "side1", player: str = "Red"
) -> PlanReport:
    """What ``counts`` (apprentices per sheet column) would do, and the engine's refusals.

    ``apprentices`` is 4, 5 or 6 (a "-1" space, neither, a "+1" space); ``side`` is the
    action-sheet side ("side1", or "side2" as in the final round)."""
    if apprentices - data.OWN_APPRENTICES not in (-1, 0, 1):
        raise ValueError("a player has 4, 5 or 6 apprentices")
    if side not in data.SHEETS:
        raise ValueError(f"side must be one of {', '.join(data.SHEETS)}")
    base = _plan_position()
    i = base.names.index(player)
    p = base.players[i].evolve(helper=apprentices - data.OWN_APPRENTICES)
    s = base.evolve(final=side != "side1", players=base.players[:i] + (p,) + base.players[i + 1 :])
    counts = tuple(int(c) for c in counts)
    reasons = rules.checks(s, Plan(player, counts))
    doing = []
    for col, n in zip(s.sheet, counts):
        if n:
            what = WHAT[col].format(
                tiles=plural(n, "tile"),
                segments=plural(n, "fresco segment"),
                price=s.price(i),
                thalers=n * data.STUDIO_THALERS,
                blends=plural(n * data.BLENDS_PER_APPRENTICE, "time"),
                mood=plural(n * data.THEATER_MOVE, "space"),
            )
            doing.append(f"  {col:<10} x{n}: {what}")
    return PlanReport(s.sheet, counts, p.apprentices, list(reasons), doing)


# -- Cathedral -------------------------------------------------------------------------------
def bishop_bonus_grid(bishop: tuple[int, int]) -> list[list[int]]:
    """The bishop bonus for restoring each segment with the bishop on ``bishop`` (squares
    ``(row, col)`` counted from 1, as the board's labels): ``grid[row - 1][col - 1]``."""
    rows = range(1, data.ROWS + 1)
    return [[bishop_bonus(bishop, (r, c)) for c in range(1, data.COLS + 1)] for r in rows]


@dataclass
class AltarReport:
    paints: tuple[str, ...]
    points: int | None
    readings: dict[str, int]
    refusal: RuleError | None

    def text(self) -> str:
        head = f"altar with {' + '.join(self.paints)}"
        if self.refusal is not None:
            return f"{head}: refused\n" + reasons_text(self.refusal.reasons)
        how = ", ".join(f"{k} reading {v} VP" for k, v in self.readings.items())
        return f"{head}: {self.points} VP ({how})"


def altar_report(paints: Sequence[str]) -> AltarReport:
    """Points for an altar restoration with three paints, or the RuleError's reasons."""
    paints = tuple(paints)
    try:
        return AltarReport(paints, altar_points(paints), altar_readings(paints), None)
    except RuleError as err:
        return AltarReport(paints, None, {}, err)


def blending_rows() -> list[tuple[str, str, str]]:
    """The blending table: ``(first primary, second primary, blended paint)``."""
    return [(a, b, blend) for blend, (a, b) in data.BLENDS.items()]


# -- End of the Game ---------------------------------------------------------------------------
@dataclass
class FinalRow:
    player: str
    position: int  # final round's get-up order (1 = scores first)
    time: int
    thalers: int
    money_vp: int
    before: int  # track space before the count (0 = start space)
    after: int


@dataclass
class FinalReport:
    ruleset: str
    rows: list[FinalRow] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    error: str = ""

    def text(self) -> str:
        if self.error:
            return f"{self.ruleset}: {self.error}"
        lines = [
            f"{self.ruleset}: final count in get-up order",
            f"  {'player':<8}{'time':>5}{'thalers':>9}{'+VP':>5}{'space':>12}",
        ]
        for r in self.rows:
            lines.append(f"  {r.player:<8}{r.time:>5}{r.thalers:>9}{r.money_vp:>5}{f'{r.before}->{r.after}':>12}")
        lines.append(f"  winner: {' and '.join(self.winners)}")
        lines.extend(f"  | {e}" for e in self.events)
        return "\n".join(lines)


@cache
def _final_round_position(ruleset: str, n: int) -> State:
    """A game at the get-up of its final round (6 tiles left; the last player holds the rest)."""
    names = players_for(n)
    game = new_game(names, seed=0, ruleset=ruleset)
    squares = [sq for sq in board.SQUARES if sq != data.CENTRE][:19]
    game = game.with_state(edit(game.state, restored={names[-1]: squares}))
    play_round_start(game, {nm: t for nm, t in zip(names, data.TIMES)}, {nm: (0,) * 5 for nm in names})
    return game.state


def final_count(
    players: Mapping[str, tuple[int, int, int]], ruleset: str = "base", choice: str = "behind"
) -> FinalReport:
    """The final money count, played through the engine.

    ``players[name] = (thalers, track space, get-up time of the final round)``; names
    are 3 or 4 of :data:`PLAYERS`.  Under the base rules a painter landing on an
    occupied space takes ``choice`` ("behind" or "ahead"; "ahead" when nothing is free
    behind); under Big Box the engine moves it ahead."""
    names = list(players)
    report = FinalReport(ruleset)
    base = _final_round_position(ruleset, len(names))
    if list(base.names) != names:
        report.error = f"players must be {', '.join(base.names)} in that order"
        return report
    try:
        state = edit(base, players={nm: {"thalers": th, "vp": vp} for nm, (th, vp, _) in players.items()})
    except ValueError as err:
        report.error = f"impossible position: {err} (the bank holds {data.COINS} thalers in all)"
        return report
    game = Game(rules, names, None, {"ruleset": ruleset}, state=state)
    try:
        play_round_start(game, {nm: t for nm, (_, _, t) in players.items()}, {nm: (0,) * 5 for nm in names})
    except RuleError as err:
        report.error = "refused: " + "; ".join(msg for msg, _ in err.reasons)
        return report
    while game.state.phase == "final_count":
        options = game.legal_actions()
        game.play(next((a for a in options if a.track == choice), options[0]))
    shown = {"end.no_income", "end.money", "bigbox.final_collision", "end.winner", "end.tie", "cath.track"}
    for turn in game.history:
        report.events.extend(event_line(e) for e in turn.events if e.rule is not None and e.rule.id in shown)
    ordered = sorted(names, key=lambda nm: players[nm][2])
    money = CATEGORIES.index("money")
    for k, nm in enumerate(ordered, 1):
        p = game.state.player(nm)
        report.rows.append(FinalRow(nm, k, players[nm][2], p.thalers, p.points[money], players[nm][1], p.vp))
    report.winners = game.scores().winners
    return report


def _round_steps(
    seed: int, times: Mapping[str, int] | None, plans: Mapping[str, Sequence[int]] | None
) -> tuple[list[str], list[str], list[tuple[str, str, str, list]]]:
    """The first round of :func:`narrate_round`: the get-up and planning lines, the phase II
    order, and each phase II step as (location, player, action text, events)."""
    names = list(PLAYERS)
    times = dict(times or {"Red": 7, "White": 5, "Blue": 6, "Yellow": 8})
    planned = {nm: tuple(plans[nm]) if plans and nm in plans else (1, 1, 1, 1, 1) for nm in names}
    game = new_game(names, seed=seed)
    start = game.state.round
    play_round_start(game, times, planned)
    head = [f"{turn.action}" for turn in game.history]
    order = [game.state.names[i] for i in game.state.order]
    steps = []
    while game.state.phase == "act" and game.state.round == start:
        where = game.state.location
        options = game.legal_actions()
        action = next((a for a in options if not isinstance(a, Done)), options[-1])
        events = [e for e in game.play(action) if "plans behind" not in e.text]
        steps.append((where, action.player, str(action), events))
    return head, order, steps


def narrate_round(
    seed: int = 1, times: Mapping[str, int] | None = None, plans: Mapping[str, Sequence[int]] | None = None
) -> list[str]:
    """One first round played through the engine, as text: the get-ups, then phase II
    location by location (II. Performing actions).  At each turn the active player takes
    the engine's first legal action (``legal_actions`` order), giving up when only that
    is left; the lines show who acts where and the events with their rules."""
    head, order, steps = _round_steps(seed, times, plans)
    lines = [*head, "order: " + ", ".join(order)]
    for where, _, action, events in steps:
        lines.append(f"[{where}] {action}")
        lines.extend(f"    {event_line(e)}" for e in events)
    return lines


def narrate_round_html(
    seed: int = 1, times: Mapping[str, int] | None = None, plans: Mapping[str, Sequence[int]] | None = None
) -> str:
    """:func:`narrate_round` for a learner: one row per location, one cell per player (in the
    phase II order) saying what they did there, what happened between the rounds, and the whole
    narration, with every rule, behind a ``<details>``."""
    head, order, steps = _round_steps(seed, times, plans)
    did: dict[tuple[str, str], list[str]] = {}
    between: list[str] = []
    for where, player, _, events in steps:
        own = [e.text for e in events if e.rule is None or not e.rule.id.startswith(("round.", "p1.", "end."))]
        did.setdefault((where, player), []).extend(own)
        between += [e.text for e in events if e.rule is not None and e.rule.id.startswith(("round.", "p1."))]
    columns = list(dict.fromkeys(where for where, *_ in steps))
    cells = "".join(f"<th>{escape(nm)}</th>" for nm in order)
    rows = "".join(
        f"<tr><td><b>{escape(col)}</b></td>"
        + "".join(f"<td>{escape('; '.join(did.get((col, nm), [])) or '—')}</td>" for nm in order)
        + "</tr>"
        for col in columns
    )
    full = escape("\n".join(narrate_round(seed, times, plans)))
    return (
        f"<p>Phase II order: {escape(', '.join(order))}.</p>"
        f"<table style='text-align:left'><tr><th>location</th>{cells}</tr>{rows}</table>"
        f"<p>Then, before the next round: {escape('; '.join(between))}.</p>"
        f"<details><summary>The whole round, move by move, each line with its rule "
        f"({len(head) + 1 + sum(1 + len(e) for *_, e in steps)} lines)</summary><pre>{full}</pre></details>"
    )


def comparison_html(seed: int, n: int = 4) -> str:
    """:func:`ruleset_comparison` for a learner: the outcome side by side, and how often each rule
    was applied behind a ``<details>`` (rules by section; their ids in tooltips)."""
    result = ruleset_comparison(seed, n)
    base, big = result["base"], result["bigbox"]
    rows = [
        ("rounds", base["rounds"], big["rounds"]),
        ("moves", base["actions"], big["actions"]),
        ("tiles left on the fresco", base["tiles left"], big["tiles left"]),
    ]
    rows += [(f"{nm}'s victory points", base["scores"][nm], big["scores"][nm]) for nm in base["scores"]]
    rows += [
        ("winner", " & ".join(base["winners"]), " & ".join(big["winners"])),
        ("paints noted on paper (supply empty)", base["paper"], big["paper"]),
    ]
    body = "".join(
        f"<tr><td>{escape(k)}</td><td>{escape(str(a))}</td><td>{escape(str(b))}</td></tr>" for k, a, b in rows
    )
    cited = "".join(
        f"<tr><td title='fresco {escape(rid)}'>{escape(RULES[rid].section)}: {escape(RULES[rid].summary)}</td>"
        f"<td>{base['cited'].get(rid, 0)}</td><td>{big['cited'].get(rid, 0)}</td></tr>"
        for rid in RULES
        if rid in base["cited"] or rid in big["cited"]
    )
    head = "<tr><th></th><th>base</th><th>Big Box</th></tr>"
    return (
        f"<p>Seed {seed}, {n} players, every move picked at random among the legal ones.</p>"
        f"<table style='text-align:left'>{head}{body}</table>"
        "<details><summary>How often each rule was applied in the two games</summary>"
        f"<table style='text-align:left'><tr><th>rule</th><th>base</th><th>Big Box</th></tr>{cited}</table></details>"
    )
