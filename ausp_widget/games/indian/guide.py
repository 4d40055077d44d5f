"""The Indian Patience chapter of the guide: two lessons on what changes from Australian
Patience. Every position is a deal number and the moves that reach it, taken from whole
games played by following the hints and checked by the engine when the chapter is built.
"""

from __future__ import annotations

from ausp_widget.core.cards import Card
from ausp_widget.core.lesson import Step, deal_position, in_lesson, make_step, make_task
from ausp_widget.core.ruletext import words
from ausp_widget.core.tasks import Goal, free_goal, home_goal

from .basics import REFILL
from .game import IndianGame
from .rules import INDIAN_RULE, INDIAN_STOCK


def _moves(text: str) -> tuple[str, ...]:
    return tuple(text.split(", "))


# Deal 9 as the hints played it, up to a late position with an empty column.
DEAL_9_LINE = _moves(
    "6♥ 7♠, 4♦ 5♥, 7♣ 8♥, 6♠ 7♣, 4♥ 5♣, 5♠ 6♥, 4♥ 5♠, 5♣ 6♠, 3♦ 4♥, draw, A♥ F, 4♦ 5♣, draw, A♣ F, "
    "draw, 2♥ F, draw, draw, draw, draw, draw, draw, draw, w:4♦ 5♥, draw, draw, A♦ F, 2♦ F, 3♦ F, "
    "4:4♦ F, 5♦ F, 5♥ 6♠, 4♦ 5♥, 4♥ 5♣, 5♠ 6♣, 4♦ 5♠, 3♣ 4♦, 10♥ J♣, draw, 3♥ F, 4♥ F, 5♥ F, 6♥ F, "
    "5♣ 6♠, draw, draw, 2♣ F, 3♣ F, 4♣ F, A♠ F, 2♠ F, 3♠ F, 5♣ F, 4♦ 5♥, 3:6♠ 7♦, 7♣ 8♠, draw, draw, "
    "draw, draw, 3♣ 4♦, 2♦ 3♣, draw, 10♦ J♥, 7♠ 8♥, 9♠ 10♦, draw, draw, draw, 7♥ F, 10:6♠ 7♣, draw, "
    "draw, A♦ F, 2♦ F, 2♥ 3♣, draw, 3♦ F, draw, 8♣ 9♠, 7♠ 8♣, 8♥ F, 9♥ F, A♥ F, 2♥ F, 10♥ F, J♣ Q♦, "
    "7♦ 8♥, J♥ F, draw, 10♠ J♣, draw, draw, draw, draw, draw, draw, draw, 6♦ F, 7♦ F, 7♠ 8♥, draw, "
    "6♥ 7♠, 5♠ 6♥, 6♣ F, draw, draw, draw, draw, draw, 8♦ F, draw, draw, draw, draw, 9♦ F, draw, "
    "draw, 4♣ 5♠, draw, draw, draw, draw, draw, 3♥ F, draw, draw, 9♦ 10♠, 8♣ 9♦, draw, 7♦ 8♣, "
    "6:6♠ 7♦, 7♣ F, draw, draw, A♣ F, draw, 2♣ F, 3♣ F, 4♣ F, 4♦ F, draw, Q♥ F, draw, 8♦ 9♠, draw, "
    "4♥ F, 5♥ F, 4♠ F, 10♠ 8, K♥ F, 5♠ F, 2:6♠ F, 6♥ F, 6♦ 7♠, 6♣ 7♦, 8♣ F, 9♣ F"
)

# Deal 53 as the hints played it, to the last card home (a won game).
DEAL_53_LINE = _moves(
    "5♦ 6♥, 4♠ 5♦, 7♦ 8♥, A♥ F, draw, 4♣ 5♥, draw, draw, Q♦ K♠, 5♣ 6♥, 4♦ 5♣, draw, draw, draw, "
    "draw, draw, draw, draw, 9♦ 10♣, draw, draw, A♦ F, draw, A♠ F, 2♠ F, draw, draw, draw, draw, "
    "3♦ 4♣, draw, draw, J♦ Q♣, draw, J♥ Q♦, draw, 8♠ 9♦, draw, draw, 10♥ J♦, draw, 6♣ 7♦, draw, "
    "draw, draw, draw, 2♠ 3♥, draw, 5♠ 6♣, draw, draw, 9♣ 10♥, 8♦ 9♣, 3♠ F, 4♠ F, w:5♠ F, draw, "
    "draw, draw, w:10♠ J♥, 9♥ 3, draw, draw, draw, 8♣ 9♥, draw, draw, draw, 4♣ 5♠, 3♦ 4♣, draw, "
    "draw, 2♣ 3♦, draw, draw, draw, draw, draw, A♣ F, 2♣ F, 3♣ F, 4♣ F, 4♦ 5♥, 5♣ F, w:5♦ 6♥, 3♥ 4♦, "
    "6♠ F, A♣ F, draw, draw, A♥ F, draw, draw, 2♦ F, 3♦ F, 4♣ 4, 3♥ 4♣, 4♦ 5♠, 3♥ 4♦, 4♣ 5♥, 3♥ 4♣, "
    "4♦ F, 7:5♦ F, 5♠ 6♥, 6♣ F, 7♦ 8♥, draw, 2♥ F, 3♥ F, 4♣ 5♦, draw, A♠ F, 2♠ F, draw, 7♠ F, 8♠ F, "
    "8♣ 9♦, 8♦ 9♥, 7♦ 8♥, 8♥ 9♣, 8♣ 9♥, 8♥ 9♦, 7♦ 8♥, 8♦ 9♣, draw, draw, 7♥ 8♣, draw, 6♦ F, 7♦ F, "
    "8♦ F, 1:8♥ 9♣, 9♦ F, 9♥ 10♣, draw, 8♠ 9♥, 7♥ 8♠, draw, 2♥ F, 3♥ F, draw, draw, 7♠ 8, draw, "
    "10♦ F, draw, 6♠ 7♥, 4♣ 5♥, 5♦ 6♠, 5♠ 6♥, 6♥ 7♠, 4♣ 5♦, 7♣ F, 8♣ F, 9♣ F, 4♣ 5♥, 5♦ 6♥, 4♣ 5♦, "
    "4♦ 5♥, 5♠ 6♣, 4♦ 5♠, draw, draw, 3♣ 4♦, J♣ 7, 9:10♠ J♣, 8♥ 9, 9♣ 3, 8♥ 9♣, 10♠ 9, 10♥ J♣, "
    "10♠ J♦, 8♥ 9, 9♣ 10♥, 8♥ 9♣, 7♥ 9, 6♠ 7♥, 5♥ 6♠, 5:10♠ J♣, J♦ F, 9♥ 2, 9♦ 10♠, K♥ 10, Q♣ K♥, "
    "4♥ F, Q♥ K♠, 4♣ 5♥, 5♦ 6♥, 4♣ 5♦, 5♥ F, 6♥ F, 7♥ F, 8♥ F, 9♥ F, 9♣ 10♠, 10♥ F, J♣ Q♥, 9♦ 7, "
    "10♠ J♣, J♥ F, Q♦ F, 9♦ 10♠, K♥ 7, Q♥ F, K♥ F, 6♠ 7, 7♥ 8♠, K♣ 9, 6♠ 7♥, 10♦ 7, Q♠ K♣, J♥ Q♠, "
    "w:Q♣ K♠, K♦ F, J♠ 10, 10♥ J♠, 9♣ 10♦, 9♦ 10♥, 2:10♠ J♥, 9♣ 9, 10♦ J♣, 9♣ 10♦, 5:10♠ 7, 9♣ 7, "
    "10♠ J♣, 10♦ J♥, 9♣ 10♦, 7:10♠ J♣, 7♠ 7, 8♥ 9♣, 7♠ 8♣, 6♠ 7, 7♠ 8♥, 7♥ 8♣, 6♠ 7♥, 8♠ 9♦, 4♣ 7, "
    "5♦ 6♠, 4♣ 5♦, Q♦ 7, 9♥ 2, 10♣ F, 3♠ F, Q♠ 1, J♦ Q♠, 4♠ F, 6♦ 7♠, 10♠ J♦, J♣ F, Q♣ F, K♣ F, "
    "8♦ 9♥, Q♦ K♠, K♦ 7, 9♠ F, 10♠ F, J♦ Q♥, Q♠ K♦, 6♦ 1, 7♠ 8♦, 6♦ 7♠, 9♠ 1, 7♦ 8♥, 5♣ 6♥, 5♥ 6♦, "
    "2♦ 3♣, 2♣ F, 4♥ F, 5♥ F, 5♣ 6♦, 7♦ 8♠, 8♥ 9♠, 7♦ 8♥, 8♠ 9♣, 6♥ F, 9♦ 10♣, 10♥ J♦, J♠ F, Q♠ F, "
    "7♦ 8♠, Q♣ K♦, Q♦ K♥, K♠ F, 8♥ 9♦, 9♠ 10♥, 2♦ 1, 3♣ F, 4♣ F, 4♦ 5♣, 5♠ F, 5♦ 6♣, 6♠ F, 7♥ F, "
    "8♥ F, 7♦ 8♣, 8♠ 9♦, A♦ F, 2♦ F, 3♦ F, 4♦ F, 5♣ F, 5♦ F, 6♦ F, 7♠ F, 8♠ F, 9♠ F, 7♦ F, 8♦ F, "
    "9♥ F, 10♥ F, 10♠ F, 9♦ F, 9♣ 1, 10♦ F, J♦ F, J♥ F, Q♦ F, Q♥ F, K♥ F, Q♣ K♠, K♦ F, J♣ Q♠, 6♣ F, "
    "7♣ F, 8♣ F, 9♣ F, 10♣ F, J♠ F, J♣ F, Q♣ F, Q♠ F, K♠ F, K♣ F"
)


# ---- the chapter ----------------------------------------------------------------------------------
MOVES_LESSON = "Indian Patience: moving cards"
PROTECTED_LESSON = "Indian Patience: protected cards"


def _deal9(moves: int, *more: str) -> IndianGame:
    return deal_position("indian", 9, [*DEAL_9_LINE[:moves], *more])


def _deal53(moves: int) -> IndianGame:
    return deal_position("indian", 53, DEAL_53_LINE[:moves])


def indian_steps() -> list[Step]:
    """The Indian Patience chapter: moving cards, then protected cards and the end of a game."""
    return moves_lesson() + protected_lesson()


def moves_lesson() -> list[Step]:
    """Two decks and ten columns; one card at a time; protected cards; differing suits."""
    r = INDIAN_RULE
    start = _deal9(0)
    suits = _deal9(6)  # column 6's 4♣ has just turned up protected
    return in_lesson(
        MOVES_LESSON,
        [
            make_step(
                "Indian Patience: two decks, ten columns",
                r["decks"].split(":")[0] + ", so every card has a twin. "
                f"Ten columns of three are dealt with the bottom card face down; the other {INDIAN_STOCK} "
                "cards wait in the stock.",
                start,
                dim=False,
            ),
            make_step(
                "One card at a time",
                "Only the top card of a column or of the waste moves, and always alone: 6♥ goes onto 7♠ and "
                "3♦ stays behind. In Australian Patience the cards covering a card travel with it.",
                start,
                "6♥ 7♠",
                marks=["3♦"],
            ),
            make_step(
                "A face-down card turns up protected",
                "5♠ leaves column 6, so the face-down card under it turns up protected: it may only go to a "
                "foundation. The rules stop there; here we choose that no card may be played onto it either.",
                _deal9(5),
                "5♠ 6♥",
            ),
            make_task(
                "Build down in a differing suit",
                "A card goes onto a card one rank higher of any suit but its own: the reverse of Australian "
                "Patience, where the suit must match.",
                suits,
                "Move 3♦ onto a 4 of another suit.",
                Goal("on", Card.parse("3♦"), Card.parse("4♥")),
                ["3♦ 4♥"],
                marks=["4♦", "4♣"],
            ),
            make_task(
                "Check-up: one card, another suit",
                "Column 8 now shows a second protected card, 2♠. Use single cards and differing suits.",
                _deal9(6, "3♦ 4♥"),
                "Free the 6♣ in column 4, in two moves.",
                free_goal(suits, "6♣"),
                ["4♦ 5♠", "5♥ 6♠"],
                checkup=True,
            ),
        ],
    )


def protected_lesson() -> list[Step]:
    """A protected card going home, the column dealt again, the grace, an empty column, the end."""
    r = INDIAN_RULE
    home = _deal53(80)
    dealt = _deal53(81)
    fresh = dealt.tableau()[9]
    empty, check = _deal9(158), _deal53(152)
    return in_lesson(
        PROTECTED_LESSON,
        [
            make_task(
                "A protected card goes home",
                "A protected card leaves its column only for a foundation, and then the column is dealt "
                "again from the stock.",
                home,
                "Send the protected 3♣ home.",
                home_goal(home, "3♣"),
                ["3♣ F"],
                marks=["4♦"],
            ),
            make_step(
                "Its column is dealt again",
                f"Column 10 took one card face down and two face up, {fresh[1]} and {fresh[2]}, so the stock "
                f"went from {len(home.stock())} to {len(dealt.stock())} cards. Here we choose that a column "
                f"emptied while the stock holds fewer than {words(REFILL)} cards stays empty.",
                dealt,
                marks=[str(fresh[1]), str(fresh[2])],
            ),
            make_task(
                "Grace: the stock runs out",
                "Once the stock is used up, every protected card is set free and moves like any other card. "
                "Here one card is left in the stock.",
                _deal53(162),
                "Turn up the last stock card, then put the protected 3♣ onto 4♦.",
                Goal("on", Card.parse("3♣"), Card.parse("4♦")),
                ["draw", "3♣ 4♦"],
            ),
            make_task(
                "Any card fills an empty column",
                "The rules do not say what may fill an empty column; here we choose that any single card "
                "may, not only a King.",
                empty,
                "Send 7♠ home: it lies under 6♦ in column 5.",
                home_goal(empty, "7♠"),
                ["6♦ 1", "7♠ F"],
            ),
            make_step(
                "All 104 cards home",
                r["won"].split(";")[0] + ". " + r["lost"].split(";")[0] + ".",
                _deal53(332),
                "K♣ F",
            ),
            make_task(
                "Check-up: a protected card home",
                f"Earlier in the same game, with {len(check.stock())} cards left in the stock.",
                check,
                "Send the protected 9♣ home, in three moves.",
                home_goal(check, "9♣"),
                ["7♣ F", "8♣ F", "9♣ F"],
                checkup=True,
            ),
        ],
    )
