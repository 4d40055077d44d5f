"""Yukon, a patience of one deck with no stock: the family's game (`ausp_widget.games.family`)
with Yukon's rule, building down in alternating colours on Pagat's deal (column 1 one card;
columns 2 to 7 hold 1 to 6 face-down cards under five face-up ones)."""

from __future__ import annotations

from ausp_widget.games.family.game import FamilyGame
from ausp_widget.games.family.rule import Rule

YUKON = Rule("yukon", "Yukon", build="alternate")
"""Yukon's parameters: the family's defaults are Yukon's deal."""


class YukonGame(FamilyGame):
    """A game of Yukon. Reach it with `Game.deal(seed, game="yukon")`, `Game.from_text(...)`
    of a position that starts `game: yukon`, or `Game.from_json(...)` of a Yukon save."""

    rule = YUKON
