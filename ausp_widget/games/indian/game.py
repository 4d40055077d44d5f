"""Indian Patience, the two-deck sister game of Australian Patience, on the same core. Its
rules are worded once, in `ausp_widget.games.indian.rules` (the rules panel quotes them).

Choices made where the rules are silent. The first four are rule options (`IndianOptions`,
given as `Game.deal(seed, game="indian", options={...})`, kept by copies, undo, position
text and saves); by default:

* An empty column takes any single card (the Forty Thieves convention), from a column or
  from the waste; a protected card still goes only to a foundation (`empty_column="any"`;
  "kings": only a King).
* No card may be played onto a protected card (`protected_takes_cards=False`; with True it
  stays protected under them until the grace).
* A column is dealt again only when the stock still holds three cards; with fewer it stays
  empty (`partial_refill=False`; with True the last one or two are dealt, the first of two
  face down, and the grace follows).
* Moves may be taken back (`undo=True`; False is one reading of "if you are patient").
* A face-down card uncovered after the stock is used up turns up free.
* When a foundation move names no pile (`7♥ F`), the card goes to the first pile, F1 to F8,
  that takes it.
* Lost: the stock is empty and no sequence of moves can bring another card home or turn up a
  face-down card (turning one up is new information, so the game goes on until the player
  has seen it). The verdict reads only what the table shows, and looks at most
  `STUCK_SEARCH_LIMIT` positions ahead: beyond that the game stays "playing".
* A useful move is any card move but a lone card's into another empty column.

Notation: as in Australian Patience (`7♥ F5`, `7♥ 8♣`, `7♥ 4` for column 4); when both
copies of a card are available the move names its place (`3:7♥ 8♣`, `w:7♥ F`), and when two
columns end alike it names the column. `legal_moves()` and the history give the shortest
unambiguous form, so every move listed or saved replays exactly.

The deal: the SplitMix64 generator of `ausp_widget.core.deal` starts from the seed; the shoe
is two decks in index order (A♣ … K♣, A♦ … K♠, twice), shuffled by the same Fisher–Yates as
the Australian deal, from position 103 down to 1. Cards 0–9 are the face-down bottom cards of
columns 1–10, 10–19 the second row, 20–29 the exposed row; 30–103 the stock, 30 drawn first.
"""

from __future__ import annotations

from ausp_widget.core.cards import Card
from ausp_widget.core.columns_game import ColumnsGame
from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.core.moves import Move

from . import notation
from .basics import (
    CARD_COUNT,
    COLUMNS,
    FACE_DOWN,
    PILE_SUITS,
    PILES,
    PROTECTED,
    IndianMove,
    IndianOptions,
    OptionsGiven,
    indian_deal,
)
from .legal import Legal
from .places import Places
from .status import StuckSearch

__all__ = ["IndianGame", "IndianMove", "IndianOptions"]


class IndianGame(Legal, Places, StuckSearch, ColumnsGame):
    """A game of Indian Patience through the game protocol (`ausp_widget.core.protocol`).
    Internally a card is its index 0..51 (twins are alike), a column a tuple bottom first with
    a bottom state (free, face down, protected); `options` is fixed for the whole game."""

    name = "indian"
    game = name  # the older name of `name`
    title = "Indian Patience"
    card_count = CARD_COUNT
    _notation = notation
    columns = COLUMNS
    _pile_suits = PILE_SUITS
    over_is_final = True  # won: nothing left to move; lost: every position after it is lost too

    def __init__(
        self,
        cols: list[tuple[int, ...]],
        bottoms: list[int],
        stock: tuple[int, ...],
        waste: tuple[int, ...] = (),
        piles: list[int] | None = None,
        *,
        seed: int | None = None,
        options: OptionsGiven = None,
    ) -> None:
        """Build from checked parts (position text and saves check them first)."""
        self.options = IndianOptions.of(options)
        self._cols = list(cols)
        self._bottoms = list(bottoms)
        self._stock = tuple(stock)
        self._waste = tuple(waste)
        self._piles = list(piles) if piles is not None else [0] * PILES
        self.seed = seed
        self._begin()
        self._reach_memo: dict[tuple, bool | None] = {}  # status searches already made
        self._last_dealt: tuple[int, int] | None = None  # (column, cards) the last move dealt

    def rule_options(self) -> dict[str, object]:
        return self.options.changed()

    @classmethod
    def deal(
        cls, seed: int = 0, mode: str = "solo", first: int | str = 0, options: OptionsGiven = None
    ) -> IndianGame:
        """A new game from a seed (see the module docstring); `options` leave the deal alone."""
        options = IndianOptions.of(options)  # a bad option is refused before anything else
        cls._check_solo_deal(seed, mode, first)
        columns, stock = indian_deal(seed)
        return cls(
            [tuple(c.index for c in col) for col in columns],
            [FACE_DOWN] * COLUMNS,
            tuple(c.index for c in stock),
            seed=seed,
            options=options,
        )

    def _copy_state(self, clone: IndianGame) -> None:
        clone._cols = list(self._cols)
        clone._bottoms = list(self._bottoms)
        clone._piles = list(self._piles)

    def protected(self, p: int = 0) -> tuple[bool, ...]:
        """For each column, whether its card is protected (it may only go to a foundation)."""
        self._check_player(p)
        return tuple(b == PROTECTED for b in self._bottoms)

    def locate(self, card: Card | str, p: int = 0) -> tuple[tuple[str, int | None, int | None], ...]:
        """Where both copies of a card are, each as in `Game.locate`: ("tableau", column 1–10,
        depth), ("waste", position, None), ("stock", position, None) or ("foundation", pile, None)."""
        self._check_player(p)
        index = Card.parse(card).index
        places: list[tuple[str, int | None, int | None]] = []
        for c, col in enumerate(self._cols):
            places += [("tableau", c + 1, d) for d, x in enumerate(col) if x == index]
        places += [("waste", i, None) for i, x in enumerate(self._waste) if x == index]
        places += [("stock", i, None) for i, x in enumerate(self._stock) if x == index]
        suit, rank = divmod(index, 13)
        places += [
            ("foundation", k + 1, None)
            for k, (s, height) in enumerate(zip(PILE_SUITS, self._piles))
            if s == suit and height > rank
        ]
        return tuple(places)

    def position_key(self) -> tuple:
        """A hashable key of the position (columns, bottom states, stock, waste, foundations)."""
        return (tuple(self._cols), tuple(self._bottoms), len(self._stock), self._waste, tuple(self._piles))

    def _compute_status(self) -> str:
        """ "playing", "won" (all 104 home) or "lost" (see the module docstring)."""
        if sum(self._piles) == CARD_COUNT:
            return "won"
        if self._stock:
            return "playing"
        return "playing" if self.can_reach_home() is not False else "lost"

    @property
    def can_undo(self) -> bool:
        return self.options.undo and bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return self.options.undo and bool(self._redo)

    def undo(self) -> Move:
        """Take back the last move; refused when the option `undo` is off."""
        self._check_undo("undo")
        return super().undo()

    def redo(self) -> Move:
        """Play again the last move taken back; refused when the option `undo` is off."""
        self._check_undo("redo")
        return super().redo()

    def _check_undo(self, what: str) -> None:
        if not self.options.undo:
            raise IllegalMoveError(
                f"no {what} in this game (rule option undo=no): every move stands, "
                "as one reading of 'if you are patient' has it"
            )

    _player_range = "in Indian Patience (a game for one)"

    def _snapshot(self) -> tuple:
        return (tuple(self._cols), tuple(self._bottoms), self._stock, self._waste, tuple(self._piles))

    def _restore(self, snap: tuple) -> None:
        cols, bottoms, self._stock, self._waste, piles = snap
        self._cols, self._bottoms, self._piles = list(cols), list(bottoms), list(piles)
        self._status = None
        self._last_dealt = None

    _take_back = _restore
