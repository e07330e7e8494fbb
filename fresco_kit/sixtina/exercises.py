"""1980 Sixtina exercises: engine positions with a question, answered by the engine.

Built with the core constructors (:mod:`fresco_kit.classroom.exercises`): "is this move
legal?", "why not? (tick the reasons)", "what does it score?", "which one?" and "which of
these moves is best?" (by a criterion stated in the question).  An answer resting on one
of the kit's readings names it (``reading=``).  Most start
from the rulebook's restoration examples (:func:`.examples.chapel_chain`: Red, White and
Blue around the Creation of Adam) and go a few moves on.  A teacher adds one in a few lines, e.g.::

    legal("sixtina", "covered", "A covered fresco",
          position=chain_start, move="restore G2 repainting 2",
          question="Can Red restore the covered fresco at G2 with Repainting 2?")
"""

from __future__ import annotations

from collections.abc import Callable

from fresco_kit.classroom.exercises import Cited, Exercise, best, choice, legal, number, points_gained, why_not
from fresco_kit.core import Game
from fresco_kit.core.rules import RuleRef
from fresco_kit.core.text import Msg

from . import names, rules
from .chapel import neighbours
from .codes import KIND_NAMES, PLACES, RESTORED, VISIBLE, D
from .completion import revealable
from .describe import objective_name, place_name
from .examples import chapel_chain
from .objectives import claim_reasons
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
def _track_gain(move: str, player: str) -> Callable[[Game], tuple[int, str, list[tuple[str, RuleRef | None]]]]:
    """Solve: the points ``player`` moves on the score track when ``move`` is played; each
    event of the move paired with its rule."""

    def solve(game: Game) -> tuple[int, str, list[tuple[str, RuleRef | None]]]:
        seat = game.state.colours.index(player)
        preview = game.preview(move)
        gained = preview.state.score[seat] - game.state.score[seat]
        pairs: list[tuple[str, RuleRef | None]] = [(e.text, e.rule) for e in preview.events]
        return (
            gained,
            Msg("{player} moves {gained} on the score track. What happens:", player=player, gained=gained),
            pairs,
        )

    return solve


def _max_extra(game: Game) -> tuple[int, str, Cited]:
    cards = CARDS["red_repainting"]
    outcome = explore_restoration(game.state, "G1", "repainting", cards)
    play = game.state.play[game.state.colours.index("Red")]
    rule = RULES["restore.correct"]
    why = Msg(
        "Repainting 2 + 2 + 3 = {total} against {required}: a {kind} restoration.",
        total=outcome.total,
        required=outcome.required,
        kind=names.kind(KIND_NAMES.index(outcome.kind)),
    )
    pairs = [
        (
            Msg(
                "one of Red's {play} play-area materials goes on the top space, so {left} are left",
                play=play,
                left=play - 1,
            ),
            rule,
        ),
        (
            Msg("at most one extra material per card played: {cards} cards, so up to {cards} extras", cards=len(cards)),
            rule,
        ),
        (Msg("the smaller of the two: {most}", most=outcome.max_extra), rule),
    ]
    return outcome.max_extra, why, pairs


OBJECTIVE_OPTIONS = ("ec3", "one5", "prudent5")


def _claimable(game: Game) -> tuple[tuple[str, ...], str, Cited]:
    state = game.state
    right, pairs = [], []
    for objective in OBJECTIVE_OPTIONS:
        problems = claim_reasons(state, 2, objective)
        name = objective_name(objective)
        if problems:
            pairs += [
                (Msg("“{objective}”: no. {reason}", objective=name, reason=message), rule) for message, rule in problems
            ]
        else:
            right.append(name)
            said = Msg("“{objective}”: yes, Blue meets it (the restoration just made counts)", objective=name)
            pairs.append((said, RULES[f"obj.{objective}"]))
    why = Msg("An objective is claimed when its condition is met now; the kit counts it on the board. Each objective:")
    return tuple(right), why, [*pairs, RULES["bonus.objective"]]


UNCOVER_OPTIONS = ("JC2", "G2", "M2", "G4", "LJ1")


def _uncover(game: Game) -> tuple[tuple[str, ...], str, Cited]:
    state = game.state
    may = set(revealable(state))
    rule = RULES["complete.new"]
    pairs = []
    for place in UNCOVER_OPTIONS:
        shown = [q for q in sorted(neighbours(place)) if state.status[PLACES.index(q)] in (VISIBLE, RESTORED)]
        here = place_name(state, place)
        if PLACES.index(place) not in may:
            pairs.append((Msg("{place}: no, none of its neighbours is uncovered", place=here), rule))
        elif all(state.status[PLACES.index(q)] == RESTORED for q in shown):
            said = Msg(
                "{place}: yes, by the kit's reading: its only uncovered neighbour, {neighbour}, has just been restored",
                place=here,
                neighbour=place_name(state, shown[0]),
            )
            pairs.append((said, rule))
        else:
            said = Msg(
                "{place}: yes, it is next to the visible {neighbour}", place=here, neighbour=place_name(state, shown[0])
            )
            pairs.append((said, rule))
    why = Msg(
        "A new fresco must still be covered and be next to an uncovered one, side by side or one above the other "
        "(each Last Judgment place touches the two above it)."
    )
    return tuple(place_name(state, PLACES[p]) for p in sorted(may)), why, pairs


def _best_why(game: Game) -> tuple[None, str, Cited]:
    state = game.state
    blue = state.colours.index("Blue")
    hand, play = len(state.hands[blue]), state.play[blue]
    why = Msg(
        "Blue holds {hand} cards and {play} materials in the play area; leftovers score half of cards plus "
        "materials, rounded down: {now} now.",
        hand=hand,
        play=play,
        now=(hand + play) // 2,
    )
    spaces = state.claims[state.objectives.index("ec3")]
    free = spaces.index(-1)
    worth = D.objective_by_id["ec3"].points(state.n)[free]
    if free:
        objective = Msg(
            "the Objective bonus puts Blue's material on the highest free scoring space, space {space} ({holder} "
            "holds the first): {worth} points at the final scoring",
            space=free + 1,
            holder=state.colours[spaces[0]],
            worth=worth,
        )
    else:
        objective = Msg(
            "the Objective bonus puts Blue's material on the highest free scoring space, space {space}: {worth} "
            "points at the final scoring",
            space=free + 1,
            worth=worth,
        )
    pairs = [
        (objective, RULES["bonus.objective"]),
        (
            Msg(
                "Refined Technique draws 2 cards: {hand} cards and {play} materials give {points} for leftovers",
                hand=hand + 2,
                play=play,
                points=(hand + 2 + play) // 2,
            ),
            RULES["bonus.refined"],
        ),
        (
            Msg(
                "Additional Material: {hand} cards and {play} material give {points} for leftovers",
                hand=hand,
                play=play + 1,
                points=(hand + play + 1) // 2,
            ),
            RULES["bonus.material"],
        ),
    ]
    return None, why, [*pairs, RULES["final.leftover"], RULES["final.objectives"]]


# -- the exercises -----------------------------------------------------------------------
def _uncover_options() -> tuple[str, ...]:
    state = white_uncovers().state
    return tuple(place_name(state, p) for p in UNCOVER_OPTIONS)


EXERCISES: tuple[Exercise, ...] = (
    legal(
        GAME,
        "correct-with-extras",
        Msg("A correct restoration with extra materials"),
        position=chain_start,
        move=f"restore G1 repainting {_ids(CARDS['red_repainting'])} extra 2",
        question=Msg(
            "Red plays Repainting 2, Repainting 2 and Repainting 3 on the Repainting space of the Creation of "
            "Adam (G1, needs 6) and adds 2 extra materials from a play area of 4. Is this move legal?"
        ),
    ),
    why_not(
        GAME,
        "wrong-card-too-many-extras",
        Msg("A wrong card and too many extras"),
        position=chain_start,
        move=f"restore G1 repainting {CARDS['red_repainting'][0]},{CARDS['red_other'][0]} extra 3",
        question=Msg(
            "It is Red's turn. Red plays Repainting 2 and Infrared 1 on the Repainting space of the Creation of Adam "
            "(G1, needs 6) and adds 3 extra materials from a play area of 4. Why is this move refused? Tick every "
            "reason that applies."
        ),
        reasons=(
            (Msg("a restoration plays cards of the chosen technique only"), RULES["act.restore"]),
            (Msg("a restoration adds at most one extra material per card played"), RULES["restore.prudent"]),
            (Msg("the cards must total more than the printed 6"), RULES["restore.correct"]),
            (Msg("it is not Red's turn"), RULES["turn.order"]),
        ),
    ),
    legal(
        GAME,
        "taken-space",
        Msg("A space already taken"),
        position=after_red_and_white,
        move=f"restore G1 laboratory {_ids(CARDS['blue_other'])}",
        question=Msg(
            "Blue plays Laboratory 4 and Laboratory 5 on the Laboratory space of the Creation of Adam (G1, needs 7), "
            "where Red made a prudent restoration earlier. Is this move legal?"
        ),
    ),
    number(
        GAME,
        "completion-points",
        Msg("Points for completing a fresco"),
        position=before_completion,
        move=f"restore G1 washi_paper {_ids(CARDS['white_washi'])} extra 1",
        player="Blue",
        solve=_track_gain(f"restore G1 washi_paper {_ids(CARDS['white_washi'])} extra 1", "Blue"),
        question=Msg(
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
        Msg("How many extra materials?"),
        position=chain_start,
        solve=_max_extra,
        question=Msg(
            "Red, with 4 materials in the play area, plays Repainting 2, Repainting 2 and Repainting 3 on the "
            "Repainting space of the Creation of Adam (needs 6). How many extra materials may Red add at most?"
        ),
    ),
    choice(
        GAME,
        "objective-bonus",
        Msg("Which objective can Blue claim?"),
        position=blue_bonus,
        options=tuple(objective_name(o) for o in OBJECTIVE_OPTIONS),
        solve=_claimable,
        question=Msg(
            "Blue just made an excellent Solvent Sponge restoration on the Creation of Adam and takes the "
            "Objective bonus. Which of the three objectives in play can Blue claim?"
        ),
        reading="objectives count the board",
    ),
    choice(
        GAME,
        "new-restoration",
        Msg("Which fresco may White uncover?"),
        position=white_uncovers,
        options=_uncover_options(),
        solve=_uncover,
        question=Msg(
            "White's restoration completed the Creation of Adam (G1), so White uncovers a new fresco. Which of "
            "these places may White uncover? Pick one: more than one may be right."
        ),
        reading="uncover next to restored frescoes",
    ),
    best(
        GAME,
        "bonus-best",
        Msg("Blue's best bonus"),
        position=blue_bonus,
        player="Blue",
        criterion=points_gained("Blue"),
        solve=_best_why,
        question=Msg(
            "Blue just made an excellent Solvent Sponge restoration on the Creation of Adam and chooses its bonus: "
            "Refined Technique (draw two cards), Additional Material, or the Objective bonus. Which bonus is best "
            "for Blue?"
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
