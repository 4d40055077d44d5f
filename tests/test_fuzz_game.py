"""Fuzzing the game (§4): Game.deal, play, legal_moves, view, undo, redo, finish and the
accessors, with hostile arguments on games in every mode: a correct result, or the documented
error and nothing changed."""

import random

import pytest
from fuzz_values import DOCUMENTED, games, hostile, junk_text, made_or_refused, refused_plainly, state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ausp_widget import Game, IllegalMoveError, Move
from ausp_widget.core.cards import CARDS

FAST = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(hostile, st.one_of(hostile, st.sampled_from(["solo", "turns", "simultaneous"])), hostile)
def test_deal_gives_the_deal_or_names_the_bad_argument(seed, mode, first):
    game = made_or_refused(Game.deal, seed, mode=mode, first=first)
    if game is not None:
        assert (
            game.seed == seed
            and game.mode == mode
            and game.to_json() == Game.deal(seed, mode, first).to_json()
        )


@FAST
@given(
    hostile, st.one_of(hostile, st.sampled_from(["australian", "indian"])), st.one_of(hostile, st.just({}))
)
def test_deal_of_any_game_with_any_options(seed, name, options):
    game = made_or_refused(Game.deal, seed, game=name, options=options)
    if game is not None:
        assert game.name == name and game.seed == seed


def _move_text(data, game) -> object:
    """A legal move (as a Move or its text), a well-formed move that may be illegal, or junk."""
    legal = [m for p in range(game.players) for m in game.legal_moves(p)]
    card = data.draw(st.sampled_from(CARDS))
    made = st.sampled_from(
        [f"{card} F", f"{card} {data.draw(st.sampled_from(CARDS))}", f"{card} 3", "draw", "pass"]
    )
    choices = [made, junk_text, hostile] + (
        [st.sampled_from(legal), st.sampled_from(legal).map(str)] if legal else []
    )
    return data.draw(st.one_of(choices))


@FAST
@given(games(), st.data())
def test_play_plays_a_legal_move_or_refuses_and_changes_nothing(game, data):
    move = _move_text(data, game)
    player = data.draw(st.one_of(st.integers(0, 1), hostile))
    before, legal = state(game), None
    try:
        legal = game.legal_moves(player)
    except DOCUMENTED as error:
        assert refused_plainly(error)
    try:
        played = game.play(move, player)
    except DOCUMENTED as error:
        assert refused_plainly(error) and state(game) == before
        assert (
            legal is None
            or not any(str(m) == str(move) for m in legal)
            or isinstance(error, IllegalMoveError)
        )
    else:
        assert isinstance(played, Move) and played in legal and game.history[-1] == (player, played)
        assert len(game.history) == len(before[1]) + 1


@FAST
@given(games(), hostile)
def test_the_accessors_answer_for_a_player_or_refuse(game, player):
    before = state(game)
    for ask in (game.legal_moves, game.view, game.tableau, game.stock, game.waste):
        try:
            answer = ask(player)
        except DOCUMENTED as error:
            assert refused_plainly(error)
        else:
            assert player in range(game.players) and answer == ask(int(player))
        assert state(game) == before


@FAST
@given(games(), st.integers(0, 6))
def test_undo_and_redo_go_back_and_forth_exactly_or_refuse(game, steps):
    texts = [game.to_json()]
    for _ in range(steps):
        try:
            game.undo()
        except IllegalMoveError as error:
            assert str(error) and game.to_json() == texts[-1]
            break
        texts.append(game.to_json())
    for text in reversed(texts[:-1]):
        game.redo()
        assert game.to_json() == text
    before = state(game)
    with pytest.raises(IllegalMoveError):  # nothing left to redo
        game.redo()
    assert state(game) == before


@FAST
@given(games())
def test_finish_ends_play_or_refuses_and_changes_nothing(game):
    before = state(game)
    try:
        game.finish()
    except IllegalMoveError as error:
        assert str(error) and state(game) == before
    else:
        assert game.status != "playing"


@FAST
@given(games(), st.integers(0, 2**32))
def test_whatever_is_asked_a_finished_or_running_game_stays_consistent(game, seed):
    """Random requests, legal and not, in a row: the game always reads back from its save."""
    rng = random.Random(seed)
    for _ in range(8):
        legal = [(p, m) for p in range(game.players) for m in game.legal_moves(p)]
        request = rng.choice(["play", "junk", "undo", "redo"])
        before = state(game)
        try:
            if request == "play" and legal:
                game.play(*reversed(rng.choice(legal)))
            elif request == "junk":
                game.play(rng.choice(["K♠ 9", "A♣ F9", "2♥ 2♥", "draw draw", "♠"]))
            elif request == "undo":
                game.undo()
            else:
                game.redo()
        except DOCUMENTED as error:
            assert refused_plainly(error) and state(game) == before
        assert Game.from_json(game.to_json()).to_json() == game.to_json()
