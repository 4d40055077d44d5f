"""The Australian Patience course: real positions, tasks that the engine judges, and feedback
that names the rule a wrong try breaks."""

from itertools import permutations

import pytest

from ausp_widget import Card, Game, Move, solve
from ausp_widget.core.lesson import steps
from ausp_widget.core.tasks import Goal, TaskRun, check_task, shortest_line
from ausp_widget.games.australian.rules import RULE

COURSE = steps("solo")


def step_titled(title: str):
    found = [step for step in COURSE if step.title == title]
    assert len(found) == 1, f"{len(found)} steps titled {title!r}"
    return found[0]


def run_of(title: str) -> TaskRun:
    step = step_titled(title)
    return TaskRun(step.exercise, step.position)


@pytest.mark.parametrize("step", COURSE, ids=lambda s: s.title)
def test_every_position_replays_from_its_deal_number_and_moves(step):
    position = step.position
    assert position.seed is not None, "every lesson position is a real deal"
    replay = Game.deal(position.seed, mode=position.mode)
    for player, move in position.history:
        replay.play(move, player)
    assert replay.to_text() == position.to_text()


@pytest.mark.parametrize("step", [s for s in COURSE if s.task], ids=lambda s: s.title)
def test_every_task_is_solved_by_its_answer_for_three_stars(step):
    run = TaskRun(step.exercise, step.position)
    for move in step.exercise.answer[:-1]:
        feedback = run.attempt(str(move))
        assert feedback.correct and not feedback.done, feedback.text
    feedback = run.attempt(str(step.exercise.answer[-1]))
    assert feedback.correct and feedback.done and "well done" in feedback.text
    assert run.solved and run.stars == 3
    assert step.exercise.goal.reached(step.after)


@pytest.mark.parametrize("step", [s for s in COURSE if s.task and s.exercise.par > 1], ids=lambda s: s.title)
def test_every_shortest_line_the_engine_knows_is_accepted(step):
    """Any order of the answer's moves that the engine can play and that reaches the goal counts."""
    answer = step.exercise.answer
    accepted = 0
    for line in set(permutations(answer)):
        game = step.position.copy()
        try:
            for move in line:
                game.play(move)
        except ValueError:
            continue
        if not step.exercise.goal.reached(game):
            continue
        run = TaskRun(step.exercise, step.position)
        assert all(run.attempt(m).correct for m in line) and run.done, line
        accepted += 1
    assert accepted >= 1


def test_a_longer_line_counts_in_the_check_up_but_earns_fewer_stars():
    step = step_titled("Check-up: the rules")
    assert step.exercise.checkup and step.exercise.slack == 1
    run = TaskRun(step.exercise, step.position)
    detour = next(
        m
        for m in step.position.legal_moves()
        if m not in step.exercise.answer
        and shortest_line(_after(step.position, m), step.exercise.goal, step.exercise.par) is not None
    )
    assert run.attempt(detour).correct
    for move in shortest_line(run.game, step.exercise.goal, step.exercise.par):
        assert run.attempt(move).correct
    assert run.solved and run.stars == 2 and len(run.played) == step.exercise.par + 1
    assert not run.hint_due, "a check-up never hints"


def _after(game: Game, move: Move) -> Game:
    game = game.copy()
    game.play(move)
    return game


@pytest.mark.parametrize(
    ("title", "wrong", "words"),
    [
        ("Build down in suit", "6♥ 7♠", "same suit"),
        ("Start a foundation", "A♥ F", "only an exposed card goes to a foundation"),
        ("Build up in suit", "4♣ F", "the card just below it must be there first"),
        ("Nothing moves onto the waste", "4♣ 5♣", "nothing moves onto the waste"),
        ("Draw, then use the card", "Q♣ K♣", "still in the stock"),
        ("Move a card with the cards covering it", "J♥ Q♠", "cannot"),
    ],
)
def test_a_wrong_try_is_refused_with_the_rule_it_breaks_and_changes_nothing(title, wrong, words):
    run = run_of(title)
    before = run.game.to_text()
    feedback = run.attempt(wrong)
    assert not feedback.correct and feedback.rule
    assert words in feedback.text.lower(), feedback.text
    assert run.game.to_text() == before and run.played == [] and run.wrong == 1


def test_a_malformed_move_is_named_and_costs_no_try():
    run = run_of("Move a card with the cards covering it")
    feedback = run.attempt("J♥ x")
    assert not feedback.correct and "not a move" in feedback.text and "'x' is not a card" in feedback.text
    assert run.wrong == 0 and run.played == []


def test_only_a_king_fills_the_empty_column():
    run = run_of("A King fills an empty column")
    assert run.attempt("7♠ 8♠").correct
    empty = next(n for n, column in enumerate(run.game.tableau(), start=1) if not column)
    queen = next(c for col in run.game.tableau() for c in col if c.rank != 13)
    feedback = run.attempt(f"{queen} {empty}")
    assert not feedback.correct and "only a king may fill an empty column" in feedback.text.lower()


def test_a_legal_move_that_misses_the_goal_says_what_it_fails_to_do():
    run = run_of("Move a card with the cards covering it")
    feedback = run.attempt("4♠ 5♠")
    assert Move.parse("4♠ 5♠") in step_titled("Move a card with the cards covering it").position.legal_moves()
    assert not feedback.correct and not feedback.rule
    assert "does not put J♥ on Q♥" in feedback.text and run.played == []


def test_feedback_on_a_legal_draw_reads_as_a_sentence():
    run = run_of("Move a card with the cards covering it")
    feedback = run.attempt("draw")
    assert not feedback.correct and feedback.text.startswith("Draw is legal, but it does not put J♥ on Q♥")


def test_a_legal_move_that_spoils_a_longer_task_is_taken_back():
    run = run_of("Nothing moves onto the waste")
    feedback = run.attempt("3♣ 4♣")  # buries 4♣ under 3♣'s column: one move left cannot fix it
    assert not feedback.correct and "the one move left could not put 4♣ on 5♣" in feedback.text
    assert run.played == []


def test_after_two_wrong_tries_a_hint_is_due_and_show_me_plays_the_answer_without_stars():
    run = run_of("Free the A♣")
    run.attempt("A♣ F")
    assert not run.hint_due
    run.attempt("Q♥ K♥")  # legal, but A♣ cannot then go home in the two moves left
    assert run.wrong == 2 and run.hint_due
    assert run.hint_place() == run.game.move_places(Move.parse("A♣ 2♣"))[0]
    shown = run.show()
    assert run.done and shown == step_titled("Free the A♣").exercise.answer
    assert not run.solved and run.stars == 0


def test_the_group_lesson_carries_7d_and_4c_with_the_jack():
    step = step_titled("Move a card with the cards covering it")
    assert step.group == tuple(Card.parse(c) for c in ("J♥", "7♦", "4♣"))
    assert RULE["group"] in step.text


def test_the_worked_opening_frees_a_clubs_as_pagat_does_with_a_group_move_and_a_king():
    step = step_titled("Free the A♣")
    assert [str(m) for m in step.exercise.answer] == ["A♣ 2♣", "K♠ 4", "A♣ F"]
    assert step.position.tableau()[3][0] == Card.parse("A♣")


def test_the_layout_shows_a_fresh_deal_of_seven_columns_of_four_and_24_in_the_stock():
    layout = COURSE[0]
    assert [len(c) for c in layout.position.tableau()] == [4] * 7 and len(layout.position.stock()) == 24
    assert layout.position.history == ()


def test_the_lost_game_is_lost_and_the_solver_agrees_no_line_wins_its_deal():
    step = step_titled("When the game is lost")
    assert step.position.status == "lost"
    home = sum(len(p) for p in step.position.foundations)
    assert f"with {home} cards home" in step.text
    assert solve(Game.deal(step.position.seed), time_limit=30).winnable is False


def test_the_lost_game_is_where_the_hints_leave_its_deal():
    from ausp_widget.games.australian.hints import hint

    step = step_titled("When the game is lost")
    game = Game.deal(step.position.seed)
    while (move := hint(game).move) is not None:
        game.play(move)
    assert game.history == step.position.history, "the lesson's line is the hints' line, move for move"


def test_every_lesson_ends_with_a_task_and_the_rules_end_with_a_check_up():
    lessons = list(dict.fromkeys(s.lesson for s in COURSE))
    assert len(lessons) >= 8
    checkups = [s for s in COURSE if s.exercise is not None and s.exercise.checkup]
    assert checkups and checkups[0].lesson.startswith("Check-up")


def test_goal_kinds_read_the_piles():
    game = Game.deal(83)
    assert Goal("free", Card.parse("A♠")).reached(game)
    assert not Goal("free", Card.parse("A♣")).reached(game)
    assert Goal("bottom", Card.parse("A♣")).reached(game)
    assert Goal("on", Card.parse("3♠"), Card.parse("K♠")).reached(game)
    assert not Goal("empty").reached(game)
    drawn = Goal("drawn", count=len(game.stock()))
    assert not drawn.reached(game)
    game.play("draw")
    assert drawn.reached(game)
    game.play("A♠ F")
    assert Goal("count", count=1).reached(game) and not Goal("count", count=2).reached(game)


def every_task() -> list:
    """Each task step of every mode's guide, with its mode (the guides are made without the
    engine's search, so that every app starts quickly: the search is here)."""
    from ausp_widget.core.registry import table_modes

    return [(mode, step) for mode in table_modes() for step in steps(mode) if step.exercise is not None]


@pytest.mark.parametrize(("mode", "step"), every_task(), ids=lambda x: x if isinstance(x, str) else x.title)
def test_every_task_answer_reaches_its_goal_in_the_fewest_moves(mode, step):
    check_task(step.position, step.exercise)  # raises, naming the task, when it does not
