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


# A study position (Australian Patience): hearts not started and A♥ under 5♥ 4♥ 3♥; 9♥ lies on
# 8♥ with 10♥ beneath both; the waste holds 4♠ under J♠ and 7♥ under J♥.
STUDY = """foundations: 8♣ 3♦ 3♠
stock: 2♥ 7♦
waste: 4♠ K♥ 5♦ 7♥ 9♣ J♠ J♥ 6♥
1: K♦ Q♦ J♦ 10♦ 9♦ 8♦ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠
2: A♥ 5♥ 4♥ 3♥
3: 10♥ 4♦ 8♥ 9♥
4: Q♥ K♠ Q♠
5: -
6: K♣ Q♣ J♣ 10♣
7: 6♦
"""


def _study_values() -> dict[str, float]:
    from ausp_widget.analysis.puzzle_features import GLANCE, LOCKS, feature_values
    from ausp_widget.games.australian.game import Game

    values = feature_values([Game.from_text(STUDY)], {**GLANCE, **LOCKS})
    return {name: v[0] for name, v in values.items()}


def test_the_glance_features_count_what_the_table_shows():
    v = _study_values()
    assert (v["cards home"], v["stock left"], v["cards in the waste"], v["empty columns"]) == (14, 2, 8, 1)
    assert v["stock left per card out"] == 2 / 38
    # three Kings may go to the empty column, and a draw: K♣ and K♦ head whole columns already
    assert (v["moves now (draw counted)"], v["card moves now"], v["useful moves now"]) == (4, 3, 1)
    assert (v["moves home now"], v["group moves now"], v["cards that can move"]) == (0, 3, 3)
    assert (v["lowest foundation"], v["highest foundation"], v["foundation spread"]) == (0, 8, 8)
    assert (v["longest column"], v["cards in columns"]) == (12, 28)
    assert v["Kings not at the bottom"] == 1  # K♠ on Q♥
    assert (v["Aces not home"], v["Aces covered"], v["cards on the Aces"]) == (1, 1, 3)
    assert v["columns in suit order"] == 2  # columns 6 and 7; column 1 breaks at 10♠ on 8♦
    assert v["face-down cards"] == 0


def test_the_lock_features_read_each_pile_bottom_to_top():
    v = _study_values()
    assert v["under a higher card of its suit"] == 4  # A♥, 8♥, and in the waste 4♠, 7♥
    assert v["under its suit's next card"] == 1  # 8♥ under 9♥
    assert v["locked (no home, no place)"] == 1  # 9♥: 8♥ and 10♥ both beneath it


def test_features_never_read_a_face_down_card():
    from ausp_widget.analysis.puzzle_features import GLANCE, LOCKS, feature_values
    from ausp_widget.analysis.puzzles import deal_position

    game = deal_position("indian", 1, ())
    hidden = sum(1 for p in game.piles() if p.kind == "column" for c in p.cards if c is None)
    values = feature_values([game], {**GLANCE, **LOCKS})
    assert values["face-down cards"] == [hidden] and hidden > 0
    # 5♣ under J♣ and 4♣ under 9♣; column 4's hidden card (8♣, under K♣) would make it 3
    assert values["under a higher card of its suit"] == [2]


def test_the_best_cut_names_its_threshold_and_side():
    from ausp_widget.analysis.puzzle_cues import best_cut

    cut = best_cut([1, 2, 3, 10, 11, 12], [True, True, True, False, False, False])
    assert (cut.score, cut.threshold, cut.above, cut.words()) == (1.0, 10, False, "winnable when < 10")
    assert best_cut([5, 5, 5], [False, False, True]).words() == "always lost"
    assert [cut.says(v) for v in (3, 10, 12)] == [True, False, False]


def test_the_family_wise_band_grows_with_the_features_tried():
    rng = random.Random(7)
    answers = [k % 2 == 0 for k in range(40)]
    noise = {str(k): [rng.randrange(40) for _ in answers] for k in range(12)}
    one = chance_band({"0": noise["0"]}, answers, shuffles=200)
    many = chance_band(noise, answers, shuffles=200)
    assert many > one  # the best of twelve beats a coin more often than one does


def test_the_cue_table_flags_a_telling_cue_and_says_when_a_set_has_no_judges(monkeypatch):
    from ausp_widget.analysis import puzzle_cues

    rng = random.Random(3)
    answers = [k % 2 == 0 for k in range(40)]
    judges = [_Judge(yes) for yes in answers]
    telling = iter([10 + rng.randrange(5) if yes else rng.randrange(12) for yes in answers])
    features = {"telling": lambda _: next(telling), "noise": lambda _: rng.randrange(20)}
    monkeypatch.setattr(puzzle_cues, "CUES", features)
    monkeypatch.setattr(puzzle_cues, "FAMILIES", {"glance": features})
    rows, bands = puzzle_cues.cue_table(judges, shuffles=200)
    by_name = {row.name: row for row in rows}
    assert by_name["telling"].cut.score > bands["glance"] and by_name["telling"].family_p < 0.05
    assert by_name["noise"].family_p >= by_name["noise"].alone_p  # the family is never easier to pass
    assert puzzle_cues.cue_lines([]) == ["  judge cues: no judge puzzles in this set"]


def test_the_locks_are_judged_against_their_own_band(monkeypatch):
    from ausp_widget.analysis import puzzle_cues

    rng = random.Random(5)
    answers = [k % 2 == 0 for k in range(40)]
    noise = {str(k): (lambda _: rng.randrange(40)) for k in range(12)}
    lock = {"lock": lambda _: rng.randrange(40)}
    monkeypatch.setattr(puzzle_cues, "CUES", {**noise, **lock})
    monkeypatch.setattr(puzzle_cues, "FAMILIES", {"glance": noise, "lock": lock})
    rows, bands = puzzle_cues.cue_table([_Judge(yes) for yes in answers], shuffles=200)
    assert set(bands) == {"glance", "lock"}
    assert bands["lock"] < bands["glance"]  # one lock feature is not the best of twelve
    assert [r.family for r in rows].count("lock") == 1


class _Judge:
    """A stand-in "judge" puzzle: its answer and a position the features above ignore."""

    kind = "judge"
    position = None

    def __init__(self, goal: bool) -> None:
        self.goal = goal
