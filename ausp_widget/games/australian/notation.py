"""Position text (§3) and versioned JSON saves: reading is strict and says what is wrong."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ausp_widget.core import saves
from ausp_widget.core.cards import CARDS, SUITS, Card, format_cards, parse_cards
from ausp_widget.core.decks import check_decks
from ausp_widget.core.errors import IllegalMoveError, NotationError
from ausp_widget.core.moves import Move
from ausp_widget.core.position_text import split_lines
from ausp_widget.core.saves import SAVE_FORMAT, check_seed_field

from .layout import MODES, layout_from_cards

Game = Any  # the Australian `Game` (which imports this module, so it is not imported here)

SAVE_VERSION = 1
_LINES = ("foundations", "stock", "waste", *map(str, range(1, 8)))


# ---- position text -----------------------------------------------------------------------
def format_position(game: Game) -> str:
    if game.mode != "solo":
        raise NotationError("position text is for the solo game; use to_json() for two players")
    tops = [pile[-1] for pile in game.foundations if pile]
    lines = [
        f"foundations: {format_cards(tops)}",
        f"stock: {format_cards(game.stock())}",
        f"waste: {format_cards(game.waste())}",
    ]
    lines += [f"{n}: {format_cards(col)}" for n, col in enumerate(game.tableau(), start=1)]
    return "\n".join(lines) + "\n"


def parse_position(text: str, cls: type[Game]) -> Game:
    lines = split_lines(
        text, cls.name, cls.title, _LINES, "'foundations:', 'stock:', 'waste:' or '1:' to '7:'"
    )
    found: dict[str, list[Card]] = {key: lines.read(key, parse_cards) for key in _LINES}
    tops = found["foundations"]
    if len({card.suit for card in tops}) != len(tops):
        raise NotationError("'foundations:' names two cards of one suit: give only each pile's top card")
    implied = [CARDS[top.index - r] for top in tops for r in range(top.rank)]
    check_decks(implied, {key: found[key] for key in _LINES[1:]})
    piles = [()] * 4
    for top in tops:
        piles[SUITS.index(top.suit)] = (0,) * top.rank
    layout = layout_from_cards([found[str(n)] for n in range(1, 8)], found["stock"], found["waste"])
    return cls([layout], piles)


# ---- JSON saves ----------------------------------------------------------------------------
def _layout_words(stock: Sequence[int], snapshot: tuple) -> dict:
    """One layout in a save, from its full stock and a `_Layout.snapshot()`: its cards as text."""
    cols, drawn, waste = snapshot
    return {
        "columns": [[str(CARDS[c]) for c in col] for col in cols],
        "stock": [str(CARDS[c]) for c in stock[drawn:]],
        "waste": [str(CARDS[c]) for c in waste],
    }


def _start_state(game: Game) -> dict:
    lays, piles, turn, *_ = game._start
    layouts = [_layout_words(lay.stock, snap) for lay, snap in zip(game._layouts, lays)]
    return {"layouts": layouts, "foundations": [list(pile) for pile in piles], "first": turn}


def save_json(game: Game) -> str:
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "mode": game.mode,
        "seed": game.seed,
        "start": _start_state(game),
        "moves": [[player, str(move)] for player, move in game.history],
        "redo": [[player, str(move)] for player, move in game._redo],
        "position": _fingerprint(game),
    }
    if game._finished:  # a simultaneous game stopped with finish(): not a move, so it is saved apart
        data["finished"] = True
    return json.dumps(data, ensure_ascii=False)


def _fingerprint(game: Game) -> dict:
    """The position the moves lead to, so a save whose moves were edited is caught."""
    return {
        "layouts": [_layout_words(lay.stock, lay.snapshot()) for lay in game._layouts],
        "foundations": [list(pile) for pile in game.foundation_owners],
    }


def load_json(data: dict, cls: type[Game]) -> Game:
    """A game from a decoded save (`ausp_widget.core.saves.decode_save`), checked move by move."""
    saves.check_version(data, SAVE_VERSION)
    saves.require_fields(data, ("mode", "seed", "start", "moves", "redo", "position"))
    mode = data["mode"]
    if mode not in MODES:
        raise NotationError(f"the save's mode {mode!r} is not one of {', '.join(MODES)}")
    seed = check_seed_field(data["seed"])
    game = _start_game(data["start"], mode, seed, cls)
    if seed is not None and _start_state(game) != _start_state(cls.deal(seed, mode, first=game.first)):
        raise saves.altered(f"seed {seed} does not match its start position")
    moves, redo = saves.save_entries(data["moves"], "moves", 2), saves.save_entries(data["redo"], "redo", 2)
    game = saves.replay(game, moves)
    if _fingerprint(game) != data["position"]:
        raise saves.altered("position does not match its moves")
    finished = data.get("finished", False)
    if not isinstance(finished, bool):
        raise NotationError(f"the save's 'finished' must be true or false, not {finished!r}")
    if finished:
        try:
            game.finish()
        except IllegalMoveError as error:
            raise NotationError(f"the save says the game was finished, but {error}") from None
    if redo:
        if mode != "solo":
            raise NotationError("only a solo save may have moves to redo")
        saves.restore_redo(game, redo, Move.parse)
    return game


def _is_player(value: object, players: int) -> bool:
    """A player number as a save must write it: an exact int (0.0 and true compare equal to 0
    and 1, but would later break the scores, which count by owner)."""
    return type(value) is int and 0 <= value < players


def _start_game(start: object, mode: str, seed: int | None, cls: type[Game]) -> Game:
    players = 1 if mode == "solo" else 2
    if not isinstance(start, dict) or not isinstance(start.get("layouts"), list):
        raise NotationError("the save's start position is malformed")
    if len(start["layouts"]) != players:
        raise NotationError(f"a {mode} save needs {players} layout(s), found {len(start['layouts'])}")
    piles = start.get("foundations")
    pile_count = 4 if mode == "solo" else 8
    if (
        not isinstance(piles, list)
        or len(piles) != pile_count
        or not all(
            isinstance(p, list) and len(p) <= 13 and all(_is_player(o, players) for o in p) for p in piles
        )
    ):
        raise NotationError(f"the save's start foundations must be {pile_count} lists of owners")
    first = start.get("first", 0)
    if not _is_player(first, 2):
        raise NotationError(f"the save's first player {first!r} is not 0 or 1")
    layouts = []
    for p, lay in enumerate(start["layouts"]):
        try:
            columns = [parse_cards(" ".join(col)) for col in lay["columns"]]
            stock = parse_cards(" ".join(lay["stock"]))
            waste = parse_cards(" ".join(lay["waste"]))
        except (KeyError, TypeError) as error:
            raise NotationError(f"layout {p} of the save's start is malformed: {error}") from None
        if len(columns) != 7:
            raise NotationError(f"layout {p} of the save's start has {len(columns)} columns, not 7")
        implied = [  # pile k holds suit k // players: one pile a suit solo, two against the bot
            CARDS[k // players * 13 + r]
            for k, pile in enumerate(piles)
            for r, owner in enumerate(pile)
            if owner == p
        ]
        found = {"stock": stock, "waste": waste} | {str(n): col for n, col in enumerate(columns, start=1)}
        try:
            check_decks(implied, found)
        except NotationError as error:
            raise NotationError(f"layout {p} of the save's start: {error}") from None
        layouts.append(layout_from_cards(columns, stock, waste))
    return cls(layouts, [tuple(p) for p in piles], mode=mode, seed=seed, first=first)
