"""Russian Solitaire: Yukon's deal and moves, building down in suit (`game.RUSSIAN`), a game of
the Yukon family; importing the package registers its name, title and mode."""

from __future__ import annotations

from ausp_widget.games.family import family_entry

ENTRY = family_entry(
    __name__,
    "russian",
    "Russian Solitaire",
    "Yukon's deal, building down in suit",
    rules="game:russian_rules",
    guide=None,
)
