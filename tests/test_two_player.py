"""SPEC §2, sentence by sentence: the two-player games, their turns, races, scores and saves."""

from __future__ import annotations

import json

import pytest

from ausp_widget import Card, Game, IllegalMoveError, Move, NotationError
from ausp_widget.core.cards import CARDS, parse_cards
from ausp_widget.games.australian.bot import Bot, play_out
from ausp_widget.games.australian.layout import layout_from_cards

SUIT_OF_PILE = "♣♣♦♦♥♥♠♠"


def layout(columns: list[str], stock: str = "", waste: str = "", home=(), wanted=()):
    """One player's layout: the columns, stock and waste given; the deck's other cards, less
    those in `home` (on the foundations), lie under the waste, topped by one that cannot move."""
    cols = [parse_cards(text) for text in columns] + [[]] * (7 - len(columns))
    stock_cards, waste_cards = parse_cards(stock), parse_cards(waste)
    used = {c for col in cols for c in col} | set(stock_cards) | set(waste_cards) | set(home)
    others = [c for c in CARDS if c not in used]
    exposed = {col[-1] for col in cols if col}
    stuck = [c for c in others if 1 < c.rank < 13 and c not in wanted and CARDS[c.index + 1] not in exposed]
    if stuck:  # the top of the rest is a card with nowhere to go
        others.remove(stuck[0])
        others.append(stuck[0])
    return layout_from_cards(cols, stock_cards, others + waste_cards)


def two_player(p0: dict, p1: dict, piles=None, mode: str = "simultaneous", first: int = 0) -> Game:
    """A two-player position; `piles` gives each foundation's owners (bottom first)."""
    piles = [tuple(pile) for pile in (piles or [()] * 8)]
    suits = ["♣♦♥♠".index(suit) for suit in SUIT_OF_PILE]
    home = [
        {
            CARDS[suits[k] * 13 + r]
            for k, pile in enumerate(piles)
            for r, owner in enumerate(pile)
            if owner == p
        }
        for p in (0, 1)
    ]
    wanted = {CARDS[suits[k] * 13 + len(pile)] for k, pile in enumerate(piles) if len(pile) < 13}
    layouts = [layout(home=home[p], wanted=wanted, **spec) for p, spec in enumerate((p0, p1))]
    return Game(layouts, piles, mode=mode, first=first)


def state(game: Game) -> tuple:
    """Everything a player or a save could tell apart."""
    return (
        tuple((game.tableau(p), game.stock(p), game.waste(p)) for p in (0, 1)),
        game.foundation_owners,
        game.status,
        game.turn,
        game.scores,
        game.history,
    )


def deck_cards(game: Game, p: int) -> list[Card]:
    """Player p's 52 cards wherever they lie: layout, plus the foundation cards from their deck."""
    cards = [c for col in game.tableau(p) for c in col] + list(game.stock(p)) + list(game.waste(p))
    for pile, owners in zip(game.foundations, game.foundation_owners, strict=True):
        cards += [card for card, owner in zip(pile, owners, strict=True) if owner == p]
    return cards


# ---- both variants ------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["turns", "simultaneous"])
def test_each_player_deals_a_whole_deck_and_eight_piles_are_shared(mode):
    game = Game.deal(7, mode=mode)
    for p in (0, 1):
        assert [len(col) for col in game.tableau(p)] == [4] * 7
        assert len(game.stock(p)) == 24 and game.waste(p) == ()
        assert sorted(deck_cards(game, p)) == list(CARDS)
    assert game.tableau(0) != game.tableau(1)
    assert game.foundations == ((),) * 8
    assert "".join(game.pile_suit(k) for k in range(1, 9)) == SUIT_OF_PILE
    assert state(Game.deal(7, mode=mode)) == state(game)


def test_either_pile_of_a_suit_may_be_started_and_anyone_builds_on_either():
    game = two_player({"columns": ["A♣", "3♣"]}, {"columns": ["2♣ A♣", "4♣"]})
    assert game.play("A♣ F2", 1) == Move.parse("A♣ F2")  # the bot starts the second ♣ pile
    game.play("A♣ F1", 0)
    game.play("2♣ F1", 1)  # on the pile you began
    game.play("3♣ F1", 0)
    game.play("4♣ F", 1)
    assert game.foundations[0] == tuple(parse_cards("A♣ 2♣ 3♣ 4♣"))
    assert game.foundation_owners[:2] == ((0, 1, 0, 1), (1,))


def test_a_player_moves_only_their_own_cards():
    game = two_player({"columns": ["7♥", "9♠"], "stock": "3♦"}, {"columns": ["8♥", "8♠"], "stock": "3♦"})
    before = state(game)
    with pytest.raises(IllegalMoveError, match="8♥ is on the waste"):
        game.play("7♥ 8♥", 0)  # the exposed 8♥ is the bot's; yours lies in your waste
    with pytest.raises(IllegalMoveError, match="9♠ is on the waste"):
        game.play("8♠ 9♠", 1)
    assert state(game) == before


def test_scores_count_each_card_for_the_deck_it_came_from_on_any_pile():
    piles = [(0, 1, 1), (1,), (), (), (0,), (1, 0), (), ()]
    game = two_player({"columns": ["K♠"]}, {"columns": ["K♠"]}, piles=piles)
    assert game.scores == (3, 4)
    assert game.winner == 1


def test_more_points_wins_and_equal_totals_tie():
    game = two_player({"columns": ["A♥"]}, {"columns": ["A♦"]}, mode="simultaneous")
    game.play("A♥ F", 0)
    assert game.scores == (1, 0) and game.winner == 0
    game.play("A♦ F", 1)
    assert game.scores == (1, 1) and game.winner is None
    assert game.status == "over"  # both stocks empty and no useful move left
    assert game.winner is None  # a tie


def test_a_game_over_is_won_by_the_one_with_more_points():
    game = two_player({"columns": ["A♥"]}, {"columns": ["A♦", "A♠"]}, mode="turns", first=1)
    game.play("A♦ F", 1)
    game.play("A♠ F", 1)
    game.play("pass", 1)
    game.play("pass", 0)  # you pass without moving, though A♥ could go home
    game.play("pass", 1)
    assert game.status == "over" and game.scores == (0, 2) and game.winner == 1


def test_a_player_is_0_or_1():
    game = Game.deal(1, mode="simultaneous")
    for bad in (2, -1, True, "1"):
        with pytest.raises(ValueError, match="player must be 0 or 1"):
            game.play("draw", bad)
        with pytest.raises(ValueError, match="player must be 0 or 1"):
            game.view(bad)
    assert len(game.stock(0)) == len(game.stock(1)) == 24


# ---- turn-based ---------------------------------------------------------------------------------
def test_who_starts_is_a_setting():
    assert Game.deal(3, mode="turns", first=0).turn == 0
    assert Game.deal(3, mode="turns", first=1).turn == 1
    drawn = {Game.deal(seed, mode="turns", first="random").turn for seed in range(20)}
    assert drawn == {0, 1}
    assert all(
        Game.deal(seed, mode="turns", first="random").turn
        == Game.deal(seed, mode="turns", first="random").turn
        for seed in range(20)
    )
    with pytest.raises(ValueError, match="first"):
        Game.deal(3, mode="turns", first=2)


def test_only_the_player_whose_turn_it_is_may_move():
    game = Game.deal(11, mode="turns", first=0)
    before = state(game)
    assert game.legal_moves(1) == []
    with pytest.raises(IllegalMoveError, match="not the bot's turn"):
        game.play("draw", 1)
    assert state(game) == before
    game.play("draw", 0)
    with pytest.raises(IllegalMoveError, match="not your turn"):
        game.play("draw", 0)
    assert game.turn == 1


def _seed_with_an_opening_move(mode: str = "turns") -> Game:
    for seed in range(200):
        game = Game.deal(seed, mode=mode)
        if any(m.kind not in ("draw", "pass") for m in game.legal_moves(0)):
            return game
    raise AssertionError("no deal among 200 has an opening move")


def test_moves_do_not_end_the_turn_and_a_draw_does():
    game = _seed_with_an_opening_move()
    move = next(m for m in game.legal_moves(0) if m.kind not in ("draw", "pass"))
    game.play(move, 0)
    assert game.turn == 0
    next_card = game.stock(0)[0]
    game.play("draw", 0)
    assert game.turn == 1
    assert game.waste(0)[-1] == next_card and len(game.stock(0)) == 23
    game.play("draw", 1)
    assert game.turn == 0


def test_a_draw_is_allowed_while_other_moves_exist():
    game = _seed_with_an_opening_move()
    assert Move.parse("draw") in game.legal_moves(0)
    game.play("draw", 0)
    assert game.turn == 1


def test_pass_only_with_an_empty_stock():
    game = Game.deal(5, mode="turns")
    before = state(game)
    assert Move.parse("pass") not in game.legal_moves(0)
    with pytest.raises(IllegalMoveError, match="pass only with an empty stock"):
        game.play("pass", 0)
    assert state(game) == before
    empty = two_player({"columns": ["5♥"]}, {"columns": ["5♠"], "stock": "3♦"}, mode="turns")
    assert Move.parse("pass") in empty.legal_moves(0) and Move.parse("draw") not in empty.legal_moves(0)
    with pytest.raises(IllegalMoveError, match="stock is empty"):
        empty.play("draw", 0)
    empty.play("pass", 0)
    assert empty.turn == 1 and empty.status == "playing"


def _both_stocks_empty(first: int = 0) -> Game:
    # You can put A♥ then 2♥ home; the bot can put A♠ home.
    return two_player({"columns": ["A♥", "2♥"]}, {"columns": ["A♠", "9♦"]}, mode="turns", first=first)


def test_two_consecutive_passes_without_a_move_end_the_game():
    game = _both_stocks_empty()
    game.play("pass", 0)
    assert game.status == "playing" and game.turn == 1
    game.play("pass", 1)
    assert game.status == "over" and game.turn is None
    assert game.legal_moves(0) == [] and game.legal_moves(1) == []
    with pytest.raises(IllegalMoveError, match="over"):
        game.play("A♥ F", 0)


def test_a_pass_after_a_move_keeps_the_game_going():
    game = _both_stocks_empty()
    game.play("pass", 0)  # idle
    game.play("A♠ F", 1)
    game.play("pass", 1)  # not idle: the bot moved
    game.play("pass", 0)  # idle
    assert game.status == "playing"
    game.play("pass", 1)  # idle, right after an idle pass
    assert game.status == "over" and game.scores == (0, 1)


def test_an_idle_pass_then_a_turn_with_moves_resets_the_count():
    game = _both_stocks_empty(first=1)
    game.play("pass", 1)
    game.play("A♥ F", 0)
    game.play("2♥ F", 0)
    game.play("pass", 0)
    game.play("pass", 1)
    assert game.status == "playing"
    game.play("pass", 0)
    assert game.status == "over" and game.scores == (2, 0) and game.winner == 0


def test_moving_a_bare_king_between_empty_columns_is_not_a_move_for_the_end_of_the_game():
    # Shuffling a King that already lies alone in a column changes nothing (R9's useful moves).
    game = two_player({"columns": ["K♣"]}, {"columns": ["9♦"]}, mode="turns")
    game.play("K♣ 2", 0)
    game.play("pass", 0)
    game.play("pass", 1)
    assert game.status == "over"


# ---- simultaneous ----------------------------------------------------------------------------------
def test_simultaneous_play_has_no_turns():
    game = Game.deal(2, mode="simultaneous")
    assert game.turn is None
    game.play("draw", 1)
    game.play("draw", 1)
    game.play("draw", 0)
    assert len(game.stock(0)) == 23 and len(game.stock(1)) == 22
    assert game.legal_moves(0) and game.legal_moves(1)


def test_there_is_no_pass_in_simultaneous_play():
    game = two_player({"columns": ["5♥"], "stock": "3♦"}, {"columns": ["5♠"], "stock": "3♦"})
    assert Move.parse("pass") not in game.legal_moves(0)
    with pytest.raises(IllegalMoveError, match="no turns to pass"):
        game.play("pass", 0)


def test_finish_only_once_both_stocks_are_empty():
    game = two_player({"columns": ["A♥", "2♥"]}, {"columns": ["A♠"], "stock": "9♦"})
    before = state(game)
    with pytest.raises(IllegalMoveError, match="both stocks are empty"):
        game.finish()
    assert state(game) == before
    game.play("draw", 1)
    game.play("A♥ F", 0)
    game.finish()  # 2♥ and A♠ could still go home: finishing counts the score as it stands
    assert game.status == "over" and game.scores == (1, 0) and game.winner == 0
    assert game.legal_moves(0) == [] and game.legal_moves(1) == []
    with pytest.raises(IllegalMoveError, match="over"):
        game.play("2♥ F", 0)
    with pytest.raises(IllegalMoveError, match="already over"):
        game.finish()
    with pytest.raises(IllegalMoveError, match="simultaneous"):
        _both_stocks_empty().finish()


def test_simultaneous_play_ends_when_neither_side_can_progress():
    game = two_player({"columns": ["A♥"]}, {"columns": ["K♠"], "stock": "2♦"})
    game.play("A♥ F", 0)
    assert game.status == "playing"  # the bot can still draw
    game.play("draw", 1)
    assert game.status == "over"  # a bare King into an empty column is no progress


# ---- races -------------------------------------------------------------------------------------------
def test_the_second_arrival_for_a_named_pile_is_refused_and_nothing_is_lost():
    game = two_player({"columns": ["A♣"]}, {"columns": ["A♣"]})
    seen_by_both = [game.view(p) for p in (0, 1)]
    assert Move.parse("A♣ F1") in seen_by_both[1].legal_moves()
    game.play("A♣ F1", 0)
    before = state(game)
    with pytest.raises(IllegalMoveError, match="F1 was taken"):
        game.play("A♣ F1", 1)
    assert state(game) == before
    assert game.tableau(1)[0] == (Card.parse("A♣"),)
    assert game.play("A♣ F", 1) == Move.parse("A♣ F2")
    assert game.foundation_owners[:2] == ((0,), (1,))
    assert all(sorted(deck_cards(game, p)) == list(CARDS) for p in (0, 1))


def test_a_race_for_the_next_card_of_a_pile_is_refused_either_way_it_is_written():
    piles = [(0, 1, 0), (), (), (), (), (), (), ()]
    game = two_player({"columns": ["4♣", "9♥"]}, {"columns": ["4♣", "9♠"]}, piles=piles)
    game.play("4♣ F1", 1)
    before = state(game)
    for text in ("4♣ F1", "4♣ F"):
        with pytest.raises(IllegalMoveError, match="F1 was taken: it already holds 4♣"):
            game.play(text, 0)
        assert state(game) == before
    with pytest.raises(IllegalMoveError, match="F2 needs A♣"):
        game.play("4♣ F2", 0)
    assert game.locate("4♣", 0) == ("tableau", 1, 0)
    assert game.scores == (2, 2)
    assert all(sorted(deck_cards(game, p)) == list(CARDS) for p in (0, 1))


def test_moves_chosen_from_the_same_moment_arrive_one_at_a_time():
    piles = [(), (), (0,), (), (), (), (), ()]
    game = two_player({"columns": ["2♦", "7♣"], "stock": "5♠"}, {"columns": ["2♦", "8♣"]}, piles=piles)
    bots = [Bot(), Bot()]
    chosen = [bots[p].choose(game.view(p)) for p in (0, 1)]
    assert chosen == [Move.parse("2♦ F3"), Move.parse("2♦ F3")]  # both aim at the one ♦ pile begun
    game.play(chosen[1], 1)
    with pytest.raises(IllegalMoveError, match="F3 was taken"):
        game.play(chosen[0], 0)
    assert game.tableau(0)[0] == (Card.parse("2♦"),)
    assert bots[0].choose(game.view(0)) == Move.parse("draw")  # it sees the pile taken


# ---- foundation moves name their pile -------------------------------------------------------------
def test_legal_moves_name_each_pile_that_takes_a_card():
    game = two_player({"columns": ["A♣", "2♦"], "waste": "7♠"}, {"columns": ["A♣"]})
    legal = game.legal_moves(0)
    assert Move.parse("A♣ F1") in legal and Move.parse("A♣ F2") in legal
    assert Move.parse("A♣ F") not in legal
    game.play("A♣ F1", 1)
    foundation_moves = [m for m in game.legal_moves(0) if m.kind == "foundation"]
    assert foundation_moves == [Move.parse("A♣ F2")]


def test_F_takes_the_first_pile_that_accepts_and_the_history_names_it():
    game = two_player({"columns": ["A♣"]}, {"columns": ["A♣"]})
    game.play("A♣ F", 1)
    assert game.play("A♣ F", 0) == Move.parse("A♣ F2")
    assert [str(m) for _, m in game.history] == ["A♣ F1", "A♣ F2"]


def test_a_pile_of_another_suit_is_refused_with_the_reason():
    game = two_player({"columns": ["A♣"]}, {"columns": ["A♣"]})
    with pytest.raises(IllegalMoveError, match="F3 is a ♦ foundation"):
        game.play("A♣ F3", 0)
    with pytest.raises(NotationError, match="F1 to F8"):
        game.play("A♣ F9", 0)


# ---- saves -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["turns", "simultaneous"])
@pytest.mark.parametrize("first", [0, 1])
def test_a_two_player_save_round_trips_mid_game_and_plays_on_the_same(mode, first):
    game = Game.deal(31, mode=mode, first=first)
    bots = [Bot(), Bot()]
    for step in range(60):
        p = game.turn if mode == "turns" else step % 2
        if game.status == "playing":
            bots[p].step(game, p)
    loaded = Game.from_json(game.to_json())
    assert loaded.mode == mode and loaded.seed == 31
    assert state(loaded) == state(game)
    play_out(game, seed=4)
    play_out(loaded, seed=4)
    assert state(loaded) == state(game) and loaded.status == "over"
    assert state(Game.from_json(game.to_json())) == state(game)


def test_a_finished_game_is_saved_as_finished():
    game = two_player({"columns": ["A♥", "2♥"]}, {"columns": ["A♠"]})
    game.play("A♥ F", 0)
    game.finish()
    loaded = Game.from_json(game.to_json())
    assert loaded.status == "over" and loaded.scores == (1, 0)
    data = json.loads(game.to_json())
    data["finished"] = "yes"
    with pytest.raises(NotationError, match="finished"):
        Game.from_json(json.dumps(data))


def test_a_save_with_a_move_out_of_turn_is_refused():
    game = Game.deal(8, mode="turns", first=0)
    game.play("draw", 0)
    data = json.loads(game.to_json())
    data["moves"][0][0] = 1
    with pytest.raises(NotationError, match="cannot be replayed"):
        Game.from_json(json.dumps(data))
