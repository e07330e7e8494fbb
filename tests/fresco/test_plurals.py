"""No "1 thalers", "1 tiles", "1 apprentices"... in any text the Fresco package generates:
engine events, refusals, the summary, the board figure's inn table (issue 10)."""
from __future__ import annotations

import re

import pytest

from fresco_kit.core import Rng
from fresco_kit.fresco import data, new_game
from fresco_kit.fresco.bots import sample_action
from fresco_kit.fresco.draw import summary
from fresco_kit.core.text import plural
from fresco_kit.fresco.setup import setup_events

BAD = re.compile(
    r"(?<![\d.+-])1 (thalers|points|coins|tiles|apprentices|market apprentices|blends|paints|spaces|"
    r"segments|booths|cards|servants|materials|victory points)\b"
)


def test_plural_helper():
    assert plural(1, "thaler") == "1 thaler" and plural(0, "thaler") == "0 thalers"
    assert plural(-1, "space") == "-1 space" and not BAD.search("the -1 spaces") and plural(3, "market apprentice") == "3 market apprentices"
    assert BAD.search("Red: 1 thalers, no VP") and not BAD.search("Red: 11 thalers") and not BAD.search("21 tiles")


@pytest.mark.parametrize("seed,ruleset,n", [(0, "base", 4), (1, "bigbox", 3), (2, "base", 3), (3, "bigbox", 4)])
def test_no_singular_count_in_the_plural_in_random_games(seed, ruleset, n):
    game = new_game(["Red", "White", "Blue", "Yellow"][:n], seed=seed, ruleset=ruleset)
    texts = [str(e) for e in setup_events(game.state)]
    rng = Rng(seed + 17)
    for _ in range(20_000):
        if game.is_over:
            break
        state = game.state
        texts.append(summary(state))
        for action in game.legal_actions()[:40]:
            texts.extend(msg for msg, _ in game.explain(action).reasons)
        texts.extend(e.text for e in game.play(sample_action(state, rng)))
    assert game.is_over
    bad = sorted({m.group(0) + " in: " + t for t in texts for m in [BAD.search(t)] if m})
    assert not bad, bad[:5]


def test_one_thaler_is_singular_in_the_inn_table_and_refusals():
    import matplotlib

    matplotlib.use("Agg")
    from fresco_kit.fresco.draw import draw_board

    fig = draw_board(new_game(["Red", "White", "Blue", "Yellow"], seed=1).state)
    cells = [t.get_text() for ax in fig.axes for t in ax.texts] + [
        c.get_text().get_text() for ax in fig.axes for tb in ax.tables for c in tb.get_celld().values()
    ]
    import matplotlib.pyplot as plt

    plt.close(fig)
    assert all(not BAD.search(c) for c in cells), [c for c in cells if BAD.search(c)]
    if any(price == 1 for _, price in data.INN.values()):
        assert "1 thaler" in cells
