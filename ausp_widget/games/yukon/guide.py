"""The Yukon chapter of the guide: a few steps on a real deal that say what changes from
Australian Patience.

Every position is a real one: deal 1 and the moves that reach it, as the hints play it
(`ausp_widget.core.lesson.deal_position`), checked by the engine when the chapter is built.
The measured figures of the last step are read from the shipped surveys (`figures`).
"""

from __future__ import annotations

from ausp_widget.core.lesson import Step, deal_position, in_lesson, make_step

from .figures import claim_words, hint_words
from .game import YukonGame

DEAL = 1
# Deal 1 as the hints play it, from the start.
DEAL_1_LINE = ("10♣ J♦", "6♥ 7♠", "8♣ 9♦", "7♦ 8♣", "K♠ 1", "A♥ F")
LESSON = "Yukon: how it differs from Australian Patience"


def _deal1(moves: int) -> YukonGame:
    return deal_position("yukon", DEAL, DEAL_1_LINE[:moves])


def yukon_steps() -> list[Step]:
    """The Yukon chapter: the deal, groups, alternating colours, empty columns, home."""
    return in_lesson(
        LESSON,
        [
            make_step(
                "Yukon: every card is dealt",
                f"Deal {DEAL}. Column 1 holds one card; columns 2 to 7 hold 1 to 6 face-down cards under "
                "five face-up ones. There is no stock: Australian Patience keeps 24 cards back to draw, "
                "Yukon deals all 52 at once.",
                _deal1(0),
                dim=False,
            ),
            make_step(
                "Any face-up card moves with its group",
                "10♣ moves onto J♦ with the four cards on it: only 10♣ must fit, as in Australian Patience. "
                "The face-down card it leaves on top of column 7 turns up.",
                _deal1(0),
                "10♣ J♦",
            ),
            make_step(
                "Build down in alternating colours",
                "6♥ goes onto 7♠: red on black, one rank lower. Australian Patience builds in suit, so "
                "there a Six goes only onto the Seven of its own suit; in Yukon either black Seven takes a "
                "red Six.",
                _deal1(1),
                "6♥ 7♠",
            ),
            make_step(
                "Emptying a column",
                "7♦ was the only card of column 1: moving it onto 8♣ leaves the column empty.",
                _deal1(3),
                "7♦ 8♣",
            ),
            make_step(
                "Only a King fills an empty column",
                "As in Australian Patience, only a King, alone or with the cards on it, may move into an "
                "empty column: K♠ takes its group there and turns up the card it covered.",
                _deal1(4),
                "K♠ 1",
            ),
            make_step(
                "Home, and the end",
                "Foundations build up in suit from the Ace, as in Australian Patience. With no stock to "
                "draw, the game is lost once no line of moves can turn up a card or bring one home.",
                _deal1(5),
                "A♥ F",
            ),
            make_step(
                "How often each game can be won",
                (
                    f"Measured on real deals with every card known: {claim_words()}. Against that, 28.5% "
                    "of Australian deals 1–10000 are winnable. The player that follows the hints, which see "
                    f"only face-up cards, {hint_words()}, against 23% of Australian deals 1–1000: with no "
                    "stock, the face-down cards are Yukon's only secret."
                ),
                _deal1(6),
                dim=False,
            ),
        ],
    )
