"""Exercises: an engine position plus a question, answered and explained by the engine.

A teacher adds one in a few lines, in the game's ``exercises.py``::

    legal("sixtina", "too-weak", "Too weak a card",
          position=positions.mid_game, move="restore Red JC1 cards 12,40",
          question="Can Red restore Adam's creation with these two cards?")

Five kinds, one constructor each:

- :func:`legal` -- "Is this move legal?": the learner answers yes or no; the engine's
  :meth:`~fresco_kit.core.game.Game.explain` decides, and the feedback pairs every reason
  that blocks the move with its rule.
- :func:`why_not` -- "Why may Blue not do this? Tick every reason": the learner ticks
  reasons from a list, each written with the rule it stands for; the right ones are those
  whose rule the engine names when it refuses the move (none, and the box "none of these:
  the move is legal", when it allows it).
- :func:`number` -- "What does this move score?": the learner types a whole number; the
  answer is what the engine says (by default the change of ``player``'s provisional total
  when the move is played); the explanation is the move's events, each with its rule.
- :func:`choice` -- "Which objective can Red claim?": the learner picks one of a few
  options; a function of the game says which options are right (several may be) and why.
- :func:`best` -- "Which of these moves gains Blue the most points?": the learner picks one
  move from a short list (at most :data:`SHORT_LIST`); a stated :class:`Criterion` rates
  each one, and every move rated as high as the best is right (ties are all right and the
  feedback says so).  The default criterion is the kit's greedy rating (the one
  :class:`~fresco_kit.sim.bots.GreedyBot` uses, one move ahead); the question names it.

An answer that rests on one of the kit's readings (where the rules can be read more than
one way) names it: ``reading=`` the id of one of the game's ``READINGS``; the feedback
says what the kit reads.  The explanations pair each reason with its rule: a ``solve``
function returns ``(answer, explanation, cited)`` where ``cited`` holds rules
(:class:`~fresco_kit.core.rules.RuleRef`) or ``(reason, rule)`` pairs.

:func:`right_and_wrong` gives, for any exercise, every answer the engine takes as right and
some it refuses: the tests play both for every exercise of every registered game.

``position`` is a function returning a fresh :class:`~fresco_kit.core.game.Game`, so an
exercise is cheap to list and never shares a game with another one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, Literal

from fresco_kit.core.game import Game
from fresco_kit.core.readings import Reading
from fresco_kit.core.registry import game_info
from fresco_kit.core.rules import Event, RuleRef
from fresco_kit.core.text import Msg

from .i18n import N_, translator
from .table_parts import cited, parts_for

Kind = Literal["legal", "why_not", "number", "choice", "best"]
YES, NO = "yes", "no"
#: the answer of a "legal" exercise in words (equal to YES and NO, said in the page's language)
SAID_ANSWER = {YES: Msg(N_("yes")), NO: Msg(N_("no"))}
#: the box a learner ticks in a "why not?" exercise when no reason applies
LEGAL_AFTER_ALL = Msg(N_("None of these: the move is legal"))
#: the most moves a "best move" exercise offers
SHORT_LIST = 8

#: a reason paired with the rule it rests on (the rule None for a line that cites none)
Pair = tuple[str, RuleRef | None]
Cited = Iterable[RuleRef | tuple[str, RuleRef | None]]


def _pairs(cited: Cited) -> tuple[tuple[Pair, ...], tuple[RuleRef, ...]]:
    """Split ``cited`` into (reason, rule) pairs and the rules cited on their own."""
    pairs: list[Pair] = []
    rules: list[RuleRef] = []
    for item in cited:
        if isinstance(item, RuleRef):
            rules.append(item)
        else:
            text, ref = item
            pairs.append((text if isinstance(text, str) else str(text), ref))  # a Msg stays one, to be said
    return tuple(pairs), tuple(dict.fromkeys(rules))


@dataclass(frozen=True)
class Feedback:
    """The engine's verdict on one answer: right or not, the right answer, why, and the rules.

    ``reasons`` pairs each reason (a refusal, an event, a rated move) with its rule;
    ``rules`` are every rule cited (those of the pairs first); ``reading`` says which of
    the kit's readings the answer rests on ("" if none).  The texts are the English ones;
    those the kit generates are :class:`~fresco_kit.core.text.Msg` s, which :meth:`to_html`
    says in the page's language."""

    correct: bool
    answer: str
    explanation: str
    rules: tuple[RuleRef, ...] = ()
    reasons: tuple[Pair, ...] = ()
    reading: str = ""

    def head(self, lang: str = "en") -> str:
        """The verdict in one line ("Right." or the right answer), in ``lang``."""
        _ = translator(lang)
        return (
            _("Right.") if self.correct else _("Not quite: the answer is {answer}.").format(answer=_.say(self.answer))
        )

    def _loose(self) -> tuple[RuleRef, ...]:
        paired = {ref for _, ref in self.reasons if ref is not None}
        return tuple(ref for ref in self.rules if ref not in paired)

    def to_text(self) -> str:
        """Plain text: the verdict, the explanation, each reason with its rule's citation (game,
        rulebook, section), the other rules.  Learner text: no checklist ids (those stay in the
        HTML tooltips of :meth:`to_html`)."""
        lines = [self.head(), self.explanation] if self.explanation else [self.head()]
        for text, ref in self.reasons:
            lines.append(f"  - {text}" + (f"  ({ref.citation})" if ref else ""))
        if self.reading:
            lines.append(f"A reading of the kit: {self.reading}")
        lines.extend(f"  - {ref.citation}" for ref in self._loose())
        return "\n".join(lines)

    def to_html(self, lang: str = "en") -> str:
        """HTML: the verdict in bold, the explanation line by line, each reason beside its rule
        (the rulebook's own heading in ``lang`` where that rulebook exists; the checklist id
        only in the tooltip), the kit's reading if the answer rests on one, the other rules."""
        _ = translator(lang)
        said = _.say(self.explanation)
        lines = "<br>".join(escape(line.strip()) for line in said.splitlines() if line.strip())
        pairs = "".join(
            f"<li>{escape(_.say(text))}" + (f" &mdash; {cited(ref, lang)}" if ref else "") + "</li>"
            for text, ref in self.reasons
        )
        out = f"<b>{escape(self.head(lang))}</b>" + (f"<br>{lines}" if lines else "")
        if pairs:
            out += f"<ul style='margin:2px 0'>{pairs}</ul>"
        if self.reading:
            out += f"<p style='margin:4px 0 0'>{escape(_('This answer rests on a reading of the kit:'))} "
            out += f"{escape(_.say(self.reading))}</p>"
        loose = "".join(f"<li>{cited(ref, lang)}</li>" for ref in self._loose())
        if loose:
            out += f"<p style='margin:4px 0 0'>{escape(_('Rules:'))}</p><ul style='margin:0'>{loose}</ul>"
        return out


def joined(items: Sequence[str], template: str) -> str:
    """``items`` one after another in ``template`` (``"{first} + {rest}"``, a literal marked with
    :func:`N_`), so each item that is a ``Msg`` is still said in the page's language."""
    if len(items) <= 1:
        return items[0] if items else ""
    return Msg(template, first=items[0], rest=joined(items[1:], template))


def feedback(correct: bool, answer: str, explanation: str, cited: Cited = (), reading: str = "") -> Feedback:
    """A :class:`Feedback` from ``cited`` rules and ``(reason, rule)`` pairs."""
    pairs, rules = _pairs(cited)
    every = tuple(dict.fromkeys([ref for _, ref in pairs if ref is not None] + list(rules)))
    return Feedback(correct, answer, explanation, every, pairs, reading)


@dataclass(frozen=True)
class Criterion:
    """What "best" means in a :func:`best` exercise, stated in its question.

    ``name`` completes "Best means ..." (e.g. "the most points gained; among equal points,
    the fewest thalers spent"); ``rate(game, move)`` returns a value to compare (higher is
    better; a tuple compares in order) and its words for the learner ("6 points for 1
    thaler")."""

    name: str
    rate: Callable[[Game, str], tuple[Any, str]]


def points_gained(player: str) -> Criterion:
    """The change of ``player``'s provisional total when the move is played."""

    def rate(game: Game, move: str) -> tuple[Any, str]:
        gained = _total(game, game.preview(move).state, player) - _total(game, game.state, player)
        signed = f"{gained:+d}"  # a value, not a format spec: a catalog's template fills it in as text
        words = (
            Msg(N_("{gained} point"), gained=signed) if abs(gained) == 1 else Msg(N_("{gained} points"), gained=signed)
        )
        return gained, words

    name = Msg(N_("the most points gained for {player} at once (the provisional total)"), player=player)
    return Criterion(name, rate)


def greedy_rating(player: str) -> Criterion:
    """The kit's greedy rating of the position after the move (the bots' evaluation)."""

    def rate(game: Game, move: str) -> tuple[Any, str]:
        bots = game_info(game.info.name).bots
        if bots is None:
            raise ValueError(f"{game.info.title} has no bots part: no evaluation to rate moves with")
        value = round(bots.evaluate(game.preview(move).state, player, bots.WEIGHTS), 1)
        return value, Msg(N_("rated {value}"), value=f"{value:.1f}")

    return Criterion(
        Msg(
            N_(
                "the highest rating by the kit's greedy evaluation, which weighs {player}'s points, goods and "
                "chances one move ahead (the rating the kit's bots play by, not a rule)"
            ),
            player=player,
        ),
        rate,
    )


@dataclass(frozen=True)
class Exercise:
    """One exercise: a game position, a question, and how the engine answers it.

    Build one with :func:`legal`, :func:`why_not`, :func:`number`, :func:`choice` or
    :func:`best`."""

    game: str
    key: str
    title: str
    question: str
    kind: Kind
    position: Callable[[], Game]
    move: str | None = None
    player: str | None = None
    options: tuple[str, ...] = ()
    solve: Callable[[Game], tuple[Any, str, Cited]] | None = field(default=None, repr=False)
    #: why_not: each offered reason with its rule
    offered: tuple[tuple[str, RuleRef], ...] = ()
    criterion: Criterion | None = field(default=None, repr=False)
    #: the id of the game's reading the answer rests on
    reading: str | None = None

    def game_at(self) -> Game:
        """A fresh game at the exercise's position."""
        game = self.position()
        if not isinstance(game, Game) or game.info.name != self.game:
            raise ValueError(f"exercise {self.key!r}: position() must return a {self.game} Game, not {game!r}")
        return game

    def choices(self, game: Game | None = None) -> tuple[str, ...]:
        """What the learner picks from: yes/no, the reasons, the options or the offered moves."""
        if self.kind == "legal":
            return (YES, NO)
        if self.kind == "why_not":
            return (*(text for text, _ in self.offered), LEGAL_AFTER_ALL)
        if self.kind == "best" and not self.options:
            game = game or self.game_at()
            moves = tuple(str(a) for a in game.rules.legal_actions(game.state, player=self.player))
            if len(moves) > SHORT_LIST:
                raise ValueError(f"exercise {self.key!r}: {len(moves)} legal moves; offer a short list (options=)")
            return moves
        return self.options

    def reading_text(self) -> str:
        """What the kit reads, in words, for the reading the answer rests on ("" if none)."""
        if self.reading is None:
            return ""
        return _reading(self.game, self.reading).kit

    def check(self, response: Any) -> Feedback:
        """Check the learner's ``response`` with the engine.

        ``response`` is ``"yes"``/``"no"`` (or a bool) for :func:`legal`, the ticked reasons
        (a list) for :func:`why_not`, a whole number for :func:`number`, one of
        :meth:`choices` otherwise; anything else is a ``ValueError`` saying what is expected."""
        game = self.game_at()
        check = {
            "legal": _check_legal,
            "why_not": _check_why_not,
            "number": _check_number,
            "choice": _check_choice,
            "best": _check_best,
        }[self.kind]
        return check(self, game, response)


def _reading(game: str, reading_id: str) -> Reading:
    readings = game_info(game).readings
    found = [r for r in getattr(readings, "READINGS", ()) if r.id == reading_id]
    if not found:
        raise ValueError(f"{game} has no reading {reading_id!r}")
    return found[0]


def _rules_of(events: Sequence[Event]) -> tuple[RuleRef, ...]:
    return tuple(dict.fromkeys(e.rule for e in events if e.rule is not None))


def _events(events: Sequence[Event]) -> list[Pair]:
    return [(e.text, e.rule) for e in events]


def _check_legal(ex: Exercise, game: Game, response: Any) -> Feedback:
    if isinstance(response, bool):
        response = YES if response else NO
    if response not in (YES, NO):
        raise ValueError(f"answer 'yes' or 'no', not {response!r}")
    assert ex.move is not None
    verdict = game.explain(ex.move)
    truth = YES if verdict.ok else NO
    why: str
    if verdict.ok:
        why, cited = Msg(N_("The move is legal. Playing it:")), _events(game.preview(ex.move).events)
    else:
        count = len(verdict.reasons)
        one = Msg(N_("The move is refused, for one reason:"))
        why = one if count == 1 else Msg(N_("The move is refused, for {count} reasons:"), count=count)
        cited = [(message, ref) for message, ref in verdict.reasons]
    return feedback(response == truth, SAID_ANSWER[truth], why, cited, ex.reading_text())


def _check_why_not(ex: Exercise, game: Game, response: Any) -> Feedback:
    if isinstance(response, str) or not isinstance(response, Iterable):
        raise ValueError("tick the reasons that apply (a list of them), not " + repr(response))
    ticked = set(response)
    unknown = ticked - set(ex.choices())
    if unknown or not ticked:
        raise ValueError(f"tick one or more of {', '.join(map(repr, ex.choices()))}, not {sorted(ticked)!r}")
    assert ex.move is not None
    verdict = game.explain(ex.move)
    blocking = {ref for _, ref in verdict.reasons}
    right = {text for text, ref in ex.offered if ref in blocking} or {LEGAL_AFTER_ALL}
    lines: list[Pair] = []
    for text, ref in ex.offered:
        mark = Msg(N_("applies")) if text in right else Msg(N_("does not apply"))
        said = [message for message, r in verdict.reasons if r == ref]
        if said:
            line = Msg(
                N_("{reason}: {verdict} ({why})"), reason=text, verdict=mark, why=joined(said, N_("{first}; {rest}"))
            )
        else:
            line = Msg(N_("{reason}: {verdict}"), reason=text, verdict=mark)
        lines.append((line, ref))
    offered_rules = {ref for _, ref in ex.offered}
    lines += [
        (Msg(N_("also: {reason}"), reason=message), ref) for message, ref in verdict.reasons if ref not in offered_rules
    ]
    why: str
    if verdict.ok:
        why = Msg(N_("The move is legal: none of the reasons applies."))
    elif len(right) == 1:
        why = Msg(N_("1 of the {total} reasons applies."), total=len(ex.offered))
    else:
        why = Msg(N_("{count} of the {total} reasons apply."), count=len(right), total=len(ex.offered))
    answer = joined([t for t in ex.choices() if t in right], N_("{first} + {rest}"))
    return feedback(ticked == right, answer, why, lines, ex.reading_text())


def _total(game: Game, state: Any, player: str) -> int:
    return game.rules.scores(state).totals[player]


def default_number(move: str, player: str) -> Callable[[Game], tuple[int, str, Cited]]:
    """The change of ``player``'s provisional total when ``move`` is played, with its events."""

    def solve(game: Game) -> tuple[int, str, Cited]:
        before = _total(game, game.state, player)
        preview = game.preview(move)
        gained = _total(game, preview.state, player) - before
        why = Msg(N_("{player}'s total changes by {gained}. What the move does:"), player=player, gained=gained)
        return gained, why, _events(preview.events)

    return solve


def _check_number(ex: Exercise, game: Game, response: Any) -> Feedback:
    if isinstance(response, bool) or not isinstance(response, int):
        try:
            response = int(str(response).strip())
        except ValueError:
            raise ValueError(f"answer with a whole number, not {response!r}") from None
    assert ex.solve is not None
    truth, why, cited = ex.solve(game)
    return feedback(response == truth, str(truth), why, cited, ex.reading_text())


def _right_options(ex: Exercise, game: Game) -> tuple[tuple[str, ...], str, Cited]:
    assert ex.solve is not None
    right, why, cited = ex.solve(game)
    right = tuple(right) if isinstance(right, (tuple, list, set, frozenset)) else (right,)
    return tuple(o for o in ex.options if o in right), why, cited


def _check_choice(ex: Exercise, game: Game, response: Any) -> Feedback:
    if response not in ex.options:
        raise ValueError(f"choose one of {', '.join(map(repr, ex.options))}, not {response!r}")
    right, why, cited = _right_options(ex, game)
    if len(right) > 1:
        answers = joined(right, N_("{first}; {rest}"))
        why = Msg(N_("{why}\n{count} answers are right: {answers}."), why=why, count=len(right), answers=answers)
    return feedback(response in right, joined(right, N_("{first} or {rest}")), why, cited, ex.reading_text())


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


def rate_moves(ex: Exercise, game: Game, moves: Iterable[str] | None = None) -> dict[str, tuple[Any, str]]:
    """Each move (the offered ones by default) rated by the exercise's criterion: (value, words)."""
    assert ex.criterion is not None
    return {move: ex.criterion.rate(game, move) for move in (ex.choices(game) if moves is None else moves)}


def _check_best(ex: Exercise, game: Game, response: Any) -> Feedback:
    assert ex.player is not None and ex.criterion is not None
    offered = ex.choices(game)
    if response not in offered:
        raise ValueError(f"choose one of the {len(offered)} moves offered to {ex.player}, not {response!r}")
    rated = rate_moves(ex, game, offered)
    top_value = max(value for value, _ in rated.values())
    top = [move for move in offered if rated[move][0] == top_value]
    parts = parts_for(game_info(game.info.name))
    legal = {str(a): a for a in game.rules.legal_actions(game.state, player=ex.player)}
    words = {m: parts.move_text(game.state, legal[m]) if m in legal else m for m in offered}
    lines: list[Pair] = [
        (
            Msg(
                N_("{move}: {rating} (best)") if m in top else N_("{move}: {rating}"), move=words[m], rating=rated[m][1]
            ),
            None,
        )
        for m in offered
    ]
    why: str = Msg(N_("Best means {criterion}."), criterion=ex.criterion.name)
    if len(top) > 1:
        why = Msg(
            N_("{why} {count} of the {total} moves tie for best ({rating}); each of them is right."),
            why=why,
            count=len(top),
            total=len(offered),
            rating=rated[top[0]][1],
        )
    if ex.solve is not None:
        _, more, cited = ex.solve(game)
        if more.strip():
            why = Msg(N_("{why}\n{more}"), why=why, more=more)
        lines += list(cited)  # type: ignore[arg-type]
    return feedback(
        response in top, joined([words[m] for m in top], N_("{first} or {rest}")), why, lines, ex.reading_text()
    )


def right_and_wrong(ex: Exercise) -> tuple[list[Any], list[Any]]:
    """Every answer the engine takes as right for ``ex``, and at least one it refuses.

    Found from the engine and the exercise's own solver, not from :meth:`Exercise.check`,
    so a test can play both through ``check`` (or the widget)."""
    game = ex.game_at()
    if ex.kind == "legal":
        assert ex.move is not None
        verdict = YES if game.explain(ex.move).ok else NO
        return [verdict], [NO if verdict == YES else YES]
    if ex.kind == "why_not":
        assert ex.move is not None
        blocking = {ref for _, ref in game.explain(ex.move).reasons}
        right = [text for text, ref in ex.offered if ref in blocking] or [LEGAL_AFTER_ALL]
        others = [c for c in ex.choices() if c not in right]
        wrong = [right[:-1] + others[:1]] if others else [right[:-1]]
        return [right], [w for w in wrong if w]
    if ex.kind == "number":
        assert ex.solve is not None
        value = int(ex.solve(game)[0])
        return [value], [value + 1]
    if ex.kind == "choice":
        good, _, _ = _right_options(ex, game)
        return list(good), [o for o in ex.options if o not in good]
    rated = rate_moves(ex, game)
    top_value = max(value for value, _ in rated.values())
    return [m for m, (v, _) in rated.items() if v == top_value], [m for m, (v, _) in rated.items() if v != top_value]


def _common(game: str, key: str, title: str, question: str, position: Callable[[], Game]) -> dict[str, Any]:
    info = game_info(game)
    if not key or not isinstance(key, str) or key != key.strip() or " " in key:
        raise ValueError(f"exercise key must be one word, not {key!r}")
    if not question.strip() or not title.strip():
        raise ValueError(f"exercise {key!r} needs a title and a question")
    if not callable(position):
        raise ValueError(f"exercise {key!r}: position must be a function returning a Game")
    return {"game": info.name, "key": key, "title": title, "question": question, "position": position}


def _with_reading(common: dict[str, Any], reading: str | None) -> dict[str, Any]:
    if reading is not None:
        _reading(common["game"], reading)  # a ValueError now for an unknown id
    return {**common, "reading": reading}


def legal(
    game: str,
    key: str,
    title: str,
    *,
    position: Callable[[], Game],
    move: str,
    question: str,
    reading: str | None = None,
) -> Exercise:
    """An exercise "Is this move legal?" about ``move`` (action text)."""
    return Exercise(kind="legal", move=move, **_with_reading(_common(game, key, title, question, position), reading))


def why_not(
    game: str,
    key: str,
    title: str,
    *,
    position: Callable[[], Game],
    move: str,
    question: str,
    reasons: Sequence[tuple[str, RuleRef]],
    reading: str | None = None,
) -> Exercise:
    """An exercise "Why is this move refused? Tick every reason that applies".

    ``reasons`` are ``(reason in words, its rule)``, two or more, each rule once: the right
    ones are those whose rule the engine names when it refuses ``move``."""
    offered = tuple((text if isinstance(text, str) else str(text), ref) for text, ref in reasons)  # a Msg stays one
    texts, refs = [t for t, _ in offered], [r for _, r in offered]
    if len(offered) < 2 or len(set(texts)) != len(texts) or len(set(refs)) != len(refs):
        raise ValueError(f"exercise {key!r}: give two or more reasons, each text and each rule once")
    if not all(isinstance(r, RuleRef) for r in refs) or LEGAL_AFTER_ALL in texts:
        raise ValueError(f"exercise {key!r}: each reason is (text, RuleRef)")
    return Exercise(
        kind="why_not",
        move=move,
        offered=offered,
        **_with_reading(_common(game, key, title, question, position), reading),
    )


def number(
    game: str,
    key: str,
    title: str,
    *,
    position: Callable[[], Game],
    question: str,
    move: str | None = None,
    player: str | None = None,
    solve: Callable[[Game], tuple[int, str, Cited]] | None = None,
    reading: str | None = None,
) -> Exercise:
    """An exercise answered with a whole number.

    By default the number is the change of ``player``'s provisional total when ``move``
    is played; give ``solve(game) -> (number, explanation, cited)`` for anything else."""
    if solve is None:
        if move is None or player is None:
            raise ValueError(f"exercise {key!r}: give move and player, or solve")
        solve = default_number(move, player)
    return Exercise(
        kind="number",
        move=move,
        player=player,
        solve=solve,
        **_with_reading(_common(game, key, title, question, position), reading),
    )


def choice(
    game: str,
    key: str,
    title: str,
    *,
    position: Callable[[], Game],
    question: str,
    options: Sequence[str],
    solve: Callable[[Game], tuple[Any, str, Cited]],
    reading: str | None = None,
) -> Exercise:
    """An exercise where the learner picks one of ``options``.

    ``solve(game)`` returns the right option (or several right options), the
    explanation and what it cites (rules, or reasons paired with their rules)."""
    options = tuple(options)
    if len(options) < 2 or len(set(options)) != len(options):
        raise ValueError(f"exercise {key!r}: give at least two distinct options")
    return Exercise(
        kind="choice",
        options=options,
        solve=solve,
        **_with_reading(_common(game, key, title, question, position), reading),
    )


def best(
    game: str,
    key: str,
    title: str,
    *,
    position: Callable[[], Game],
    player: str,
    question: str,
    criterion: Criterion | None = None,
    options: Sequence[str] = (),
    solve: Callable[[Game], tuple[Any, str, Cited]] | None = None,
    reading: str | None = None,
) -> Exercise:
    """An exercise "Which of these moves is ``player``'s best?", by a stated ``criterion``.

    ``options`` are the moves offered (action text, at most :data:`SHORT_LIST`; by default
    every legal move of ``player``, when there are that few).  The criterion (by default
    :func:`greedy_rating`) is stated after the question ("Best means ...").  Every offered
    move rated as high as the best is right.  ``solve`` may add an explanation and rules."""
    options = tuple(options)
    if len(options) > SHORT_LIST or len(set(options)) != len(options) or len(options) == 1:
        raise ValueError(f"exercise {key!r}: offer 2 to {SHORT_LIST} distinct moves")
    criterion = criterion or greedy_rating(player)
    stated = Msg(N_("{question} Best means {criterion}."), question=question, criterion=criterion.name)
    common = _common(game, key, title, stated, position)
    return Exercise(
        kind="best", player=player, options=options, solve=solve, criterion=criterion, **_with_reading(common, reading)
    )
