"""The Indian Patience chapter of the guide: what changes from Australian Patience, one rule a step.

Its positions are Indian position text (`game: indian`), built by `indian_position` from the
cards that matter, and quote `ausp_widget.games.indian.rules.INDIAN_RULE`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.lesson import Step, make_step

from .game import IndianGame
from .rules import INDIAN_RULE


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
    104 cards."""
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


def indian_steps() -> list[Step]:
    """The Indian Patience chapter: what changes from Australian Patience, one rule a step."""
    r = INDIAN_RULE
    deal = IndianGame.deal(5)
    single = indian_position(["[3♥] 6♣ 9♦", "[J♠] 5♣ 10♠", "[K♦] 2♥ 10♦"], stock="4♣ 8♠")
    suits = indian_position(["[3♥] 6♣ 7♥", "[J♠] 5♣ 8♥", "[K♦] 2♥ 8♣"], stock="4♣ 8♠")
    uncover = indian_position(["[5♠] 9♣", "[J♠] 5♣ 10♦"], stock="Q♥ 2♦ 7♣")
    home = indian_position(["5♠*", "[J♠] 5♣ 6♥"], stock="Q♥ 2♦ 7♣", foundations="- - - - - - 4♠ -")
    grace = indian_position(["5♠*", "[J♠] 5♣ 6♥"], stock="Q♥", waste="A♣", rest="waste")
    empty = indian_position(["[J♠] 5♣ 7♥", "", "[K♦] 2♥ 10♦"], stock="4♣ 8♠")
    last = indian_position(["K♠"], foundations="K♣ K♣ K♦ K♦ K♥ K♥ K♠ Q♠")
    return [
        make_step(
            "Indian Patience: two decks, ten columns",
            f"{r['decks']} {r['layout']} {r['stock']}",
            deal,
            dim=False,
        ),
        make_step(
            "One card at a time",
            "In Australian Patience any card moves with the cards covering it; here only the top card "
            "of a column moves, alone: 9♦ goes onto 10♠, and 6♣ stays behind.",
            single,
            "9♦ 10♠",
            marks=["6♣"],
        ),
        make_step(
            "Build down in a differing suit",
            r["build_down"].replace("7♥ goes onto 8♣, 8♦ or 8♠, never onto 8♥", "7♥ goes onto 8♣, not 8♥")
            + " Australian Patience asks for the same suit.",
            suits,
            "7♥ 8♣",
            marks=["8♥"],
        ),
        make_step(
            "A face-down card turns up protected",
            "Moving 9♣ onto 10♦ uncovers the face-down card of column 1: it turns up protected, so it "
            "may only go to a foundation and nothing may be played onto it.",
            uncover,
            "9♣ 10♦",
        ),
        make_step(
            "A protected card goes home, and its column is dealt again",
            "5♠ is protected: 6♥ could take it in the tableau, but it may only go onto 4♠. "
            + r["refill"].split(":")[0]
            + ": one card face down, two face up.",
            home,
            "5♠ F",
            marks=["6♥"],
        ),
        make_step(
            "Grace: the stock is used up",
            r["grace"].split(", and a face-down")[0]
            + ". Drawing the last card, Q♥, frees 5♠: now it may go onto 6♥ too.",
            grace,
            "draw",
            marks=["5♠", "6♥"],
        ),
        make_step(
            "Any card fills an empty column",
            "In Australian Patience only a King may fill an empty column; here any single card may: "
            "7♥ moves into column 2 and uncovers 5♣.",
            empty,
            "7♥ 2",
        ),
        make_step(
            "All 104 cards home",
            r["won"].split(";")[0] + ". " + r["lost"].split(";")[0] + ".",
            last,
            "K♠ F",
        ),
    ]
