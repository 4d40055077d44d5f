"""Indian Patience's rule options: each changes legality as named, refusals name the option,
and every description of a game (copies, undo, views, samples, position text, saves, the
rules panel) keeps them."""

import dataclasses
import json
import random

import pytest
from indian_positions import indian_position

from ausp_widget import Game, IllegalMoveError, NotationError
from ausp_widget.core.protocol import PileRef, Place
from ausp_widget.core.view import sample_from_view as sample_game
from ausp_widget.games.indian import IndianGame
from ausp_widget.games.indian.basics import IndianOptions
from ausp_widget.games.indian.hints import hint, play_out
from ausp_widget.games.indian.rules import INDIAN_CHOICES, indian_rules

EACH = [
    {"protected_takes_cards": True},
    {"empty_column": "kings"},
    {"partial_refill": True},
    {"undo": False},
    {"protected_takes_cards": True, "empty_column": "kings", "partial_refill": True, "undo": False},
]
NAMES = ["protected", "kings", "partial", "no-undo", "all"]


def with_options(game: IndianGame, line: str) -> IndianGame:
    """The same position under the options of an `options:` line."""
    return IndianGame.from_text(game.to_text().replace("game: indian\n", f"game: indian\noptions: {line}\n"))


def texts(game: IndianGame) -> set[str]:
    return set(map(str, game.legal_moves()))


def random_play(seed: int, options: dict, moves: int = 150) -> IndianGame:
    rng = random.Random(seed)
    game = IndianGame.deal(seed, options=options)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


# ---- dealing with options -------------------------------------------------------------------------
def test_options_are_given_at_the_deal_and_kept_by_copies_and_undo():
    game = Game.deal(4, game="indian", options={"empty_column": "kings"})
    assert isinstance(game, IndianGame) and game.options == IndianOptions(empty_column="kings")
    assert (
        IndianGame.deal(4).options == IndianOptions()
        and Game.deal(4, game="indian").options == IndianOptions()
    )
    assert IndianGame.deal(4, options=IndianOptions(partial_refill=True)).options.partial_refill
    assert game.tableau() == IndianGame.deal(4).tableau()  # the deal itself is the same
    game.play(game.legal_moves()[0])
    assert game.copy().options == game.options
    game.undo()
    game.redo()
    assert game.options == IndianOptions(empty_column="kings")


def test_australian_patience_refuses_options():
    with pytest.raises(ValueError, match="Australian Patience has no rule options"):
        Game.deal(4, options={"empty_column": "kings"})


@pytest.mark.parametrize(
    "options, name",
    [
        ({"empty_column": "queens"}, "empty_column"),
        ({"undo": "no"}, "undo"),
        ({"partial_refill": 1}, "partial_refill"),
        ({"protected_takes_cards": None}, "protected_takes_cards"),
        ({"colour": "red"}, "colour"),
        ("kings", "options must be"),
    ],
)
def test_bad_options_are_refused_by_name(options, name):
    with pytest.raises(ValueError, match=name):
        IndianGame.deal(4, options=options)
    with pytest.raises(ValueError, match=name):
        Game.deal(4, game="indian", options=options)


def test_the_options_of_a_game_cannot_be_changed_under_it():
    game = IndianGame.deal(4, options={"undo": False})
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.options.undo = True  # type: ignore[misc]
    assert game.options == IndianOptions(undo=False)


# ---- empty_column ---------------------------------------------------------------------------------
def test_empty_column_kings_lets_only_a_king_fill_an_empty_column():
    base = indian_position(["[J♠] 5♣ 7♥", "9♦ K♣"], stock="4♣ 8♠")
    kings = with_options(base, "empty_column=kings")
    assert {"7♥ 3", "K♣ 3"} <= texts(base)
    assert "K♣ 3" in texts(kings) and not any(
        m.endswith(" 3") and not m.startswith("K") for m in texts(kings)
    )
    before = kings.to_text()
    with pytest.raises(
        IllegalMoveError, match=r"only a King may fill an empty column \(rule option empty_column=kings\)"
    ):
        kings.play("7♥ 3")
    assert kings.to_text() == before and kings.history == ()
    kings.play("draw")
    with pytest.raises(IllegalMoveError, match="rule option empty_column=kings"):
        kings.play("4♣ 5")  # from the waste too
    kings.play("K♣ 3")
    assert kings.tableau()[2][-1].rank == 13


def test_empty_column_kings_changes_the_words_and_the_click():
    base = indian_position(["[J♠] 5♣ 7♥", "9♦ K♣"], stock="4♣")
    kings = with_options(base, "empty_column=kings")
    column = next(p for p in kings.piles() if p.kind == "column")
    assert (column.takes, column.accepts) == ("only a King", "K")
    plain = next(p for p in base.piles() if p.kind == "column")
    assert (plain.takes, plain.accepts) == ("any single card", "")
    source = Place(PileRef("column", 0, 0), 2)
    refused = kings.move_between(source, PileRef("column", 0, 4))
    with pytest.raises(IllegalMoveError, match=r"\(rule option empty_column=kings\)$"):
        kings.copy().play(refused)
    assert "rule option empty_column=kings" in kings.explain_stuck(source)


def test_empty_column_kings_decides_a_lost_game():
    # stock used up; 5♥ covers A♣ and only an empty column could take it
    base = indian_position(["A♣ 5♥"], rest="waste")
    assert base.status == "playing"
    kings = with_options(base, "empty_column=kings")
    assert kings.status == "lost" and kings.legal_moves() == []


# ---- protected_takes_cards --------------------------------------------------------------------------
def test_a_protected_card_takes_cards_only_with_the_option():
    base = indian_position(["5♠*", "[J♠] 5♣ 4♥"], stock="Q♥ 2♦ 7♣")
    assert "4♥ 5♠" not in texts(base)
    with pytest.raises(IllegalMoveError, match=r"protected.*\(rule option protected_takes_cards=no\)"):
        base.play("4♥ 5♠")
    game = with_options(base, "protected_takes_cards=yes")
    assert "4♥ 5♠" in texts(game)
    game.play("4♥ 5♠")
    assert [str(c) for c in game.tableau()[0]] == ["5♠", "4♥"]
    assert game.protected()[0]  # still protected, under the 4♥
    assert "1: 5♠* 4♥" in game.to_text()
    with pytest.raises(IllegalMoveError, match="covered by 4♥"):
        game.play("5♠ F")
    game.play("4♥ 5♣")  # uncovered again:
    assert game.protected()[0] and game.tableau()[0] == (base.tableau()[0][0],)
    with pytest.raises(
        IllegalMoveError, match="5♠ is protected: a card turned up from face down may only go"
    ):
        game.play("5♠ 3")
    assert not any(m.startswith("5♠") for m in texts(game))


def test_a_covered_protected_card_is_freed_by_the_grace():
    start = indian_position(["5♠*", "[J♠] 5♣ 4♥"], stock="Q♥", foundations="- - - - - - 4♠ -", rest="waste")
    game = with_options(start, "protected_takes_cards=yes")
    game.play("4♥ 5♠")
    game.play("draw")  # the last stock card: the grace
    assert game.protected() == (False,) * 10
    game.play("4♥ 5♣")
    assert "5♠ 3" in texts(game)


def test_the_option_protected_takes_cards_in_real_deals():
    onto = {True: 0, False: 0}
    for seed in range(12):
        for allowed in (True, False):
            rng = random.Random(seed)
            game = IndianGame.deal(seed, options={"protected_takes_cards": allowed})
            for _ in range(200):
                legal = game.legal_moves()
                if not legal:
                    break
                move = rng.choice(legal)
                _, target = game.move_places(move)
                if target is not None and target.kind == "column":
                    column = game.tableau()[target.index]
                    if column and game.protected()[target.index]:
                        onto[allowed] += 1
                game.play(move)
    assert onto[False] == 0 and onto[True] > 0


# ---- partial_refill ---------------------------------------------------------------------------------
def short_stock(stock: str) -> IndianGame:
    """A protected 5♠ ready to go home on 4♠ with only `stock` left, and a protected 9♦ elsewhere."""
    return indian_position(
        ["5♠*", "[J♠] 5♣ 4♥", "9♦*"], stock=stock, foundations="- - - - - - 4♠ -", rest="waste"
    )


def test_without_partial_refill_a_short_stock_deals_nothing():
    game = short_stock("Q♥ 2♦")
    game.play("5♠ F")
    assert game.tableau()[0] == () and len(game.stock()) == 2 and game.protected()[2]


def test_a_partial_refill_of_two_cards_deals_one_face_down_one_face_up():
    game = with_options(short_stock("A♣ 2♦"), "partial_refill=yes")
    before = game.piles()
    game.play("5♠ F")
    assert game.stock() == () and game.visible_tableau()[0] == (None, game.tableau()[0][1])
    assert [str(c) for c in game.tableau()[0]] == ["A♣", "2♦"] and game.face_down()[0] == 1
    assert game.protected() == (False,) * 10  # the stock is used up: the grace
    assert "one card face down, one face up" in game.news(before)
    game.play("2♦ 4")
    assert game.face_down()[0] == 0 and not game.protected()[0]  # turned up free


def test_a_partial_refill_of_one_card_deals_it_face_up():
    game = with_options(short_stock("Q♥"), "partial_refill=yes")
    game.play("5♠ F")
    assert [str(c) for c in game.tableau()[0]] == ["Q♥"] and game.face_down()[0] == 0
    assert game.stock() == () and game.protected() == (False,) * 10
    game.undo()
    assert game.protected()[0] and len(game.stock()) == 1


def test_a_full_refill_is_the_same_with_or_without_the_option():
    plain, partial = short_stock("Q♥ 2♦ 7♣"), with_options(short_stock("Q♥ 2♦ 7♣"), "partial_refill=yes")
    for game in (plain, partial):
        game.play("5♠ F")
    assert plain.tableau() == partial.tableau() and plain.face_down() == partial.face_down()


# ---- undo -------------------------------------------------------------------------------------------
def test_undo_off_refuses_undo_and_redo_and_changes_nothing():
    game = IndianGame.deal(6, options={"undo": False})
    game.play(game.legal_moves()[0])
    text, history = game.to_text(), game.history
    assert not game.can_undo and not game.can_redo
    with pytest.raises(IllegalMoveError, match=r"rule option undo=no"):
        game.undo()
    with pytest.raises(IllegalMoveError, match=r"rule option undo=no"):
        game.redo()
    assert game.to_text() == text and game.history == history
    assert game.rewound().to_text() == IndianGame.deal(6, options={"undo": False}).to_text()
    assert hint(game).move in game.legal_moves()  # hints read the past without undo


# ---- every option: views, samples, hints -------------------------------------------------------------
@pytest.mark.parametrize("options", EACH, ids=NAMES)
def test_the_views_legal_moves_are_the_games_under_each_option(options):
    for seed in (1, 2):
        rng = random.Random(seed)
        game = IndianGame.deal(seed, options=options)
        for _ in range(120):
            view = game.view(0)
            assert view.options == game.options
            assert view.legal_moves() == game.legal_moves()
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))


@pytest.mark.parametrize("options", EACH, ids=NAMES)
def test_a_sampled_game_keeps_the_views_options(options):
    game = random_play(3, options, moves=60)
    sample = sample_game(game.view(0), random.Random(5))
    assert sample.options == game.options
    assert sample.legal_moves() == game.legal_moves()


@pytest.mark.parametrize("options", EACH, ids=NAMES)
def test_hints_advise_only_legal_moves_under_each_option(options):
    game = play_out(IndianGame.deal(8, options=options), max_moves=80, nodes=20, end_nodes=40)
    assert game.options == IndianOptions.of(options)
    advice = hint(game)
    assert advice.move is None or advice.move in game.legal_moves()


# ---- position text and saves --------------------------------------------------------------------------
def test_the_options_line_names_only_what_differs_from_the_defaults():
    assert "options" not in IndianGame.deal(2).to_text()
    text = IndianGame.deal(2, options={"empty_column": "kings", "partial_refill": True}).to_text()
    assert text.splitlines()[1] == "options: empty_column=kings partial_refill=yes"
    every = IndianGame.deal(2, options=EACH[-1]).to_text().splitlines()[1]
    assert every == "options: protected_takes_cards=yes empty_column=kings partial_refill=yes undo=no"


@pytest.mark.parametrize("options", EACH, ids=NAMES)
def test_position_text_and_saves_round_trip_every_option(options):
    game = random_play(11, options, moves=80)
    again = Game.from_text(game.to_text())
    assert again.options == game.options and again.to_text() == game.to_text()
    save = json.loads(game.to_json())
    assert save["options"] == dataclasses.asdict(IndianOptions.of(options))
    loaded = Game.from_json(game.to_json())
    assert loaded.options == game.options and loaded.to_text() == game.to_text()
    assert loaded.history == game.history and loaded.seed == 11


def test_a_save_keeps_the_redo_list_and_options():
    game = random_play(12, {"empty_column": "kings"}, moves=10)
    game.undo()
    loaded = Game.from_json(game.to_json())
    assert loaded.can_redo and loaded.options.empty_column == "kings"


def test_a_save_from_before_the_options_reads_as_the_defaults():
    game = random_play(13, {}, moves=20)
    save = json.loads(game.to_json())
    del save["options"]
    loaded = Game.from_json(json.dumps(save))
    assert loaded.options == IndianOptions() and loaded.to_text() == game.to_text()


@pytest.mark.parametrize(
    "line, named",
    [
        ("empty_column=queens", "empty_column"),
        ("colour=red", "'colour'"),
        ("undo=maybe", "option undo takes yes or no"),
        ("partial_refill", "option partial_refill takes yes or no"),
        ("undo=no undo=yes", "option undo is given twice"),
        ("", "give the rule options"),
    ],
)
def test_a_bad_options_line_is_refused_by_name(line, named):
    text = IndianGame.deal(2).to_text().replace("game: indian\n", f"game: indian\noptions: {line}\n")
    with pytest.raises(NotationError, match=named):
        Game.from_text(text)


def test_a_covered_protected_card_needs_the_option_in_the_text():
    start = indian_position(["5♠*", "[J♠] 5♣ 4♥"], stock="Q♥")
    game = with_options(start, "protected_takes_cards=yes")
    game.play("4♥ 5♠")
    text = game.to_text()
    with pytest.raises(NotationError, match="protected_takes_cards=yes"):
        Game.from_text(text.replace("options: protected_takes_cards=yes\n", ""))


@pytest.mark.parametrize(
    "change, named",
    [
        ({"empty_column": "queens"}, "empty_column"),
        ({"undo": "no"}, "undo"),
        ({"colour": "red"}, "colour"),
        ({"empty_column": "any"}, "not those of its start position"),
    ],
)
def test_a_save_with_bad_options_is_refused_by_name(change, named):
    game = random_play(14, {"empty_column": "kings"}, moves=10)
    save = json.loads(game.to_json())
    save["options"] = {**save["options"], **change}
    with pytest.raises(NotationError, match=named):
        Game.from_json(json.dumps(save))
    save["options"] = "kings"
    with pytest.raises(NotationError, match="'options' must map"):
        Game.from_json(json.dumps(save))


def test_a_save_without_undo_cannot_carry_moves_to_redo():
    game = random_play(15, {"undo": False}, moves=10)
    save = json.loads(game.to_json())
    save["redo"] = [save["moves"].pop()]
    shorter = IndianGame.deal(15, options={"undo": False})
    for _, move in save["moves"]:
        shorter.play(move)
    save["position"] = shorter.to_text()
    with pytest.raises(NotationError, match=r"no undo \(rule option undo=no\)"):
        Game.from_json(json.dumps(save))


# ---- the rules panel ------------------------------------------------------------------------------
def test_the_rules_mark_the_choice_in_force_for_each_option():
    default = " ".join(p for s in indian_rules() for p in s.paragraphs)
    assert all(choice in default for choice in INDIAN_CHOICES)
    assert "choices, not rules of the published game" in default
    for mark in ("empty_column=any, in force", "partial_refill=no, in force"):
        assert mark in default
    assert "protected_takes_cards=no, in force" in default and "undo=yes, in force" in default
    assert "'if you are patient'" in default
    every = " ".join(p for s in indian_rules(EACH[-1]) for p in s.paragraphs)
    for mark in ("empty_column=kings", "partial_refill=yes", "protected_takes_cards=yes", "undo=no"):
        assert f"{mark}, in force" in every
    assert (
        "Only a King may fill an empty column" in every and "any card may fill an empty column" not in every
    )
