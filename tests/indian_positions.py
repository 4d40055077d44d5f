"""Build Indian Patience positions for tests from just the cards that matter.

`position(["[9♦] 6♠", "7♥"], stock="Q♠")` writes columns 1 and 2 (the rest empty) and puts
every card not named into the stock after Q♠ (rest="stock", in card order, twins together)
or onto the foundations (rest="home", which needs the missing cards of each suit to be the
low ones, as foundations build up from the Ace).
"""

from collections import Counter
from collections.abc import Sequence

from ausp_widget.core.cards import CARDS, SUITS, Card
from ausp_widget.games.indian.game import IndianGame


def _cards(text: str) -> list[Card]:
    return [Card.parse(word.strip("[]*")) for word in text.split() if word != "-"]


def position(columns: list[str], *, waste: str = "", stock: str = "", rest: str = "stock") -> str:
    columns = list(columns) + [""] * (10 - len(columns))
    named = Counter(c for text in [*columns, waste, stock] for c in _cards(text))
    left = Counter({card: 2 for card in CARDS})
    left.subtract(named)
    assert all(n >= 0 for n in left.values()), f"a card named more than twice: {named}"
    tops = ["-"] * 8
    if rest == "stock":
        stock = " ".join([stock, *(str(card) for card in CARDS for _ in range(left[card]))])
    else:
        for s, suit in enumerate(SUITS):
            counts = [left[Card(rank, suit)] for rank in range(1, 14)]
            high = sum(1 for n in counts if n >= 1)
            low = sum(1 for n in counts if n == 2)
            assert counts == [2] * low + [1] * (high - low) + [0] * (13 - high), f"{suit} cannot be home"
            tops[2 * s] = str(Card(high, suit)) if high else "-"
            tops[2 * s + 1] = str(Card(low, suit)) if low else "-"
    lines = ["game: indian", f"foundations: {' '.join(tops)}", f"stock: {stock.strip() or '-'}"]
    lines.append(f"waste: {waste or '-'}")
    lines += [f"{n}: {text or '-'}" for n, text in enumerate(columns, start=1)]
    return "\n".join(lines) + "\n"


def game(columns: list[str], **options) -> IndianGame:
    return IndianGame.from_text(position(columns, **options))


def indian_position(
    columns: Sequence[str],
    *,
    stock: str = "",
    waste: str = "",
    foundations: str = "- - - - - - - -",
    rest: str = "stock",
) -> IndianGame:
    """An Indian Patience position from the cards that matter: `columns` (1, 2, … as in the
    position text, `[9♠]` face down, `5♠*` protected), the first stock cards, the waste and
    the foundation tops. Every card not named goes to the end of the stock in card order
    (or, with `rest="waste"`, under the waste), so the text `Game.from_text` reads holds all
    104 cards. Such a position has no deal number: for tests of rules, never for lessons."""
    columns = [*columns, *[""] * (10 - len(columns))]
    named = Counter(Card.parse(w.strip("[]*")) for text in [*columns, waste, stock] for w in text.split())
    for pile in foundations.split():
        if pile != "-":
            top = Card.parse(pile)
            named.update(Card(rank, top.suit) for rank in range(1, top.rank + 1))
    others = [str(card) for card in CARDS for _ in range(2 - named[card])]
    lines = [
        "game: indian",
        f"foundations: {foundations}",
        f"stock: {' '.join([stock, *(others if rest == 'stock' else [])]).strip() or '-'}",
        f"waste: {' '.join([*(others if rest == 'waste' else []), waste]).strip() or '-'}",
        *(f"{n}: {text or '-'}" for n, text in enumerate(columns, start=1)),
    ]
    return IndianGame.from_text("\n".join(lines) + "\n")
