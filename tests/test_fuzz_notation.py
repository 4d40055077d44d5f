"""Fuzzing the readers (§3, §4): Card.parse, Move.parse, Card(), Move(), Game.from_text and
Game.from_json take any input and either read it correctly or raise the documented error."""

import json

import pytest
from fuzz_values import games, hostile, json_values, junk_text, made_or_refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ausp_widget import Card, Game, Move, NotationError
from ausp_widget.core.cards import CARDS, SUITS

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _reads_back_as_text(game) -> None:
    """A game read (None: refused) writes a position that reads back to the same text."""
    if game is not None:
        assert Game.from_text(game.to_text()).to_text() == game.to_text()


def _reads_back_as_json(game) -> None:
    """A game read (None: refused) writes a save that reads back to the same save."""
    if game is not None:
        assert Game.from_json(game.to_json()).to_json() == game.to_json()


@FAST
@given(st.one_of(junk_text, hostile))
def test_card_parse_reads_a_card_or_says_it_is_none(text):
    card = made_or_refused(Card.parse, text, refused=NotationError)
    if card is not None:
        assert card in CARDS and Card.parse(str(card)) is card


@FAST
@given(st.one_of(st.tuples(st.integers(1, 13), st.sampled_from(SUITS)), st.tuples(hostile, hostile)))
def test_card_is_made_from_a_rank_and_a_suit_or_refused(rank_and_suit):
    rank, suit = rank_and_suit
    card = made_or_refused(Card, rank, suit)
    if card is not None:
        assert (card.rank, card.suit) == (rank, suit)


@FAST
@given(st.one_of(junk_text, hostile))
def test_move_parse_reads_a_move_or_says_why_not(text):
    move = made_or_refused(Move.parse, text, refused=NotationError)
    if move is not None:
        assert Move.parse(str(move)) == move and str(Move.parse(str(move))) == str(move)


KINDS = st.sampled_from(["draw", "pass", "foundation", "tableau", "column", "jump"])
ANY_CARD = st.sampled_from(CARDS)
MOVE_ARGUMENTS = st.one_of(  # (kind, card, onto, column, pile): well-formed for each kind, or anything
    st.tuples(st.sampled_from(["draw", "pass"]), st.none(), st.none(), st.none(), st.none()),
    st.tuples(st.just("tableau"), ANY_CARD, ANY_CARD, st.none(), st.none()),
    st.tuples(st.just("foundation"), ANY_CARD, st.none(), st.none(), st.one_of(st.none(), st.integers(0, 8))),
    st.tuples(st.just("column"), ANY_CARD, st.none(), st.integers(1, 7), st.none()),  # Move.parse reads 1-7
    st.tuples(KINDS, hostile, hostile, hostile, hostile),
)


@FAST
@given(MOVE_ARGUMENTS)
def test_a_move_built_by_hand_is_well_formed_or_refused(arguments):
    kind, card, onto, column, pile = arguments
    move = made_or_refused(Move, kind, card, onto=onto, column=column, pile=pile)
    if move is not None:
        assert Move.parse(str(move)) == move


@FAST
@given(st.one_of(junk_text, hostile))
def test_from_text_reads_a_position_or_names_the_problem(text):
    _reads_back_as_text(made_or_refused(Game.from_text, text, refused=NotationError))


@FAST
@given(games(modes=[("australian", "solo"), ("indian", "solo")]), st.data())
def test_a_damaged_position_text_is_read_correctly_or_refused(game, data):
    lines = game.to_text().splitlines()
    k = data.draw(st.integers(0, len(lines) - 1))
    edit = data.draw(st.sampled_from(["drop", "junk", "swap", "double"]))
    if edit == "drop":
        del lines[k]
    elif edit == "junk":
        lines[k] = data.draw(junk_text).replace("\n", " ")
    elif edit == "swap":
        words = lines[k].split()
        words[-1] = data.draw(st.sampled_from([str(c) for c in CARDS] + ["-", "10♣", "XX"]))
        lines[k] = " ".join(words)
    else:
        lines.insert(k, lines[k])
    _reads_back_as_text(made_or_refused(Game.from_text, "\n".join(lines), refused=NotationError))


@FAST
@given(st.one_of(hostile, json_values.map(json.dumps)))
def test_from_json_reads_a_save_or_says_it_is_none(save):
    _reads_back_as_json(made_or_refused(Game.from_json, save, refused=NotationError))


@pytest.mark.parametrize("depth", [100, 1_000, 100_000])
@pytest.mark.parametrize("shape", ["[{}]", '{{"a": {}}}'])
def test_deeply_nested_json_is_refused_without_a_crash(depth, shape):
    left, right = shape.split("{}") if shape.startswith("[") else ('{"a": ', "}")
    with pytest.raises(NotationError, match=r"\w"):
        Game.from_json(left * depth + "1" + right * depth)


@FAST
@given(games(), st.data())
def test_a_damaged_save_is_read_correctly_or_refused(game, data):
    save = json.loads(game.to_json())
    target, key = save, None
    while isinstance(target, (dict, list)) and target and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(target) if isinstance(target, dict) else range(len(target))))
        if not isinstance(target[key], (dict, list)) or not target[key]:
            break
        target = target[key]
    if isinstance(target, dict) and target:
        target[data.draw(st.sampled_from(sorted(target)))] = data.draw(json_values)
    elif isinstance(target, list) and target:
        target[data.draw(st.integers(0, len(target) - 1))] = data.draw(json_values)
    _reads_back_as_json(made_or_refused(Game.from_json, json.dumps(save), refused=NotationError))
