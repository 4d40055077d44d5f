"""The Australian Patience course, for each mode: the rules lessons (`course`), then the
strategy lessons (solo) or the chapter on playing against the bot (`guide_versus`)."""

from __future__ import annotations

from ausp_widget.core.lesson import Step

from .course import rules_lessons
from .rules import MODE_NAMES
from .strategy import strategy_lessons


def steps(mode: str = "solo") -> list[Step]:
    """The course for `mode`, made afresh on each call, so a view may keep its own list."""
    if mode not in MODE_NAMES:
        raise ValueError(f"mode must be one of {', '.join(MODE_NAMES)}, not {mode!r}")
    rules = rules_lessons()
    if mode == "solo":
        return rules + strategy_lessons()
    from .guide_versus import simultaneous_chapter, turns_chapter  # only the two-player guides read it

    return rules + (turns_chapter() if mode == "turns" else simultaneous_chapter())
