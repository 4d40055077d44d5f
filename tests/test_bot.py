"""The bot of SPEC §2: its priorities, its memory, that it cannot peek, and whole games."""

from __future__ import annotations

import dataclasses
import gc
import random

import pytest
from test_two_player import deck_cards, two_player

from ausp_widget import Card, Game, Move
from ausp_widget.core.cards import CARDS, parse_cards
from ausp_widget.games.australian.bot import Bot, play_out
from ausp_widget.games.australian.layout import layout_from_cards
from ausp_widget.games.australian.view import View

DRAW, PASS = Move.parse("draw"), Move.parse("pass")
MODES = ["turns", "simultaneous"]


class RandomPlayer:
    """Picks any legal move it sees (in simultaneous play it may also wait)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Move | None:
        options: list[Move | None] = list(view.legal_moves())
        if view.mode == "simultaneous" or not options:
            options.append(None)
        return self.rng.choice(options)


class Checked:
    """Wraps a player in a full game: checks each choice against the game's own rules and
    records the bot's tableau arrangements per sequence of moves (between draws and passes)."""

    def __init__(self, inner, game: Game, player: int) -> None:
        self.inner, self.game, self.player = inner, game, player
        self.sequence: set = set()
        self.stock_size = -1

    def choose(self, view: View) -> Move | None:
        game, p = self.game, self.player
        move = self.inner.choose(view)
        legal = game.legal_moves(p)
        if move is None:
            if isinstance(self.inner, Bot):
                assert DRAW not in legal and PASS not in legal, "the bot waits only with nothing to draw"
            return None
        assert move in legal, f"{move} is not legal for player {p}"
        if isinstance(self.inner, Bot):
            self._check_rule_3(view, move)
        return move

    def _check_rule_3(self, view: View, move: Move) -> None:
        if view.stock_size != self.stock_size:
            self.sequence, self.stock_size = set(), view.stock_size
        self.sequence.add(view.arrangement())
        if move.kind in ("tableau", "column") and move.card not in view.waste:
            trial = self.game.copy()
            trial.play(move, self.player)
            after = trial.view(self.player).arrangement()
            assert after not in self.sequence, f"{move} returns to an arrangement of this sequence"
        if move.kind in ("draw", "pass"):
            self.sequence = set()


def _play(game: Game, players, seed: int):
    checked = [Checked(player, game, p) for p, player in enumerate(players)]
    return play_out(game, checked, seed=seed)


def _assert_sound_end(game: Game) -> None:
    assert game.status == "over"
    for p in (0, 1):
        cards = deck_cards(game, p)
        assert sorted(cards) == list(CARDS), f"player {p}'s deck lost or gained cards"
        in_layout = sum(map(len, game.tableau(p))) + len(game.stock(p)) + len(game.waste(p))
        assert game.scores[p] == 52 - in_layout
    for suit, pile in zip("♣♣♦♦♥♥♠♠", game.foundations, strict=True):
        assert [card.rank for card in pile] == list(range(1, len(pile) + 1))
        assert all(card.suit == suit for card in pile)
    mine, theirs = game.scores
    assert game.winner == (None if mine == theirs else int(theirs > mine))


# ---- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_bot_against_bot_on_200_deals(mode):
    refused = []
    for seed in range(200):
        game = Game.deal(seed, mode=mode, first="random")
        refused += _play(game, [Bot(), Bot()], seed).refused
        _assert_sound_end(game)
        assert game.legal_moves(0) == [] and game.legal_moves(1) == []
    if mode == "simultaneous":
        assert refused  # both bots went for the same foundation space, and one arrived second
    for _player, move, reason in refused:
        assert move.kind == "foundation" and "was taken" in reason


@pytest.mark.parametrize("mode", MODES)
def test_bot_against_a_random_player_on_200_deals(mode):
    for seed in range(200):
        game = Game.deal(seed, mode=mode, first=seed % 2)
        players = [RandomPlayer(seed), Bot()] if seed % 2 else [Bot(), RandomPlayer(seed)]
        _play(game, players, seed)
        _assert_sound_end(game)


def test_a_game_between_bots_is_the_same_every_time():
    for mode in MODES:
        games = [Game.deal(17, mode=mode) for _ in range(2)]
        for game in games:
            play_out(game, seed=5)
        assert games[0].history == games[1].history and games[0].scores == games[1].scores


# ---- it sees only what it may see -----------------------------------------------------------------
def test_a_view_holds_plain_values_only():
    game = Game.deal(4, mode="simultaneous")
    view = game.view(1)
    assert {f.name for f in dataclasses.fields(View)} == {
        "player", "mode", "tableau", "waste", "stock_size", "foundations", "my_turn", "playing", "game",
        "foundation_owners",
    }  # fmt: skip
    reached, todo = set(), [view]
    while todo:
        obj = todo.pop()
        if id(obj) in reached or isinstance(obj, type):
            continue
        reached.add(id(obj))
        assert isinstance(obj, (View, dict, tuple, str, int, Card)), f"a view reaches a {type(obj).__name__}"
        todo.extend(gc.get_referents(obj))
    assert view.tableau == game.tableau(1) and view.stock_size == 24


def _hide_differently(game: Game, rng: random.Random) -> Game:
    """The same game for player 1, with the opponent's tableau and stock cards shuffled among
    their places and player 1's stock in another order."""
    layouts = []
    for p in (0, 1):
        columns = [list(col) for col in game.tableau(p)]
        stock = list(game.stock(p))
        if p == 0:
            hidden = [card for col in columns for card in col] + stock
            rng.shuffle(hidden)
            for col in columns:
                col[:] = [hidden.pop() for _ in col]
            stock = hidden
        rng.shuffle(stock)
        layouts.append(layout_from_cards(columns, stock, game.waste(p)))
    first = game.turn if game.turn is not None else 0
    return Game(layouts, list(game.foundation_owners), mode=game.mode, first=first)


@pytest.mark.parametrize("mode", MODES)
def test_the_bots_choices_do_not_change_when_hidden_cards_are_shuffled(mode):
    rng = random.Random(1)
    checked = 0
    for seed in range(12):
        game = Game.deal(seed, mode=mode, first=1)
        players = [Bot(), Bot()]
        while game.status == "playing":
            p = game.turn if mode == "turns" else rng.randrange(2)
            if (
                p == 1 and game.stock(1) and rng.random() < 0.3
            ):  # from here, play the bot's sequence on both games
                other = _hide_differently(game, rng)
                assert other.tableau(0) != game.tableau(0) or not any(game.tableau(0))
                assert other.view(1) == game.view(1)
                mine, theirs = Bot(), Bot()
                while True:
                    move = mine.choose(game.view(1))
                    assert theirs.choose(other.view(1)) == move
                    checked += 1
                    if move is None or move.kind in ("draw", "pass"):
                        break
                    game.play(move, 1)
                    other.play(move, 1)
            move = players[p].choose(game.view(p))
            if move is not None:
                game.play(move, p)
            elif mode == "simultaneous" and not (game.stock(0) or game.stock(1)):
                game.finish()
    assert checked > 100


# ---- the priorities ------------------------------------------------------------------------------------
def _choose(p0: dict, mode: str = "turns", piles=None) -> Move | None:
    game = two_player(p0, {"columns": ["9♦"], "stock": "4♣"}, piles=piles, mode=mode)
    move = Bot().choose(game.view(0))
    assert move is None or move in game.legal_moves(0)
    return move


def test_1_a_foundation_move_comes_first():
    cols = ["7♣ A♥", "6♠", "3♦ 9♣", "10♣"]
    assert _choose({"columns": cols, "waste": "5♠", "stock": "8♦"}) == Move.parse("A♥ F5")
    assert _choose({"columns": cols[1:], "waste": "A♠", "stock": "8♦"}) == Move.parse("A♠ F7")
    piles = [(0,), (), (), (), (), (), (), ()]
    lowest = _choose({"columns": ["2♣", "A♥"], "stock": "8♦"}, piles=piles)
    assert lowest == Move.parse("A♥ F5")  # the lowest rank first, on the first pile that takes it


def test_2_then_the_top_waste_card_onto_the_tableau():
    cols = ["6♠", "3♦ 9♣", "10♣"]
    assert _choose({"columns": cols, "waste": "5♠", "stock": "8♦"}) == Move.parse("5♠ 6♠")
    kings = _choose({"columns": ["6♠", "3♦ 9♣", "", "10♣"], "waste": "K♥", "stock": "8♦"})
    assert kings == Move.parse("K♥ 3")


def test_3_then_a_group_move_that_uncovers_a_card():
    assert _choose({"columns": ["2♠ 3♦ 9♣ 4♥", "10♣"], "stock": "8♦"}) == Move.parse("9♣ 10♣")
    assert _choose({"columns": ["Q♦ K♥ 8♠", "", "J♣"], "stock": "8♦"}) == Move.parse("K♥ 2")


def test_3_a_move_that_uncovers_nothing_is_not_made():
    assert _choose({"columns": ["9♣", "10♣"], "stock": "8♦"}) == DRAW  # it would only empty a column
    assert _choose({"columns": ["K♥", ""], "stock": "8♦"}) == DRAW  # a bare King changes nothing


def test_4_otherwise_draw_or_pass():
    assert _choose({"columns": ["9♣", "4♥"], "stock": "8♦"}) == DRAW
    assert _choose({"columns": ["9♣", "4♥"]}) == PASS
    assert _choose({"columns": ["9♣", "4♥"], "stock": "8♦"}, mode="simultaneous") == DRAW


def test_with_an_empty_stock_and_nothing_to_do_it_waits_in_simultaneous_play():
    game = two_player({"columns": ["9♣", "K♥", ""]}, {"columns": ["A♦"]})
    assert game.status == "playing" and game.legal_moves(0)  # only bare King moves are left to it
    before = game.to_json()
    assert Bot().choose(game.view(0)) is None
    assert Bot().step(game, 0) is None
    assert game.to_json() == before


def test_it_makes_no_move_when_it_is_not_its_turn_or_the_game_is_over():
    game = Game.deal(3, mode="turns", first=0)
    assert Bot().choose(game.view(1)) is None
    assert Bot().step(game, 1) is None and game.history == ()
    finished = two_player({"columns": ["9♣"]}, {"columns": ["A♦"]})
    finished.finish()
    assert Bot().choose(finished.view(0)) is None


def test_play_turn_plays_the_whole_turn_ending_with_the_draw():
    game = two_player(
        {"columns": ["9♦"], "stock": "4♣"},
        {"columns": ["7♣ A♥", "6♠", "3♦ 9♣", "10♣"], "waste": "5♠", "stock": "8♦"},
        mode="turns",
        first=1,
    )
    played = Bot().play_turn(game, 1)
    assert [str(m) for m in played] == ["A♥ F5", "5♠ 6♠", "9♣ 10♣", "draw"]
    assert game.turn == 0
    with pytest.raises(ValueError, match="turn-based"):
        Bot().play_turn(Game.deal(1, mode="simultaneous"), 1)


def test_the_same_view_gives_the_same_move():
    rng = random.Random(2)
    for seed in range(30):
        game = Game.deal(seed, mode="simultaneous")
        for _ in range(rng.randrange(60)):
            p = rng.randrange(2)
            legal = game.legal_moves(p)
            if legal:
                game.play(rng.choice(legal), p)
        view = game.view(0)
        assert Bot().choose(view) == Bot().choose(view) == Bot().choose(game.copy().view(0))


# ---- rule 3's memory -----------------------------------------------------------------------------------
def _view(columns: list[str], stock_size: int = 5) -> View:
    tableau = tuple(tuple(parse_cards(text)) for text in columns + [""] * (7 - len(columns)))
    return View(0, "turns", tableau, (), stock_size, ((),) * 8, my_turn=True)


def test_3_never_returns_to_an_arrangement_of_the_current_sequence():
    before = _view(["3♦ 9♣", "10♣", "5♥ 8♠", "9♠"])
    assert Bot().choose(before) == Move.parse("9♣ 10♣")
    bot = Bot()
    # It already had the arrangement that move makes (here with the columns in another order).
    assert bot.choose(_view(["3♦", "9♠", "10♣ 9♣", "5♥ 8♠"])) == Move.parse("8♠ 9♠")
    assert bot.choose(before) == Move.parse("8♠ 9♠")  # so it takes the next move that uncovers
    assert bot.choose(_view(["3♦ 9♣", "10♣", "5♥", "9♠ 8♠"])) == Move.parse("9♣ 10♣")
    assert bot.choose(before) == DRAW  # both lead back: it draws, which ends the sequence
    assert bot.choose(dataclasses.replace(before, stock_size=4)) == Move.parse("9♣ 10♣")


def test_a_pass_or_a_reset_forgets_the_arrangements_of_the_sequence():
    def seen_both(bot: Bot) -> Bot:
        bot.choose(_view(["3♦", "9♠", "10♣ 9♣", "5♥ 8♠"], stock_size=0))
        bot.choose(_view(["3♦ 9♣", "10♣", "5♥", "9♠ 8♠"], stock_size=0))
        return bot

    before = _view(["3♦ 9♣", "10♣", "5♥ 8♠", "9♠"], stock_size=0)
    bot = seen_both(Bot())
    assert bot.choose(before) == PASS  # the pass ends the turn and the sequence
    assert bot.choose(before) == Move.parse("9♣ 10♣")
    bot = seen_both(Bot())
    bot.reset()
    assert bot.choose(before) == Move.parse("9♣ 10♣")


def test_view_legal_moves_match_the_games():
    rng = random.Random(3)
    for mode in MODES:
        for seed in range(25):
            game = Game.deal(seed, mode=mode, first=seed % 2)
            for _ in range(400):
                if game.status != "playing":
                    break
                for p in (0, 1):
                    assert game.view(p).legal_moves() == game.legal_moves(p)
                p = game.turn if mode == "turns" else rng.randrange(2)
                legal = game.legal_moves(p)
                if legal:
                    game.play(rng.choice(legal), p)
            for p in (0, 1):
                assert game.view(p).legal_moves() == game.legal_moves(p)
