"""Every Fresco rule the engine enforces, by checklist id (own-words paraphrases).

Sections are the headings of the Fresco rulebook (English, base game); the ``bigbox.*``
rules cite the Fresco: Big Box "How to Play".  Ids are those of
``rules_checklist.txt`` without the ``fresco`` prefix; the ``supply.*`` and
``end.tie`` entries are readings the kit adds where the texts are silent (see
:mod:`.readings`, where every reading is documented), and
``end.over`` (no action after the end) a rule the checklist lacks.
"""

from __future__ import annotations

from fresco_kit.core import Rulebook

_P1 = "I. Choosing get up time and adjusting mood"
_P2 = "II. Planning and performing actions"
_CATH = "Cathedral: Restore the fresco or altar"
_NEXT = "II. Planning and performing actions, preparing the next round"
_BB = "Big Box How to Play"

RULES = Rulebook(
    "fresco",
    {
        # Setup
        "setup.side": (
            "Setup, 1. The double-sided game board",
            "the board side with S1-S4 is used by 4 players, the side with S1-S3 by 3",
        ),
        "setup.start": (
            "Setup, 2. The starting spaces",
            "one master painter per player is drawn from the bag onto S1, S2, ... in draw order",
        ),
        "setup.player": (
            "Setup (silent on it; the kit takes Big Box, Preparation 2)",
            "each player starts with 12 thalers, 1 yellow, 1 red, 1 blue, 3 master painters, 5 apprentices",
        ),
        "setup.market": (
            "Setup, 4. The market",
            "booths are filled from the bag; with 3 players 3 booths and 3 tiles leave the game",
        ),
        "setup.fresco": (
            "Setup, 5. The cathedral / 9. The bishop",
            "a value-11 tile goes in the centre, the rest are dealt at random; the bishop starts in the centre",
        ),
        # Phase I
        "p1.order": (_P1, "the player last on the victory point track chooses first (at the start S1 is last)"),
        "p1.unique": (_P1, "each get-up time holds one painter only"),
        "p1.mood": (f"{_P1}, Change of mood", "the inn's mood change applies at once and never leaves the column"),
        "mood.plus": (
            f"{_P1}, Change of mood",
            "on a +1 space the player takes the natural apprentice (6 actions); "
            "it goes back when the painter leaves those spaces",
        ),
        "mood.minus": (
            f"{_P1}, Change of mood",
            "on a -1 space one own apprentice sits out (4 actions); it returns when the painter leaves those spaces",
        ),
        "p1.price": (f"{_P1}, Market prices", "the get-up time fixes the price of one market tile"),
        "p1.turn_order": (f"{_P1}, Player order", "the earliest get-up time acts first in phase II, then ascending"),
        # Phase II
        "p2.plan": (
            f"{_P2}, Planning actions",
            "plans are made in secret and at the same time; "
            "at most one apprentice on each of the 15 spaces, no more apprentices than one has",
        ),
        "p2.resolve": (
            f"{_P2}, Performing actions",
            "the five locations are visited in order; at each, players act in "
            "get-up order, finishing all their actions there; a player with no apprentice there is skipped",
        ),
        "p2.forfeit": (
            f"{_P2}, Performing actions",
            "planned actions may be given up; without the money or paints an action must be given up",
        ),
        "market.buy": (
            "Market: Buy paints or close down market booth",
            "choose one booth; each market apprentice buys one "
            "of its tiles at the player's price; then all its tiles go back into the bag",
        ),
        "market.close": (
            "Market: Buy paints or close down market booth",
            "with at least one market apprentice, close a booth instead of buying; free",
        ),
        "cath.segment": (
            f"{_CATH}, Restore a segment of the fresco",
            "pay the tile's paints to the supply, score its value plus the bishop's bonus, keep the tile face down",
        ),
        "cath.track": (
            f"{_CATH}, Restore a segment of the fresco",
            "the track counts from space 1 (start spaces do not "
            "count); landing on an occupied space, choose the next free space behind or ahead",
        ),
        "cath.bishop_move": (
            f"{_CATH}, Moving the bishop",
            "before a segment, pay 1 thaler to move the bishop one step in any of 8 directions, onto any segment",
        ),
        "cath.bishop_bonus": (
            f"{_CATH}, The bishop's bonus points",
            "3 points when the bishop is on the segment, 2 when next to it (diagonals too)",
        ),
        "cath.bishop_after": (
            f"{_CATH}, Restore a segment of the fresco",
            "afterwards the bishop moves to the restored segment",
        ),
        "altar.basic": (
            f"{_CATH}, Restore the altar",
            "yellow + red + blue scores 2; each of them may be replaced by orange, green or purple for 1 more point",
        ),
        "altar.blended": (f"{_CATH}, Restore the altar", "orange + green + purple scores 6"),
        "studio": ("Studio: Paint portraits", "3 thalers per studio apprentice"),
        "workshop": ("Workshop: Blend paints", "each workshop apprentice allows up to 2 blends of two primaries"),
        "theater": (
            "Theater: Improve one's mood",
            "2 spaces up per apprentice; apprentices change only after next round's get-up",
        ),
        # Round end
        "round.refill": (_NEXT, "the booths are refilled from the bag"),
        "round.income": (_NEXT, "each player gets 1 thaler per restored tile in front of them"),
        "round.reset": (_NEXT, "painters go back to the inn; the last on the track chooses first next round"),
        # End of the game
        "end.final_round": (
            "End of the Game",
            "with 6 or fewer tiles on the fresco at a round's start, that round is "
            "the last, played on side 2 of the action sheet",
        ),
        "end.no_income": ("End of the Game", "no income after the final round"),
        "end.money": ("End of the Game", "2 thalers = 1 VP, scored in the final round's get-up order"),
        "end.winner": ("End of the Game", "the most victory points wins"),
        # Big Box
        "bigbox.rotation": (
            f"{_BB}, Preparation for the Next Round",
            "painters still on start spaces rotate: the first goes to the end, the others move up",
        ),
        "bigbox.side2": (f"{_BB}, End of Game and Scoring", "side 2 of the sheet: no theater, the cathedral twice"),
        "bigbox.complete": (
            f"{_BB}, End of Game and Scoring",
            "a fresco completed before the final round makes that round the final one",
        ),
        "bigbox.final_collision": (
            f"{_BB}, End of Game and Scoring, Final point count",
            "in the final count a painter landing on an occupied space goes to the next free one ahead",
        ),
        "bigbox.paints": (f"{_BB}, Workshop: Mix paints", "the paint supply is unlimited (shortfalls noted on paper)"),
        # Readings the kit adds (not in the checklist)
        "supply.paints": (
            "Setup, 7. The workshop (kit's reading)",
            "with a limited supply, paints the supply lacks cannot be taken (buying or blending)",
        ),
        "supply.coins": (
            "Setup, 6. The studio (kit's reading)",
            "the 60 coins (196 thalers) are the whole bank: when it runs short it pays only what it holds",
        ),
        "end.tie": ("End of the Game (kit's reading)", "the text gives no tie-break: tied leaders share the victory"),
        "end.over": ("End of the Game", "no action is possible once the game has ended"),
    },
)

#: ids the kit adds beyond rules_checklist.txt
EXTRA_RULES = ("supply.paints", "supply.coins", "end.tie", "end.over")
