"""Game and opponent as two choices, one table mode between them.

A table mode ("solo", "turns", "simultaneous", "indian"…) is a game and an opponent. Showing
them as two rows lets a class switch the game without losing sight of the opponent, and a
pair a game does not have (Indian Patience against the bot) is greyed out with its reason
instead of being switched for another behind the player's back. The games come from the
registry, so a game registered later appears here too.
"""

from __future__ import annotations

from typing import Any

import traitlets

from ausp_widget.core import registry

from .parts import Parts
from .setting import SettingError, TextTrait
from .strip import Label, Strip, ToggleButton, ToggleButtons

OPPONENTS: dict[str, tuple[str, str, str]] = {
    # opponent: (the game mode it deals, its label, its tooltip)
    "none": ("solo", "Solo", "Play alone"),
    "turns": ("turns", "Turn-based vs bot", "Take turns with the bot"),
    "race": ("simultaneous", "Race vs bot", "Race the bot, both moving at once"),
}


def split(mode: str) -> tuple[str, str]:
    """The game and the opponent of a table mode: "indian" → ("indian", "none")."""
    entry, game_mode = registry.for_table_mode(mode)
    opponent = next(key for key, (dealt, _, _) in OPPONENTS.items() if dealt == game_mode)
    return entry.name, opponent


def join(game: str, opponent: str) -> str | None:
    """The table mode playing `game` against `opponent`, or None when the game has no such mode."""
    dealt = OPPONENTS[opponent][0]
    entry = registry.entry(game)
    return next((key for key, (game_mode, _) in entry.modes.items() if game_mode == dealt), None)


def missing_reason(game: str) -> str:
    """Why some opponents are greyed out for `game` ("" when it has them all)."""
    entry = registry.entry(game)
    missing = [label for key, (_, label, _) in OPPONENTS.items() if join(game, key) is None]
    if not missing:
        return ""
    if join(game, "none") is not None and len(missing) == len(OPPONENTS) - 1:
        return f"{entry.title} is played alone: it has no game against the bot."
    return f"{entry.title} has no {' or '.join(missing)} game."


class ModeChoice(Strip):
    """Two selectors, game and opponent, whose `value` is the table mode they make together.

    `options` lists every table mode as (label, mode), as the single row of buttons did."""

    value = TextTrait(help="the table mode: a game and an opponent")

    def __init__(self, value: str, parts: Parts) -> None:
        super().__init__("ausp-mode-choice", layout=parts.layout)
        self._syncing = False
        with self.hold_sync():  # the controls go out in one message
            self._add_controls(value)
        self.game.observe(self._on_game, names="value")
        for key, button in self.opponents.items():
            button.observe(lambda change, key=key: self._on_opponent(key, change.new), names="value")

    def _add_controls(self, value: str) -> None:
        # one wrapping row, one model (every widget counts in a class of thirty notebooks)
        self.game = self.add(
            ToggleButtons(
                "ausp-game-choice",
                options=[(entry.title, entry.name) for entry in registry.games()],
                description="Game",
            )
        )
        self.opponents: dict[str, ToggleButton] = {
            key: self.add(
                ToggleButton("ausp-opponent-choice", f"ausp-opponent-{key}", description=label, tooltip=tip)
            )
            for key, (_, label, tip) in OPPONENTS.items()
        }
        self.reason = self.add(Label("ausp-mode-reason"))
        self.value = value  # shown by `_on_value`

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        """Every table mode, with its label, in registration order."""
        return tuple((label, mode) for mode, label in registry.table_modes().items())

    @traitlets.validate("value")
    def _valid(self, proposal: Any) -> str:
        try:
            registry.for_table_mode(proposal["value"])
        except ValueError as error:
            raise SettingError(str(error)) from None
        return proposal["value"]

    @traitlets.observe("value")
    def _on_value(self, change: Any) -> None:
        self._show(change.new)

    def _show(self, mode: str) -> None:
        """Bring both selectors, the greyed-out opponents and the reason line up to `mode`."""
        game, opponent = split(mode)
        reason = missing_reason(game)
        self._syncing = True
        try:
            with self.hold_sync():
                self.game.value = game
                for key, button in self.opponents.items():
                    missing = join(game, key) is None
                    button.value = key == opponent
                    button.disabled = missing
                    button.tooltip = reason if missing else OPPONENTS[key][2]
                self.reason.value = reason
        finally:
            self._syncing = False

    def _on_game(self, change: Any) -> None:
        """Another game: against the same opponent when it has one, else played alone (the
        greyed-out opponents and the reason line say why)."""
        if self._syncing:
            return
        _, opponent = split(self.value)
        self._choose(
            join(change.new, opponent)
            or join(change.new, "none")
            or next(iter(registry.entry(change.new).modes))
        )

    def _choose(self, mode: str) -> None:
        """A choice made on the selector. A game that cannot be dealt (another package's game
        with a broken part) leaves the selector on the game still on the table, and the reason
        line says what failed: a click's error would otherwise reach only the kernel's log."""
        try:
            self.value = mode
        except Exception as error:
            self._show(self.value)
            self.reason.value = f"{registry.entry(split(mode)[0]).title} cannot be played: {error}"

    def _on_opponent(self, key: str, pressed: bool) -> None:
        if self._syncing:
            return
        # the chosen opponent stays chosen (a radio button, not a switch); a greyed-out one is refused
        mode = join(split(self.value)[0], key) if pressed else None
        if mode is None:
            self._show(self.value)
        else:
            self._choose(mode)
