"""The static board: every card named and placed, for solo and two-player games."""

import re

import pytest
from positions import PAGAT

from ausp_widget import Card, Game
from ausp_widget.core.lesson import Spot
from ausp_widget.render.html import board_html


def shown_cards(html: str, player: int = 0) -> list[str]:
    return re.findall(rf'data-card="([^"]+)" data-player="{player}"', html)


def test_repr_html_is_the_static_board():
    game = Game.from_text(PAGAT)
    assert game._repr_html_() == board_html(game)


def test_every_tableau_card_is_shown_in_column_order_with_its_name():
    game = Game.from_text(PAGAT)
    html = board_html(game)
    assert shown_cards(html) == [str(card) for column in game.tableau() for card in column]
    assert 'aria-label="jack of hearts"' in html
    assert "stock of 24 cards" in html
    assert "0 of 52 cards on the foundations" in html
    assert "<script" not in html and "<style" not in html


def test_the_board_follows_the_game():
    game = Game.from_text(PAGAT)
    for move in ("A♣ 2♣", "K♣ 1", "J♦ Q♦", "A♣ F", "draw"):
        game.play(move)
    html = board_html(game)
    assert shown_cards(html).count("A♣") == 1, "A♣ shows as the ♣ foundation's top card"
    assert "5♣" in shown_cards(html), "the drawn card is on the waste"
    assert "stock of 23 cards" in html
    assert "1 of 52 cards" in html and "5 moves" in html


def test_two_player_board_shows_both_layouts_scores_and_turn():
    game = Game.deal(8, "turns")
    html = board_html(game)
    assert len(shown_cards(html, 0)) == 28 and len(shown_cards(html, 1)) == 28
    assert "The bot" in html and "You" in html
    assert "your turn" in html and "you 0, the bot 0" in html
    assert html.count("F8") == 1


def test_highlights_and_dimming():
    game = Game.from_text(PAGAT)
    jack = Card.parse("J♥")
    html = board_html(
        game,
        roles={Spot("card", card=jack): "group", Spot("card", card=Card.parse("Q♥")): "target"},
        focus=[Spot("card", card=jack), Spot("card", card=Card.parse("Q♥"))],
    )
    assert re.search(r'class="ausp-static-card ausp-group"[^>]*data-card="J♥"', html)
    assert re.search(r'class="ausp-static-card ausp-target"[^>]*data-card="Q♥"', html)
    assert re.search(r'class="ausp-static-card ausp-dimmed"[^>]*data-card="K♥"', html)
    assert html.count("ausp-dimmed") == 26


def test_bad_input():
    with pytest.raises(TypeError, match="draws a Game"):
        board_html("not a game")


def test_an_indian_board_shows_backs_that_name_nothing_and_marks_the_protected_card():
    from indian_positions import indian_position

    game = indian_position(["5♠*", "[9♦] 6♣ 7♥", "[J♠] 5♣ 8♣"], stock="Q♠", foundations="- - - - - - 4♠ -")
    html = board_html(game)
    assert html.count('aria-label="face-down card"') == 2
    for hidden in ("9♦", "J♠"):  # their twins are in the stock: named nowhere on the board
        assert Card.parse(hidden).name not in html and f'data-card="{hidden}"' not in html
    assert shown_cards(html) == ["5♠", "6♣", "7♥", "5♣", "8♣", "4♠"]
    assert 'aria-label="five of spades, protected"' in html and "ausp-protected" in html
    assert "Indian Patience · playing · 4 of 104 cards on the foundations · 0 moves" in html
    assert html.count("ausp-static-slot") >= 7 + 7  # seven empty columns, seven empty piles


def test_the_indian_piles_leave_room_for_the_waste_fan():
    from indian_positions import indian_position

    game = indian_position(["[9♦] 6♣ 7♥"], stock="Q♠", waste="3♣ 8♦ 9♥")
    html = board_html(game)
    waste_right = max(int(x) for x in re.findall(r'data-card="(?:3♣|8♦|9♥)"[^>]*left:(\d+)px', html)) + 44
    first_pile = int(re.search(r"left:(\d+)px;top:\d+px[^>]*>♣ F1<", html).group(1))
    last_pile = int(re.search(r"left:(\d+)px;top:\d+px[^>]*>♠ F8<", html).group(1))
    width = int(re.search(r"position:relative;width:(\d+)px", html).group(1))
    assert waste_right < first_pile and last_pile + 44 <= width


@pytest.mark.parametrize(("seed", "options"), [(3, {}), (0, {"game": "indian"}), (2, {"game": "yukon"})])
def test_a_game_left_as_a_cells_result_sends_no_hidden_card_as_plain_text(seed, options):
    from IPython.core.formatters import DisplayFormatter

    from ausp_widget.core.sight import Sight

    game = Game.deal(seed, **options)
    data, _ = DisplayFormatter().format(game)
    assert set(data) == {"text/plain", "text/html"}
    assert not Sight.of_game(game).discloses(data["text/plain"]), data["text/plain"]
    assert data["text/plain"].startswith(f"<{game.title}, deal {seed}, solo: 0 moves")
    assert Sight.of_game(game).discloses(repr(game)), "repr still rebuilds the whole game"
