"""The game: one `Game` serves the solo game (one layout, four foundations) and the games
against the bot (two layouts, eight shared foundations). Undo restores a snapshot instead of
reversing a move by hand, so it is exact.
"""

from __future__ import annotations

from typing import Any, Literal

from ausp_widget.core import registry
from ausp_widget.core.base import PatienceBase
from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.deal import check_first, deal_decks
from ausp_widget.core.errors import IllegalMoveError, WrongTypeError
from ausp_widget.core.moves import DRAW, PASS, Move, onto_parent, to_column, to_foundation
from ausp_widget.core.protocol import PatienceGame
from ausp_widget.core.saves import check_seed, decode_save

from . import notation
from .checks import Checks
from .layout import COLUMNS, FOUNDATION, MODES, STOCK, WASTE, _Layout, layout_from_cards
from .legal import KINGS, TO_HOME, card_moves
from .loss import Loss
from .places import Places
from .view import View

Mode = Literal["solo", "turns", "simultaneous"]


class Game(Checks, Places, Loss, PatienceBase):
    """A game of Australian Patience; see SPEC §1–§4 for the rules and the API, and
    `ausp_widget.core.protocol` for the names every game shares."""

    name = "australian"
    game = name  # the older name of `name`
    title = "Australian Patience"
    card_count = 52
    _notation = notation

    def __init__(
        self,
        layouts: list[_Layout],
        piles: list[tuple[int, ...]] | None = None,
        *,
        mode: Mode = "solo",
        seed: int | None = None,
        first: int = 0,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if len(layouts) != (1 if mode == "solo" else 2):
            raise ValueError(f"the {mode} game needs {1 if mode == 'solo' else 2} layouts")
        self.mode: Mode = mode
        self.seed = seed
        self.first = first
        self._layouts = layouts
        self._pile_suits = tuple(range(4)) if mode == "solo" else tuple(s for s in range(4) for _ in (0, 1))
        self._suit_piles = tuple(
            tuple(k for k, s in enumerate(self._pile_suits) if s == suit) for suit in range(4)
        )
        self._piles: list[tuple[int, ...]] = piles or [()] * len(self._pile_suits)
        self._turn = first
        self._idle_passes = 0  # consecutive turns that ended in a pass without a useful move
        self._moved = False  # a useful move was made during the current turn
        self._finished = False
        self._wants: dict[int, int] | None = None  # cached: card -> first foundation pile taking it
        self._begin()

    # ---- construction -------------------------------------------------------------------
    @classmethod
    def deal(
        cls,
        seed: int = 0,
        mode: Mode = "solo",
        first: int | str = 0,
        game: str = "australian",
        options: Any = None,
    ) -> PatienceGame:
        """A new game from a seed. `first` (turn-based) is 0 (you), 1 (the bot) or "random" (from
        the seed). `game` deals any registered game, with its rule `options` (Australian has none).
        """
        if game != cls.name:
            extra = {} if options is None else {"options": options}
            return registry.entry(game).deal(seed, mode=mode, first=first, **extra)
        if options is not None:
            raise ValueError(
                f"Australian Patience has no rule options (options={options!r}); "
                'they belong to Indian Patience: Game.deal(seed, game="indian", options=...)'
            )
        check_seed(seed)
        if mode not in MODES:
            error = ValueError if isinstance(mode, str) else WrongTypeError
            raise error(f"mode must be one of {', '.join(MODES)}, not {mode!r:.60}")
        check_first(first)
        decks, coin = deal_decks(seed, 1 if mode == "solo" else 2)
        first = coin if first == "random" else first
        layouts = [layout_from_cards(cols, stock, ()) for cols, stock in decks]
        return cls(layouts, mode=mode, seed=seed, first=first)

    @classmethod
    def from_text(cls, text: str) -> PatienceGame:
        """A solo position in §3 text (another game's when it has a `game:` line, as
        'game: indian')."""
        return registry.read_text(text)

    @classmethod
    def from_json(cls, text: str | bytes | dict) -> PatienceGame:
        """Any save, of any game (its "game" field says which)."""
        return registry.read_save(decode_save(text))

    def _copy_state(self, clone: Game) -> None:
        clone._layouts = [_Layout.__new__(_Layout) for _ in self._layouts]
        for mine, theirs in zip(clone._layouts, self._layouts):
            mine.stock = theirs.stock
            mine.restore(theirs.snapshot())
        clone._piles = list(self._piles)

    # ---- reading the position -------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self._layouts)

    def tableau(self, p: int = 0) -> tuple[tuple[Card, ...], ...]:
        """Columns 1–7, each bottom card first, exposed card last."""
        return tuple(tuple(CARDS[c] for c in col) for col in self._layout(p).cols)

    def stock(self, p: int = 0) -> tuple[Card, ...]:
        """The stock, next card to draw first."""
        lay = self._layout(p)
        return tuple(CARDS[c] for c in lay.stock[lay.drawn :])

    def waste(self, p: int = 0) -> tuple[Card, ...]:
        """The waste, bottom first, top card last."""
        return tuple(CARDS[c] for c in self._layout(p).waste)

    def _pile_heights(self) -> list[int]:
        """4 piles in solo (♣ ♦ ♥ ♠), 8 in two-player (F1 F2 ♣, F3 F4 ♦, F5 F6 ♥, F7 F8 ♠)."""
        return [len(pile) for pile in self._piles]

    @property
    def foundation_owners(self) -> tuple[tuple[int, ...], ...]:
        """For each pile, whose deck each of its cards came from (bottom first)."""
        return tuple(self._piles)

    def locate(self, card: Card | str, p: int = 0) -> tuple[str, int | None, int | None]:
        """Where one of player p's cards is: ("tableau", column 1–7, depth 0-based),
        ("waste", position, None), ("stock", position, None) or ("foundation", pile 1–8, None)."""
        card = Card.parse(card)
        lay = self._layout(p)
        where = lay.loc[card.index]
        if where >= 0:
            return ("tableau", (where >> 6) + 1, where & 63)
        if where == WASTE:
            return ("waste", lay.waste.index(card.index), None)
        if where == STOCK:
            return ("stock", lay.stock.index(card.index) - lay.drawn, None)
        for k, (suit, pile) in enumerate(zip(self._pile_suits, self._piles), start=1):
            if suit == card.index // 13 and len(pile) > card.index % 13 and pile[card.index % 13] == p:
                return ("foundation", k, None)
        return ("foundation", None, None)

    @property
    def turn(self) -> int | None:
        """Whose turn it is in the turn-based game (0 you, 1 the bot); None otherwise."""
        return self._turn if self.mode == "turns" and self.status == "playing" else None

    @property
    def scores(self) -> tuple[int, ...]:
        """Foundation cards per deck: (yours, the bot's); solo: (cards home,)."""
        counts = [0] * len(self._layouts)
        for pile in self._piles:
            for owner in pile:
                counts[owner] += 1
        return tuple(counts)

    @property
    def winner(self) -> int | None:
        """Two players: who leads on points (the winner once the game is over); None on a tie."""
        if self.mode == "solo":
            return 0 if self.status == "won" else None
        mine, theirs = self.scores
        return None if mine == theirs else (0 if mine > theirs else 1)

    def _compute_status(self) -> str:
        """Solo: "playing", "won" or "lost" (R9). Two players: "playing" or "over"."""
        if self.mode == "solo":
            if sum(map(len, self._piles)) == 52:
                return "won"
            return "playing" if self.can_progress(0) else "lost"
        if self._finished or sum(map(len, self._piles)) == 104:
            return "over"
        if self.mode == "turns":
            return "over" if self._idle_passes >= 2 else "playing"
        if all(not self.can_progress(p) for p in (0, 1)):
            return "over"
        return "playing"

    def can_progress(self, player: int = 0) -> bool:
        """Whether `player` can still draw or make a useful move."""
        lay = self._layout(player)
        return lay.drawn < len(lay.stock) or bool(self._moves(player, useful_only=True))

    def view(self, p: int) -> View:
        """What player p may see: their own layout, their stock's size, the foundations."""
        self._layout(p)
        return View.of(self, p)

    # ---- legal moves ------------------------------------------------------------------------
    def legal_moves(self, player: int = 0) -> list[Move]:
        """Every move `player` may make now; empty when the game is over or it is not their turn."""
        lay = self._layout(player)
        if self.mode == "solo":
            return self._solo_moves(lay)
        if self.status != "playing":
            return []
        if self.mode == "turns" and player != self._turn:
            return []
        moves = self._moves(player, useful_only=False)
        if lay.drawn < len(lay.stock):
            moves.append(DRAW)
        elif self.mode == "turns":
            moves.append(PASS)
        return moves

    def _solo_moves(self, lay: _Layout) -> list[Move]:
        """Legal solo moves, settling the status on the way (the hot path of every playout)."""
        if self._status is not None and self._status != "playing":
            return []
        moves = self._moves(0, useful_only=False)
        if lay.drawn < len(lay.stock):
            self._status = "playing"
            moves.append(DRAW)
            return moves
        if self._status is None:
            self._status = self._compute_status()
        return moves if self._status == "playing" else []

    def useful_moves(self, player: int = 0) -> list[Move]:
        """Legal card moves without King shuffles between empty columns (R9); no draw or pass."""
        if not self.legal_moves(player):
            return []
        return self._moves(player, useful_only=True)

    def _foundation_wants(self) -> dict[int, int]:
        """For each card a foundation pile would take now, the first such pile (0-based)."""
        if self._wants is None:
            wants: dict[int, int] = {}
            for k, (suit, pile) in enumerate(zip(self._pile_suits, self._piles)):
                if len(pile) < 13:
                    wants.setdefault(suit * 13 + len(pile), k)
            self._wants = wants
        return self._wants

    def _moves(self, player: int, useful_only: bool) -> list[Move]:
        """The rule table's card moves (`legal.card_moves`) in the game's notation."""
        lay = self._layouts[player]
        waste_top = lay.waste[-1] if lay.waste else -1
        solo = self.mode == "solo"
        moves: list[Move] = []
        for kind, card, _, dest in card_moves(
            lay.cols, lay.loc, waste_top, self._foundation_wants(), useful_only=useful_only
        ):
            if kind != TO_HOME:
                moves.append(_ONTO[card] or _KING_MOVES[card // 13][dest])
            elif solo:
                moves.append(_HOME[card])
            else:  # two players: one move per pile that takes the card
                moves += [
                    Move("foundation", CARDS[card], pile=k + 1)
                    for k in self._suit_piles[card // 13]
                    if len(self._piles[k]) == card % 13
                ]
        return moves

    # ---- playing ----------------------------------------------------------------------------
    def _check(self, move: Move, player: int) -> tuple[tuple, Move]:
        """The action and the move as played (a two-player `F` names its pile), or the reason."""
        action = self._resolve(move, player, self._layout(player))
        return action, action[1]

    def _keep_undo(self) -> None:
        """Solo only (moves against the bot stand): the first layout and the foundations."""
        if self.mode == "solo":
            lay0 = self._layouts[0]
            self._undo.append(((tuple(lay0.cols), lay0.drawn, lay0.waste), tuple(self._piles)))
            if self._redo:
                self._redo.clear()

    def finish(self) -> None:
        """Simultaneous game: once both stocks are empty, either player may stop and count."""
        if self.mode != "simultaneous":
            raise IllegalMoveError("finish() ends the simultaneous game only")
        if self.status != "playing":
            raise IllegalMoveError("the game is already over")
        if any(lay.drawn < len(lay.stock) for lay in self._layouts):
            raise IllegalMoveError("finish only once both stocks are empty")
        self._finished = True
        self._status = None
        self._notify("finish", None)

    # ---- internals ----------------------------------------------------------------------------
    def _layout(self, p: int) -> _Layout:
        if type(p) is not int or not 0 <= p < len(self._layouts):
            self._check_player(p)
        return self._layouts[p]

    def _snapshot(self) -> tuple:
        return (
            tuple(lay.snapshot() for lay in self._layouts),
            tuple(self._piles),
            self._turn,
            self._idle_passes,
            self._moved,
            self._finished,
        )

    def _take_back(self, snap: tuple) -> None:
        lay0, piles = snap
        self._restore(((lay0,), piles, 0, 0, False, False))

    def _restore(self, snap: tuple) -> None:
        lays, piles, self._turn, self._idle_passes, self._moved, self._finished = snap
        for lay, saved in zip(self._layouts, lays):
            lay.restore(saved)
        self._piles = list(piles)
        self._status = None
        self._wants = None

    def _apply(self, action: tuple, player: int) -> None:
        lay = self._layouts[player]
        kind = action[0]
        self._status = None
        if kind == "draw":
            card = lay.stock[lay.drawn]
            lay.drawn += 1
            lay.waste += (card,)
            lay.loc[card] = WASTE
            if self.mode == "turns":
                self._end_turn(idle=False)
            return
        if kind == "pass":
            self._end_turn(idle=not self._moved)
            return
        card, where = action[2], lay.loc[action[2]]
        if where == WASTE:
            group: tuple[int, ...] = (card,)
            lay.waste = lay.waste[:-1]
            useful = True
        else:
            c, depth = where >> 6, where & 63
            group = lay.cols[c][depth:]
            lay.cols[c] = lay.cols[c][:depth]
            useful = depth > 0 or action[1].kind != "column"  # not a King shuffle (R9)
        self._moved = self._moved or useful
        if kind == "foundation":
            k = action[4]
            self._piles[k] = self._piles[k] + (player,)
            self._wants = None
            lay.loc[card] = FOUNDATION
            return
        dest = action[3]
        base = dest * 64 + len(lay.cols[dest])
        lay.cols[dest] = lay.cols[dest] + group
        loc = lay.loc
        for i, g in enumerate(group):
            loc[g] = base + i

    def _end_turn(self, idle: bool) -> None:
        self._idle_passes = self._idle_passes + 1 if idle else 0
        self._moved = False
        self._turn = 1 - self._turn


_KING_MOVES = tuple(tuple(to_column(CARDS[king], e + 1) for e in range(COLUMNS)) for king in KINGS)
"""Each King's moves into columns 1–7, by suit."""
_ONTO = tuple(onto_parent(card) for card in CARDS)
"""Each card's one move onto the tableau (None for a King: it goes into an empty column)."""
_HOME = tuple(to_foundation(card) for card in CARDS)
