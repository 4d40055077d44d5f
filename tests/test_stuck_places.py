"""A click or a call that names a place: `explain_stuck`, `move_between` and `play` check what
they are given before anything else, alike in all three games. Something that is no place is a
TypeError naming the argument and what it takes; a place this table lacks, or a depth below or
beyond its pile, a ValueError; a place that holds no card that could move, the rule's words. Nothing
changes, and no word names a face-down or stock card."""

from __future__ import annotations

import pytest
from fuzz_values import DOCUMENTED, games, hostile, junk_text, refused_plainly, state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ausp_widget import Game, IllegalMoveError
from ausp_widget.core.cards import CARDS
from ausp_widget.core.errors import NotationError, WrongTypeError
from ausp_widget.core.moves import DRAW
from ausp_widget.core.protocol import PileRef, Place
from ausp_widget.core.sight import Sight
from ausp_widget.widgets.words import result_text

GAMES = ("australian", "indian", "yukon")
ALL_MODES = [
    ("australian", "solo"),
    ("australian", "turns"),
    ("australian", "simultaneous"),
    ("indian", "solo"),
    ("yukon", "solo"),
]
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
COLUMN = PileRef("column", 0, 1)


def said_hidden(game, text: str) -> list[str]:
    """The cards `text` names (by sign or spoken name) that `game`'s table does not show."""
    sight = Sight.of_game(game)
    return [
        str(card) for card in CARDS if not sight.sees(card.index) and (str(card) in text or card.name in text)
    ]


# ---- something that is no place ----------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", [None, 5, "x", True, (1, 2), COLUMN])
def test_explain_stuck_of_something_that_is_no_place_names_it(name, value):
    game = Game.deal(4, game=name)
    before = game.to_json()
    with pytest.raises(TypeError, match=r"place must be a Place \(a pile and a depth\), not ") as raised:
        game.explain_stuck(value)
    assert f"not {type(value).__name__} " in str(raised.value)
    assert isinstance(raised.value, WrongTypeError) and game.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_explain_stuck_of_none_never_says_there_is_no_such_place_none(name):
    with pytest.raises(TypeError) as raised:
        Game.deal(4, game=name).explain_stuck(None)
    assert str(raised.value) == "place must be a Place (a pile and a depth), not NoneType None"


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    ("place", "kind", "words"),
    [
        (Place("column 2", 0), TypeError, "place.pile must be a PileRef"),
        (Place(COLUMN, True), TypeError, "place.depth must be a whole number from 0, not bool True"),
        (Place(COLUMN, False), TypeError, "place.depth must be a whole number from 0, not bool False"),
        (Place(COLUMN, 1.0), TypeError, "place.depth must be a whole number from 0, not float 1.0"),
        (Place(COLUMN, -1), ValueError, "place.depth must be a whole number from 0, not -1"),
        (Place(COLUMN, 2**90), ValueError, r"place.depth must be below \d+ \(column 2 holds"),
        (Place(PileRef("column", 0, 12), 0), ValueError, "place.pile must name a pile on this table"),
        (Place(PileRef("column", 0, -1), 0), ValueError, r"has no PileRef\('column', 0, -1\)"),
        (Place(PileRef("column", 1, 0), 0), ValueError, "place.pile must name a pile on this table"),
        (Place(PileRef("foundation", None, 9), 0), ValueError, "place.pile must name a pile"),
        (Place(PileRef("tableau", 0, 0), 0), ValueError, "place.pile must name a pile"),
        (
            Place(PileRef("column", 0, 1.0), 0),
            TypeError,
            r"place\.pile\.index must be a whole number, not float",
        ),
        (
            Place(PileRef("column", False, 1), 0),
            TypeError,
            r"place\.pile\.owner must be a whole number or None",
        ),
    ],
)
def test_a_bad_place_is_refused_by_name_before_anything_is_read(name, place, kind, words):
    game = Game.deal(4, game=name)
    before = game.to_json()
    with pytest.raises(kind, match=words) as raised:
        game.explain_stuck(place)
    assert kind is TypeError or not isinstance(raised.value, (TypeError, IllegalMoveError))
    assert game.to_json() == before


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    ("player", "kind"), [("0", TypeError), (True, TypeError), (None, TypeError), (1, ValueError)]
)
def test_explain_stuck_names_a_bad_player(name, player, kind):
    game = Game.deal(4, game=name)
    with pytest.raises(kind, match="player must be 0"):
        game.explain_stuck(Place(COLUMN, 0), player)


@pytest.mark.parametrize("name", GAMES)
def test_move_between_names_its_bad_arguments(name):
    game = Game.deal(4, game=name)
    with pytest.raises(TypeError, match="source must be a Place"):
        game.move_between(None, COLUMN)
    with pytest.raises(TypeError, match="target must be a PileRef"):
        game.move_between(Place(COLUMN, 0), "column 3")
    with pytest.raises(TypeError, match=r"source\.depth must be a whole number"):
        game.move_between(Place(COLUMN, True), COLUMN)
    with pytest.raises(ValueError, match="target must name a pile on this table"):
        game.move_between(Place(COLUMN, 0), PileRef("foundation", None, 8))
    with pytest.raises(TypeError, match="player must be 0"):
        game.move_between(Place(COLUMN, 0), COLUMN, "0")


# ---- the stock: read as the stock, counted, never named ----------------------------------------
def test_australian_stock_is_counted_as_it_is():
    game = Game.deal(4)
    said = game.explain_stuck(Place(PileRef("stock", 0), 0))
    assert said == "The stock cannot be moved: its 24 cards lie face down until a draw turns one up."
    assert said_hidden(game, said) == [] and "holds 0" not in said
    assert game.move_between(Place(PileRef("stock", 0), 3), PileRef("waste", 0)) == DRAW
    game.play("draw")
    assert "its 23 cards" in game.explain_stuck(Place(PileRef("stock", 0), 22))


def test_australian_empty_stock_says_so():
    game = Game.deal(4)
    for _ in range(24):
        game.play("draw")
    assert game.explain_stuck(Place(PileRef("stock", 0), 0)) == "The stock is empty: no card is left to draw."


def test_indian_reads_a_stock_place_as_the_stock():
    game = Game.deal(4, game="indian")
    stock = PileRef("stock", 0)
    said = game.explain_stuck(Place(stock, 0))
    assert "face down until a draw turns one up" in said and "that card is face down" not in said
    assert said_hidden(game, said) == []
    assert game.explain_stuck(Place(stock, 40)) == said  # the same words wherever in the stock


@pytest.mark.parametrize("kind", ["stock", "waste"])
def test_yukon_says_it_has_no_stock_once(kind):
    game = Game.deal(4, game="yukon")
    try:
        said = game.explain_stuck(Place(PileRef(kind, 0), 0))
    except IllegalMoveError as error:
        said = str(error)
    assert said.lower().count("yukon") == 1 and said.count("stock") == 1
    assert said.rstrip(".") == "Yukon has no stock or waste: every card is dealt at the start"


def test_yukon_says_there_is_nothing_to_draw_once():
    game = Game.deal(4, game="yukon")
    with pytest.raises(IllegalMoveError) as raised:
        game.play("draw")
    assert str(raised.value) == "there is nothing to draw in Yukon: every card is dealt at the start"
    with pytest.raises(IllegalMoveError) as onto:
        game.move_between(Place(PileRef("column", 0, 0), 0), PileRef("waste", 0))
    assert str(onto.value).count("stock") == 1


# ---- a covered card is explained, not refused --------------------------------------------------
def test_indian_explains_a_covered_card_in_words():
    game = Game.deal(4, game="indian")
    column = game.tableau()[1]
    said = game.explain_stuck(Place(COLUMN, 1))
    assert said == (
        f"{column[1]} cannot move: in Indian Patience only the top card of a column moves, one card at a "
        f"time, and {column[1]} is covered by {column[2]}."
    )
    with pytest.raises(IllegalMoveError, match="is covered by"):  # a click on it still means no move
        game.move_between(Place(COLUMN, 1), PileRef("foundation", None, 0))
    with pytest.raises(IllegalMoveError, match="that card is face down"):
        game.explain_stuck(Place(COLUMN, 0))


def test_indian_explains_a_waste_card_under_another_in_words():
    game = Game.deal(4, game="indian")
    while len(game.waste()) < 2:
        game.play("draw")
    waste = game.waste()
    said = game.explain_stuck(Place(PileRef("waste", 0), 0))
    assert said.startswith(f"{waste[0]} cannot move: only the top waste card moves") and said.endswith(".")


# ---- a lost game without a stock ---------------------------------------------------------------
def test_a_lost_game_without_a_stock_says_no_stock_in_its_result():
    game = Game.from_text(
        "game: yukon\nfoundations: K♣ K♦ 8♥ K♠\n1: K♥\n2: -\n3: [9♥] [10♥] J♥ Q♥\n4: -\n5: -\n6: -\n7: -"
    )
    assert game.status == "lost"
    text = result_text(game)
    assert text.startswith("Game lost: no card can reach a foundation") and "stock" not in text


# ---- attacked with random values ---------------------------------------------------------------
kinds = st.sampled_from(["column", "stock", "waste", "foundation", "tableau", ""])
pile_refs = st.one_of(
    st.builds(
        PileRef,
        kinds,
        st.one_of(st.none(), st.integers(-2, 3), st.booleans(), st.floats(-1, 2), hostile),
        st.one_of(st.integers(-12, 12), st.integers(), st.booleans(), st.sampled_from([1.0, 0.0]), hostile),
    ),
    hostile,
)
depths = st.one_of(st.integers(-3, 30), st.integers(), st.booleans(), hostile)
places = st.one_of(st.builds(Place, pile_refs, depths), hostile)
players = st.one_of(st.integers(-1, 2), st.booleans(), hostile)
ARGUMENT_WORDS = ("place", "source", "target", "player")


def _checked(game, call, *args) -> str:
    """What `call(*args)` says, returned or raised: a documented error with words (an argument's
    error names it), the game unchanged, no hidden card named."""
    before = state(game)
    try:
        said = str(call(*args))
    except DOCUMENTED as error:
        assert refused_plainly(error), repr(error)
        said = str(error)
        if not isinstance(error, (IllegalMoveError, NotationError)):
            assert said.startswith(ARGUMENT_WORDS), said
    assert state(game) == before
    quoted = said_hidden(game, " ".join(map(repr, args)))  # an argument's error may quote it back
    assert set(said_hidden(game, said)) <= set(quoted), said
    return said


@FUZZ
@given(games(ALL_MODES, moves=30), places, players)
def test_explain_stuck_of_any_value_names_what_was_wrong_and_changes_nothing(game, place, player):
    _checked(game, game.explain_stuck, place, player)


@FUZZ
@given(games(ALL_MODES, moves=30), places, st.one_of(pile_refs, hostile), players)
def test_move_between_of_any_values_names_what_was_wrong_and_changes_nothing(game, source, target, player):
    _checked(game, game.move_between, source, target, player)


@FUZZ
@given(games(ALL_MODES, moves=30), st.data())
def test_every_place_on_the_table_is_explained_or_refused_without_naming_a_hidden_card(game, data):
    piles = game.piles()
    pile = data.draw(st.sampled_from(piles))
    place = Place(pile.ref, data.draw(st.integers(0, max(pile.size, 1) - 1)))
    player = data.draw(st.integers(0, game.players - 1))
    _checked(game, game.explain_stuck, place, player)
    target = data.draw(st.sampled_from(piles)).ref
    trial = game.copy()
    try:
        move = trial.move_between(place, target, player)
    except IllegalMoveError as error:
        assert said_hidden(game, str(error)) == []
        return
    _checked(trial, lambda: trial.copy().play(move, player))


@FUZZ
@given(games(ALL_MODES, moves=30), st.one_of(hostile, junk_text, st.sampled_from(CARDS).map(str)), players)
def test_play_of_any_value_is_refused_by_name_and_changes_nothing(game, move, player):
    trial = game.copy()
    try:
        trial.play(move, player)
    except DOCUMENTED as error:
        assert refused_plainly(error) and state(trial) == state(game)
        if not isinstance(error, NotationError):  # the notation quotes what was typed, and its examples
            # A refused player is quoted back as given ("not '3♣'"): the caller's words, not the table's.
            said = str(error).replace(f"not {player!r}", "")
            assert said_hidden(game, said) == [], str(error)
        if not isinstance(error, (IllegalMoveError, NotationError)):
            assert str(error).startswith("player"), str(error)


@pytest.mark.parametrize("name", ["australian", "indian"])
def test_an_empty_pile_is_refused_as_empty(name):
    game = Game.deal(4, game=name)
    with pytest.raises(IllegalMoveError, match=r"^there is no card there: the waste is empty$"):
        game.explain_stuck(Place(PileRef("waste", 0), 0))
    with pytest.raises(ValueError, match=r"place\.depth must be below 1 \(the waste is empty\), not 1"):
        game.explain_stuck(Place(PileRef("waste", 0), 1))


# ---- a card that can move is told so ------------------------------------------------------------
def test_yukon_card_that_can_go_home_is_told_it_can_move():
    """A♦ F is legal on Yukon deal 3: the words say so, never 'cannot move' nor 'None'."""
    game = Game.deal(3, game="yukon")
    before = game.to_json()
    assert game.explain_stuck(Place(PileRef("column", 0, 0), 0)) == "A♦ can move now: A♦ F."
    assert game.to_json() == before


def test_yukon_card_under_others_that_can_move_is_told_it_can_move():
    """9♣ 10♥ is legal on Yukon deal 0 (9♣ takes the cards on it along)."""
    game = Game.deal(0, game="yukon")
    assert game.explain_stuck(Place(PileRef("column", 0, 1), 1)) == "9♣ can move now: 9♣ 10♥."


@pytest.mark.parametrize("name", [*GAMES, "russian"])
@pytest.mark.parametrize("seed", [0, 3, 7])
def test_every_card_with_a_legal_move_is_told_its_moves_only(name, seed):
    """Each place a legal move starts from gets 'can move now' and exactly that card's moves,
    naming only cards on show; no place's words ever hold the literal 'None'."""
    game = Game.deal(seed, game=name)
    sight = Sight.of_game(game)
    sources: dict[Place, list[str]] = {}
    for move in game.legal_moves(0):
        source = game.move_places(move, 0)[0]
        if source is not None and source.pile.kind != "stock":
            sources.setdefault(source, []).append(str(move))
    assert sources
    for place, moves in sources.items():
        card = next(p for p in game.piles() if p.ref == place.pile).cards[place.depth]
        said = game.explain_stuck(place)
        assert said == f"{card} can move now: {', '.join(moves)}."
        assert not sight.discloses(said)
    for pile in game.piles():
        for depth in range(pile.size):
            try:
                said = game.explain_stuck(Place(pile.ref, depth))
            except IllegalMoveError as error:
                said = str(error)
            assert "None" not in said and not sight.discloses(said)
            if Place(pile.ref, depth) not in sources:
                assert "can move now" not in said


def test_australian_card_that_can_move_is_not_said_to_be_stuck():
    game = Game.deal(3)
    move = next(m for m in game.legal_moves(0) if m.kind != "draw")
    said = game.explain_stuck(game.move_places(move, 0)[0])
    assert "cannot move" not in said and str(move) in said
