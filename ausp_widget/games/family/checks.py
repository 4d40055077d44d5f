"""Whether a move is legal in a game of the Yukon family, and if not, which rule it breaks:
every refusal names the rule in the player's terms (the game's own title, the building its
`Rule` says), so a click, a move typed in code and a wrong try in a lesson get the same words."""

from __future__ import annotations

from collections.abc import Sequence

from ausp_widget.core.cards import CARDS, RANK_TEXT, SUITS
from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.core.moves import Move
from ausp_widget.core.sight import Sight, unseen

from .rule import KING, PILE_SUITS, RED, Rule

__all__ = [
    "FACE_DOWN_HELP",
    "ONTO_FACE_DOWN",
    "ON_FOUNDATION",
    "Checks",
    "colour",
    "empty_column",
    "home_first",
    "no_stock",
    "no_such_pile",
    "pile_named",
]

FACE_DOWN_HELP = "it lies face down until it becomes the top card of its column"
"""Said of any face-down card: the same words whichever card it is and wherever it lies."""
ONTO_FACE_DOWN = "nothing goes onto a face-down card, only onto the top card of a column"
ON_FOUNDATION = "{} is on a foundation: in the tableau a card goes onto the top card of a column"
"""Said of a move onto a foundation's card that is no build there ('6♥ 7♠' with 7♠ home)."""


_RANK_WORDS = (*RANK_TEXT[:10], "Jack", "Queen", "King")


def no_stock(title: str) -> str:
    """The refusal of anything to do with a stock or waste, in a game that deals every card."""
    return f"{title} has no stock or waste: every card is dealt at the start"


def no_such_pile(title: str, number: int) -> str:
    """The refusal of a foundation the game does not have (it has four, whatever a move may name)."""
    return f"{title} has foundations F1 to F{len(PILE_SUITS)}, not F{number}"


def pile_named(text: object) -> int | None:
    """The foundation number a move's text names (`7♥ F9` names 9), else None."""
    words = text.split() if isinstance(text, str) else ()
    target = words[1].upper() if len(words) == 2 else ""
    digits = target[1:]
    number = digits.lstrip("0") or "0"  # F05 is F5, however many zeros lead
    if target[:1] == "F" and digits.isascii() and digits.isdigit() and len(number) <= 100:
        return int(number)
    return None


def empty_column(move: Move, cols: Sequence[Sequence[int]]) -> int:
    """The empty column (0-based) a move into a column goes to, or the rule it breaks: the
    same words in every game of the family, Australian Patience's too."""
    if move.column > len(cols):  # Move itself refuses anything but a whole number from 1
        raise IllegalMoveError(f"there is no column {move.column}: columns are numbered 1 to {len(cols)}")
    if cols[move.column - 1]:
        raise IllegalMoveError(
            f"column {move.column} is not empty: it ends with {CARDS[cols[move.column - 1][-1]]}"
        )
    if move.card.rank != 13:
        raise IllegalMoveError(f"only a King may fill an empty column, not {move.card}")
    return move.column - 1


def home_first(name: object, need: str) -> IllegalMoveError:
    """The refusal of a card its foundation does not take yet (`need`: the card it waits for,
    or words for it when that card is out of sight)."""
    return IllegalMoveError(
        f"{name} cannot go to a foundation yet: foundations build up in suit from the Ace, "
        f"so {need} must be there first"
    )


def colour(card: int) -> str:
    """A card's colour in words, for the alternating-colour refusal."""
    return "red" if RED[card // 13] else "black"


class Checks:
    """The rule checks of a family game: `_check` returns what to do, or raises with the reason."""

    unseen_help = FACE_DOWN_HELP
    rule: Rule
    title: str

    _cols: list[tuple[int, ...]]
    _down: list[int]
    _piles: list[int]

    def _check(self, move: Move, player: int) -> tuple[tuple[int, int, int], Move]:
        """The action (column, depth, target) and the move as played, or the reason it is refused."""
        if move.kind == "draw":
            raise IllegalMoveError(
                f"there is nothing to draw in {self.title}: every card is dealt at the start"
            )
        if move.kind == "pass":
            raise IllegalMoveError(f"pass is for games against the bot; {self.title} is played alone")
        card = move.card.index
        where = self._where(card)
        if where is None:
            raise IllegalMoveError(f"{move.card} is on a foundation: cards never leave a foundation")
        c, d = where
        if d < self._down[c]:
            raise IllegalMoveError(unseen(FACE_DOWN_HELP))
        if move.kind == "foundation":
            return self._check_foundation(move, c, d), move
        if move.kind == "column":
            return (c, d, empty_column(move, self._cols)), move
        return self._check_tableau(move, c, d), move

    def _check_foundation(self, move: Move, c: int, d: int) -> tuple[int, int, int]:
        card, name = move.card.index, move.card
        col = self._cols[c]
        if d != len(col) - 1:
            raise IllegalMoveError(
                f"{name} is covered by {CARDS[col[d + 1]]}: "
                "only the top card of a column goes to a foundation"
            )
        suit, rank = divmod(card, 13)
        if move.pile:
            if move.pile > len(self._piles):
                raise IllegalMoveError(no_such_pile(self.title, move.pile))
            if PILE_SUITS[move.pile - 1] != suit:
                raise IllegalMoveError(
                    f"F{move.pile} is a {SUITS[PILE_SUITS[move.pile - 1]]} foundation: {name} builds on "
                    f"F{suit + 1} ({SUITS[suit]})"
                )
        if self._piles[suit] != rank:
            raise home_first(
                name, Sight.of_game(self).name_or(suit * 13 + self._piles[suit], "the card just below it")
            )
        return (c, d, -1)

    def _check_tableau(self, move: Move, c: int, d: int) -> tuple[int, int, int]:
        card, onto = move.card.index, move.onto.index
        name, tname = move.card, move.onto
        if card == onto:
            raise IllegalMoveError(
                f"{name} cannot go onto itself: a card goes onto another column's top card"
            )
        if self.rule.in_suit and card // 13 != onto // 13:
            raise IllegalMoveError(
                f"{tname} cannot take {name}: the tableau builds down in suit "
                f"(a {SUITS[card // 13]} card goes onto a {SUITS[card // 13]} one)"
            )
        if not self.rule.in_suit and RED[card // 13] == RED[onto // 13]:
            raise IllegalMoveError(
                f"{tname} cannot take {name}: the tableau builds down in alternating colours "
                f"(a {colour(card)} card goes onto a {'black' if RED[card // 13] else 'red'} one)"
            )
        if onto % 13 != card % 13 + 1:
            needs = f" ({name} needs {self._parents_words(card)})" if card % 13 != KING else ""
            raise IllegalMoveError(
                f"{tname} cannot take {name}: a card goes onto a card one rank higher{needs}"
            )
        there = self._where(onto)
        if there is None:
            raise IllegalMoveError(ON_FOUNDATION.format(tname))
        tc, td = there
        if tc == c and td > d:
            raise IllegalMoveError(f"{tname} lies in {name}'s own group: a group cannot move onto itself")
        if td < self._down[tc]:
            raise IllegalMoveError(unseen(ONTO_FACE_DOWN))
        if td != len(self._cols[tc]) - 1:
            raise IllegalMoveError(f"{tname} is covered by {CARDS[self._cols[tc][td + 1]]}")
        return (c, d, tc)

    def _parents_words(self, card: int) -> str:
        """The cards `card` may go onto, by rank and colour (or as the next higher of its suit):
        naming them would name cards that may lie face down."""
        if self.rule.in_suit:
            return "the next higher card of its suit"
        other = "red" if not RED[card // 13] else "black"
        return f"a {other} {_RANK_WORDS[card % 13 + 1]}"
