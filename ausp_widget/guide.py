"""The illustrated guide as data: steps with a title, plain words, a real position and a move.

Each `Step` holds a `Game` (built from §3 position text, or from two layouts for the games
against the bot) and the `Move` it shows, checked by playing it when the step is made; the
cards to highlight (the moving group and its destination) come from the engine too. The
words quote `rules.RULE`, so the guide and the rules panel say the same thing. Views (the
guide widget, `figure`) read steps; nothing here imports a widget or matplotlib.

Mode "indian" is a short chapter on Indian Patience that sets it against Australian
Patience: single cards against groups, a differing suit against the same suit, protected
cards, the refill and the grace. Its positions are Indian position text (`game: indian`),
built by `indian_position` from the cards that matter, and quote `rules.INDIAN_RULE`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from .cards import CARDS, SUITS, Card
from .game import Game, layout_from_cards
from .indian import IndianGame, IndianMove
from .moves import Move
from .rules import INDIAN_RULE, MODE_NAMES, RULE

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

GuideMode = Literal["solo", "turns", "simultaneous", "indian"]
SpotKind = Literal["card", "foundation", "column", "stock", "waste"]


@dataclass(frozen=True)
class Spot:
    """A place on the table: a card, foundation pile `number` (1-based), empty column `number`
    (1–7), or a player's stock or waste."""

    kind: SpotKind
    card: Card | None = None
    number: int | None = None
    player: int = 0


@dataclass(frozen=True, eq=False)
class Step:
    """One step of the guide. `position` is a real game; `move` (played by `player`) is legal
    in it. `group` is the moving group, `target` its destination, `marks` other cards the
    words talk about. Views must not change `position`: use `after` or a copy."""

    title: str
    text: str
    position: Game
    move: Move | None = None
    player: int = 0
    group: tuple[Card, ...] = ()
    target: Spot | None = None
    marks: tuple[Card, ...] = ()
    after: Game = field(default=None, repr=False)  # type: ignore[assignment]
    dim: bool = True

    @property
    def highlights(self) -> tuple[Spot, ...]:
        """What to highlight: the moving group (cards of `player`), the destination, and the
        marked cards (always cards of your own layout, player 0)."""
        spots = [Spot("card", card=card, player=self.player) for card in self.group]
        if self.target is not None:
            spots.append(self.target)
        spots += [Spot("card", card=card, player=0) for card in self.marks]
        return tuple(dict.fromkeys(spots))

    @property
    def focus(self) -> tuple[Spot, ...]:
        """The cards the step talks about; a view dims the others (none when empty)."""
        return tuple(spot for spot in self.highlights if spot.kind == "card") if self.dim else ()

    def figure(self, after: bool = False, **options):
        """This step as a matplotlib figure (see `figure`)."""
        return figure(self, after=after, **options)


# ---- highlights from the engine ---------------------------------------------------------------
def moving_group(game: Game, move: Move | str, player: int = 0) -> tuple[Card, ...]:
    """The cards `move` carries: a tableau card with every card covering it, the top waste
    card, or (for a draw) the card about to be turned up."""
    move = _parse(game, move)
    if move.kind == "draw":
        return game.stock(player)[:1]
    if move.kind == "pass" or move.card is None:
        return ()
    if _is_indian(game):
        return (move.card,)  # one card moves at a time
    where, column, depth = game.locate(move.card, player)
    if where == "tableau":
        return game.tableau(player)[column - 1][depth:]
    return (move.card,)


def destination(game: Game, move: Move | str, player: int = 0) -> Spot | None:
    """Where `move` goes, as it would be played in `game` (a foundation move names its pile)."""
    move = _parse(game, move)
    if move.kind == "draw":
        return Spot("waste", player=player)
    if move.kind == "foundation" and _is_indian(game) and not move.pile:
        heights = [len(pile) for pile in game.foundations]
        pile = next(
            k
            for k in range(1, len(heights) + 1)
            if game.pile_suit(k) == move.card.suit and heights[k - 1] == move.card.rank - 1
        )
        return Spot("foundation", number=pile)
    if move.kind == "tableau":
        return Spot("card", card=move.onto, player=player)
    if move.kind == "column":
        return Spot("column", number=move.column, player=player)
    if move.kind == "foundation":
        if move.pile:
            return Spot("foundation", number=move.pile)
        if game.mode == "solo":
            return Spot("foundation", number=SUITS.index(move.card.suit) + 1)
        return Spot("foundation", number=game.copy().play(move, player).pile)
    return None


def _is_indian(game: Game | IndianGame) -> bool:
    return getattr(game, "game", "australian") == "indian"


def _parse(game: Game | IndianGame, move: Move | str) -> Move:
    return IndianMove.parse(move) if _is_indian(game) else Move.parse(move)


def make_step(
    title: str,
    text: str,
    position: Game,
    move: Move | str | None = None,
    player: int = 0,
    marks: Sequence[Card | str] = (),
    dim: bool = True,
) -> Step:
    """A step whose move is checked by playing it on a copy of `position` (an illegal move
    raises `IllegalMoveError` here, when the guide is made)."""
    after = position.copy()
    played = None
    if move is not None:
        group = moving_group(position, move, player)
        played = after.play(move, player)
        target = destination(position, played, player)
    else:
        group, target = (), None
    return Step(
        title,
        text,
        position,
        played,
        player,
        group,
        target,
        tuple(Card.parse(c) for c in marks),
        after,
        dim,
    )


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


def played(game: Game, moves: Sequence[str | tuple[int, str]]) -> Game:
    """A copy of `game` after `moves` (text, or (player, text) for the bot's moves)."""
    game = game.copy()
    for entry in moves:
        player, move = entry if isinstance(entry, tuple) else (0, entry)
        game.play(move, player)
    return game


def _start(text: str, mode: str, bot: str = BOT_DEAL, first: int = 0) -> Game:
    you = Game.from_text(text)
    return you if mode == "solo" else versus(mode, you, Game.from_text(bot), first)


# ---- the steps ---------------------------------------------------------------------------------
def steps(mode: GuideMode = "solo") -> list[Step]:
    """The guide for `mode`: the shared rules, the worked opening, then the mode's own steps
    (for "indian", the Indian Patience chapter). Made afresh on each call, so a view may keep
    its own list."""
    if mode not in MODE_NAMES:
        raise ValueError(f"mode must be one of {', '.join(MODE_NAMES)}, not {mode!r}")
    if mode == "indian":
        return indian_steps()
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


def figure(step: Step, after: bool = False, **options):
    """The step as a matplotlib figure: its position with the moving group and destination
    highlighted, the other cards dimmed and an arrow for the move; with `after`, the position
    once the move is made, the moved cards still highlighted."""
    from .plot import plot_position

    if after:
        moved = [spot for spot in step.highlights if spot != step.target]
        return plot_position(
            step.after, highlight=moved, focus=step.focus or None, player=step.player, **options
        )
    return plot_position(
        step.position,
        highlight=step.highlights,
        arrow=step.move,
        focus=step.focus or None,
        player=step.player,
        **options,
    )


# ---- Indian Patience ----------------------------------------------------------------------------
def indian_position(
    columns: Sequence[str],
    *,
    stock: str = "",
    waste: str = "",
    foundations: str = "- - - - - - - -",
    rest: str = "stock",
) -> IndianGame:
    """An Indian Patience position from the cards that matter: `columns` (1, 2, … as in the
    position text, `[9♠]` face down, `5♠*` protected), the first stock cards, the waste and
    the foundation tops. Every card not named goes to the end of the stock in card order
    (or, with `rest="waste"`, under the waste), so the text `Game.from_text` reads holds all
    104 cards."""
    columns = [*columns, *[""] * (10 - len(columns))]
    named = Counter(Card.parse(w.strip("[]*")) for text in [*columns, waste, stock] for w in text.split())
    for pile in foundations.split():
        if pile != "-":
            top = Card.parse(pile)
            named.update(Card(rank, top.suit) for rank in range(1, top.rank + 1))
    others = [str(card) for card in CARDS for _ in range(2 - named[card])]
    lines = [
        "game: indian",
        f"foundations: {foundations}",
        f"stock: {' '.join([stock, *(others if rest == 'stock' else [])]).strip() or '-'}",
        f"waste: {' '.join([*(others if rest == 'waste' else []), waste]).strip() or '-'}",
        *(f"{n}: {text or '-'}" for n, text in enumerate(columns, start=1)),
    ]
    return Game.from_text("\n".join(lines) + "\n")


def indian_steps() -> list[Step]:
    """The Indian Patience chapter: what changes from Australian Patience, one rule a step."""
    r = INDIAN_RULE
    deal = Game.deal(5, game="indian")
    single = indian_position(["[3♥] 6♣ 9♦", "[J♠] 5♣ 10♠", "[K♦] 2♥ 10♦"], stock="4♣ 8♠")
    suits = indian_position(["[3♥] 6♣ 7♥", "[J♠] 5♣ 8♥", "[K♦] 2♥ 8♣"], stock="4♣ 8♠")
    uncover = indian_position(["[5♠] 9♣", "[J♠] 5♣ 10♦"], stock="Q♥ 2♦ 7♣")
    home = indian_position(["5♠*", "[J♠] 5♣ 6♥"], stock="Q♥ 2♦ 7♣", foundations="- - - - - - 4♠ -")
    grace = indian_position(["5♠*", "[J♠] 5♣ 6♥"], stock="Q♥", waste="A♣", rest="waste")
    empty = indian_position(["[J♠] 5♣ 7♥", "", "[K♦] 2♥ 10♦"], stock="4♣ 8♠")
    last = indian_position(["K♠"], foundations="K♣ K♣ K♦ K♦ K♥ K♥ K♠ Q♠")
    return [
        make_step(
            "Indian Patience: two decks, ten columns",
            f"{r['decks']} {r['layout']} {r['stock']}",
            deal,
            dim=False,
        ),
        make_step(
            "One card at a time",
            "In Australian Patience any card moves with the cards covering it; here only the top card "
            "of a column moves, alone: 9♦ goes onto 10♠, and 6♣ stays behind.",
            single,
            "9♦ 10♠",
            marks=["6♣"],
        ),
        make_step(
            "Build down in a differing suit",
            r["build_down"].replace("7♥ goes onto 8♣, 8♦ or 8♠, never onto 8♥", "7♥ goes onto 8♣, not 8♥")
            + " Australian Patience asks for the same suit.",
            suits,
            "7♥ 8♣",
            marks=["8♥"],
        ),
        make_step(
            "A face-down card turns up protected",
            "Moving 9♣ onto 10♦ uncovers the face-down card of column 1: it turns up protected, so it "
            "may only go to a foundation and nothing may be played onto it.",
            uncover,
            "9♣ 10♦",
        ),
        make_step(
            "A protected card goes home, and its column is dealt again",
            "5♠ is protected: 6♥ could take it in the tableau, but it may only go onto 4♠. "
            + r["refill"].split(":")[0]
            + ": one card face down, two face up.",
            home,
            "5♠ F",
            marks=["6♥"],
        ),
        make_step(
            "Grace: the stock is used up",
            r["grace"].split(", and a face-down")[0]
            + ". Drawing the last card, Q♥, frees 5♠: now it may go onto 6♥ too.",
            grace,
            "draw",
            marks=["5♠", "6♥"],
        ),
        make_step(
            "Any card fills an empty column",
            "In Australian Patience only a King may fill an empty column; here any single card may: "
            "7♥ moves into column 2 and uncovers 5♣.",
            empty,
            "7♥ 2",
        ),
        make_step(
            "All 104 cards home",
            r["won"].split(";")[0] + ". " + r["lost"].split(";")[0] + ".",
            last,
            "K♠ F",
        ),
    ]
