"""No plural slips ("1 cards", "+1 coins") and no broken phrases ("take a any card") in any
text the kit generates, for every registered game (the template game too when registered).

A seeded random game is played to its end; the texts scanned are every event, the
refusals of moves tried where they are no longer legal, the readable moves and the status
line, and the board's hovers and titles (every text of the SVG board, the matplotlib
board's titles and labels) at several points of the game.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from fresco_kit.classroom.table_parts import parts_for
from fresco_kit.core import Game, GameInfo, Rng, games

#: "1" (or "+1", "-1") followed by a plural noun; verbs and words that merely end in s are not plurals
PLURAL_SLIP = re.compile(
    r"(?<![\d.,/])[+-]?\b1 (?!(?:is|has|was|does|plus|minus|less|as|its|this|us|yes|always|sets|gets|"
    r"counts|scores|takes|gives|pays|wins|moves|goes|stays|ends|loses|needs|leaves|returns|reaches|"
    r"means|remains|makes|gains)\b)([a-z]+[^s\W]s)\b(?! ?\d)",
    re.IGNORECASE,
)
#: an article before a word it does not fit ("take a any card"), or a program name in words
BROKEN = re.compile(r"\ba (?:any|a|an|the)\b|\b[a-z]+_[a-z_]+ [+-]\d", re.IGNORECASE)


def slips(text: str) -> list[str]:
    """The slips in ``text``: each match with a little of its context."""
    found = [m for rx in (PLURAL_SLIP, BROKEN) for m in rx.finditer(text)]
    found = [m for m in found if not text[: m.start()].endswith("the ")]  # a label: "the -1 spaces"
    return [text[max(0, m.start() - 30) : m.end() + 10] for m in found]


def svg_texts(svg: str) -> list[str]:
    """Every text of an SVG board: its <text> and <title> contents (the hovers)."""
    return [unescape(t) for t in re.findall(r"<(?:text|title)[^>]*>([^<]*)</", svg)]


def figure_texts(info: GameInfo, state: Any) -> list[str]:
    """The titles and labels of the game's matplotlib board (none without a draw part)."""
    if info.draw is None or not hasattr(info.draw, "board"):
        return []
    import matplotlib.pyplot as plt
    from matplotlib.text import Text

    fig = info.draw.board(state)
    fig = getattr(fig, "figure", fig)
    try:
        return [t.get_text() for t in fig.findobj(Text)]
    finally:
        plt.close(fig)


def played_texts(info: GameInfo, seed: int) -> list[str]:
    """The texts a seeded random game of ``info`` generates, from setup to the end."""
    game: Game = info.new_game(seed=seed)
    parts = parts_for(info)
    rng = Rng(seed)
    texts: list[str] = []
    tried: list[Any] = []
    step = 0

    def look(state: Any, full: bool) -> None:
        texts.append(parts.status(state))
        if full:
            texts.extend(svg_texts(parts.board_svg(state)))
        for action in game.rules.legal_actions(state)[:40]:
            texts.append(parts.move_text(state, action))

    while not game.is_over and step < 3000:
        full = step % 25 == 0
        look(game.state, full)
        if full:  # refusals: moves legal earlier, tried now
            for action in tried[-30:]:
                texts.extend(message for message, _ in game.explain(action).reasons)
        action = game.rules.sample_action(game.state, rng)
        tried.append(action)
        texts.extend(e.text for e in game.play(action))
        step += 1
    look(game.state, True)
    texts.extend(e.text for turn in game.history for e in turn.events)
    texts.extend(figure_texts(info, game.state))
    return texts


@pytest.mark.parametrize("info", games(), ids=lambda info: info.name)
def test_generated_text_has_no_plural_slips(info: GameInfo) -> None:
    found = sorted({s for seed in (1, 2) for text in played_texts(info, seed) for s in slips(text)})
    assert not found, found


def test_the_scan_finds_the_slips_it_looks_for() -> None:
    assert slips("Red: 3 VP, 2 coins, 1 cards")
    assert slips("gain +1 coins") and slips("take a any card") and slips("no_floor_bonus +0")
    assert not slips("1 card, 1 coin, 11 cards, 2.1 points, 1 VP, 21 coins, player 1 has 3 cards")
    assert not slips("leaves the -1 spaces; buy Red booth 1 tiles 2")  # a label, and the moves' grammar
