"""Indian Patience, the two-deck sister game: rules, notation, solver, hints and its guide."""

from __future__ import annotations

from ausp_widget.core.registry import GameEntry, register

from .game import IndianGame
from .moves import IndianMove


def _solve(game: IndianGame, time_limit: float | None = 10.0, node_limit: int | None = None):
    from .solver import DEFAULT_NODE_LIMIT, solve_indian

    return solve_indian(game, time_limit, DEFAULT_NODE_LIMIT if node_limit is None else node_limit)


def _hint(game: IndianGame, player: int = 0):
    from .hints import hint

    game._check_player(player)
    return hint(game)


def _rules(mode: str):
    from .rules import indian_rules

    return indian_rules()


def _guide(mode: str):
    from .guide import indian_steps

    return indian_steps()


def _read_save(data: dict) -> IndianGame:
    from .notation import load_json

    return load_json(data, IndianGame)


register(
    GameEntry(
        name=IndianGame.name,
        title=IndianGame.title,
        game_class=IndianGame,
        modes={"indian": ("solo", IndianGame.title)},
        deal=IndianGame.deal,
        read_text=IndianGame.from_text,
        read_save=_read_save,
        solve=_solve,
        solver=None,
        hint=_hint,
        rules=_rules,
        guide=_guide,
        tips={"indian": "The two-deck sister game: single cards, differing suits, protected cards"},
    )
)

__all__ = ["IndianGame", "IndianMove"]
