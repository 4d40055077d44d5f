"""Hints for Indian Patience: a short look ahead that sees only what a player sees (the cards
face up, how many cards the stock holds, the waste and the foundations).

It searches best-first the card moves that can be made before the next draw (at most
`SEARCH_NODES` positions) and scores each position reached by the weights below. A protected
card going home is advised at once: its column is dealt again, three stock cards come into
play without burying anything in the waste. A face-down card turned up counts only once the
stock is used up: before, it turns up protected and its column takes no card. Buried cards
are judged by what the foundations want at the start, so a card going home never looks
worse for the cards it makes wanted. A move that turns up an unknown card ends a line.

The hint is the first move of the best line; when none beats the position as it stands, it
is to draw. A move back to a position this game has already been in is never advised, so
following the hints always ends.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass

from ausp_widget.core.advice import Hint
from ausp_widget.core.cards import CARDS
from ausp_widget.core.moves import DRAW
from ausp_widget.core.playout import play_out as core_play_out

from . import legal
from .basics import FACE_DOWN, PROTECTED, STUCK_SEARCH_LIMIT, WASTE, IndianOptions, fits
from .game import IndianGame

__all__ = ["END_GAME_NODES", "SEARCH_NODES", "GreedyPlayer", "hint", "play_out"]

SEARCH_NODES = 120
"""Positions the look ahead expands at most for one hint while the stock lasts."""
END_GAME_NODES = 800
"""Positions it expands once the stock is used up: only the face-down cards are unknown then."""

UNKNOWN = -1  # a card nobody has seen: face down, or just turned up in a line being searched
HOME = 100.0  # per card on a foundation
TURNED_UP = 14.0  # per face-down card turned up
FACE_DOWN_WAIT = 0.0  # per face-down card while the stock lasts (turned up, it would be protected)
REFILLED = 12.0  # per column dealt again from the stock
EMPTY = 8.0  # per empty column
OUT_OF_ORDER = 4.0  # per card not built on the card it covers
PROTECTED_WAIT = 2.0  # per protected card waiting for its foundation
BURIED = (10.0, 5.0, 2.5, 1.0)  # per card above a card wanted in 0, 1, 2, 3 more cards of its suit
WASTE_BURIED = 1.5  # the waste digs only from the top: a card buried there weighs more
IN_WASTE = 6.0  # per card in the waste
BETTER = 0.5  # how much a line must gain to be worth playing rather than drawing


class _Position:
    """What a player sees, as plain tuples: columns (UNKNOWN for a face-down card), bottom
    states, cards left in the stock, the waste, the foundation heights and the rule options."""

    __slots__ = ("cols", "bottoms", "stock", "waste", "piles", "options")

    def __init__(self, cols, bottoms, stock, waste, piles, options: IndianOptions) -> None:
        self.cols, self.bottoms, self.stock, self.waste, self.piles = cols, bottoms, stock, waste, piles
        self.options = options

    @classmethod
    def of(cls, game: IndianGame) -> _Position:
        piles = tuple(game._piles)
        return cls(
            game._seen_columns(), tuple(game._bottoms), len(game._stock), game._waste, piles, game.options
        )

    def key(self) -> tuple:
        return (self.cols, self.bottoms, self.stock, self.waste, self.piles)

    def guarded(self, c: int) -> bool:
        """Whether column c's top card is protected (it may only go to a foundation)."""
        return self.bottoms[c] == PROTECTED and len(self.cols[c]) == 1

    def moves(self) -> Iterator[tuple[int, int, int, int]]:
        """The rule table's card moves up to its symmetries (`legal.card_moves`)."""
        top = self.waste[-1] if self.waste else -1
        return legal.card_moves(
            self.cols, self.bottoms, top, self.piles, self.options, symmetric=True, lone_to_empty=False
        )

    def after(self, move) -> tuple[_Position, str | None]:
        """The position after a move, and what it turned up ("face down", "refill" or None)."""
        src, card, kind, dest = move
        cols, bottoms, stock, waste = list(self.cols), list(self.bottoms), self.stock, self.waste
        piles = self.piles
        news = None
        if src == WASTE:
            waste = waste[:-1]
        else:
            was = bottoms[src]
            n = legal.take_top(cols, bottoms, src, stock, self.options)
            if n:
                cols[src], stock, news = (UNKNOWN,) * n, stock - n, "refill"
            elif was == FACE_DOWN and len(cols[src]) == 1:
                news = "face down"
        if kind == legal.HOME:
            piles = (*piles[:dest], piles[dest] + 1, *piles[dest + 1 :])
        else:
            cols[dest] = cols[dest] + (card,)
        return _Position(tuple(cols), tuple(bottoms), stock, waste, piles, self.options), news

    def value(self, need: dict[int, int], memo: dict) -> float:
        """How good the position looks, judging buried cards by `need` (at the start of the
        search); `memo` keeps the columns and wastes already scored in one search."""
        score = HOME * sum(self.piles) - IN_WASTE * len(self.waste)
        stock = self.stock
        for col, bottom in zip(self.cols, self.bottoms):
            key = (col, bottom, stock)
            part = memo.get(key)
            if part is None:
                part = memo[key] = _column_value(col, bottom, stock, need)
            score += part
        part = memo.get(self.waste)
        if part is None:
            part = memo[self.waste] = _waste_value(self.waste, need)
        return score + part


def _need(piles: tuple[int, ...]) -> dict[int, int]:
    """For each card not yet home: how many more cards of its suit go home before it can."""
    need = {}
    for suit in range(4):
        high, low = sorted(piles[2 * suit : 2 * suit + 2], reverse=True)
        for rank in range(low, 13):
            need[suit * 13 + rank] = rank - high if rank >= high else rank - low
    return need


def _column_value(col: tuple[int, ...], bottom: int, stock: int, need: dict[int, int]) -> float:
    if not col:
        return EMPTY
    score = 0.0
    if bottom == FACE_DOWN:
        score -= TURNED_UP if not stock else FACE_DOWN_WAIT
    elif bottom == PROTECTED:
        score -= PROTECTED_WAIT
    height = len(col)
    for i, card in enumerate(col):
        if card < 0:
            continue
        if i and not (col[i - 1] >= 0 and fits(card, col[i - 1])):
            score -= OUT_OF_ORDER
        distance = need.get(card, 99)
        if distance < 4 and i < height - 1:
            score -= BURIED[distance] * (height - 1 - i)
    return score


def _waste_value(waste: tuple[int, ...], need: dict[int, int]) -> float:
    score = 0.0
    height = len(waste)
    for i, card in enumerate(waste[:-1]):
        distance = need.get(card, 99)
        if distance < 4:
            score -= WASTE_BURIED * BURIED[distance] * (height - 1 - i)
    return score


@dataclass
class _Line:
    """The best line found: its first move, its value, what it achieves."""

    first: tuple | None
    value: float
    ends: str | None = None  # "face down", "refill" or None
    length: int = 0
    home: int = 0
    first_home: int | None = None  # the first card the line brings home


def _search(start: _Position, seen: set[tuple], limit: int = SEARCH_NODES) -> _Line:
    """Best-first over card moves from `start`; no line starts into a position in `seen`."""
    memo: dict = {}
    need = _need(start.piles)
    base = start.value(need, memo)
    best = _Line(None, base + BETTER)
    visited = {start.key()}
    counter = 0
    frontier: list = [(-base, 0, start, None, 0, None)]
    expanded = 0
    while frontier and expanded < limit:
        _, _, position, first, depth, first_home = heapq.heappop(frontier)
        expanded += 1
        for move in position.moves():
            child, news = position.after(move)
            key = child.key()
            if key in visited:
                continue
            visited.add(key)
            if first is None and key in seen:
                continue
            line_first = first if first is not None else move
            line_home = first_home if first_home is not None or move[2] != legal.HOME else move[1]
            value = child.value(need, memo)
            if news == "face down":
                value += TURNED_UP if not child.stock else FACE_DOWN_WAIT
            elif news == "refill":
                value += REFILLED + (TURNED_UP if not child.stock else FACE_DOWN_WAIT)
            if value > best.value:
                home = sum(child.piles) - sum(start.piles)
                best = _Line(line_first, value, news, depth + 1, home, line_home)
            if news is None:
                counter += 1
                heapq.heappush(frontier, (-value, counter, child, line_first, depth + 1, line_home))
    return best


def _reason(position: _Position, line: _Line) -> str:
    src, card, kind, dest = line.first
    name = CARDS[card]
    if kind == legal.HOME:
        if src != WASTE and position.guarded(src):
            if position.options.refill_size(position.stock):
                return (
                    f"{name} can go home (it is protected, and its column will be dealt again from the stock)"
                )
            return f"{name} can go home (it is protected: it may go nowhere else)"
        return f"{name} can go home: foundations are the goal"
    where = legal._place_name(src)
    onto = position.cols[dest]
    to = f"onto {CARDS[onto[-1]]}" if onto else "into the empty column"
    if line.length > 1:
        goal = (
            f"brings {CARDS[line.first_home]} home"
            + (f" and {line.home - 1} more card{'s' if line.home > 2 else ''}" if line.home > 1 else "")
            if line.first_home is not None
            else "turns up a face-down card"
            if line.ends == "face down"
            else "gets a column dealt again from the stock"
            if line.ends == "refill"
            else "puts more cards in order"
        )
        return f"move {name} from {where} {to}: it starts a {line.length}-move line that {goal}"
    if line.ends == "face down":
        return f"move {name} {to}: it turns up the face-down card in column {src + 1}"
    col = position.cols[src] if src != WASTE else position.waste
    under = CARDS[col[-2]] if len(col) > 1 and col[-2] >= 0 else None
    if src == WASTE:
        return f"move {name} from the waste {to}, in order, and {under or 'the next card'} becomes available"
    if under is None:
        filler = "a King" if position.options.empty_column == "kings" else "any card"
        return f"move {name} {to}: column {src + 1} becomes empty, and {filler} can fill it"
    return f"move {name} {to}, in order, which frees {under} in column {src + 1}"


class GreedyPlayer:
    """Looks ahead from visible information and remembers the positions it has seen."""

    def __init__(self, nodes: int = SEARCH_NODES, end_nodes: int = END_GAME_NODES) -> None:
        self.seen: set[tuple] = set()
        self.nodes, self.end_nodes = nodes, end_nodes

    def remember(self, game: IndianGame) -> None:
        self.seen.add(_Position.of(game).key())

    def advise(self, game: IndianGame) -> Hint:
        if game.status != "playing":
            return Hint(None, f"the game is over ({game.status})")
        position = _Position.of(game)
        self.seen.add(position.key())
        protected_home = next(
            (m for m in position.moves() if m[2] == legal.HOME and m[0] != WASTE and position.guarded(m[0])),
            None,
        )
        if protected_home is not None:  # a card home and stock cards into play: no line beats it
            dealt = position.options.refill_size(position.stock)
            line = _Line(protected_home, 0.0, "refill" if dealt else None, 1, 1)
        else:
            line = _search(position, self.seen, self.nodes if position.stock else self.end_nodes)
        if line.first is not None:
            return Hint(game._table_move(line.first), _reason(position, line))
        if position.stock:
            return Hint(DRAW, "no card move improves the position now: turn up the next stock card")
        return _towards_progress(game)


PROGRESS_SEARCH_LIMIT = 10 * STUCK_SEARCH_LIMIT
"""More than the status looks at, so that a game the status keeps open gets a move whenever it can."""


def _towards_progress(game: IndianGame) -> Hint:
    """With the stock used up and nothing better: the first move of the shortest line to a card
    home or turned up, even through positions already seen (the game is not over, so the hint
    must not say nothing is left)."""
    first = game.progress_move(PROGRESS_SEARCH_LIMIT)
    if first is not None:
        name = CARDS[first[1]]
        if first[2] == legal.HOME:
            return Hint(game._table_move(first), f"{name} can go home: foundations are the goal")
        return Hint(
            game._table_move(first),
            f"move {name}: it starts the shortest line that brings a card home or turns one up",
        )
    return Hint(
        None,
        f"no line of moves that brings a card home or turns one up was found within "
        f"{PROGRESS_SEARCH_LIMIT:,} arrangements of the cards on show: the game may be lost, and you are "
        "free to stop",
    )


def hint(game: IndianGame, player: int = 0) -> Hint:
    """The advised next move for `game`, with its reason, never returning to a position this game
    has already been in (one player: any other number is refused by name)."""
    game._check_player(player)
    player = GreedyPlayer()
    trail = game.copy()
    while trail._step_back():  # reading the past works with undo off too
        player.remember(trail)
    return player.advise(game)


def play_out(
    game: IndianGame, max_moves: int = 2000, nodes: int = SEARCH_NODES, end_nodes: int = END_GAME_NODES
) -> IndianGame:
    """Follow the hints (looking ahead `nodes` positions, `end_nodes` once the stock is used
    up) until the game ends or no move is advised; returns the game."""
    player = GreedyPlayer(nodes, end_nodes)
    return core_play_out(game, lambda now: player.advise(now).move, max_moves)
