"""Lessons on the guide's board: clicks and code take one path, wrong tries change nothing,
hints come after two wrong tries, "Show me" only when asked, and progress outlives the kernel."""

import json

import pytest

from ausp_widget.core.lesson_progress import task_id
from ausp_widget.core.progress import Progress, read_records
from ausp_widget.core.protocol import PileRef, Place
from ausp_widget.widgets.clock import ManualClock
from ausp_widget.widgets.guide import ROLE_CLASSES, GuideView


@pytest.fixture
def store(tmp_path):
    return Progress(tmp_path / "progress.json")


def at(guide: GuideView, title: str) -> GuideView:
    guide.step = next(i for i, s in enumerate(guide.steps) if s.title == title)
    return guide


def view_at(guide: GuideView, pile: PileRef, depth: int = -1):
    """The card widget showing `pile`'s card at `depth` (its top card by default)."""
    views = [v for v in guide.board.board.views() if v.pile == pile and v.card is not None]
    if pile.kind == "foundation":
        return next(v for v in guide.board.board.piles if v.pile == pile)
    views.sort(key=lambda v: v.place.depth)
    return views[depth]


def test_a_task_step_says_what_to_do_and_never_shows_the_answer(store):
    guide = at(GuideView(progress=store), "Move a card with the cards covering it")
    assert guide.current.task == "Put the J♥ group on the Q♥."
    assert "Put the J♥ group on the Q♥." in guide.task_words.value
    assert "J♥ Q♥" not in guide.task_words.value + guide.text.value + guide.show_button.description
    assert on_show(guide.task_words) and on_show(guide.show_me) and not on_show(guide.show_button)
    guide.go(0)  # a step to watch: no task, no Show me; Show move instead
    assert not on_show(guide.task_words) and not on_show(guide.show_me) and on_show(guide.show_button)


def test_attempt_wrong_then_right_from_code(store):
    guide = at(GuideView(progress=store), "Build down in suit")
    before = guide.board.card_views()
    shown = [(v.card, v.place) for v in before]
    wrong = guide.attempt("6♥ 7♠")
    assert not wrong.correct and "same suit" in wrong.text and "same suit" in guide.feedback.value
    assert [(v.card, v.place) for v in guide.board.card_views()] == shown, "a wrong try changes nothing"
    right = guide.attempt("6♥ 7♥")
    assert right.correct and right.done and "well done" in guide.feedback.value
    assert "★★" in guide.task_words.value
    assert guide.progress["Building down in suit"].done


def test_a_click_takes_the_same_path_as_code(store):
    guide = at(GuideView(progress=store), "Move a card with the cards covering it")
    jack = next(v for v in guide.board.card_views() if str(v.card) == "J♥")
    jack.click()
    assert ROLE_CLASSES["group"] in jack.face.classes
    queen = next(v for v in guide.board.card_views() if str(v.card) == "Q♥")
    assert ROLE_CLASSES["target"] in queen.face.classes, "the legal destination is shown, as in the game"
    queen.click()
    run = guide.runs[guide.step]
    assert run.done and run.stars == 3 and "well done" in guide.feedback.value
    moved = next(v for v in guide.board.card_views() if str(v.card) == "J♥")
    assert ROLE_CLASSES["moved"] in moved.face.classes


def test_a_drag_is_one_try_judged_as_two_clicks_would_be(store):
    guide = at(GuideView(progress=store), "Build down in suit")
    board = guide.board.board
    six = next(v for v in board.views() if str(v.card) == "6♥")
    spade = next(v for v in board.views() if str(v.card) == "7♠")
    shown = [(v.card, v.place) for v in board.views()]
    board.drop(six, spade)  # refused by the rules: a wrong try, nothing moved
    run = guide.runs[guide.step]
    assert run.wrong == 1 and not run.done and "same suit" in guide.feedback.value
    assert [(v.card, v.place) for v in board.views()] == shown
    board.drop(six, next(v for v in board.views() if str(v.card) == "7♥"))
    assert run.done and "well done" in guide.feedback.value
    assert guide.clicks.selected is None, "a drag leaves nothing selected"


def test_a_wrong_click_is_explained_by_the_game_and_counts_as_a_try(store):
    guide = at(GuideView(progress=store), "Nothing moves onto the waste")
    four = next(v for v in guide.board.card_views() if str(v.card) == "4♣")
    four.click()  # its only way on is onto the 5♣ on the waste
    assert "nothing moves onto the waste" in guide.feedback.value
    assert guide.runs[guide.step].wrong == 1 and guide.runs[guide.step].played == []
    assert ROLE_CLASSES["group"] not in four.face.classes
    waste = view_at(guide, PileRef("waste", 0))
    waste.click()  # 5♣ itself can move: it is selected
    three = next(v for v in guide.board.card_views() if str(v.card) == "3♣")
    three.click()
    assert "6♣" in guide.feedback.value or "cannot" in guide.feedback.value
    assert guide.runs[guide.step].wrong == 2 and guide.runs[guide.step].played == []


def test_after_two_wrong_tries_the_card_to_move_is_highlighted_and_show_me_plays_it(store):
    guide = at(GuideView(progress=store), "Free the A♣")
    guide.attempt("A♣ F")
    hinted = [v for v in guide.board.card_views() if ROLE_CLASSES["mark"] in v.face.classes]
    assert not hinted, "no hint after one wrong try"
    feedback = guide.attempt("Q♥ K♥")
    assert "Hint" in feedback.text
    hinted = [v for v in guide.board.card_views() if ROLE_CLASSES["mark"] in v.face.classes]
    assert [str(v.card) for v in hinted] == ["A♣"]
    assert guide.show_me.description == "Show me" and not guide.show_me.disabled
    line = guide.show_answer()
    assert [str(m) for m in line] == ["A♣ 2♣", "K♠ 4", "A♣ F"]
    assert guide.runs[guide.step].done and not guide.progress["Freeing a buried Ace"].done
    guide.try_again.click()
    assert not guide.runs[guide.step].played and guide.runs[guide.step].wrong == 0


def test_check_ups_offer_no_show_me(store):
    guide = GuideView(progress=store)
    guide.step = next(i for i, s in enumerate(guide.steps) if s.exercise and s.exercise.checkup)
    assert guide.show_me.disabled and "no hints" in guide.task_words.value
    guide.attempt("A♣ F")
    guide.attempt("A♣ F")
    assert not any(ROLE_CLASSES["mark"] in v.face.classes for v in guide.board.card_views())


def test_watch_steps_refuse_attempts_politely(store):
    guide = GuideView(progress=store)
    assert guide.current.task is None
    feedback = guide.attempt("A♠ F")
    assert not feedback.correct and "to watch" in feedback.text


def test_auto_play_stops_at_a_task(store):
    clock = ManualClock()
    guide = GuideView(progress=store, clock=clock)
    task = next(i for i, s in enumerate(guide.steps) if s.task)
    guide.playing = True
    for _ in range(2 * task + 2):
        clock.advance(guide.speed.value)
    assert guide.step == task and not guide.playing and not guide.play.value and not guide.shown
    assert "for you to do" in guide.feedback.value and clock.pending == 0


def test_progress_is_kept_across_a_restart_and_shown_in_the_lesson_menu(tmp_path):
    path = tmp_path / "progress.json"
    guide = at(GuideView(progress=Progress(path)), "Start a foundation")
    guide.attempt("A♠ F")
    data = json.loads(path.read_text())
    key = task_id("australian", "Foundations", "Start a foundation")
    assert data["students"][""]["tasks"][key] == {"solved": True, "stars": 3}
    again = GuideView(progress=Progress(path))  # a new kernel reads the same file
    assert again.progress["Foundations"].solved == 1 and again.progress["Foundations"].stars == 3
    labels = [label for label, _ in again.lessons.options]
    assert any("Foundations (1 of 2 tasks, 3/6 ★)" in label for label in labels)
    again.lessons.value = next(i for label, i in again.lessons.options if "Moving a group" in label)
    assert again.current.lesson == "Moving a group"


def test_the_same_lesson_is_done_in_every_mode_that_teaches_it(store):
    at(GuideView(progress=store), "Build down in suit").attempt("6♥ 7♥")
    assert GuideView("turns", progress=store).progress["Building down in suit"].done


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"format": "something else"}',
        '{"format": "ausp_widget-progress", "version": 1, "tasks": 3}',
    ],
)
def test_an_unreadable_progress_file_is_set_aside_and_reported_never_lost(tmp_path, text):
    path = tmp_path / "progress.json"
    path.write_text(text)
    store = Progress(path)
    assert store.problem and "could not be read" in store.problem and store.records == {}
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("progress.json.unreadable-")]
    assert len(aside) == 1 and aside[0].read_text() == text
    store.record("australian/x/y", True, 2)
    assert read_records(path.read_text()) == store.records


def test_bad_records_are_named():
    bad = '{"format": "ausp_widget-progress", "version": 1, "tasks": {"a": {"solved": true, "stars": 9}}}'
    with pytest.raises(ValueError, match="task 'a'"):
        read_records(bad)


def test_try_from_here_hands_the_position_to_the_live_game(store):
    opened = []
    guide = GuideView(progress=store, on_try_here=opened.append)
    at(guide, "Build down in suit").attempt("6♥ 7♥")
    game = guide.try_from_here()
    assert opened == [game] and game.to_text() == guide.runs[guide.step].game.to_text()
    game.play("draw")
    assert guide.runs[guide.step].game.stock() != game.stock(), "the lesson keeps its own position"


def test_the_app_opens_a_guide_position_in_the_live_game(store):
    from ausp_widget import AustralianPatience

    app = AustralianPatience(seed=5)
    at(app.guide, "Move a card with the cards covering it")
    app.guide.try_here.click()
    assert app.tabs.selected_index == 1
    assert app.game.to_text() == app.guide.current.position.to_text()
    app.close()


def test_place_clicks_on_a_watch_step_do_not_move_cards(store):
    guide = GuideView(progress=store)
    cards = [(v.card, v.place) for v in guide.board.card_views()]
    guide.board.card_views()[0].click()
    assert [(v.card, v.place) for v in guide.board.card_views()] == cards
    assert "to watch" in guide.feedback.value
    assert isinstance(guide.board.card_views()[0].place, Place)


def test_a_right_move_after_two_wrong_tries_is_still_right(store):
    guide = at(GuideView(progress=store), "Free the A♣")
    guide.attempt("A♣ F")
    guide.attempt("Q♥ K♥")
    feedback = guide.attempt("A♣ 2♣")
    assert feedback.correct and not feedback.done and "Hint" not in feedback.text


def test_two_guides_sharing_one_file_never_erase_each_others_progress(tmp_path):
    path = tmp_path / "progress.json"
    first, second = GuideView(progress=Progress(path)), GuideView(progress=Progress(path))
    at(first, "Start a foundation").attempt("A♠ F")
    at(second, "Build down in suit").attempt("6♥ 7♥")
    records = read_records(path.read_text())
    assert records[task_id("australian", "Foundations", "Start a foundation")].solved
    assert records[task_id("australian", "Building down in suit", "Build down in suit")].solved


def test_the_guide_tells_the_student_when_their_progress_file_was_set_aside(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text("{not json")
    guide = GuideView(progress=Progress(path))
    assert "could not be read" in guide.feedback.value and "unreadable-" in guide.feedback.value


def test_a_progress_location_that_cannot_be_written_still_answers_the_move(tmp_path, monkeypatch):
    from ausp_widget import AustralianPatience

    (tmp_path / "notes").write_text("a file where a folder should be")
    monkeypatch.setenv("AUSP_WIDGET_PROGRESS", str(tmp_path / "notes" / "progress.json"))
    app = AustralianPatience(seed=5)
    feedback = at(app.guide, "Build down in suit").attempt("6♥ 7♥")
    assert feedback.correct and feedback.done, "the student gets the answer to the move"
    assert "ausp-good" in app.guide.feedback.value and feedback.text in app.guide.feedback.value
    assert "progress is not being kept" in app.guide.feedback.value, "and a quiet line says why"
    assert app.guide.progress["Building down in suit"].done, "kept in memory for the session"
    app.close()


@pytest.mark.parametrize("bad", ["3", 2.0, None, True, "Building down in suit"])
def test_go_refuses_anything_but_a_step_index_and_stays(store, bad):
    guide = GuideView(progress=store)
    guide.go(4)
    with pytest.raises(TypeError, match=r"go takes a step index, a whole number from 0 to \d+") as error:
        guide.go(bad)
    assert repr(bad) in str(error.value)
    assert guide.step == 4
    guide.go(len(guide.steps) + 5)  # a whole number is still clamped to the guide
    assert guide.step == len(guide.steps) - 1


def test_the_apps_guide_go_names_its_argument(store):
    from ausp_widget import AustralianPatience

    app = AustralianPatience(seed=5)
    with pytest.raises(TypeError, match=r"step index.*not '3'"):
        app.guide.go("3")
    app.guide.go(3)
    assert app.guide.step == 3
    app.close()


def on_show(widget) -> bool:
    """Shown, as the stylesheet reads its classes."""
    return "ausp-hidden" not in widget._dom_classes
