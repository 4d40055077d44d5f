"""The guide's steps are real positions and legal moves, and say what the engine does."""

import re

import pytest

from ausp_widget import Card, Game
from ausp_widget.core.lesson import Spot, destination, moving_group, steps

MODES = ("solo", "turns", "simultaneous", "indian")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def snapshot(game: Game) -> str:
    return game.to_json()


def by_title(mode: str, title: str):
    found = [step for step in steps(mode) if step.title == title]
    assert found, f"no step {title!r} in the {mode} guide"
    return found[0]


@pytest.mark.parametrize("mode", MODES)
def test_every_step_replays_through_the_engine(mode):
    for step in steps(mode):
        game = step.position.copy()
        if step.move is not None:
            assert step.move in step.position.legal_moves(step.player), (step.title, step.move)
        for move in step.exercise.answer if step.exercise else [step.move] if step.move else []:
            game.play(move, step.player)
        assert snapshot(game) == snapshot(step.after), step.title


@pytest.mark.parametrize("mode", MODES)
def test_steps_are_titled_and_told_in_one_or_two_sentences(mode):
    for step in steps(mode):
        assert step.title and step.text
        sentences = re.findall(r"[.!?](?:\s|$)", step.text)
        assert 1 <= len(sentences) <= 2, (step.title, step.text)


@pytest.mark.parametrize("mode", MODES)
def test_steps_do_not_share_mutable_positions(mode):
    first, second = steps(mode), steps(mode)
    index = next(i for i, step in enumerate(first) if step.move is not None)
    first[index].position.play(first[index].move, first[index].player)
    assert snapshot(second[index].position) != snapshot(first[index].position)


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="mode must be one of"):
        steps("klondike")


def test_every_position_replays_from_its_deal_number_and_moves_in_every_mode():
    for mode in MODES:
        for step in steps(mode):
            position = step.position
            assert position.seed is not None, (mode, step.title)
            replay = Game.deal(position.seed, mode=position.mode, game=position.game)
            for player, move in position.history:
                replay.play(move, player)
            assert replay.to_json() == position.to_json(), (mode, step.title)


def test_every_guide_is_lessons_that_end_with_a_check_up():
    for mode in MODES:
        guide = steps(mode)
        lessons = list(dict.fromkeys(step.lesson for step in guide))
        assert all(lessons), f"every step of the {mode} guide belongs to a lesson"
        checkups = [s for s in guide if s.exercise is not None and s.exercise.checkup]
        assert checkups, mode
        assert guide[-1].lesson == checkups[-1].lesson or any(
            s.exercise and s.exercise.checkup for s in guide if s.lesson == lessons[-1]
        ), f"the {mode} guide ends with its check-up lesson"


def test_two_player_guides_teach_the_rules_lessons_first():
    rules = [s.title for s in steps("solo") if not s.lesson.startswith("Strategy")][:10]
    for mode in ("turns", "simultaneous"):
        assert [s.title for s in steps(mode)][:10] == rules
        assert steps(mode)[-1].position.players == 2


def test_moving_group_and_destination_follow_the_engine():
    game = Game.deal(352)
    assert moving_group(game, "J♥ Q♥") == cards("J♥ 7♦ 4♣")
    assert moving_group(game, "4♠ 5♠") == cards("4♠")
    assert moving_group(game, "draw") == cards("10♠")
    assert destination(game, "J♥ Q♥") == Spot("card", card=Card.parse("Q♥"))
    aces = Game.deal(83)
    assert destination(aces, "A♠ F") == Spot("foundation", number=4)


def test_no_guide_stock_holds_more_cards_than_a_deal_leaves():
    for mode, stock in (("solo", 24), ("turns", 24), ("indian", 74)):
        for step in steps(mode):
            for p in range(step.position.players):
                assert len(step.position.stock(p)) <= stock, (mode, step.title)


@pytest.mark.parametrize("mode", MODES)
def test_no_try_at_a_task_is_answered_with_a_card_its_table_does_not_show(mode):
    # "Draw, then use the card" asks for Q♣, the top stock card, still face down: a wrong try
    # once answered "could not put Q♣ on K♣", naming the hidden card and the answer with it.
    from ausp_widget.core.sight import Sight
    from ausp_widget.core.tasks import TaskRun

    tried = 0
    for step in steps(mode):
        if step.exercise is None:
            continue
        for move in step.position.legal_moves(step.player):
            run = TaskRun(step.exercise, step.position)
            feedback = run.attempt(move)
            after = Sight.of_game(run.game)  # the table as the student sees it after the answer
            assert not after.discloses(feedback.text), (step.title, str(move), feedback.text)
            tried += 1
    assert tried > 20
