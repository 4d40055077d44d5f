"""One test per rule of SPEC §1, plus the worked examples of §5."""

import pytest
from positions import JACK_GROUP, PAGAT, PAGAT_LINE

from ausp_widget import Card, Game, IllegalMoveError, Move
from ausp_widget.core.cards import CARDS


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def every_card(game: Game, player: int = 0) -> list[Card]:
    laid = [c for col in game.tableau(player) for c in col] + list(game.stock(player) + game.waste(player))
    return laid + [
        c for p, pile in zip(game.foundation_owners, game.foundations) for o, c in zip(p, pile) if o == player
    ]


def test_r1_one_deck_of_52_cards_ace_low():
    game = Game.deal(3)
    assert sorted(every_card(game)) == list(CARDS)
    assert Card.parse("A♥").rank == 1 and Card.parse("K♥").rank == 13


def test_r2_seven_columns_of_four_and_a_stock_of_24():
    game = Game.deal(5)
    assert [len(col) for col in game.tableau()] == [4] * 7
    assert len(game.stock()) == 24
    assert game.waste() == ()
    assert game.foundations == ((), (), (), ())
    assert game.status == "playing"


def test_r3_foundations_build_up_in_suit_from_the_ace():
    game = Game.from_text(PAGAT)
    for move in PAGAT_LINE:
        game.play(move)
    assert game.foundations[0] == cards("A♣ 2♣ 3♣")
    with pytest.raises(IllegalMoveError, match="4♣ is covered by 8♦"):
        game.play("4♣ F")


def test_r3_cards_never_leave_a_foundation():
    game = Game.from_text(PAGAT)
    for move in PAGAT_LINE:
        game.play(move)
    with pytest.raises(IllegalMoveError, match="cards never leave a foundation"):
        game.play("2♣ 3♣")


def test_r3_only_an_exposed_or_top_waste_card_goes_to_a_foundation():
    game = Game.from_text(PAGAT)
    with pytest.raises(IllegalMoveError, match="A♣ is covered by J♦"):
        game.play("A♣ F")
    with pytest.raises(IllegalMoveError, match="A♠ is covered by 10♦"):
        game.play("A♠ F")


def test_r4_builds_down_in_suit_only():
    game = Game.from_text(PAGAT)
    game.play("6♠ 7♠")
    assert game.tableau()[4][-2:] == cards("6♠ 9♥")
    with pytest.raises(IllegalMoveError, match="9♥ cannot take 8♦: tableau builds down in the same suit"):
        game.play("8♦ 9♥")


SAME_SUIT_ONLY = r"J♥ cannot take 9♥: a card goes onto the next higher card of its suit$"  # 10♥: stock


def test_r4_onto_the_next_higher_card_only():
    game = Game.from_text(PAGAT)
    with pytest.raises(IllegalMoveError, match=SAME_SUIT_ONLY):
        game.play("9♥ J♥")


def test_r5_any_card_moves_with_every_card_covering_it():
    game = Game.from_text(PAGAT)
    game.play("A♣ 2♣")
    assert game.tableau()[0] == ()
    assert game.tableau()[2] == cards("5♥ Q♠ 6♦ 2♣ A♣ J♦ J♣ 3♦")


def test_r6_only_a_king_fills_an_empty_column():
    game = Game.from_text(PAGAT)
    game.play("A♣ 2♣")
    with pytest.raises(IllegalMoveError, match="only a King may fill an empty column, not J♦"):
        game.play("J♦ 1")
    game.play("K♣ 1")
    assert game.tableau()[0] == cards("K♣ 4♣ 8♦")
    with pytest.raises(IllegalMoveError, match="column 1 is not empty: it ends with 8♦"):
        game.play("K♠ 1")


def test_r7_the_top_waste_card_goes_to_foundation_tableau_or_empty_column():
    game = Game.from_text(JACK_GROUP)
    assert Move.parse("5♣ 6♣") in game.legal_moves()
    game.play("5♣ 6♣")
    assert game.tableau()[2][-1] == Card.parse("5♣") and game.waste() == ()

    king_on_waste = (
        PAGAT.replace("waste: -", "waste: A♣ K♣").replace("1: A♣ J♦ J♣ 3♦", "1: -")
        .replace("2: Q♦ K♣ 4♣ 8♦", "2: Q♦ 4♣ 8♦ J♦ J♣ 3♦")
    )  # fmt: skip
    game = Game.from_text(king_on_waste)
    game.play("K♣ 1")
    assert game.tableau()[0] == cards("K♣") and game.waste() == cards("A♣")
    game.play("A♣ F")
    assert game.foundations[0] == cards("A♣") and game.waste() == ()


def test_r7_nothing_moves_onto_the_waste_or_the_stock():
    game = Game.from_text(JACK_GROUP)
    with pytest.raises(IllegalMoveError, match="nothing moves onto the waste"):
        game.play("4♣ 5♣")
    with pytest.raises(IllegalMoveError, match=r"not face up on the table: nothing moves onto the stock"):
        game.play("9♦ 10♦")


def test_r8_draw_turns_the_next_card_over_the_old_one_at_any_time():
    game = Game.from_text(PAGAT)
    assert game.legal_moves()  # other moves exist, yet drawing is allowed
    game.play("draw")
    game.play("draw")
    assert game.waste() == cards("5♣ 6♣")
    assert game.stock()[0] == Card.parse("7♣")
    with pytest.raises(IllegalMoveError, match="5♣ is under 6♣ on the waste"):
        game.play("5♣ F")


def test_r8_one_pass_through_the_stock_and_no_redeal():
    game = Game.deal(11)
    for _ in range(24):
        game.play("draw")
    assert game.stock() == () and len(game.waste()) == 24
    assert Move.parse("draw") not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="the stock is empty: there is no redeal"):
        game.play("draw")


def test_r9_won_when_all_52_are_home():
    text = "foundations: K♣ K♦ K♥ Q♠\nstock: -\nwaste: -\n1: K♠\n2: -\n3: -\n4: -\n5: -\n6: -\n7: -\n"
    game = Game.from_text(text)
    assert game.status == "playing"
    game.play("K♠ F")
    assert game.status == "won"
    assert game.legal_moves() == []


KINGS_UNDER = """\
foundations: 9♣ 9♦ 9♥ 9♠
stock: -
waste: -
1: K♣ 10♣ J♣ Q♣
2: K♦ 10♦ J♦ Q♦
3: K♥ 10♥ J♥ Q♥
4: K♠ 10♠ J♠ Q♠
5: -
6: -
7: -
"""


def test_r9_lost_when_the_stock_is_empty_and_only_king_shuffles_remain():
    game = Game.from_text(KINGS_UNDER)
    # Each King lies at the bottom of its column: moving it to an empty column is legal, not useful.
    assert game.status == "lost"
    assert game.useful_moves() == []
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match=r"the game is over \(lost\)"):
        game.play("K♣ 5")


def test_r9_the_same_layout_with_a_card_to_draw_is_still_playing():
    game = Game.from_text(
        KINGS_UNDER.replace("foundations: 9♣", "foundations: 8♣").replace("stock: -", "stock: 9♣")
    )
    assert game.status == "playing"
    assert {str(m) for m in game.legal_moves()} >= {"draw", "K♣ 5", "K♠ 7"}
    game.play("draw")
    game.play("9♣ F")
    assert game.status == "lost"


def test_r9_an_empty_stock_alone_is_not_a_loss():
    stock_line = PAGAT.splitlines()[1]
    game = Game.from_text(
        PAGAT.replace(stock_line, "stock: -").replace("waste: -", "waste:" + stock_line[6:])
    )
    assert game.stock() == ()
    assert game.status == "playing"
    assert Move.parse("10♠ J♠") not in game.legal_moves()  # J♠ is covered by 7♠
    assert Move.parse("10♠ F") not in game.legal_moves()
    assert Move.parse("A♣ 2♣") in game.useful_moves()


def test_r9_a_king_heading_a_group_mid_column_is_a_useful_move():
    text = "foundations: J♣ K♦ K♥ K♠\nstock: -\nwaste: -\n1: Q♣ K♣\n2: -\n3: -\n4: -\n5: -\n6: -\n7: -\n"
    game = Game.from_text(text)
    assert game.status == "playing"
    game.play("K♣ 2")
    game.play("Q♣ F")
    game.play("K♣ F")
    assert game.status == "won"


def test_the_pagat_opening_move_by_move_then_undone_to_the_start():
    game = Game.from_text(PAGAT)
    positions = [game.to_text()]
    for move in PAGAT_LINE:
        assert Move.parse(move) in game.legal_moves(), move
        game.play(move)
        positions.append(game.to_text())
    assert game.foundations[0] == cards("A♣ 2♣ 3♣")
    # 4♣ stays blocked under 8♦ (9♦ is in the stock) and A♠ under 10♦ (J♦ is covered by J♣).
    assert game.tableau()[0] == cards("K♣ 4♣ 8♦")
    assert Card.parse("9♦") in game.stock()
    assert game.tableau()[5] == cards("A♠ 10♦ Q♥ 4♠")
    assert game.tableau()[1][-3:] == cards("J♦ J♣ 3♦")
    legal = {str(m) for m in game.legal_moves()}
    assert not any(m.startswith(("4♣", "A♠", "10♦")) for m in legal)
    for expected in reversed(positions[:-1]):
        game.undo()
        assert game.to_text() == expected
    assert game.to_text() == PAGAT
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()


def test_the_jack_of_hearts_group_joins_the_queen_and_four_waits_for_the_five():
    game = Game.from_text(JACK_GROUP)
    with pytest.raises(IllegalMoveError, match=r"nothing moves onto the waste \(5♣ is on the waste\)"):
        game.play("4♣ 5♣")
    assert game.to_text() == Game.from_text(JACK_GROUP).to_text()
    game.play("J♥ Q♥")
    assert game.tableau()[1] == cards("5♥ 6♥ K♥ Q♥ J♥ 9♦ 4♣")
    assert game.tableau()[0] == cards("10♠")
    game.play("5♣ 6♣")
    game.play("4♣ 5♣")
    assert game.tableau()[2][-3:] == cards("6♣ 5♣ 4♣")
    assert game.tableau()[1][-1] == Card.parse("9♦")


def test_redo_replays_what_undo_took_back_and_a_new_move_clears_it():
    game = Game.from_text(PAGAT)
    game.play("A♣ 2♣")
    game.play("K♣ 1")
    after = game.to_text()
    game.undo()
    game.undo()
    assert game.redo() == Move.parse("A♣ 2♣")
    assert game.redo() == Move.parse("K♣ 1")
    assert game.to_text() == after
    game.undo()
    game.play("draw")
    assert not game.can_redo
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()
