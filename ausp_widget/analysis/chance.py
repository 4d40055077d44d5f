"""A fair win chance: of all the ways the hidden cards could still lie, how many can be won.

In Australian Patience every tableau card is face up; the only thing a player cannot see is
the order of the stock (in Indian Patience, also the face-down card under each column).
`win_chance` reads only the player's view (what the bot is given), deals the unseen cards
into the hidden places in `samples` random orders, and asks the full-information solver
about each. So it cannot peek: two games that differ only in their hidden cards give the same
answer for the same `seed`. A move can only keep or lower the chance of the position it leaves
(every line open after it was open before it); a draw can raise or lower it, because it shows
which order you are in: that is the luck of the deal, not skill.

One estimator, one figure for one position: the review (`review.py`) judges every move with
`verdicts` and `tally` below, the pieces `win_chance` is made of: the same sampling, budget and
treatment of undecided samples (left out of the share; counted as lost, then as won, for the
two ends of the interval). A move can leave a share a little higher than before it when a
sampled order the solver could not decide before the move is decided won after it.
The orders are drawn from a generator seeded by the position itself (`orders`: the seed, the
game and which cards are unseen, never where they lie), so the same position always gets the
same figure, however it was reached, whether `win_chance` or the review asks, and every
position between two draws is judged on the same orders. The solver's verdicts are remembered
(`chance_verdicts`), so a position asked twice costs nothing the second time.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ausp_widget.core.errors import check_seconds, check_whole
from ausp_widget.core.moves import Move
from ausp_widget.core.registry import entry
from ausp_widget.core.stats import wilson_interval

from .chance_verdicts import VERDICTS

DEFAULT_SAMPLES = 100  # sampled orders of the hidden cards per position, for `win_chance` and the review
DEFAULT_NODES = 5_000  # positions the solver may search per sampled order


@dataclass(frozen=True)
class WinChance:
    """`p`: the share of decided sampled orders that can be won; `low`/`high`: a 95% interval
    that also counts every undecided sample as lost (low) or won (high); `samples`, `wins`,
    `undecided`; `seconds` taken."""

    p: float
    low: float
    high: float
    samples: int
    wins: int
    undecided: int
    seconds: float

    @property
    def unknown(self) -> bool:
        """Whether the solver decided none of the sampled orders (`p` is then 0 and means nothing)."""
        return self.undecided == self.samples

    def brief(self) -> str:
        """The chance with its interval, in a few characters: "53% (42–63%)"."""
        if self.unknown:
            return "unknown (0–100%)"
        return f"{100 * self.p:.0f}% ({100 * self.low:.0f}–{100 * self.high:.0f}%)"

    def __str__(self) -> str:
        if self.unknown:
            return (
                f"win chance unknown: the solver decided none of the {self.samples} sampled orders "
                f"of the hidden cards within its budget (95% interval 0–100%)"
            )
        undecided = f", {self.undecided} undecided" if self.undecided else ""
        return (
            f"win chance {100 * self.p:.0f}% (95% interval {100 * self.low:.0f}–{100 * self.high:.0f}%; "
            f"{self.wins} of {self.samples} sampled orders of the hidden cards can be won{undecided})"
        )


def win_chance(
    game: Any,
    player: int = 0,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    time_limit: float | None = None,
    node_limit: int | None = DEFAULT_NODES,
) -> WinChance:
    """The chance that the position can still be won, judged from `player`'s view only.
    `time_limit` bounds the whole estimate (samples not reached count as undecided, so a figure
    cut short by time may differ from the full one); `node_limit` bounds each sampled order's
    search."""
    if not callable(getattr(game, "view", None)):
        raise TypeError(f"win_chance reads a game (anything with view(player)), not {type(game).__name__}")
    check_whole("samples", samples, 1)
    check_whole("seed", seed)
    check_seconds("time_limit", time_limit)
    if node_limit is not None:
        check_whole("node_limit", node_limit, 1)
    view = game.view(player)
    check_solo(view, "win_chance")
    return chance(view, None, samples, seed, node_limit, time_limit)


def chance(
    view: Any,
    move: Move | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    node_limit: int | None = DEFAULT_NODES,
    time_limit: float | None = None,
) -> WinChance:
    """The estimator `win_chance` and the review share: the chance from `view` (a checked solo
    view), or with `move` the chance left after `move` on the same sampled orders (what the move
    kept, judged before it is made). After a move that shows no hidden card the orders are those
    of the position it leaves, so this is that position's own chance; after a draw it is the
    chance the draw keeps on average, the luck of which card it shows left out."""
    start = time.perf_counter()
    asking = verdicts(view, move, samples, seed, node_limit)
    found: list[bool | None] = []
    while len(found) < samples:
        if time_limit is not None and time.perf_counter() - start > time_limit:
            break  # the samples not reached count as undecided: none is even dealt
        found.append(next(asking))
    return tally(found, samples, time.perf_counter() - start)


def verdicts(
    view: Any, move: Move | None, samples: int, seed: int, node_limit: int | None
) -> Iterator[bool | None]:
    """The solver's verdict on each sampled order of `view` in turn (after `move`, when given),
    one at a time, so a review can stop between two and carry on later."""
    for sample in sampled_games(view, samples, orders(view, seed)):
        lost = False
        if move is not None:  # a sampled game known lost before the move is lost after it
            lost = VERDICTS.known(sample, node_limit) is False
            sample.play(move)
        yield VERDICTS.verdict(sample, node_limit, lost)


def tally(found: list[bool | None], samples: int, seconds: float) -> WinChance:
    """The chance from the verdicts `found` on the first of `samples` orders (those not reached
    count as undecided): the share won of those decided, and an interval that counts every
    undecided one as lost (low) or won (high)."""
    wins = sum(verdict is True for verdict in found)
    undecided = sum(verdict is None for verdict in found) + samples - len(found)
    decided = samples - undecided
    low = wilson_interval(wins, samples)[0]
    high = wilson_interval(wins + undecided, samples)[1]
    p = wins / decided if decided else 0.0
    return WinChance(p, low, high, samples, wins, undecided, seconds)


def check_solo(view: Any, asker: str) -> None:
    """A `ValueError` unless `view` is a solo game's view with a sampler (two-player games have
    no solver: their goal is a score, not a win)."""
    if view.mode != "solo" or entry(view.game).sample is None:
        title = entry(view.game).title
        raise ValueError(f"{asker} reads a solo game; this is {title} in mode {view.mode!r}")


def hidden_cards(view: Any) -> int:
    """How many cards the view hides: the stock, and any face-down card in its piles."""
    piles = getattr(view, "piles", ())
    return view.stock_size + sum(card is None for p in piles if p.kind != "stock" for card in p.cards)


def orders(view: Any, seed: int = 0) -> random.Random:
    """The generator the sampled orders for `view` are drawn from, seeded by `seed`, the game and
    the cards the view does not show (which cards, never where they lie: that is what a player
    can work out from the table). So the same position always gets the same orders, and so does
    every position between two draws: a move that shows no card leaves the same cards unseen,
    and a sampler deals them in card order, so the games sampled after the move are the games
    sampled before it with the move played (a game whose sampler does not shuffle through its
    generator is seeded by its whole view instead: still one figure for one position)."""
    dealt = _Dealt()
    entry(view.game).sample(view, dealt)
    unseen = dealt.cards if dealt.cards is not None else repr(view)
    digest = hashlib.sha256(f"{seed}|{view.game}|{unseen}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


class _Dealt(random.Random):
    """A generator that shuffles nothing and keeps what it was asked to shuffle: handed to a
    sampler, it learns which cards the sampler deals into the hidden places (the unseen cards,
    in card order), as card indices (every list it is handed, in turn)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.cards: tuple[int, ...] | None = None

    def shuffle(self, x: Any, *args: Any) -> None:
        self.cards = (self.cards or ()) + tuple(getattr(card, "index", card) for card in x)


def sampled_games(view: Any, count: int, rng: random.Random) -> Iterator[Any]:
    """`count` full-information games consistent with `view`: its cards as shown, the unseen
    cards dealt into the hidden places in an order drawn from `rng` (the one place a view
    becomes games, for the chance, the review and the sampling player alike)."""
    sample = entry(view.game).sample
    for _ in range(count):
        yield sample(view, rng)
