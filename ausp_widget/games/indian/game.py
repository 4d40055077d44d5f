"""Indian Patience, the two-deck sister game of Australian Patience, on the same core.

The rules, in the words the rules panel quotes:

* Two 52-card decks are shuffled together: 104 cards, so every card has a twin.
* Ten columns of three cards are dealt: the bottom card of each face down, the two cards on
  it face up. The other 74 cards form the stock.
* The top card of each column and the top card of the waste are available. One card moves
  at a time, to a foundation or onto the top card of another column.
* The tableau builds down by one rank in any suit but the card's own: 7♥ goes onto 8♣, 8♦
  or 8♠, never onto 8♥. A King goes onto nothing: it moves to a foundation or into an
  empty column.
* Draw turns the next stock card onto the single waste. There is no redeal: one pass only.
  The top waste card may go to a foundation or onto a column; nothing moves onto the waste.
* Protected cards: when the face-down card of a column is uncovered it is turned up and is
  protected. A protected card may only go to a foundation. When a protected card goes to a
  foundation, its empty column is dealt again from the stock like the opening deal: one card
  face down, then two face up on it, while the stock holds the cards for it.
* Grace: once the stock is used up (by draws or by such a deal), every protected card
  becomes free.
* Eight foundations, two per suit (F1 F2 ♣, F3 F4 ♦, F5 F6 ♥, F7 F8 ♠), build up in suit
  from Ace to King. The score is one point per foundation card, 104 at most. The game is
  won when all 104 cards are home.

Choices made where the rules are silent (each written here so the rules panel can say it).
The first four are rule options (`IndianOptions`, given as `IndianGame.deal(seed,
options={...})` or `Game.deal(seed, game="indian", options={...})`, kept by copies, undo,
position text and saves); by default:

* An empty column takes any single card (the Forty Thieves convention), from a column or
  from the waste. A protected card still goes only to a foundation. (Option
  `empty_column="any"`; with "kings" only a King may fill an empty column.)
* No card may be played onto a protected card (the rules say only where it may go).
  (Option `protected_takes_cards=False`; with True cards may be: the protected card stays
  protected under them, and is still protected when uncovered again, until the grace.)
* A column is dealt again only when the stock still holds three cards. With fewer, the
  column stays empty and takes any card, like any empty column. (Option
  `partial_refill=False`; with True the one or two cards left are dealt, of two the first
  face down and the second face up, of one face up; the stock is then used up, so the
  grace frees every protected card.)
* Moves may be taken back. (Option `undo=True`; with False, one reading of "if you are
  patient", `undo()` and `redo()` are refused, naming the option.)
* A face-down card uncovered after the stock is used up turns up free.
* When a foundation move names no pile (`7♥ F`), the card goes to the first pile, F1 to F8,
  that takes it. `7♥ F6` names the pile.
* Lost: the stock is empty, no sequence of moves can bring another card home and no
  sequence of moves can turn up a face-down card. Turning one up is new information, so
  while that can happen the game goes on; once the player has seen the card the status is
  decided again. The verdict reads only what the table shows, never a face-down card: two
  tables that differ only in their face-down cards get the same status, moves and words.
  The game answers this by looking at up to `STUCK_SEARCH_LIMIT` positions reachable from
  here; when more positions than that remain to look at, the game stays "playing" (it does
  not decide there, and the player is free to stop). A stock with cards in it is never
  lost: drawing is always allowed.
* A useful move is any legal card move except moving a lone card from one column into
  another empty column, which only exchanges two columns (`useful_moves()`).

Notation. A move names a card and a destination, as in Australian Patience: `draw`, `7♥ F`
or `7♥ F5` (foundation), `7♥ 8♣` (onto the exposed 8♣), `7♥ 4` (to column 4, empty or not;
columns are numbered 1 to 10). With two decks the same card can be available twice, and the
same card can end two columns, so a move can be ambiguous. It is resolved like this:

* Source: when both copies of the card are available (two column tops, or a column top and
  the top of the waste), the move says where it comes from: `3:7♥ 8♣` (from column 3) or
  `w:7♥ F` (from the waste). Without the prefix the move is accepted only if just one of
  the two copies can make it; otherwise it is refused, naming both places.
* Destination: when two columns end with the same card, a tableau move names the column by
  number (`7♥ 4`); `7♥ 8♣` is accepted only if just one of them can take the card.
* `legal_moves()` and the history always give the shortest unambiguous form, so every move
  listed or saved replays exactly.

The deal (the same on every platform and version, reproducible by hand): the SplitMix64
generator of `ausp_widget.core.deal` starts from the seed; the shoe is deck one in index order
(A♣ … K♣, A♦ … K♦, A♥ … K♥, A♠ … K♠) followed by deck two in the same order, 104 cards;
it is shuffled by the same unbiased Fisher–Yates as the Australian deal, from position 103
down to 1. Cards 0–9 are the face-down bottom cards of columns 1–10, cards 10–19 the second
row, cards 20–29 the third (exposed) row; cards 30–103 are the stock, card 30 drawn first.

Internally a card is its index 0..51 (the twins are indistinguishable), each column is a
tuple bottom first, and each column has a bottom state: free, face down, or protected.
Undo restores a saved snapshot, so it is exact.
"""

from __future__ import annotations

from ausp_widget.core.base import PatienceBase
from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.core.moves import DRAW, Move

from . import notation
from .basics import (
    CARD_COUNT,
    COLUMNS,
    FACE_DOWN,
    FREE,
    PILE_SUITS,
    PILES,
    PROTECTED,
    REFILL,
    STUCK_SEARCH_LIMIT,
    IndianOptions,
    OptionsGiven,
    fits,
    indian_deal,
)
from .checks import Checks
from .legal import Legal
from .loss import Loss
from .moves import IndianMove
from .places import Places
from .status import StuckSearch

__all__ = [
    "CARD_COUNT",
    "COLUMNS",
    "FACE_DOWN",
    "FREE",
    "PILES",
    "PILE_SUITS",
    "PROTECTED",
    "REFILL",
    "STUCK_SEARCH_LIMIT",
    "IndianGame",
    "IndianMove",
    "IndianOptions",
    "fits",
    "indian_deal",
]


# ---- the game -----------------------------------------------------------------------------
class IndianGame(Legal, Checks, Places, Loss, StuckSearch, PatienceBase):
    """A game of Indian Patience (see the module docstring), implementing the game protocol
    (`ausp_widget.core.protocol`) as `Game` does.

    Reach it with `Game.deal(seed, game="indian")`, `Game.from_text(...)` of a position that
    starts `game: indian`, or `Game.from_json(...)` of an Indian save. `options` holds the
    rule options in force (`IndianOptions`), fixed for the whole game.
    """

    name = "indian"
    game = name  # the older name of `name`
    title = "Indian Patience"
    card_count = CARD_COUNT
    _notation = notation
    mode = "solo"
    players = 1
    first = 0
    columns = COLUMNS
    _pile_suits = PILE_SUITS

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
        """Build from checked parts (position text and saves check them first); `options`
        is an `IndianOptions`, a dict of some of its fields, or None for the defaults."""
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

    # ---- construction -------------------------------------------------------------------
    def rule_options(self) -> dict[str, object]:
        return self.options.changed()

    @classmethod
    def deal(
        cls, seed: int = 0, mode: str = "solo", first: int | str = 0, options: OptionsGiven = None
    ) -> IndianGame:
        """A new game from a seed (the algorithm is in the module docstring), played under
        `options` (see `IndianOptions`; the deal itself is the same whatever they are)."""
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

    # ---- reading the position -------------------------------------------------------------
    def tableau(self, p: int = 0) -> tuple[tuple[Card, ...], ...]:
        """Columns 1–10, bottom card first, exposed card last, face-down cards included
        (see `face_down()`; `visible_tableau()` hides them)."""
        self._check_player(p)
        return tuple(tuple(CARDS[c] for c in col) for col in self._cols)

    def visible_tableau(self, p: int = 0) -> tuple[tuple[Card | None, ...], ...]:
        """The columns as a player sees them: None for a face-down card."""
        self._check_player(p)
        return tuple(
            tuple(None if depth == 0 and bottom == FACE_DOWN else CARDS[c] for depth, c in enumerate(col))
            for col, bottom in zip(self._cols, self._bottoms)
        )

    def face_down(self, p: int = 0) -> tuple[int, ...]:
        """How many face-down cards lie at the bottom of each column (0 or 1)."""
        self._check_player(p)
        return tuple(int(b == FACE_DOWN) for b in self._bottoms)

    def protected(self, p: int = 0) -> tuple[bool, ...]:
        """For each column, whether its card is protected (it may only go to a foundation)."""
        self._check_player(p)
        return tuple(b == PROTECTED for b in self._bottoms)

    def stock(self, p: int = 0) -> tuple[Card, ...]:
        """The stock, next card to draw first."""
        self._check_player(p)
        return tuple(CARDS[c] for c in self._stock)

    def waste(self, p: int = 0) -> tuple[Card, ...]:
        """The waste, bottom first, top card last."""
        self._check_player(p)
        return tuple(CARDS[c] for c in self._waste)

    def _pile_heights(self) -> list[int]:
        """Eight piles: F1 F2 ♣, F3 F4 ♦, F5 F6 ♥, F7 F8 ♠."""
        return self._piles

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

    @property
    def score(self) -> int:
        """Cards on the foundations: one point each, 104 at most."""
        return sum(self._piles)

    def position_key(self) -> tuple:
        """A hashable key of the position (columns, bottom states, stock, waste, foundations)."""
        return (tuple(self._cols), tuple(self._bottoms), len(self._stock), self._waste, tuple(self._piles))

    # ---- status --------------------------------------------------------------------------
    def _compute_status(self) -> str:
        """ "playing", "won" (all 104 home) or "lost" (see the module docstring)."""
        if sum(self._piles) == CARD_COUNT:
            return "won"
        if self._stock:
            return "playing"
        return "playing" if self.can_reach_home() is not False else "lost"

    # ---- legal moves ------------------------------------------------------------------------
    def legal_moves(self, player: int = 0) -> list[Move]:
        """Every move allowed now, in the shortest unambiguous notation; empty once the game is over."""
        self._check_player(player)
        if self.status != "playing":
            return []
        return self._card_moves(useful_only=False) + ([DRAW] if self._stock else [])

    def useful_moves(self, player: int = 0) -> list[Move]:
        """Legal card moves without a lone card's move into another empty column; no draw."""
        self._check_player(player)
        if self.status != "playing":
            return []
        return self._card_moves(useful_only=True)

    # ---- playing ----------------------------------------------------------------------------
    def _check(self, move: Move, player: int) -> tuple[tuple, Move]:
        """The action and the move in canonical form, or the reason it is refused."""
        self._check_player(player)
        return self._resolve(move)

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
                f"no {what} in this game (option undo=False): every move stands, "
                "as one reading of 'if you are patient' has it"
            )

    # ---- internals ----------------------------------------------------------------------------
    _player_range = "in Indian Patience (a game for one)"

    def _snapshot(self) -> tuple:
        return (tuple(self._cols), tuple(self._bottoms), self._stock, self._waste, tuple(self._piles))

    def _take_back(self, snap: tuple) -> None:
        self._restore(snap)

    def _restore(self, snap: tuple) -> None:
        cols, bottoms, self._stock, self._waste, piles = snap
        self._cols, self._bottoms, self._piles = list(cols), list(bottoms), list(piles)
        self._status = None
        self._last_dealt = None
