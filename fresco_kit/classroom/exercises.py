"""Exercises: an engine position plus a question, answered and explained by the engine.

A teacher adds one in a few lines, in the game's ``exercises.py``::

    legal("sixtina", "too-weak", "Too weak a card",
          position=positions.mid_game, move="restore Red JC1 cards 12,40",
          question="Can Red restore Adam's creation with these two cards?")

Four kinds, one constructor each:

- :func:`legal` -- "Is this move legal? Why not?": the learner answers yes or no; the
  engine's :meth:`~fresco_kit.core.game.Game.explain` decides and lists every rule that
  blocks the move, cited.
- :func:`number` -- "What does this move score?": the learner types a whole number; the
  answer is what the engine says (by default the change of ``player``'s provisional total
  when the move is played); the explanation is the move's events with their rules.
- :func:`choice` -- "Which objective can Red claim?": the learner picks one of a few
  options; a function of the game says which options are right and why.
- :func:`best` -- "What is Blue's best move here?": the learner picks a legal move; it is
  right when the game's greedy evaluation (the one :class:`~fresco_kit.sim.bots.GreedyBot`
  uses, looking one move ahead on the true position) rates it as high as the best move.

``position`` is a function returning a fresh :class:`~fresco_kit.core.game.Game`, so an
exercise is cheap to list and never shares a game with another one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, Literal

from fresco_kit.core.game import Game
from fresco_kit.core.registry import game_info
from fresco_kit.core.rules import Event, RuleRef

from .i18n import citation, translator
from .table_parts import parts_for

Kind = Literal["legal", "number", "choice", "best"]
YES, NO = "yes", "no"


@dataclass(frozen=True)
class Feedback:
    """The engine's verdict on one answer: right or not, the right answer, why, and the rules."""

    correct: bool
    answer: str
    explanation: str
    rules: tuple[RuleRef, ...] = ()

    def head(self, lang: str = "en") -> str:
        """The verdict in one line ("Right." or the right answer), in ``lang``."""
        _ = translator(lang)
        return _("Right.") if self.correct else _("Not quite: the answer is {answer}.").format(answer=self.answer)

    def to_text(self) -> str:
        """Plain text: the verdict, the explanation and each rule cited."""
        cited = "".join(f"\n  - {ref.citation} [{ref.checklist_id}]" for ref in self.rules)
        return f"{self.head()}\n{self.explanation}{cited}"

    def to_html(self, lang: str = "en") -> str:
        """HTML: the verdict in bold, the explanation line by line, the rules cited as a list
        (with the rulebook's own headings in ``lang`` where that rulebook exists)."""
        _ = translator(lang)
        lines = "<br>".join(escape(line.strip()) for line in self.explanation.splitlines() if line.strip())
        rules = "".join(
            f"<li><i>{escape(citation(ref, lang))}</i> <code>[{escape(ref.checklist_id)}]</code></li>"
            for ref in self.rules
        )
        cited = f"<p style='margin:4px 0 0'>{escape(_('Rules:'))}</p><ul style='margin:0'>{rules}</ul>" if rules else ""
        return f"<b>{escape(self.head(lang))}</b><br>{lines}{cited}"


@dataclass(frozen=True)
class Exercise:
    """One exercise: a game position, a question, and how the engine answers it.

    Build one with :func:`legal`, :func:`number`, :func:`choice` or :func:`best`."""

    game: str
    key: str
    title: str
    question: str
    kind: Kind
    position: Callable[[], Game]
    move: str | None = None
    player: str | None = None
    options: tuple[str, ...] = ()
    solve: Callable[[Game], tuple[Any, str, tuple[RuleRef, ...]]] | None = field(default=None, repr=False)

    def game_at(self) -> Game:
        """A fresh game at the exercise's position."""
        game = self.position()
        if not isinstance(game, Game) or game.info.name != self.game:
            raise ValueError(f"exercise {self.key!r}: position() must return a {self.game} Game, not {game!r}")
        return game

    def choices(self, game: Game | None = None) -> tuple[str, ...]:
        """What the learner picks from: yes/no, the options, or the legal moves as text."""
        if self.kind == "legal":
            return (YES, NO)
        if self.kind == "best":
            game = game or self.game_at()
            return tuple(str(a) for a in game.rules.legal_actions(game.state, player=self.player))
        return self.options

    def check(self, response: Any) -> Feedback:
        """Check the learner's ``response`` with the engine.

        ``response`` is ``"yes"``/``"no"`` (or a bool) for :func:`legal`, a whole number
        for :func:`number`, one of :meth:`choices` otherwise; anything else is a
        ``ValueError`` saying what is expected."""
        game = self.game_at()
        if self.kind == "legal":
            return _check_legal(self, game, response)
        if self.kind == "number":
            return _check_number(self, game, response)
        if self.kind == "choice":
            return _check_choice(self, game, response)
        return _check_best(self, game, response)


def _rules_of(events: Sequence[Event]) -> tuple[RuleRef, ...]:
    return tuple(dict.fromkeys(e.rule for e in events if e.rule is not None))


def _check_legal(ex: Exercise, game: Game, response: Any) -> Feedback:
    if isinstance(response, bool):
        response = YES if response else NO
    if response not in (YES, NO):
        raise ValueError(f"answer 'yes' or 'no', not {response!r}")
    verdict = game.explain(ex.move)
    truth = YES if verdict.ok else NO
    if verdict.ok:
        events = game.preview(ex.move).events
        why = "The move is legal. Playing it:\n" + "\n".join(f"  {e.text}" for e in events)
        refs = _rules_of(events)
    else:
        why = "The move is refused:\n" + "\n".join(f"  - {message}" for message, _ in verdict.reasons)
        refs = tuple(dict.fromkeys(ref for _, ref in verdict.reasons))
    return Feedback(response == truth, truth, why, refs)


def _total(game: Game, state: Any, player: str) -> int:
    return game.rules.scores(state).totals[player]


def default_number(move: str, player: str) -> Callable[[Game], tuple[int, str, tuple[RuleRef, ...]]]:
    """The change of ``player``'s provisional total when ``move`` is played, with its events."""

    def solve(game: Game) -> tuple[int, str, tuple[RuleRef, ...]]:
        before = _total(game, game.state, player)
        preview = game.preview(move)
        gained = _total(game, preview.state, player) - before
        lines = "\n".join(f"  {e.text}" for e in preview.events)
        return gained, f"{player}'s total changes by {gained}. What the move does:\n{lines}", _rules_of(preview.events)

    return solve


def _check_number(ex: Exercise, game: Game, response: Any) -> Feedback:
    if isinstance(response, bool) or not isinstance(response, int):
        try:
            response = int(str(response).strip())
        except ValueError:
            raise ValueError(f"answer with a whole number, not {response!r}") from None
    assert ex.solve is not None
    truth, why, refs = ex.solve(game)
    return Feedback(response == truth, str(truth), why, refs)


def _check_choice(ex: Exercise, game: Game, response: Any) -> Feedback:
    if response not in ex.options:
        raise ValueError(f"choose one of {', '.join(map(repr, ex.options))}, not {response!r}")
    assert ex.solve is not None
    right, why, refs = ex.solve(game)
    right = tuple(right) if isinstance(right, (tuple, list, set, frozenset)) else (right,)
    return Feedback(response in right, " or ".join(o for o in ex.options if o in right), why, refs)


def best_moves(game: Game, player: str) -> tuple[list[str], dict[str, float]]:
    """The moves of ``player`` the game's greedy evaluation rates highest, and every rating."""
    bots = game_info(game.info.name).bots
    if bots is None:
        raise ValueError(f"{game.info.title} has no bots part: no evaluation to rate moves with")
    evaluate, weights = bots.evaluate, bots.WEIGHTS
    apply_fast = getattr(game.rules, "apply_fast", None)
    ratings: dict[str, float] = {}
    for action in game.rules.legal_actions(game.state, player=player):
        after = apply_fast(game.state, action) if apply_fast else game.preview(action).state
        ratings[str(action)] = evaluate(after, player, weights)
    top = max(ratings.values())
    return [text for text, value in ratings.items() if value == top], ratings


def _check_best(ex: Exercise, game: Game, response: Any) -> Feedback:
    assert ex.player is not None
    if response not in ex.choices(game):
        raise ValueError(f"choose one of {ex.player}'s legal moves, not {response!r}")
    top, ratings = best_moves(game, ex.player)
    if ex.solve is not None:
        _, why, refs = ex.solve(game)
    else:
        why, refs = "", ()
    parts = parts_for(game_info(game.info.name))
    words = {str(a): parts.move_text(game.state, a) for a in game.rules.legal_actions(game.state, player=ex.player)}
    rated = (
        f"The greedy evaluation rates your move {ratings[response]:.1f} and the best "
        f"{ratings[top[0]]:.1f} ({'; '.join(words[t] for t in top)})."
    )
    return Feedback(response in top, words[top[0]], f"{rated}\n{why}".rstrip(), refs)


def _common(game: str, key: str, title: str, question: str, position: Callable[[], Game]) -> dict[str, Any]:
    info = game_info(game)
    if not key or not isinstance(key, str) or key != key.strip() or " " in key:
        raise ValueError(f"exercise key must be one word, not {key!r}")
    if not question.strip() or not title.strip():
        raise ValueError(f"exercise {key!r} needs a title and a question")
    if not callable(position):
        raise ValueError(f"exercise {key!r}: position must be a function returning a Game")
    return {"game": info.name, "key": key, "title": title, "question": question, "position": position}


def legal(game: str, key: str, title: str, *, position: Callable[[], Game], move: str, question: str) -> Exercise:
    """An exercise "Is this move legal? Why not?" about ``move`` (action text)."""
    return Exercise(kind="legal", move=move, **_common(game, key, title, question, position))


def number(
    game: str,
    key: str,
    title: str,
    *,
    position: Callable[[], Game],
    question: str,
    move: str | None = None,
    player: str | None = None,
    solve: Callable[[Game], tuple[int, str, tuple[RuleRef, ...]]] | None = None,
) -> Exercise:
    """An exercise answered with a whole number.

    By default the number is the change of ``player``'s provisional total when ``move``
    is played; give ``solve(game) -> (number, explanation, rules)`` for anything else."""
    if solve is None:
        if move is None or player is None:
            raise ValueError(f"exercise {key!r}: give move and player, or solve")
        solve = default_number(move, player)
    return Exercise(
        kind="number", move=move, player=player, solve=solve, **_common(game, key, title, question, position)
    )


def choice(
    game: str,
    key: str,
    title: str,
    *,
    position: Callable[[], Game],
    question: str,
    options: Sequence[str],
    solve: Callable[[Game], tuple[Any, str, tuple[RuleRef, ...]]],
) -> Exercise:
    """An exercise where the learner picks one of ``options``.

    ``solve(game)`` returns the right option (or several right options), the
    explanation and the rules it rests on."""
    options = tuple(options)
    if len(options) < 2 or len(set(options)) != len(options):
        raise ValueError(f"exercise {key!r}: give at least two distinct options")
    return Exercise(kind="choice", options=options, solve=solve, **_common(game, key, title, question, position))


def best(
    game: str,
    key: str,
    title: str,
    *,
    position: Callable[[], Game],
    player: str,
    question: str,
    solve: Callable[[Game], tuple[Any, str, tuple[RuleRef, ...]]] | None = None,
) -> Exercise:
    """An exercise "What is ``player``'s best move here?", checked against the greedy evaluation.

    ``solve`` may add an explanation and rules to the evaluation's verdict."""
    return Exercise(kind="best", player=player, solve=solve, **_common(game, key, title, question, position))
