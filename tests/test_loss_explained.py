"""A lost game says why: the cards that can no longer reach home and what holds each."""

import pytest
from indian_positions import position

from ausp_widget import Game
from ausp_widget.analysis.review import Reviewer
from ausp_widget.core.cards import Card
from ausp_widget.core.errors import WrongTypeError
from ausp_widget.core.loss import Block, loss_text
from ausp_widget.games.australian.course import rules_lessons
from ausp_widget.games.australian.hints import hint
from ausp_widget.games.indian.game import IndianGame
from ausp_widget.widgets.table import GameTable
from ausp_widget.widgets.words import result_text


def _played_out(seed: int) -> Game:
    """The deal played to its end by following the hints."""
    game = Game.deal(seed=seed)
    while game.status == "playing":
        move = hint(game).move
        if move is None:
            break
        game.play(move)
    return game


def test_deal_79_names_the_buried_eight_and_the_king_rule():
    game = _played_out(79)
    assert game.status == "lost"
    assert [len(column) for column in game.tableau()] == [0, 0, 6, 0, 0, 0, 0]
    text = game.explain_loss()
    assert text.startswith("8♠ is buried under J♠, which can move nowhere: J♠ needs Q♠")
    assert "only a King may fill an empty column" in text
    assert "nor can J♠ go home before 8♠, a lower card of its suit" in text
    assert text.endswith("In all, 6 cards cannot reach home.")


def test_the_result_line_carries_the_explanation():
    game = _played_out(79)
    line = result_text(game)
    assert "46 of 52 cards reached the foundations" in line
    assert "8♠ is buried under J♠" in line


def test_a_card_under_the_waste_when_the_stock_is_spent():
    game = _played_out(2)
    assert game.status == "lost" and not game.stock()
    text = game.explain_loss()
    assert "5♦ lies under 8♦ on the waste, and the stock is spent" in text
    assert "8♦ needs 9♦, which lies beneath it on the waste" in text
    assert "5♥ and 7♠ are blocked as well; in all, 35 cards cannot reach home." in text


def test_no_explanation_while_the_game_is_on():
    assert Game.deal(seed=79).explain_loss() == ""
    assert IndianGame.deal(1).explain_loss() == ""


def _indian_kings_only() -> IndianGame:
    text = position(["Q♦ J♣ K♣ Q♣", "Q♦ J♣ K♦ K♦ K♣ Q♣"], rest="home")
    return IndianGame.from_text(text.replace("game: indian\n", "game: indian\noptions: empty_column=kings\n"))


def test_indian_one_card_at_a_time_and_the_empty_column_option():
    game = _indian_kings_only()
    assert game.status == "lost"
    text = game.explain_loss()
    assert text.startswith("J♣ lies under 2 cards in column 1; one card moves at a time, and Q♣ on top")
    assert "it needs a column ending with a K of another suit, and none does" in text
    assert "only a King may fill an empty column (rule option empty_column=kings)" in text
    assert text.endswith("In all, 10 cards cannot reach home.")
    assert "J♣ lies under 2 cards" in result_text(game)


def test_the_most_holding_blocks_first_then_the_rest_counted():
    blocks = [
        Block(Card(r, "♥"), held, f"{Card(r, '♥')} is held") for r, held in ((2, 3), (5, 9), (7, 1), (9, 4))
    ]
    text = loss_text(blocks, 17)
    assert (
        text == "5♥ is held. 9♥ is held. 2♥ and 7♥ are blocked as well; in all, 17 cards cannot reach home."
    )


def test_the_review_says_why_the_game_was_lost():
    end = Game.from_text(_played_out(79).to_text())
    reviewed = Reviewer(end, samples=1).result()
    assert reviewed.ending.startswith("8♠ is buried under J♠")
    assert "Lost: 8♠ is buried under J♠" in str(reviewed)
    assert Reviewer(Game.deal(seed=79), samples=1).result().ending == ""


def test_the_lesson_on_a_lost_game_explains_its_position():
    step = next(s for s in rules_lessons() if s.title == "Why this game is lost")
    assert step.position.status == "lost" and step.lesson == "When a game is lost"
    assert step.text == step.position.explain_loss(shown=1)
    assert step.text.startswith("A♦ is buried under Q♦") and step.text.count(". ") == 1


def test_the_live_table_banner_says_why():
    table = GameTable()
    table.game = Game.from_text(_played_out(79).to_text())
    assert "Game lost" in table.banner.value and "8♠ is buried under J♠" in table.banner.value


def test_shown_must_be_a_whole_number_from_0_and_a_refusal_changes_nothing():
    """`shown` is checked as the package checks whole numbers: a text, a float, a bool or
    None is a WrongTypeError, a negative number a ValueError (it once dropped a block)."""
    game = _played_out(2)
    before = game.to_json(), game.history, game.status
    for value in ["2", 1.5, None, True]:
        with pytest.raises(WrongTypeError, match=r"^shown must be a whole number from 0, not "):
            game.explain_loss(0, shown=value)
    with pytest.raises(ValueError, match=r"^shown must be a whole number from 0, not -1$") as negative:
        game.explain_loss(0, shown=-1)
    assert not isinstance(negative.value, TypeError)
    with pytest.raises(WrongTypeError, match=r"^shown must be"):
        Game.deal(seed=79).explain_loss(0, shown="2")  # checked while the game is on too
    assert (game.to_json(), game.history, game.status) == before
    assert (
        game.explain_loss(0, shown=0)
        == "4♣, 5♦, 5♥ and 7♠ are blocked as well; in all, 35 cards cannot reach home."
    )
    assert "5♥ and 7♠ are blocked as well" in game.explain_loss(0, shown=2)
    assert "are blocked as well" not in game.explain_loss(0, shown=10)
