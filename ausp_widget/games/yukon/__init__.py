"""Yukon, a patience with no stock: a game of the Yukon family (`ausp_widget.games.family`,
which writes its rules, notation, checks, hints and solver once) with its own rule, guide
and figures (a plug-in named in `pyproject.toml`). Importing the package registers its name,
title and mode; the rest loads when first used."""

from __future__ import annotations

from ausp_widget.core.plugin import lazy_attributes
from ausp_widget.games.family import family_entry

ENTRY = family_entry(
    __name__, "yukon", "Yukon", "No stock: every card dealt, groups move, alternating colours"
)
__getattr__ = lazy_attributes(__name__, {"YukonGame": "game:YukonGame"})

__all__ = ["ENTRY", "YukonGame"]
