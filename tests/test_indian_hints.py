"""The Indian Patience hint player: sensible priorities, no peeking, and games that always end."""

from indian_positions import game

from ausp_widget import Game
from ausp_widget.games.indian.hints import PROGRESS_SEARCH_LIMIT, GreedyPlayer, hint, play_out


def test_a_card_that_can_go_home_goes_home_a_protected_one_first():
    g = game(["A♣", "A♦*", "9♠ 5♥", "6♣"], stock="Q♦")
    advice = hint(g)
    assert str(advice.move) == "A♦ F" and "protected" in advice.reason


def test_uncovering_a_card_that_can_go_home_comes_before_other_builds():
    g = game(["K♥ A♠ 5♥", "6♣", "9♣ 7♦", "8♠"], stock="Q♦")
    advice = hint(g)
    assert str(advice.move) == "5♥ 6♣" and "A♠" in advice.reason


def test_the_hint_does_not_peek_at_face_down_cards_or_the_stock_order():
    one = game(["[A♠] 5♥ 4♣", "6♣", "[2♦] 9♣ 8♥"], stock="3♠ 7♦")
    two = game(["[2♦] 5♥ 4♣", "6♣", "[A♠] 9♣ 8♥"], stock="7♦ 3♠")
    assert one.visible_tableau() == two.visible_tableau() and one.stock() != two.stock()
    assert hint(one) == hint(two)


def test_a_hint_changes_nothing_and_a_finished_game_gets_none():
    g = Game.deal(3, game="indian")
    g.play("draw")
    before, history = g.to_text(), g.history
    assert hint(g).move in g.legal_moves()
    assert g.to_text() == before and g.history == history
    won = game(["K♠"], rest="home")
    won.play("K♠ F")
    assert hint(won).move is None and "won" in hint(won).reason


def test_following_the_hints_ends_and_never_returns_to_a_position():
    for seed in range(1, 5):
        g = Game.deal(seed, game="indian")
        player = GreedyPlayer(nodes=30, end_nodes=60)
        seen = set()
        while True:
            key = (g.visible_tableau(), len(g.stock()), g.waste(), g.score)
            assert key not in seen
            seen.add(key)
            advice = player.advise(g)
            if advice.move is None:
                break
            g.play(advice.move)
        assert g.status != "playing" or not any(m.kind == "foundation" for m in g.legal_moves()), (
            "stopped with a card that could go home"
        )
        assert play_out(Game.deal(seed, game="indian"), nodes=30, end_nodes=60).to_text() == g.to_text()


def test_a_line_of_moves_is_found_when_no_single_move_brings_a_card_home():
    # A♠ lies under 5♥ and 4♣: moving 4♣ onto 5♦, then 5♥ onto 6♣ frees it
    g = game(["K♥ A♠ 5♥ 4♣", "6♣", "9♣ 5♦"], stock="Q♦")
    advice = hint(g)
    assert str(advice.move) == "4♣ 5♦" and "A♠" in advice.reason


# Deal 8 where the hint player used to stop, with the stock used up: the game was open (a card
# can still be turned up) and the hint said nothing was left to do.
OPEN_END = """game: indian
foundations: 3♣ A♣ 6♦ 2♦ Q♥ 2♥ 7♠ 4♠
stock: -
waste: 7♥ 3♦ 5♠ 8♥ 3♥ 9♦ 9♠ 9♥ K♣ 5♥ K♠ K♥ K♦ 7♠ 2♣ 8♣ 4♣ J♥ Q♠ K♠ K♥ 6♠ J♣ J♠ 10♠ 7♣ 6♣ Q♦
1: [10♣] 7♦ 6♣
2: [Q♦] 10♥ 9♣ 8♦ 7♣
3: [Q♣] 8♦ 7♦ 6♥ 5♣
4: [4♣] 10♦ 9♣
5: [J♣] J♦ 10♠
6: K♦ Q♣
7: [8♠] K♣ Q♥ J♠ 10♦ 9♠
8: Q♠ J♦ 10♣ 9♦ 8♣
9: [8♠] 5♦ 4♥ 3♣
10: [6♦] 5♣ 4♦
"""


def _progress(g) -> tuple[int, int]:
    return g.score, sum(1 for col in g.visible_tableau() for card in col if card is None)


def test_while_the_game_is_open_the_hint_leads_along_a_shortest_line_to_progress():
    from test_indian_stuck_hidden import face_down_swaps

    g = Game.from_text(OPEN_END)
    assert g.status == "playing"
    advice = hint(g)
    assert advice.move is not None and advice.move in g.legal_moves(), advice.reason
    first = g.progress_move()
    assert all(Game.from_text(other).progress_move() == first for other in face_down_swaps(OPEN_END)), (
        "the line is found from the cards on show only"
    )
    start = _progress(g)
    for _ in range(20):  # each move starts a shorter line, so progress comes
        g.play(g._table_move(g.progress_move()))
        if _progress(g) != start:
            break
    assert _progress(g) != start, "a card went home or turned up"


def test_following_the_hints_never_stops_while_a_line_to_progress_can_be_found():
    for seed in (2, 8):
        g = play_out(Game.deal(seed, game="indian"))
        if g.status == "playing":
            assert g.progress_move(PROGRESS_SEARCH_LIMIT) is None
            assert "free to stop" in hint(g).reason
