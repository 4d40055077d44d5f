"""Shared values cannot change: a card, a move or a rules table altered in one place would
alter every later deal in the process, so every attempt is refused and changes nothing."""

import dataclasses
import importlib
import pkgutil
from collections.abc import Mapping
from types import MappingProxyType

import pytest

import ausp_widget
from ausp_widget import Card, Game, Move
from ausp_widget.core import registry
from ausp_widget.core.cards import CARDS
from ausp_widget.games.indian.basics import IndianMove

ACE = Card.parse("A♣")


@pytest.mark.parametrize("field", ["rank", "suit", "index", "other"])
def test_a_card_cannot_be_changed_or_emptied(field):
    before = [(c.rank, c.suit, c.index) for c in CARDS]
    with pytest.raises(AttributeError):
        setattr(CARDS[0], field, 5)
    with pytest.raises(AttributeError):
        delattr(CARDS[0], field)
    assert [(c.rank, c.suit, c.index) for c in CARDS] == before
    assert str(CARDS[0]) == "A♣" and Game.deal(1).to_text() == Game.deal(1).copy().to_text()


MOVES = [
    Move.parse("draw"),
    Move.parse("A♣ F"),
    Move.parse("J♥ Q♥"),
    Move.parse("K♣ 3"),
    Move("foundation", ACE, pile=2),
    IndianMove.parse("3:7♥ 8♣"),
]


@pytest.mark.parametrize("move", MOVES, ids=str)
@pytest.mark.parametrize("field", ["kind", "card", "onto", "column", "pile", "_text", "source", "other"])
def test_a_move_cannot_be_changed_or_emptied(move, field):
    text, fields = str(move), [getattr(move, f, None) for f in ("kind", "card", "onto", "column", "pile")]
    with pytest.raises(AttributeError):
        setattr(move, field, None)
    with pytest.raises(AttributeError):
        delattr(move, field)
    assert str(move) == text and [
        getattr(move, f, None) for f in ("kind", "card", "onto", "column", "pile")
    ] == (fields)
    assert move == type(move).parse(text)


def _shared_tables():
    """Every module-level table of core/ and games/ that is not a private cache or registry."""
    private = {"_DRAWERS", "_GAMES", "_MOVES", "_GAME_TYPES"}  # caches and registries, filled as used
    for package in ("ausp_widget.core", "ausp_widget.games"):
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, package + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                tables = (tuple, frozenset, Mapping, list, set, dict)
                if not name.startswith("__") and name not in private and isinstance(value, tables):
                    yield f"{info.name}.{name}", value


def _mutable_inside(value, depth=0):
    if isinstance(value, (list, dict, set, bytearray)):
        return True
    if depth < 4 and isinstance(value, (tuple, frozenset)):
        return any(_mutable_inside(v, depth + 1) for v in value)
    if depth < 4 and isinstance(value, MappingProxyType):
        return any(_mutable_inside(v, depth + 1) for v in value.values())
    return False


def test_every_shared_table_is_read_only_all_the_way_down():
    tables = dict(_shared_tables())
    assert "ausp_widget.core.cards.CARDS" in tables and "ausp_widget.games.australian.rules.RULE" in tables
    assert [name for name, value in tables.items() if _mutable_inside(value)] == []


@pytest.mark.parametrize("name", sorted(n for n, v in _shared_tables() if isinstance(v, Mapping)))
def test_a_shared_mapping_refuses_every_change(name):
    table = dict(_shared_tables())[name]
    before = dict(table)
    key = next(iter(table), "x")
    for change in (
        lambda: table.__setitem__(key, None),
        lambda: table.__delitem__(key),
        lambda: table.update({}),
        lambda: table.pop(key),
        lambda: table.clear(),
    ):
        with pytest.raises((TypeError, AttributeError)):
            change()
    assert dict(table) == before


def test_the_cards_table_refuses_every_change():
    with pytest.raises(TypeError):
        CARDS[0] = CARDS[1]
    with pytest.raises(AttributeError):
        CARDS.append(ACE)
    assert CARDS[0] is ACE and len(CARDS) == 52


def test_a_registered_game_cannot_be_changed():
    entry = registry.entry("australian")
    modes = dict(entry.modes)
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.title = "Klondike"
    for table in (entry.modes, entry.tips, entry.options):
        with pytest.raises(TypeError):
            table["solo"] = ("x", "y")
    assert dict(entry.modes) == modes and ausp_widget.Game.deal(3).mode == "solo"
