"""Every kind of illegal move: a message that teaches, and a game left exactly as it was."""

import re

import pytest
from positions import JACK_GROUP, PAGAT, PAGAT_LINE

from ausp_widget import Game, IllegalMoveError, NotationError

AFTER_PAGAT = Game.from_text(PAGAT)
for _move in PAGAT_LINE:
    AFTER_PAGAT.play(_move)
AFTER_PAGAT_TEXT = AFTER_PAGAT.to_text()


@pytest.mark.parametrize(
    ("position", "move", "message"),
    [
        (PAGAT, "8♦ 9♥", "9♥ cannot take 8♦: tableau builds down in the same suit"),
        (PAGAT, "9♥ J♥", "J♥ cannot take 9♥: a card goes onto the next higher card of its suit"),
        (PAGAT, "J♠ Q♥", "Q♥ cannot take J♠: tableau builds down in the same suit"),
        (AFTER_PAGAT_TEXT, "J♥ Q♥", "Q♥ is covered by 4♠"),
        (PAGAT, "J♦ 1", "column 1 is not empty: it ends with 3♦"),
        (AFTER_PAGAT_TEXT, "A♣ F", "A♣ is on a foundation: cards never leave a foundation"),
        (AFTER_PAGAT_TEXT, "4♣ F", "4♣ is covered by 8♦: only an exposed card goes to a foundation"),
        (PAGAT, "3♦ F", "3♦ cannot go to a foundation yet: .* so the card just below it must be there first"),
        (PAGAT, "2♣ F2", "F2 is a ♦ foundation: 2♣ builds on ♣"),
        (PAGAT, "2♣ F1", "F1 needs A♣ before 2♣"),
        (PAGAT, "2♣ F5", "the solo game has foundations F1 to F4"),
        (PAGAT, "5♣ F", "not face up on the table: it is still in the stock, and a draw turns it up"),
        (JACK_GROUP, "4♣ 5♣", r"nothing moves onto the waste \(5♣ is on the waste\)"),
        (JACK_GROUP, "9♦ 10♦", "that card is not face up on the table: nothing moves onto the stock"),
        (AFTER_PAGAT_TEXT, "2♣ 3♣", "2♣ is on a foundation"),
        (AFTER_PAGAT_TEXT, "4♣ 3♣", "3♣ is on a foundation: write '4♣ F' to build there"),
        (
            AFTER_PAGAT_TEXT,
            "J♥ 2♣",
            "2♣ is on a foundation: in the tableau a card goes onto the top card of a",
        ),
        (PAGAT, "pass", "pass is for games against the bot"),
        (PAGAT, "K♠ 1", "column 1 is not empty"),
    ],
)
def test_illegal_moves_teach_and_change_nothing(position, move, message):
    game = Game.from_text(position)
    before = (game.to_text(), game.history, game.status, game.legal_moves())
    with pytest.raises(IllegalMoveError, match=message):
        game.play(move)
    assert (game.to_text(), game.history, game.status, game.legal_moves()) == before


def test_a_group_cannot_move_onto_its_own_card():
    own_group = PAGAT.replace("5: K♦ 2♥ J♠ 7♠", "5: K♦ 2♥ J♠ 6♠ 7♠").replace("4: K♥ 3♣ 6♠ 9♥", "4: K♥ 3♣ 9♥")
    game = Game.from_text(own_group)
    with pytest.raises(IllegalMoveError, match="7♠ lies in 6♠'s own group: a group cannot move onto itself"):
        game.play("6♠ 7♠")
    below = PAGAT.replace("5: K♦ 2♥ J♠ 7♠", "5: K♦ 2♥ 7♠ 6♠ J♠").replace("4: K♥ 3♣ 6♠ 9♥", "4: K♥ 3♣ 9♥")
    with pytest.raises(IllegalMoveError, match="7♠ is covered by 6♠"):
        Game.from_text(below).play("6♠ 7♠")


def test_undo_and_redo_at_the_ends_of_history_refuse_and_change_nothing():
    game = Game.from_text(PAGAT)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()
    assert game.to_text() == PAGAT


def test_a_wrong_player_number_is_refused_by_name():
    game = Game.from_text(PAGAT)
    with pytest.raises(ValueError, match="player must be 0 in the solo game, not 1"):
        game.play("draw", player=1)
    assert game.to_text() == PAGAT


@pytest.mark.parametrize(
    "text",
    [
        "a" * 100_000,  # no key at all
        "game: indian\n" + "x" * 100_000,  # a line of another game's position
        "game: " + "y" * 100_000,  # no such game
        "game: yukon\ngame: " + "z" * 100_000,  # two games named
    ],
)
def test_a_position_error_quotes_a_long_line_cut_short(text):
    with pytest.raises(NotationError) as caught:
        Game.from_text(text)
    message = str(caught.value)
    assert len(message) < 400 and re.search(r"… ?\w*' \(\d{6} characters\)", message), message
