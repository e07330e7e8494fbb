"""Lorenzo at the table (issue 12): readable moves, steps that narrow, a public SVG board."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from fresco_kit.core import Rng
from fresco_kit.classroom.colours import contrast
from fresco_kit.classroom.svg import Svg
from fresco_kit.classroom.table_parts import TableParts
from fresco_kit.lorenzo import INFO, new_game, rules, table
from fresco_kit.lorenzo import svg as lorenzo_svg
from fresco_kit.lorenzo.actions import Choose, Place
from fresco_kit.lorenzo.positions import game_at, position

P4 = ["Red", "White", "Blue", "Yellow"]
#: what a player must never read: an id alone, a class name, a field name
RAW = re.compile(r"\bcard \d+|\bPlace\(|\bChoose\(|\bForfeit\(|player=|member=|space=|\bNone\b")
#: a space written only as its grammar word (allowed in brackets after its name)
BARE_SPACE = re.compile(
    r"(?<!\()\b((territory|building|character|venture|market)-\d|harvest-\w+|production-\w+)\b(?!\))"
)


def played_states(seed: int, players: list[str] = P4):
    """Every state of a seeded random game, with the legal moves there."""
    game = new_game(players, seed=seed)
    rng = Rng(seed)
    while not game.is_over:
        yield game.state, game.legal_actions()
        game.play(rules.sample_action(game.state, rng))


def test_the_module_is_the_table_parts():
    for name in TableParts.__annotations__ | {n: 0 for n in vars(TableParts) if not n.startswith("_")}:
        assert hasattr(table, name), name
    assert table.board_svg is lorenzo_svg.board_svg


@pytest.mark.rule("lorenzo final.total", "lorenzo final.territories", "lorenzo final.military")
def test_every_category_of_the_sheet_is_explained_with_its_rule():
    assert list(table.CATEGORY_HELP) == list(INFO.categories)
    for category, (sentence, ref) in table.CATEGORY_HELP.items():
        assert ref.game == "lorenzo" and ref.section, category
        assert sentence.endswith(".") and len(sentence.split()) >= 6, category
    assert table.CATEGORY_HELP["Military"][1].id == "final.military"


def test_move_texts_and_steps_name_things_not_ids():
    kinds = Counter()
    for state, actions in played_states(seed=2):
        for action in actions:
            text = table.move_text(state, action)
            steps = table.move_steps(state, action)
            kinds[steps[0].split(":")[0]] += 1
            for words in (text, *steps):
                assert not RAW.search(words), words
                assert not BARE_SPACE.search(words), words
            assert action.player in text
            if isinstance(action, Place) and state.towers.get(action.space.split("-")[0]):
                card = state.towers[action.space.split("-")[0]][int(action.space[-1]) - 1]
                assert rules.load().cards[card].name in text and rules.load().cards[card].name in steps[3]
    assert {"Place a family member", "Take a council privilege"} <= set(kinds)


def test_steps_are_prefix_consistent_and_narrow_every_decision():
    biggest = 0
    for state, actions in played_states(seed=5):
        steps = [table.move_steps(state, a) for a in actions]
        assert len(set(steps)) == len(steps)                       # every move can be reached
        labels: dict[tuple[str, object], set[str]] = {}
        for a, s in zip(actions, steps):
            if isinstance(a, Place):                               # one label per choice, whatever the move
                for field, label in zip(("member", "space", "space", "servants"), s[1:]):
                    labels.setdefault((field, getattr(a, field), s.index(label)), set()).add(label)
        assert all(len(v) == 1 for v in labels.values())
        for depth in range(1, 6):
            options = Counter(s[: depth - 1] for s in {s[:depth] for s in steps if len(s) >= depth})
            if options:
                assert max(options.values()) <= 24, (depth, options.most_common(1))
        biggest = max(biggest, len(actions))
    assert biggest >= 40


def test_a_decision_of_hundreds_of_moves_narrows_to_a_few_at_each_step():
    game = game_at(position(["Red", "Blue"], res={"Red": {"servants": 14}}))
    actions = game.legal_actions()
    assert len(actions) > 300
    steps = [table.move_steps(game.state, a) for a in actions]
    for depth in range(1, 6):
        options = Counter(s[: depth - 1] for s in {s[:depth] for s in steps})
        assert max(options.values()) <= 24, depth
    assert {s[0] for s in steps} == {"Place a family member"}
    assert {s[2] for s in steps} >= {"Territory tower (Torre dei Territori)", "Market (Mercato)"}


@pytest.mark.rule("lorenzo kit.pending", "lorenzo towers.costs")
def test_status_and_decisions_in_words():
    game = game_at(position(["Red", "Blue"], dice={"white": 6}))
    assert table.status(game.state) == "Round 1 of 6 (period I), action phase, turn 1 of 8. Red places a family member."
    game.play("place Red white council")
    assert table.status(game.state).endswith("Red must take a council privilege (1 more to take).")
    answer = game.legal_actions()[0]
    assert isinstance(answer, Choose)
    assert table.move_steps(game.state, answer) == ("Take a council privilege", "1 wood + 1 stone")
    assert table.move_text(game.state, answer) == "Red: take a council privilege — 1 wood + 1 stone"


def test_private_panel_shows_the_players_own_board_from_their_view():
    game = game_at(position(["Red", "Blue"], cards={"Red": [1, 53]}, excomms={"Red": [2]}, tiles=(2, 9, 18)))
    html = table.private_html(game.state, "Red")
    assert "Red's board (plancia)" in html and "Commercial Hub" in html and "Farmer" in html
    assert "Coin losses" in html and "white (" in html
    assert "Blue" not in html
    with pytest.raises(ValueError):
        table.private_html(game.state, "Ghost")


def test_board_is_equal_for_states_that_differ_only_in_hidden_information():
    """The decks' order and the random generator are hidden (``State.view``): a state filled
    in differently behind a player's view (``determinize``) draws the same board."""
    rng = Rng(9)
    game = new_game(P4, seed=4)
    for _ in range(23):
        game.play(rules.sample_action(game.state, rng))
    state = game.state
    other = rules.determinize(state.view("Blue"), Rng(77))
    assert other.decks != state.decks or other.rng != state.rng      # the pair really differs
    assert lorenzo_svg.board_svg(other) == lorenzo_svg.board_svg(state)
    assert lorenzo_svg.board_svg(state.view("Red")) == lorenzo_svg.board_svg(state)


def test_board_text_is_large_enough_and_contrasted(monkeypatch):
    drawings: list[Svg] = []

    class Recording(Svg):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            drawings.append(self)

    monkeypatch.setattr(lorenzo_svg, "Svg", Recording)
    for state, _ in list(played_states(seed=3, players=["Red", "Blue", "Green"]))[::10]:
        markup = lorenzo_svg.board_svg(state)
        sizes = [float(s) for s in re.findall(r'<text[^>]* font-size="([\d.]+)"', markup)]
        assert sizes and min(sizes) >= 12
        width = int(re.search(r'<svg[^>]* width="(\d+)"', markup).group(1))
        assert width <= 900
        assert re.search(r'aria-label="Lorenzo il Magnifico board\. Round \d of 6', markup)
        assert "<title>" in markup                                     # tooltips and the alt text
    assert drawings
    for drawing in drawings:
        assert all(contrast(fg, bg) >= 4.5 for fg, bg in drawing.pairs)


def test_board_shows_members_cards_and_players():
    game = game_at(position(["Red", "Blue"], dice={"white": 6}, towers={"territory": [1, 2, 3, 4]}))
    game.play("place Red white territory-3")
    markup = lorenzo_svg.board_svg(game.state)
    assert ">Red white<" in markup and ">Woods<" in markup and "<title>Village</title>" in markup  # Red's card
    assert ">(no card)<" in markup and "Blue to act" in markup
    reach = lorenzo_svg.reach_svg(game.state, "Blue", "white", 0)
    assert lorenzo_svg.REACH_FILLS["yes"] in reach and "Blue&#x27;s white member with 0 servants: value 6" in reach


@pytest.mark.rule("lorenzo kit.space")
def test_refusals_and_events_name_spaces_in_words():
    game = game_at(position(["Red", "Blue"], dice={"white": 6}, towers={"territory": [1, None, 3, 4]}))
    message = game.explain("place Red white territory-2").reasons[0][0]
    assert message.startswith("the territory tower's floor 2 (territory-2) holds no card")
    events = game.play("place Red white market-1")
    assert events[0].text == "Red places the white member (value 6) on market space 1 (market-1)"
    assert events[-1].text == "Red gains 5 coins (market space 1)"


@pytest.mark.rule("lorenzo excomm.kinds")
def test_an_excommunication_loss_is_worded_with_the_resource():
    game = game_at(position(["Red", "Blue"], round=3, tiles=(2, 13, 18), excomms={"Red": [2]}))
    texts = [e.text for e in game.play("place Red white market-1")]
    assert "Red gains 1 coin less: an excommunication" in texts
    assert "Red gains 4 coins (market space 1)" in texts
