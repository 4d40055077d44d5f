"""Replaying a stored line (a puzzle's moves, a lesson's position) plays every move through the
game's rules, but in a game whose end is final it works out whether the game is lost once, at
the end of the line, not before every move: the search for a lost position is what made
loading the Indian puzzle set take minutes. Every check stays: an illegal move, or a move after
the game is over, is refused as `play` refuses it."""

from __future__ import annotations

import json
import random

import pytest
from indian_positions import game as indian_game

from ausp_widget import Game
from ausp_widget.analysis.puzzles import data_file
from ausp_widget.core.errors import IllegalMoveError, NotationError
from ausp_widget.core.lesson import deal_position, played
from ausp_widget.games.family.game import FamilyGame
from ausp_widget.games.indian.game import IndianGame


def _stored_line(game: str) -> dict:
    """The shortest shipped puzzle of `game` of 40 moves or more whose moves use up the stock
    (a game without a stock has it empty from the start): the lost search runs past there."""
    entries = json.loads(data_file(game).read_text(encoding="utf-8"))["puzzles"]
    long = sorted((e for e in entries if len(e["moves"]) >= 40), key=lambda e: len(e["moves"]))
    return next(e for e in long if not deal_position(game, e["seed"], e["moves"]).stock())


def _slowly(game: str, seed: int, moves: list[str]):
    """The line played with `play`, the status worked out before every move."""
    position = Game.deal(seed, game=game)
    for move in moves:
        position.play(move)
    return position


def _count_status(monkeypatch, cls) -> list[int]:
    calls = [0]
    compute = cls._compute_status

    def counted(self):
        calls[0] += 1
        return compute(self)

    monkeypatch.setattr(cls, "_compute_status", counted)
    return calls


@pytest.mark.parametrize(("game", "cls"), [("indian", IndianGame), ("yukon", FamilyGame)])
def test_a_stored_line_is_judged_once_at_its_end(monkeypatch, game, cls):
    entry = _stored_line(game)
    calls = _count_status(monkeypatch, cls)
    position = deal_position(game, entry["seed"], entry["moves"])
    assert calls[0] == 1  # the end of the line only, not once per move
    slowly = _slowly(game, entry["seed"], entry["moves"])
    assert position.history == slowly.history and position.to_text() == slowly.to_text()
    assert position.status == "playing" and len(position.history) == len(entry["moves"])


@pytest.mark.parametrize("game", ["indian", "yukon"])
def test_a_wrong_stored_move_is_refused_as_play_refuses_it(game):
    entry = _stored_line(game)
    moves = list(entry["moves"])
    moves[len(moves) // 2] = "K♠ F1"  # no King goes home in the middle of these lines
    with pytest.raises(IllegalMoveError) as replayed:
        deal_position(game, entry["seed"], moves)
    with pytest.raises(IllegalMoveError) as one_by_one:
        _slowly(game, entry["seed"], moves)
    assert str(replayed.value) == str(one_by_one.value)


def _lost_with_a_move_left() -> IndianGame:
    """Stock used up, only hearts 4–K left, hearts never go onto hearts, both 4♥ under two
    cards and never more than one empty column: lost, though the lone K♥ may still move into
    the empty column by the rules."""
    columns = ["4♥ 5♥ 6♥", "4♥ 7♥ 8♥", "5♥ 6♥", "7♥ 8♥", "9♥ 9♥", "10♥ 10♥", "J♥ J♥", "Q♥ K♥ Q♥", "K♥", "-"]
    return indian_game(columns, rest="home")


def test_a_line_that_plays_on_after_the_game_is_lost_is_still_refused():
    lost = _lost_with_a_move_left()
    assert lost.stock() == () and lost.status == "lost"
    with pytest.raises(IllegalMoveError, match=r"the game is over \(lost\)"):
        played(lost, ["K♥ 10", "K♥ 9"])  # back where it was: the end alone would not show it
    with pytest.raises(IllegalMoveError, match=r"the game is over \(lost\)"):
        played(lost, ["K♥ 10"])
    assert lost.status == "lost" and lost.history == ()  # the game itself is untouched


def test_a_lost_position_leads_only_to_lost_ones():
    """What judging a line at its end relies on (`over_is_final`): the moves the rules still
    allow in a lost position never lead out of it."""
    lost = _lost_with_a_move_left()
    lost._status = "playing"  # let the rules alone decide what may be played
    after = lost.copy()
    after.play("K♥ 10")
    assert after.status == "lost"
    assert IndianGame.over_is_final and FamilyGame.over_is_final


def test_a_game_not_known_to_end_for_good_is_judged_before_every_move(monkeypatch):
    australian = type(Game.deal(1))
    assert not australian.over_is_final
    calls = _count_status(monkeypatch, australian)
    position = deal_position("australian", 1, ["draw", "draw", "draw"])
    assert calls[0] == 3 and len(position.history) == 3


def _played_out(seed: int) -> IndianGame:
    """An Indian deal played by random legal moves until it ends."""
    rng = random.Random(seed)
    game = Game.deal(seed, game="indian")
    while game.status == "playing":
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", [0, 4])
def test_a_save_of_a_game_played_to_its_end_loads_judging_only_its_last_move(monkeypatch, seed):
    """Loading a save replays its moves as a stored line is replayed: the status of the
    position before the last move, and of the end, instead of one per move."""
    game = _played_out(seed)
    save = game.to_json()
    calls = _count_status(monkeypatch, IndianGame)
    loaded = Game.from_json(save)
    assert calls[0] <= 2 < len(game.history)
    assert loaded.history == game.history and loaded.to_text() == game.to_text()
    assert loaded.status == game.status == "lost"


def test_a_save_that_plays_on_after_its_game_is_lost_is_refused():
    lost = _lost_with_a_move_left()
    after = lost.copy()
    after._status = "playing"
    after.play("K♥ 10")  # the rules alone allow it; the game, being lost, does not
    save = json.loads(lost.to_json())
    save["moves"], save["position"] = [[0, "K♥ 10"]], after.to_text()
    refused = r"move 1 \('K♥ 10'\) cannot be replayed: the game is over \(lost\)"
    with pytest.raises(NotationError, match=refused):
        Game.from_json(save)
