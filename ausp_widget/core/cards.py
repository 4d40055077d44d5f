"""Playing cards: ranks, suits, parsing and printing (SPEC §3).

Cards are interned: there are exactly 52 `Card` objects, so identity, equality and
hashing are all cheap, and `card.index` (0..51) lets the engine use plain lists.
"""

from __future__ import annotations

from functools import total_ordering
from types import MappingProxyType

from ausp_widget.core.errors import NotationError, NotTextError, given, short_repr

SUITS = "♣♦♥♠"
RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)  # fmt: skip
SUIT_NAMES = MappingProxyType({"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"})
RED_SUITS = "♦♥"
EMOJI_STYLE = "\ufe0f"  # follows a suit sign typed from an emoji picker: '♥️'

_SUIT_ALIASES = MappingProxyType({
    "♣": "♣", "♧": "♣", "C": "♣",
    "♦": "♦", "♢": "♦", "D": "♦",
    "♥": "♥", "♡": "♥", "H": "♥",
    "♠": "♠", "♤": "♠", "S": "♠",
})  # fmt: skip
_RANK_ALIASES = MappingProxyType(
    {text: rank for rank, text in enumerate(RANK_TEXT, start=1)} | {"T": 10, "1": 1}
)


@total_ordering
class Card:
    """One card, ordered by suit (♣ ♦ ♥ ♠) then rank; build one with `Card.parse("J♥")`.

    Immutable: the 52 cards are shared by every game in the process, so a card changed in one
    place would change every deal. Setting or deleting a field raises AttributeError; reads
    stay plain slot reads (the engine's hot path).
    """

    __slots__ = ("rank", "suit", "index")
    rank: int
    suit: str
    index: int

    def __new__(cls, rank: int, suit: str) -> Card:
        if isinstance(rank, bool) or not isinstance(rank, int) or not isinstance(suit, str):
            raise TypeError(f"Card(rank, suit) takes a rank 1..13 and a suit text, not {rank!r}, {suit!r}")
        if not 1 <= rank <= 13 or len(suit) != 1 or suit not in SUITS:
            raise NotationError(f"no such card: rank {rank!r}, suit {suit!r}")
        return CARDS[SUITS.index(suit) * 13 + rank - 1]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `J♥`, `10♦`, `T♦`, `a♣`, `QH`, `q♡`: rank then suit."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise NotTextError(f"a card is text like 'J♥', not {given(text)}")
        token = text.strip().replace(EMOJI_STYLE, "").upper()  # '♥️' from an emoji picker is ♥
        suit = _SUIT_ALIASES.get(token[-1:])
        rank = _RANK_ALIASES.get(token[:-1])
        if suit is None or rank is None:
            raise NotationError(
                f"{short_repr(text)} is not a card (write a rank A 2-10 J Q K, then a suit ♣ ♦ ♥ ♠)"
            )
        return CARDS[SUITS.index(suit) * 13 + rank - 1]

    @property
    def name(self) -> str:
        """The spoken name, used as the accessible label: "jack of hearts"."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return RANK_TEXT[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self):
        return (Card, (self.rank, self.suit))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Card is immutable: {name!r} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Card is immutable: {name!r} cannot be deleted")


def _make(rank: int, suit: str) -> Card:
    card = object.__new__(Card)
    for name, value in (("rank", rank), ("suit", suit), ("index", SUITS.index(suit) * 13 + rank - 1)):
        object.__setattr__(card, name, value)
    return card


CARDS: tuple[Card, ...] = tuple(_make(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The 52 cards in index order: A♣ … K♣, A♦ … K♦, A♥ … K♥, A♠ … K♠."""


def parse_cards(text: str) -> list[Card]:
    """A space-separated list of cards; `-` alone means none."""
    text = text.strip()
    if text in ("", "-"):
        return []
    tokens = text.split()
    if "-" in tokens:
        raise NotationError(f"'-' stands alone for no cards, not among others ({short_repr(text)})")
    return [Card.parse(token) for token in tokens]


def format_cards(cards) -> str:
    return " ".join(map(str, cards)) or "-"
