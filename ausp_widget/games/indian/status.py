"""Whether an Indian Patience game with its stock used up is lost: a bounded search of the
positions reachable from here for one that brings another card home or turns up a face-down
card. It sees only what the player sees: a face-down card is `HIDDEN`, never its identity,
so two tables that look the same get the same verdict; and one that could turn up is new
information, so the game is not lost while that can happen."""

from __future__ import annotations

from collections.abc import Iterator

from .basics import COLUMNS, FACE_DOWN, FREE, PILES, STUCK_SEARCH_LIMIT, WASTE, IndianOptions
from .legal import HOME, CardMove, card_moves

__all__ = ["STUCK_SEARCH_LIMIT", "StuckSearch"]

Columns = tuple[tuple[int, ...], ...]
HIDDEN = -1
"""A face-down card as the search holds it: a card nobody has seen (never a source of a move)."""


class StuckSearch:
    """The stuck-position search of `IndianGame` (a mixin; verdicts kept in `_reach_memo`)."""

    def can_reach_home(self, limit: int = STUCK_SEARCH_LIMIT) -> bool | None:
        """Can any sequence of moves bring another card home, or turn up a face-down card?
        True with cards in the stock; None when more than `limit` positions would have to be
        looked at. It digs first in the columns that show a card the foundations want."""
        if self._stock:
            return True
        wants = self._waiting().keys()
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
        """With the stock empty, the first move of a shortest line that brings a card home or turns
        up a face-down card; None when there is none within `limit` positions. Each move played
        this way starts a line one move shorter, so following it cannot circle."""
        wants, waste = self._waiting().keys(), self._waste
        start = (self._seen_columns(), len(waste))
        seen = {(tuple(sorted(start[0])), start[1])}
        frontier: list[tuple[tuple[Columns, int], CardMove | None]] = [(start, None)]
        while frontier and len(seen) <= limit:
            following = []
            for (cols, left), first in frontier:
                tops = [(WASTE, waste[:left])] if left else []
                ready = [(src, col[-1]) for src, col in [*enumerate(cols), *tops] if col and col[-1] in wants]
                if ready:
                    src, card = ready[0]
                    return first or (src, card, HOME, self._first_pile(card))
                for after, move in _stuck_successors(cols, waste, left, self.options):
                    if move[0] != WASTE and after[0][move[0]] == (HIDDEN,):
                        return first or move  # a face-down card turns up
                    key = (tuple(sorted(after[0])), after[1])
                    if key not in seen:
                        seen.add(key)
                        following.append((after, first or move))
            frontier = following
        return None

    def _seen_columns(self) -> Columns:
        """The columns as the player sees them: each face-down card `HIDDEN`."""
        return tuple(
            (HIDDEN, *col[1:]) if bottom == FACE_DOWN and col else col
            for col, bottom in zip(self._cols, self._bottoms)
        )


def _stuck_successors(
    cols: Columns, waste: tuple[int, ...], left: int, options: IndianOptions
) -> Iterator[tuple[tuple[Columns, int], CardMove]]:
    """(position, move) one card move onto a column away, with the stock empty (so no card is
    protected), up to the rule table's symmetries."""
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
