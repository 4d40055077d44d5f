"""The rules of Indian Patience in words, for the rules panel and the guide: the numbers come
from the engine's constants, and the choices follow the rule options in force."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ausp_widget.core.ruletext import Section, words

from .basics import CARD_COUNT as INDIAN_DECK
from .basics import COLUMNS as INDIAN_COLUMNS
from .basics import PILES as INDIAN_PILES
from .basics import REFILL, IndianOptions, OptionsGiven, option_text

DECK = 52  # cards in one deck

INDIAN_ROWS = 3
INDIAN_TABLEAU = INDIAN_COLUMNS * INDIAN_ROWS
INDIAN_STOCK = INDIAN_DECK - INDIAN_TABLEAU

INDIAN_RULE: Mapping[str, str] = {
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
        "You lose when the stock is empty and no sequence of moves can bring another card home or turn up "
        "a face-down card; while the stock has cards the game goes on, since drawing is always allowed."
    ),
    "differs": (
        "Unlike Australian Patience there are two decks, ten columns and eight foundations; one card moves "
        "at a time (never a group), the tableau builds down in a differing suit (not the same suit), and the "
        "bottom card of each column starts face down and turns up protected. Here any card may fill an empty "
        "column (not only a King): that is a choice, listed below."
    ),
}
INDIAN_RULE = MappingProxyType(INDIAN_RULE)  # read-only: shared by every view of the rules

CHOICES_NOTE = (
    "These are choices, not rules of the published game. Four are rule options, "
    "each marked with the choice in force; a game can be dealt with the other choice, as in "
    'Game.deal(seed, game="indian", options={"empty_column": "kings"}).'
)


def _option(name: str, value: object, other: object, other_means: str) -> str:
    """The mark of an option: the choice in force and what the other choice would do."""

    return f" (Option {option_text(name, value)}, in force; with {option_text(name, other)} {other_means}.)"


def indian_choices(options: OptionsGiven = None) -> tuple[str, ...]:
    """The choices made where the rules of Indian Patience are silent, as `options` sets them."""
    o = IndianOptions.of(options)
    kings = o.empty_column == "kings"
    if kings:
        empty = (
            "Only a King may fill an empty column, as in Australian Patience; a protected King still goes "
        )
        empty += "only to a foundation." + _option(
            "empty_column",
            "kings",
            "any",
            "an empty column takes any single card (the Forty Thieves convention)",
        )
    else:
        empty = "An empty column takes any single card, from a column or from the waste (the Forty Thieves "
        empty += "convention); a protected card still goes only to a foundation." + _option(
            "empty_column", "any", "kings", "only a King may fill it"
        )
    if o.partial_refill:
        refill = (
            f"A column is dealt again while the stock holds {words(REFILL)} cards, and also when it holds "
            "only one or two: they are dealt into the column, of two the first face down and the second "
            "face up, one face up; the stock is then used up, so every protected card goes free."
        ) + _option("partial_refill", True, False, "the column stays empty when fewer are left")
    else:
        refill = (
            f"A column is dealt again only while the stock still holds {words(REFILL)} cards; with fewer it "
            f"stays empty and takes {'only a King' if kings else 'any card'}, like any empty column."
        ) + _option("partial_refill", False, True, "the last one or two stock cards are dealt into it")
    if o.protected_takes_cards:
        protected = (
            "A card may be played onto a protected card as onto any other: the protected card stays "
            "protected under it, and when it is uncovered again it still goes only to a foundation, until "
            "the stock is used up."
        ) + _option("protected_takes_cards", True, False, "no card may be played onto a protected card")
    else:
        protected = (
            "No card may be played onto a protected card: the rules say only that a protected card may go "
            "nowhere but a foundation, and this keeps its column as it is until it goes home."
        ) + _option("protected_takes_cards", False, True, "cards may be played onto it")
    patient = "The published rules' claim comes with the words 'if you are patient'"
    if o.undo:
        undo = (
            f"Moves may be taken back (undo and redo). {patient}; one reading of them is that every move "
            "stands, which is the other choice." + _option("undo", True, False, "every move stands")
        )
    else:
        undo = f"Every move stands: there is no undo. {patient}, and this is one reading of them." + _option(
            "undo", False, True, "moves may be taken back"
        )
    return (
        empty,
        refill,
        "A foundation move that names no pile (7♥ F) puts the card on the first pile, F1 to F8, that takes "
        "it; 7♥ F6 names the pile.",
        "The published rules do not say when a game is lost. Here it is lost once the stock is empty and no "
        "sequence of moves can bring another card home or turn up a face-down card: a card that can still be "
        "turned up keeps the game open until you have seen it, and then it is decided again, so the verdict "
        "uses only what you can see. It is decided by looking ahead a limited number of positions; when "
        "more positions than that remain, the game stays open and you are free to stop.",
        "With two decks the same card can be available twice: then a move says where it comes from, as in "
        "3:7♥ 8♣ (column 3) or w:7♥ F (the waste); on the table you simply click the card you mean.",
        protected,
        "A face-down card uncovered after the stock is used up turns up free, as the grace frees every "
        "protected card.",
        undo,
    )


INDIAN_CHOICES: tuple[str, ...] = indian_choices()

INDIAN_TIPS: tuple[str, ...] = (
    "Free the face-down cards early: each one turns up protected, and a protected card that reaches a "
    "foundation brings a fresh column from the stock.",
    "Keep both twins in mind: a card you bury may have a twin still to come from the stock.",
    "Empty columns are precious: any card can use one to unblock another column, so fill one only for a "
    "purpose.",
)
KINGS_TIP = (
    "Empty columns are precious, and only a King can fill one: empty a column when a King is ready to move "
    "in and free the cards under it."
)


def indian_rules(options: OptionsGiven = None) -> tuple[Section, ...]:
    """The complete rules of Indian Patience, with the choices made where the rules are silent
    as the rule options `options` set them (the defaults when None)."""
    o = IndianOptions.of(options)
    r = INDIAN_RULE
    differs = r["differs"]
    if o.empty_column == "kings":
        differs = differs.replace(
            "Here any card may fill an empty column (not only a King)",
            "Here, as there, only a King may fill an empty column",
        )
    return (
        Section("Objective", (r["objective"],)),
        Section("Setup", (r["decks"], r["layout"], r["stock"], r["foundations"])),
        Section("Gameplay", (r["build_up"], r["single"], r["build_down"], r["draw"])),
        Section("Protected cards", (r["protected"], r["refill"], r["grace"])),
        Section("End and winning", (r["won"], r["lost"])),
        Section("How this game differs from Australian Patience", (differs,)),
        Section("Choices where the rules are silent", (CHOICES_NOTE, *indian_choices(o))),
        Section(
            "Strategy tips", (*INDIAN_TIPS[:-1], KINGS_TIP) if o.empty_column == "kings" else INDIAN_TIPS
        ),
    )
