"""Hypothesis strategies for the fuzz suites: hostile arguments of every kind, and games
played some way into a deal in every mode."""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from ausp_widget import Game
from ausp_widget.core.cards import CARDS

DOCUMENTED = (TypeError, ValueError)  # NotationError and IllegalMoveError are ValueErrors
"""What a refused argument may raise: never AttributeError, KeyError, IndexError, OverflowError,
RecursionError..."""

CARD_WORDS = [str(card) for card in CARDS] + ["10♣", "T♦", "a♣", "QH", "q♡", "K♠", "F", "F1", "F9", "3", "0"]

junk_text = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(), min_size=1, max_size=8),  # any code point, surrogates too
    st.text(alphabet=string.printable, max_size=20),
    st.sampled_from(["", " ", "\n", "\x00", "-", "draw", "pass", "Z♣", "1e309", "٣", "²", "𝟙𝟘♣"]),
    st.builds(lambda w: w * 5000, st.sampled_from(["a", "♣", "9", " draw"])),  # very long
    st.lists(st.sampled_from(CARD_WORDS), max_size=4).map(" ".join),
)

numbers = st.one_of(
    st.integers(min_value=-(2**80), max_value=2**80),
    st.integers(min_value=-3, max_value=12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([float("nan"), float("inf"), -0.0, 10**100, -(10**100), True, False]),
)

hostile = st.one_of(
    st.none(),
    numbers,
    junk_text,
    st.binary(max_size=10),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.sampled_from([object(), (), [], {}, set(), 1j, b"draw", type, print, CARDS[0]]),
)

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), numbers.filter(lambda n: n == n), st.text(max_size=10)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)

MODES = [("australian", "solo"), ("australian", "turns"), ("australian", "simultaneous"), ("indian", "solo")]


@st.composite
def games(draw, modes=MODES, moves: int = 25):
    """A game of any mode, some random legal moves into a deal (the same game for the same draw)."""
    name, mode = draw(st.sampled_from(modes))
    seed = draw(st.integers(min_value=0, max_value=2**64 - 1))
    steps = draw(st.integers(min_value=0, max_value=moves))
    game = Game.deal(seed, game=name) if name != "australian" else Game.deal(seed, mode=mode)
    rng = random.Random(seed)
    for _ in range(steps):
        movers = [p for p in range(game.players) if game.legal_moves(p)]
        if not movers:
            break
        player = rng.choice(movers)
        game.play(rng.choice(game.legal_moves(player)), player)
    return game


def state(game) -> tuple:
    """All a refused request must leave as it was."""
    return game.to_json(), game.history, game.status, game.can_undo, game.can_redo


def refused_plainly(error: BaseException) -> bool:
    """A documented error with words in it."""
    return isinstance(error, DOCUMENTED) and bool(str(error).strip())


def made_or_refused(make: Callable[..., Any], *args: Any, refused: Any = DOCUMENTED, **kwargs: Any) -> Any:
    """What `make(*args, **kwargs)` returns, or None when it refuses with `refused` (the
    documented errors unless told) and words saying why; any other error fails the test."""
    try:
        return make(*args, **kwargs)
    except refused as error:
        assert refused_plainly(error), f"refused without saying why: {error!r}"
        return None
