"""The puzzle rating: an Elo update against each puzzle's level, and the level it points to."""

import pytest

from ausp_widget import puzzles
from ausp_widget.core.rating import DEFAULT_RATING, expected, level_for, score_of, updated


def test_a_clean_solve_raises_a_failure_lowers_and_a_helped_solve_sits_between():
    clean, helped, shown = (updated(DEFAULT_RATING, 2, score) for score in (1, 0.5, 0))
    assert clean > helped > shown and clean - DEFAULT_RATING == pytest.approx(20.0)
    assert helped == pytest.approx(DEFAULT_RATING), "half a point against an even puzzle changes nothing"
    assert updated(DEFAULT_RATING, 5, 1) - DEFAULT_RATING > clean - DEFAULT_RATING, (
        "a harder puzzle pays more"
    )
    assert updated(1000, 2, 1, rated=30) - 1000 == pytest.approx(10.0), "settled ratings move slower"


def test_the_level_follows_the_rating():
    assert level_for(DEFAULT_RATING) == 2 and level_for(700) == 1 and level_for(1720) == 5
    rating, rated = DEFAULT_RATING, 0
    for _ in range(8):  # a student who solves everything climbs the levels
        rating, rated = updated(rating, level_for(rating), 1, rated), rated + 1
    assert level_for(rating) >= 3
    assert 0.49 < expected(1200, 1200) < 0.51


def test_a_result_is_scored_by_how_it_was_reached():
    assert score_of(True, 0, False) == 1 and score_of(True, 1, False) == 0.5
    assert score_of(True, 0, True) == 0.5 and score_of(False, 0, False) == 0


@pytest.mark.parametrize(
    ("level", "score", "words"), [(0, 1, "level"), (6, 1, "level"), (2, 0.7, "result"), (2, 2, "result")]
)
def test_bad_results_are_named(level, score, words):
    with pytest.raises(ValueError, match=words):
        updated(1000, level, score)


def test_the_puzzle_of_the_day_is_the_same_for_everyone_on_a_date():
    first, again = puzzles.of_the_day("2026-12-02"), puzzles.of_the_day("2026-12-02")
    assert first.id == again.id
    week = {puzzles.of_the_day(f"2026-12-{day:02d}").id for day in range(1, 15)}
    assert len(week) >= 10, "days do not keep repeating one puzzle"
    assert puzzles.of_the_day("2026-12-02", game="indian").game == "indian"
    with pytest.raises(ValueError, match="ISO text"):
        puzzles.of_the_day("tomorrow")
