"""Australian Patience: rules, notation, solver, hints, the bot and its guide."""

from __future__ import annotations

from ausp_widget.core.plugin import lazy_attributes
from ausp_widget.core.registry import GameEntry, Later, register

from . import guide, notation, rules
from .game import Game

ENTRY = GameEntry(  # what the package's entry point names, and what it registers on import
    name=Game.name,
    title=Game.title,
    game_class=Game,
    modes={mode: (mode, label) for mode, label in rules.MODE_NAMES.items()},
    deal=Game.deal,
    read_text=lambda text: notation.parse_position(text, Game),
    read_save=lambda data: notation.load_json(data, Game),
    solve=Later(f"{__name__}.solver:solve"),  # the solver, hints, bot and sampler: when first used
    solver=Later(f"{__name__}.solver:Solver"),
    hint=Later(f"{__name__}.hints:hint"),
    rules=lambda mode, options=None: rules.rules(mode),  # no rule options
    guide=guide.steps,
    bot=Later(f"{__name__}.bot:Bot"),
    sample=Later(f"{__name__}.sampling:sample_game"),
    tips={
        "solo": "Play alone",
        "turns": "Take turns with the bot",
        "simultaneous": "Race the bot, both moving at once",
    },
)
register(ENTRY)

__getattr__ = lazy_attributes(__name__, {"Bot": "bot:Bot"})

__all__ = ["ENTRY", "Game"]
