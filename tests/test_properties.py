"""Random playouts on hundreds of seeded deals, checked against a naive reading of the rules."""

import random

import pytest
from reference import legal_card_moves, reference_moves, reference_status

from ausp_widget import Game
from ausp_widget.core.cards import CARDS


def all_cards(game: Game) -> list:
    cards = [c for col in game.tableau() for c in col] + list(game.stock()) + list(game.waste())
    return cards + [c for pile in game.foundations for c in pile]


@pytest.mark.parametrize("block", range(6))
def test_random_playouts_keep_every_invariant(block):
    """50 deals per block, 300 in all: every step is checked, every step is undone once."""
    rng = random.Random(block)
    for seed in range(block * 50, block * 50 + 50):
        game = Game.deal(seed)
        while True:
            assert sorted(all_cards(game)) == list(CARDS)
            status = game.status
            assert status == reference_status(game), game.to_text()
            legal = game.legal_moves()
            if status != "playing":
                assert legal == []
                break
            assert legal_card_moves(game) == reference_moves(game), game.to_text()
            assert ("draw" in map(str, legal)) == bool(game.stock())
            text = game.to_text()
            assert Game.from_text(text).to_text() == text
            move = rng.choice(legal)
            game.play(move)
            after = game.to_text()
            game.undo()
            assert game.to_text() == text
            game.redo()
            assert game.to_text() == after
        saved = game.to_json()
        restored = Game.from_json(saved)
        assert restored.to_text() == game.to_text()
        assert restored.history == game.history
        assert restored.status == game.status


def test_saves_round_trip_at_every_step_of_a_game():
    rng = random.Random(99)
    game = Game.deal(2024)
    while game.legal_moves():
        restored = Game.from_json(game.to_json())
        assert restored.to_text() == game.to_text()
        assert restored.to_json() == game.to_json()
        game.play(rng.choice(game.legal_moves()))


def test_undo_all_the_way_returns_the_deal():
    rng = random.Random(5)
    game = Game.deal(77)
    start = game.to_text()
    while game.legal_moves():
        game.play(rng.choice(game.legal_moves()))
    moves = len(game.history)
    assert moves > 24
    for _ in range(moves):
        game.undo()
    assert game.to_text() == start and game.history == ()
    for _ in range(moves):
        game.redo()
    assert len(game.history) == moves
