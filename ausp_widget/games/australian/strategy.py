"""The course's strategy lessons: advice from the reference texts, each with its measured figure
(`figures`) and a real position to apply it in. A habit is taught for what it is worth, not for
what it is said to be worth."""

from __future__ import annotations

from ausp_widget.core.lesson import Step, in_lesson, make_step, make_task
from ausp_widget.core.tasks import Goal, free_goal, home_goal

from .course import _deal
from .figures import deal_range, figure_words, habit_figures

ACES = 54  # A♥ at the head of column 1 under three cards; a group move and a King free it
BLOCKED = 19  # 7♥ lies right on 3♥ in column 3
KINGS = (34, ("7♦ 8♦",))  # column 3 empty, three Kings could fill it, one frees A♣
GROUPS = 28  # five group moves to choose from; one uncovers A♦
DRAWING = 1  # a fresh deal: nothing on the waste yet, so a draw covers nothing
CHECKUP = 161  # three cards home, the third behind a King that needs a column


def _paired(key: str) -> str:
    """A paired figure in words, with what it amounts to: a gain the sign test trusts (p < 0.05)
    or a difference chance could explain."""
    figure = habit_figures()[key]
    if figure["sign_test_p"] >= 0.05:
        verdict = "a difference chance alone could explain"
    else:
        gain = 100 * (figure["won_with"] - figure["won_without"]) / figure["n"]
        verdict = f"a real gain of {gain:.1f} points" + (", but a small one" if gain < 1 else "")
    return f"{figure_words(key)}: {verdict}"


def strategy_lessons() -> list[Step]:
    """Five habits, each a measured figure and a position to use it in, then a check-up."""
    return [
        *in_lesson("Strategy: reach the Aces", _aces()),
        *in_lesson("Strategy: a card on its own suit", _blocked()),
        *in_lesson("Strategy: save columns for useful Kings", _kings()),
        *in_lesson("Strategy: look beyond a group's first card", _groups()),
        *in_lesson("Strategy: when to draw", _drawing()),
        *in_lesson("Check-up: strategy", _checkup()),
    ]


def _aces() -> list[Step]:
    start = _deal(ACES)
    return [
        make_step(
            "Seeing an Ace is not reaching it",
            "Every card is face up, so every Ace is in sight; what counts is how many cards lie on them. "
            f"Measured by the solver over {deal_range('ace_depth')}: {figure_words('ace_depth')}.",
            start,
            marks=["A♥"],
        ),
        make_task(
            "Dig out a buried Ace",
            "A♥ lies at the head of column 1 under three cards: plan every move that reaches it "
            "before you start.",
            start,
            "Send A♥ to its foundation.",
            home_goal(start, "A♥"),
            ["A♦ 2♦", "K♠ 7", "A♥ F"],
            marks=["A♥"],
        ),
    ]


def _blocked() -> list[Step]:
    start = _deal(BLOCKED)
    return [
        make_step(
            "A card on a lower card of its suit",
            "A card lying right on a lower card of its own suit blocks it: the higher card must move away "
            "(onto the next card of its suit, or into an empty column) before the lower one can go home. "
            f"Measured by the solver: {figure_words('self_block')}.",
            start,
            marks=["7♥", "3♥"],
        ),
        make_task(
            "Lift the blocking card",
            "7♥ lies right on 3♥, which the ♥ foundation needs long before 7♥.",
            start,
            "Free the 3♥.",
            free_goal(start, "3♥"),
            ["7♥ 8♥"],
            marks=["3♥"],
        ),
    ]


def _kings() -> list[Step]:
    seed, moves = KINGS
    start = _deal(seed, moves)
    return [
        make_step(
            "Which King gets the column?",
            "An empty column takes only a King, so keep it for a King whose move lets the card it uncovers "
            "play (a King on the waste always qualifies): following the hints with that habit "
            f"{_paired('kings_save')}.",
            start,
            marks=["K♣", "K♦", "K♠"],
        ),
        make_task(
            "The useful King",
            "Column 3 is empty, and K♣, K♦ and K♠ could each move there.",
            start,
            "Send A♣ to its foundation in two moves.",
            home_goal(start, "A♣"),
            ["K♠ 3", "A♣ F"],
            marks=["A♣"],
        ),
    ]


def _groups() -> list[Step]:
    start = _deal(GROUPS)
    return [
        make_step(
            "Look beyond a group's first card",
            "A group move is legal when its first card fits, but all the cards on it travel too and what "
            f"lies beneath comes to light. Measured by the solver: {figure_words('group_choice')}.",
            start,
        ),
        make_task(
            "Choose the group move",
            "Several group moves are legal here; only one of them uncovers an Ace.",
            start,
            "Send A♦ to its foundation in two moves.",
            home_goal(start, "A♦"),
            ["6♠ 7♠", "A♦ F"],
        ),
    ]


def _drawing() -> list[Step]:
    start = _deal(DRAWING)
    return [
        make_step(
            "Draw early?",
            "Pagat advises drawing at the start and whenever the waste is empty; following the hints with "
            f"that habit {_paired('draw_early')}.",
            start,
        ),
    ]


def _checkup() -> list[Step]:
    start = _deal(CHECKUP)
    return [
        make_task(
            "Check-up: strategy",
            "A new deal and no hints: read the whole table first, and think about which King should take "
            "a column.",
            start,
            "Get three cards onto the foundations.",
            Goal("count", count=3),
            ["A♥ F", "J♣ Q♣", "A♠ F", "K♦ 6", "2♠ F"],
            checkup=True,
            slack=1,
        ),
    ]
