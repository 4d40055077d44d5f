"""Whether an Indian Patience game with its stock used up is lost: a bounded search of the
positions reachable from here, for one that brings another card home or turns up a face-down
card (see the rules in `ausp_widget.games.indian.game`: the game stays "playing" when the
search runs out).

The search sees only what the player sees: a face-down card is a card nobody has seen
(`HIDDEN`), never its identity, so two tables that look the same get the same verdict. A
face-down card that could become the top of its column is new information, so a position
from which one can be turned up is not lost: the player plays on, sees it, and the status
is decided again."""

from __future__ import annotations

from collections.abc import Iterator

from .basics import COLUMNS, FACE_DOWN, FREE, PILE_SUITS, PILES, STUCK_SEARCH_LIMIT, WASTE, IndianOptions
from .legal import HOME, CardMove, card_moves

__all__ = ["STUCK_SEARCH_LIMIT", "StuckSearch"]

Columns = tuple[tuple[int, ...], ...]
HIDDEN = -1
"""A face-down card as the search holds it: a card nobody has seen (never a source of a move)."""


class StuckSearch:
    """The stuck-position search of `IndianGame` (a mixin: it reads the game's columns,
    waste, stock and foundations, and keeps its verdicts in `_reach_memo`)."""

    _cols: list[tuple[int, ...]]
    _bottoms: list[int]
    _stock: tuple[int, ...]
    _waste: tuple[int, ...]
    _piles: list[int]
    options: IndianOptions
    _reach_memo: dict[tuple, bool | None]

    def can_reach_home(self, limit: int = STUCK_SEARCH_LIMIT) -> bool | None:
        """Once the stock is empty: can any sequence of moves bring another card home, or
        turn up a face-down card? The game is lost only when neither can happen.

        True or False when decided, None when more than `limit` positions would have to be
        looked at. With cards in the stock this is True (the next card may be wanted).
        The search reads only what the table shows: a face-down card is `HIDDEN` to it, and
        it stops with True as soon as a column whose bottom card is face down is down to that
        card (it would turn up). It digs first in the columns that show a card the
        foundations want. With the stock empty no card is protected, so of the options only
        `empty_column` matters."""
        if self._stock:
            return True
        wants = self._wants()
        waste = self._waste
        start = self._seen_columns()
        if (HIDDEN,) in start:
            return True  # a face-down card already on top (never in play: it turns up at once)
        kings_only = self.options.empty_column == "kings"
        # the columns hold HIDDEN for each face-down card: the key has the bottoms' states, not the cards
        memo_key = (tuple(self._piles), waste, tuple(sorted(start)), kings_only)
        if memo_key in self._reach_memo:
            return self._reach_memo[memo_key]
        seen = {(memo_key[2], len(waste))}
        stack = [(start, len(waste))]
        verdict: bool | None = False
        while stack:
            cols, left = stack.pop()
            if (left and waste[left - 1] in wants) or any(col and col[-1] in wants for col in cols):
                verdict = True
                break
            hot = [not wants.isdisjoint(col) for col in cols]
            later, first = [], []
            for nxt, (src, *_) in _stuck_successors(cols, waste, left, self.options):
                if src != WASTE and nxt[0][src] == (HIDDEN,):
                    verdict = True  # a face-down card would turn up: the player gets to see it
                    break
                key = (tuple(sorted(nxt[0])), nxt[1])
                if key not in seen:
                    seen.add(key)
                    (first if src != WASTE and hot[src] else later).append(nxt)
            if verdict:
                break
            stack += later
            stack += first
            if len(seen) > limit:
                verdict = None
                break
        if verdict is not None:  # an undecided search may decide with a larger limit
            if len(self._reach_memo) > 20_000:
                self._reach_memo.clear()
            self._reach_memo[memo_key] = verdict
        return verdict

    def progress_move(self, limit: int = STUCK_SEARCH_LIMIT) -> CardMove | None:
        """With the stock empty, the first move of a shortest line of card moves that brings a card
        home or turns up a face-down card (a home move is a line of its own); None when there is
        none within `limit` positions. It reads only what the table shows, as `can_reach_home`
        does. Each move played this way starts a line one move shorter, so following it cannot
        circle."""
        wants, waste = self._wants(), self._waste
        start = (self._seen_columns(), len(waste))
        seen = {(tuple(sorted(start[0])), start[1])}
        frontier: list[tuple[tuple[Columns, int], CardMove | None]] = [(start, None)]
        while frontier and len(seen) <= limit:
            following = []
            for (cols, left), first in frontier:
                tops = [(WASTE, waste[:left])] if left else []
                ready = [(src, col[-1]) for src, col in [*enumerate(cols), *tops] if col and col[-1] in wants]
                if ready:
                    return first or self._home_move(*ready[0])
                for after, move in _stuck_successors(cols, waste, left, self.options):
                    if move[0] != WASTE and after[0][move[0]] == (HIDDEN,):
                        return first or move  # a face-down card turns up
                    key = (tuple(sorted(after[0])), after[1])
                    if key not in seen:
                        seen.add(key)
                        following.append((after, first or move))
            frontier = following
        return None

    def _home_move(self, src: int, card: int) -> CardMove:
        pile = next(p for p, suit in enumerate(PILE_SUITS) if suit * 13 + self._piles[p] == card)
        return (src, card, HOME, pile)

    def _seen_columns(self) -> Columns:
        """The columns as the player sees them: each face-down card `HIDDEN`."""
        return tuple(
            (HIDDEN, *col[1:]) if bottom == FACE_DOWN and col else col
            for col, bottom in zip(self._cols, self._bottoms)
        )

    def _wants(self) -> set[int]:
        """The cards the foundations would take now."""
        return {suit * 13 + height for suit, height in zip(PILE_SUITS, self._piles) if height < 13}


def _stuck_successors(
    cols: Columns, waste: tuple[int, ...], left: int, options: IndianOptions
) -> Iterator[tuple[tuple[Columns, int], CardMove]]:
    """(position, move) one card move away with the stock empty (no protected cards remain,
    so every column counts as free): the rule table's moves onto a column, up to its
    symmetries (only the first empty column, no lone card into an empty one)."""
    top = waste[left - 1] if left else -1
    for move in card_moves(cols, _ALL_FREE, top, _NO_HOMES, options, symmetric=True, lone_to_empty=False):
        src, card, _, t = move
        new = list(cols)
        if src != WASTE:
            new[src] = cols[src][:-1]
        new[t] = cols[t] + (card,)
        yield (tuple(new), left - 1 if src == WASTE else left), move


_ALL_FREE = (FREE,) * COLUMNS
_NO_HOMES = (13,) * PILES  # full foundations take nothing: the search looks for wanted cards itself
