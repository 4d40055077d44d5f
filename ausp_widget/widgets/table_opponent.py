"""The table's opponent (a mixin of `GameTable`): the bot's moves on its clock, its level, and
Start, which holds a game against the bot until the class is ready."""

from __future__ import annotations

from typing import Any

from ausp_widget.analysis.players import make_bot
from ausp_widget.core.protocol import PatienceGame

from .start_gate import READY


class Opponent:
    """The bot and Start; the table provides the game, the pacer, the start gate, `_say`,
    `_refuse`, `_render` and `_playing`."""

    _game: Any
    _closed: bool
    bot: Any
    wait_for_start: bool

    def _needs_start(self, game: PatienceGame) -> bool:
        """Whether a game waits for Start: against the bot, in the race or with the bot to move."""
        if not self.wait_for_start or game.players < 2 or game.status != "playing":
            return False
        return game.mode == "simultaneous" or game.turn == 1

    def start(self) -> None:
        """Press Start: count 3, 2, 1 on the clock, then the game is on."""
        self._guard(self.start_gate.press)

    @property
    def started(self) -> bool:
        """Whether the game is on (Start pressed and counted down, or no Start needed)."""
        return not self.start_gate.waiting

    def _on_start(self) -> None:
        game = self._game
        self._render()
        if game.mode == "simultaneous":
            self._say("Go! Move your cards: the bot is playing too.")
        else:
            self._say("Go! The bot plays first.")
        self.pacer.schedule()

    def _held(self) -> bool:
        """Whether your cards wait for Start (said in the status line when they do)."""
        if self.start_gate.waiting:
            self._refuse(READY)
            return True
        return False

    def _bot_should_act(self) -> bool:
        game = self._game
        if self._closed or self.bot is None or game.players < 2 or game.status != "playing":
            return False
        if self.start_gate.waiting:
            return False
        return game.mode == "simultaneous" or game.turn == 1

    def _bot_move(self) -> None:
        if not self._bot_should_act():
            return
        game = self._game
        move = self.bot.choose(game.view(1))
        if move is None:  # simultaneous: the bot waits for something to change
            if not any(p.size for p in game.piles() if p.kind == "stock"):
                self._say("The bot has nothing left to do. Play on, or click Finish to end and count.")
            return
        with self._playing():
            game.play(move, 1)  # the listener shows it and schedules the next tick

    def _on_bot_level(self, level: str) -> None:
        """Another bot level: it takes over the bot's side from its next move."""
        self._bot_given = level
        if self._game is not None and self._game.players > 1:
            self.bot = make_bot(level, self._game)
            self._say(f"The {level} bot plays from its next move on.")
            self.pacer.schedule()
