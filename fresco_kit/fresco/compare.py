"""One seed played under each ruleset (Fresco: Big Box against the base game), for notebook 5.

Nothing here decides a rule: the games are played by the engine's random player
(``rules.sample_action``) through :class:`fresco_kit.core.Game`; the rule switches and
their sources come from :mod:`.rulesets`.  :mod:`.teach` re-exports these functions.
"""

from __future__ import annotations

from collections.abc import Mapping

from fresco_kit.core import Game, Rng

from . import INFO, new_game, rules


def play_random(
    seed: int, ruleset: str = "base", n: int = 4, switches: Mapping | None = None, max_actions: int = 20_000
) -> Game:
    """A seeded random game to the end (the engine's ``sample_action``); ``switches``
    overrides single ruleset switches."""
    game = new_game(INFO.players(n), seed=seed, ruleset=ruleset, switches=dict(switches or {}))
    rng = Rng(seed + 1_000_003)
    for _ in range(max_actions):
        if game.is_over:
            return game
        game.play(rules.sample_action(game.state, rng))
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
    from .refs import RULES

    for rid in RULES:
        if rid in base["cited"] or rid in bigbox["cited"]:
            lines.append(f"  {rid:<26}{base['cited'].get(rid, 0):>12}{bigbox['cited'].get(rid, 0):>12}")
    return "\n".join(lines)


def switch_table_html() -> str:
    """The engine's table of ruleset switches (``rulesets.RULESET_SWITCHES``) as HTML."""
    from html import escape

    from .rulesets import RULESET_SWITCHES

    head = (
        "<tr><th>switch</th><th>meaning</th><th>base</th><th>Big Box</th><th>base source</th>"
        "<th>Big Box source</th><th>rule id</th></tr>"
    )
    body = "".join(
        f"<tr><td><code>{escape(s.name)}</code></td><td>{escape(s.meaning)}</td><td>{escape(str(s.base))}</td>"
        f"<td>{escape(str(s.bigbox))}</td><td>{escape(s.base_source)}</td><td>{escape(s.bigbox_source)}</td>"
        f"<td>fresco {escape(s.rule)}</td></tr>"
        for s in RULESET_SWITCHES
    )
    return f'<table style="text-align:left">{head}{body}</table>'
