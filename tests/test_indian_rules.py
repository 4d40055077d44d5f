"""One test per rule sentence of Indian Patience (the choices are in ausp_widget.games.indian)."""

from collections import Counter

import pytest
from indian_positions import game

from ausp_widget import Card, Game, IllegalMoveError
from ausp_widget.core.cards import CARDS
from ausp_widget.games.indian.game import IndianGame


def every_card(g: IndianGame) -> Counter:
    laid = [c for col in g.tableau() for c in col] + list(g.stock()) + list(g.waste())
    return Counter(laid + [c for pile in g.foundations for c in pile])


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def test_two_decks_of_52_make_104_cards_each_card_twice():
    g = Game.deal(3, game="indian")
    assert isinstance(g, IndianGame) and g.game == "indian"
    assert every_card(g) == Counter({card: 2 for card in CARDS})


def test_ten_columns_of_three_bottom_face_down_the_rest_is_the_stock():
    g = Game.deal(5, game="indian")
    assert [len(col) for col in g.tableau()] == [3] * 10
    assert g.face_down() == (1,) * 10 and g.protected() == (False,) * 10
    assert all(col[0] is None and None not in col[1:] for col in g.visible_tableau())
    assert len(g.stock()) == 74 and g.waste() == ()
    assert g.foundations == ((),) * 8 and g.status == "playing" and g.score == 0


def test_the_top_card_of_a_column_goes_to_a_foundation_or_onto_another_column():
    g = game(["5♠ A♣", "[9♦] 6♠", "7♥"])
    assert g.play("A♣ F") == g.history[-1][1]
    assert g.foundations[0] == cards("A♣")
    g.play("6♠ 7♥")
    assert g.tableau()[2] == cards("7♥ 6♠")


def test_a_covered_card_cannot_move():
    g = game(["A♣ 5♠", "6♥"])
    with pytest.raises(IllegalMoveError, match="A♣ in column 1 is covered by 5♠"):
        g.play("A♣ F")
    with pytest.raises(IllegalMoveError, match="only the top card of a column or of the waste moves"):
        g.play("A♣ F")


def test_one_card_moves_at_a_time():
    g = game(["K♣ 8♥ 7♠", "9♠", "8♦"])
    with pytest.raises(IllegalMoveError, match="the 8♥ in column 1 is covered by 7♠"):
        g.play("8♥ 9♠")
    g.play("7♠ 8♦")
    assert g.tableau()[0] == cards("K♣ 8♥") and g.tableau()[2] == cards("8♦ 7♠")
    g.play("8♥ 9♠")
    assert g.tableau()[:2] == (cards("K♣"), cards("9♠ 8♥"))


def test_builds_down_by_one_rank_in_any_suit_but_its_own():
    g = game(["7♥", "8♣", "8♥", "9♠", "8♦"])
    with pytest.raises(
        IllegalMoveError, match="8♥ cannot take 7♥: the tableau builds down in a differing suit"
    ):
        g.play("7♥ 8♥")
    with pytest.raises(
        IllegalMoveError,
        match=r"9♠ cannot take 7♥: a card goes onto a card one rank higher \(7♥ needs an 8 of another suit\)",
    ):
        g.play("7♥ 9♠")
    assert str(g.play("7♥ 8♣")) == "7♥ 8♣"
    assert g.tableau()[:2] == ((), cards("8♣ 7♥"))
    g.undo()
    g.play("7♥ 8♦")
    assert g.tableau()[4] == cards("8♦ 7♥")


def test_a_king_goes_onto_nothing():
    g = game(["K♥ ", "Q♣ 5♦"])
    with pytest.raises(IllegalMoveError, match="nothing ranks above a King"):
        g.play("K♥ 5♦")


def test_draw_turns_one_card_onto_the_single_waste_and_its_top_card_is_available():
    g = game(["8♣", "5♦"], stock="A♠ 7♥")
    g.play("draw")
    assert g.waste() == cards("A♠") and g.stock()[0] == Card.parse("7♥")
    g.play("draw")
    assert g.waste() == cards("A♠ 7♥")
    with pytest.raises(IllegalMoveError, match="lies under 7♥"):
        g.play("A♠ F")
    g.play("7♥ 8♣")
    g.play("A♠ F")
    assert g.waste() == () and g.foundations[6] == cards("A♠")


def test_nothing_moves_onto_the_waste():
    g = game(["7♥", "5♦"], stock="8♣")
    g.play("draw")
    with pytest.raises(IllegalMoveError, match=r"no column ends with 8♣.*nothing moves onto the waste"):
        g.play("7♥ 8♣")


def test_no_redeal_one_pass_through_the_stock():
    g = game(["K♠", "K♠"], rest="home")
    assert g.stock() == ()
    with pytest.raises(IllegalMoveError, match="the stock is empty: there is no redeal, one pass only"):
        g.play("draw")


def test_an_uncovered_face_down_card_is_turned_up_and_protected():
    g = game(["[9♦] 6♠", "7♥", "10♣", "8♠"], stock="Q♠")
    g.play("6♠ 7♥")
    assert g.protected()[0] and g.face_down()[0] == 0
    assert g.tableau()[0] == cards("9♦") and "1: 9♦*" in g.to_text()


def test_a_protected_card_may_only_go_to_a_foundation():
    g = game(["[9♦] 6♠", "7♥", "10♣", "8♠", "-"], stock="Q♠")
    g.play("6♠ 7♥")
    before = g.to_text()
    with pytest.raises(
        IllegalMoveError, match="9♦ is protected: a card turned up from face down may only go to a foundation"
    ):
        g.play("9♦ 10♣")
    with pytest.raises(IllegalMoveError, match="9♦ is protected"):
        g.play("9♦ 5")  # not even into an empty column
    assert g.to_text() == before
    assert [m for m in g.legal_moves() if m.card == Card.parse("9♦")] == []


def test_no_card_may_be_played_onto_a_protected_card():
    g = game(["[9♦] 6♠", "7♥", "8♠"], stock="Q♠")
    g.play("6♠ 7♥")
    with pytest.raises(IllegalMoveError, match="9♦ in column 1 is protected: no card may be played onto it"):
        g.play("8♠ 9♦")
    assert "8♠ 9♦" not in map(str, g.legal_moves())


def test_a_protected_card_going_home_refills_its_column_one_down_two_up():
    g = game(["[A♦] 6♠", "7♥"], stock="Q♠ J♥ 3♣ 5♥")
    g.play("6♠ 7♥")
    g.play("A♦ F")
    assert g.tableau()[0] == cards("Q♠ J♥ 3♣")
    assert g.face_down()[0] == 1 and not g.protected()[0]
    assert g.stock()[0] == Card.parse("5♥") and len(g.stock()) == 104 - 6
    assert g.visible_tableau()[0] == (None, *cards("J♥ 3♣"))


def test_with_fewer_than_three_stock_cards_the_column_stays_empty_and_takes_any_card():
    g = game(["[K♠] K♥", "-", "Q♣", "K♣ K♣"], stock="Q♥ K♦", rest="home")
    g.play("K♥ 2")
    assert g.protected()[0]
    g.play("K♠ F")
    assert g.tableau()[0] == () and g.stock() == cards("Q♥ K♦")
    g.play("Q♣ 1")  # any card, not only a King, fills an empty column
    assert g.tableau()[0] == cards("Q♣")


def test_grace_once_the_stock_is_used_up_protected_cards_become_free():
    g = game(["[Q♦] K♣", "-", "K♦ K♦"], stock="K♥", rest="home")
    g.play("K♣ 2")
    assert g.protected()[0]
    with pytest.raises(IllegalMoveError, match="Q♦ is protected"):
        g.play("Q♦ K♣")
    g.play("draw")  # the last stock card
    assert g.protected() == (False,) * 10 and "1: Q♦\n" in g.to_text()
    g.play("Q♦ K♣")
    assert g.tableau()[1] == cards("K♣ Q♦")


def test_grace_also_when_a_refill_uses_the_last_stock_cards():
    g = game(["[A♦] 6♠", "7♥", "[8♣] 5♥"], stock="Q♠ J♥ 3♣")
    assert len(g.stock()) > 3  # the rest of the cards follow; use them up by drawing first
    while len(g.stock()) > 3:
        g.play("draw")
    g.play("6♠ 7♥")
    g.play("5♥ 6♠")
    assert g.protected() == (True, False, True) + (False,) * 7
    g.play("A♦ F")  # column 1 is dealt again from the last three stock cards
    assert g.stock() == () and g.face_down()[0] == 1
    assert g.protected() == (False,) * 10 and g.tableau()[2] == cards("8♣")


def test_an_empty_column_takes_any_card_from_a_column_or_the_waste():
    g = game(["7♥ 2♣", "-", "-"], stock="5♦")
    g.play("2♣ 2")
    g.play("draw")
    g.play("5♦ 3")
    assert g.tableau()[:3] == (cards("7♥"), cards("2♣"), cards("5♦"))


def test_eight_foundations_build_up_in_suit_from_the_ace_two_per_suit():
    g = game(["A♥", "A♥", "3♥", "2♥"])
    with pytest.raises(
        IllegalMoveError,
        match="foundations build up in suit from the Ace, so a ♥ foundation must end with 2♥",
    ):
        g.play("3♥ F")
    g.play("1:A♥ F")
    g.play("A♥ F")
    assert g.foundations[4:6] == (cards("A♥"), cards("A♥"))
    g.play("2♥ F")
    g.play("3♥ F")
    assert g.foundations[4] == cards("A♥ 2♥ 3♥") and g.score == 4 and g.scores == (4,)


def test_a_named_foundation_pile_must_be_of_the_suit_and_ready():
    g = game(["A♥", "2♥", "A♥"])
    with pytest.raises(IllegalMoveError, match="F1 is a ♣ foundation: A♥ builds on F5 or F6"):
        g.play("1:A♥ F1")
    assert str(g.play("1:A♥ F6")) == "1:A♥ F6"
    assert g.foundations[5] == cards("A♥")
    with pytest.raises(IllegalMoveError, match="F5 needs A♥ before 2♥"):
        g.play("2♥ F5")
    with pytest.raises(IllegalMoveError, match="F6 already holds A♥"):
        g.play("A♥ F6")
    assert str(g.play("A♥ F")) == "A♥ F"
    assert g.foundations[4] == cards("A♥")


def test_cards_never_leave_a_foundation():
    g = game(["A♣", "2♦"])
    g.play("A♣ F")
    with pytest.raises(IllegalMoveError, match="on a foundation, and cards never leave it"):
        g.play("A♣ 2♦")


def test_won_when_all_104_cards_are_home():
    g = game(["K♠", "K♥"], rest="home")
    assert g.score == 102 and g.status == "playing"
    g.play("K♠ F")
    g.play("K♥ F")
    assert g.status == "won" and g.score == 104 and g.winner == 0
    assert g.legal_moves() == []
    with pytest.raises(IllegalMoveError, match=r"the game is over \(won\)"):
        g.play("draw")


def _stuck_hearts(empty_column: bool) -> IndianGame:
    """Only hearts 4–K are left, stock empty: hearts never go onto hearts. Both 4♥ are buried."""
    rest = ["5♥ 6♥", "7♥ 7♥", "8♥ 8♥", "9♥ 9♥", "10♥ 10♥", "J♥ J♥", "Q♥ Q♥", "K♥ K♥"]
    cols = ["4♥ 5♥", "4♥ 6♥", *rest]
    if empty_column:
        cols = ["4♥ 5♥", "4♥ 6♥ 5♥ 6♥", *rest[1:], "-"]
    return game(cols, rest="home")


def test_lost_when_the_stock_is_empty_and_no_card_can_ever_go_home():
    g = _stuck_hearts(empty_column=False)
    assert g.stock() == () and g.status == "lost"
    assert g.legal_moves() == [] and g.can_reach_home() is False
    with pytest.raises(IllegalMoveError, match=r"the game is over \(lost\)"):
        g.play("5♥ 1")


def test_an_empty_stock_is_not_lost_while_a_card_can_be_dug_out():
    g = _stuck_hearts(empty_column=True)
    assert not any(m.kind == "foundation" for m in g.legal_moves())
    assert g.status == "playing" and g.can_reach_home() is True
    g.play("5♥ 10")
    g.play("4♥ F")
    assert g.foundations[4][-1] == Card.parse("4♥") and g.status == "playing"


def test_the_status_search_is_bounded_and_says_when_it_does_not_decide():
    g = _stuck_hearts(empty_column=True)
    assert g.can_reach_home(limit=0) is None
    assert g.can_reach_home() is True


def test_a_lone_card_moving_into_another_empty_column_is_not_useful():
    g = game(["7♥", "-", "9♣ 2♦"])
    legal = set(map(str, g.legal_moves()))
    useful = set(map(str, g.useful_moves()))
    assert {"7♥ 2", "2♦ 2"} <= legal
    assert "7♥ 2" not in useful and "2♦ 2" in useful and "draw" not in useful


def test_the_words_for_a_foundation_move_name_the_pile_the_card_went_to():
    from indian_positions import indian_position

    game = indian_position(["7♥"], foundations="- - - - 7♥ 6♥ - -")
    played = game.play("7♥ F")  # F5 already ends with the other 7♥: this one goes onto F6
    assert game.foundations[5][-1] == Card.parse("7♥") and game.describe(played) == "put 7♥ on F6"


def test_both_copies_under_the_top_waste_card_are_said_once():
    g = game(["8♦", "5♦"], stock="7♣ 2♥ 7♣ A♦")
    for _ in range(4):
        g.play("draw")
    with pytest.raises(IllegalMoveError) as refused:
        g.play("7♣ 8♦")
    said = str(refused.value)
    assert said.endswith("both copies of 7♣ on the waste lie under A♦"), said
    assert said.count("7♣") == 2 and "not turned up" not in said
