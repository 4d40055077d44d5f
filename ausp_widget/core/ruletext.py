"""Rules as titled sections of sentences, and their Markdown and HTML forms, for every game.

Each game writes its own sentences (`ausp_widget.games.<game>.rules`); this module holds the
shapes they share and the front doors that find a mode's rules through the registry.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from . import registry
from .errors import short_repr

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def words(n: int) -> str:
    """A small count in words ("seven"), larger ones in digits."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


@dataclass(frozen=True)
class Section:
    title: str
    paragraphs: tuple[str, ...]


def rules(mode: str = "solo", options: dict | None = None) -> tuple[Section, ...]:
    """The complete rules of a table mode ("solo", "turns", "simultaneous", "indian", …),
    under the game's rule `options` (its defaults when None; see `PatienceBase.rule_options`)."""
    game, _ = registry.for_table_mode(mode)
    made = game.rules(mode, options)
    sections = None if isinstance(made, str | bytes) or not isinstance(made, Iterable) else tuple(made)
    wrong = made if sections is None else next((s for s in sections if not _is_section(s)), None)
    if wrong is not None:
        among = "" if wrong is made else " among its sections"
        raise TypeError(
            f"game {game.name!r}: its rules for {mode!r} gave {short_repr(wrong)}{among}, not a list "
            "of sections (each with a title and paragraphs of text, as ausp_widget.core.ruletext.Section)"
        )
    return sections


def _is_section(section: object) -> bool:
    title, paragraphs = getattr(section, "title", None), getattr(section, "paragraphs", None)
    return (
        isinstance(title, str)
        and isinstance(paragraphs, list | tuple)
        and all(isinstance(paragraph, str) for paragraph in paragraphs)
    )


def rules_title(mode: str) -> str:
    game, _ = registry.for_table_mode(mode)
    label = registry.table_modes()[mode]
    return game.title if label == game.title else f"{game.title} — {label}"


def rules_text(mode: str = "solo", options: dict | None = None) -> str:
    """The rules as Markdown (for a notebook cell, a handout or a terminal)."""
    parts = [f"# {rules_title(mode)}"]
    for section in rules(mode, options):
        parts.append(f"## {section.title}")
        parts.append("\n".join(p if p[:1].isdigit() else f"- {p}" for p in section.paragraphs))
    return "\n\n".join(parts) + "\n"


def rules_html(mode: str = "solo", options: dict | None = None) -> str:
    """The rules as an HTML fragment (for the rules panel)."""
    sections = rules(mode, options)
    parts = [
        f'<div class="ausp-rules" data-mode="{escape(mode)}">',
        f"<h2>Rules: {escape(registry.table_modes()[mode])}</h2>",
    ]
    for section in sections:
        parts.append(f"<h3>{escape(section.title)}</h3>")
        items = "".join(f"<li>{escape(p)}</li>" for p in section.paragraphs)
        parts.append(f"<ul>{items}</ul>")
    parts.append("</div>")
    return "".join(parts)
