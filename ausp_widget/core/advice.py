"""The hint every game gives: a move and the reason for it, in one sentence a learner reads.
One type, so the table, the guide and the analysis show any game's advice the same way."""

from __future__ import annotations

from dataclasses import dataclass

from .moves import Move

__all__ = ["Hint"]


@dataclass(frozen=True)
class Hint:
    """A suggested move (None when there is nothing useful to do) and why, in one sentence."""

    move: Move | None
    reason: str

    def __str__(self) -> str:
        if self.move is None or self.reason.startswith(f"{self.move}:"):
            return self.reason
        return f"{self.move}: {self.reason}"
