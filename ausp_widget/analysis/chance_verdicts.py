"""The solver's verdicts on sampled games, remembered so that each is asked once. The win chance
of a position and the review of a game ask the solver about the same sampled games: between two
draws every position is judged on the same orders of the hidden cards (see `chance.orders`), so
the games sampled after a move are the games sampled before it with the move played. The solver
is deterministic: a sampled game (its whole position text, hidden cards included) and a budget
always get the same verdict, so remembering it changes no figure, only the time. One verdict is
known without asking: every position after a sampled game proved lost within a budget is lost,
and the solver proves it so within the same budget (it searches only positions the first search
searched: `tests/test_chance.py` checks it over whole games), so the review records it unasked
and the figure is the one the solver would give. The memory is bounded (the verdicts used
longest ago go first) and shared by every table and notebook cell in the kernel. Nothing here
is ever shown: a verdict is one of True, False and None, keyed by a digest of the sampled game's
text that stays inside.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import Any

from ausp_widget.core.registry import entry_for

UNKNOWN = "unknown"  # what `known` says of a game not asked yet
MOST = 60_000  # verdicts kept (about 150 bytes each): a review of a 100-move game asks up to 20,000


class Verdicts:
    """The solver's verdict on each sampled game asked, by position text and budget."""

    def __init__(self, most: int = MOST) -> None:
        self.most = most
        self.asked = 0  # how many times the solver itself was asked (the rest were remembered)
        self._known: OrderedDict[tuple[bytes, int | None], bool | None] = OrderedDict()
        self._lock = threading.Lock()

    def verdict(self, game: Any, node_limit: int | None, after_lost: bool = False) -> bool | None:
        """Whether the full-information `game` can be won (None: undecided within `node_limit`
        positions), asked of its game's solver once per game and budget; `after_lost`: the game
        is a position after one proved lost within the same budget, so it is lost unasked."""
        key = _key(game, node_limit)
        with self._lock:
            if key in self._known:
                self._known.move_to_end(key)
                return self._known[key]
        verdict = False if after_lost else entry_for(game).solve(game, None, node_limit).winnable
        with self._lock:
            self.asked += not after_lost
            self._known[key] = verdict
            while len(self._known) > self.most:
                self._known.popitem(last=False)
        return verdict

    def known(self, game: Any, node_limit: int | None) -> bool | str | None:
        """The verdict remembered for `game` and budget, or `UNKNOWN` (the solver is not asked)."""
        with self._lock:
            return self._known.get(_key(game, node_limit), UNKNOWN)

    def clear(self) -> None:
        """Forget every verdict (the figures stay the same; they are worked out again)."""
        with self._lock:
            self._known.clear()

    def __len__(self) -> int:
        return len(self._known)


def _key(game: Any, node_limit: int | None) -> tuple[bytes, int | None]:
    """A sampled game's key: a digest of its whole position text (a tenth of the text's memory;
    two texts sharing a 128-bit digest is beyond any count of games a kernel judges), and the
    budget."""
    return hashlib.blake2b(game.to_text().encode(), digest_size=16).digest(), node_limit


VERDICTS = Verdicts()
