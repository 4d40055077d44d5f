"""The lessons of the two-player games and of Indian Patience: real positions, tasks judged by
the rules and the engine, and one task played through the guide widget."""

import json

import pytest

from ausp_widget import Game, IllegalMoveError
from ausp_widget.core.lesson import Step
from ausp_widget.core.lesson_progress import task_id
from ausp_widget.core.progress import Progress
from ausp_widget.core.tasks import TaskRun, shortest_line
from ausp_widget.core.text import capital
from ausp_widget.games.australian.guide_versus import simultaneous_chapter, turns_chapter
from ausp_widget.games.indian.guide import indian_steps
from ausp_widget.games.indian.rules import INDIAN_STOCK

CHAPTERS = {"turns": turns_chapter(), "simultaneous": simultaneous_chapter(), "indian": indian_steps()}
ALL_STEPS = [(name, step) for name, chapter in CHAPTERS.items() for step in chapter]
TASKS = [(name, step) for name, step in ALL_STEPS if step.exercise is not None]


def ids(items):
    return [f"{name}: {step.title}" for name, step in items]


def step(chapter: str, title: str) -> Step:
    found = [s for s in CHAPTERS[chapter] if s.title == title]
    assert len(found) == 1, f"{len(found)} steps titled {title!r} in the {chapter} chapter"
    return found[0]


def state(game) -> str:
    """The whole position as text: position text for one player, the save for two."""
    return game.to_text() if game.players == 1 else game.to_json()


def attempt(task: Step, move: str, before=()):
    """One try at `task` after the moves `before` (each must be accepted)."""
    run = TaskRun(task.exercise, task.position)
    for earlier in before:
        assert run.attempt(earlier).correct, earlier
    return run.attempt(move)


# ---- every step is a real position ------------------------------------------------------------------------
@pytest.mark.parametrize(("chapter", "step"), ALL_STEPS, ids=ids(ALL_STEPS))
def test_every_position_replays_from_its_deal_number_and_moves(chapter, step):
    position = step.position
    assert position.seed is not None and step.lesson
    replay = Game.deal(position.seed, mode=position.mode, game=position.name)
    for player, move in position.history:
        replay.play(str(move), player)
    assert state(replay) == state(position)
    if chapter == "indian":
        assert position.name == "indian" and position.mode == "solo"
    else:
        assert position.name == "australian" and position.mode == chapter


def test_the_first_steps_show_fresh_deals_with_true_stocks():
    assert len(CHAPTERS["indian"][0].position.stock()) == INDIAN_STOCK == 74
    for chapter in ("turns", "simultaneous"):
        start = CHAPTERS[chapter][0].position
        assert not start.history and [len(start.stock(p)) for p in (0, 1)] == [24, 24]
        assert len(start.foundations) == 8


def test_each_chapter_is_a_lesson_or_two_of_four_to_seven_steps_ending_in_a_check_up():
    for name, chapter in CHAPTERS.items():
        lessons = list(dict.fromkeys(s.lesson for s in chapter))
        for lesson in lessons:
            steps = [s for s in chapter if s.lesson == lesson]
            tasks = [s for s in steps if s.exercise is not None]
            assert 4 <= len(steps) <= 7, (name, lesson)
            assert len(tasks) >= 2, (name, lesson)
            assert steps[-1].exercise is not None and steps[-1].exercise.checkup, (name, lesson)
            assert not any(s.exercise.checkup for s in tasks[:-1]), (name, lesson)


# ---- the intended answers, and every other line that works ------------------------------------------------
@pytest.mark.parametrize(("chapter", "task"), TASKS, ids=ids(TASKS))
def test_the_intended_answer_solves_the_task_move_by_move(chapter, task):
    run = TaskRun(task.exercise, task.position)
    answer = task.exercise.answer
    for k, move in enumerate(answer):
        feedback = run.attempt(str(move))
        assert feedback.correct, feedback.text
        assert feedback.done == (k == len(answer) - 1), feedback.text
    assert run.stars == 3


@pytest.mark.parametrize(("chapter", "task"), TASKS, ids=ids(TASKS))
def test_a_first_move_is_accepted_exactly_when_the_engine_can_still_reach_the_goal(chapter, task):
    """Any legal first move that still reaches the goal in time counts, not only the stored answer;
    one that cannot is refused, saying what it fails to do."""
    exercise, player = task.exercise, task.exercise.goal.player
    for move in task.position.legal_moves(player):
        trial = task.position.copy()
        trial.play(move, player)
        reachable = exercise.goal.reached(trial) or (
            exercise.par > 1 and shortest_line(trial, exercise.goal, exercise.par - 1) is not None
        )
        feedback = TaskRun(exercise, task.position).attempt(str(move))
        assert feedback.correct == reachable, (str(move), feedback.text)
        if not reachable:
            assert not feedback.rule and feedback.text.startswith(capital(f"{move} is legal, but"))
            assert exercise.goal.aim(task.position) in feedback.text


def test_another_correct_answer_is_accepted_too():
    races = step("simultaneous", "Check-up: two races")
    assert [str(m) for m in races.exercise.answer] == ["8♣ F1"]
    other = attempt(races, "Q♦ F3")
    assert other.correct and other.done
    unnamed = attempt(step("simultaneous", "Build on the bot's pile"), "2♥ F")  # the pile is found for you
    assert unnamed.correct and str(unnamed.move) == "2♥ F5"


# ---- wrong tries are refused by the rule they break -------------------------------------------------------
RULE_REFUSALS = [
    # Indian Patience: same suit, a protected destination, a card under another
    ("indian", "Build down in a differing suit", (), "3♦ 4♦", ["differing suit", "any suit but its own"]),
    (
        "indian",
        "Build down in a differing suit",
        (),
        "3♦ 4♣",
        ["4♣", "protected", "no card may be played onto"],
    ),
    ("indian", "Build down in a differing suit", (), "5♥ 6♠", ["only the top card", "covered by 4♦"]),
    ("indian", "Check-up: one card, another suit", (), "4♦ 5♦", ["differing suit"]),
    ("indian", "Check-up: one card, another suit", (), "5♥ 6♠", ["only the top card", "covered by 4♦"]),
    ("indian", "A protected card goes home", (), "3♣ 4♦", ["protected", "only go to a foundation"]),
    ("indian", "Grace: the stock runs out", (), "3♣ 4♦", ["protected", "until the stock is used up"]),
    ("indian", "Any card fills an empty column", (), "7♠ F", ["only the top card", "covered by 6♦"]),
    ("indian", "Check-up: a protected card home", (), "9♣ 10♠", ["protected", "only go to a foundation"]),
    ("indian", "Check-up: a protected card home", (), "9♣ F", ["build up in suit", "8♣ first"]),
    ("indian", "Check-up: a protected card home", ("7♣ F",), "9♣ F", ["8♣ first"]),
    # the games against the bot: the shared piles, turns
    ("turns", "Build on the bot's pile", (), "2♠ F8", ["F8 needs A♠"]),
    ("turns", "Build on the bot's pile", (), "A♠ F", ["covered by J♠", "only an exposed card"]),
    (
        "turns",
        "Drawing ends your turn",
        (),
        "pass",
        ["pass only with an empty stock", "draw to end your turn"],
    ),
    ("turns", "Check-up: your turn", (), "4♣ F2", ["F2 needs 3♣"]),
    ("simultaneous", "Build on the bot's pile", (), "2♥ F6", ["F6 needs A♥"]),
    ("simultaneous", "Race for a space", (), "4♠ F8", ["F8 needs A♠"]),
    ("simultaneous", "Check-up: two races", (), "8♣ F2", ["F2 needs A♣"]),
]


@pytest.mark.parametrize(
    ("chapter", "title", "before", "move", "words"),
    RULE_REFUSALS,
    ids=[f"{c}: {t}: {m}" for c, t, _, m, _ in RULE_REFUSALS],
)
def test_a_wrong_try_is_refused_naming_the_rule_it_breaks(chapter, title, before, move, words):
    task = step(chapter, title)
    feedback = attempt(task, move, before)
    assert not feedback.correct and feedback.rule and not feedback.done
    text = feedback.text.lower()
    assert text.startswith("not allowed: ")
    for word in words:
        assert word.lower() in text, (word, feedback.text)
    with pytest.raises(IllegalMoveError):  # the game itself refuses it: the same words as the live table
        game = task.position.copy()
        for earlier in before:
            game.play(earlier)
        game.play(move)


LEGAL_MISSES = [
    ("indian", "Build down in a differing suit", (), "6♠ 7♦", "put 3♦ on 4♥"),
    ("indian", "Check-up: one card, another suit", (), "6♠ 7♦", "free 6♣"),
    ("indian", "Grace: the stock runs out", (), "4♣ 5♥", "put 3♣ on 4♦"),
    ("indian", "Any card fills an empty column", (), "K♦ 1", "send 7♠ to a foundation"),
    ("indian", "Check-up: a protected card home", ("7♣ F",), "draw", "send 9♣ to a foundation"),
    ("turns", "Build on the bot's pile", (), "draw", "send 2♠ to a foundation"),
    ("turns", "Check-up: your turn", (), "draw", "send 4♣ to a foundation"),
    ("simultaneous", "Race for a space", (), "3♦ F3", "send 4♠ to a foundation"),
]


@pytest.mark.parametrize(
    ("chapter", "title", "before", "move", "aim"),
    LEGAL_MISSES,
    ids=[f"{c}: {t}: {m}" for c, t, _, m, _ in LEGAL_MISSES],
)
def test_a_legal_move_that_misses_the_goal_is_taken_back_saying_what_it_fails_to_do(
    chapter, title, before, move, aim
):
    task = step(chapter, title)
    run = TaskRun(task.exercise, task.position)
    for earlier in before:
        assert run.attempt(earlier).correct
    position = state(run.game)
    feedback = run.attempt(move)
    assert not feedback.correct and not feedback.rule
    assert feedback.text.startswith(capital(f"{move} is legal, but"))
    assert aim in feedback.text  # what it fails to do
    assert state(run.game) == position, "a wrong try changes nothing"


# ---- what the watched steps show --------------------------------------------------------------------------
def test_turns_drawing_ends_your_turn_and_two_idle_passes_end_the_game():
    draw = step("turns", "Drawing ends your turn")
    assert draw.position.turn == 0 and draw.after.turn == 1
    bot = step("turns", "The bot's turn")
    assert bot.player == 1 and bot.move.kind == "foundation" and bot.position.foundation_owners[6] == (1, 0)
    assert bot.after.foundation_owners[6] == (1, 0, 1), "the bot builds on the pile holding your 2♠"
    passing = step("turns", "Pass when your stock is empty")
    assert str(passing.move) == "pass" and not passing.position.stock(0) and not passing.position.stock(1)
    assert [str(m) for p, m in passing.position.history[-2:]] == ["pass", "pass"]
    assert passing.position.status == "playing" and passing.after.status == "over"
    count = step("turns", "Count the cards on the foundations")
    assert count.position.status == "over"
    mine, theirs = count.position.scores
    assert f"you have {mine} and the bot {theirs}" in count.text and "the bot wins" in count.text


def test_simultaneous_the_bot_takes_the_space_first_and_your_same_card_is_refused():
    taken = step("simultaneous", "The first play takes the space")
    assert taken.player == 1 and str(taken.move) == "2♥ F5"
    assert "2♥ F5" in [str(m) for m in taken.position.legal_moves(0)], "your 2♥ could go there before"
    with pytest.raises(IllegalMoveError) as refused:
        taken.after.copy().play("2♥ F5", 0)
    reason = str(refused.value)
    assert "was taken" in reason and reason[1:] in taken.text
    assert taken.after.foundation_owners[4] == (1, 1)


def test_simultaneous_end_of_play_and_count():
    end = step("simultaneous", "The end of play")
    game = end.position
    assert not game.stock(0) and not game.stock(1) and "finish" in end.text
    finished = game.copy()
    finished.finish()
    assert finished.status == "over" and finished.winner == 0
    count = step("simultaneous", "Count the cards on the foundations")
    mine, theirs = count.position.scores
    assert f"you have {mine} and the bot {theirs}: you win" in count.text


def test_indian_protection_the_new_deal_the_grace_and_the_win():
    protected = step("indian", "A face-down card turns up protected")
    assert protected.position.face_down()[5] == 1 and protected.after.protected()[5]
    assert "here we choose" in protected.text.lower()
    home = step("indian", "A protected card goes home")
    dealt = step("indian", "Its column is dealt again")
    assert home.position.protected()[9] and dealt.position.history[:-1] == home.position.history
    assert dealt.position.face_down()[9] == 1 and len(dealt.position.tableau()[9]) == 3
    assert len(home.position.stock()) - len(dealt.position.stock()) == 3
    assert "here we choose" in dealt.text.lower()
    grace = step("indian", "Grace: the stock runs out")
    assert len(grace.position.stock()) == 1 and grace.position.protected()[6]
    assert not any(grace.after.protected())
    empty = step("indian", "Any card fills an empty column")
    assert not empty.position.tableau()[0] and "here we choose" in empty.text.lower()
    won = step("indian", "All 104 cards home")
    assert won.after.status == "won" and won.after.score == 104 and "104" in won.text


# ---- one task through the guide widget --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("mode", "title", "wrong", "right"),
    [
        ("indian", "Build down in a differing suit", "3♦ 4♦", "3♦ 4♥"),
        ("turns", "Build on the bot's pile", "2♠ F8", "2♠ F7"),
    ],
)
def test_a_task_played_through_the_guide_widget_is_kept_in_progress(tmp_path, mode, title, wrong, right):
    from ausp_widget.widgets.guide import GuideView

    store = tmp_path / "progress.json"
    guide = GuideView(mode, progress=Progress(store))
    if not any(s.title == title for s in guide.steps):  # the solo course may not list this chapter yet
        guide.steps = list(CHAPTERS[mode])
    index = next(i for i, s in enumerate(guide.steps) if s.title == title and s.task)
    guide.step = index
    lesson = guide.steps[index].lesson
    before = guide.progress[lesson]
    assert before.solved == 0 and before.tasks >= 2

    feedback = guide.attempt(wrong)
    assert not feedback.correct and feedback.text in guide.feedback.value
    assert guide.progress[lesson].solved == 0

    feedback = guide.attempt(right)
    assert feedback.correct and feedback.done
    progress = guide.progress[lesson]
    assert progress.solved == 1 and progress.stars == 2, "one wrong try costs a star"
    game = guide.steps[index].position.name
    saved = json.loads(store.read_text(encoding="utf-8"))["students"][""]["tasks"]
    assert saved[task_id(game, lesson, title)] == {"solved": True, "stars": 2}
    guide.close()
