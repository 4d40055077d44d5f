"""Yukon's front doors, as its registry entry names them: rules, guide and reading a save."""

from __future__ import annotations

from typing import Any

from . import notation
from .game import YukonGame
from .guide import yukon_steps
from .rules import yukon_rules


def rules(mode: str, options: Any = None):
    return yukon_rules(options)


def guide(mode: str):
    return yukon_steps()


def read_save(data: dict) -> YukonGame:
    return notation.load_json(data, YukonGame)
