"""What the puzzle trainer writes about a puzzle and its student: the heading, the stock's
order, the student's standing and results by theme. Functions of the puzzles and the progress
store alone, so the words are the same wherever they are shown and need no widget to test."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ausp_widget.analysis.puzzles import Puzzle
from ausp_widget.core.progress import Progress
from ausp_widget.core.protocol import has_stock
from ausp_widget.core.rating import level_for

__all__ = [
    "KIND_WORDS",
    "STOCK_SHOWN",
    "by_themes",
    "heading_words",
    "standing_words",
    "stock_words",
    "theme_words",
]

KIND_WORDS = {
    "win": "win from here",
    "free": "free a card",
    "home": "cards home",
    "judge": "winnable or not?",
}
STOCK_SHOWN = 30  # stock cards named before "…" (an Indian stock holds up to 74)


def heading_words(puzzle: Puzzle) -> str:
    """The puzzle's name, level, kind and themes."""
    themes = f" · {escape(', '.join(puzzle.themes))}" if puzzle.themes else ""
    return f"<b>Puzzle {escape(puzzle.id)}</b> · level {puzzle.level} · {KIND_WORDS[puzzle.kind]}{themes}"


def stock_words(game: Any) -> str:
    """The stock's order, next card first: a puzzle's answer may depend on it (nothing for a
    game without a stock)."""
    if not has_stock(game):
        return ""
    stock = game.stock(0)
    if not stock:
        return "<p style='margin:2px 0'>The stock is empty.</p>"
    shown = " ".join(str(card) for card in stock[:STOCK_SHOWN]) + (" …" if len(stock) > STOCK_SHOWN else "")
    return f"<p style='margin:2px 0'>The stock, next card first ({len(stock)}): {escape(shown)}</p>"


def standing_words(store: Progress) -> str:
    """The student's name, rating, level and puzzles solved."""
    record = store.puzzles
    solved = sum(r.solved > 0 for r in record.values())
    name = escape(store.student) or "Unnamed student"
    return (
        f"{name}: rating <b>{round(store.rating)}</b> (level {level_for(store.rating)}) · "
        f"{solved} of {len(record)} puzzles solved"
    )


def by_themes(items: Sequence[Puzzle], store: Progress) -> dict[str, tuple[int, int]]:
    """The student's results by theme, in `items`: (solved cleanly, tried), weakest first.
    A puzzle counts as solved cleanly once solved with no miss left standing."""
    counts: dict[str, list[int]] = {}
    for puzzle in items:
        record = store.puzzle(puzzle.id)
        if not record.tries:
            continue
        for theme in puzzle.themes:
            tally = counts.setdefault(theme, [0, 0])
            tally[0] += int(record.solved > 0 and not record.pending)
            tally[1] += 1
    order = sorted(counts.items(), key=lambda item: (item[1][0] / item[1][1], -item[1][1], item[0]))
    return {theme: (clean, tried) for theme, (clean, tried) in order}


def theme_words(items: Sequence[Puzzle], store: Progress) -> str:
    """The results by theme, and how many missed puzzles are waiting to come back."""
    themes = by_themes(items, store)
    mine = {puzzle.id for puzzle in items}
    due = len([key for key in store.due_again(0) if key in mine])
    said = []
    if themes:
        shown = " · ".join(f"{escape(name)} {done} of {tried}" for name, (done, tried) in themes.items())
        said.append(f"By theme: {shown}")
    if due:
        said.append(f"{due} missed to come back")
    tip = "puzzles solved cleanly of those tried, weakest theme first"
    return f"<span title='{tip}'>{' · '.join(said)}</span>" if said else ""
