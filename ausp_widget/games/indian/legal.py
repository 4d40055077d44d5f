"""The moves Indian Patience allows: the one rule table (`card_moves`) that the game, the
solver's state, the hints and the stuck-position search all read, each leaving out the
symmetries it may ignore (a test checks that they agree); the game's checks of a move, with
the rule it breaks and the shortest unambiguous text of a legal one (twin cards may need
their place named); and the one account of taking a card off a column (`take_top`).

A protected card is the bottom card of a column in the PROTECTED state: its column's only
card, unless the option `protected_takes_cards` lets cards go onto it; then it stays
protected underneath until the stock is used up (the grace).
"""

from __future__ import annotations

from collections.abc import Sequence

from ausp_widget.core.cards import CARDS, RANK_TEXT, SUITS, Card
from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.core.moves import DRAW, Move
from ausp_widget.core.sight import Sight, unseen

from .basics import (
    FACE_DOWN,
    FREE,
    PILE_SUITS,
    PROTECTED,
    WASTE,
    IndianOptions,
    Source,
    _move,
    _source_text,
    fits,
)

__all__ = ["HOME", "ONTO", "PARENTS", "WASTE", "Legal", "card_moves", "grace", "take_top"]

HOME, ONTO = 0, 1
"""A card move's kind: to a foundation pile, or onto a column (with cards or empty)."""
PARENTS = tuple(tuple(p for p in range(52) if fits(card, p)) for card in range(52))
"""The cards each card may go onto in the tableau (none for a King)."""

CardMove = tuple[int, int, int, int]  # (source column or WASTE, card, HOME or ONTO, pile or column)
RANKS = tuple(card % 13 for card in range(52))
LOW_PILES = tuple(2 * (card // 13) for card in range(52))
"""The first of the two foundation piles that take each card's suit."""
HIDDEN_HELP = "a card turns up when it is drawn from the stock or uncovered in its column"
ONTO_HIDDEN = "a card goes onto the top card of another column"


def card_moves(
    cols: Sequence[Sequence[int]],
    bottoms: Sequence[int],
    waste_top: int,
    piles: Sequence[int],
    options: IndianOptions,
    *,
    symmetric: bool = False,
    lone_to_empty: bool = True,
) -> list[CardMove]:
    """Every card move, as (source, card, kind, destination): sources column by column, then
    the waste; per source its foundation piles, the columns it goes onto, the empty columns.

    A negative card in `cols` is one nobody has seen (never a source); `waste_top` is -1 for
    none; piles 2s and 2s + 1 take suit s. `symmetric` leaves out what only exchanges alike
    things (the second pile of a suit, every empty column but the first), `lone_to_empty=False`
    a lone card's move into an empty column (it only exchanges two columns).
    """
    protected_takes = options.protected_takes_cards
    kings_only = options.empty_column == "kings"
    targets: dict[int, list[int]] = {}  # the columns a card may go onto, by their top card
    empty: list[int] = []
    sources: list[tuple[int, int, int]] = []  # (column or WASTE, its top card, its height)
    for t, col in enumerate(cols):
        if not col:
            empty.append(t)
            continue
        top = col[-1]
        if protected_takes or bottoms[t] != PROTECTED or len(col) > 1:
            if top in targets:
                targets[top].append(t)
            else:
                targets[top] = [t]
        if top >= 0:
            sources.append((t, top, len(col)))
    if symmetric:
        del empty[1:]
    if waste_top >= 0:
        sources.append((WASTE, waste_top, 0))
    moves: list[CardMove] = []
    add = moves.append
    for src, card, height in sources:
        rank, low = RANKS[card], LOW_PILES[card]
        if piles[low] == rank:
            add((src, card, HOME, low))
            if not symmetric and piles[low + 1] == rank:
                add((src, card, HOME, low + 1))
        elif piles[low + 1] == rank:
            add((src, card, HOME, low + 1))
        if height == 1 and bottoms[src] == PROTECTED:
            continue  # a protected card goes only to a foundation
        parents = PARENTS[card]
        if not targets.keys().isdisjoint(parents):
            onto = [t for parent in parents if parent in targets for t in targets[parent] if t != src]
            if len(onto) > 1:
                onto.sort()
            for t in onto:
                add((src, card, ONTO, t))
        if empty and (rank == 12 or not kings_only) and (lone_to_empty or height != 1):
            for e in empty:
                add((src, card, ONTO, e))
    return moves


class Legal:
    """The legal moves, the checks of a move (a refusal that comes from a rule option names it)
    and its effect, for `IndianGame` (which holds the state)."""

    options: IndianOptions
    _cols: list[tuple[int, ...]]
    _bottoms: list[int]
    _stock: tuple[int, ...]
    _waste: tuple[int, ...]
    _piles: list[int]
    _status: str | None
    _last_home: int
    _last_dealt: tuple[int, int] | None

    def _guarded(self, c: int) -> bool:
        """Whether column c's top card is protected: it may only go to a foundation."""
        return self._bottoms[c] == PROTECTED and len(self._cols[c]) == 1

    def _open(self, t: int) -> bool:
        """Whether the top card of the non-empty column t may receive a card."""
        return self.options.protected_takes_cards or not self._guarded(t)

    def _fills_empty(self, card: int) -> bool:
        """Whether `card` may go into an empty column (option `empty_column`)."""
        return self.options.empty_column == "any" or card % 13 == 12

    def _sources(self) -> list[tuple[int, int]]:
        """(column index or WASTE, card) for every available card."""
        sources = [(c, col[-1]) for c, col in enumerate(self._cols) if col]
        if self._waste:
            sources.append((WASTE, self._waste[-1]))
        return sources

    def _card_moves(self, useful_only: bool) -> list[Move]:
        """The rule table's moves, each in its shortest unambiguous notation (`_canonical`), then
        the draw while the stock lasts; `useful_only`: without a lone card's move into another
        empty column, and without the draw."""
        waste_top = self._waste[-1] if self._waste else -1
        table = card_moves(
            self._cols, self._bottoms, waste_top, self._piles, self.options, lone_to_empty=not useful_only
        )
        moves = [self._table_move(move) for move in table]
        return moves if useful_only or not self._stock else [*moves, DRAW]

    def _table_move(self, move: CardMove) -> Move:
        """A rule-table move (`card_moves`) as the game's canonical move (its card is on show)."""
        src, card, kind, dest = move
        return self._canonical(("foundation" if kind == HOME else "tableau", src, card, dest))

    def _apply(self, action: tuple, player: int = 0) -> None:
        self._status = None
        self._last_dealt = None
        if action[0] == "draw":
            self._waste += (self._stock[0],)
            self._stock = self._stock[1:]
            if not self._stock:
                grace(self._bottoms)
            return
        _, src, card, dest = action
        if src == WASTE:
            self._waste = self._waste[:-1]
        else:
            n = take_top(self._cols, self._bottoms, src, len(self._stock), self.options)
            if n:
                self._cols[src], self._stock = self._stock[:n], self._stock[n:]
                self._last_dealt = (src, n)
        if action[0] == "foundation":
            self._piles[dest] += 1
            self._last_home = dest  # the pile the last foundation move went to (for its words)
        else:
            self._cols[dest] = self._cols[dest] + (card,)

    unseen_help = HIDDEN_HELP

    def _check(self, move: Move, player: int) -> tuple[tuple, Move]:
        """Check a move against the rules: (what to do, the move in canonical form), or raise."""
        if move.kind == "draw":
            if not self._stock:
                raise IllegalMoveError("the stock is empty: there is no redeal, one pass only")
            return ("draw",), DRAW
        if move.kind == "pass":
            raise IllegalMoveError("there is no pass in Indian Patience: draw a card or move one")
        card = move.card.index
        self._check_seen(move)
        source = getattr(move, "source", None)
        candidates = self._candidates(move, card, source)
        done: list[tuple] = []
        errors: list[str] = []
        for src in candidates:
            try:
                done.append(self._destination(move, card, src))
            except IllegalMoveError as error:
                errors.append(str(error))
        if not done:
            raise IllegalMoveError(errors[0])
        if len(done) > 1:
            places = " and ".join(_place_name(src) for src in candidates)
            raise IllegalMoveError(
                f"both {move.card} can make this move ({places}): say which, as in "
                + " or ".join(f"'{_source_text(_source_of(src))}:{move}'" for src in candidates)
            )
        action = done[0]
        return action, self._canonical(action)

    def _check_seen(self, move: Move) -> None:
        """Refuse, in the same words whichever card it is, a move whose card or target has no copy on show."""
        tops = {c for _, c in self._sources()}
        named = [move.card.index] + ([move.onto.index] if move.kind == "tableau" else [])
        if all(c in tops for c in named):
            return
        sight = Sight.of_game(self)
        if not sight.sees(move.card.index):
            raise IllegalMoveError(unseen(HIDDEN_HELP))
        if move.kind == "tableau" and not sight.sees(move.onto.index):
            raise IllegalMoveError(unseen(ONTO_HIDDEN))

    def _candidates(self, move: Move, card: int, source: Source | None) -> list[int]:
        """The available copies of the card the move names (column indices or WASTE)."""
        name = move.card
        if source is not None:
            if source == "waste":
                if not self._waste:
                    raise IllegalMoveError(f"the waste is empty: no {name} there")
                if self._waste[-1] != card:
                    raise IllegalMoveError(
                        f"the top waste card is {CARDS[self._waste[-1]]}, not {name}: "
                        "only the top waste card moves"
                    )
                return [WASTE]
            col = self._cols[source - 1]  # a column 1..10: IndianMove checked it when it was made
            if not col:
                raise IllegalMoveError(f"column {source} is empty: no {name} there")
            if col[-1] != card:
                raise IllegalMoveError(
                    f"column {source} ends with {CARDS[col[-1]]}, not {name}: only a column's top card moves"
                )
            return [source - 1]
        found = [src for src, c in self._sources() if c == card]
        if not found:
            raise IllegalMoveError(
                f"{name} cannot move: only the top card of a column or of the waste moves; "
                + self._whereabouts(card)
            )
        return found

    def _whereabouts(self, card: int) -> str:
        """Where a card's two copies are, as far as the player can see (hidden ones stay hidden)."""
        name = CARDS[card]
        said: list[str] = []
        for c, col in enumerate(self._seen_columns()):
            for depth, x in enumerate(col[:-1]):
                if x == card:
                    said.append(f"the {name} in column {c + 1} is covered by {CARDS[col[depth + 1]]}")
        placed = len(said)  # the copies said so far
        under = self._waste[:-1].count(card) if self._waste else 0
        if under:
            copies = f"the {name}" if under == 1 else f"both copies of {name}"
            said.append(
                f"{copies} on the waste {'lie' if under == 2 else 'lies'} under {CARDS[self._waste[-1]]}"
            )
        home = sum(1 for s, h in zip(PILE_SUITS, self._piles) if s == card // 13 and h > card % 13)
        if home:
            said.append(
                ("both are" if home == 2 else "one is") + " on a foundation, and cards never leave it"
            )
        hidden = 2 - placed - under - home
        if hidden:
            said.append("neither copy is turned up yet" if hidden == 2 else "the other is not turned up yet")
        return "; ".join(said)

    def _destination(self, move: Move, card: int, src: int) -> tuple:
        """The action for moving the copy at `src` as the move says, or an error."""
        name = move.card
        if move.kind == "foundation":
            return ("foundation", src, card, self._pile_for(move, card))
        if src != WASTE and self._guarded(src):
            raise IllegalMoveError(
                f"{name} is protected: a card turned up from face down may only go to a foundation "
                "until the stock is used up"
            )
        if move.kind == "column":  # `Move` refuses a column past 10, Indian Patience's last
            t = move.column - 1
            if t == src:
                raise IllegalMoveError(f"{name} is already in column {move.column}")
            if self._cols[t]:
                self._check_onto(name, card, t)
            elif not self._fills_empty(card):
                raise IllegalMoveError(
                    f"{name} cannot go into empty column {move.column}: "
                    "only a King may fill an empty column (rule option empty_column=kings)"
                )
            return ("tableau", src, card, t)
        target = move.onto.index
        if card % 13 == 12:
            raise IllegalMoveError(
                f"{name} cannot go onto {move.onto}: nothing ranks above a King, "
                "so a King goes to a foundation or an empty column"
            )
        ends = [t for t, col in enumerate(self._cols) if col and col[-1] == target and t != src]
        if not ends:
            raise IllegalMoveError(
                f"no column ends with {move.onto}: a card goes onto the top card of another column"
                + (" (nothing moves onto the waste)" if self._waste and self._waste[-1] == target else "")
            )
        open_ends = [t for t in ends if self._open(t)]
        if not open_ends or not fits(card, target):
            self._check_onto(name, card, ends[0])  # it raises: no column may take the card
        if len(open_ends) > 1:
            columns = " and ".join(str(t + 1) for t in open_ends)
            raise IllegalMoveError(
                f"columns {columns} both end with {move.onto}: name the column, as in "
                + " or ".join(f"'{_source_prefix(move)}{name} {t + 1}'" for t in open_ends)
            )
        return ("tableau", src, card, open_ends[0])

    def _check_onto(self, name: Card, card: int, t: int) -> None:
        """Raise unless `card` may go onto the top card of the non-empty column `t`."""
        top = self._cols[t][-1]
        tname = CARDS[top]
        if card % 13 == 12:
            raise IllegalMoveError(
                f"{name} cannot go onto {tname} in column {t + 1}: nothing ranks above a King, "
                "so a King goes to a foundation or an empty column"
            )
        if not self._open(t):
            raise IllegalMoveError(
                f"{tname} in column {t + 1} is protected: no card may be played onto it until the "
                "stock is used up (rule option protected_takes_cards=no)"
            )
        if top // 13 == card // 13 and top % 13 == card % 13 + 1:
            raise IllegalMoveError(
                f"{tname} cannot take {name}: "
                "the tableau builds down in a differing suit (any suit but its own)"
            )
        if not fits(card, top):
            higher = RANK_TEXT[card % 13 + 1]
            wanted = f"{'an' if higher == '8' else 'a'} {higher} of another suit"
            raise IllegalMoveError(
                f"{tname} cannot take {name}: a card goes onto a card one rank higher ({name} needs {wanted})"
            )

    def _pile_for(self, move: Move, card: int) -> int:
        name = move.card
        suit, rank = divmod(card, 13)
        if move.pile:
            k = move.pile - 1
            if PILE_SUITS[k] != suit:
                mine = " or ".join(f"F{j + 1}" for j, s in enumerate(PILE_SUITS) if s == suit)
                raise IllegalMoveError(
                    f"F{move.pile} is a {SUITS[PILE_SUITS[k]]} foundation: {name} builds on {mine}"
                )
            height = self._piles[k]
            if height > rank:
                raise IllegalMoveError(f"F{move.pile} already holds {CARDS[suit * 13 + height - 1]}")
            if height < rank:
                need = Sight.of_game(self).name_or(suit * 13 + height, "the lower cards of its suit")
                raise IllegalMoveError(f"F{move.pile} needs {need} before {name}")
            return k
        k = self._first_pile(card)
        if k is not None:
            return k
        need = Sight.of_game(self).name_or(card - 1, "the card just below it")
        raise IllegalMoveError(
            f"{name} cannot go to a foundation yet: foundations build up in suit from the Ace, "
            f"so a {SUITS[suit]} foundation must end with {need} first"
        )

    def _canonical(self, action: tuple) -> Move:
        """The shortest unambiguous text for an action (what legal_moves() lists)."""
        kind, src, card = action[0], action[1], action[2]
        sources = self._sources()
        twin = sum(1 for _, c in sources if c == card) > 1
        source = _source_of(src) if twin else None
        if kind == "foundation":
            pile = action[3]
            return _move("foundation", card, 0 if pile == self._first_pile(card) else pile + 1, source)
        t = action[3]
        col = self._cols[t]
        if not col or sum(1 for c in self._cols if c and c[-1] == col[-1]) > 1:
            return _move("column", card, t + 1, source)
        return _move("tableau", card, col[-1], source)


def take_top(cols: list, bottoms: list[int], src: int, stock: int, options: IndianOptions) -> int:
    """Take the top card off column `src` (in place), `stock` cards left: a face-down card left
    alone turns up, protected while the stock lasts. Returns how many stock cards the caller
    deals into a column emptied by its protected card going home (the grace follows the last)."""
    was, left = bottoms[src], cols[src][:-1]
    cols[src] = left
    if left:
        if len(left) == 1 and was == FACE_DOWN:
            bottoms[src] = PROTECTED if stock else FREE
        return 0
    n = options.refill_size(stock) if was == PROTECTED else 0
    bottoms[src] = FACE_DOWN if n > 1 else FREE
    if n and n == stock:
        grace(bottoms)
    return n


def grace(bottoms: list[int]) -> None:
    """The stock is used up: every protected card becomes free (in place)."""
    bottoms[:] = [FREE if b == PROTECTED else b for b in bottoms]


def _source_of(src: int) -> Source:
    return "waste" if src == WASTE else src + 1


def _place_name(src: int) -> str:
    return "the waste" if src == WASTE else f"column {src + 1}"


def _source_prefix(move: Move) -> str:
    source = getattr(move, "source", None)
    return "" if source is None else f"{_source_text(source)}:"
