"""Indian Patience through the game protocol: the table as piles, where a move goes, what a
click means, and the words for stuck cards, what a move turned over and why a game is lost. With two decks a
card can be on show twice, so a click means a place, never just a card.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from ausp_widget.core.cards import CARDS, RANK_TEXT, Card
from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.core.loss import Block, ExplainsLoss
from ausp_widget.core.moves import Move
from ausp_widget.core.per_position import per_position
from ausp_widget.core.protocol import Pile, PileRef, Place
from ausp_widget.core.text import sentence as _sentence
from ausp_widget.core.view import TableView

from .basics import FACE_DOWN, FREE, PROTECTED, WASTE, IndianMove


class Places(ExplainsLoss):
    """The protocol's table, moves and words, for `IndianGame` (which provides the state)."""

    click_help = "Click the top card of a column or the waste, then where it should go: one card at a time."
    lost_because = "no card can reach a foundation any more"
    protected_means = "it may only go to a foundation"

    @per_position
    def piles(self) -> tuple[Pile, ...]:
        """The stock, the waste, ten columns (face-down cards None, protected ones marked), foundations."""
        kings = self.options.empty_column == "kings"
        takes, accepts = ("only a King", "K") if kings else ("any single card", "")
        piles = [
            Pile(PileRef("stock", 0), (None,) * len(self._stock)),
            Pile(PileRef("waste", 0), tuple(CARDS[c] for c in self._waste)),
        ]
        for c, (col, bottom) in enumerate(zip(self._seen_columns(), self._bottoms)):
            cards = tuple(None if x < 0 else CARDS[x] for x in col)
            marked = frozenset({0}) if bottom == PROTECTED and col else frozenset()
            piles.append(Pile(PileRef("column", 0, c), cards, marked, takes=takes, accepts=accepts))
        return (*piles, *self._foundation_piles())

    def parse_move(self, text: str | Move) -> Move:
        return IndianMove.parse(text)

    @classmethod
    def from_view(cls, view: TableView, hidden: Iterator[int]) -> Any:
        """A game with the view's cards as shown, its face-down places and then its stock dealt
        from `hidden` (card indices; see `core.view`)."""
        columns, cols, heights = cls._from_view_parts(view, hidden)
        waste = next(p for p in view.piles if p.kind == "waste")
        return cls(
            cols,
            [FACE_DOWN if p.cards[:1] == (None,) else PROTECTED if p.protected else FREE for p in columns],
            tuple(itertools.islice(hidden, view.stock_size)),
            tuple(card.index for card in waste.cards),
            heights,
            options=view.options,
        )

    def _source_place(self, move: Move) -> Place | None:
        """Where a card move takes its card from: the source it names, else the one copy on show."""
        source = getattr(move, "source", None)
        if source is not None:
            src = WASTE if source == "waste" else source - 1
        else:  # the first copy on show: columns 1 to 10, then the waste
            src = next((s for s, card in self._sources() if card == move.card.index), None)
            if src is None:
                return None
        if src == WASTE:
            return Place(PileRef("waste", 0), len(self._waste) - 1)
        return Place(PileRef("column", 0, src), len(self._cols[src]) - 1)

    def _target_pile(self, move: Move, source: Place | None) -> PileRef | None:
        """The first column, not the card's own, that ends with the card a move names and may
        take a card."""
        for c, col in enumerate(self._cols):
            own = source is not None and source.pile == PileRef("column", 0, c)
            if col and col[-1] == move.onto.index and not own and self._open(c):
                return PileRef("column", 0, c)
        return None

    def _click(self, source: Place, target: PileRef, player: int) -> Move:
        """The legal move from `source` onto `target`, else the one the engine will refuse."""
        card, where = self._pick(source)
        if target.kind in ("waste", "stock"):
            raise IllegalMoveError(f"nothing moves onto the {target.kind}: cards only leave it")
        for move in self.legal_moves():
            if move.card is card and self.move_places(move) == (source, target):
                return move
        if target.kind == "foundation":
            return IndianMove("foundation", card, pile=target.index + 1, source=where)
        return IndianMove("column", card, column=target.index + 1, source=where)

    def _pick(self, place: Place) -> tuple[Card, int | str]:
        """The card at `place` and its source name, or why it cannot be picked up (a click on the
        stock is answered before: `PatienceBase.move_between` and `explain_stuck`)."""
        kind = place.pile.kind
        if kind == "foundation":
            raise IllegalMoveError("cards never leave a foundation")
        why = self._absent(place) or self._under(place)
        if why:
            raise IllegalMoveError(why)
        if kind == "waste":
            return CARDS[self._waste[-1]], "waste"
        return CARDS[self._cols[place.pile.index][place.depth]], place.pile.index + 1

    def _cards(self, place: Place) -> tuple[int, ...]:
        """The cards of the column or waste `place` lies in, bottom first."""
        return self._waste if place.pile.kind == "waste" else self._cols[place.pile.index]

    def _absent(self, place: Place) -> str:
        """Why no card can be picked up at a column or waste `place` (none, or face down), else ""."""
        cards = self._cards(place)
        if not 0 <= place.depth < len(cards):
            return self._empty_words(place.pile)
        if place.pile.kind == "column" and place.depth == 0 and self._bottoms[place.pile.index] == FACE_DOWN:
            return "that card is face down: it turns up when the cards on it are gone"
        return ""

    def _under(self, place: Place) -> str:
        """Why the face-up card at `place` cannot move because another lies on it, else ""."""
        cards = self._cards(place)
        if place.depth == len(cards) - 1:
            return ""
        card, cover = CARDS[cards[place.depth]], CARDS[cards[place.depth + 1]]
        if place.pile.kind == "waste":
            return f"{card} cannot move: only the top waste card moves, and it lies under {CARDS[cards[-1]]}"
        return (
            f"{card} cannot move: in Indian Patience only the top card of a column moves, one card at a "
            f"time, and {card} is covered by {cover}"
        )

    def _stuck(self, place: Place, player: int) -> str:
        """Why the card at `place` has no legal move, in the engine's words."""
        if place.pile.kind in ("column", "waste") and not self._absent(place) and self._under(place):
            return _sentence(self._under(place))
        card, where = self._pick(place)
        # refused: a card that may go home can move, and `explain_stuck` has said its moves
        home = self._refusal(IndianMove("foundation", card, pile=0, source=where))
        if where != "waste" and self._guarded(where - 1):
            return _sentence(f"{card} is protected: it may only go to a foundation, and {home}")
        if card.rank == 13:
            there = "a King goes to a foundation or an empty column, and no column is empty"
        else:
            there = "no other column ends with a card one rank higher in another suit that is free to take it"
            if not self._fills_empty(card.index) and not all(self._cols):
                there += ", and only a King may fill an empty column (rule option empty_column=kings)"
        return _sentence(f"{card} cannot move now: {there}; and {home}")

    def _into(self, move: Move, player: int) -> str:
        """A move to a column by number may go onto a card (when two columns end alike)."""
        return "onto" if len(self._cols[move.column - 1]) > 1 else "into"

    def news(self, before: Sequence[Pile]) -> str:
        """What a move turned over: a protected card, a column dealt again, the grace."""
        now = self._check_before(before)
        columns = [(b, a) for b, a in zip(before, now) if a.kind == "column"]
        news = []
        for old, new in columns:
            if new.protected and not old.protected:
                news.append(
                    f" {new.cards[0]} turned up in column {new.index + 1}: it is protected, "
                    "so it may only go to a foundation."
                )
        dealt = getattr(self, "_last_dealt", None)
        if dealt is not None:
            column, n = dealt
            how = {3: "one card face down, two face up", 2: "one card face down, one face up (the last two)"}
            news.append(
                f" Column {column + 1} was dealt again from the stock: "
                f"{how.get(n, 'one card face up (the last one)')}."
            )
        stock_before = next(p.size for p in before if p.kind == "stock")
        if stock_before and not self._stock and any(old.protected for old, _ in columns):
            news.append(" The stock is used up: protected cards are free now.")
        return "".join(news)

    # ---- why a lost game is lost: what holds the next card of each foundation ----------------
    def _block(self, card: int, held: int, player: int) -> Block | None:
        """What holds the nearest copy of `card` on show (the one with the fewest cards on
        it); None when no copy is on show (`ExplainsLoss` counts it, never placing it)."""
        places = [
            (len(col) - 1 - d, c, d)
            for c, col in enumerate(self._seen_columns())
            for d, x in enumerate(col)
            if x == card
        ]
        places += [(len(self._waste) - 1 - d, -1, d) for d, x in enumerate(self._waste) if x == card]
        if not places:
            return None
        over, c, _ = min(places)
        name = CARDS[card]
        cards = "one card" if over == 1 else f"{over} cards"
        if c < 0:
            why = (
                f"{name} lies under {cards} on the waste, and the stock is spent: nothing moves onto "
                f"the waste, so they leave from the top, and {CARDS[self._waste[-1]]} on top "
                f"{self._nowhere(self._waste[-1])}"
            )
        else:
            top = self._cols[c][-1]
            why = (
                f"{name} lies under {cards} in column {c + 1}; one card moves at a time, and "
                f"{CARDS[top]} on top {self._nowhere(top, c)}"
            )
        return Block(name, held, why)

    def _nowhere(self, card: int, column: int = -1) -> str:
        """Why the top card `card` cannot make way, said after its name."""
        if column >= 0 and self._guarded(column):
            return "is protected: it may only go to a foundation, which does not take it yet"
        if any(m.card is not None and m.card.index == card for m in self._card_moves(useful_only=True)):
            return "can still move, but no order of moves clears the way"
        if card % 13 == 12:
            text = "a King goes only to a foundation or an empty column"
        else:
            higher = RANK_TEXT[card % 13 + 1]
            text = f"it needs a column ending with a {higher} of another suit, and none does"
        if all(self._cols):
            text += ", and no column is empty"
        elif not self._fills_empty(card):  # never for a King
            text += "; only a King may fill an empty column (rule option empty_column=kings)"
        return f"can move nowhere: {text}"
