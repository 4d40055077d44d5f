"""The game of the Yukon family, written once: Yukon, Russian Solitaire and any variant
without a stock are this class with their `Rule` (`rule.py`).

The rules, as Pagat gives them for Yukon (each game's rules panel words its own):

* One 52-card deck dealt to the columns in the rule's shape (Yukon: column 1 one card face
  up; columns 2 to 7 hold 1 to 6 face-down cards with five face-up cards on them). Every card
  is dealt: there is no stock and no waste.
* Four foundations, one per suit (F1 ♣, F2 ♦, F3 ♥, F4 ♠), build up in suit from the Ace.
  Only the top card of a column goes to a foundation; cards never leave a foundation.
* The tableau builds down as the rule says: in alternating colours (Yukon: 8♥ onto 9♣ or
  9♠) or in suit (Russian Solitaire: 8♥ onto 9♥).
* Any face-up card may move, with every card on it, whatever they are (only the card that
  heads the group must fit where it goes).
* Only a King, alone or heading its group, may move into an empty column.
* When the top card of a column is face down, it is turned up.
* Won: all 52 cards on the foundations.

Choices made where the rules are silent (each said in the rules panel as a choice):

* Lost: no sequence of moves can bring a card home or turn up a face-down card. The game
  looks at up to `STUCK_SEARCH_LIMIT` arrangements of the face-up cards for one that can;
  when there are more, it stays "playing" (the player is free to stop). The search never
  turns a card up, so the verdict reads only cards the player can see.
* A useful move is any legal move except moving a King that lies at the bottom of its
  column into another empty column (`useful_moves()`); such moves are legal.
* Moves may be taken back (undo and redo), as in the other games here.

Notation, as in Australian Patience: `7♥ F` (to its foundation; `7♥ F3` names it), `7♥ 8♠`
(the group headed by 7♥ onto the top card 8♠), `K♣ 3` (into empty column 3). There is no
`draw` and no `pass`.

The deal (the same on every platform and version) is `Rule.deal_layout`. Internally a card
is its index 0..51, each column a tuple bottom first with a count of its face-down cards.
Undo restores a saved snapshot, so it is exact.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.columns_game import ColumnsGame
from ausp_widget.core.errors import IllegalMoveError, WrongTypeError
from ausp_widget.core.loss import Block, ExplainsLoss
from ausp_widget.core.moves import Move, to_column, to_foundation
from ausp_widget.core.per_position import per_position
from ausp_widget.core.protocol import Pile, PileRef, Place
from ausp_widget.core.sight import unseen
from ausp_widget.core.text import sentence
from ausp_widget.core.view import TableView

from . import notation
from .checks import FACE_DOWN_HELP, Checks, no_stock, no_such_pile, pile_named
from .rule import CARD_COUNT, KING, PILE_SUITS, Rule

__all__ = ["FamilyGame", "move_of", "of_the_family"]


class FamilyGame(Checks, ExplainsLoss, ColumnsGame):
    """A game of the family (see the module docstring), implementing the game protocol
    (`ausp_widget.core.protocol`) as the other games do. A game is a subclass that names its
    `rule`: its name, title and columns follow from it.

    Reach one with `Game.deal(seed, game="yukon")`, `Game.from_text(...)` of a position that
    starts `game: yukon`, or `Game.from_json(...)` of a save.
    """

    rule: Rule
    card_count = CARD_COUNT
    _notation = notation
    has_stock = False  # every card is dealt: the stock and waste are always empty piles
    over_is_final = True  # won: nothing left to move; lost: every position after it is lost too
    _pile_suits = PILE_SUITS
    click_help = "Click any face-up card of a column (the cards on it move too), then where it should go."
    lost_because = "no card can reach a foundation or turn up any more"
    protected_means = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's names and columns follow from the rule it names. A subclass that names
        none, as another package's game built on Yukon's class, keeps the rule's columns and
        is called by its own `name` and `title`, in its refusals too ("player must be 0 in My
        Patience"), never by the game it is built on."""
        super().__init_subclass__(**kwargs)
        if "rule" not in cls.__dict__:
            if "name" in cls.__dict__ and "game" not in cls.__dict__:
                cls.game = cls.name  # the older name of `name` follows it
            if "title" in cls.__dict__ and "_player_range" not in cls.__dict__:
                cls._player_range = f"in {cls.title} (a game for one)"
            return
        if cls.rule.stock:
            raise TypeError(
                f"{cls.rule.title} keeps {cls.rule.stock} cards in a stock, and this game deals every "
                "card to the columns: a game with a stock has its own game class"
            )
        cls.name = cls.game = cls.rule.name
        cls.title = cls.rule.title
        cls.columns = cls.rule.columns
        cls._player_range = f"in {cls.title} (a game for one)"

    def __init__(
        self,
        cols: Sequence[tuple[int, ...]],
        down: Sequence[int],
        piles: Sequence[int] | None = None,
        *,
        seed: int | None = None,
    ) -> None:
        """Build from checked parts (position text and saves check them first)."""
        self._cols = [tuple(col) for col in cols]
        self._down = list(down)
        self._piles = list(piles) if piles is not None else [0, 0, 0, 0]
        self.seed = seed
        self._last_home: int | None = None
        self._begin()

    # ---- construction -------------------------------------------------------------------
    @classmethod
    def deal(cls, seed: int = 0, mode: str = "solo", first: int | str = 0, options: Any = None) -> FamilyGame:
        """A new game from a seed (the algorithm is `Rule.deal_layout`)."""
        if options is not None:
            raise ValueError(f"{cls.title} has no rule options (options={options!r})")
        cls._check_solo_deal(seed, mode, first)
        cols, down = cls.rule.deal_layout(seed)
        return cls(cols, down, seed=seed)

    @classmethod
    def from_view(cls, view: TableView, hidden: Iterator[int]) -> FamilyGame:
        """A game with the view's cards as shown and its face-down places dealt from `hidden`."""
        columns, cols, heights = cls._from_view_parts(view, hidden)
        return cls(cols, [sum(card is None for card in p.cards) for p in columns], heights)

    def _copy_state(self, clone: FamilyGame) -> None:
        clone._cols = list(self._cols)
        clone._down = list(self._down)
        clone._piles = list(self._piles)

    # ---- reading the position -------------------------------------------------------------
    def position_key(self) -> tuple:
        """A hashable key of the position (columns, face-down counts, foundations)."""
        return (tuple(self._cols), tuple(self._down), tuple(self._piles))

    def locate(self, card: Card | str, p: int = 0) -> tuple[str, int | None, int | None]:
        """Where a card is: ("tableau", column from 1, depth) or ("foundation", pile 1–4, None)."""
        self._check_player(p)
        index = Card.parse(card).index
        where = self._where(index)
        return ("foundation", index // 13 + 1, None) if where is None else ("tableau", where[0] + 1, where[1])

    def _where(self, card: int) -> tuple[int, int] | None:
        """(column, depth) of a card in the tableau, face down or not; None when it is home."""
        for c, col in enumerate(self._cols):
            if card in col:
                return c, col.index(card)
        return None

    # ---- status --------------------------------------------------------------------------
    def _compute_status(self) -> str:
        """ "playing", "won" (all 52 home) or "lost" (see the module docstring)."""
        if sum(self._piles) == CARD_COUNT:
            return "won"
        return "lost" if self.progress()[0] is False else "playing"

    def progress(self) -> tuple[bool | None, list[tuple[int, int, int]]]:
        """The shortest line of useful moves to turning up a card or bringing one home, as the
        status search found it (see `Rule.progress_path`): (True, line), (False, []) when
        there is none, (None, []) when the search stopped first. Reads only face-up cards."""
        key = self.position_key()
        if getattr(self, "_progress", (None,))[0] != key:  # found once per position
            self._progress = (key, self.rule.progress_path(self._cols, self._down, self._piles))
        return self._progress[1]

    # ---- legal moves ------------------------------------------------------------------------
    def _to_move(self, c: int, d: int, e: int) -> Move:
        return move_of(self._cols[c][d], e, self._cols[e][-1] if e >= 0 and self._cols[e] else -1)

    def _card_moves(self, useful_only: bool) -> list[Move]:
        """The rule's card moves; `useful_only`: without a King's move from the bottom of one
        column into another empty one."""
        moves = self.rule.card_moves(self._cols, self._down, self._piles, useful_only)
        return [self._to_move(*m) for m in moves]

    def parse_move(self, text: str | Move) -> Move:
        """A move in the notation; a foundation past F4 is refused as this game's rule, not as
        the eight foundations the two-player Australian game has."""
        number = pile_named(text)
        if number is not None and not 1 <= number <= len(PILE_SUITS):
            raise IllegalMoveError(no_such_pile(self.title, number))
        onto = "J♥ Q♥" if self.rule.in_suit else "J♥ Q♠"
        return Move.parse(text, usage=f"'4♣ F', '{onto}' or 'K♣ 3' (there is no draw)")

    # ---- playing ----------------------------------------------------------------------------
    def _apply(self, action: tuple[int, int, int], player: int) -> None:
        c, d, e = action
        group = self._cols[c][d:]
        self._cols[c] = self._cols[c][:d]
        if e < 0:
            self._piles[group[0] // 13] += 1
            self._last_home = group[0] // 13
        else:
            self._cols[e] = self._cols[e] + group
        if self._cols[c] and len(self._cols[c]) == self._down[c]:
            self._down[c] -= 1  # the new top card of the column turns up
        self._status = None

    # ---- the table for views ----------------------------------------------------------------
    @per_position
    def piles(self) -> tuple[Pile, ...]:
        """The stock and waste (always empty: every card is dealt), the columns, whose
        face-down cards are None, and the four foundations."""
        piles = [Pile(PileRef("stock", 0), ()), Pile(PileRef("waste", 0), ())]
        for c, (col, down) in enumerate(zip(self._cols, self._down)):
            cards = tuple(None if k < down else CARDS[x] for k, x in enumerate(col))
            piles.append(Pile(PileRef("column", 0, c), cards, takes="only a King", accepts="K"))
        return (*piles, *self._foundation_piles())

    def _card_at(self, place: Place) -> tuple[int, int]:
        """The (column, depth) of the card a click picks up at `place` (a place on this table),
        or why it cannot be."""
        pile = place.pile
        if pile.kind == "foundation":
            raise IllegalMoveError("cards never leave a foundation")
        if pile.kind != "column":
            raise IllegalMoveError(no_stock(self.title))
        col = self._cols[pile.index]
        if not 0 <= place.depth < len(col):
            raise IllegalMoveError(self._empty_words(pile))
        if place.depth < self._down[pile.index]:
            raise IllegalMoveError(unseen(FACE_DOWN_HELP))
        return pile.index, place.depth

    def _source_place(self, move: Move) -> Place | None:
        """Where the card a move names lies, when it lies face up in a column."""
        where = self._where(move.card.index)
        if where is None or where[1] < self._down[where[0]]:
            return None
        return Place(PileRef("column", 0, where[0]), where[1])

    def _target_pile(self, move: Move, source: Place | None) -> PileRef | None:
        """The column whose top card a move names, never a hidden card's column."""
        there = self._where(move.onto.index)
        face_up = there is not None and there[1] >= self._down[there[0]]
        return PileRef("column", 0, there[0]) if face_up else None

    def _click(self, source: Place, target: PileRef, player: int) -> Move:
        """The move a click means (arguments checked by `move_between`): the card at `source`
        (with the cards on it) onto `target`; `play` then moves the cards or says which rule
        forbids it."""
        c, d = self._card_at(source)
        card = self._cols[c][d]
        if target.kind == "foundation":
            if PILE_SUITS[target.index] == card // 13:
                return self._to_move(c, d, -1)
            return Move("foundation", CARDS[card], pile=target.index + 1)
        if target.kind != "column":
            raise IllegalMoveError(no_stock(self.title))
        return self._to_move(c, d, target.index)

    # ---- words ------------------------------------------------------------------------------
    def _stuck(self, place: Place, player: int) -> str:
        """Why the card at `place` has no legal move now, in the engine's words."""
        c, d = self._card_at(place)
        card = self._cols[c][d]
        name = CARDS[card]
        if card % 13 == KING:
            if d == 0:
                there = f"{name} already lies at the bottom of its column"
            else:
                there = "a King moves only into an empty column, and none is empty"
        else:
            there = f"it needs {self._parents_words(card)} on top of another column, and none is there"
        home = self._refusal(to_foundation(name), player)  # refused: a card that may go home can move
        return sentence(f"{name} cannot move now: {there}; nor can it go home: {home}")

    def news(self, before: Sequence[Pile]) -> str:
        """What a move turned up besides the move itself: a face-down card."""
        now = self._check_before(before)
        old = {p.ref: p for p in before if p.kind == "column"}
        news = []
        for pile in now:
            was = old.get(pile.ref)
            if was is None or pile.kind != "column":
                continue
            down_before = sum(card is None for card in was.cards)
            down_now = sum(card is None for card in pile.cards)
            if down_now < down_before and len(pile.cards) > down_now:
                news.append(f" {pile.cards[down_now]} turned up in column {pile.index + 1}.")
        return "".join(news)

    def _block(self, card: int, held: int, player: int) -> Block | None:
        """What holds a card a foundation waits for that lies face up (the game is lost); None
        for a face-down one, which `ExplainsLoss` only counts."""
        c, d = self._where(card)
        if d < self._down[c]:
            return None
        cover = self._cols[c][d + 1]
        if cover % 13 == KING:
            nowhere = f"{CARDS[cover]} is a King, which may only go into an empty column"
        else:
            needs = self._parents_words(cover)
            nowhere = f"{CARDS[cover]} needs {needs} on top of a column, and none is there"
            if not all(self._cols):
                nowhere += ", and only a King may fill an empty column"
        why = f"{CARDS[card]} is covered in column {c + 1} under {CARDS[cover]}: {nowhere}"
        return Block(CARDS[card], held, why)

    # ---- internals ----------------------------------------------------------------------------
    def _snapshot(self) -> tuple:
        return self.position_key()  # the whole state: columns, face-down counts, foundations

    def _restore(self, snap: tuple) -> None:
        cols, down, piles = snap
        self._cols, self._down, self._piles = list(cols), list(down), list(piles)
        self._status = None
        self._last_home = None

    _take_back = _restore


def of_the_family(game: object) -> None:
    """Refuse anything but a game of the family, naming what was given (the front doors of
    other games say the same of theirs): the family's solver and hint read its tables."""
    if not isinstance(game, FamilyGame):
        raise WrongTypeError(f"expected a game of the Yukon family, not {type(game).__name__}")


def move_of(card: int, e: int, onto: int) -> Move:
    """The public `Move` of a card (its index) going home (`e` < 0), onto the card `onto`, or
    into column `e` (`onto` < 0: the column is empty)."""
    if e < 0:
        return to_foundation(CARDS[card])
    if onto < 0:
        return to_column(CARDS[card], e + 1)
    return Move("tableau", CARDS[card], onto=CARDS[onto])
