"""The 1980 Sixtina rulebook's worked examples, rebuilt and played through the engine.

Each example constructs the position the rulebook describes (``positions``), plays
the actions with a :class:`fresco_kit.core.Game` and compares the engine's figures
with the rulebook's.  The fresco "Creation of Adam" of the data file is built to host
the restoration and completion examples (Repainting 6, Solvent Sponge 2, Infrared 4,
Laboratory 7, Washi Paper 5; scores 12/5/4).  ``fresco-kit examples sixtina`` prints
them all.
"""

from __future__ import annotations

from fresco_kit.core import Check, Example, Game
from fresco_kit.core.examples import find_example

from . import rules
from .codes import CARD_HALVES, FRESCO_TECHS, PLACES, D
from .completion import completion_result
from .positions import card_ids, constructed_state
from .restoration import explore_restoration, restore_in_place
from .state import EMPTY, GIANLUIGI, KIND_NAMES, State

RWB = ("Red", "White", "Blue")
ADAM = "genesis_4"  # Creation of Adam, at G1


def _kind_at(state: State, place: str, technique: str) -> str:
    p = PLACES.index(place)
    pos = [D.techniques[t] for t, _ in FRESCO_TECHS[state.frescoes[p]]].index(technique)
    code = state.spaces[p][pos]
    if code == EMPTY:
        return "empty"
    return f"{KIND_NAMES[code >> 3]} by {state.colours[code & 7]}"


def chapel_chain() -> tuple[Game, dict]:
    """The restoration-examples position: Red, White, Blue; Red to play.

    On Creation of Adam (G1) Blue holds Infrared (correct, from setup) and Red a
    prudent Laboratory (black material, no extra).  Blue also holds correct
    Plaster Injection (JC1) and correct Solvent Sponge (M1).  Red already occupies the
    first space of objective ec3."""
    taken: set[int] = set()
    cards = {
        "red_repainting": card_ids("repainting", 2, 2, 3, taken=taken),
        "blue_solvent": card_ids("solvent_sponge", 2, taken=taken),
        "white_washi": card_ids("washi_paper", 1, 2, taken=taken),
        "red_lab_kept": card_ids("laboratory", 2, 3, taken=taken),
        "white_kept": card_ids("infrared", 4, taken=taken),
        "red_other": card_ids("infrared", 1, 3, taken=taken),
        "white_other": card_ids("plaster_injection", 5, taken=taken),
        "blue_other": card_ids("laboratory", 4, 5, taken=taken),
    }
    state = constructed_state(
        RWB,
        chapel={"G1": ADAM, "JC1": "jesus_christ_3", "M1": "moses_3"},
        spaces={
            "G1": {"infrared": ("correct", "Blue"), "laboratory": ("prudent", "Red")},
            "JC1": {"plaster_injection": ("correct", "Blue")},
            "M1": {"solvent_sponge": ("correct", "Blue")},
        },
        hands={
            "Red": cards["red_repainting"] + cards["red_other"],
            "White": cards["white_washi"] + cards["white_other"],
            "Blue": cards["blue_solvent"] + cards["blue_other"],
        },
        display={"Red": cards["red_lab_kept"], "White": cards["white_kept"]},
        play={"Red": 4, "White": 3, "Blue": 2},
        score={"Red": 0, "White": 2, "Blue": 4},
        objectives=("ec3", "one5", "prudent5"),
        claims={"ec3": ["Red"]},
    )
    return Game(rules, RWB, None, {}, state=state), cards


def correct_restoration() -> list[Check]:
    """A. Correct Restoration: three Repainting cards (7) against 6."""
    game, cards = chapel_chain()
    before = game.state.play[0]
    outcome = explore_restoration(game.state, "G1", "repainting", cards["red_repainting"])
    game.play(rules.Restore("G1", "repainting", cards["red_repainting"], 2))
    s = game.state
    return [
        Check("cards total", 7, outcome.total),
        Check("required value", 6, outcome.required),
        Check("restoration", "correct", outcome.kind),
        Check("materials in play area before", 4, before),
        Check("most extra materials allowed", 3, outcome.max_extra),
        Check("Repainting space", "correct by Red", _kind_at(s, "G1", "repainting")),
        Check("Red's materials on the fresco", 3, 1 + s.extras[PLACES.index("G1")][0]),
        Check("Red's play area after", 1, s.play[0]),
        Check("played cards discarded", True, set(cards["red_repainting"]) <= set(s.discard)),
    ]


def excellent_restoration() -> list[Check]:
    """B. Excellent Restoration: one Solvent Sponge card of 2, one extra, objective bonus."""
    game, cards = chapel_chain()
    game.play(rules.Restore("G1", "repainting", cards["red_repainting"], 2))
    game.play(rules.Prepare())  # White
    outcome = explore_restoration(game.state, "G1", "solvent_sponge", cards["blue_solvent"])
    game.play(rules.Restore("G1", "solvent_sponge", cards["blue_solvent"], 1))
    s = game.state
    offered = [str(a) for a in game.legal_actions()]
    supply_before = s.supply[2]
    game.play(rules.Bonus("objective", "ec3"))
    after = game.state
    return [
        Check("restoration", "excellent", outcome.kind),
        Check("Solvent Sponge space", "excellent by Blue", _kind_at(s, "G1", "solvent_sponge")),
        Check("Blue's play area after", 0, s.play[2]),
        Check("bonus owed", "bonus", s.pending[0].KIND),
        Check("material bonus also possible", True, "bonus material" in offered),
        Check("an objective met, this restoration counting (constructed)", True, "bonus objective ec3" in offered),
        Check("highest free scoring space taken (constructed: the 2nd)", 2, after.claims[0].index(2) + 1),
        Check("Blue's supply after the claim (constructed)", supply_before - 1, after.supply[2]),
    ]


def prudent_restoration() -> tuple[list[Check], Game]:
    """C. Prudent Restoration: two Washi Paper cards (3) against 5, one extra."""
    game, cards = chapel_chain()
    game.play(rules.Restore("G1", "repainting", cards["red_repainting"], 2))
    game.play(rules.Prepare())
    game.play(rules.Restore("G1", "solvent_sponge", cards["blue_solvent"], 1))
    game.play(rules.Bonus("objective", "ec3"))
    game.play(rules.Prepare())  # Red
    before = game.state
    outcome = explore_restoration(before, "G1", "washi_paper", cards["white_washi"])
    mid = _with_white_washi(before, cards)  # the placement, before the completion is scored
    game.play(rules.Restore("G1", "washi_paper", cards["white_washi"], 1))
    s = game.state
    kept = set(cards["white_washi"]) | set(cards["white_kept"])
    checks = [
        Check("cards total", 3, outcome.total),
        Check("restoration", "prudent", outcome.kind),
        Check("extra materials allowed (0, 1 or 2)", 2, outcome.max_extra),
        Check("Washi Paper space", "prudent by White", _kind_at(mid, "G1", "washi_paper")),
        Check("black materials left in the supply (constructed)", before.black - 1, mid.black),
        Check("White's extra materials on the fresco", 1, mid.extras[PLACES.index("G1")][1]),
        Check("White's play area after (constructed)", before.play[1] - 1, s.play[1]),
        Check("cards kept on display with earlier ones", True, kept == set(s.display[1])),
    ]
    return checks, game


def prudent_example() -> list[Check]:
    """The rulebook's prudent restoration example (C. Prudent Restoration), as checks."""
    return prudent_restoration()[0]


def fresco_completion() -> list[Check]:
    """Completing a fresco: 12/5/4 -> 9/2/1; Blue 9 (leftmost excellent), Red 2, White 1."""
    game, cards = chapel_chain()
    game.play(rules.Restore("G1", "repainting", cards["red_repainting"], 2))
    game.play(rules.Prepare())
    game.play(rules.Restore("G1", "solvent_sponge", cards["blue_solvent"], 1))
    game.play(rules.Bonus("objective", "ec3"))
    game.play(rules.Prepare())
    before = game.state
    result = completion_result(_with_white_washi(before, cards), "G1")
    game.play(rules.Restore("G1", "washi_paper", cards["white_washi"], 1))
    s = game.state
    gained = {c: s.score[i] - before.score[i] for i, c in enumerate(s.colours)}
    ranks = [c.colour for c in result.contributors]
    return [
        Check("modified scores", (9, 2, 1), result.points),
        Check(
            "materials Red / Blue / White",
            (3, 3, 1),
            tuple(next(c.materials for c in result.contributors if c.colour == x) for x in ("Red", "Blue", "White")),
        ),
        Check("contribution order", ["Blue", "Red", "White"], ranks),
        Check("Blue scores", 9, gained["Blue"]),
        Check("Red scores", 2, gained["Red"]),
        Check("White scores", 1, gained["White"]),
        Check("zone icon", "Blue", s.colours[s.zone[PLACES.index("G1")]]),
        Check("fresco flipped", "restored", "restored" if s.status[PLACES.index("G1")] == 2 else "not"),
        Check("White uncovers a new fresco", "reveal", s.pending[0].KIND if s.pending else None),
    ]


def _with_white_washi(state: State, cards: dict[str, tuple[int, ...]]) -> State:
    """The position right after White's prudent restoration is placed, before the completed
    fresco is scored (the engine's own placement step, ``restoration.restore_in_place``)."""
    s = state.evolve()
    restore_in_place(s, 1, rules.Restore("G1", "washi_paper", cards["white_washi"], 1), [])
    return s


def final_scoring() -> list[Check]:
    """Final Scoring Example: White 65, Red 69, Blue 64; Red wins.

    Points during the game are 40 / 38 / 32 once Blue has made the last completion (a
    12-point fresco at G2 where Blue is the only contributor), which leaves one fresco
    (M3, without materials): the game ends and the engine scores it."""
    taken: set[int] = set()
    disp = {
        "Blue": card_ids("plaster_injection", 1, 2, 3, 5, taken=taken)
        + card_ids("infrared", 2, 4, taken=taken)
        + card_ids("laboratory", 1, taken=taken),
        "Red": card_ids("plaster_injection", 1, 2, 4, taken=taken) + card_ids("infrared", 1, taken=taken),
        "White": card_ids("infrared", 3, taken=taken)
        + card_ids("laboratory", 2, taken=taken)
        + card_ids("repainting", 6, taken=taken),
    }
    blue_lab = card_ids("laboratory", 3, 4, taken=taken)
    hands = {
        "White": card_ids("washi_paper", 1, 2, 3, taken=taken),
        "Red": card_ids("washi_paper", 4, 5, taken=taken) + card_ids("solvent_sponge", 1, 2, 3, taken=taken),
        "Blue": blue_lab + card_ids("repainting", 1, taken=taken),
    }
    last, b = "M3", "G2"
    others = [p for p in PLACES if p not in (last, b)]
    zone = dict(zip(others, ["Red"] * 4 + ["White"] * 4 + ["Blue"] * 2))
    status = {p: "restored" for p in others}
    status.update({last: "visible", b: "visible"})
    state = constructed_state(
        RWB,
        chapel={b: "genesis_2"},
        status=status,
        zone=zone,
        spaces={b: {"solvent_sponge": ("correct", "Blue"), "infrared": ("correct", "Blue")}},
        hands=hands,
        display=disp,
        play={"White": 1, "Red": 3, "Blue": 3},
        score={"Red": 40, "White": 38, "Blue": 32 - 12},
        objectives=("three6", "materials8", "one5"),
        claims={"three6": ["Blue", "White"], "materials8": ["Blue", "Red", "White"], "one5": ["Red", "Blue"]},
        current=2,
    )
    game = Game(rules, RWB, None, {}, state=state)
    game.play(rules.Restore(b, "laboratory", blue_lab, 0))
    s = game.state
    sheet = game.scores()
    rows = sheet.rows
    checks = [Check("game over", True, game.is_over)]
    for who, during, obj, con, pru, left, total in (
        ("White", 38, 7, 8, 10, 2, 65),
        ("Red", 40, 9, 8, 8, 4, 69),
        ("Blue", 32, 17, 3, 11, 1, 64),
    ):
        r = rows[who]
        checks += [
            Check(f"{who} during the game", during, r["During the game"]),
            Check(f"{who} objectives", obj, r["Objectives"]),
            Check(f"{who} contribution", con, r["Contribution"]),
            Check(f"{who} prudent restorations", pru, r["Prudent restorations"]),
            Check(f"{who} leftover", left, r["Leftover"]),
            Check(f"{who} total", total, sheet.totals[who]),
        ]
    checks.append(Check("winner", ["Red"], sheet.winners))
    checks.append(Check("restored frescoes R/W/B", (4, 4, 3), tuple(s.zone.count(i) for i in range(3))))
    return checks


def gianluigi_reply() -> list[Check]:
    """Two players: Blue's excellent Plaster Injection (8); Gianluigi's prudent reply on 9."""
    taken: set[int] = set()
    blue = card_ids("plaster_injection", 2, 3, 3, taken=taken)
    players = ("Blue", "Red")
    state = constructed_state(
        players,
        chapel={"G1": "genesis_8", "JC1": "jesus_christ_6", "M1": "moses_5"},
        hands={"Blue": blue + card_ids("washi_paper", 1, taken=taken), "Red": card_ids("infrared", 2, taken=taken)},
        play={"Blue": 4, "Red": 4},
        score={"Blue": 0, "Red": 2, GIANLUIGI: 15},
        objectives=("one5", "cor2", "prudent5"),
    )
    game = Game(rules, players, None, {}, state=state)
    black = game.state.black
    game.play(rules.Restore("G1", "plaster_injection", blue, 1))
    game.play(rules.Bonus("material"))
    s = game.state
    jc1 = PLACES.index("JC1")
    return [
        Check("Blue's cards total", 8, sum(D.cards[c].value for c in blue)),
        Check("Blue's restoration", "excellent by Blue", _kind_at(s, "G1", "plaster_injection")),
        Check("Blue's materials on the fresco", 2, 1 + s.extras[PLACES.index("G1")][0]),
        Check("Gianluigi's restoration", f"prudent by {GIANLUIGI}", _kind_at(s, "JC1", "plaster_injection")),
        Check(
            "required value there",
            9,
            dict((D.techniques[t], v) for t, v in FRESCO_TECHS[s.frescoes[jc1]])["plaster_injection"],
        ),
        Check("material icons", 3.5, sum(CARD_HALVES[c] for c in blue) / 2),
        Check("Gianluigi's extra materials", 3, s.extras[jc1][2]),
        Check("black materials left in the supply (constructed)", black - 1, s.black),
        Check("next to play once Blue's turn is over (constructed)", "Red", s.players[s.current]),
    ]


def sheets_with_history() -> list[Check]:
    """Variant: Sheets with History (constructed): Red completes Creation of Adam (G1)
    with an excellent Washi Paper restoration (bonus: a material), then uncovers G2,
    whose sheet shows 3 points."""
    wash = card_ids("washi_paper", 5)
    almost = {
        "repainting": ("correct", "Red"),
        "solvent_sponge": ("excellent", "Blue"),
        "infrared": ("correct", "Blue"),
        "laboratory": ("correct", "White"),
    }
    state = constructed_state(
        ("Red", "White", "Blue"),
        chapel={"G1": "genesis_4"},
        spaces={"G1": almost},
        hands={"Red": wash},
        variant="history",
    )
    sheet = next(i for i, sh in enumerate(D.sheets) if sh.reward == "points" and sh.amount == 3)
    state = state.evolve(sheets=tuple(sheet if p == "G2" else EMPTY for p in PLACES))
    game = Game(rules, ("Red", "White", "Blue"), None, {}, state=state)
    game.play(rules.Restore("G1", "washi_paper", wash, 0))
    game.play(rules.Bonus("material"))
    before = game.state
    offered = sorted(str(a) for a in game.legal_actions())
    events = game.play(rules.Reveal("G2"))
    after = game.state
    g2 = PLACES.index("G2")
    return [
        Check(
            "G1 after Red's restoration", "restored", "restored" if before.status[PLACES.index("G1")] == 2 else "not"
        ),
        Check("Red may uncover G2", True, "reveal G2" in offered),
        Check(
            "reward on G2's sheet",
            "3 points",
            f"{D.sheets[before.sheets[g2]].amount} {D.sheets[before.sheets[g2]].reward}",
        ),
        Check("Red's score gain from the sheet", 3, after.score[0] - before.score[0]),
        Check("sheet removed from G2", True, after.sheets[g2] == EMPTY),
        Check(
            "reward cites the variant", True, any(e.rule is not None and e.rule.id == "variant.sheets" for e in events)
        ),
    ]


EXAMPLES = [
    Example("Correct restoration", "rulebook example", "How to Play, A. Correct Restoration", correct_restoration),
    Example(
        "Excellent restoration", "rulebook example", "How to Play, B. Excellent Restoration", excellent_restoration
    ),
    Example("Prudent restoration", "rulebook example", "How to Play, C. Prudent Restoration", prudent_example),
    Example(
        "Completing a fresco",
        "rulebook example",
        "Completing the Restoration of Frescoes, 3. Scoring",
        fresco_completion,
    ),
    Example("Final scoring", "rulebook example", "End of the Game and Scoring, Final Scoring Example", final_scoring),
    Example("Gianluigi's restoration", "rulebook example", "Two-Player Games, Gianluigi Restorations", gianluigi_reply),
    Example("Sheets with History", "constructed", "Variant: Sheets with History", sheets_with_history),
]


def example(name: str) -> Example:
    """The worked example called ``name`` (e.g. ``"Final scoring"``); ``KeyError``
    lists the names there are (``core.examples.find_example``)."""
    return find_example(EXAMPLES, name)
