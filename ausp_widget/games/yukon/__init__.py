"""Yukon, a patience with no stock: rules, notation, solver, hints and its guide, on the
same core as Australian and Indian Patience (a plug-in named in `pyproject.toml`). Importing
the package registers its name, title and mode; the rest loads when first used."""

from __future__ import annotations

from ausp_widget.core.plugin import lazy_attributes, solo_entry

ENTRY = solo_entry(__name__, "yukon", "Yukon", "No stock: every card dealt, groups move, alternating colours")
__getattr__ = lazy_attributes(__name__, {"YukonGame": "game:YukonGame"})

__all__ = ["ENTRY", "YukonGame"]
