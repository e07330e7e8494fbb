"""1980 Sixtina exercises: engine positions with a question, answered by the engine.

Built with the core constructors (:mod:`fresco_kit.classroom.exercises`): "is this move
legal?", "what does it score?", "which one?" and "what is the best move?".  Most start
from the rulebook's restoration examples (:func:`.examples.chapel_chain`: Red, White and
Blue around the Creation of Adam) and go a few moves on.  A teacher adds one in a few lines, e.g.::

    legal("sixtina", "covered", "A covered fresco",
          position=chain_start, move="restore G2 repainting 2",
          question="Can Red restore the covered fresco at G2 with Repainting 2?")
"""

from __future__ import annotations

from collections.abc import Callable

from fresco_kit.classroom.exercises import Exercise, best, choice, legal, number
from fresco_kit.core import Game
from fresco_kit.core.rules import RuleRef

from . import rules
from .completion import revealable
from .describe import objective_name, place_name
from .examples import chapel_chain
from .objectives import claim_problems
from .refs import RULES
from .restoration import explore_restoration

GAME = "sixtina"
#: the card ids of the chapel-chain position (``examples.chapel_chain``), by role
CARDS = chapel_chain()[1]


def _ids(cards: tuple[int, ...]) -> str:
    return ",".join(map(str, cards))


# -- positions ---------------------------------------------------------------------------
def chain_start() -> Game:
    """The restoration examples' position: Red to play, holding Repainting 2, 2 and 3 and
    Infrared 1 and 3; Creation of Adam (G1) half restored."""
    return chapel_chain()[0]


def after_red_and_white() -> Game:
    """Red restored Repainting on Creation of Adam with three cards, White prepared: Blue to play."""
    game = chain_start()
    game.play(rules.Restore("G1", "repainting", CARDS["red_repainting"], 2))
    game.play(rules.Prepare())
    return game


def blue_bonus() -> Game:
    """Blue just made an excellent Solvent Sponge restoration on Creation of Adam: a bonus is owed."""
    game = after_red_and_white()
    game.play(rules.Restore("G1", "solvent_sponge", CARDS["blue_solvent"], 1))
    return game


def before_completion() -> Game:
    """Creation of Adam lacks only Washi Paper (needs 5); White holds Washi Paper 1 and 2."""
    game = blue_bonus()
    game.play(rules.Bonus("objective", "ec3"))
    game.play(rules.Prepare())
    return game


def white_uncovers() -> Game:
    """White completed Creation of Adam and now uncovers a new fresco."""
    game = before_completion()
    game.play(rules.Restore("G1", "washi_paper", CARDS["white_washi"], 1))
    return game


# -- answers the core constructors cannot compute alone ---------------------------------
def _track_gain(move: str, player: str) -> Callable[[Game], tuple[int, str, tuple[RuleRef, ...]]]:
    """Solve: the points ``player`` moves on the score track when ``move`` is played."""

    def solve(game: Game) -> tuple[int, str, tuple[RuleRef, ...]]:
        seat = game.state.colours.index(player)
        preview = game.preview(move)
        gained = preview.state.score[seat] - game.state.score[seat]
        lines = "\n".join(f"  {e.text}" for e in preview.events)
        refs = tuple(dict.fromkeys(e.rule for e in preview.events if e.rule is not None))
        return gained, f"{player} moves {gained} on the score track. What happens:\n{lines}", refs

    return solve


def _max_extra(game: Game) -> tuple[int, str, tuple[RuleRef, ...]]:
    outcome = explore_restoration(game.state, "G1", "repainting", CARDS["red_repainting"])
    why = (
        f"Repainting 2 + 2 + 3 = {outcome.total} against {outcome.required}: a {outcome.kind} restoration. "
        f"It places one of Red's play-area materials and allows one extra material per card played, as far "
        f"as the play area allows: {outcome.places}."
    )
    return outcome.max_extra, why, (RULES["restore.correct"],)


OBJECTIVE_OPTIONS = ("ec3", "one5", "prudent5")


def _claimable(game: Game) -> tuple[tuple[str, ...], str, tuple[RuleRef, ...]]:
    state = game.state
    right, lines = [], []
    for objective in OBJECTIVE_OPTIONS:
        problems = claim_problems(state, 2, objective)
        name = objective_name(objective)
        if problems:
            lines.append(f"“{name}”: no, " + "; ".join(problems))
        else:
            right.append(name)
            lines.append(f"“{name}”: yes, Blue meets it (the restoration just made counts)")
    refs = (RULES["bonus.objective"], RULES["obj.ec3"], RULES["obj.one5"], RULES["obj.prudent5"])
    return tuple(right), "\n".join(lines), refs


def _uncover(game: Game) -> tuple[tuple[str, ...], str, tuple[RuleRef, ...]]:
    state = game.state
    right = tuple(place_name(state, p) for p in revealable(state))
    why = (
        "A new fresco must be covered and orthogonally adjacent to a visible one (each Last Judgment place "
        f"touches the two above it). Here: {', '.join(right)}."
    )
    return right, why, (RULES["complete.new"],)


def _best_why(game: Game) -> tuple[None, str, tuple[RuleRef, ...]]:
    why = (
        "The greedy evaluation adds up the provisional score sheet and 0.3 per value point of the cards in "
        "hand. The Objective bonus puts Blue's material on the highest free scoring space of an objective "
        "Blue meets, points that count at the final scoring; two more cards are worth less, and one more "
        "material only half a point of leftovers."
    )
    refs = (RULES["bonus.objective"], RULES["bonus.refined"], RULES["bonus.material"], RULES["final.objectives"])
    return None, why, refs


# -- the exercises -----------------------------------------------------------------------
def _uncover_options() -> tuple[str, ...]:
    state = white_uncovers().state
    return tuple(place_name(state, p) for p in ("JC2", "G2", "M2", "G4", "LJ1"))


EXERCISES: tuple[Exercise, ...] = (
    legal(
        GAME,
        "correct-with-extras",
        "A correct restoration with extra materials",
        position=chain_start,
        move=f"restore G1 repainting {_ids(CARDS['red_repainting'])} extra 2",
        question=(
            "Red plays Repainting 2, Repainting 2 and Repainting 3 on the Repainting space of the Creation of "
            "Adam (G1, needs 6) and adds 2 extra materials from a play area of 4. Is this move legal?"
        ),
    ),
    legal(
        GAME,
        "wrong-card-too-many-extras",
        "A wrong card and too many extras",
        position=chain_start,
        move=f"restore G1 repainting {CARDS['red_repainting'][0]},{CARDS['red_other'][0]} extra 3",
        question=(
            "Red plays Repainting 2 and Infrared 1 on the Repainting space of the Creation of Adam (G1) and adds "
            "3 extra materials. Is this move legal? If not, why not?"
        ),
    ),
    legal(
        GAME,
        "taken-space",
        "A space already taken",
        position=after_red_and_white,
        move=f"restore G1 laboratory {_ids(CARDS['blue_other'])}",
        question=(
            "Blue plays Laboratory 4 and Laboratory 5 on the Laboratory space of the Creation of Adam (G1, needs 7), "
            "where Red made a prudent restoration earlier. Is this move legal?"
        ),
    ),
    number(
        GAME,
        "completion-points",
        "Points for completing a fresco",
        position=before_completion,
        move=f"restore G1 washi_paper {_ids(CARDS['white_washi'])} extra 1",
        player="Blue",
        solve=_track_gain(f"restore G1 washi_paper {_ids(CARDS['white_washi'])} extra 1", "Blue"),
        question=(
            "White completes the Creation of Adam (scores 12/5/4) with a prudent Washi Paper restoration "
            "(Washi Paper 1 and 2 against 5) and 1 extra material. Blue has three materials on it (correct "
            "Infrared, excellent Solvent Sponge and one extra), Red three too (correct Repainting and two "
            "extra), and Red made a prudent Laboratory restoration earlier. How many points does Blue move on "
            "the score track?"
        ),
    ),
    number(
        GAME,
        "most-extras",
        "How many extra materials?",
        position=chain_start,
        solve=_max_extra,
        question=(
            "Red, with 4 materials in the play area, plays Repainting 2, Repainting 2 and Repainting 3 on the "
            "Repainting space of the Creation of Adam (needs 6). How many extra materials may Red add at most?"
        ),
    ),
    choice(
        GAME,
        "objective-bonus",
        "Which objective can Blue claim?",
        position=blue_bonus,
        options=tuple(objective_name(o) for o in OBJECTIVE_OPTIONS),
        solve=_claimable,
        question=(
            "Blue just made an excellent Solvent Sponge restoration on the Creation of Adam and takes the "
            "Objective bonus. Which of the three objectives in play can Blue claim?"
        ),
    ),
    choice(
        GAME,
        "new-restoration",
        "Which fresco may White uncover?",
        position=white_uncovers,
        options=_uncover_options(),
        solve=_uncover,
        question=(
            "White's restoration completed the Creation of Adam (G1), so White uncovers a new fresco. Which of "
            "these places may White uncover?"
        ),
    ),
    best(
        GAME,
        "bonus-best",
        "Blue's best bonus",
        position=blue_bonus,
        player="Blue",
        solve=_best_why,
        question=(
            "Blue just made an excellent Solvent Sponge restoration on the Creation of Adam and chooses its bonus: "
            "Refined Technique (draw two cards), Additional Material, or the Objective bonus. Which is Blue's "
            "best choice by the kit's greedy evaluation?"
        ),
    ),
)

__all__ = [
    "EXERCISES",
    "after_red_and_white",
    "before_completion",
    "blue_bonus",
    "chain_start",
    "white_uncovers",
]
