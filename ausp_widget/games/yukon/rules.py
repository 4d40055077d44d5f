"""The rules of Yukon in words: the family's rule text (`ausp_widget.games.family.rules`)
for Yukon's rule, with what is Yukon's own: how it differs from Australian Patience, and tips."""

from __future__ import annotations

from ausp_widget.core.ruletext import Section
from ausp_widget.games.family.rules import family_rules

from .game import YUKON

DIFFERS = (
    "Like Australian Patience, any card may move with the cards on it, and only a King fills an "
    "empty column. Unlike it, the tableau builds down in alternating colours (not in suit), so a "
    "card has two possible places instead of one; there is no stock and no waste, so everything is "
    f"decided by the 52 cards on the table; and {sum(YUKON.down)} of them start face down."
)

YUKON_TIPS: tuple[str, ...] = (
    "Turn up face-down cards first, starting with the deepest columns: every one must come up before "
    "you win.",
    "Empty a column only when a King with face-down cards under it is ready to move in.",
    "A card has two possible parents (the two of the other colour): keep both in mind before burying one.",
)


def yukon_rules(options: object = None) -> tuple[Section, ...]:
    """The complete rules of Yukon (it has no rule options)."""
    return family_rules(
        YUKON, (Section("How this game differs from Australian Patience", (DIFFERS,)),), YUKON_TIPS
    )
