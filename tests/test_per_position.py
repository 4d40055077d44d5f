"""A game's table is made once per position (views, refusals and clicks all ask for it) and
is made again whenever the position changes: by a move, a draw, undo or redo."""

from __future__ import annotations

import random

import pytest

from ausp_widget import Game

GAMES = [("australian", "solo"), ("australian", "turns"), ("indian", "solo"), ("yukon", "solo")]


def _afresh(game) -> tuple:
    """The table as the game's own `piles` makes it, without the copy kept."""
    return type(game).piles.__wrapped__(game)


@pytest.mark.parametrize(("name", "mode"), GAMES)
def test_the_table_is_made_once_per_position_and_follows_every_change(name, mode):
    game = Game.deal(3, game=name, mode=mode)
    rng = random.Random(3)
    first = game.piles()
    assert game.piles() is first  # asked again, the same position: the same table
    for _ in range(30):
        player = game.turn or 0
        moves = game.legal_moves(player)
        if not moves:
            break
        before = game.piles()
        game.play(rng.choice(moves), player)
        assert game.piles() == _afresh(game)
        if mode == "solo" and rng.random() < 0.3:
            game.undo()
            assert game.piles() == _afresh(game) == before
            game.redo()
            assert game.piles() == _afresh(game)
    copy, kept = game.copy(), game.piles()
    assert copy.piles() == kept
    moves = copy.legal_moves(copy.turn or 0)
    if moves:
        copy.play(moves[0], copy.turn or 0)
        assert copy.piles() == _afresh(copy)
    assert game.piles() is kept  # a copy's moves leave the game's table as it was
