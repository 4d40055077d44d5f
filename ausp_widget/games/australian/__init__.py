"""Australian Patience: rules, notation, solver, hints, the bot and its guide."""

from __future__ import annotations

from ausp_widget.core.registry import GameEntry, register

from . import guide, hints, notation, rules, sampling, solver
from .bot import Bot
from .game import Game

ENTRY = GameEntry(  # what the package's entry point names, and what it registers on import
    name=Game.name,
    title=Game.title,
    game_class=Game,
    modes={mode: (mode, label) for mode, label in rules.MODE_NAMES.items()},
    deal=Game.deal,
    read_text=lambda text: notation.parse_position(text, Game),
    read_save=lambda data: notation.load_json(data, Game),
    solve=solver.solve,
    solver=solver.Solver,
    hint=hints.hint,
    rules=lambda mode, options=None: rules.rules(mode),  # no rule options
    guide=guide.steps,
    bot=Bot,
    sample=sampling.sample_game,
    tips={
        "solo": "Play alone",
        "turns": "Take turns with the bot",
        "simultaneous": "Race the bot, both moving at once",
    },
)
register(ENTRY)

__all__ = ["ENTRY", "Game"]
