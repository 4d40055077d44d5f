"""The game protocol: what every patience game offers, so views, the guide, hints, the solver
front door, saves and the command line work with any game without knowing which it is.

The contract, in the words of the specification:

- P1 Identity. `game.name` is the registry key ("australian", "indian"); `game.title` the
  name people use ("Australian Patience"); `game.mode` is "solo", "turns" or "simultaneous";
  `game.players` is 1 or 2; `game.seed` the deal number (None for a position typed in);
  `game.card_count` how many cards one player must bring home (52, or 104 with two decks).
- P2 The table as data. `game.piles()` lists every pile as a `Pile`: its `kind` (column,
  stock, waste, foundation), `owner` (the player; None for foundations shared by two players),
  `index` among the piles of that kind and owner, and `cards` bottom first. A card a player may
  not see is None (never named); a card that obeys a special rule is listed in `protected`.
  A view draws a game from these alone. A game that deals every card (Yukon) lists its stock
  and waste empty and says `has_stock = False` (the game base's default is True): views then
  leave them out and offer no Draw.
- P3 Moves. `game.legal_moves(player)` lists every legal move (a `Move`); `game.useful_moves`
  the card moves that change more than the order of the columns. `game.parse_move(text)` reads
  the game's notation. `game.move_places(move, player)` (a `Move` or its text, as `play` takes)
  says where a move takes its cards from
  (`Place`: pile and depth; None for a draw or a pass) and which pile receives them, as it would
  be played now. `game.move_between(source, target, player)` is the move a click means: the card
  at `source` (a `Place`) onto the pile `target` (a `PileRef`) — legal or not, so that playing
  it either moves the cards or says which rule forbids it. A place is checked before anything
  is read, in every game alike: what is no `Place` (or no `PileRef`) is a `TypeError` naming the
  argument and what it takes; a pile this table lacks, or a depth below 0 or beyond its pile's
  cards (depth 0 of an empty pile is where its first card would lie), a `ValueError`.
- P4 Play. `play(move, player)` plays a move or raises `IllegalMoveError` with the reason,
  changing nothing; `undo()`, `redo()`, `can_undo`, `can_redo` (solo); `finish()` where the
  mode has it. Listeners (`add_listener`) hear of every change and every refusal.
- P5 Outcome. `status` ("playing", "won", "lost"; "playing", "over" for two players),
  `scores`, `winner`, `turn`, `history` ((player, move) pairs).
- P6 Words. `describe(move, player)` says a played move in words ("put 7♥ on F3"; the move a `Move`
  or its text); `explain_stuck(place, player)` says why the card at a place has no legal move (a
  covered card included; a stock place is read as the stock, its cards counted, never named; its
  arguments checked as `move_between`'s), or, for a card that can move, its moves ("A♦ can move now:
  A♦ F."); `news(before)` tells what a move turned over besides the move itself (a protected card
  turned up, a column dealt again), given the piles from before it (this table's `piles()`, else
  refused by name). Three short phrases finish a view's sentences: `click_help` (how to move a card
  by clicking), `lost_because` (why a lost game is lost, in a phrase) and `protected_means` (what a
  protected card may do; empty when the game has none). `explain_loss(player, shown)` says why a
  lost game is lost: the `shown` (a whole number from 0; two unless given) cards that block the most
  and what holds each, in the words of the rules, then a count of the rest ("" while the game is not
  lost). Every word a player reads names only cards the table shows (`ausp_widget.core.sight`): a
  face-down or stock card is counted, never named or placed, and a refusal about one is the same
  whichever card it is.
- P7 Forms. `to_text()` / `to_json()` and the registry's readers round-trip a position
  and a whole game; `copy()` is an independent game; `view(player)` is what that player may
  see (it holds no reference to the game).

Example — a view that draws any game and plays what a click means::

    for pile in game.piles():
        draw(pile.kind, pile.owner, pile.index, pile.cards, pile.protected)
    move = game.move_between(Place(PileRef("column", 0, 2), 3), PileRef("column", 0, 5))
    game.play(move)   # moves the cards, or raises IllegalMoveError naming the rule

A new game implements these names, registers itself with `ausp_widget.core.registry`, and
every view, the conformance tests, saves and the command line take it as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from .cards import Card
from .moves import Move

PileKind = Literal["column", "stock", "waste", "foundation"]


@dataclass(frozen=True, order=True)
class PileRef:
    """A pile's name on the table: kind, owner (None: shared) and 0-based index."""

    kind: PileKind
    owner: int | None = 0
    index: int = 0

    def __str__(self) -> str:
        if self.kind == "foundation":
            return f"F{self.index + 1}"
        if self.kind == "column":
            return f"column {self.index + 1}"
        return str(self.kind)


@dataclass(frozen=True)
class Place:
    """A card's place: a pile and the depth in it (0 = the bottom card)."""

    pile: PileRef
    depth: int = 0


@dataclass(frozen=True)
class Pile:
    """One pile as a view draws it (P2). `cards` are bottom first, None for a face-down card;
    `protected` holds the depths of cards under a special rule (Indian Patience's protected
    card); `suit` is a foundation's suit; `owners` says whose deck each foundation card came
    from; `takes` says in words what the pile accepts when empty."""

    ref: PileRef
    cards: tuple[Card | None, ...] = ()
    protected: frozenset[int] = frozenset()
    suit: str | None = None
    owners: tuple[int, ...] = ()
    takes: str = ""
    accepts: str = ""  # the one rank an empty pile takes ("K"), or "" when it takes any card
    count: int = field(default=-1)  # cards in a face-down pile (the stock); -1: len(cards)

    @property
    def kind(self) -> str:
        return self.ref.kind

    @property
    def owner(self) -> int | None:
        return self.ref.owner

    @property
    def index(self) -> int:
        return self.ref.index

    @property
    def size(self) -> int:
        return len(self.cards) if self.count < 0 else self.count

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None


Listener = Callable[[Any, str, Any], None]


@runtime_checkable
class PatienceGame(Protocol):
    """The names of P1–P7 (see the module docstring); both games implement them."""

    name: str
    title: str
    mode: str
    seed: int | None
    card_count: int
    refusal: ValueError | None
    click_help: str
    lost_because: str
    protected_means: str

    @property
    def players(self) -> int: ...
    @property
    def status(self) -> str: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def history(self) -> tuple[tuple[int, Move], ...]: ...
    @property
    def can_undo(self) -> bool: ...
    @property
    def can_redo(self) -> bool: ...

    def piles(self) -> tuple[Pile, ...]: ...
    def stock(self, p: int = 0) -> tuple[Card, ...]: ...  # the §4 readers: full knowledge, for
    def waste(self, p: int = 0) -> tuple[Card, ...]: ...  # analysis and lessons, never for a view
    def tableau(self, p: int = 0) -> tuple[tuple[Card, ...], ...]: ...
    def legal_moves(self, player: int = 0) -> list[Move]: ...
    def useful_moves(self, player: int = 0) -> list[Move]: ...
    def parse_move(self, text: str | Move) -> Move: ...
    def move_places(self, move: Move, player: int = 0) -> tuple[Place | None, PileRef | None]: ...
    def move_between(self, source: Place, target: PileRef, player: int = 0) -> Move: ...
    def play(self, move: Move | str, player: int = 0) -> Move: ...
    def undo(self) -> Move: ...
    def redo(self) -> Move: ...
    def finish(self) -> None: ...
    def describe(self, move: Move, player: int = 0) -> str: ...
    def explain_stuck(self, place: Place, player: int = 0) -> str: ...
    def explain_loss(self, player: int = 0, shown: int = 2) -> str: ...
    def news(self, before: Sequence[Pile]) -> str: ...
    def to_text(self) -> str: ...
    def to_json(self) -> str: ...
    def copy(self) -> PatienceGame: ...
    def view(self, player: int) -> Any: ...
    def add_listener(self, callback: Listener) -> None: ...
    def remove_listener(self, callback: Listener) -> None: ...


def has_stock(game: Any) -> bool:
    """Whether a game has a stock and waste at all: a game that deals every card (Yukon) says
    `has_stock = False`; one that says nothing (a plug-in) has them, as the game base does."""
    return getattr(game, "has_stock", True)


def _hides(pile: Pile) -> bool:
    """Whether `pile` hides a card: a stock with cards left, or a card drawn face down."""
    return bool(pile.size) if pile.kind == "stock" else None in pile.cards


def all_on_show(piles: Sequence[Pile]) -> bool:
    """Whether every card of `piles` is on show. What a game may say or offer from a search that
    turns up cards (a winning line, Auto-finish) depends on no hidden card only then."""
    return not any(_hides(pile) for pile in piles)


def cards_home(piles: Sequence[Pile], player: int = 0) -> int:
    """How many of `player`'s cards lie on the foundations (a foundation says whose deck each
    of its cards came from)."""
    return sum(pile.owners.count(player) for pile in piles if pile.kind == "foundation")


def refusal(game: PatienceGame, move: Move | str, player: int = 0) -> str | None:
    """The game's own reason for refusing `move` now (tried on a copy: nothing changes), or
    None when it is legal; text that names no move is refused in the game's words too."""
    try:
        game.copy().play(move, player)
    except ValueError as error:  # an IllegalMoveError, or a NotationError for the text
        return str(error)
    return None


def hidden_words(game: Any) -> str:
    """What the solver knows that the player does not: the order of the stock, the face-down
    cards, or both (Indian Patience, until its columns' face-down cards are turned up)."""
    if not has_stock(game):
        return "every face-down card"
    down = any(_hides(pile) for pile in game.piles() if pile.kind != "stock")
    return "the order of the stock and every face-down card" if down else "the order of the stock"


def pile_of(piles: Sequence[Pile], ref: PileRef) -> Pile:
    """The pile named `ref` among `piles` (a `LookupError` naming it when there is none)."""
    for pile in piles:
        if pile.ref == ref:
            return pile
    raise LookupError(f"there is no {ref} for player {ref.owner} on this table")


def place_of(piles: Sequence[Pile], card: Card, owner: int | None = 0) -> Place | None:
    """Where `card` is on show among `owner`'s piles (the topmost copy), else None."""
    for pile in piles:
        if pile.owner == owner and pile.kind != "stock":
            for depth in range(len(pile.cards) - 1, -1, -1):
                if pile.cards[depth] is card:
                    return Place(pile.ref, depth)
    return None


__all__ = [
    "PatienceGame",
    "Pile",
    "PileKind",
    "PileRef",
    "Place",
    "pile_of",
    "place_of",
]


def moves_from(game: PatienceGame, place: Place, player: int = 0) -> list[Move]:
    """The legal moves of `player` that pick up the card at `place` (what a click selects)."""
    return [
        m for m in game.legal_moves(player) if m.card is not None and game.move_places(m, player)[0] == place
    ]
