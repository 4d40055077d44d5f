"""Russian Solitaire: Yukon's deal and moves, building down in suit. A game of the Yukon
family (`ausp_widget.games.family`): its parameters, and its own words."""

from __future__ import annotations

from ausp_widget.core.ruletext import Section
from ausp_widget.games.family.game import FamilyGame
from ausp_widget.games.family.rule import Rule
from ausp_widget.games.family.rules import family_rules

RUSSIAN = Rule("russian", "Russian Solitaire", build="suit")


class RussianGame(FamilyGame):
    """A game of Russian Solitaire: `Game.deal(seed, game="russian")`."""

    rule = RUSSIAN


DIFFERS = (
    "Russian Solitaire is Yukon building down in suit: the same deal, the same moves of groups and "
    "Kings, but a card has one place to go instead of two, so far fewer deals can be won."
)


def russian_rules(options: object = None) -> tuple[Section, ...]:
    """The complete rules of Russian Solitaire (it has no rule options)."""
    tips = ("Every card has one parent: before burying one, look where its own suit's cards lie.",)
    return family_rules(RUSSIAN, (Section("How this game differs from Yukon", (DIFFERS,)),), tips)
