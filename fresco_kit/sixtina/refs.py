"""Every rule of 1980 Sixtina the kit enforces, by checklist id, in the kit's own words.

Sections are the rulebook's headings.  Ids are those of
``reference/rules_checklist.txt`` (without the ``sixtina`` prefix); the last three
(``turn.order``, ``turn.pending`` and ``end.over``) are rules the checklist lacks.
"""

from __future__ import annotations

from fresco_kit.core import Rulebook

SETUP = "Setup"
PLAY = "How to Play"
COMPLETE = "Completing the Restoration of Frescoes"
OBJ = "Objectives"
END = "End of the Game and Scoring"
TWO = "Two-Player Games"

RULES = Rulebook(
    "sixtina",
    {
        "setup.chapel": (
            f"{SETUP}, step 1",
            "twelve frescoes drawn at random: 3 Jesus Christ, 4 Genesis, 3 Moses, 2 Last Judgment, unrestored side up",
        ),
        "setup.sheets": (
            f"{SETUP}, step 2",
            "sheets cover every fresco except the top of the Jesus Christ, Genesis and Moses columns (and the "
            "second Genesis card with 4 players)",
        ),
        "setup.objectives": (
            f"{SETUP}, step 4",
            "three objective cards in play, showing the side for the player count",
        ),
        "setup.hands": (f"{SETUP}, step 5", "five technique cards dealt to each player; the rest form the draw deck"),
        "setup.materials": (
            f"{SETUP}, step 6",
            "15/14/13 materials per player with 2/3/4 players: four to the play area, the rest to the general supply",
        ),
        "setup.black": (f"{SETUP}, step 7", "three black materials in the supply, four with four players"),
        "setup.score": (f"{SETUP}, step 8", "the starting player's score marker on 0, the next players' on 2, 4 and 6"),
        "setup.initial": (
            f"{SETUP}, step 9",
            "each player reveals a technique card and puts a supply material on the top space of a fresco with "
            "that technique; a technique absent from the frescoes is discarded and another revealed",
        ),
        "act.preparation": (
            f"{PLAY}, Technique Preparation",
            "draw three cards, never beyond a hand of eight; an empty deck is refilled by shuffling the discards",
        ),
        "act.acquire": (
            f"{PLAY}, Acquire Material",
            "discard any number of cards; take one own material from the supply per card, as far as the supply allows",
        ),
        "act.restore": (
            f"{PLAY}, Restore Fresco",
            "pick a visible fresco and one of its techniques without material, and play one or more cards of "
            "that technique",
        ),
        "restore.correct": (
            f"{PLAY}, A. Correct Restoration",
            "cards above the value: own material on the top space (needs one in the play area), up to one extra"
            " per card, cards discarded",
        ),
        "restore.excellent": (
            f"{PLAY}, B. Excellent Restoration",
            "cards equal to the value: own material on the bottom space (needs one in the play area), up to one"
            " extra per card, cards discarded, one bonus",
        ),
        "bonus.refined": (
            f"{PLAY}, B. Excellent Restoration, Bonuses",
            "Refined Technique: draw two cards, one if the hand holds seven",
        ),
        "bonus.material": (
            f"{PLAY}, B. Excellent Restoration, Bonuses",
            "Additional Material: one own material from the supply to the play area, if there is one",
        ),
        "bonus.objective": (
            f"{PLAY}, B. Excellent Restoration, Bonuses",
            "Objective: for a condition met, an own supply material on the objective's highest free space; once"
            " per objective",
        ),
        "restore.prudent": (
            f"{PLAY}, C. Prudent Restoration",
            "cards below the value: a black supply material on the bottom space (needs one), up to one extra "
            "own material per card, cards kept face up in the play area",
        ),
        "complete.trigger": (
            f"{COMPLETE}",
            "after a restoration, every fresco whose techniques are all occupied is scored",
        ),
        "complete.modify": (
            f"{COMPLETE}, 1. Modify Scores",
            "+1 per excellent and -2 per prudent restoration, added to all three scores; a score may go negative",
        ),
        "complete.contribution": (
            f"{COMPLETE}, 2. Contribution",
            "rank by materials on the fresco; ties go to the leftmost excellent space, then the leftmost "
            "correct space, else the position is shared",
        ),
        "complete.no_material": (
            f"{COMPLETE}, 2. Contribution",
            "a prudent restorer with no own material on the fresco did not contribute",
        ),
        "complete.score": (
            f"{COMPLETE}, 3. Scoring",
            "the top three contributors score by position; tied players share the summed scores, rounded down",
        ),
        "complete.reveal": (
            f"{COMPLETE}, 4. Revealing the Restoration",
            "materials return to the supply, the card flips, the top contributor puts a supply material on the "
            "zone icon (nobody on a tie for first)",
        ),
        "complete.new": (
            f"{COMPLETE}, 5. New Restorations",
            "the completing player uncovers a fresco orthogonally adjacent to a visible one (each Last Judgment"
            " card touches the two above it); skipped when none is covered",
        ),
        "obj.materials8": (
            f"{OBJ}, Materials in Frescoes",
            "at least 8 own materials (7 with 4 players) on ongoing and completed restorations",
        ),
        "obj.three6": (f"{OBJ}, Materials in Frescoes", "at least 6 own materials on three ongoing restorations"),
        "obj.one5": (f"{OBJ}, Materials in Frescoes", "at least 5 own materials on a single ongoing restoration"),
        "obj.exc2": (
            f"{OBJ}, Restored Frescoes",
            "at least 2 excellent restorations of Repainting, Washi Paper or Laboratory (the one just made counts)",
        ),
        "obj.cor2": (
            f"{OBJ}, Restored Frescoes",
            "at least 2 correct restorations of Laboratory, Infrared or Solvent Sponge",
        ),
        "obj.ec3": (
            f"{OBJ}, Restored Frescoes",
            "at least 3 (2 with 4 players) excellent or correct restorations of Solvent Sponge, Plaster "
            "Injection or Repainting (the one just made counts)",
        ),
        "obj.adjacent3": (
            f"{OBJ}, Type of Restoration",
            "own materials on at least 3 (2 with 4 players) orthogonally adjacent restored frescoes",
        ),
        "obj.sametype2": (f"{OBJ}, Type of Restoration", "own materials on at least 2 restored frescoes of one type"),
        "obj.difftype3": (
            f"{OBJ}, Type of Restoration",
            "own materials on at least 3 (2 with 4 players) restored frescoes of different types",
        ),
        "obj.prudent_same3": (
            f"{OBJ}, Prudent Restorations",
            "at least 3 technique cards of one technique in the play area",
        ),
        "obj.prudent5": (f"{OBJ}, Prudent Restorations", "at least 5 technique cards in the play area"),
        "obj.prudent_diff3": (
            f"{OBJ}, Prudent Restorations",
            "technique cards of at least 3 different techniques in the play area",
        ),
        "obj.timing": (
            f"{OBJ}, footnotes",
            "the bonus is taken before a completed fresco flips, so its materials still count",
        ),
        "variant.sheets": (
            "Variant: Sheets with History",
            "whoever uncovers a sheet receives its reward (points, cards, materials or an objective), or "
            "nothing if it cannot be received",
        ),
        "end.trigger": (
            f"{END}",
            "once a completion leaves only one fresco unrestored, play stops at the end of that turn",
        ),
        "end.last_half": (
            f"{END}",
            "the last, incomplete fresco scores half, rounded down; it is flipped and nobody places a material on it",
        ),
        "final.objectives": (f"{END}, Objectives", "points of the objective spaces claimed"),
        "final.contribution": (
            f"{END}, Contribution to Restored Frescoes",
            "most materials on restored frescoes: 10 / 6 / 3, ties share rounded down",
        ),
        "final.prudent": (
            f"{END}, Prudent Restorations",
            "per technique the leader drops as many lowest cards as the runner-up holds and scores the rest; "
            "runners-up score 2 per card; tied leaders score 2 per card",
        ),
        "final.leftover": (
            f"{END}, Leftover Materials and Techniques",
            "half of (technique cards in hand + materials in the play area), rounded down",
        ),
        "final.winner": (
            f"{END}",
            "highest score wins; ties go to more objectives claimed, then more materials in the personal "
            "reserve, else shared",
        ),
        "two.prep": (
            f"{TWO}, Preparation",
            "15 materials each (1 score, 4 play area, 1 initial restoration); Gianluigi's 15 in a third colour,"
            " one on 15 of the track and one on the second space of each objective",
        ),
        "two.turns": (
            f"{TWO}, Gameplay",
            "turns alternate; after each restoration action of a player, Gianluigi restores",
        ),
        "gian.restore": (
            f"{TWO}, Gianluigi Restorations",
            "same technique and value; excellent, else correct, else prudent with a black material; the "
            "activating player picks among equal options; none if impossible",
        ),
        "gian.extra": (
            f"{TWO}, Gianluigi Restorations",
            "extra materials: the material icons of the cards played, summed and rounded down",
        ),
        "gian.complete": (
            f"{TWO}, Gianluigi Restorations",
            "a fresco he completes is scored for everybody including him; the activating player reveals one or "
            "two new frescoes",
        ),
        "gian.end": (f"{TWO}, End of the Game", "Gianluigi scores objectives and contribution only"),
        # rules the checklist lacks
        "turn.order": (
            f"{PLAY}",
            "the starting player begins and play runs clockwise; on a turn a player performs exactly one of the"
            " three actions",
        ),
        "turn.pending": (
            f"{PLAY}",
            "a decision the rules hand to a player mid-action (a bonus, a fresco to uncover, Gianluigi's "
            "fresco) must be taken before anything else",
        ),
        "end.over": (f"{END}", "no action is possible once the game has ended"),
    },
)
