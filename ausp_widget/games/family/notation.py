"""Position text and versioned JSON saves of the Yukon family's games (Yukon, Russian
Solitaire): reading is strict and says what is wrong.

Position text, lines in any order, blank lines and `#` comments ignored (the `game:` line
names the game: `yukon`, `russian`)::

    game: yukon
    foundations: 3♣ A♥             # top card of each non-empty foundation, or -
    1: K♦ Q♠                       # bottom first, top card last, or -
    2: [9♠] [4♥] 8♦ 7♣ 6♥          # [9♠] is face down
    …                              # columns 3 to 7

The cards shown plus those implied by the foundations must be exactly the 52 cards. Face-down
cards lie at the bottom of a column, under at least one face-up card (a face-down top card
would have been turned up), and a column holds no more of them than the deal gave it. There
is no `stock:` or `waste:` line: these games have neither.

A save is JSON: `format`, `version`, `game` (the game's name), `mode` ("solo"), `seed`, `start`
(position text), `moves` and `redo` (lists of [0, "move"]) and `position` (the position text
the moves lead to, so a save whose moves or position were edited is refused).
"""

from __future__ import annotations

from typing import Any

from ausp_widget.core import saves
from ausp_widget.core.cards import CARDS, SUITS, Card, format_cards, parse_cards
from ausp_widget.core.decks import check_decks
from ausp_widget.core.errors import NotationError
from ausp_widget.core.moves import Move
from ausp_widget.core.position_text import split_lines
from ausp_widget.core.ruletext import words
from ausp_widget.core.saves import check_seed_field

FamilyGame = Any  # the game class (which imports this module): readers are handed it as `cls`

SAVE_VERSION = 1


def _expected(cls: type[FamilyGame]) -> str:
    """The lines a position of `cls` may have (a variant's name is its own, not "yukon")."""
    n = cls.rule.columns
    return f"'game: {cls.name}', 'foundations:' or '1:' to '{n}:' ({cls.title} has no stock and no waste)"


# ---- position text -----------------------------------------------------------------------
def format_position(game: FamilyGame) -> str:
    tops = [pile[-1] for pile in game.foundations if pile]
    lines = [f"game: {game.name}", f"foundations: {format_cards(tops)}"]
    for n, (col, down) in enumerate(zip(game.tableau(), game.face_down()), start=1):
        words = [f"[{card}]" if depth < down else str(card) for depth, card in enumerate(col)]
        lines.append(f"{n}: {' '.join(words) or '-'}")
    return "\n".join(lines) + "\n"


def parse_position(text: str, cls: type[FamilyGame]) -> FamilyGame:
    columns_named = tuple(map(str, range(1, cls.rule.columns + 1)))
    lines = split_lines(text, cls.name, cls.title, ("foundations", *columns_named), _expected(cls))
    tops = lines.read("foundations", parse_cards)
    if len({card.suit for card in tops}) != len(tops):
        raise NotationError(
            f"line {lines.numbers['foundations']} ('foundations:'): two cards of one suit: "
            "give only each pile's top card"
        )
    columns, down = [], []
    for n, dealt in zip(columns_named, cls.rule.down):
        cards, hidden = lines.read(n, _parse_column)
        if hidden > dealt:  # face-down cards are only ever dealt, never made
            raise NotationError(
                f"line {lines.numbers[n]} ('{n}:'): column {n} has {words(hidden)} face-down "
                f"card{'s' if hidden > 1 else ''}, and {cls.title} deals it "
                f"{'none' if not dealt else 'only ' + words(dealt)} (face-down cards are only ever dealt)"
            )
        columns.append(cards)
        down.append(hidden)
    implied = [CARDS[top.index - r] for top in tops for r in range(top.rank)]
    check_decks(implied, {str(n): col for n, col in enumerate(columns, start=1)})
    piles = [0, 0, 0, 0]
    for top in tops:
        piles[SUITS.index(top.suit)] = top.rank
    return cls([tuple(c.index for c in col) for col in columns], down, piles)


def _parse_column(rest: str) -> tuple[list[Card], int]:
    """A column's cards, bottom first, and how many of them are face down."""
    words = rest.split()
    if words == ["-"] or not words:
        return [], 0
    cards: list[Card] = []
    down = 0
    for depth, word in enumerate(words):
        if word.startswith("[") and word.endswith("]"):
            if depth != down:
                raise NotationError(
                    f"{word}: face-down cards lie at the bottom of a column, under the face-up ones"
                )
            down += 1
            word = word[1:-1]
        cards.append(Card.parse(word))
    if cards and down == len(cards):
        raise NotationError(
            f"{words[-1]}: the top card of a column is face up (it turns up when it is on top)"
        )
    return cards, down


# ---- JSON saves ----------------------------------------------------------------------------
def save_json(game: FamilyGame) -> str:
    return saves.one_player_save(game, SAVE_VERSION, format_position)


def load_json(data: dict, cls: type[FamilyGame]) -> FamilyGame:
    """A game from a decoded save (`ausp_widget.core.saves.decode_save`), checked move by move.
    Every way a save can be wrong is a `NotationError`."""
    return saves.reading(_load, data, cls)


def _load(data: dict, cls: type[FamilyGame]) -> FamilyGame:
    saves.check_one_player(data, cls.name, cls.title, SAVE_VERSION, cls.title)
    seed = check_seed_field(data["seed"])
    game = saves.start_of(data, cls, parse_position, cls.title)
    if seed is not None and format_position(cls.deal(seed)) != format_position(game):
        raise saves.altered(f"seed {seed} does not match its start position")
    game.seed = seed
    return saves.play_back(game, data, format_position, Move.parse)
