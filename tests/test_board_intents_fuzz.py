"""Intents that are no move, sent to every board the way the browser sends them (`Board.handle`,
the widget's message handler): malformed ones (wrong types, unknown places, stale or missing
positions, bools, huge numbers, NaN) and well-formed ones no position allows (a face-down card
clicked, the stock or a foundation card dragged or double-clicked). Each one is answered on the
board in words, raises nothing, changes no game, and is never a wrong try: no star lost, no
puzzle missed."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fuzz_values import hostile, json_values, state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ausp_widget import Game
from ausp_widget.core.progress import Progress
from ausp_widget.widgets.board import KEYS, Board
from ausp_widget.widgets.clock import ManualClock
from ausp_widget.widgets.guide import GuideView
from ausp_widget.widgets.puzzle_trainer import PuzzleTrainer
from ausp_widget.widgets.table import GameTable
from ausp_widget.widgets.task_play import TaskPlay

FUZZ = settings(
    max_examples=75,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
HUGE = [10**400, -(10**400), 10**5000, 2**64, math.nan, math.inf, -math.inf, True, False, -1, 1.0]


@dataclass
class Surface:
    """A board on show, what it plays, and what a wrong try would change (its score)."""

    board: Board
    game: Any  # a callable: the game on show now
    score: Any  # a callable: what a wrong try, a lost star or a missed puzzle would change
    line: Any  # a callable: the owner's own line of words (status or feedback)


def _table(mode: str, seed: int, moves: int = 30) -> Surface:
    table = GameTable(mode, seed=seed, clock=ManualClock(), wait_for_start=False)
    game = table.game
    for _ in range(moves):  # some cards home and some turned, so every kind of spot is on show
        legal = [m for m in game.legal_moves(0) if m.kind != "pass"]
        if game.status != "playing" or not legal or (game.mode == "turns" and game.turn != 0):
            break
        game.play(next((m for m in legal if m.kind == "foundation"), legal[0]), 0)
    table._render()
    return Surface(table.board, lambda: table.game, lambda: (), lambda: table.status.value)


def _lesson(mode: str, tmp: Path, title: str | None = None) -> Surface:
    guide = GuideView(mode=mode, progress=Progress(tmp / f"{mode}.json"), clock=ManualClock())
    steps = [i for i, s in enumerate(guide.steps) if s.task and (title is None or s.title == title)]
    downs = [i for i in steps if _has_down(guide, i)]
    guide.step = (downs or steps)[0]
    run = lambda: guide.runs[guide.step]  # noqa: E731

    def score() -> tuple:
        return run().wrong, run()._extra, run().helped, run().stars, len(run().played), run().done

    return Surface(guide.board.board, lambda: run().game, score, lambda: guide.feedback.value)


def _has_down(guide: GuideView, step: int) -> bool:
    guide.step = step
    return any(v.spot.down and v.pile.kind != "stock" for v in guide.board.board.views())


def _puzzle(game: str, kind: str, tmp: Path) -> Surface:
    store = Progress(tmp / f"puzzles-{game}-{kind}.json", student="Ana")
    trainer = PuzzleTrainer(game, progress=store, clock=ManualClock())
    trainer.open_puzzle(next(p for p in trainer.items if (p.kind == "judge") == (kind == "judge")))

    def score() -> tuple:
        run = trainer.run
        record = store.puzzle(trainer.puzzle.id)
        return (
            (None if run is None else (run.wrong, run.helped, len(run.played))),
            trainer.result,
            record,
            store.turn,
        )

    return Surface(
        trainer.board.board,
        lambda: trainer.puzzle.position if trainer.run is None else trainer.run.game,
        score,
        lambda: trainer.feedback.value,
    )


SURFACES = (
    "table solo",
    "table turns",
    "table simultaneous",
    "table indian",
    "table yukon",
    "lesson solo",
    "lesson indian",
    "puzzle australian",
    "puzzle indian",
    "puzzle judge",
)


@functools.cache
def surface(name: str, tmp: Path) -> Surface:
    kind, what = name.split()
    if kind == "table":
        return _table(what, seed=11)
    if kind == "lesson":
        return _lesson(what, tmp)
    if what == "judge":
        return _puzzle("australian", "judge", tmp)
    return _puzzle(what, "win", tmp)


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("intents")


def spot_ids(board: Board) -> dict[str, list[str]]:
    """The board's spots by what kind of no move they make."""
    views = board.views()
    down = [v.id for v in views if v.spot.down and v.pile.kind != "stock"]
    stock = [v.id for v in views if v.pile.kind == "stock"]
    home = [v.id for v in views if v.pile.kind == "foundation" and v.place is not None]
    return {"down": down, "stock": stock, "foundation": home, "all": [v.id for v in views]}


@st.composite
def no_moves(draw, board: Board) -> dict:
    """A well-formed intent that no position allows, on this board as it is."""
    ids = spot_ids(board)
    piles = list(board._pile_refs)
    choices = []
    if ids["down"]:
        choices.append(("click", ids["down"]))
    for kind in ("down", "stock", "foundation"):
        if ids[kind]:
            choices += [("drop", ids[kind]), ("home", ids[kind])]
    if not choices:
        return draw(malformed(board))
    kind, sources = draw(st.sampled_from(choices))
    spot = draw(st.sampled_from(sources))
    if kind == "click":
        return {"kind": "click", "to": spot, "v": board.version}
    message = {"kind": kind, "from": spot, "v": board.version}
    if kind == "drop":
        message["to"] = draw(st.sampled_from(piles))
    return message


junk = st.one_of(hostile, json_values, st.sampled_from(HUGE))


@st.composite
def malformed(draw, board: Board) -> Any:
    """An intent the board cannot take: something wrong in its kind, its fields or its position."""
    ids = spot_ids(board)["all"]
    piles = list(board._pile_refs)
    real_spot, real_pile = st.sampled_from(ids), st.sampled_from(piles)
    version = board.version
    stale = st.one_of(
        junk.filter(lambda v: not (type(v) is int and v == version)),
        st.integers(min_value=-3, max_value=5).map(lambda d: version + d).filter(lambda v: v != version),
        st.just(str(version)),
        st.just(float(version)),
    )
    kind = st.sampled_from(["click", "drop", "home"])
    unknown_spot = junk.filter(lambda v: not (isinstance(v, str) and v in board._spots))
    unknown_pile = junk.filter(lambda v: not (isinstance(v, str) and v in board._pile_refs))
    shape = draw(st.sampled_from(["not a dict", "kind", "key", "version", "missing", "spot", "pile"]))
    if shape == "not a dict":
        return draw(st.one_of(hostile, st.lists(junk, max_size=3), st.text(max_size=20)))
    if shape == "kind":
        bad = draw(junk.filter(lambda v: not (isinstance(v, str) and v in ("click", "drop", "home", "key"))))
        return {"kind": bad, "to": draw(real_spot), "from": draw(real_spot), "v": version}
    if shape == "key":
        return {"kind": "key", "action": draw(junk.filter(lambda v: not (isinstance(v, str) and v in KEYS)))}
    if shape == "version":
        return {"kind": draw(kind), "to": draw(real_pile), "from": draw(real_spot), "v": draw(stale)}
    if shape == "missing":
        which = draw(kind)
        message = {"kind": which, "v": version, "from": draw(real_spot), "to": draw(real_pile)}
        if which == "click":
            message["to"] = draw(real_spot)
            del message["from"]
        elif which == "home":
            del message["to"]
        del message[draw(st.sampled_from(sorted(set(message) - {"kind"})))]
        return message
    if shape == "spot":
        which = draw(kind)
        message = {"kind": which, "v": version, "from": draw(unknown_spot), "to": draw(real_pile)}
        if which == "click":
            message["to"] = draw(unknown_spot)
        return message
    return {"kind": "drop", "from": draw(real_spot), "to": draw(unknown_pile), "v": version}


def _sent(where: Surface, message: Any, no_move: bool = False) -> None:
    """Send `message` as the browser does and check it was one answer and nothing else."""
    board = where.board
    before, score, errors = state(where.game()), where.score(), len(board.errors)
    said = board.widget.notice.get("n", 0)
    board.widget._handle_custom_msg(message, [])  # the path a message from the page takes
    assert state(where.game()) == before, message
    assert where.score() == score, f"counted as a try: {message!r:.200}"
    assert len(board.errors) == errors + 1, f"not answered: {message!r:.200}"
    notice = board.widget.notice
    assert notice["n"] > said and notice["kind"] in ("error", "refused") and notice["text"].strip()
    assert len(notice["text"]) < 300
    if no_move:  # words about the place, never a card that is not there
        assert "None" not in notice["text"] and "None" not in where.line()
    assert notice["text"] in board.errors[-1]


@pytest.mark.parametrize("name", SURFACES)
@FUZZ
@given(data=st.data())
def test_an_intent_no_position_allows_is_answered_and_never_a_try(name, tmp, data):
    where = surface(name, tmp)
    _sent(where, data.draw(no_moves(where.board)), no_move=True)


@pytest.mark.parametrize("name", SURFACES)
@FUZZ
@given(data=st.data())
def test_a_malformed_intent_is_answered_and_changes_nothing(name, tmp, data):
    where = surface(name, tmp)
    _sent(where, data.draw(malformed(where.board)))


# ---- the cases the defect report named, each on its own -----------------------------------------
def test_a_face_down_card_in_an_indian_lesson_is_said_and_costs_no_star(tmp):
    where = _lesson("indian", tmp / "own")
    down = next(v for v in where.board.views() if v.spot.down and v.pile.kind != "stock")
    score = where.score()
    down.click()
    where.board.home(down)
    assert where.score() == score
    assert "face down" in where.board.widget.notice["text"] and "face down" in where.line()


def test_the_stock_dragged_or_double_clicked_in_a_puzzle_is_said_and_no_miss(tmp):
    where = _puzzle("indian", "win", tmp / "own")
    stock = next(v for v in where.board.views() if v.pile.kind == "stock")
    column = next(v for v in where.board.views() if v.pile.kind == "column")
    score = where.score()
    where.board.home(stock)
    assert "None" not in where.line() and "stock" in where.board.widget.notice["text"]
    where.board.drop(stock, column)
    assert where.score() == score and "stock" in where.line()


def test_a_face_down_card_on_the_indian_table_is_said_on_its_status_line():
    where = _table("indian", seed=3, moves=0)
    down = next(v for v in where.board.views() if v.spot.down and v.pile.kind != "stock")
    before = state(where.game())
    down.click()
    assert state(where.game()) == before and "face down" in where.line()


def test_a_click_the_owner_cannot_take_is_said_never_raised(tmp):
    """The net under every owner: whatever a handler raises is answered on the board."""
    board = Board()

    def broken(_spot) -> None:
        raise KeyError("the owner lost track")

    board.intents.click = broken
    board.show(Game.deal(2).piles(), {})
    spot = next(v for v in board.views() if v.card is not None)
    spot.click()
    assert "Nothing was played" in board.widget.notice["text"] and "lost track" in board.errors[-1]


def test_a_covered_card_in_an_indian_lesson_is_the_games_words_and_a_wrong_try(tmp):
    """Only an Indian column's top card moves: the game explains a covered one in words, and
    the lesson takes it as a card that cannot move, as in every game (one wrong try)."""
    where = _lesson("indian", tmp / "covered")
    board = where.board
    covered = next(
        v
        for v in board.views()
        if v.pile.kind == "column"
        and v.card is not None
        and any(
            w.pile == v.pile and w.place is not None and w.place.depth > v.place.depth for w in board.views()
        )
    )
    score = where.score()
    covered.click()
    assert where.score()[0] == score[0] + 1 and where.score()[1:] == score[1:]
    assert "is covered by" in where.line() and "only the top card of a column moves" in where.line()


def test_an_empty_place_dragged_is_said_in_the_words_of_the_board_not_its_ids(tmp):
    where = _puzzle("australian", "win", tmp / "empty")
    board = where.board
    empty = next(v for v in board.views() if v.place is None)
    board.handle({"kind": "home", "from": empty.id, "v": board.version})
    assert empty.id not in board.errors[-1] and empty.face.description in board.errors[-1]


# ---- the controls around a board: the strips' messages ------------------------------------------
NO_VALUE = st.one_of(
    st.sampled_from([None, math.nan, math.inf, -math.inf, 10**400, -(10**400), 10**5000, 1j, b"", object()]),
    st.lists(junk, max_size=2),
    st.dictionaries(st.text(max_size=3), junk, max_size=2),
)


@functools.cache
def strip_table() -> GameTable:
    return GameTable(seed=4, clock=ManualClock(), wait_for_start=False)


@FUZZ
@given(data=st.data())
def test_a_message_no_control_takes_is_said_and_changes_nothing(data):
    """Every control of the table's strips, sent an id, an event or a value it does not take."""
    table = strip_table()
    strip = data.draw(st.sampled_from([table.top, table.foot]))
    count = len(strip.controls)
    bad_id = junk.filter(lambda v: not (type(v) is int and 0 <= v < count))
    message = data.draw(
        st.one_of(
            st.fixed_dictionaries({"id": bad_id, "event": st.just("click")}),
            st.fixed_dictionaries(
                {
                    "id": st.integers(0, count - 1),
                    "event": st.one_of(st.sampled_from(["value", "choose", "submit"]), junk),
                    "value": NO_VALUE,
                }
            ).filter(lambda m: m["event"] != "click"),
            hostile,
        )
    )
    _refused(table, strip, message)


@pytest.mark.parametrize(
    "message",
    [
        {"id": True, "event": "click"},  # JSON true is no control number (control 1 is New game)
        {"id": 2, "event": "value", "value": 10**400},  # the bot's speed: no float holds it
        {"id": 3, "event": "choose", "value": True},  # JSON true is no option number either
    ],
)
def test_the_table_strips_named_cases(message):
    table = strip_table()
    _refused(table, table.top, message)


def _refused(table: GameTable, strip: Any, message: Any) -> None:
    """Send `message` to `strip` as the browser does: refused with its reason on the status
    line, and no control nor the game changed (only words may change)."""
    controls = lambda: [i for i in strip.items if i["kind"] not in ("label", "html")]  # noqa: E731 (words may change)
    before, items, errors = state(table.game), controls(), len(strip.errors)
    strip._handle_custom_msg(message, [])
    assert state(table.game) == before and controls() == items
    assert len(strip.errors) == errors + 1 and strip.errors[-1].strip()
    assert strip.errors[-1] in table.status.value


# ---- keys on a task's board, and a board only to look at ------------------------------------------
@pytest.mark.parametrize("action", ["hint", "undo", "redo", "cancel"])
def test_a_key_on_a_lesson_board_is_answered_and_never_a_try(tmp, action):
    where = _lesson("solo", tmp / f"key-{action}")
    before, score = state(where.game()), where.score()
    where.board.key(action)
    assert state(where.game()) == before and where.score() == score
    assert action == "cancel" or where.board.widget.notice["text"] in where.line()


def test_escape_drops_a_lessons_selection(tmp):
    guide = GuideView(progress=Progress(tmp / "escape.json"), clock=ManualClock())
    guide.step = next(
        i for i, s in enumerate(guide.steps) if s.title == "Move a card with the cards covering it"
    )
    next(v for v in guide.board.card_views() if str(v.card) == "J♥").click()
    assert guide.clicks.selected is not None
    guide.board.board.key("cancel")
    assert guide.clicks.selected is None and "cancelled" in guide.feedback.value


def test_draw_pressed_in_a_game_with_no_stock_is_no_try():
    tried, said = [], []
    play = TaskPlay(tried.append, lambda text, good=False: said.append(text), lambda: None)
    play.key(SimpleNamespace(game=Game.deal(1, game="yukon")), "draw")
    assert tried == [] and "no stock" in said[-1]
    play.key(SimpleNamespace(game=Game.deal(1)), "draw")
    assert [str(m) for m in tried] == ["draw"], "with a stock, D draws as a click on it does"


def test_a_board_to_look_at_answers_a_click_in_words():
    board = Board()
    board.show(Game.deal(2).piles(), {})
    next(v for v in board.views() if v.card is not None).click()
    assert "for looking" in board.widget.notice["text"]


# ---- any click at all: whatever the owner does with it, nothing gets past the board ---------------
def any_intent(board: Board, pick: list[int]) -> dict:
    """A real intent on the board as it is, chosen by four numbers: any spot clicked, dragged
    or double-clicked, any key (the numbers, not the board, are drawn: the same draws each run)."""
    spots, piles = [v.id for v in board.views()], sorted(board._pile_refs)
    kind = ("click", "click", "drop", "home", "key")[pick[0] % 5]
    if kind == "key":
        return {"kind": "key", "action": KEYS[pick[1] % len(KEYS)]}
    message = {"kind": kind, "v": board.version, "from": spots[pick[1] % len(spots)]}
    if kind == "click":
        message["to"] = message.pop("from")
    if kind == "drop":
        message["to"] = piles[pick[2] % len(piles)]
    return message


@functools.cache
def _fresh(name: str, tmp: Path) -> Any:
    """How to make a surface afresh, for each run of a walk."""
    kind, what = name.split()
    if kind == "table":
        return lambda: _table(what, seed=11)
    if kind == "lesson":
        return lambda: _lesson(what, tmp)
    return lambda: _puzzle(
        "australian" if what == "judge" else what, "judge" if what == "judge" else "win", tmp
    )


@pytest.mark.parametrize("name", SURFACES)
@settings(FUZZ, max_examples=12)
@given(walk=st.lists(st.lists(st.integers(0, 10**6), min_size=3, max_size=3), min_size=1, max_size=25))
def test_any_click_is_played_or_answered_and_never_breaks_the_owner(name, tmp, walk):
    where = _fresh(name, tmp / "walk")()
    board = where.board
    for pick in walk:
        message = any_intent(board, pick)
        errors = len(board.errors)
        board.widget._handle_custom_msg(message, [])
        fresh = board.errors[errors:]
        assert not any(e.startswith("Nothing was played: ") for e in fresh), f"{message}: {fresh}"
        assert "Something went wrong" not in where.line(), message
        assert "None" not in board.widget.notice.get("text", ""), message


def test_with_a_card_selected_a_face_down_card_names_its_pile_as_the_destination():
    for seed in range(40):
        where = _table("indian", seed=seed, moves=0)
        game, board = where.game(), where.board
        downs = {v.pile: v for v in board.views() if v.spot.down and v.pile.kind == "column"}
        for move in game.legal_moves(0):
            source, target = game.move_places(move, 0)
            if source is not None and source.pile.kind == "column" and target in downs:
                break
        else:
            continue
        next(v for v in board.views() if v.place == source).click()
        downs[target].click()
        assert [m for _p, m in game.history] == [move], where.line()
        return
    pytest.skip("no deal with a move onto a column with a face-down card")


def test_a_double_click_on_a_covered_waste_card_in_a_puzzle_says_it_is_covered(tmp):
    store = Progress(tmp / "puzzles-waste.json", student="Ana")
    trainer = PuzzleTrainer("australian", progress=store, clock=ManualClock())
    trainer.open_puzzle(next(p for p in trainer.items if p.kind != "judge" and len(p.position.waste()) >= 2))
    waste = [v for v in trainer.board.board.views() if v.pile.kind == "waste" and v.spot.place is not None]
    covered = min(waste, key=lambda v: v.spot.place.depth)  # the board draws the top few
    trainer.board.board.home(covered)
    assert "only the top waste card may move" in trainer.feedback.value, trainer.feedback.value
