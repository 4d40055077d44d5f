"""The rules of Yukon in words: one source for the rules panel and the guide. The numbers
come from the engine's constants, so the words cannot drift from what `YukonGame` deals."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ausp_widget.core.ruletext import Section, words

from .basics import CARD_COUNT, COLUMNS, FACE_UP, STUCK_SEARCH_LIMIT

DOWN = sum(range(COLUMNS))  # face-down cards dealt: 0 + 1 + … + 6

YUKON_RULE: Mapping[str, str] = MappingProxyType(
    {
        "objective": f"Move all {CARD_COUNT} cards onto four foundations, one per suit, from Ace to King.",
        "layout": (
            f"Deal {words(COLUMNS)} columns: the first holds one card face up; columns 2 to {COLUMNS} hold "
            f"1 to {COLUMNS - 1} face-down cards with {words(FACE_UP)} face-up cards on them "
            f"({DOWN} face down in all). Every card is dealt: there is no stock and no waste."
        ),
        "foundations": (
            "Four foundations (F1 ♣, F2 ♦, F3 ♥, F4 ♠) start empty and build up in suit from the Ace; "
            "only the top card of a column goes there, and cards never leave a foundation."
        ),
        "build_down": (
            "The tableau builds down in alternating colours: a card goes onto the top card of another column "
            "one rank higher and of the other colour (8♥ onto 9♣ or 9♠, never onto 9♦)."
        ),
        "groups": (
            "Any face-up card may move, with every card on it, whatever they are: only the card that heads "
            "the group must fit where it goes."
        ),
        "empty": "Only a King, alone or heading its group, may move into an empty column.",
        "turn_up": "When the top card of a column is face down, it is turned up.",
        "won": f"You win when all {CARD_COUNT} cards are on the foundations.",
        "lost": (
            "You lose when no sequence of moves can bring a card home or turn up a face-down card "
            "(there is no stock to draw from)."
        ),
        "differs": (
            "Like Australian Patience, any card may move with the cards on it, and only a King fills an "
            "empty column. Unlike it, the tableau builds down in alternating colours (not in suit), so a "
            "card has two possible places instead of one; there is no stock and no waste, so everything is "
            "decided by "
            f"the {CARD_COUNT} cards on the table; and {DOWN} of them start face down."
        ),
    }
)
"""The rules of Yukon, as `ausp_widget.games.yukon.game` plays them."""

CHOICES_NOTE = "These are choices, not rules of the published game (Yukon has no rule options here)."

YUKON_CHOICES: tuple[str, ...] = (
    "Lost is decided by looking ahead: the game looks at up to "
    f"{STUCK_SEARCH_LIMIT:,} arrangements of the face-up cards for a line that turns up a card or brings one "
    "home; when there are more, the game stays open and you are free to stop. The look-ahead never turns a "
    "card up, so it uses only what you can see.",
    "Moving a King from the bottom of one column into another empty column is legal, but it only swaps two "
    "columns, so it does not count as a useful move (hints never suggest it).",
    "Moves may be taken back (undo and redo), as in the other games here.",
    "A foundation move that names no pile (7♥ F) goes to the suit's foundation; 7♥ F3 names it.",
)

YUKON_TIPS: tuple[str, ...] = (
    "Turn up face-down cards first, starting with the deepest columns: every one must come up before "
    "you win.",
    "Empty a column only when a King with face-down cards under it is ready to move in.",
    "A card has two possible parents (the two of the other colour): keep both in mind before burying one.",
)


def yukon_rules(options: object = None) -> tuple[Section, ...]:
    """The complete rules of Yukon (it has no rule options)."""
    r = YUKON_RULE
    return (
        Section("Objective", (r["objective"],)),
        Section("Setup", (r["layout"], r["foundations"])),
        Section("Gameplay", (r["build_down"], r["groups"], r["empty"], r["turn_up"])),
        Section("End and winning", (r["won"], r["lost"])),
        Section("How this game differs from Australian Patience", (r["differs"],)),
        Section("Choices where the rules are silent", (CHOICES_NOTE, *YUKON_CHOICES)),
        Section("Strategy tips", YUKON_TIPS),
    )
