"""Russian Solitaire, a game of the Yukon family written as its parameters: Yukon's deal and
moves, building down in suit. It deals, plays an in-suit move, refuses Yukon's colour rule in
its own words, saves and reads back under its own name, and its deals are solved by the
family's solver building by its rule."""

from __future__ import annotations

import json

import pytest

from ausp_widget import Game
from ausp_widget.core import registry
from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.games.family.game import FamilyGame
from ausp_widget.games.family.rule import Rule
from ausp_widget.games.family.solver import solve
from ausp_widget.games.russian.game import RUSSIAN, RussianGame


def test_russian_is_a_registered_game_with_yukons_deal():
    assert registry.entry("russian").title == "Russian Solitaire"
    game = Game.deal(1, game="russian")
    yukon = Game.deal(1, game="yukon")
    assert isinstance(game, RussianGame) and game.name == "russian"
    assert game.tableau() == yukon.tableau() and game.face_down() == yukon.face_down()
    assert RUSSIAN.build == "suit" and RUSSIAN.down == (0, 1, 2, 3, 4, 5, 6)


def test_a_card_goes_onto_the_next_higher_card_of_its_suit_only():
    game = Game.deal(1, game="russian")
    assert "8♦ 9♦" in [str(m) for m in game.legal_moves()]
    assert "10♣ J♦" not in [str(m) for m in game.legal_moves()]  # Yukon's move, red on black
    game.play("8♦ 9♦")  # 8♦ takes the cards on it along, as in Yukon
    assert [str(c) for c in game.tableau()[5][-4:]] == ["9♦", "8♦", "5♠", "J♦"]
    assert [str(c) for c in game.tableau()[1]] == ["9♣", "4♦", "8♥"]


def test_an_alternating_colour_move_is_refused_with_the_rule():
    game = Game.deal(1, game="russian")
    with pytest.raises(IllegalMoveError, match=r"7♠ cannot take 6♥: the tableau builds down in suit"):
        game.play("6♥ 7♠")
    with pytest.raises(IllegalMoveError, match=r"nothing to draw in Russian Solitaire"):
        game.play("draw")
    rules = " ".join(" ".join(section.paragraphs) for section in registry.entry("russian").rules("russian"))
    assert "builds down in suit" in rules and "alternating" not in rules.split("differs")[0]


def test_a_russian_save_and_position_read_back_under_their_own_name():
    game = Game.deal(1, game="russian")
    game.play("8♦ 9♦")
    text = game.to_text()
    assert text.startswith("game: russian\n")
    assert Game.from_text(text).to_text() == text
    save = game.to_json()
    assert json.loads(save)["game"] == "russian"
    back = Game.from_json(save)
    assert isinstance(back, RussianGame) and back.to_text() == text
    assert json.loads(Game.deal(1, game="yukon").to_json())["game"] == "yukon"


def test_the_solver_builds_by_russian_rule():
    result = solve(Game.deal(14, game="russian"), time_limit=None, node_limit=5000)
    assert result.winnable is True
    game = Game.deal(14, game="russian")
    for move in result.moves:
        game.play(move)
    assert game.status == "won"
    assert any(m.kind == "tableau" and m.card.suit == m.onto.suit for m in result.moves)
    assert all(m.card.suit == m.onto.suit for m in result.moves if m.kind == "tableau")
    assert solve(Game.deal(1, game="russian"), time_limit=None, node_limit=5000).winnable is False


def test_the_app_offers_russian_solitaire_without_a_guide_or_puzzles():
    from ausp_widget import AustralianPatience

    app = AustralianPatience(mode="russian", seed=14)
    assert type(app.game) is RussianGame and app.game.seed == 14
    assert [label for label, mode in app.selector.game.options if mode == "russian"] == ["Russian Solitaire"]
    assert app.guide.steps == [] and "Russian Solitaire has no guide" in app.guide.title.value
    assert "in suit" in app.rules.value
    assert app.puzzles.note.startswith("Russian Solitaire has no puzzles yet")
    app.game.play(app.game.legal_moves()[0])
    app.close()


def test_choosing_a_game_without_a_guide_from_a_later_guide_step_switches_the_whole_app():
    from ausp_widget import AustralianPatience

    app = AustralianPatience(mode="yukon", seed=4)
    app.guide.go(2)  # a student has read on in Yukon's guide
    app.selector.game.value = "russian"
    assert app.mode == "russian" and type(app.game) is RussianGame
    assert "Russian Solitaire" in app.heading.value and "in suit" in app.rules.value
    assert app.guide.step == 0 and "Russian Solitaire has no guide" in app.guide.title.value
    app.selector.game.value = "yukon"  # and back: the guide starts again at its first step
    assert app.guide.step == 0 and app.guide.steps and "Step 1 of" in app.guide.counter.value
    app.close()


def test_a_rule_whose_deal_leaves_cards_out_is_refused():
    with pytest.raises(ValueError, match="the deal of Short must place all 52 cards"):
        Rule("short", "Short", up=(4,) * 7, down=(0,) * 7)  # 28 cards: the family has no stock
    with pytest.raises(ValueError, match="build must be one of alternate, suit"):
        Rule("odd", "Odd", build="colour")


def test_the_family_game_refuses_a_rule_with_a_stock_that_it_would_not_deal():
    with_stock = Rule("stocked", "Stocked", build="suit", down=(0,) * 7, up=(4,) * 7, stock=24)
    with pytest.raises(TypeError, match="Stocked keeps 24 cards in a stock"):
        type("StockedGame", (FamilyGame,), {"rule": with_stock})


def test_the_solver_agrees_with_a_plain_search_of_every_legal_move():
    """The family's solver (safe cards home, the dead-position test) against a search that
    knows nothing but `legal_moves`, on whole Russian deals small enough to search through."""
    from test_yukon import exhaustive

    deals = {seed: Game.deal(seed, game="russian") for seed in range(1, 21)}
    verdicts = {seed: solve(game.copy(), time_limit=None).winnable for seed, game in deals.items()}
    assert verdicts == {seed: exhaustive(game) for seed, game in deals.items()}
    assert sum(verdicts.values()) == 2  # deals 14 and 18: both answers occur


def test_the_rules_text_describes_whatever_shape_the_rule_deals():
    from ausp_widget.games.family.rules import rule_words

    shape = Rule("open", "Open Yukon", down=(0,) * 7, up=(1, 6, 6, 6, 6, 6, 21))
    layout = rule_words(shape)["layout"]
    assert "column 1: 0 face down, 1 face up" in layout and "column 7: 0 face down, 21 face up" in layout
    assert "face-down cards with" not in layout  # not Yukon's sentence, which would say 21 lie face down
    assert "(21 face down in all)" in rule_words(RUSSIAN)["layout"]
