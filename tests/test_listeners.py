"""Views follow the game through listeners: every change, every refusal, and failing listeners."""

import pytest
from positions import PAGAT

from ausp_widget import Game, IllegalMoveError, Move


def test_listeners_hear_every_change_and_every_refusal():
    game = Game.from_text(PAGAT)
    heard = []
    game.add_listener(lambda g, event, move: heard.append((event, str(move), g.to_text())))
    game.play("A♣ 2♣")
    game.undo()
    game.redo()
    with pytest.raises(IllegalMoveError):
        game.play("8♦ 9♥")
    assert [(e, m) for e, m, _ in heard] == [
        ("play", "A♣ 2♣"),
        ("undo", "A♣ 2♣"),
        ("redo", "A♣ 2♣"),
        ("refused", "8♦ 9♥"),
    ]
    assert heard[1][2] == PAGAT  # a listener sees the game after the change
    assert "same suit" in str(game.refusal)
    assert heard[3][2] == heard[2][2]  # the refusal changed nothing


def test_unreadable_text_is_announced_as_refused_without_a_move():
    game = Game.from_text(PAGAT)
    heard = []
    game.add_listener(lambda g, event, move: heard.append((event, move)))
    with pytest.raises(ValueError, match="not a move"):
        game.play("jump")
    assert heard == [("refused", None)]


def test_a_failing_listener_does_not_stop_the_others_and_the_move_stands():
    game = Game.from_text(PAGAT)
    heard = []

    def broken(g, event, move):
        raise KeyError("view out of date")

    game.add_listener(broken)
    game.add_listener(lambda g, event, move: heard.append(event))
    with pytest.raises(RuntimeError, match="play done, but a listener failed: KeyError"):
        game.play("A♣ 2♣")
    assert heard == ["play"]
    assert game.history == ((0, Move.parse("A♣ 2♣")),)
    game.remove_listener(broken)
    game.undo()
    assert game.to_text() == PAGAT


def test_an_indian_game_announces_refusals_the_same_way():
    game = Game.deal(3, game="indian")
    heard = []
    game.add_listener(lambda g, event, move: heard.append(event))
    with pytest.raises(ValueError):
        game.play("K♣ F")
    assert heard == ["refused"] and game.refusal is not None
    game.play("draw")
    assert heard == ["refused", "play"]
