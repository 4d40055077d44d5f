"""Indian Patience position text and versioned JSON saves: reading is strict and says what is wrong.

Position text, lines in any order, blank lines and `#` comments ignored::

    game: indian
    options: empty_column=kings partial_refill=yes   # only the rule options not at their default
    foundations: 3♣ - A♦ - - - - -   # top card of F1 … F8 (♣ ♣ ♦ ♦ ♥ ♥ ♠ ♠), or - when empty
    stock: 4♠ K♦ 9♦                  # next card to draw first, or -
    waste: 5♣ 9♦                     # bottom first, top card last, or -
    1: [9♠] 4♥ K♦                    # bottom first; [9♠] is face down
    2: 7♣*                           # 7♣* is protected (alone, unless protected_takes_cards)
    …                                # columns 3 to 10

The cards shown plus those implied by the foundations must be two decks. A save is JSON with
`game` "indian", `seed`, `options` (all four; a save from before them plays by the defaults),
`start`, `moves`, `redo` and `position` (so a save whose moves or position were edited is refused).
"""

from __future__ import annotations

from dataclasses import asdict, fields
from types import MappingProxyType
from typing import Any

from ausp_widget.core import saves
from ausp_widget.core.cards import CARDS, SUITS, Card, format_cards, parse_cards
from ausp_widget.core.decks import check_decks
from ausp_widget.core.errors import NotationError
from ausp_widget.core.position_text import split_lines
from ausp_widget.core.saves import check_seed_field, short_repr

from .basics import (
    COLUMNS,
    EMPTY_COLUMN_CHOICES,
    FACE_DOWN,
    FREE,
    PILE_SUITS,
    PILES,
    PROTECTED,
    IndianMove,
    IndianOptions,
    option_text,
)

IndianGame = Any  # the game class (which imports this module): readers are handed it as `cls`

INDIAN_SAVE_VERSION = 1
_LINES = ("foundations", "stock", "waste", *map(str, range(1, COLUMNS + 1)))
_EXPECTED = f"'game: indian', 'options:', 'foundations:', 'stock:', 'waste:' or '1:' to '{COLUMNS}:'"
_YES_NO = MappingProxyType({"yes": True, "no": False})


# ---- rule options --------------------------------------------------------------------------
def format_options(options: IndianOptions) -> str:
    """The options that differ from the defaults as `name=value` words ("" when none do)."""
    return " ".join(option_text(name, value) for name, value in options.changed().items())


def parse_options(rest: str) -> IndianOptions:
    """Rule options from `name=value` words, strictly: an unknown name or value is refused by name."""
    defaults = IndianOptions()
    names = [f.name for f in fields(IndianOptions)]
    words = rest.split()
    if not words:
        raise NotationError(
            "give the rule options as name=value, as in 'empty_column=kings partial_refill=yes'"
        )
    given: dict[str, object] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if name not in names:
            raise NotationError(f"unknown option {name!r}: the options are {', '.join(names)}")
        if name in given:
            raise NotationError(f"option {name} is given twice")
        if isinstance(getattr(defaults, name), bool):
            choices: dict[str, object] = _YES_NO
        else:
            choices = {choice: choice for choice in EMPTY_COLUMN_CHOICES}
        if not sep or value not in choices:
            raise NotationError(f"option {name} takes {' or '.join(choices)}, not {value!r}")
        given[name] = choices[value]
    return IndianOptions(**given)


# ---- position text -----------------------------------------------------------------------
def format_position(game: IndianGame) -> str:
    tops = [f"{pile[-1]}" if pile else "-" for pile in game.foundations]
    options = format_options(game.options)
    lines = [
        "game: indian",
        *([f"options: {options}"] if options else []),
        f"foundations: {' '.join(tops)}",
        f"stock: {format_cards(game.stock())}",
        f"waste: {format_cards(game.waste())}",
    ]
    for n, (col, down, guarded) in enumerate(
        zip(game.tableau(), game.face_down(), game.protected()), start=1
    ):
        words = [f"[{card}]" if depth < down else str(card) for depth, card in enumerate(col)]
        if guarded:
            words[0] += "*"
        lines.append(f"{n}: {' '.join(words) or '-'}")
    return "\n".join(lines) + "\n"


def parse_position(text: str, cls: type[IndianGame]) -> IndianGame:
    lines = split_lines(text, cls.name, cls.title, _LINES, _EXPECTED, optional=("options",))
    read = lines.read
    options = lines.read_optional("options", parse_options, IndianOptions())
    piles = read("foundations", _parse_foundations)
    stock = read("stock", parse_cards)
    waste = read("waste", parse_cards)
    columns, bottoms = [], []
    for n in range(1, COLUMNS + 1):
        cards, bottom = read(
            str(n), lambda rest: _parse_column(rest, bool(stock), options.protected_takes_cards)
        )
        columns.append(cards)
        bottoms.append(bottom)
    places = {"stock": stock, "waste": waste} | {str(n): col for n, col in enumerate(columns, start=1)}
    implied = [CARDS[PILE_SUITS[k] * 13 + r] for k, height in enumerate(piles) for r in range(height)]
    check_decks(implied, places, decks=2)  # each of the 52 cards exactly twice
    return cls(
        [tuple(c.index for c in col) for col in columns],
        bottoms,
        tuple(c.index for c in stock),
        tuple(c.index for c in waste),
        piles,
        options=options,
    )


def _parse_foundations(rest: str) -> list[int]:
    words = rest.split()
    if len(words) != PILES:
        raise NotationError(
            f"give {PILES} entries, the top card of F1 to F8 (♣ ♣ ♦ ♦ ♥ ♥ ♠ ♠) or - for an empty pile, "
            f"not {len(words)}"
        )
    heights = []
    for k, word in enumerate(words):
        if word == "-":
            heights.append(0)
            continue
        card = Card.parse(word)
        if card.suit != SUITS[PILE_SUITS[k]]:
            raise NotationError(f"F{k + 1} is a {SUITS[PILE_SUITS[k]]} foundation, so it cannot hold {card}")
        heights.append(card.rank)
    return heights


def _parse_column(rest: str, stock_left: bool, covered_ok: bool = False) -> tuple[list[Card], int]:
    """A column's cards and bottom state; a protected card may be covered when `covered_ok`
    (the option protected_takes_cards)."""
    words = rest.split()
    if words == ["-"]:
        return [], FREE
    cards: list[Card] = []
    bottom = FREE
    for depth, word in enumerate(words):
        if word.startswith("[") and word.endswith("]"):
            if depth != 0:
                raise NotationError(f"{word}: only the bottom card of a column can be face down")
            if len(words) < 2:
                raise NotationError(f"{word}: a face-down card with nothing on it would be turned up")
            bottom, word = FACE_DOWN, word[1:-1]
        elif word.endswith("*"):
            if depth != 0:
                raise NotationError(f"{word}: only the bottom card of a column can be protected")
            if len(words) != 1 and not covered_ok:
                raise NotationError(
                    f"{word}: a protected card is the only card of its column "
                    "(cards go onto it only with the option protected_takes_cards=yes)"
                )
            if not stock_left:
                raise NotationError(f"{word}: with the stock used up no card is protected any more")
            bottom, word = PROTECTED, word[:-1]
        cards.append(Card.parse(word))
    return cards, bottom


# ---- JSON saves ----------------------------------------------------------------------------
def save_json(game: IndianGame) -> str:
    return saves.one_player_save(game, INDIAN_SAVE_VERSION, format_position, options=asdict(game.options))


def load_json(data: dict, cls: type[IndianGame]) -> IndianGame:
    """A game from a decoded save (`ausp_widget.core.saves.decode_save`), checked move by move.

    Every way a save can be wrong is a `NotationError`, whatever part of the game noticed it."""
    return saves.reading(_load, data, cls)


def _load(data: dict, cls: type[IndianGame]) -> IndianGame:
    saves.check_one_player(data, "indian", "Indian Patience", INDIAN_SAVE_VERSION, "Indian")
    seed = check_seed_field(data["seed"])
    options = _options_field(data)
    game = saves.start_of(data, cls, parse_position, "Indian")
    if game.options != options:
        raise saves.altered(
            f"options ({format_options(options) or 'the defaults'}) are not those of its start "
            f"position ({format_options(game.options) or 'the defaults'})"
        )
    if seed is not None and format_position(cls.deal(seed, options=options)) != format_position(game):
        raise saves.altered(f"seed {seed} does not match its start position")
    game.seed = seed
    no_undo = "the save has moves to redo, but this game has no undo (rule option undo=no)"
    no_undo = None if options.undo else no_undo
    return saves.play_back(game, data, format_position, IndianMove.parse, no_undo)


def _options_field(data: dict) -> IndianOptions:
    """The save's rule options: all four by name; a save from before the options has none
    and plays by the defaults."""
    if "options" not in data:
        return IndianOptions()
    given = data["options"]
    if not isinstance(given, dict):
        raise NotationError(
            f"the save's 'options' must map each rule option to its value, not {short_repr(given)}"
        )
    try:
        return IndianOptions.of(given)
    except ValueError as error:
        raise NotationError(f"the save's options: {error}") from None
