"""Every public entry point checks its arguments at the door: a wrong type raises TypeError, a
bad value ValueError, each naming the argument and what it takes; nothing changes."""

import math

import pytest
from unshipped import puzzles_unshipped

from ausp_widget import AustralianPatience, Card, Game, evaluate, review, solve, win_chance
from ausp_widget.analysis import hint
from ausp_widget.analysis.arena import compare
from ausp_widget.analysis.cluster import cluster
from ausp_widget.analysis.players import hint_player
from ausp_widget.analysis.puzzles_make import make
from ausp_widget.core.errors import WrongTypeError
from ausp_widget.core.protocol import PileRef, Place
from ausp_widget.render.handout import handout

GAME = Game.deal(4)
PLAYED = Game.deal(4)
PLAYED.play(PLAYED.legal_moves()[0])
INDIAN, YUKON = Game.deal(4, game="indian"), Game.deal(4, game="yukon")
COLUMN = PileRef("column", 0, 1)

WRONG_TYPES = [
    (lambda: win_chance(None), "win_chance reads a game"),
    (lambda: win_chance(GAME, time_limit="1"), "time_limit is a number of seconds"),
    (lambda: win_chance(GAME, samples="3"), "samples must be a whole number from 1"),
    (lambda: win_chance(GAME, seed="x"), "seed must be a whole number from 0"),
    (lambda: win_chance(GAME, node_limit=2.5), "node_limit must be a whole number"),
    (lambda: review(PLAYED, seed=1.5), "seed must be a whole number from 0"),
    (lambda: review(None), "review reads a game"),
    (lambda: evaluate(hint_player, [1], executor=object()), "executor is a concurrent.futures.Executor"),
    (lambda: evaluate(hint_player, [1], move_seconds=None), "move_seconds is a number of seconds"),
    (lambda: evaluate(hint_player, [1], move_seconds="5"), "move_seconds is a number of seconds"),
    (lambda: evaluate(hint_player, 5), "deals is an iterable of deal numbers"),
    (lambda: evaluate(hint_player, "123"), "deals is an iterable of deal numbers"),
    (lambda: evaluate(hint_player, [1.0]), "deals are whole numbers"),
    (lambda: evaluate(hint_player, [1], jobs=2.0), "jobs must be a whole number from 1"),
    (lambda: evaluate(hint_player, [1], name=5), "name is text"),
    (lambda: evaluate(42, [1]), "a player is a function of a view"),
    (lambda: solve(GAME, time_limit="1"), "time_limit is a number of seconds"),
    (lambda: solve(GAME, node_limit="many"), "node_limit is a whole number"),
    (lambda: solve(None), "expected a game"),
    (lambda: hint(GAME, player="0"), "player must be 0"),
    (lambda: Game.deal("4"), "a deal number is a whole number"),
    (lambda: Game.deal(None), "a deal number is a whole number"),
    (lambda: Game.deal(4.0), "a deal number is a whole number"),
    (lambda: Card(1, None), r"Card\(rank, suit\) takes a rank 1..13 and a suit"),
    (lambda: Card("1", "♣"), r"Card\(rank, suit\) takes a rank 1..13 and a suit"),
    (lambda: GAME.legal_moves(player=None), "player must be 0 in the solo game"),
    (lambda: GAME.view("0"), "player must be 0 in the solo game"),
    (lambda: GAME.play("draw", player=0.0), "player must be 0 in the solo game"),
    (lambda: GAME.tableau([]), "player must be 0 in the solo game"),
    (lambda: AustralianPatience(mode=["solo"]), "mode is one of solo, turns"),
    (lambda: AustralianPatience(seed="4"), "a deal number is a whole number"),
    (lambda: AustralianPatience(sead=4), "AustralianPatience takes mode, seed and .*; not sead"),
    (lambda: Game.deal(1, game=["indian"]), "game must be one of 'australian', 'indian'"),
    (lambda: Game.deal(1, mode=["solo"]), "mode must be one of solo, turns, simultaneous"),
    (lambda: handout(5), "path is where to write the PDF"),
    (lambda: handout("never.pdf", mode=5), "mode must be one of"),
    (lambda: handout("never.pdf", lessons=5), "lessons is a list of lesson names"),
    (lambda: compare([5]), "compare takes evaluations"),
    (lambda: compare(5), "compare takes evaluations"),
    (lambda: cluster(5), "address must be text"),
    (lambda: cluster("local", timeout="soon"), "timeout is a number of seconds"),
    (lambda: make("yukon", 1, kinds=None, jobs="2"), "jobs must be a whole number from 1"),
    (lambda: GAME.explain_stuck(None), r"place must be a Place \(a pile and a depth\), not NoneType None"),
    (lambda: INDIAN.explain_stuck(5), r"place must be a Place \(a pile and a depth\), not int 5"),
    (lambda: YUKON.explain_stuck("x"), r"place must be a Place \(a pile and a depth\), not str 'x'"),
    (lambda: YUKON.explain_stuck(True), r"place must be a Place \(a pile and a depth\), not bool True"),
    (lambda: GAME.explain_stuck(Place(COLUMN, True)), r"place\.depth must be a whole number from 0"),
    (lambda: INDIAN.explain_stuck(Place("column 2")), r"place\.pile must be a PileRef"),
    (lambda: YUKON.explain_stuck(Place(COLUMN), "0"), "player must be 0 in Yukon"),
    (lambda: GAME.move_between(None, COLUMN), r"source must be a Place \(a pile and a depth\)"),
    (lambda: INDIAN.move_between(Place(COLUMN), 3), r"target must be a PileRef"),
]


def make_unshipped(game: str, *args, **kwargs):
    """`make` as for a game whose puzzle set does not ship."""
    with puzzles_unshipped(game):
        return make(game, *args, **kwargs)


BAD_VALUES = [
    (lambda: win_chance(GAME, time_limit=0), "time_limit must be above 0"),
    (lambda: win_chance(GAME, time_limit=math.nan), "time_limit must be above 0"),
    (lambda: win_chance(GAME, samples=0), "samples must be a whole number from 1"),
    (lambda: win_chance(GAME, seed=-1), "seed must be a whole number from 0"),
    (lambda: win_chance(GAME, player=1), "player must be 0"),
    (lambda: review(PLAYED, samples=-1), "samples must be a whole number from 1"),
    (lambda: evaluate(hint_player, [1], move_seconds=math.inf), "move_seconds must be above 0"),
    (lambda: evaluate(hint_player, [1], move_seconds=-1), "move_seconds must be above 0"),
    (lambda: evaluate(hint_player, [-1]), "deals are whole numbers from 0"),
    (lambda: evaluate(hint_player, [1, 2**64]), "deals are whole numbers from 0 to 2\\*\\*64 - 1"),
    (lambda: evaluate(hint_player, [1], jobs=0), "jobs must be a whole number from 1"),
    (lambda: solve(GAME, time_limit=-1), "time_limit is a number of seconds"),
    (lambda: Game.deal(-1), "a deal number is a whole number from 0 to 2\\*\\*64 - 1"),
    (lambda: Game.deal(2**70), "a deal number is a whole number from 0 to 2\\*\\*64 - 1"),
    (lambda: GAME.view(3), "player must be 0 in the solo game, not 3"),
    (lambda: AustralianPatience(mode="klondike"), "mode must be one of"),
    (lambda: cluster("not an address"), "address must be a Dask scheduler's address"),
    (lambda: cluster("local", timeout=-1), "timeout must be above 0 seconds"),
    (lambda: make_unshipped("yukon", 1, level=3), "level 3 is read on the shipped puzzles' scale"),
    (
        lambda: GAME.explain_stuck(Place(PileRef("column", 0, 9))),
        r"place\.pile must name a pile on this table",
    ),
    (lambda: INDIAN.explain_stuck(Place(COLUMN, -1)), r"place\.depth must be a whole number from 0, not -1"),
    (
        lambda: YUKON.explain_stuck(Place(COLUMN, 6)),
        r"place\.depth must be below 6 \(column 2 holds 6 cards\)",
    ),
    (
        lambda: GAME.explain_stuck(Place(PileRef("stock", 0), 24)),
        r"place\.depth must be below 24 \(the stock",
    ),
    (lambda: INDIAN.explain_stuck(Place(COLUMN), 1), "player must be 0 in Indian Patience"),
    (lambda: YUKON.move_between(Place(COLUMN), PileRef("foundation", None, 4)), "target must name a pile"),
]


def _refused(call, kind: type[Exception], words: str) -> Exception:
    """The error `call` raises: a `kind` matching `words`, with neither game changed."""
    before = GAME.to_json(), PLAYED.to_json()
    with pytest.raises(kind, match=words) as raised:
        call()
    assert (GAME.to_json(), PLAYED.to_json()) == before
    return raised.value


@pytest.mark.parametrize(("call", "words"), WRONG_TYPES)
def test_a_wrong_type_is_a_type_error_naming_the_argument(call, words):
    assert not isinstance(_refused(call, TypeError, words), AttributeError)


@pytest.mark.parametrize(("call", "words"), BAD_VALUES)
def test_a_bad_value_is_a_value_error_naming_the_argument(call, words):
    assert not isinstance(_refused(call, ValueError, words), TypeError)


def test_a_wrong_type_is_still_caught_as_the_value_error_it_was():
    with pytest.raises(ValueError, match="a deal number is a whole number"):
        Game.deal("4")
    assert issubclass(WrongTypeError, TypeError) and issubclass(WrongTypeError, ValueError)
