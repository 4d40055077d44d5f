"""Choosing another game or opponent mid-game (a mixin of `GameTable`): the game in progress is
kept, and choosing its mode again on the same deal goes back to it as it was left.

A class switches from the race to the solo game to show something and back again; dealing the
race afresh would lose it without a word. A kept game is one per mode, for the deal it was
played on: a new deal on the table deals every mode afresh, as a class keeps its deal across
modes.
"""

from __future__ import annotations

from typing import Any

from ausp_widget.core import registry
from ausp_widget.core.protocol import PatienceGame

from .start_gate import READY


class ModeSwitch:
    """`switch_mode`; the table provides the game, its start gate and status panel, `new_game`,
    `_attach` and `_say`. The kept games live in the table's `_kept_games`, one per mode."""

    _game: Any
    start_gate: Any
    panel: Any

    def switch_mode(self, mode: str, seed: int | None) -> PatienceGame:
        """Play `mode` on deal `seed`: the game left in that mode on this deal when there is one,
        else a new deal. A game in progress here is kept for its own mode."""
        kept: dict[str, PatienceGame] = self.__dict__.setdefault("_kept_games", {})
        left, back = self._game, kept.pop(mode, None)
        note = ""
        if left is not None and left.status == "playing" and left.history:
            left_mode = registry.table_mode(left)
            kept[left_mode] = left
            label = registry.table_modes()[left_mode]
            note = f" Your {label} game is kept: choose {label} again on deal {left.seed} to play on."
        if back is not None and back.seed == seed and back.status == "playing":
            self._attach(back)  # type: ignore[attr-defined]
            moves = len(back.history)
            ready = f" {READY}" if self.start_gate.waiting else ""
            back_words = f"Back to deal {seed} as you left it, {moves} move{'s' * (moves != 1)} in."
            self._say(f"{back_words}{ready}{note}")  # type: ignore[attr-defined]
            return back
        game = self.new_game(seed, mode)  # type: ignore[attr-defined]
        if note:
            self._say(f"{self.panel.status.value}{note}")  # type: ignore[attr-defined]
        return game
