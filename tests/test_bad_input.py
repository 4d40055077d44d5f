"""Bad input of every kind: a clear error that names the problem, and nothing changed."""

import inspect
import json
import re
import sys

import pytest
from indian_positions import indian_position
from positions import PAGAT

from ausp_widget import Card, Game, IllegalMoveError, Move, NotationError, solve
from ausp_widget.analysis import hint
from ausp_widget.core.solving import SolveResult
from ausp_widget.games.indian import solver as indian_portfolio
from ausp_widget.games.indian import solver as indian_solver
from ausp_widget.games.indian.basics import STUCK_SEARCH_LIMIT, IndianMove
from ausp_widget.games.indian.game import IndianGame

KING = Card.parse("K♠")
ACE = Card.parse("A♥")
# PAGAT with K♠ exposed at the end of column 7
KING_ON_TOP = PAGAT.replace("7: 7♥ 9♣ K♠ J♥", "7: 7♥ 9♣ J♥ K♠")
# An Indian end game: the hearts are all that is left, column 10 is empty
HEARTS = ["4♥ 5♥", "4♥ 6♥ 5♥ 6♥", "7♥ 7♥", "8♥ 8♥", "9♥ 9♥", "10♥ 10♥", "J♥ J♥", "Q♥ Q♥", "K♥ K♥"]


def state(game) -> tuple:
    """Everything a refused move must leave as it was."""
    return game.to_json(), game.history, game.status, game.can_undo, game.can_redo


def indian_end_game() -> IndianGame:
    return indian_position(HEARTS, foundations="K♣ K♣ K♦ K♦ 3♥ 3♥ K♠ K♠")


def drawn_out(seed: int) -> IndianGame:
    game = Game.deal(seed, game="indian")
    while game.stock():
        game.play("draw")
    return game


# ---- 1. a Move built by hand is checked when it is made -------------------------------------
@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Move("column", KING, column=0), "column is a whole number from 1 to 10, not 0"),
        (lambda: Move("column", KING, column=-1), "column is a whole number from 1 to 10, not -1"),
        (lambda: Move("column", KING, column=100), "column is a whole number from 1 to 10, not 100"),
        (lambda: Move("column", KING, column="3"), "column is a whole number from 1 to 10, not '3'"),
        (lambda: Move("column", KING, column=3.0), "column is a whole number from 1 to 10, not 3.0"),
        (lambda: Move("column", KING, column=True), "column is a whole number from 1 to 10, not True"),
        (lambda: Move("column", KING), "column is a whole number from 1 to 10, not None"),
        (lambda: Move("foundation", ACE, pile=-1), r"pile is 0 \(the first pile .*\) or 1 to 8, not -1"),
        (lambda: Move("foundation", ACE, pile=-4), "pile is 0 .* or 1 to 8, not -4"),
        (lambda: Move("foundation", ACE, pile=9), "pile is 0 .* or 1 to 8, not 9"),
        (lambda: Move("foundation", ACE, pile=True), "pile is 0 .* or 1 to 8, not True"),
        (lambda: Move("foundation", "A♥"), r"a foundation move's card is a Card .*, not 'A♥'"),
        (lambda: Move("tableau", ACE), r"a tableau move's onto is a Card .*, not None"),
        (lambda: Move("tableau", None, onto=ACE), "a tableau move's card is a Card"),
        (lambda: Move("foundation", ACE, column=3), "a foundation move takes no column"),
        (lambda: Move("draw", ACE), "a draw move takes no card"),
        (lambda: Move("jump", ACE), "a move's kind is one of 'draw', 'pass', .*, not 'jump'"),
        (lambda: IndianMove("foundation", ACE, source=0), "a card's place is a column 1 to 10, 'waste'"),
        (lambda: IndianMove("foundation", ACE, source=True), "a card's place is a column 1 to 10"),
        (lambda: IndianMove("foundation", ACE, source="pile"), "a card's place is a column 1 to 10"),
        (lambda: IndianMove("draw", source=3), "a draw moves no card, so it has no source"),
    ],
)
def test_a_malformed_move_is_refused_when_it_is_made(build, message):
    with pytest.raises(NotationError, match=message):
        build()


def test_a_well_formed_move_still_reads_and_prints_as_before():
    assert str(Move("foundation", ACE, pile=None)) == str(Move("foundation", ACE, pile=0)) == "A♥ F"
    assert str(Move("foundation", ACE, pile=8)) == "A♥ F8"
    assert str(Move("column", KING, column=10)) == "K♠ 10"
    assert str(IndianMove("column", KING, column=4, source="waste")) == "w:K♠ 4"


@pytest.mark.parametrize("column", [8, 9, 10])
def test_an_australian_column_past_7_is_refused_by_the_rules_and_changes_nothing(column):
    game = Game.from_text(KING_ON_TOP)
    before = state(game)
    with pytest.raises(IllegalMoveError, match=f"there is no column {column}: columns are numbered 1 to 7"):
        game.play(Move("column", KING, column=column))
    assert state(game) == before
    assert game.to_text() == KING_ON_TOP


def test_an_indian_game_takes_column_10_and_no_further():
    game = indian_end_game()
    played = game.play(Move("column", Card.parse("5♥"), column=10))
    assert str(played) == "5♥ 10" and game.tableau()[9] == (Card.parse("5♥"),)


# ---- 2. Indian Patience: a King onto a column that is not empty ---------------------------------
def test_an_indian_king_onto_a_card_by_column_number_names_the_rule():
    game = Game.deal(1, game="indian")
    assert game.tableau()[3][-1] == Card.parse("K♣") and game.tableau()[0]
    before = state(game)
    with pytest.raises(
        IllegalMoveError, match="K♣ cannot go onto J♣ in column 1: nothing ranks above a King"
    ):
        game.play("K♣ 1")
    assert state(game) == before


def test_an_indian_king_still_fills_an_empty_column():
    game = indian_position(["K♣", "5♥"], foundations="- - - - - - - -")
    game.play("K♣ 3")
    assert game.tableau()[2] == (Card.parse("K♣"),)


# ---- 3. the Indian solver searches deep lines without recursion ---------------------------------
def test_the_indian_solver_answers_a_drawn_out_deal_without_a_time_limit(monkeypatch):
    monkeypatch.setattr(indian_solver, "DEFAULT_NODE_LIMIT", 2_000)  # the front door's budget
    game = drawn_out(5)
    before = state(game)
    limit = sys.getrecursionlimit()
    # a recursive search needs a Python frame per position on its line: with this limit the
    # old one failed after about 400 positions; the search must not depend on it at all
    sys.setrecursionlimit(len(inspect.stack()) + 150)
    try:
        result = solve(game, time_limit=None)
    finally:
        sys.setrecursionlimit(limit)
    assert isinstance(result, SolveResult) and result.winnable is None  # the budget ran out
    assert result.nodes <= 2_001  # node_limit=None through solve() means DEFAULT_NODE_LIMIT
    assert state(game) == before


def test_the_indian_solver_refuses_a_budget_that_is_not_a_number():
    with pytest.raises(ValueError, match="time_limit is a number of seconds"):
        indian_portfolio.solve_indian(indian_end_game(), time_limit="10")
    with pytest.raises(ValueError, match="node_limit is a whole number"):
        indian_portfolio.solve_indian(indian_end_game(), node_limit=-1)


# ---- 4. move text with odd digits ---------------------------------------------------------------
LONG = "1" * 5000


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("K♣ ²", "write the number with the digits 0 to 9, not '²'"),
        ("K♣ F²", "write the number with the digits 0 to 9, not '²'"),
        ("K♣ ٣", "write the number with the digits 0 to 9"),
        (f"K♣ {LONG}", "columns are numbered 1 to"),
        (f"K♣ F{LONG}", "foundations are F1 to F8"),
    ],
)
@pytest.mark.parametrize("game_name", ["australian", "indian"])
def test_odd_digits_in_move_text_are_named(text, message, game_name):
    game = Game.deal(1, game=game_name)
    before = state(game)
    with pytest.raises(NotationError, match=message) as refused:
        game.play(text)
    assert len(str(refused.value)) < 200  # a long text is cut short in the message
    assert state(game) == before


@pytest.mark.parametrize("text", ["²:K♣ F", f"{LONG}:K♣ F", "0:K♣ F", "11:K♣ F"])
def test_odd_digits_in_an_indian_source_are_named(text):
    with pytest.raises(NotationError, match="a card's place is a column 1 to 10 or w"):
        IndianMove.parse(text)


def test_move_parse_reads_odd_digits_as_errors_too():
    for text in ("K♣ ²", "K♣ F²", f"K♣ {LONG}"):
        with pytest.raises(NotationError):
            Move.parse(text)


# ---- 5. saves -----------------------------------------------------------------------------------
def edit(save: str, change) -> str:
    data = json.loads(save)
    change(data)
    return json.dumps(data, ensure_ascii=False)


def a_save(game_name: str) -> str:
    game = Game.deal(3, game=game_name)
    game.play("draw")
    return game.to_json()


BROKEN_SAVES = [
    (lambda s: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    (lambda s: s.encode("utf-8")[:30] + b"\xff\xfe" + s.encode("utf-8")[30:], "not UTF-8 text: byte 30"),
    (lambda s: s.replace('"seed": 3', f'"seed": {LONG}'), "a number with thousands of digits"),
    (lambda s: edit(s, lambda d: d.update(seed=-1)), "seed is wrong: a deal number is a whole number from 0"),
    (
        lambda s: edit(s, lambda d: d.update(seed=2**64)),
        "seed is wrong: a deal number is a whole number from 0",
    ),
    (
        lambda s: edit(s, lambda d: d.update(seed=3.0)),
        "seed is wrong: a deal number is a whole number, not 3.0",
    ),
    (
        lambda s: edit(s, lambda d: d.update(seed=True)),
        "seed is wrong: a deal number is a whole number, not True",
    ),
    (lambda s: edit(s, lambda d: d.update(version=True)), "version True is not supported"),
    (lambda s: edit(s, lambda d: d["moves"][0].__setitem__(0, 0.0)), r"moves entry 1 \(\[0.0, 'draw'\]\)"),
    (lambda s: edit(s, lambda d: d["moves"][0].__setitem__(1, "K♣ ²")), "digits 0 to 9"),
]


@pytest.mark.parametrize(("damage", "message"), BROKEN_SAVES)
@pytest.mark.parametrize("game_name", ["australian", "indian"])
def test_a_broken_save_of_either_game_is_refused_by_name(damage, message, game_name):
    broken = damage(a_save(game_name))
    for reader in (Game.from_json, IndianGame.from_json) if game_name == "indian" else (Game.from_json,):
        with pytest.raises(NotationError, match=message):
            reader(broken)


def test_a_large_seed_in_a_save_given_as_a_dict_is_named_without_printing_it():
    data = json.loads(a_save("australian")) | {"seed": 10**5000}
    with pytest.raises(NotationError, match="not a whole number of about 5001 digits"):
        Game.from_json(data)


@pytest.mark.parametrize("owner", [0.0, True, -1, 1, "0", None])
def test_an_australian_save_with_a_foundation_owner_that_is_not_a_player_is_refused(owner):
    save = edit(Game.from_text(PAGAT).to_json(), lambda d: d["start"]["foundations"][0].append(owner))
    with pytest.raises(NotationError, match="the save's start foundations must be 4 lists of owners"):
        Game.from_json(save)


def test_a_two_player_save_whose_first_player_is_not_0_or_1_is_refused():
    for first in (True, 1.0, 2):
        save = edit(Game.deal(3, mode="turns").to_json(), lambda d, f=first: d["start"].update(first=f))
        with pytest.raises(NotationError, match=f"the save's first player {first!r} is not 0 or 1"):
            Game.from_json(save)


def test_an_australian_save_read_as_an_indian_one_is_refused_by_name():
    australian = a_save("australian")
    with pytest.raises(NotationError, match="this is a save of Australian Patience, not of Indian Patience"):
        IndianGame.from_json(australian)
    relabelled = edit(australian, lambda d: d.update(game="indian"))
    for reader in (Game.from_json, IndianGame.from_json):
        with pytest.raises(NotationError, match="the save's 'start' must be Indian position text, not dict"):
            reader(relabelled)


def test_an_indian_save_relabelled_as_another_game_is_refused_by_name():
    indian = a_save("indian")
    with pytest.raises(NotationError, match="this is a save of an unknown game 'hearts'"):
        IndianGame.from_json(edit(indian, lambda d: d.update(game="hearts")))
    with pytest.raises(NotationError, match="the save's start position is malformed"):
        Game.from_json(edit(indian, lambda d: d.update(game="australian")))
    assert IndianGame.from_json(indian).to_json() == indian  # the save itself still reads


# ---- 6. the solver and hint front doors ---------------------------------------------------------
def test_solve_and_hint_take_an_indian_game():
    game = indian_end_game()
    before = state(game)
    result = solve(game)
    assert result.winnable is True and result.nodes > 0
    trial = game.copy()
    for move in result.moves:
        trial.play(move)
    assert trial.status == "won"
    advice = hint(game)
    assert advice.move in game.legal_moves() and "5♥" in advice.reason
    assert state(game) == before


@pytest.mark.parametrize("game_name", ["australian", "indian", "yukon"])
@pytest.mark.parametrize(
    ("limits", "message"),
    [
        ({"time_limit": "10"}, "time_limit is a number of seconds .*, not '10'"),
        ({"time_limit": float("nan")}, "time_limit is a number of seconds"),
        ({"time_limit": True}, "time_limit is a number of seconds"),
        ({"time_limit": 10**400}, "time_limit is too large \\(None means no limit\\)"),
        ({"node_limit": 1.5}, "node_limit is a whole number of positions .*, not 1.5"),
    ],
)
def test_solve_refuses_a_budget_that_is_not_a_number_by_name(game_name, limits, message):
    with pytest.raises(ValueError, match=message):
        solve(Game.deal(1, game=game_name), **limits)


@pytest.mark.parametrize("thing", [object(), None, "australian", 42])
def test_solve_and_hint_name_what_they_got_when_it_is_not_a_game(thing):
    name = type(thing).__name__
    with pytest.raises(TypeError, match=f"expected a game .*, not {name}"):
        solve(thing)
    with pytest.raises(TypeError, match=f"expected a game .*, not {name}"):
        hint(thing)


# ---- 7. deal numbers and who goes first ---------------------------------------------------------
@pytest.mark.parametrize("first", [True, False, 1.0, 2, -1, "bot", None])
@pytest.mark.parametrize("game_name", ["australian", "indian"])
def test_deal_refuses_a_first_player_that_is_not_0_1_or_random(first, game_name):
    mode = "turns" if game_name == "australian" else "solo"
    with pytest.raises(ValueError, match=f"first must be 0, 1 or 'random', not {first!r}"):
        Game.deal(3, mode=mode, first=first, game=game_name)


def test_deal_takes_first_as_0_1_or_random():
    assert [Game.deal(3, mode="turns", first=f).turn for f in (0, 1)] == [0, 1]
    assert Game.deal(3, mode="turns", first="random").turn in (0, 1)


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        (-1, "a deal number is a whole number from 0 to 2\\*\\*64 - 1, not -1"),
        (2**64, "a deal number is a whole number from 0 to 2\\*\\*64 - 1, not 18446744073709551616"),
        pytest.param(
            10**5000,
            "a deal number is a whole number from 0 to 2\\*\\*64 - 1, not a whole number of about",
            id="huge",
        ),
        (True, "a deal number is a whole number, not True"),
        (3.0, "a deal number is a whole number, not 3.0"),
        ("3", "a deal number is a whole number, not '3'"),
    ],
)
@pytest.mark.parametrize("game_name", ["australian", "indian"])
def test_deal_refuses_a_deal_number_out_of_range_by_saying_what_one_is(seed, message, game_name):
    with pytest.raises(ValueError, match=message):
        Game.deal(seed, game=game_name)
    assert Game.deal(2**64 - 1, game=game_name).seed == 2**64 - 1


# ---- 8. listeners -------------------------------------------------------------------------------
@pytest.mark.parametrize("game_name", ["australian", "indian"])
@pytest.mark.parametrize("listener", [None, 42, "print"])
def test_a_listener_that_cannot_be_called_is_refused_at_once(game_name, listener):
    game = Game.deal(1, game=game_name)
    with pytest.raises(TypeError, match=f"a listener is a function .*, not {type(listener).__name__}"):
        game.add_listener(listener)
    heard = []
    game.add_listener(lambda g, event, move: heard.append((event, str(move))))
    game.play("draw")  # no listener left over to fail inside the move
    assert heard == [("play", "draw")] and len(game.history) == 1


# ---- 9. the stuck-position search, now in its own module ----------------------------------------
def test_the_stuck_search_keeps_its_public_names_and_answers():
    assert STUCK_SEARCH_LIMIT == 1000 and IndianGame.can_reach_home.__defaults__ == (STUCK_SEARCH_LIMIT,)
    game = drawn_out(5)
    verdict = game.can_reach_home()
    assert verdict is True and game.status == "playing"  # a card can still reach a foundation
    assert indian_end_game().can_reach_home() is True
    lost = indian_position(["4♥ 5♥", "4♥ 6♥", "5♥ 6♥", *HEARTS[2:]], foundations="K♣ K♣ K♦ K♦ 3♥ 3♥ K♠ K♠")
    assert lost.can_reach_home() is False and lost.status == "lost" and lost.legal_moves() == []


@pytest.mark.parametrize("game", ["australian", "indian", "yukon"])
def test_a_click_naming_a_place_the_table_lacks_is_refused_and_changes_nothing(game):
    from ausp_widget.core.protocol import PileRef, Place

    g = Game.deal(4, game=game)
    before = g.to_json()
    column = PileRef("column", 0, 1)
    for source, target, kind, words in [
        (
            Place(PileRef("column", 0, -6), 3),
            column,
            ValueError,
            "source.pile must name a pile on this table",
        ),
        (Place(column, 2), PileRef("column", 0, 99), ValueError, "target must name a pile on this table"),
        (Place(PileRef("column", 1, 0), 0), column, ValueError, "source.pile must name a pile"),  # nobody's
        (None, PileRef("waste", 0), TypeError, "source must be a Place"),
        (Place(column, 2), "column 3", TypeError, "target must be a PileRef"),
    ]:
        with pytest.raises(kind, match=words):
            g.move_between(source, target)
    with pytest.raises(ValueError, match=r"place\.pile must name a pile on this table"):
        g.explain_stuck(Place(PileRef("foundation", None, 9), 0))
    assert g.to_json() == before


# ---- a move given to describe or move_places: a Move or its text, as for play ------------------
ALL_GAMES = ["australian", "indian", "yukon", "russian"]


@pytest.mark.parametrize("game_name", ALL_GAMES)
def test_describe_and_move_places_take_a_moves_text_as_play_does(game_name):
    game = Game.deal(3, game=game_name)
    move = next(m for m in game.legal_moves(0) if m.kind not in ("draw", "pass"))
    before = state(game)
    assert game.describe(str(move)) == game.describe(move)
    assert game.move_places(str(move)) == game.move_places(move)
    assert game.move_places(str(move))[0] is not None
    assert state(game) == before


@pytest.mark.parametrize("game_name", ALL_GAMES)
@pytest.mark.parametrize("value", [None, 5, 1.5, True, b"7\xe2\x99\xa5 8\xe2\x99\xa0", ["7♥ 8♠"]])
@pytest.mark.parametrize("method", ["describe", "move_places"])
def test_describe_and_move_places_refuse_what_is_no_move_by_name(game_name, value, method):
    game = Game.deal(3, game=game_name)
    before = state(game)
    with pytest.raises(
        TypeError, match=r"^move must be a Move or its text \(such as '7♥ 8♠'\), not "
    ) as raised:
        getattr(game, method)(value)
    assert isinstance(raised.value, ValueError)  # a WrongTypeError: caught as either
    assert f"not {type(value).__name__} " in str(raised.value)
    assert state(game) == before


@pytest.mark.parametrize("game_name", ALL_GAMES)
@pytest.mark.parametrize("method", ["describe", "move_places"])
def test_describe_and_move_places_refuse_text_that_is_no_move_as_play_does(game_name, method):
    game = Game.deal(3, game=game_name)
    before = state(game)
    with pytest.raises(NotationError) as raised:
        getattr(game, method)("7♥ sideways")
    with pytest.raises(NotationError) as played:
        game.play("7♥ sideways")
    assert str(raised.value) == str(played.value)
    assert state(game) == before


# ---- news: the piles a game's piles() gave, nothing else -----------------------------------------
@pytest.mark.parametrize("game_name", ALL_GAMES)
@pytest.mark.parametrize("value", [None, [1], "column", 5, {"kind": "column"}])
def test_news_refuses_what_is_no_list_of_piles_by_name(game_name, value):
    game = Game.deal(3, game=game_name)
    before = state(game)
    with pytest.raises(
        TypeError, match=r"^before must be the piles a game's piles\(\) gave \(a list or tuple"
    ):
        game.news(value)
    assert state(game) == before


@pytest.mark.parametrize("game_name", ["indian", "yukon"])
def test_news_refuses_another_tables_piles_rather_than_reading_them(game_name):
    """Yukon read Indian's piles as its own ('A♦ turned up in column 1'); Indian stopped deep inside."""
    game = Game.deal(3, game=game_name)
    other = Game.deal(3, game="yukon" if game_name == "indian" else "indian")
    before = state(game)
    for piles in (other.piles(), [], game.piles()[:-1]):
        with pytest.raises(ValueError, match=r"^before must be the piles this game's piles\(\) gave: "):
            game.news(piles)
    assert state(game) == before


@pytest.mark.parametrize("game_name", ALL_GAMES)
def test_news_takes_the_piles_as_a_list_or_a_tuple(game_name):
    game = Game.deal(3, game=game_name)
    piles = game.piles()
    assert game.news(piles) == game.news(list(piles)) == ""


@pytest.mark.parametrize("game", ["australian", "yukon"])
def test_a_winning_line_that_is_not_a_list_of_moves_changes_nothing(game):
    played = Game.deal(1, game=game)
    first_two = [str(move) for move in played.legal_moves()[:1]]
    before = played.to_json()
    with pytest.raises(IllegalMoveError, match="the line of 1 moves does not win"):
        played.play_winning_line(iter(first_two))  # a generator: played, then taken back
    for wrong in (None, 5, first_two[0]):
        with pytest.raises(TypeError, match="moves is a list of moves"):
            played.play_winning_line(wrong)
    assert played.to_json() == before


@pytest.mark.parametrize(
    "read",
    [
        lambda: Game.deal(4).play(42),
        lambda: Game.from_text(5),
        lambda: Game.from_json(None),
        lambda: Move.parse(b"draw"),
        lambda: Card.parse(10),
        lambda: Game.deal(4, game="yukon").play(["K♠", 3]),
    ],
)
def test_something_other_than_text_where_text_goes_is_a_type_error_naming_it(read):
    with pytest.raises(TypeError, match="text") as raised:
        read()
    assert isinstance(raised.value, NotationError), "code catching NotationError still does"


@pytest.mark.parametrize(
    "text, named",
    [("draw now", "'draw' stands alone, with nothing after it (not 'now')"), ("pass 2", "not '2'")],
)
def test_words_after_draw_or_pass_are_named(text, named):
    game = Game.deal(4)
    with pytest.raises(NotationError, match=re.escape(named)):
        game.play(text)
    assert game.history == ()


def test_a_dash_among_cards_is_named_as_standing_alone():
    text = Game.deal(4).to_text().replace("waste: -", "waste: - extra")
    with pytest.raises(NotationError, match="'-' stands alone for no cards"):
        Game.from_text(text)


def test_a_suit_typed_from_an_emoji_picker_reads_as_the_suit():
    assert Card.parse("6\u2665\ufe0f") is Card.parse("6♥")
    assert Move.parse("10\u2663\ufe0f J\u2665\ufe0f") == Move.parse("10♣ J♥")


def test_a_long_text_in_an_error_is_counted_without_its_quotes():
    with pytest.raises(NotationError, match=r"\(100 characters\)"):
        Game.from_text("y" * 100)
