"""The rules of a Yukon-family game in words, from its `Rule`: one source for the rules panel
and the guide, so the words cannot drift from what the game deals and allows. A game adds
only what is its own: how it differs from its neighbours and its strategy tips."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ausp_widget.core.ruletext import Section, words

from .rule import CARD_COUNT, STUCK_SEARCH_LIMIT, Rule

BUILD_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "alternate": (
            "The tableau builds down in alternating colours: a card goes onto the top card of another column "
            "one rank higher and of the other colour (8♥ onto 9♣ or 9♠, never onto 9♦)."
        ),
        "suit": (
            "The tableau builds down in suit: a card goes onto the top card of another column one rank "
            "higher and of its own suit (8♥ onto 9♥ only, never onto 9♠ or 9♦)."
        ),
    }
)


def rule_words(rule: Rule) -> Mapping[str, str]:
    """The rules of a game of the family without a stock, by topic."""
    return MappingProxyType(
        {
            "objective": (
                f"Move all {CARD_COUNT} cards onto four foundations, one per suit, from Ace to King."
            ),
            "layout": f"{_layout(rule)} Every card is dealt: there is no stock and no waste.",
            "foundations": (
                "Four foundations (F1 ♣, F2 ♦, F3 ♥, F4 ♠) start empty and build up in suit from the Ace; "
                "only the top card of a column goes there, and cards never leave a foundation."
            ),
            "build_down": BUILD_WORDS[rule.build],
            "groups": (
                "Any face-up card may move, with every card on it, whatever they are: only the card that "
                "heads the group must fit where it goes."
            ),
            "empty": "Only a King, alone or heading its group, may move into an empty column.",
            "turn_up": "When the top card of a column is face down, it is turned up.",
            "won": f"You win when all {CARD_COUNT} cards are on the foundations.",
            "lost": (
                "You lose when no sequence of moves can bring a card home or turn up a face-down card "
                "(there is no stock to draw from)."
            ),
        }
    )


def _layout(rule: Rule) -> str:
    """The deal's shape in words, read from the rule: Yukon's in its usual sentence, any other
    column by column, so the words say what the game deals whatever the shape."""
    n, up = rule.columns, rule.up[-1]
    if rule.down == tuple(range(n)) and rule.up == (1, *(up,) * (n - 1)):
        return (
            f"Deal {words(n)} columns: the first holds one card face up; columns 2 to {n} hold 1 to {n - 1} "
            f"face-down cards with {words(up)} face-up cards on them ({sum(rule.down)} face down in all)."
        )
    each = "; ".join(
        f"column {c}: {d} face down, {u} face up" for c, (d, u) in enumerate(zip(rule.down, rule.up), 1)
    )
    return f"Deal {words(n)} columns ({each})."


def choices(title: str) -> tuple[str, ...]:
    """The choices made where the rules are silent, the same for every game of the family."""
    return (
        f"These are choices, not rules of the published game ({title} has no rule options here).",
        "Lost is decided by looking ahead: the game looks at up to "
        f"{STUCK_SEARCH_LIMIT:,} arrangements of the face-up cards for a line that turns up a card or brings "
        "one home; when there are more, the game stays open and you are free to stop. The look-ahead never "
        "turns a card up, so it uses only what you can see.",
        "Moving a King from the bottom of one column into another empty column is legal, but it only swaps "
        "two columns, so it does not count as a useful move (hints never suggest it).",
        "Moves may be taken back (undo and redo), as in the other games here.",
        "A foundation move that names no pile (7♥ F) goes to the suit's foundation; 7♥ F3 names it.",
    )


def family_rules(rule: Rule, differs: tuple[Section, ...], tips: tuple[str, ...]) -> tuple[Section, ...]:
    """The complete rules of a game of the family: the rule's words, then the game's own
    sections on how it differs, the shared choices and the game's tips."""
    r = rule_words(rule)
    return (
        Section("Objective", (r["objective"],)),
        Section("Setup", (r["layout"], r["foundations"])),
        Section("Gameplay", (r["build_down"], r["groups"], r["empty"], r["turn_up"])),
        Section("End and winning", (r["won"], r["lost"])),
        *differs,
        Section("Choices where the rules are silent", choices(rule.title)),
        Section("Strategy tips", tips),
    )
