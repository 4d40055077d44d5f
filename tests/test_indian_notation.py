"""Indian Patience notation: twin cards, every refusal's reason, position text, saves and the deal."""

import json

import pytest
from indian_positions import game, position

from ausp_widget import Game, IllegalMoveError, Move, NotationError
from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.deal import _below, splitmix64
from ausp_widget.games.indian import IndianGame, IndianMove


def texts(moves) -> set[str]:
    return set(map(str, moves))


# ---- twin cards ------------------------------------------------------------------------------
def test_two_available_copies_must_say_where_the_card_comes_from():
    g = game(["7♥", "7♥", "8♣"])
    legal = texts(g.legal_moves())
    assert {"1:7♥ 8♣", "2:7♥ 8♣"} <= legal and "7♥ 8♣" not in legal
    with pytest.raises(IllegalMoveError, match=r"both 7♥ can make this move \(column 1 and column 2\)"):
        g.play("7♥ 8♣")
    assert str(g.play("2:7♥ 8♣")) == "2:7♥ 8♣"
    assert g.tableau()[:3] == ((Card.parse("7♥"),), (), (Card.parse("8♣"), Card.parse("7♥")))
    assert {"1:7♥ 2", "3:7♥ 2"} <= texts(g.legal_moves())  # both are still available
    covered = game(["7♥ 5♠", "7♥", "8♣"])
    assert "7♥ 8♣" in texts(covered.legal_moves())  # one copy is covered: no prefix


def test_a_column_copy_and_a_waste_copy_are_told_apart():
    g = game(["7♥"], stock="7♥")
    g.play("draw")
    with pytest.raises(IllegalMoveError, match=r"'1:7♥ 2' or 'w:7♥ 2'"):
        g.play("7♥ 2")
    g.play("w:7♥ 2")
    assert g.waste() == () and g.tableau()[1] == (Card.parse("7♥"),)


def test_without_a_prefix_the_one_copy_that_can_make_the_move_makes_it():
    g = game(["7♥*", "7♥", "8♣"], stock="Q♦")
    assert str(g.play("7♥ 8♣")) == "2:7♥ 8♣"  # the copy in column 1 is protected
    assert g.tableau()[1] == ()


def test_two_columns_ending_with_the_same_card_are_named_by_number():
    g = game(["7♥", "8♣", "8♣"])
    legal = texts(g.legal_moves())
    assert {"7♥ 2", "7♥ 3"} <= legal and "7♥ 8♣" not in legal
    with pytest.raises(IllegalMoveError, match="columns 2 and 3 both end with 8♣: name the column"):
        g.play("7♥ 8♣")
    assert str(g.play("7♥ 3")) == "7♥ 3"
    assert g.tableau()[2] == (Card.parse("8♣"), Card.parse("7♥"))


def test_a_destination_named_by_card_goes_to_the_one_column_that_may_take_it():
    g = game(["7♥", "8♣", "8♣*"], stock="Q♦")
    assert str(g.play("7♥ 8♣")) == "7♥ 2"


def test_a_prefix_must_name_the_cards_real_place():
    g = game(["7♥", "8♣", "-"], stock="Q♦")
    for move, reason in [
        ("2:7♥ 3", "column 2 ends with 8♣, not 7♥: only a column's top card moves"),
        ("3:7♥ 8♣", "column 3 is empty: no 7♥ there"),
        ("w:7♥ 8♣", "the waste is empty: no 7♥ there"),
    ]:
        with pytest.raises(IllegalMoveError, match=reason):
            g.play(move)
    g.play("draw")
    with pytest.raises(IllegalMoveError, match="the top waste card is Q♦, not 7♥"):
        g.play("w:7♥ 8♣")


def test_hidden_copies_are_not_given_away():
    g = game(["[A♠] 5♦ 6♣"], stock="A♠")
    with pytest.raises(IllegalMoveError) as refused:
        g.play("A♠ F")
    assert str(refused.value) == (
        "that card is not face up on the table: "
        "a card turns up when it is drawn from the stock or uncovered in its column"
    )


# ---- every refusal changes nothing -------------------------------------------------------------
REFUSALS = [
    (["7♥", "8♥"], "", "pass", "there is no pass in Indian Patience"),
    (["7♥", "8♥"], "", "7♥ 8♥", "the tableau builds down in a differing suit"),
    (["7♥", "9♣"], "", "7♥ 9♣", "one rank higher"),
    (["K♥", "Q♣"], "", "K♥ Q♣", "nothing ranks above a King"),
    (["7♥", "8♣"], "", "7♥ 1", "7♥ is already in column 1"),
    (["7♥", "8♣"], "", "7♥ 8♠", "not face up on the table: a card goes onto the top card"),
    (["7♥", "8♣"], "", "7♥ F", "a ♥ foundation must end with the card just below it first"),
    (["7♥", "8♣"], "", "7♥ F2", "F2 is a ♣ foundation"),
    (["8♣ 9♦", "7♥"], "", "7♥ 8♣", "no column ends with 8♣"),
    (["8♣ 9♦", "7♥"], "", "8♣ 7♥", "the 8♣ in column 1 is covered by 9♦"),
    (["7♥*", "8♣"], "Q♦", "7♥ 8♣", "7♥ is protected"),
    (["9♦*", "8♣"], "Q♦", "8♣ 9♦", "9♦ in column 1 is protected"),
]


@pytest.mark.parametrize(("columns", "stock", "move", "reason"), REFUSALS)
def test_illegal_moves_teach_and_change_nothing(columns, stock, move, reason):
    g = game(columns, stock=stock)
    before, history = g.to_text(), g.history
    with pytest.raises(IllegalMoveError, match=reason):
        g.play(move)
    assert g.to_text() == before and g.history == history and not g.can_redo


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("7♥ 11", "columns are numbered 1 to 10"),
        ("7♥ F9", "foundations are F1 to F8"),
        ("12:7♥ 8♣", "a card's place is a column 1 to 10 or w"),
        ("7♥ to 8♣", "is not a move"),
        ("7X 8♣", "is not a card"),
    ],
)
def test_malformed_moves_say_what_is_wrong(text, reason):
    g = Game.deal(1, game="indian")
    before = g.to_text()
    with pytest.raises(NotationError, match=reason):
        g.play(text)
    assert g.to_text() == before


def test_hand_made_moves_out_of_range_are_refused_too():
    top = Game.deal(1, game="indian").tableau()[0][-1]
    with pytest.raises(NotationError, match="column is a whole number from 1 to 10, not 12"):
        Move("column", top, column=12)
    with pytest.raises(NotationError, match="a card's place is a column 1 to 10"):
        IndianMove("tableau", Card.parse("7♥"), onto=Card.parse("8♣"), source=11)


def test_undo_redo_and_players_refuse_at_the_edges():
    g = Game.deal(2, game="indian")
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        g.undo()
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        g.redo()
    with pytest.raises(ValueError, match="player must be 0 in Indian Patience"):
        g.legal_moves(1)
    with pytest.raises(ValueError, match="Indian Patience is a solo game"):
        Game.deal(2, mode="turns", game="indian")
    with pytest.raises(ValueError, match="game must be one of 'australian', 'indian'"):
        Game.deal(2, game="klondike")


def test_moves_print_and_parse_back():
    for text in ["draw", "7♥ F", "7♥ F5", "7♥ 8♣", "7♥ 10", "3:7♥ 8♣", "w:K♠ 4", "10:Q♦ F"]:
        move = IndianMove.parse(text)
        assert str(move) == text and IndianMove.parse(str(move)) == move
    assert IndianMove.parse("waste:7h 8c") == IndianMove.parse("w:7♥ 8♣")
    assert IndianMove.parse("7♥ 8♣") == Move.parse("7♥ 8♣")
    assert IndianMove.parse("3:7♥ 8♣").source == 3 and IndianMove.parse("w:7♥ F").source == "waste"


# ---- undo, redo, listeners, copy --------------------------------------------------------------------
def test_undo_redo_listeners_and_copy():
    g = Game.deal(4, game="indian")
    start = g.to_text()
    events = []
    g.add_listener(lambda game, event, move: events.append((event, str(move))))
    first = g.legal_moves()[0]
    g.play(first)
    twin = g.copy()
    assert g.undo() == first and g.to_text() == start
    assert g.redo() == first and g.to_text() == twin.to_text()
    assert events == [("play", str(first)), ("undo", str(first)), ("redo", str(first))]
    twin.play("draw")
    assert g.to_text() != twin.to_text() and len(events) == 3


# ---- position text --------------------------------------------------------------------------------
def test_position_text_round_trips_and_repr_rebuilds():
    g = Game.deal(9, game="indian")
    for move in ["draw", "draw"]:
        g.play(move)
    text = g.to_text()
    assert Game.from_text(text).to_text() == text
    assert eval(repr(g), {"Game": Game}).to_text() == text
    shuffled = "# a comment\n\n" + "\n".join(reversed(text.splitlines())) + "\n"
    assert IndianGame.from_text(shuffled).to_text() == text


def test_face_down_and_protected_marks_round_trip():
    text = position(["[9♦] 6♠ 5♥", "7♥*", "-"], stock="Q♦")
    g = IndianGame.from_text(text)
    assert g.face_down()[:3] == (1, 0, 0) and g.protected()[:3] == (False, True, False)
    assert g.to_text() == text


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            lambda t: t.replace("1: [9♦] 6♠", "1: 6♠ [9♦]"),
            "only the bottom card of a column can be face down",
        ),
        (lambda t: t.replace("1: [9♦] 6♠", "1: [9♦]"), "a face-down card with nothing on it"),
        (lambda t: t.replace("2: 7♥*", "2: 7♥* 6♣"), "a protected card is the only card of its column"),
        (lambda t: t.replace("foundations: - - - - - - - -", "foundations: - -"), "give 8 entries"),
        (lambda t: t.replace("foundations: - -", "foundations: A♦ -"), "F1 is a ♣ foundation"),
        (lambda t: t.replace("3: -", "3: 7♥"), r"too many: 7♥ ×3"),
        (lambda t: t.replace("2: 7♥*", "2: -"), "missing: 7♥"),
        (lambda t: t.replace("game: indian", "game: hearts"), "this reads Indian Patience"),
        (lambda t: t.replace("3: -\n", ""), "no line for '3:'"),
        (lambda t: t + "11: -\n", "expected 'game: indian'"),
    ],
)
def test_malformed_positions_are_refused_naming_the_problem(change, reason):
    text = position(["[9♦] 6♠", "7♥*", "-"], stock="Q♦")
    with pytest.raises(NotationError, match=reason):
        IndianGame.from_text(change(text))


def test_a_protected_card_needs_a_stock():
    text = position(["7♥*"], rest="stock")
    bare = text.replace(text.split("\n")[2], "stock: -").replace(
        "waste: -", "waste: " + text.split("\n")[2][7:]
    )
    with pytest.raises(NotationError, match="with the stock used up no card is protected"):
        IndianGame.from_text(bare)


def test_the_foundations_imply_the_cards_below_their_tops():
    g = game(["K♠", "K♥"], rest="home")
    assert "foundations: K♣ K♣ K♦ K♦ K♥ Q♥ K♠ Q♠" in g.to_text()
    assert len(g.foundations[5]) == 12 and g.locate("K♥") == (("tableau", 2, 0), ("foundation", 5, None))


# ---- saves -----------------------------------------------------------------------------------------
def played(seed: int, moves: int) -> IndianGame:
    g = Game.deal(seed, game="indian")
    for _ in range(moves):
        legal = g.legal_moves()
        g.play(next((m for m in legal if m.kind != "draw"), legal[-1]))
    return g


def test_a_save_keeps_seed_history_and_redo():
    g = played(11, 12)
    g.undo()
    g.undo()
    data = json.loads(g.to_json())
    assert data["format"] == "ausp_widget-save" and data["game"] == "indian" and data["version"] == 1
    restored = Game.from_json(g.to_json())
    assert isinstance(restored, IndianGame) and restored.seed == 11
    assert restored.to_text() == g.to_text() and restored.history == g.history
    assert restored.redo() == g.redo() and restored.to_text() == g.to_text()
    assert restored.to_json() == g.to_json()


def edit(save: str, change) -> str:
    data = json.loads(save)
    change(data)
    return json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda d: d["moves"].__setitem__(0, [0, "K♠ F"]), "move 1 .* cannot be replayed"),
        (
            lambda d: d.__setitem__("position", d["position"].replace("stock:", "stock: A♣")),
            "the file was altered",
        ),
        (lambda d: d.__setitem__("seed", 12), "does not match its start position"),
        (lambda d: d.__setitem__("version", 9), "Indian save version 9 is not supported"),
        (lambda d: d.__setitem__("game", "spider"), "the save's game 'spider'"),
        (lambda d: d["redo"].append([0, "K♠ F"]), "redo move 1 .* cannot be replayed"),
        (lambda d: d["moves"].append([1, "draw"]), r"is not \[0, \"move\"\]"),
        (lambda d: d.pop("start"), "the save has no 'start'"),
    ],
)
def test_a_damaged_save_is_refused_with_the_reason(damage, reason):
    save = played(11, 6).to_json()
    with pytest.raises(NotationError, match=reason):
        Game.from_json(edit(save, damage))


def test_australian_saves_and_positions_still_load_as_before():
    g = Game.deal(5)
    g.play("draw")
    assert type(Game.from_json(g.to_json())) is Game
    assert Game.from_text("game: australian\n" + g.to_text()).to_text() == g.to_text()
    assert Game.deal(5).game == "australian" and Game.deal(5, game="indian").game == "indian"


# ---- the deal ----------------------------------------------------------------------------------------
def test_the_deal_follows_the_documented_algorithm():
    rng = splitmix64(77)
    shoe = list(CARDS) + list(CARDS)
    for i in range(103, 0, -1):
        j = _below(rng, i + 1)
        shoe[i], shoe[j] = shoe[j], shoe[i]
    g = Game.deal(77, game="indian")
    assert g.tableau() == tuple(tuple(shoe[row * 10 + c] for row in range(3)) for c in range(10))
    assert g.stock() == tuple(shoe[30:])
    assert Game.deal(77, game="indian").to_text() == g.to_text()
    assert len({Game.deal(s, game="indian").to_text() for s in range(50)}) == 50
