"""§3 notation: cards, moves and solo position text, read and printed."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from positions import PAGAT

from ausp_widget import Card, Game, Move, NotationError
from ausp_widget.core.cards import CARDS


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("J♥", 11, "♥"),
        ("10♦", 10, "♦"),
        ("T♦", 10, "♦"),
        ("t♢", 10, "♦"),
        ("A♣", 1, "♣"),
        ("a♧", 1, "♣"),
        ("QH", 12, "♥"),
        ("qh", 12, "♥"),
        ("K♤", 13, "♠"),
        ("ks", 13, "♠"),
        ("9♡", 9, "♥"),
        ("2d", 2, "♦"),
        ("7C", 7, "♣"),
    ],
)
def test_card_reads_every_accepted_spelling(text, rank, suit):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["", "J", "♥", "11♥", "0♠", "JX", "J♥♥", "Z♣", "10"])
def test_card_rejects_what_is_not_a_card(text):
    with pytest.raises(NotationError, match="not a card"):
        Card.parse(text)


def test_cards_print_in_the_standard_form_and_round_trip():
    assert [str(Card.parse(t)) for t in ("jh", "t♦", "a♣")] == ["J♥", "10♦", "A♣"]
    for card in CARDS:
        assert Card.parse(str(card)) is card
        assert eval(repr(card)) is card


def test_cards_are_hashable_ordered_and_named():
    assert len(set(CARDS)) == 52
    assert sorted(CARDS, reverse=True)[0] == Card.parse("K♠")
    assert Card.parse("A♣") < Card.parse("2♣") < Card.parse("A♦")
    assert Card(11, "♥") is Card.parse("J♥")
    assert Card.parse("J♥").name == "jack of hearts"
    assert Card.parse("10♦").name == "ten of diamonds"
    assert Card.parse("J♥").is_red and not Card.parse("J♠").is_red


@pytest.mark.parametrize(
    ("text", "printed", "kind"),
    [
        ("draw", "draw", "draw"),
        ("DRAW", "draw", "draw"),
        ("pass", "pass", "pass"),
        ("4♣ F", "4♣ F", "foundation"),
        ("4c f", "4♣ F", "foundation"),
        ("4♣ F2", "4♣ F2", "foundation"),
        ("J♥ Q♥", "J♥ Q♥", "tableau"),
        ("jh qh", "J♥ Q♥", "tableau"),
        ("K♣ 3", "K♣ 3", "column"),
        ("T♠  J♠", "10♠ J♠", "tableau"),
    ],
)
def test_moves_parse_and_print(text, printed, kind):
    move = Move.parse(text)
    assert str(move) == printed
    assert move.kind == kind
    assert Move.parse(str(move)) == move
    assert eval(repr(move)) == move


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("jump", "not a move"),
        ("J♥ Q♥ K♥", "not a move"),
        ("K♣ 8", "columns are numbered 1 to 7"),
        ("K♣ 0", "columns are numbered 1 to 7"),
        ("4♣ F9", "F1 to F8"),
        ("X♥ Q♥", "not a card"),
    ],
)
def test_malformed_moves_say_what_is_wrong(text, reason):
    with pytest.raises(NotationError, match=reason):
        Move.parse(text)


@given(st.sampled_from(CARDS), st.sampled_from(CARDS), st.integers(1, 7), st.integers(0, 8))
def test_every_move_round_trips(card, other, column, pile):
    for move in (
        Move("tableau", card, onto=other),
        Move("column", card, column=column),
        Move("foundation", card, pile=pile),
    ):
        assert Move.parse(str(move)) == move


def test_position_text_round_trips_and_ignores_comments_order_and_blank_lines():
    game = Game.from_text(PAGAT)
    assert game.to_text() == PAGAT
    shuffled = "# the Pagat opening\n\n" + "\n".join(reversed(PAGAT.splitlines())) + "  # end\n"
    assert Game.from_text(shuffled).to_text() == PAGAT


def test_foundation_tops_imply_the_cards_below_them():
    game = Game.from_text(PAGAT)
    for move in ["A♣ 2♣", "K♣ 1", "J♦ Q♦", "A♣ F", "2♣ F"]:
        game.play(move)
    text = game.to_text()
    assert text.startswith("foundations: 2♣\n")
    again = Game.from_text(text)
    assert again.foundations[0] == (Card.parse("A♣"), Card.parse("2♣"))
    assert again.to_text() == text


def test_a_missing_card_is_named():
    broken = PAGAT.replace("1: A♣ J♦ J♣ 3♦", "1: A♣ J♦ J♣")
    with pytest.raises(NotationError, match="missing: 3♦"):
        Game.from_text(broken)


def test_a_repeated_card_is_named_with_its_places():
    broken = PAGAT.replace("1: A♣ J♦ J♣ 3♦", "1: A♣ J♦ J♣ 3♦ 8♦")
    with pytest.raises(NotationError, match=r"repeated: 8♦ \(in '1:' and '2:'\)"):
        Game.from_text(broken)


def test_a_card_written_many_times_is_named_once_with_its_count():
    broken = PAGAT.replace("1: A♣ J♦ J♣ 3♦", "1: A♣ J♦ J♣ 3♦" + " 3♦" * 100_000)
    with pytest.raises(NotationError) as refused:
        Game.from_text(broken)
    assert str(refused.value).endswith("repeated: 3♦ (in '1:' ×100001)")


def test_a_card_on_a_foundation_and_in_the_tableau_is_repeated():
    broken = PAGAT.replace("foundations: -", "foundations: A♣")
    with pytest.raises(NotationError, match="repeated: A♣"):
        Game.from_text(broken)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda t: t.replace("waste: -\n", ""), "no line for 'waste:'"),
        (lambda t: t + "3: -\n", "line 11: '3:' is given twice"),
        (lambda t: t.replace("7:", "8:"), r"line 10 \('8: 7♥ 9♣ K♠ J♥'\): expected"),
        (lambda t: t.replace("4: K♥", "4: K♥ XX"), r"line 7 \('4:'\): 'XX' is not a card"),
        (lambda t: t.replace("foundations: -", "foundations: A♣ 2♣"), "two cards of one suit"),
    ],
)
def test_malformed_positions_name_the_line(change, reason):
    with pytest.raises(NotationError, match=reason):
        Game.from_text(change(PAGAT))


def test_repr_rebuilds_the_game():
    game = Game.deal(7)
    game.play("draw")
    rebuilt = eval(repr(game), {"Game": Game})
    assert rebuilt.to_text() == game.to_text()
