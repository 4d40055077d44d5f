"""Australian Patience: rules, notation, solver, hints, the bot and its guide."""

from __future__ import annotations

from ausp_widget.core.registry import GameEntry, register
from ausp_widget.core.saves import decode_save

from .game import Game
from .rules import MODE_NAMES


def _solver(game: Game):
    from .solver import Solver

    return Solver(game)


def _solve(game: Game, time_limit: float | None = 10.0, node_limit: int | None = None):
    from .solver import solve

    return solve(game, time_limit, node_limit)


def _hint(game: Game, player: int = 0):
    from .hints import hint

    return hint(game, player)


def _rules(mode: str):
    from .rules import rules

    return rules(mode)


def _guide(mode: str):
    from .guide import steps

    return steps(mode)


def _bot():
    from .bot import Bot

    return Bot()


def _read_save(data: dict) -> Game:
    from .notation import load_json

    return load_json(decode_save(data), Game)


def _read_text(text: str) -> Game:
    from .notation import parse_position

    return parse_position(text, Game)


register(
    GameEntry(
        name=Game.name,
        title=Game.title,
        game_class=Game,
        modes={mode: (mode, label) for mode, label in MODE_NAMES.items()},
        deal=Game.deal,
        read_text=_read_text,
        read_save=_read_save,
        solve=_solve,
        solver=_solver,
        hint=_hint,
        rules=_rules,
        guide=_guide,
        bot=_bot,
        tips={
            "solo": "Play alone",
            "turns": "Take turns with the bot",
            "simultaneous": "Race the bot, both moving at once",
        },
    )
)

__all__ = ["Game"]
