"""The illustrated guide as data: steps with a title, plain words, a real position and a move.

Each `Step` holds a `Game` (built from §3 position text, or from two layouts for the games
against the bot) and the `Move` it shows, checked by playing it when the step is made; the
cards to highlight (the moving group and its destination) come from the engine too. The
words quote `rules.RULE`, so the guide and the rules panel say the same thing. Views (the
guide widget, `figure`) read steps; nothing here imports a widget or matplotlib.
"""

from __future__ import annotations

from ausp_widget.core.lesson import Step, make_step, played

from .game import Game
from .layout import layout_from_cards
from .rules import MODE_NAMES, RULE

# SPEC §5: the opening Pagat describes (the guide's worked example).
PAGAT = """\
foundations: -
stock: 5♣ 6♣ 7♣ 8♣ 10♣ Q♣ A♦ 2♦ 4♦ 5♦ 7♦ 9♦ A♥ 3♥ 4♥ 6♥ 8♥ 10♥ 2♠ 3♠ 5♠ 8♠ 9♠ 10♠
waste: -
1: A♣ J♦ J♣ 3♦
2: Q♦ K♣ 4♣ 8♦
3: 5♥ Q♠ 6♦ 2♣
4: K♥ 3♣ 6♠ 9♥
5: K♦ 2♥ J♠ 7♠
6: A♠ 10♦ Q♥ 4♠
7: 7♥ 9♣ K♠ J♥
"""
PAGAT_LINE = ("A♣ 2♣", "K♣ 1", "J♦ Q♦", "A♣ F", "2♣ F", "6♠ 7♠", "3♣ F")

# A game under way that shows one rule per move: 2♥ F, 9♠ 10♠ (emptying column 3),
# the J♥–4♣ group onto Q♥, 5♣ from the waste onto 6♣, 4♣ onto 5♣, K♠ into column 3,
# a draw over 8♥, then 8♣ 9♣ uncovering 3♥.
LESSON = """\
foundations: A♥
stock: 10♣ 5♠ 4♥ 7♦ 7♠ 6♥ 10♥ 8♦ 3♠ A♦ 7♣ 2♦ K♥ 8♠ Q♦ K♣ J♦ 6♠ J♣ A♣ 2♣ 4♦ 9♥ 3♣ 2♠
waste: 8♥ 5♣
1: K♦ Q♣ 3♦ 2♥
2: 5♦ J♠ 10♠
3: 9♠
4: 7♥ 9♣ K♠ J♥ 9♦ 4♣
5: A♠ 10♦ Q♥
6: 5♥ Q♠ 6♦ 6♣
7: 4♠ 3♥ 8♣
"""
LESSON_LINE = ("2♥ F", "9♠ 10♠", "J♥ Q♥", "5♣ 6♣", "4♣ 5♣", "K♠ 3", "draw", "8♣ 9♣")

# One move from a win.
LAST_CARD = """\
foundations: K♣ K♦ K♥ Q♠
stock: -
waste: -
1: K♠
2: -
3: -
4: -
5: -
6: -
7: -
"""

# The bot's deck in the games against the bot: player 1's deal of Game.deal(3, "turns").
BOT_DEAL = """\
foundations: -
stock: 9♥ 3♦ K♠ 3♠ 4♠ Q♠ 5♥ 10♠ 2♣ 4♥ K♦ J♠ 10♦ K♥ 3♣ 9♣ 8♦ 5♦ 8♠ J♦ 3♥ 9♦ 2♥ 8♣
waste: -
1: 7♦ Q♣ Q♥ 7♠
2: 5♠ A♣ 6♣ 7♥
3: K♣ 6♦ 9♠ 7♣
4: A♦ 2♦ 4♦ J♣
5: Q♦ A♥ 5♣ 8♥
6: 6♠ 6♥ 10♥ J♥
7: 2♠ 10♣ 4♣ A♠
"""
# The bot's deck a little later: its A♥ is on a foundation and its 3♥ is exposed.
BOT_LESSON = """\
foundations: A♥
stock: 9♥ 3♦ K♠ 3♠ 4♠ Q♠ 5♥ 10♠ 2♣ 4♥ K♦ J♠ 10♦ K♥ 3♣ 9♣ 8♦ 5♦ 8♠ J♦ J♥ 9♦ 2♥ 8♣
waste: -
1: 7♦ Q♣ Q♥ 7♠
2: 5♠ A♣ 6♣ 7♥
3: K♣ 6♦ 9♠ 7♣
4: A♦ 2♦ 4♦ J♣
5: Q♦ 5♣ 8♥
6: 6♠ 6♥ 10♥ 3♥
7: 2♠ 10♣ 4♣ A♠
"""
# The end of a game against the bot: both stocks are empty and neither side can move.
LATE_YOU = """\
foundations: 9♣ 8♦ 7♥ 6♠
stock: -
waste: -
1: 10♣ J♣ Q♣ K♣
2: 9♦ 10♦ J♦
3: Q♦ K♦
4: 8♥ 9♥ 10♥
5: J♥ Q♥ K♥
6: 7♠ 8♠ 9♠ 10♠
7: J♠ Q♠ K♠
"""
LATE_BOT = """\
foundations: 5♣ 4♦ 10♥ 8♠
stock: -
waste: -
1: 6♣ 7♣ 8♣ 9♣
2: 10♣ J♣
3: 5♦ 6♦ 7♦ 8♦
4: 9♦ 10♦ J♦ Q♦ K♦
5: J♥ Q♥ K♥
6: 9♠ 10♠ J♠ Q♠ K♠
7: Q♣ K♣
"""


# ---- positions ---------------------------------------------------------------------------------
def versus(mode: str, you: Game, bot: Game, first: int = 0) -> Game:
    """A two-player game from two solo positions: your cards and piles on F1 F3 F5 F7, the
    bot's on F2 F4 F6 F8. Checked like a save (each deck must hold its 52 cards once)."""
    layouts = [layout_from_cards(g.tableau(), g.stock(), g.waste()) for g in (you, bot)]
    piles = []
    for suit in range(4):
        piles.append((0,) * len(you.foundations[suit]))
        piles.append((1,) * len(bot.foundations[suit]))
    game = Game(layouts, piles, mode=mode, first=first)
    return Game.from_json(game.to_json())


def _start(text: str, mode: str, bot: str = BOT_DEAL, first: int = 0) -> Game:
    you = Game.from_text(text)
    return you if mode == "solo" else versus(mode, you, Game.from_text(bot), first)


# ---- the steps ---------------------------------------------------------------------------------
def steps(mode: str = "solo") -> list[Step]:
    """The guide for `mode` ("solo", "turns", "simultaneous"): the shared rules, the worked
    opening, then the mode's own steps. Made afresh on each call, so a view may keep its own
    list."""
    if mode not in MODE_NAMES:
        raise ValueError(f"mode must be one of {', '.join(MODE_NAMES)}, not {mode!r}")
    two = mode != "solo"
    guide = [_lay_out(mode)]
    at = _lesson_positions(mode)
    if two:
        guide.append(
            make_step(
                "Build up by suit, on either pile",
                RULE["shared"].split(":")[0] + ". Both ♥ piles hold an Ace, so your 2♥ may go onto either "
                "one, even the pile the bot began.",
                at[0],
                "2♥ F6",
            )
        )
    else:
        guide.append(
            make_step(
                "Build up by suit",
                RULE["build_up"].split(";")[0] + ": 2♥ goes onto A♥. "
                "Only an exposed card or the top waste card may go there.",
                at[0],
                "2♥ F",
            )
        )
    guide += [
        make_step("Build down in suit", RULE["build_down"], at[1], "9♠ 10♠"),
        make_step(
            "Move a card with the cards covering it",
            RULE["group"] + " Here J♥ carries 9♦ and 4♣ onto Q♥.",
            at[2],
            "J♥ Q♥",
        ),
        make_step(
            "Nothing moves onto the waste",
            "4♣ cannot go onto the 5♣ on the waste: no card ever moves onto the waste. "
            "First 5♣ enters the tableau onto 6♣.",
            at[3],
            "5♣ 6♣",
            marks=["4♣"],
        ),
        make_step(
            "Then 4♣ can follow",
            "Now 5♣ is an exposed tableau card, so it takes 4♣, and 9♦ is uncovered.",
            at[4],
            "4♣ 5♣",
        ),
        make_step(
            "A King fills an empty column",
            RULE["king"] + " Moving 9♠ emptied column 3, so K♠ goes there and uncovers 9♣.",
            at[5],
            "K♠ 3",
        ),
        make_step("Draw once through your stock", RULE["draw"], at[6], "draw", marks=["8♥"]),
    ]
    if mode == "solo":
        guide.append(
            make_step(
                "Keep uncovering useful cards",
                "Look for moves that uncover a card you need: 8♣ onto 9♣ frees 3♥, the next card for "
                "the ♥ foundation.",
                at[7],
                "8♣ 9♣",
                marks=["3♥"],
            )
        )
    guide += _worked_opening(mode)
    if mode == "solo":
        guide.append(
            make_step(
                "Complete all four foundations",
                RULE["won"] + " " + RULE["lost"].split(" (")[0] + ".",
                Game.from_text(LAST_CARD),
                "K♠ F",
            )
        )
    elif mode == "turns":
        guide += _turns_steps()
    else:
        guide += _simultaneous_steps(at[-1])
    return guide


def _lesson_positions(mode: str) -> list[Game]:
    """LESSON before each move of its line (against the bot, 2♥ goes onto the bot's A♥ on F6;
    in the turn-based game the line stops once the draw has handed the turn over)."""
    line = LESSON_LINE if mode == "solo" else ("2♥ F6", *LESSON_LINE[1:])
    positions = [_start(LESSON, mode, BOT_LESSON)]
    for move in line:
        if mode == "turns" and positions[-1].turn != 0:
            break
        positions.append(played(positions[-1], [move]))
    return positions


def _lay_out(mode: str) -> Step:
    if mode == "solo":
        text = RULE["layout"] + " " + RULE["stock"].split(";")[0] + "."
    else:
        text = RULE["decks"] + " " + RULE["layout_each"]
    position = _start(PAGAT, mode)
    exposed = [column[-1] for column in position.tableau() if column]
    return make_step("Lay out", text, position, marks=exposed, dim=False)


def _worked_opening(mode: str) -> list[Step]:
    start = _start(PAGAT, mode)
    words = (
        (
            "Worked opening: the first column onto 2♣",
            "A♣ is buried at the bottom of column 1. Move the whole column onto 2♣: only A♣ has to fit.",
        ),
        ("Worked opening: K♣ into the empty column", "Column 1 is empty, so K♣ moves there with 4♣ and 8♦."),
        ("Worked opening: J♦ onto Q♦", "K♣ left Q♦ exposed, and J♦ takes J♣ and 3♦ with it, uncovering A♣."),
        ("Worked opening: A♣ home", "A♣ starts its foundation."),
        ("Worked opening: 2♣ follows", "2♣ lay under A♣ and follows it home."),
        ("Worked opening: 6♠ onto 7♠", "6♠ takes 9♥ along onto 7♠, uncovering 3♣."),
        ("Worked opening: 3♣ home", "3♣ joins A♣ and 2♣: three clubs freed."),
    )
    result = []
    game = start
    for (title, text), move in zip(words, PAGAT_LINE, strict=True):
        step = make_step(title, text, game, move)
        result.append(step)
        game = step.after
    result.append(
        make_step(
            "Worked opening: 4♣ stays blocked",
            "4♣ is covered by 8♦, and 8♦ can only go onto 9♦, which is still in the stock.",
            game,
            marks=["4♣", "8♦"],
        )
    )
    result.append(
        make_step(
            "Worked opening: A♠ stays blocked",
            "A♠ lies under 10♦, which needs J♦; but J♦ is covered by J♣ and cannot be reached.",
            game,
            marks=["A♠", "10♦", "J♦", "J♣"],
        )
    )
    return result


def _late(mode: str, first: int = 0) -> Game:
    return versus(mode, Game.from_text(LATE_YOU), Game.from_text(LATE_BOT), first)


def _count_step(game: Game) -> Step:
    mine, theirs = game.scores
    verdict = "you win" if mine > theirs else ("the bot wins" if theirs > mine else "a tie")
    return make_step(
        "Count the cards on the foundations",
        RULE["score"].split(";")[0] + f". Here you have {mine} and the bot {theirs}: {verdict}.",
        game,
    )


def _turns_steps() -> list[Step]:
    opened = played(_start(PAGAT, "turns"), PAGAT_LINE)
    late = played(_late("turns", first=1), [(1, "pass")])
    passing = make_step(
        "Pass when your stock is empty",
        "With an empty stock you pass instead of drawing. The bot has just passed without moving (a King "
        "that only changes empty columns would not count), so your idle pass ends the game.",
        late,
        "pass",
    )
    return [
        make_step(
            "Drawing ends your turn",
            RULE["turn"].split(";")[0] + ". After your seven moves, the draw hands the turn to the bot.",
            opened,
            "draw",
        ),
        passing,
        _count_step(passing.after),
    ]


def _simultaneous_steps(race: Game) -> list[Step]:
    both = make_step(
        "Both players move at once",
        RULE["at_once"] + " Here both of you can put a 3♥ on the 2♥, and the bot is quicker.",
        race,
        "3♥ F6",
        player=1,
        marks=["3♥"],
    )
    taken = make_step(
        "The first play takes the space",
        "Your 3♥ arrives second, so it is refused and stays where it was. "
        "Moves are applied one at a time in the order they arrive.",
        both.after,
        marks=["3♥"],
    )
    late = _late("simultaneous")
    return [
        both,
        taken,
        make_step(
            "The end of play",
            RULE["sim_end"] + " Here both stocks are empty and no card can move, so play has ended.",
            late,
        ),
        _count_step(late),
    ]
