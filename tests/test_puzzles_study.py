"""Study positions (an Indian "win" or "judge" puzzle shows its face-down cards face up) and the
eager blind player behind the "free" and "home" difficulty."""

from __future__ import annotations

import dataclasses

import pytest

from ausp_widget import puzzles
from ausp_widget.analysis import puzzle_difficulty
from ausp_widget.analysis.puzzle_difficulty import after_move, blind_chance, eager_chance, sensible
from ausp_widget.analysis.puzzles import from_dict, hidden, study
from ausp_widget.core.lesson import deal_position


def _columns(position):
    return [p.cards for p in position.piles() if p.kind == "column"]


def test_a_study_position_shows_every_card_and_changes_nothing_else():
    dealt = deal_position("indian", 5, ("draw", "draw"))
    assert hidden(dealt)
    opened = study(dealt)
    assert not hidden(opened) and opened.seed == dealt.seed
    assert [list(c) for c in opened.tableau()] == [list(c) for c in dealt.tableau()], "the same cards"
    assert opened.stock() == dealt.stock() and opened.waste() == dealt.waste()
    assert all(None not in cards for cards in _columns(opened))
    assert study(opened) is opened, "a position with nothing face down comes back as it is"
    assert hidden(dealt), "the dealt position is left as it was"


def test_an_open_puzzle_is_read_written_and_worded_as_a_study_position():
    base = puzzles.load("indian")[0]
    entry = {**base.to_dict(), "kind": "judge", "goal": True, "solution": [], "open": True}
    puzzle = from_dict(entry, 1)
    assert puzzle.open and puzzle.to_dict()["open"] is True
    assert "open" not in base.to_dict(), "a puzzle that shows its position as it is writes no flag"
    assert not hidden(puzzle.position) and hidden(base.position) is hidden(
        deal_position("indian", base.seed, base.moves)
    )
    assert "study position" in puzzle.words.lower() and "every card" in puzzle.words
    assert "study position" not in dataclasses.replace(puzzle, open=False).words.lower()
    with pytest.raises(ValueError, match=r"'open'.*not 'yes'"):
        from_dict({**entry, "open": "yes"}, 1)


def _split(position):
    choices = sensible(position)
    home = [m for m in choices if puzzle_difficulty._sends_home(position, m)]
    return home, [m for m in choices if m not in home]


def test_the_eager_player_sends_a_card_home_first_and_is_exact():
    item = next(
        p for p in puzzles.load("australian") if p.kind in ("free", "home") and all(_split(p.position))
    )
    position, goal, par = item.position, item.goal, len(item.solution)
    home, rest = _split(position)
    assert all(str(m).endswith("F") or "F" in str(m) for m in home) and rest

    def mean(moves):
        return sum(eager_chance(after_move(position, m), goal, par - 1) for m in moves) / len(moves)

    eager = puzzle_difficulty.EAGER
    assert 0.5 < eager < 1
    assert eager_chance(position, goal, par) == pytest.approx(eager * mean(home) + (1 - eager) * mean(rest))
    assert 0 < blind_chance(position, goal, par) <= 1


# An Indian position the judge cutter met: once its face-down cards were shown, no move was left.
OVER_AS_SHOWN = (
    "game: indian\nfoundations: J♣ 7♣ K♦ 3♦ K♥ - K♠ 5♠\nstock: -\n"
    "waste: 9♦ Q♣ 9♠ J♣ Q♣ Q♠ 6♠ 8♣ J♠ 7♠ K♥ J♦ K♣\n1: 10♣\n2: A♥ 6♥ 5♦ 4♥\n"
    "3: 10♥ 9♣ 8♠ 7♥ 6♦ 5♥ 4♦ 3♥\n4: 8♥ 7♦\n5: K♣\n6: 2♥\n7: J♥ 10♠\n8: K♦ Q♥\n"
    "9: 10♦ 9♥ 8♦\n10: K♠ Q♦\n"
)


def test_a_judge_is_never_cut_from_a_position_that_is_over_as_the_student_is_shown_it():
    import random

    from ausp_widget import Game
    from ausp_widget.analysis.puzzles_cut import _judge

    over = Game.from_text(OVER_AS_SHOWN)
    assert over.status == "lost" and not over.legal_moves()
    position = deal_position("australian", 3)
    while len(position.stock()) > 8:
        position.play("draw")
    assert len(position.legal_moves()) >= 2
    assert _judge(position, False, random.Random(1), lambda after: over.copy()) is None
