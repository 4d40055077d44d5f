"""What every game object shares, whatever its rules: history, exact undo and redo over
saved snapshots, listeners, and drawing itself through `ausp_widget.core.display`.

A game keeps `_history` ((player, move) pairs), `_undo` (one snapshot per move, taken before
it) and `_redo` (moves taken back), and says how to put a snapshot back (`_take_back`). Its
foundations are `_pile_suits` (the suit of F1, F2, …) and `_pile_heights()`; from these the
base reads the foundations, the piles a view draws for them and the pile a card goes to.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from . import display
from .cards import CARDS, SUIT_NAMES, SUITS
from .deal import check_first
from .errors import IllegalMoveError, WrongTypeError, check_whole, given, short_repr
from .moves import DRAW, Move
from .observers import Observable
from .protocol import Pile, PileRef, Place, moves_from, refusal
from .saves import check_seed, decode_save
from .sight import veiled
from .text import sentence


class PatienceBase(Observable):
    """The shared half of a game of the protocol (`ausp_widget.core.protocol`)."""

    mode: str
    title: str
    has_stock: bool = True
    """Whether the game has a stock to draw from at all: a game that deals every card (Yukon)
    lists its stock and waste as empty piles, and a view offers no Draw for it."""
    unseen_help: str = ""
    """What a refusal adds, for every card the player cannot see alike (`core.sight.unseen`)."""
    over_is_final: bool = False
    """Whether a game once over stays over whatever is played after it (cards never leave a
    foundation, and a lost position leads only to lost ones): then a stored line may be
    replayed with the status worked out once, before its last move (`core.replay`)."""
    _notation: Any  # the game's notation module: format_position(game) and save_json(game)
    _history: list[tuple[int, Move]]
    _undo: list[Any]
    _redo: list[tuple[int, Move]]
    _status: str | None
    _pile_suits: Sequence[int]
    players: int

    def play(self, move: Move | str, player: int = 0) -> Move:
        """Play a move (a `Move` or its text). Raises `IllegalMoveError` with the reason; then
        nothing has changed. Returns the move as played, in the game's canonical notation."""
        try:
            if not isinstance(move, Move):
                move = self.parse_move(move)
            self._check_player(player)
            status = self.status
            if status != "playing":
                raise IllegalMoveError(f"the game is over ({status})")
            action, played = self._check(move, player)
        except ValueError as error:  # IllegalMoveError, NotationError, or a wrong player
            said = veiled(self, error)  # never a card the table does not show
            self._refused(said, move if isinstance(move, Move) else None)
            if said is error:
                raise
            raise said from None
        self._keep_undo()
        self._apply(action, player)
        self._history.append((player, played))
        if self._listeners:
            self._notify("play", played)
        return played

    def parse_move(self, text: str | Move) -> Move:
        """A move in the notation the games share (a game that writes more reads its own)."""
        return Move.parse(text)

    def _move_arg(self, move: object, name: str = "move") -> Move:
        """`move` as a `Move`: a move as it is, its text read as `play` reads it (a
        `NotationError` for text that is no move), anything else a `WrongTypeError` naming `name`."""
        if isinstance(move, Move):
            return move
        if isinstance(move, str):
            return self.parse_move(move)
        got = f"{given(move)}"
        raise WrongTypeError(f"{name} must be a Move or its text (such as '7♥ 8♠'), not {got}")

    def _check(self, move: Move, player: int) -> tuple[Any, Move]:  # pragma: no cover
        """What playing `move` does (an action for `_apply`) and the move as played, or the
        error saying which rule it breaks (each game's own; `play` has checked the player and
        that the game goes on)."""
        raise NotImplementedError

    def _apply(self, action: Any, player: int) -> None:  # pragma: no cover - each game's own
        raise NotImplementedError

    def _keep_undo(self) -> None:
        """Keep what undo needs before a move is applied; a new move forgets the moves to redo."""
        self._undo.append(self._snapshot())
        self._redo.clear()

    def _take_back(self, snapshot: Any) -> None:  # pragma: no cover - each game's own
        raise NotImplementedError

    def _snapshot(self) -> Any:  # pragma: no cover - each game's own
        raise NotImplementedError

    def _begin(self) -> None:
        """Start the game's record at the position it was built in: the start (for saves), no
        moves yet, nothing to undo or redo, the status to be worked out, no listeners."""
        self._start = self._snapshot()
        self._history = []
        self._undo = []
        self._redo = []
        self._status = None
        self._init_listeners()

    def _compute_status(self) -> str:  # pragma: no cover - each game's own
        raise NotImplementedError

    # ---- a game for one player (a game for two says its own) ----------------------------
    @property
    def turn(self) -> int | None:
        """Whose turn it is: None, since one player makes every move."""
        return None

    @property
    def scores(self) -> tuple[int, ...]:
        """Cards on the foundations: one point each."""
        return (sum(self._pile_heights()),)

    @property
    def winner(self) -> int | None:
        return 0 if self.status == "won" else None

    @property
    def foundation_owners(self) -> tuple[tuple[int, ...], ...]:
        """Whose deck each foundation card came from: always the one player, 0."""
        return tuple((0,) * height for height in self._pile_heights())

    def finish(self) -> None:
        """Ends a simultaneous game against the bot; a game for one has none to end."""
        raise IllegalMoveError(f"finish() ends a simultaneous game against the bot, not {self.title}")

    def _pile_heights(self) -> Sequence[int]:  # pragma: no cover - each game's own
        """How many cards each foundation pile holds, F1 first."""
        raise NotImplementedError

    @property
    def status(self) -> str:
        """ "playing", "won" or "lost" (solo); "playing" or "over" (two players): worked out
        once per position (`_compute_status`), since every legal-move list asks for it."""
        if self._status is None:
            self._status = self._compute_status()
        return self._status

    @property
    def foundations(self) -> tuple[tuple[Any, ...], ...]:
        """Each foundation pile, F1 first, bottom card first (the suits as `pile_suit` says)."""
        return tuple(
            tuple(CARDS[suit * 13 + r] for r in range(height))
            for suit, height in zip(self._pile_suits, self._pile_heights())
        )

    def pile_suit(self, pile: int) -> str:
        """The suit of foundation `pile` (1-based, as in `F1`)."""
        count = len(self._pile_suits)
        if not (type(pile) is int and 1 <= pile <= count):
            raise ValueError(f"foundations are numbered 1 to {count}, not {pile!r}")
        return SUITS[self._pile_suits[pile - 1]]

    def _first_pile(self, card: int) -> int | None:
        """The first foundation pile (0-based) that takes `card` now, or None."""
        suit, rank = divmod(card, 13)
        for k, (s, height) in enumerate(zip(self._pile_suits, self._pile_heights())):
            if s == suit and height == rank:
                return k
        return None

    def _foundation_piles(self) -> list[Pile]:
        """The foundations as a view draws them (owner None: common ground)."""
        return [
            Pile(
                PileRef("foundation", None, k),
                cards,
                suit=SUITS[suit],
                owners=owners,
                takes=f"the ace of {SUIT_NAMES[SUITS[suit]]}",
            )
            for k, (suit, cards, owners) in enumerate(
                zip(self._pile_suits, self.foundations, self.foundation_owners)
            )
        ]

    # ---- a place or pile named by a click or a call: checked once, for every game ----------
    def _check_pile(self, ref: object, name: str) -> Pile:
        """The pile `ref` names on this table, else a `WrongTypeError` (not a `PileRef`) or a
        `ValueError` (a pile this table lacks), naming the argument and what it takes."""
        if not isinstance(ref, PileRef):
            raise WrongTypeError(
                f"{name} must be a PileRef (a pile's kind, owner and index), not {given(ref)}"
            )
        for part, value in (("owner", ref.owner), ("index", ref.index)):  # 1.0 and True equal 1
            if part == "owner" and value is None:
                continue  # a pile no player owns (a foundation)
            if isinstance(value, bool) or not isinstance(value, int):
                takes = "a whole number or None" if part == "owner" else "a whole number"
                raise WrongTypeError(f"{name}.{part} must be {takes}, not {given(value)}")
        for pile in self.piles():
            if pile.ref == ref:
                return pile
        said = ", ".join(short_repr(part) for part in (ref.kind, ref.owner, ref.index))
        raise ValueError(f"{name} must name a pile on this table, which has no PileRef({said})")

    def _check_place(self, place: object, name: str = "place") -> Pile:
        """The pile of `place`, checked: a `Place` (else a `WrongTypeError` naming `name`) of a
        pile on this table, at a depth from 0 below the pile's size (0 on an empty pile, where
        its first card would lie), else a `ValueError` saying which."""
        if not isinstance(place, Place):
            raise WrongTypeError(f"{name} must be a Place (a pile and a depth), not {given(place)}")
        pile = self._check_pile(place.pile, f"{name}.pile")
        depth = check_whole(f"{name}.depth", place.depth)
        if depth >= max(pile.size, 1):
            holds = "is empty" if not pile.size else f"holds {pile.size} card{'s' * (pile.size != 1)}"
            where = f"{_the(pile.ref)}{pile.ref} {holds}"
            raise ValueError(
                f"{name}.depth must be below {max(pile.size, 1)} ({where}), not {short_repr(depth)}"
            )
        return pile

    def _check_before(self, before: object, name: str = "before") -> tuple[Pile, ...]:
        """The piles now, once the piles `news` is given are checked: a list or tuple of `Pile`
        (else a `WrongTypeError`) naming this table's piles in order, as its `piles()` gives
        them (else a `ValueError`), so no game reads another table's piles as its own."""
        what = "the piles a game's piles() gave (a list or tuple of Pile)"
        if not isinstance(before, list | tuple) or not all(isinstance(p, Pile) for p in before):
            raise WrongTypeError(f"{name} must be {what}, not {given(before)}")
        now = self.piles()
        if [p.ref for p in before] != [p.ref for p in now]:
            raise ValueError(
                f"{name} must be the piles this game's piles() gave: these are not the piles of its table"
            )
        return now

    @staticmethod
    def _empty_words(ref: PileRef) -> str:
        """The refusal of a click on an empty pile (depth 0, where its first card would lie)."""
        return f"there is no card there: {_the(ref)}{ref} is empty"

    def move_between(self, source: Place, target: PileRef, player: int = 0) -> Move:
        """The move a click means: the card at `source` onto the pile `target` (P3). Every
        argument is checked here first, alike in every game; a click on a stock means a draw
        (`play` then says whether it is allowed); the rest is the game's `_click`."""
        pile = self._check_place(source, "source")
        self._check_pile(target, "target")
        self._check_player(player)
        if pile.kind == "stock" and self.has_stock:
            return DRAW
        return self._click(source, target, player)

    def explain_stuck(self, place: Place, player: int = 0) -> str:
        """Why the card at `place` has no legal move now (P6), or, when it has one, its moves
        ("A♦ can move now: A♦ F."). The arguments are checked here first, alike in every game;
        the stock's cards are counted, never named (`_stock_words`); the rest is the game's `_stuck`."""
        pile = self._check_place(place)
        self._check_player(player)
        if pile.kind == "stock" and pile.owner == player:
            return sentence(self._stock_words(pile))
        card = pile.cards[place.depth] if place.depth < pile.size else None
        moves = moves_from(self, place, player) if card is not None and self.status == "playing" else []
        if moves:
            return sentence(f"{card} can move now: {', '.join(map(str, moves))}")
        return self._stuck(place, player)

    def _click(self, source: Place, target: PileRef, player: int) -> Move:  # pragma: no cover
        """The move a click from a card's place means (each game's own; arguments checked)."""
        raise NotImplementedError

    def _stuck(self, place: Place, player: int) -> str:  # pragma: no cover - each game's own
        """Why the card at `place` cannot move (each game's own; arguments checked)."""
        raise NotImplementedError

    def _stock_words(self, pile: Pile) -> str:
        """What the stock is, for a click on it: how many cards it holds and how they come
        into play, never which they are (`core.sight`)."""
        if not self.has_stock:
            return f"{self.title} has no stock or waste: every card is dealt at the start"
        if not pile.size:
            return "the stock is empty: no card is left to draw"
        cards = "its one card lies" if pile.size == 1 else f"its {pile.size} cards lie"
        return f"the stock cannot be moved: {cards} face down until a draw turns one up"

    @property
    def _player_range(self) -> str:
        """Where the players' numbers hold, said after them: "in the solo game"."""
        return f"in the {self.mode} game"

    def _check_player(self, p: object) -> None:
        """Refuse, by name, a player this game does not have (a wrong type is a `WrongTypeError`)."""
        players = self.players
        if type(p) is int and 0 <= p < players:
            return
        error = WrongTypeError if isinstance(p, bool) or not isinstance(p, int) else ValueError
        names = " or ".join(map(str, range(players)))
        raise error(f"player must be {names} {self._player_range}, not {short_repr(p)}")

    def _refusal(self, move: Move, player: int = 0) -> str | None:
        """The engine's reason for refusing `move` now (tried on a copy), or None if legal."""
        return refusal(self, move, player)

    def _into(self, move: Move, player: int) -> str:
        """How a move into a column is said: "into" (an empty column) unless a game says more."""
        return "into"

    def describe(self, move: Move | str, player: int = 0) -> str:
        """A played move in words, for a status line: "moved J♥ onto Q♥", naming the pile a
        card went to when the game knows it (`_last_home`). The move may be its text, as for `play`."""
        move = self._move_arg(move)
        if move.kind == "draw":
            waste = self.waste(player)
            return f"drew {waste[-1]}" if waste else "drew"
        if move.kind == "pass":
            return "passed"
        if move.kind == "foundation":
            last = getattr(self, "_last_home", None)
            pile = move.pile or (last + 1 if last is not None else None)
            return f"put {move.card} on {'F' + str(pile) if pile else 'its foundation'}"
        if move.kind == "column":
            return f"moved {move.card} {self._into(move, player)} column {move.column}"
        return f"moved {move.card} onto {move.onto}"

    def copy(self) -> Any:
        """An independent game in the same position (history included, listeners not)."""
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone._history = list(self._history)
        clone._undo = list(self._undo)
        clone._redo = list(self._redo)
        clone._listeners = []
        self._copy_state(clone)
        return clone

    @classmethod
    def from_text(cls, text: str) -> Any:
        """A position in this game's position text (its notation module reads it)."""
        return cls._notation.parse_position(text, cls)

    @classmethod
    def from_json(cls, text: str | bytes | dict) -> Any:
        """A save of this game (another game's save is refused, naming its game)."""
        return cls._notation.load_json(decode_save(text), cls)

    @classmethod
    def _check_solo_deal(cls, seed: object, mode: object, first: object) -> None:
        """What a one-player game's `deal` checks: the solo mode, a deal number, a first player
        (which changes nothing)."""
        if mode != "solo":
            raise ValueError(f"{cls.title} is a solo game: mode must be 'solo', not {mode!r}")
        check_seed(seed)
        check_first(first, " (one player: it changes nothing)")

    def play_winning_line(self, moves: Iterable[str | Move]) -> list[Move]:
        """Play a line a solver says wins, each move checked as `play` checks it, except that
        no position on the way is searched for being stuck: a line that ends with every card
        home never passes a lost position. A line that does not end in a win raises
        `IllegalMoveError`, with the game taken back to where it was."""
        if isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
            raise WrongTypeError(f"moves is a list of moves, not {given(moves)}")
        start, redo, played = len(self._history), list(self._redo), []
        try:
            for move in moves:  # a generator too: its moves are counted as they are played
                self._status = "playing"  # see the docstring; the last status is computed below
                played.append(self.play(move))
            if self.status != "won":
                raise IllegalMoveError(
                    f"the line of {len(played)} moves does not win: the game is {self.status}"
                )
        except BaseException:  # anything, even an error of the line's own making: nothing stays played
            while len(self._history) > start:
                self._step_back()
            self._redo, self._status = redo, None
            if played:
                self._notify("undo", played[0])  # a table showing the game redraws it
            raise
        return played

    def _copy_state(self, clone: Any) -> None:  # pragma: no cover - each game's own
        """Give `clone` its own copies of the game's changing state."""
        raise NotImplementedError

    def __repr__(self) -> str:
        if self.mode == "solo":
            return f"Game.from_text({self.to_text()!r})"
        return f"Game.from_json({self.to_json()!r})"

    def to_text(self) -> str:
        """This position in the game's position text (`Game.from_text` reads it back)."""
        return self._notation.format_position(self)

    def to_json(self) -> str:
        """A versioned save with the start position and every move, checked on load (never pickle)."""
        return self._notation.save_json(self)

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        """Every (player, move) played so far, oldest first."""
        return tuple(self._history)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Move:
        """Take back the last move (solo); returns it."""
        if self.mode != "solo":
            raise IllegalMoveError("undo is for the solo game: moves against the bot stand")
        if not self._undo:
            raise IllegalMoveError("nothing to undo: this is the start of the game")
        self._take_back(self._undo.pop())
        entry = self._history.pop()
        self._redo.append(entry)
        self._notify("undo", entry[1])
        return entry[1]

    def redo(self) -> Move:
        """Play again the last move taken back (solo); returns it."""
        if self.mode != "solo":
            raise IllegalMoveError("redo is for the solo game")
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        player, move = self._redo[-1]
        redo = self._redo[:-1]
        listeners, self._listeners = self._listeners, []
        try:
            self.play(move, player)
        finally:
            self._listeners = listeners
        self._redo = redo
        self._notify("redo", move)
        return move

    def _step_back(self) -> bool:
        """Take back the last move by its snapshot, whether or not the player may undo (for
        reading a game's past: reviews, hints); False at the start of the game."""
        if not self._undo:
            return False
        self._take_back(self._undo.pop())
        self._redo.append(self._history.pop())
        return True

    def rewound(self) -> Any:
        """An independent copy taken back to the start of the game, its moves ready to redo
        (works when the game's player may not undo: reading the past is not taking it back)."""
        clone = self.copy()
        while clone._step_back():
            pass
        return clone

    def _repr_html_(self) -> str:
        return display.draw("html", self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """What a notebook shows as the plain-text side of a game left as a cell's result: a
        summary, since `repr` (which rebuilds the game) names the stock's order and the
        face-down cards, and the notebook would send and keep it beside the board."""
        printer.text(str(self))

    def __str__(self) -> str:
        """A summary, for `print(game)` and f-strings: the same reason as `_repr_pretty_` (the
        whole position, hidden cards included, is `repr(game)` or `to_text()`, asked by name)."""
        deal = "a position set up" if self.seed is None else f"deal {self.seed}"
        moves = len(self.history)
        return f"<{self.title}, {deal}, {self.mode}: {moves} move{'s' * (moves != 1)}, {self.status}>"

    def rule_options(self) -> dict[str, object]:
        """The rule options in force that differ from the game's defaults, by name (a game
        without options has none): the rules panel words them, and a new deal keeps them."""
        return {}

    def plot(self, **options: Any) -> Any:
        """This position as a matplotlib figure (see `ausp_widget.render.plot.plot_position`)."""
        return display.draw("figure", self, **options)


def _the(ref: PileRef) -> str:
    """ "the " before a pile's name that needs it ("the stock"; "column 3", "F1" go without)."""
    return "the " if ref.kind in ("stock", "waste") else ""
