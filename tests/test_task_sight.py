"""A try in a lesson or a puzzle is judged from the table alone. Two tables that look the same
(two face-down cards swapped, or two stock cards of a lesson, whose stock is face down) get
the same verdict on every try, and the same hint after a kept try that turned up nothing: the
verdict on a try that is taken back tells nothing about the card it would have turned up.

A puzzle shows its stock's order, so only its face-down cards are swapped."""

from __future__ import annotations

import random

import pytest
from test_hidden_cards import _slots, swapped

from ausp_widget.analysis import puzzles
from ausp_widget.analysis.puzzles_cut import from_the_table
from ausp_widget.core.cards import Card
from ausp_widget.core.lesson import steps
from ausp_widget.core.lookahead import Blindfold
from ausp_widget.core.tasks import Goal, Task, TaskRun, shortest_line

PUZZLES = {  # shipped puzzles whose tries a judge that looked past a turned-up card answered by it
    "yukon": ("yuk-245046-0-free", "yuk-594587-5-home", "yuk-674640-28-home", "yuk-281818-1-home"),
    "indian": ("ind-111518-45-home", "ind-812493-29-home", "ind-244454-38-free", "ind-205524-278-free"),
}
GUESSED = {  # a puzzle of one's own, "Free K♠ in 2 moves", whose answer needs the card 7♦ 8♣ turns up
    **{"id": "yuk-127579-8-free", "game": "yukon", "seed": 127579, "kind": "free", "level": 2},
    **{"moves": ["A♣ F", "4♠ 5♦", "4♦ 5♠", "5♠ 6♥", "K♠ 1", "8♣ 9♥", "A♠ 2♥", "9♦ 10♠"]},
    **{"goal": {"kind": "free", "card": "K♠", "count": 1}, "solution": ["7♦ 8♣", "8♦ 9♠"]},
    **{"themes": [], "difficulty": 6.752},
}


def _verdicts(task: Task, position) -> list[tuple]:
    """Each legal first try: whether it is kept, the words of a refusal, and for a kept try
    that turned up nothing, its words and the line the hint would follow next."""
    rows = []
    for move in position.legal_moves(task.goal.player):
        run = TaskRun(task, position)
        feedback = run.attempt(move)
        row: tuple = (str(move), feedback.correct)
        if not feedback.correct:
            row += (feedback.text,)
        elif _shown(run.game) == _shown(position):
            row += (feedback.text, [str(m) for m in run.next_moves()], run.hint_place())
        rows.append(row)
    return rows


def _shown(game) -> int:
    return sum(card is not None for pile in game.piles() if pile.kind != "stock" for card in pile.cards)


def _look_alikes(position, stock_seen: bool, count: int, seed: int, first: bool = False):
    """Up to `count` positions that look like `position`: two of its hidden cards swapped (with
    `first`, the first hidden card, such as the next card of a stock, with each of the others)."""
    text = position.to_text()
    lines = text.splitlines()
    slots = [s for s in _slots(text) if s[2]]
    movable = [i for i, (n, _, _) in enumerate(slots) if not (stock_seen and lines[n].startswith("stock"))]
    pairs = [(a, b) for a in movable for b in movable if a < b and (a == movable[0] or not first)]
    random.Random(seed).shuffle(pairs)
    found = []
    for a, b in pairs:
        other = type(position).from_text(swapped(text, a, b))
        if other.piles() == position.piles():
            found.append(other)
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("puzzle_id", [p for ids in PUZZLES.values() for p in ids])
def test_a_puzzle_judges_every_try_alike_whatever_its_face_down_cards(puzzle_id):
    puzzle = next(p for game in PUZZLES for p in puzzles.load(game) if p.id == puzzle_id)
    task, position = puzzle.task(), puzzle.position
    expected = _verdicts(task, position)
    others = _look_alikes(position, stock_seen=True, count=12, seed=len(puzzle_id))
    assert others, "the puzzle has face-down cards to swap"
    for other in others:
        assert _verdicts(task, other) == expected


@pytest.mark.parametrize("mode", ["solo", "turns"])
def test_a_lesson_judges_every_try_alike_whatever_the_stock_holds(mode):
    step = next(s for s in steps(mode) if s.title == "Draw, then use the card")
    expected = _verdicts(step.exercise, step.position)
    others = _look_alikes(step.position, stock_seen=False, count=8, seed=3, first=True)
    assert len(others) == 8
    for other in others:
        assert _verdicts(step.exercise, other) == expected


def test_a_try_that_would_turn_up_a_card_is_refused_in_words_about_the_cards_on_show():
    """Free K♠ in 2 moves: J♦ Q♠ would turn up a face-down card. Whatever that card is, the try
    is taken back with the same words, which say the search used only the cards on show."""
    puzzle = puzzles.from_dict(GUESSED)
    for position in [puzzle.position, *_look_alikes(puzzle.position, True, 6, seed=0)]:
        run = TaskRun(puzzle.task(), position)
        before = run.game.to_text()
        feedback = run.attempt("J♦ Q♠")
        assert not feedback.correct and run.wrong == 1 and run.game.to_text() == before
        assert feedback.text == (
            "J♦ Q♠ is legal, but it does not help: after it, the one move left could not free K♠ "
            "with the cards on show. Try another."
        )


@pytest.mark.parametrize("game", sorted(PUZZLES))
def test_the_puzzles_own_line_is_kept_move_by_move_though_it_uses_the_cards_it_turns_up(game):
    """The answer may play a card its earlier move turned up: the table shows it by then."""
    for puzzle in puzzles.load(game):
        if puzzle.kind not in ("free", "home") or not puzzles.hidden(puzzle.position):
            continue
        run = TaskRun(puzzle.task(), puzzle.position)
        verdicts = [run.attempt(move) for move in puzzle.task().answer]
        assert all(verdicts) and verdicts[-1].done and run.stars == 3, (puzzle.id, verdicts[-1].text)


def test_the_lookahead_leaves_a_card_it_turns_up_alone():
    """From a Yukon table, a line that needs the card a move turns up is not found blindfolded,
    though the engine, knowing every card, finds it."""
    puzzle = puzzles.from_dict(GUESSED)
    position = puzzle.position
    trial = position.copy()
    move = trial.play("J♦ Q♠")
    blindfold = Blindfold(stock_seen=True).after(position.piles(), trial, move, 0)
    assert len(blindfold.unknown) == 1
    ((pile, depth),) = blindfold.unknown
    assert next(p for p in blindfold.masked(trial.piles()) if p.ref == pile).cards[depth] is None
    assert all(
        not blindfold.allows(trial, m, 0)
        for m in trial.legal_moves()
        if trial.move_places(m, 0)[0].pile == pile
    )
    goal = puzzle.task().goal
    assert shortest_line(trial, goal, 1, blindfold) is None


def test_a_drawn_goal_counts_the_stock():
    game = steps("solo")[0].position.copy()
    goal = Goal("drawn", count=len(game.stock()))
    assert not goal.reached(game)
    game.play("draw")
    assert goal.reached(game)


@pytest.mark.parametrize("game", ["yukon", "indian", "australian"])
def test_every_shipped_free_and_home_puzzle_can_be_solved_from_what_its_table_shows(game):
    """A puzzle whose only answers need a face-down card asks the student to guess it: the maker
    refuses one, and the shipped sets hold none; a puzzle of one's own may (it is judged alike)."""
    tasks = [(p.id, p.position, p.task()) for p in puzzles.load(game) if p.kind in ("free", "home")]
    guessed = [name for name, position, task in tasks if not from_the_table(position, task.goal, task.par)]
    assert guessed == []
    own = puzzles.from_dict(GUESSED)
    assert not from_the_table(own.position, own.task().goal, own.task().par)


def test_a_home_puzzle_says_how_many_more_cards_a_refused_try_leaves_out_of_reach():
    """ "Get 2 more cards home" is answered in its own terms, not as a total of the foundations."""
    puzzle = next(p for p in puzzles.load("yukon") if p.id == "yuk-781583-6-home")
    assert puzzle.words.startswith("Get 2 more cards home")
    feedback = TaskRun(puzzle.task(), puzzle.position).attempt("3♥ 4♠")
    assert not feedback.correct
    assert "could not get 2 more of your cards onto the foundations" in feedback.text, feedback.text


def test_a_drawn_goal_that_names_a_card_is_refused_with_how_to_write_it():
    with pytest.raises(ValueError, match=r"counts the stock and names no card: Goal\('drawn', count="):
        Goal("drawn", Card.parse("10♦"))
