"""Hints: legal, explained, built from what the player sees, and never going round in circles."""

from __future__ import annotations

import random

import pytest
from positions import PAGAT, PAGAT_LINE

from ausp_widget import Game
from ausp_widget.core.cards import format_cards
from ausp_widget.games.australian.hints import Hint, hint


def test_hints_follow_the_worked_opening_and_say_why():
    game = Game.from_text(PAGAT)
    played = []
    for _ in range(7):
        advice = hint(game)
        assert advice.move in game.legal_moves()
        played.append((str(advice.move), advice.reason))
        game.play(advice.move)
    assert [move for move, _ in played] == PAGAT_LINE
    reasons = dict(played)
    assert reasons["A♣ 2♣"] == "empties a column for K♣"
    assert reasons["J♦ Q♦"] == "frees A♣ for its foundation"
    assert reasons["A♣ F"].startswith("A♣ starts its foundation")
    assert reasons["6♠ 7♠"] == "frees 3♣ for its foundation"


def test_a_card_ready_for_its_foundation_comes_first():
    game = Game.from_text(PAGAT)
    for move in PAGAT_LINE[:3]:
        game.play(move)
    advice = hint(game)
    assert str(advice.move) == "A♣ F"
    assert "A♣" in advice.reason


NOTHING_TO_DO = """\
foundations: K♣ K♦ 5♥ K♠
stock: J♥ 6♥
waste: -
1: K♥ 10♥ 7♥
2: 8♥ 9♥
3: Q♥
4: -
5: -
6: -
7: -
"""


def test_draw_when_no_move_on_the_table_uncovers_anything():
    advice = hint(Game.from_text(NOTHING_TO_DO))
    assert str(advice.move) == "draw"
    assert advice.reason == "draw: no move on the table uncovers anything"
    assert str(advice) == advice.reason


def test_the_waste_card_goes_onto_its_next_higher_card():
    game = Game.from_text(NOTHING_TO_DO)
    game.play("draw")  # J♥ onto the waste, Q♥ is exposed
    advice = hint(game)
    assert str(advice.move) == "J♥ Q♥"
    assert "J♥" in advice.reason and "waste" in advice.reason


def test_the_hint_never_depends_on_the_order_of_the_stock():
    rng = random.Random(5)
    for seed in range(1, 40):
        game = Game.deal(seed)
        for _ in range(rng.randrange(0, 30)):
            move = hint(game).move
            if move is None:
                break
            game.play(move)
        if game.status != "playing":
            continue
        stock = list(game.stock())
        rng.shuffle(stock)
        text = game.to_text().replace(f"stock: {format_cards(game.stock())}", f"stock: {format_cards(stock)}")
        shuffled = Game.from_text(text)
        assert shuffled.stock() == tuple(stock)
        assert hint(shuffled) == hint(game)


@pytest.mark.parametrize("seed", range(1, 61))
def test_following_hints_is_legal_never_repeats_a_position_and_ends(seed):
    game = Game.deal(seed)
    seen = {game.to_text()}
    previous = None
    for _ in range(400):
        advice = hint(game)
        if advice.move is None:
            break
        assert isinstance(advice.reason, str) and advice.reason and "\n" not in advice.reason
        assert advice.move in game.legal_moves()
        if advice.move.kind == "column":  # a King from the bottom of a column would only shuffle
            where = game.locate(advice.move.card)
            assert where[0] == "waste" or where[2] > 0
        game.play(advice.move)
        position = game.to_text()
        assert position not in seen, f"{advice.move} after {previous} repeats a position"
        seen.add(position)
        previous = advice.move
    else:
        pytest.fail("following hints did not end")
    assert game.status in ("won", "lost")
    final = hint(game)
    assert final.move is None
    assert ("won" in final.reason) == (game.status == "won")


def test_a_finished_game_gives_no_move_and_says_why():
    won = Game.from_text(
        "foundations: K♣ K♦ K♥ K♠\nstock: -\nwaste: -\n" + "".join(f"{n}: -\n" for n in range(1, 8))
    )
    assert hint(won) == Hint(None, "the game is won: all 52 cards are on the foundations")
    lost = Game.from_text(
        NOTHING_TO_DO.replace("stock: J♥ 6♥", "stock: -")
        .replace("waste: -", "waste: 6♥ J♥ Q♥")
        .replace("3: Q♥", "3: -")
    )
    assert lost.status == "lost"
    advice = hint(lost)
    assert advice.move is None and "no useful move" in advice.reason


def test_two_player_hints_wait_for_your_turn():
    game = Game.deal(3, mode="turns", first=1)
    advice = hint(game, player=0)
    assert advice.move is None and "turn" in advice.reason
    mine = hint(Game.deal(3, mode="turns", first=0), player=0)
    assert mine.move in Game.deal(3, mode="turns", first=0).legal_moves(0)
