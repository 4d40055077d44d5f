"""The course's rule lessons for Australian Patience: the student makes each move.

Every position is a real deal and the moves played from it, chosen for what it shows (below);
the engine checks each task's answer when the lesson is made, and the words quote `rules.RULE`.
"""

from __future__ import annotations

from functools import partial

from ausp_widget.core.cards import Card
from ausp_widget.core.lesson import Step, deal_position, in_lesson, make_step, make_task
from ausp_widget.core.tasks import Goal, home_goal

from .rules import RULE

OPENING = 83  # the worked opening: A♣ at the head of column 4, 2♣ exposed in column 7
# fmt: off
OPENING_PLAYED_OUT = (
    "A♠ F", "2♠ F", "A♣ 2♣", "K♥ 4", "A♦ 2♦", "6♠ 7♠", "2♦ 3♦", "Q♥ K♥", "draw", "draw", "draw",
    "draw", "draw", "draw", "draw", "draw", "draw", "draw", "J♥ Q♥", "draw", "draw", "draw", "draw",
    "8♥ 9♥", "draw", "draw", "4♦ 5♦", "3♦ 4♦", "K♠ 7", "A♣ F", "2♣ F", "J♦ Q♦", "draw", "3♥ 4♥",
    "2♥ 3♥", "draw", "K♣ 2", "Q♣ K♣", "draw", "7♣ 8♣", "6♣ 7♣", "draw", "draw", "7♥ 8♥", "draw",
    "7♦ 8♦", "draw", "3♣ F", "4♣ F", "3♠ F", "draw",
)
# fmt: on
"""Deal 83 played by following the hints until they find nothing more to do (kept as moves; the
tests check the hints still make exactly these)."""
GROUP = 352  # J♥ under 7♦ and 4♣ in column 7, Q♥ exposed in column 1
WASTE = 8350  # the first draw turns up 5♣; 4♣ and 6♣ are exposed
SUIT = 4  # 6♥, 7♥ and 7♠ exposed
KINGS = 3  # column 3 can be emptied, and K♥ lies in it
DRAW = 1  # the first stock card is Q♣, and K♣ is exposed
CHECKUP = 122  # A♣ at the head of a column again: free it without help


_deal = partial(deal_position, "australian")  # (seed, moves): a lesson's position


def rules_lessons() -> list[Step]:
    """The rules, one lesson each, ending with a check-up."""
    return [
        *in_lesson("The layout", _layout()),
        *in_lesson("Foundations", _foundations()),
        *in_lesson("Building down in suit", _building()),
        *in_lesson("Moving a group", _groups()),
        *in_lesson("Empty columns and Kings", _kings()),
        *in_lesson("Drawing: one pass", _drawing()),
        *in_lesson("Freeing a buried Ace", _worked_opening()),
        *in_lesson("When a game is lost", _lost()),
        *in_lesson("Check-up: the rules", _rules_checkup()),
    ]


def _layout() -> list[Step]:
    start = _deal(OPENING)
    exposed = [column[-1] for column in start.tableau()]
    return [
        make_step(
            "Lay out",
            RULE["layout"]
            + " "
            + RULE["stock"].split(";")[0]
            + f" (the lessons show deal {OPENING}; the live game below deals the one you choose).",
            start,
            marks=exposed,
            dim=False,
        ),
        make_step(
            "Read the whole table",
            "Every card is face up, so you can plan ahead: A♣ lies at the head of column 4, A♥ under 7♠ "
            "in column 3, and A♠ is exposed at the foot of column 2.",
            start,
            marks=["A♣", "A♥", "A♠"],
        ),
    ]


def _foundations() -> list[Step]:
    start = _deal(OPENING)
    return [
        make_task(
            "Start a foundation",
            RULE["build_up"].split(";")[0] + ". A foundation starts with an Ace.",
            start,
            "Send an exposed Ace to a foundation.",
            home_goal(start, "A♠"),
            ["A♠ F"],
        ),
        make_task(
            "Build up in suit",
            "Only an exposed card or the top waste card may go to a foundation, and each suit climbs one "
            "rank at a time.",
            _deal(OPENING, ("A♠ F",)),
            "Put the next spade on the ♠ foundation.",
            home_goal(_deal(OPENING, ("A♠ F",)), "2♠"),
            ["2♠ F"],
        ),
    ]


def _building() -> list[Step]:
    start = _deal(SUIT)
    return [
        make_task(
            "Build down in suit",
            RULE["build_down"],
            start,
            "Put 6♥ where it belongs in the tableau.",
            Goal("on", Card.parse("6♥"), Card.parse("7♥")),
            ["6♥ 7♥"],
        ),
    ]


def _groups() -> list[Step]:
    start = _deal(GROUP)
    waste = _deal(WASTE, ("draw",))
    return [
        make_task(
            "Move a card with the cards covering it",
            RULE["group"] + " J♥ is buried under 7♦ and 4♣, and Q♥ is exposed.",
            start,
            "Put the J♥ group on the Q♥.",
            Goal("on", Card.parse("J♥"), Card.parse("Q♥")),
            ["J♥ Q♥"],
            marks=["J♥", "Q♥"],
        ),
        make_task(
            "Nothing moves onto the waste",
            "The 5♣ you just drew lies on the waste, and " + RULE["waste"].split("; ")[-1],
            waste,
            "Get 4♣ onto the 5♣.",
            Goal("on", Card.parse("4♣"), Card.parse("5♣")),
            ["5♣ 6♣", "4♣ 5♣"],
            marks=["4♣", "5♣"],
        ),
    ]


def _kings() -> list[Step]:
    start = _deal(KINGS)
    return [
        make_task(
            "A King fills an empty column",
            RULE["king"] + " K♥ sits in column 3 on 7♠ and J♣.",
            start,
            "K♥ needs a column of its own: make one and move it there.",
            Goal("bottom", Card.parse("K♥")),
            ["7♠ 8♠", "K♥ 3"],
            marks=["K♥"],
        ),
    ]


def _drawing() -> list[Step]:
    start = _deal(DRAW)
    return [
        make_task(
            "Draw, then use the card",
            RULE["draw"].split(". ")[0] + ". " + RULE["draw_any_time"],
            start,
            "Turn up the top stock card and play it in the tableau.",
            Goal("on", Card.parse("Q♣"), Card.parse("K♣")),
            ["draw", "Q♣ K♣"],
        ),
        make_step(
            "One pass through the stock",
            "Draw twice more and Q♣ lies under 4♠ and 6♣: the waste is never turned over to make a new "
            "stock, so Q♣ comes back only once both cards above it have been played.",
            _deal(DRAW, ("draw", "draw", "draw")),
            marks=["Q♣", "4♠", "6♣"],
        ),
    ]


def _worked_opening() -> list[Step]:
    start = _deal(OPENING, ("A♠ F", "2♠ F"))
    return [
        make_task(
            "Free the A♣",
            "A♣ lies at the head of column 4, under K♠, 3♠ and 4♣, and 2♣ is exposed in column 7. "
            "A group move only needs its first card to fit.",
            start,
            "Send A♣ to its foundation.",
            home_goal(start, "A♣"),
            ["A♣ 2♣", "K♠ 4", "A♣ F"],
            marks=["A♣", "2♣"],
        ),
    ]


def _lost() -> list[Step]:
    end = _deal(OPENING, OPENING_PLAYED_OUT)
    home = sum(len(pile) for pile in end.foundations)
    return [
        make_step(
            "When the game is lost",
            RULE["lost"].split(" (")[0] + f". Deal {OPENING}, played out by following the hints, ends here "
            f"with {home} cards home; the solver shows that no order of moves wins this deal.",
            end,
            dim=False,
        ),
        make_step("Why this game is lost", end.explain_loss(shown=1), end, dim=False),
    ]


def _rules_checkup() -> list[Step]:
    start = _deal(CHECKUP)
    return [
        make_task(
            "Check-up: the rules",
            "A new deal. Use what you have learnt; this time there are no hints.",
            start,
            "Send A♣ to its foundation.",
            home_goal(start, "A♣"),
            ["3♣ 4♣", "K♣ 7", "A♣ F"],
            checkup=True,
            slack=1,
        ),
    ]
