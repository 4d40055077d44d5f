"""The lessons of the games against the bot: what changes from the solo game.

Every position is a deal of the two-player game and the moves reaching it: whole games the bot
played for both sides (player 0 is the student), checked move by move whenever a chapter is
built. A task is a single move: searching longer lines takes moves back, and moves against the
bot stand.
"""

from __future__ import annotations

from ausp_widget.core.lesson import Step, deal_position, in_lesson, make_step, make_task, played
from ausp_widget.core.tasks import Goal, home_goal

from .game import Game
from .rules import RULE

BOT = "bot "  # the prefix of the bot's moves in a recorded line


def _line(text: str) -> tuple[tuple[int, str], ...]:
    """(player, move) pairs from "2♠ F7, draw, bot 3♠ F7, …" (the bot's moves marked "bot ")."""
    return tuple(
        (1, move.removeprefix(BOT)) if move.startswith(BOT) else (0, move) for move in text.split(", ")
    )


TURNS_LINE = _line(
    "5♦ 6♦, draw, bot A♠ F7, bot 8♥ 9♥, bot 2♣ 3♣, bot 6♥ 7♥, bot 7♥ 8♥, bot draw, 2♠ F7, draw, "
    "bot 3♠ F7, bot K♣ 2, bot 9♥ 10♥, bot draw, draw, bot draw, draw, bot 7♦ 8♦, bot 6♦ 7♦, "
    "bot 4♣ 5♣, bot draw, A♦ F3, draw, bot draw, 7♥ 8♥, draw, bot draw, draw, bot draw, 6♥ 7♥, draw, "
    "bot draw, draw, bot A♦ F4, bot draw, draw, bot J♦ Q♦, bot draw, A♣ F1, 2♣ F1, draw, bot 2♦ F3, "
    "bot draw, 9♦ 10♦, draw, bot 4♠ F7, bot draw, A♥ F5, draw, bot 5♦ 6♦, bot 4♦ 5♦, bot draw, "
    "5♥ 6♥, 4♥ 5♥, 3♦ F3, draw, bot 4♦ F3, bot 5♦ F3, bot 6♦ F3, bot 7♦ F3, bot 8♦ F3, bot draw, "
    "9♦ F3, 10♦ F3, draw, bot J♦ F3, bot Q♦ F3, bot draw, draw, bot Q♠ K♠, bot J♠ Q♠, bot 5♠ F7, "
    "bot A♣ F2, bot draw, 4♦ 5♦, draw, bot draw, 6♠ F7, draw, bot A♥ F6, bot draw, 5♣ 6♣, 4♣ 5♣, "
    "J♠ Q♠, A♠ F8, draw, bot 6♣ 7♣, bot 5♣ 6♣, bot 2♣ F2, bot 3♣ F1, bot K♠ 6, bot 7♠ F7, bot Q♣ K♣, "
    "bot draw, 4♣ F1, 5♣ F1, 6♣ F1, 9♣ 10♣, draw, bot 10♠ J♠, bot 9♠ 10♠, bot 2♥ F5, bot draw, "
    "3♣ F2, draw, bot K♦ F3, bot draw, draw, bot draw, 8♠ F7, draw, bot 9♠ F7, bot 10♠ F7, "
    "bot J♠ F7, bot Q♠ F7, bot K♠ F7, bot draw, K♣ 2, Q♣ K♣, 2♥ F6, Q♠ K♠, 3♥ 4♥, draw, bot draw, "
    "K♥ 5, pass, bot pass, pass"
)
SIMULTANEOUS_LINE = _line(
    "4♠ 5♠, bot A♥ F5, 2♥ F5, bot 8♣ 9♣, J♣ Q♣, bot draw, Q♣ K♣, 3♣ 4♣, bot draw, bot A♦ F3, Q♦ K♦, "
    "7♣ 8♣, bot draw, bot draw, A♣ F1, bot draw, draw, draw, bot draw, draw, bot draw, draw, "
    "bot draw, bot draw, A♥ F6, draw, bot 2♥ F6, A♠ F7, bot J♠ Q♠, bot draw, 2♠ F7, 8♣ 9♣, bot draw, "
    "draw, bot draw, draw, bot draw, draw, bot draw, bot 10♦ J♦, draw, draw, bot draw, draw, "
    "bot 2♣ F1, 3♣ F1, bot draw, bot 10♠ J♠, 4♣ F1, bot 9♠ 10♠, 5♠ 6♠, bot draw, 2♦ F3, draw, "
    "bot draw, draw, bot 3♠ F7, 3♦ F3, bot 4♠ F7, bot 5♠ F7, draw, 5♣ F1, bot draw, bot 6♣ F1, draw, "
    "A♦ F4, bot draw, draw, bot 4♦ F3, bot draw, 5♦ F3, 3♠ 4♠, bot 6♦ F3, bot A♠ F8, 7♦ F3, draw, "
    "bot 6♠ F7, draw, bot draw, bot draw, draw, bot Q♦ K♦, draw, 8♦ F3, bot J♦ Q♦, bot draw, 9♦ F3, "
    "bot 10♦ F3, K♣ 7, 7♣ F1, bot J♦ F3, bot 8♣ F1, Q♦ F3, bot 9♣ F1, bot J♥ Q♥, K♦ F3, draw, "
    "bot 10♥ J♥, draw, bot A♣ F2, bot K♥ 4, draw, bot Q♥ K♥, 9♥ 10♥, draw, 3♥ F5"
)

TURNS_DEAL = 30
SIMULTANEOUS_DEAL = 24
TURNS_LESSON = "Playing in turns"
SIMULTANEOUS_LESSON = "Playing at the same time"


def _turns(moves: int) -> Game:
    return deal_position("australian", TURNS_DEAL, TURNS_LINE[:moves], mode="turns")


def _simultaneous(moves: int) -> Game:
    return deal_position("australian", SIMULTANEOUS_DEAL, SIMULTANEOUS_LINE[:moves], mode="simultaneous")


SHARED = (
    "Each of you plays a whole deck of your own, and the eight foundations between you, two per suit "
    "(F1 F2 ♣, F3 F4 ♦, F5 F6 ♥, F7 F8 ♠), are shared: anyone may build on a pile the other began."
)


def _count(game: Game) -> Step:
    mine, theirs = game.scores
    verdict = "you win" if mine > theirs else "the bot wins" if theirs > mine else "a tie"
    return make_step(
        "Count the cards on the foundations",
        RULE["score"].split(";")[0] + f". Here you have {mine} and the bot {theirs}: {verdict}.",
        game,
        dim=False,
    )


def turns_chapter() -> list[Step]:
    """The turn-based game: shared foundations, a draw ends your turn, passing, the count."""
    start, build, ended = _turns(0), _turns(8), _turns(9)
    late = _turns(94)
    last = _turns(len(TURNS_LINE) - 1)
    return in_lesson(
        TURNS_LESSON,
        [
            make_step(
                "Two decks, eight shared foundations",
                SHARED + " You move only your own cards.",
                start,
                dim=False,
            ),
            make_task(
                "Build on the bot's pile",
                "On its turn the bot started F7 with its A♠. Against the bot a foundation move names its "
                "pile, as in 2♠ F7.",
                build,
                "Put your 2♠ on the bot's A♠.",
                home_goal(build, "2♠"),
                ["2♠ F7"],
            ),
            make_task(
                "Drawing ends your turn",
                RULE["turn"].split(";")[0] + ". Nothing else helps you now.",
                ended,
                "End your turn.",
                Goal("drawn", count=len(ended.stock(0))),
                ["draw"],
            ),
            make_step(
                "The bot's turn",
                "Now the bot moves until it draws. Its 3♠ goes onto your 2♠: a card scores for the deck it "
                "came from, whoever began the pile.",
                _turns(10),
                "3♠ F7",
                player=1,
            ),
            make_step(
                "Pass when your stock is empty",
                "With an empty stock you pass instead of drawing. The bot has just passed without a move, so "
                "your pass without a move makes two in a row and ends the game.",
                last,
                "pass",
            ),
            _count(_turns(len(TURNS_LINE))),
            make_task(
                "Check-up: your turn",
                f"Earlier in the same game: your turn, with {len(late.stock(0))} cards left in your stock.",
                late,
                "Score a point before your turn ends.",
                home_goal(late, "4♣"),
                ["4♣ F1"],
                checkup=True,
            ),
        ],
    )


def simultaneous_chapter() -> list[Step]:
    """The simultaneous game: shared foundations, the race for a space, the end of play, the count."""
    start, race = _simultaneous(0), _simultaneous(2)
    refused = played(race, [(1, "2♥ F5")])._refusal("2♥ F5")  # the game's own words
    taken = make_step(
        "The first play takes the space",
        "Here the bot's 2♥ arrives first and takes F5. Your 2♥ F5 then comes too late and is refused: "
        f'"{refused[0].upper()}{refused[1:]}."',
        race,
        "2♥ F5",
        player=1,
        marks=["2♥"],
    )
    both = _simultaneous(57)
    end = _simultaneous(len(SIMULTANEOUS_LINE))
    check = _simultaneous(91)
    return in_lesson(
        SIMULTANEOUS_LESSON,
        [
            make_step("Two decks, no turns", RULE["at_once"] + " " + SHARED, start, dim=False),
            make_task(
                "Build on the bot's pile",
                "The bot's A♥ has started F5, and it has a 2♥ ready too. Against the bot a foundation move "
                "names its pile.",
                race,
                "Be quick: put your 2♥ on the bot's A♥.",
                home_goal(race, "2♥"),
                ["2♥ F5"],
            ),
            taken,
            make_task(
                "Race for a space",
                RULE["first_play"].split(":")[0] + ". The bot's 4♠ can go onto its 3♠ on F7 as well.",
                both,
                "Take F7 with your 4♠ first.",
                home_goal(both, "4♠"),
                ["4♠ F7"],
            ),
            make_step(
                "The end of play",
                RULE["sim_end"] + " Both stocks are empty here: play on while a move helps, or finish now.",
                end,
                dim=False,
            ),
            _count(end),
            make_task(
                "Check-up: two races",
                "The bot's 8♣ and Q♦ are ready for the same piles as yours.",
                check,
                "Score a point before the bot does.",
                Goal("count", count=check.scores[0] + 1),
                ["8♣ F1"],
                checkup=True,
            ),
        ],
    )
