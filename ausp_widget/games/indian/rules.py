"""The rules of Indian Patience in words: one source for the rules panel and the guide.

The numbers in the sentences come from the engine's own constants, so the words cannot drift
from what `IndianGame` deals and allows.
"""

from __future__ import annotations

from ausp_widget.core.ruletext import Section, words

from .game import CARD_COUNT as INDIAN_DECK
from .game import COLUMNS as INDIAN_COLUMNS
from .game import PILES as INDIAN_PILES
from .game import REFILL

DECK = 52  # cards in one deck

INDIAN_ROWS = 3
INDIAN_TABLEAU = INDIAN_COLUMNS * INDIAN_ROWS
INDIAN_STOCK = INDIAN_DECK - INDIAN_TABLEAU

INDIAN_RULE: dict[str, str] = {
    "objective": (
        f"Move all {INDIAN_DECK} cards onto {words(INDIAN_PILES)} foundations, two per suit, "
        "from Ace to King."
    ),
    "decks": (
        f"Two decks of {DECK} cards are shuffled together: {INDIAN_DECK} cards, so every card has a twin."
    ),
    "layout": (
        f"Deal {words(INDIAN_COLUMNS)} columns of {words(INDIAN_ROWS)} cards: the bottom card of each "
        f"face down, the {words(INDIAN_ROWS - 1)} cards on it face up."
    ),
    "stock": f"The other {INDIAN_STOCK} cards form the stock; the waste pile starts empty.",
    "foundations": (
        f"{words(INDIAN_PILES).capitalize()} foundations, two per suit (F1 F2 ♣, F3 F4 ♦, F5 F6 ♥, F7 F8 ♠), "
        "start empty."
    ),
    "build_up": (
        "Foundations build up in suit from Ace to King; either foundation of a suit may take its next card, "
        "and cards never leave a foundation."
    ),
    "single": (
        "Only the top card of a column and the top card of the waste are available, and one card moves at "
        "a time, to a foundation or onto the top card of another column."
    ),
    "build_down": (
        "The tableau builds down by one rank in any suit but the card's own: 7♥ goes onto 8♣, 8♦ or 8♠, "
        "never onto 8♥."
    ),
    "draw": (
        "A draw turns the next stock card onto the single waste; there is no redeal: one pass through the "
        "stock. Nothing moves onto the waste."
    ),
    "protected": (
        "When the face-down card of a column is uncovered it is turned up and is protected: it may only go "
        "to a foundation."
    ),
    "refill": (
        "When a protected card goes to a foundation, its empty column is dealt again from the stock like the "
        "opening deal: one card face down, then two face up on it, while the stock holds the cards for it."
    ),
    "grace": ("Grace: once the stock is used up, every protected card becomes free."),
    "won": f"You win when all {INDIAN_DECK} cards are on the foundations; each card home scores one point.",
    "lost": (
        "You lose when the stock is empty and no sequence of moves can bring another card home; while the "
        "stock has cards the game goes on, since drawing is always allowed."
    ),
    "differs": (
        "Unlike Australian Patience there are two decks, ten columns and eight foundations; one card moves "
        "at a time (never a group), the tableau builds down in a differing suit (not the same suit), and the "
        "bottom card of each column starts face down and turns up protected. Here any card may fill an empty "
        "column (not only a King): that is a choice, listed below."
    ),
}
"""The rules of Indian Patience (mode "indian"), as `ausp_widget.games.indian.game` plays them."""

INDIAN_CHOICES: tuple[str, ...] = (
    "An empty column takes any single card, from a column or from the waste (the Forty Thieves "
    "convention); a protected card still goes only to a foundation.",
    f"A column is dealt again only while the stock still holds {words(REFILL)} cards; with fewer it stays "
    "empty and takes any card, like any empty column.",
    "A foundation move that names no pile (7♥ F) puts the card on the first pile, F1 to F8, that takes it; "
    "7♥ F6 names the pile.",
    "Lost is decided once the stock is empty by looking ahead a limited number of positions; when more "
    "positions than that remain, the game stays open and you are free to stop.",
    "With two decks the same card can be available twice: then a move says where it comes from, as in "
    "3:7♥ 8♣ (column 3) or w:7♥ F (the waste); on the table you simply click the card you mean.",
    "No card may be played onto a protected card: the rules say only that a protected card may go nowhere "
    "but a foundation, and this keeps its column as it is until it goes home.",
    "A face-down card uncovered after the stock is used up turns up free, as the grace frees every "
    "protected card.",
)
"""Choices made where the rules of Indian Patience are silent (from `ausp_widget.games.indian.game`)."""

INDIAN_TIPS: tuple[str, ...] = (
    "Free the face-down cards early: each one turns up protected, and a protected card that reaches a "
    "foundation brings a fresh column from the stock.",
    "Keep both twins in mind: a card you bury may have a twin still to come from the stock.",
    "Empty columns are precious: any card can use one to unblock another column, so fill one only for a "
    "purpose.",
)


def indian_rules() -> tuple[Section, ...]:
    """The complete rules of Indian Patience, with the choices made where the rules are silent."""
    r = INDIAN_RULE
    return (
        Section("Objective", (r["objective"],)),
        Section("Setup", (r["decks"], r["layout"], r["stock"], r["foundations"])),
        Section("Gameplay", (r["build_up"], r["single"], r["build_down"], r["draw"])),
        Section("Protected cards", (r["protected"], r["refill"], r["grace"])),
        Section("End and winning", (r["won"], r["lost"])),
        Section("How this game differs from Australian Patience", (r["differs"],)),
        Section("Choices where the rules are silent", INDIAN_CHOICES),
        Section("Strategy tips", INDIAN_TIPS),
    )
