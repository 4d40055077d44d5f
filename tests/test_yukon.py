"""Yukon's rules, as Pagat gives them, and its errors for bad input: tests that fail when a
rule is broken (the protocol itself is checked for every game by test_conformance.py)."""

from __future__ import annotations

import json
import random
import re

import pytest

from ausp_widget import Game, IllegalMoveError, NotationError, solve
from ausp_widget.analysis import hint
from ausp_widget.core import registry
from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.protocol import PileRef, Place
from ausp_widget.games.family.solver import DealSolver, Solver
from ausp_widget.games.yukon import YukonGame
from ausp_widget.games.yukon.rules import yukon_rules


def deal(seed: int) -> YukonGame:
    return Game.deal(seed, game="yukon")


def position(*columns: str, foundations: str = "-") -> YukonGame:
    lines = ["game: yukon", f"foundations: {foundations}"]
    lines += [f"{n}: {col}" for n, col in enumerate(columns, start=1)]
    lines += [f"{n}: -" for n in range(len(columns) + 1, 8)]
    return Game.from_text("\n".join(lines))


# Hearts to 10♥, every other suit home but the K♠ and J♥ Q♥ K♥ left (a small table to play on).
SMALL = "K♣ K♦ 10♥ Q♠"


# ---- the deal ------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 42, 2**64 - 1])
def test_the_deal_is_one_then_one_to_six_face_down_under_five_face_up(seed):
    game = deal(seed)
    columns, down = game.tableau(), game.face_down()
    assert [len(col) for col in columns] == [1, 6, 7, 8, 9, 10, 11]
    assert down == (0, 1, 2, 3, 4, 5, 6)
    assert [len(col) - d for col, d in zip(columns, down)] == [1, 5, 5, 5, 5, 5, 5]
    cards = [card for col in columns for card in col]
    assert len(cards) == 52 and set(cards) == set(CARDS)
    assert game.stock() == () and game.waste() == () and game.foundations == ((),) * 4
    assert game.to_text() == deal(seed).to_text() != deal(seed + 1 if seed < 2**64 - 1 else 0).to_text()


def test_a_player_never_sees_a_face_down_card():
    game = deal(3)
    for pile, down in zip([p for p in game.piles() if p.kind == "column"], game.face_down()):
        assert pile.cards[:down] == (None,) * down and None not in pile.cards[down:]
    view = game.view(0)
    assert sum(card is None for pile in view.piles for card in pile.cards) == 21
    hidden = game.tableau()[6][0]
    assert str(hidden) not in repr(view)


# ---- building down in alternating colours --------------------------------------------------
def test_a_card_goes_onto_the_next_higher_card_of_the_other_colour():
    game = position("K♣ Q♦ J♣ 10♦ 9♣", "K♦ Q♣ J♦ 10♣ 9♦", "K♥ Q♥ J♥ 10♥ 9♥ 8♥", foundations="8♣ 8♦ 7♥ K♠")
    assert "8♥ 9♣" in map(str, game.legal_moves())
    with pytest.raises(IllegalMoveError, match="alternating colours"):
        game.copy().play("8♥ 9♦")
    game.play("8♥ 9♣")
    assert [str(c) for c in game.tableau()[0]][-2:] == ["9♣", "8♥"] and len(game.tableau()[2]) == 5


def test_a_card_needs_a_card_exactly_one_rank_higher():
    game = deal(1)
    with pytest.raises(IllegalMoveError, match="one rank higher"):
        game.play("6♥ 8♠")
    onto_itself = "8♥ cannot go onto itself: a card goes onto another column's top card"
    with pytest.raises(IllegalMoveError, match=f"^{re.escape(onto_itself)}$"):
        position("K♣ Q♦ J♣ 10♦ 9♣", "K♦ Q♣ J♦ 10♣ 9♦", "K♥ Q♥ J♥ 10♥ 9♥ 8♥", foundations="8♣ 8♦ 7♥ K♠").play(
            "8♥ 8♥"
        )


# ---- groups, empty columns, turning up ------------------------------------------------------
def test_any_face_up_card_moves_with_every_card_on_it_whatever_they_are():
    game = deal(1)  # column 2 ends J♦; column 7: six face down, then 10♣ 3♥ 2♠ 9♥ 7♠
    before = game.tableau()
    move = next(m for m in game.legal_moves() if str(m) == "10♣ J♦")
    group = before[6][6:]  # 10♣ 3♥ 2♠ 9♥ 7♠: unrelated cards travel with 10♣
    game.play(move)
    assert game.tableau()[1][-len(group) :] == group
    assert game.tableau()[6] == before[6][:6]


def test_only_a_king_fills_an_empty_column():
    game = position("J♥ K♠ Q♥", "K♥", foundations=SMALL)
    with pytest.raises(IllegalMoveError, match="only a King"):
        game.copy().play("J♥ 4")
    with pytest.raises(IllegalMoveError, match="not empty"):
        game.copy().play("K♠ 2")
    played = game.play("K♠ 4")
    assert played.kind == "column" and [str(c) for c in game.tableau()[3]] == ["K♠", "Q♥"]


def test_a_face_down_card_turns_up_when_it_becomes_the_top_card():
    game = deal(1)  # column 7's 10♣ group onto J♦ uncovers the face-down 8♣
    assert game.face_down()[6] == 6
    before = game.piles()
    game.play("10♣ J♦")
    assert game.face_down()[6] == 5
    assert "turned up in column 7" in game.news(before)
    game.undo()
    assert game.face_down()[6] == 6 and game.piles() == before


def test_a_face_down_card_cannot_be_moved_or_picked_up():
    game = deal(1)
    hidden = game.tableau()[6][0]
    with pytest.raises(IllegalMoveError, match="face down"):
        game.play(f"{hidden} F")
    with pytest.raises(IllegalMoveError, match="face down"):
        game.move_between(Place(PileRef("column", 0, 6), 0), PileRef("column", 0, 0))


def test_only_the_top_card_goes_home_and_foundations_build_up_in_suit():
    game = deal(1)  # column 2: [9♣] 4♦ 8♥ 8♦ 5♠ J♦; column 1: 7♦
    with pytest.raises(IllegalMoveError, match="covered by 8♥"):
        game.play("4♦ F")
    with pytest.raises(IllegalMoveError, match="A♦ must be there first"):
        game.play("7♦ F")


# ---- the end of a game ---------------------------------------------------------------------
def test_a_game_is_won_when_all_52_cards_are_home():
    game = position("K♥ K♠", "J♥", "Q♥", foundations=SMALL)
    for move in ("J♥ F", "Q♥ F", "K♠ F", "K♥ F"):
        game.play(move)
    assert game.status == "won" and game.score == 52 and game.legal_moves() == []


def test_a_game_with_no_way_to_bring_a_card_home_or_turn_one_up_is_lost():
    game = position("J♥ Q♥", "K♥", foundations="K♣ K♦ 10♥ K♠")
    assert game.status == "lost" and game.legal_moves() == [] and game.useful_moves() == []
    assert "J♥ is covered in column 1 under Q♥" in game.explain_loss()
    with pytest.raises(IllegalMoveError, match="over"):
        game.play("K♥ 3")  # a King from the bottom into an empty column changes nothing


def test_shuffling_a_king_between_empty_columns_is_legal_but_not_useful():
    game = position("K♥", "J♥ K♠", "Q♥", foundations=SMALL)
    legal, useful = set(map(str, game.legal_moves())), set(map(str, game.useful_moves()))
    assert "K♥ 4" in legal and "K♥ 4" not in useful


# ---- the solver -----------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 6])
def test_every_win_the_solver_finds_replays(seed):
    game = deal(seed)
    result = solve(game, time_limit=None, node_limit=50_000)
    assert result.winnable is True
    trial = game.copy()
    for move in result.moves:
        trial.play(move)
    assert trial.status == "won"


def exhaustive(game: YukonGame) -> bool:
    """Whether any sequence of legal moves wins: a plain search over every legal move."""
    seen, stack = set(), [game]
    while stack:
        current = stack.pop()
        if current.status == "won":
            return True
        for move in current.legal_moves():
            after = current.copy()
            after.play(move)
            if after.position_key() not in seen:
                seen.add(after.position_key())
                stack.append(after)
    return False


def small_position(rng: random.Random) -> YukonGame:
    """A random position with 6 to 10 cards left, spread over the columns, some face down."""
    heights = [13] * 4
    left = rng.randint(6, 10)
    while sum(13 - h for h in heights) < left:
        heights[rng.randrange(4)] -= 1
    cards = [s * 13 + r for s in range(4) for r in range(heights[s], 13)]
    rng.shuffle(cards)
    cols: list[list[int]] = [[] for _ in range(7)]
    for card in cards:
        cols[rng.randrange(4)].append(card)
    down = [rng.randint(0, max(0, len(col) - 1)) for col in cols]
    return YukonGame([tuple(col) for col in cols], down, heights)


def test_the_solver_agrees_with_a_plain_exhaustive_search_on_small_positions():
    rng = random.Random(7)
    verdicts = []
    for _ in range(60):
        game = small_position(rng)
        expected = exhaustive(game)
        for search in (Solver(game), DealSolver(game)):
            search.run(seconds=None)
            assert search.winnable is expected, game.to_text()
            if expected:
                game.copy().play_winning_line(search.line)
        verdicts.append(expected)
    assert True in verdicts and False in verdicts  # both verdicts were tested


# ---- hints ----------------------------------------------------------------------------------
def test_a_hint_is_a_legal_move_with_a_reason():
    game = deal(1)
    for _ in range(30):
        advice = hint(game)
        if advice.move is None:
            break
        assert advice.move in game.legal_moves() and advice.reason
        game.play(advice.move)
    assert game.score > 0


def test_a_hint_reads_only_the_face_up_cards():
    game = deal(5)
    text = game.to_text().splitlines()
    hidden = text[-1].split()[1]  # column 7's bottom card, face down
    other = next(line for line in text if line.startswith("6:")).split()[1]
    swapped = game.to_text().replace(hidden, "X").replace(other, hidden).replace("X", other)
    assert hint(game).move == hint(Game.from_text(swapped)).move


def test_a_hint_on_a_finished_game_has_no_move():
    game = position("J♥ Q♥", "K♥", foundations="K♣ K♦ 10♥ K♠")
    assert hint(game).move is None and "lost" in hint(game).reason


# ---- text, saves and bad input ---------------------------------------------------------------
def test_position_text_and_saves_round_trip():
    game = deal(1)
    game.play("10♣ J♦")
    read = Game.from_text(game.to_text())
    assert read.to_text() == game.to_text() and read.face_down() == game.face_down()
    game.undo()
    loaded = Game.from_json(game.to_json())
    assert loaded.to_json() == game.to_json() and loaded.can_redo
    assert registry.read_save(__import__("json").loads(game.to_json())).to_text() == game.to_text()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("game: yukon\nfoundations: -\nstock: -\n", "no stock"),
        ("game: yukon\nfoundations: -\n1: A♣\n", "no line for"),
        ("game: yukon\nfoundations: A♣ 2♣\n" + "".join(f"{n}: -\n" for n in range(1, 8)), "one suit"),
        (
            "game: yukon\nfoundations: K♣ K♦ K♥ Q♠\n1: [K♠]\n" + "".join(f"{n}: -\n" for n in range(2, 8)),
            "face up",
        ),
        (
            "game: yukon\nfoundations: K♣ K♦ K♥ J♠\n1: Q♠ [K♠]\n" + "".join(f"{n}: -\n" for n in range(2, 8)),
            "bottom",
        ),
        (
            "game: yukon\nfoundations: K♣ K♦ K♥ J♠\n1: Q♠ Q♠\n" + "".join(f"{n}: -\n" for n in range(2, 8)),
            "repeated",
        ),
        (
            "game: yukon\nfoundations: K♣ K♦ K♥ J♠\n1: Q♠\n" + "".join(f"{n}: -\n" for n in range(2, 8)),
            "missing: K♠",
        ),
    ],
)
def test_bad_position_text_is_refused_naming_what_is_wrong(text, words):
    with pytest.raises(NotationError, match=words):
        Game.from_text(text)


def test_a_column_with_more_face_down_cards_than_the_deal_gave_it_is_refused():
    base = Game.deal(1, game="yukon").to_text()  # 1: 7♦ / 2: [9♣] 4♦ 8♥ 8♦ 5♠ J♦ / …
    made_up = {
        base.replace("1: 7♦", "1: [7♦] 10♦").replace("10♦ 8♠", "8♠"): "column 1 has one face-down card, "
        "and Yukon deals it none",
        base.replace(
            "2: [9♣] 4♦", "2: [9♣] [4♦]"
        ): "column 2 has two face-down cards, and Yukon deals it only one",
    }
    for text, words in made_up.items():
        with pytest.raises(NotationError, match=words):
            Game.from_text(text)
        save = json.loads(Game.deal(1, game="yukon").to_json()) | {
            "seed": None,
            "start": text,
            "position": text,
        }
        with pytest.raises(NotationError, match=words):
            Game.from_json(save)


@pytest.mark.parametrize(
    ("move", "words"),
    [("draw", "nothing to draw"), ("pass", "bot"), ("7♦ F5", "F1 to F4"), ("7♦ F3", "♥ foundation")],
)
def test_moves_yukon_does_not_have_are_refused_with_the_rule(move, words):
    game = deal(1)
    before = game.to_json()
    with pytest.raises(IllegalMoveError, match=words):
        game.play(move)
    assert game.to_json() == before


def test_bad_arguments_get_the_kernels_errors():
    with pytest.raises(ValueError, match="solo"):
        Game.deal(1, game="yukon", mode="turns")
    with pytest.raises(ValueError, match="no rule options"):
        Game.deal(1, game="yukon", options={"undo": False})
    with pytest.raises(ValueError, match="deal number"):
        Game.deal(-1, game="yukon")
    with pytest.raises(NotationError, match="columns are numbered 1 to 7"):
        deal(1).play("K♠ 8")
    with pytest.raises(ValueError, match="player must be 0"):
        deal(1).legal_moves(1)
    with pytest.raises(TypeError):
        solve(deal(1), time_limit="soon")
    saved = __import__("json").loads(deal(1).to_json())
    saved["moves"] = [[0, "draw"]]
    with pytest.raises(NotationError, match="cannot be replayed"):
        Game.from_json(saved)
    saved = __import__("json").loads(deal(1).to_json())
    saved["seed"] = 2
    with pytest.raises(NotationError, match="altered"):
        Game.from_json(saved)


def test_the_rules_mark_the_choices_as_choices():
    sections = {s.title: s for s in yukon_rules()}
    assert "Choices where the rules are silent" in sections
    text = " ".join(p for s in sections.values() for p in s.paragraphs)
    assert "alternating colours" in text and "only a King" in text.replace("Only a King", "only a King")
    assert "no stock" in text and "1 to 6 face-down cards with five face-up cards" in text


def test_a_card_is_named_in_words():
    assert Card.parse("K♠").name == "king of spades"


# ---- the live table and the app --------------------------------------------------------------
def test_the_live_table_plays_yukon_by_clicks_with_no_draw_button():
    from test_widget_table import button, card, visible

    from ausp_widget.widgets import strip
    from ausp_widget.widgets.table import GameTable

    table = GameTable(mode="yukon", seed=1, wait_for_start=False)
    assert table.game.name == "yukon" and table.game.face_down()[6] == 6
    shown = {w.description for w in visible(table) if isinstance(w, strip.Button)}
    assert "Draw" not in shown and {"Undo", "Hint"} <= shown
    card(table, Card.parse("10♣").name).click()
    card(table, Card.parse("J♦").name).click()
    assert table.game.history[-1][1] == Game.deal(1, game="yukon").parse_move("10♣ J♦")
    assert table.game.face_down()[6] == 5
    button(table, "Undo").click()
    assert table.game.face_down()[6] == 6
    button(table, "Hint").click()
    assert "face down" in table.status.value or "turn up" in table.status.value
    kinds = {spot.pile.kind for spot in table.board.views()}
    assert "stock" not in kinds and "waste" not in kinds and "column" in kinds  # nothing empty to draw
    assert "stock" not in table.info.value


def test_a_picture_of_a_position_draws_no_stock_or_waste():
    html = deal(1)._repr_html_()
    assert ">stock<" not in html and ">waste<" not in html
    assert ">waste<" in Game.deal(1)._repr_html_()  # the empty waste of Australian Patience


def test_the_app_offers_yukon_with_its_rules_and_guide():
    from ausp_widget import AustralianPatience

    app = AustralianPatience(mode="yukon", seed=1)
    assert app.game.name == "yukon" and app.game.seed == 1
    assert app.guide.steps[0].position.name == "yukon" and len(app.guide.steps) >= 5
    assert "alternating colours" in app.rules.value and "choices" in app.rules.value.lower()


def test_the_puzzles_tab_follows_the_game_to_yukons_own_set():
    from ausp_widget import AustralianPatience

    app = AustralianPatience(mode="yukon", seed=1)
    assert app.puzzles.game == "yukon" and app.puzzles.puzzle.game == "yukon"
    app.mode = "indian"
    assert app.puzzles.game == "indian"
    app.mode = "yukon"
    assert app.puzzles.game == "yukon" and app.game.name == "yukon"
    app.close()


def test_a_two_is_not_sent_home_unsearched_while_an_ace_of_the_other_colour_is_in_play():
    # Winnable, but only if 2♠ stays to carry the A♥ group off the face-down cards of column 6
    # (found by comparing with a solver that sent every Two home at once, which said lost).
    game = Game.from_text(
        "game: yukon\nfoundations: K♣ K♦ A♠\n1: 7♠\n2: Q♥ 9♥ 10♠\n3: [9♠] 8♠ 5♠ 10♥\n"
        "4: [3♥] [7♥] 8♥ 3♠ Q♠\n5: 6♥ 2♠ K♠ 4♠ 4♥ 5♥ J♠\n6: [J♥] [K♥] A♥ 6♠\n7: 2♥\n"
    )
    search = Solver(game)
    search.run(seconds=None)
    assert search.winnable is True
    game.copy().play_winning_line(search.line)


def test_the_solvers_answer_says_it_knew_the_face_down_cards():
    from ausp_widget.core.protocol import hidden_words
    from ausp_widget.widgets.solver_question import answer

    assert "every face-down card" in answer(True, None, 0.1, hidden_words(deal(1)))
    assert "order of the stock" in answer(True, None, 0.1, hidden_words(Game.deal(1)))
    # Indian Patience has both: a stock, and a face-down card under each column
    indian = hidden_words(Game.deal(1, game="indian"))
    assert indian == "the order of the stock and every face-down card"
    assert hidden_words(Game.deal(1)) == "the order of the stock", "Australian deals every card face up"


def test_text_that_is_no_move_is_told_the_forms_yukon_has():
    with pytest.raises(NotationError) as error:
        deal(1).play("8♥ to 9♣")
    assert str(error.value) == "'8♥ to 9♣' is not a move: write '4♣ F', 'J♥ Q♠' or 'K♣ 3' (there is no draw)"


def test_a_card_moved_onto_a_card_on_a_foundation_is_not_told_to_go_home():
    """'6♥ 7♠' with 7♠ home: 6♥ belongs on the ♥ foundation, so 'write 6♥ F' would mislead."""
    shown = [str(card) for card in CARDS if not (card.suit == "♠" and card.rank <= 7) and str(card) != "6♥"]
    columns = "".join(f"{n}: {' '.join(shown[n - 2 :: 4])}\n" for n in range(2, 6))
    game = Game.from_text(f"game: yukon\nfoundations: 7♠\n1: 6♥\n{columns}6: -\n7: -\n")
    with pytest.raises(IllegalMoveError) as refused:
        game.play("6♥ 7♠")
    assert (
        str(refused.value)
        == "7♠ is on a foundation: in the tableau a card goes onto the top card of a column"
    )


def test_a_yukon_position_or_save_without_its_game_says_how_to_name_it():
    game = Game.deal(1, game="yukon")
    with pytest.raises(NotationError) as refused:
        Game.from_text(game.to_text().replace("game: yukon\n", ""))
    assert str(refused.value).endswith(
        "; it reads as Russian Solitaire or Yukon: start it with a line naming its game, as 'game: russian'"
    )
    save = json.loads(game.to_json())
    del save["game"]
    with pytest.raises(NotationError) as refused:
        Game.from_json(save)
    assert str(refused.value).endswith(
        '; it reads as Yukon: give it a field naming its game, as "game": "yukon"'
    )
    with pytest.raises(NotationError) as refused:  # text no game reads is told only what is wrong
        Game.from_text("foundations: -\n1: x")
    assert "reads as" not in str(refused.value)
    with pytest.raises(NotationError) as refused:  # whichever game is read by default
        registry.read_text(Game.deal(4).to_text(), default="yukon")
    assert str(refused.value).endswith(
        "; it reads as Australian Patience: start it with a line naming its game, as 'game: australian'"
    )
