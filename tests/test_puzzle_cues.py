"""The surface cues of "judge" puzzles: a one-feature rule's best score, what luck gives on a set
of the same size and balance."""

from __future__ import annotations

import random

import pytest

from ausp_widget.analysis.puzzle_cues import best_rule, chance_band


def test_a_cue_that_splits_the_answers_scores_all_and_one_that_does_not_scores_the_commoner_share():
    assert best_rule([1, 2, 3, 10, 11, 12], [False, False, False, True, True, True]) == 1.0
    assert best_rule([1, 2, 3, 10, 11, 12], [True, True, True, False, False, False]) == 1.0  # either way
    assert best_rule([5, 5, 5, 5], [True, False, False, False]) == 0.75  # no threshold: one answer for all
    assert best_rule([1, 2, 3, 4], [True, False, True, False]) == 0.75  # the best cut gets three right


def test_tied_values_are_never_split_by_a_threshold():
    # 3 and 3 carry different answers: no rule on this value can tell them apart
    assert best_rule([3, 3], [True, False]) == 0.5


def test_a_rule_needs_as_many_values_as_answers():
    with pytest.raises(ValueError, match="3 values for 2 answers"):
        best_rule([1, 2, 3], [True, False])


def test_luck_alone_stays_under_the_band_and_a_telling_cue_rises_above_it():
    rng = random.Random(4)
    answers = [k % 2 == 0 for k in range(40)]
    noise = {"a": [rng.randrange(20) for _ in answers], "b": [rng.randrange(5) for _ in answers]}
    band = chance_band(noise, answers, shuffles=200)
    assert 0.5 < band < 0.8  # a best threshold always beats a coin a little, on 40 puzzles
    telling = [10 + rng.randrange(5) if yes else rng.randrange(12) for yes in answers]
    assert best_rule(telling, answers) > band
