"""The guide's steps are real positions and legal moves, and say what the engine does."""

import re

import pytest

from ausp_widget import Card, Game, IllegalMoveError, Move
from ausp_widget.core.lesson import Spot, destination, moving_group, steps
from ausp_widget.games.australian.guide import BOT_DEAL, LESSON, PAGAT, PAGAT_LINE, versus
from ausp_widget.games.australian.rules import RULE

MODES = ("solo", "turns", "simultaneous")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def snapshot(game: Game) -> tuple:
    return (
        tuple((game.tableau(p), game.stock(p), game.waste(p)) for p in range(game.players)),
        game.foundations,
        game.foundation_owners,
        game.status,
    )


def by_title(mode: str, title: str):
    found = [step for step in steps(mode) if step.title == title]
    assert found, f"no step {title!r} in the {mode} guide"
    return found[0]


@pytest.mark.parametrize("mode", MODES)
def test_every_step_replays_through_the_engine(mode):
    for step in steps(mode):
        assert step.position.mode == mode
        game = step.position.copy()
        if step.move is not None:
            assert step.move in step.position.legal_moves(step.player), (step.title, step.move)
            game.play(step.move, step.player)
        assert snapshot(game) == snapshot(step.after), step.title


@pytest.mark.parametrize("mode", MODES)
def test_steps_are_titled_and_told_in_one_or_two_sentences(mode):
    for step in steps(mode):
        assert step.title and step.text
        sentences = re.findall(r"[.!?](?:\s|$)", step.text)
        assert 1 <= len(sentences) <= 2, (step.title, step.text)


@pytest.mark.parametrize("mode", MODES)
def test_steps_do_not_share_mutable_positions(mode):
    first, second = steps(mode), steps(mode)
    first[1].position.play(first[1].move, first[1].player)
    assert snapshot(second[1].position) != snapshot(first[1].position)


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="mode must be one of"):
        steps("klondike")


def test_lay_out_shows_seven_columns_of_four_and_24_in_the_stock():
    for mode in MODES:
        step = steps(mode)[0]
        game = step.position
        for p in range(game.players):
            assert [len(column) for column in game.tableau(p)] == [4] * 7
            assert len(game.stock(p)) == 24
        assert set(step.marks) == {column[-1] for column in game.tableau(0)}
        assert not step.focus, "the lay-out step dims nothing"


def test_the_bot_deck_is_a_real_deal():
    dealt = Game.deal(3, "turns")
    bot = Game.from_text(BOT_DEAL)
    assert bot.tableau() == dealt.tableau(1) and bot.stock() == dealt.stock(1)


def test_group_move_carries_j_hearts_9_diamonds_4_clubs_onto_q_hearts():
    step = by_title("solo", "Move a card with the cards covering it")
    assert step.move == Move.parse("J♥ Q♥")
    assert step.group == cards("J♥ 9♦ 4♣")
    assert step.target == Spot("card", card=Card.parse("Q♥"))
    column = next(col for col in step.after.tableau() if Card.parse("Q♥") in col)
    assert column[-4:] == cards("Q♥ J♥ 9♦ 4♣")
    assert RULE["group"] in step.text


def test_4_clubs_cannot_go_onto_5_clubs_on_the_waste_until_it_enters_the_tableau():
    step = by_title("solo", "Nothing moves onto the waste")
    assert step.position.waste()[-1] == Card.parse("5♣")
    before = snapshot(step.position)
    with pytest.raises(IllegalMoveError, match="waste"):
        step.position.play("4♣ 5♣")
    assert snapshot(step.position) == before
    assert step.move == Move.parse("5♣ 6♣") and Card.parse("4♣") in step.marks
    follow = by_title("solo", "Then 4♣ can follow")
    assert snapshot(follow.position) == snapshot(step.after)
    assert Move.parse("4♣ 5♣") in step.after.legal_moves()


def test_build_down_in_suit_is_9_spades_onto_10_spades():
    step = by_title("solo", "Build down in suit")
    assert step.move == Move.parse("9♠ 10♠") and step.text == RULE["build_down"]
    game = step.position.copy()
    game.play("9♠ 10♠")
    assert game.tableau()[2] == (), "9♠ leaves its column empty for the King step"


def test_a_king_fills_the_empty_column():
    step = by_title("solo", "A King fills an empty column")
    assert step.move == Move.parse("K♠ 3") and step.target == Spot("column", number=3)
    assert step.position.tableau()[2] == ()
    assert step.after.tableau()[2] == cards("K♠")
    with pytest.raises(IllegalMoveError, match="King"):
        step.position.copy().play("4♣ 3")


def test_draw_covers_the_waste_card_and_there_is_no_redeal():
    step = by_title("solo", "Draw once through your stock")
    drawn = step.position.stock()[0]
    assert step.group == (drawn,) and step.target == Spot("waste")
    assert step.after.waste()[-2:] == (Card.parse("8♥"), drawn)
    empty = Game.from_text(step.position.to_text()).copy()
    while empty.stock():
        empty.play("draw")
    with pytest.raises(IllegalMoveError, match="one pass"):
        empty.play("draw")


def test_solo_ends_by_uncovering_useful_cards_and_completing_the_foundations():
    titles = [step.title for step in steps("solo")]
    assert titles[-1] == "Complete all four foundations"
    uncover = by_title("solo", "Keep uncovering useful cards")
    assert Move.parse("3♥ F") in uncover.after.legal_moves()
    last = steps("solo")[-1]
    assert last.position.status == "playing" and last.after.status == "won"


def test_worked_opening_plays_pagats_line_and_frees_three_clubs():
    for mode in MODES:
        worked = [step for step in steps(mode) if step.title.startswith("Worked opening")]
        played = [step for step in worked if step.move is not None]
        assert [re.sub(r" F\d$", " F", str(step.move)) for step in played] == list(PAGAT_LINE)
        start = played[0].position
        assert start.tableau(0) == Game.from_text(PAGAT).tableau()
        end = played[-1].after
        assert end.foundations[0] == cards("A♣ 2♣ 3♣")
        blocked = [step for step in worked if step.move is None]
        assert [set(step.marks) for step in blocked] == [set(cards("4♣ 8♦")), set(cards("A♠ 10♦ J♦ J♣"))]
        stuck = cards("4♣ 8♦ A♠ 10♦ J♦")
        assert not [m for m in end.legal_moves(0) if m.card in stuck]
        assert end.locate("9♦")[0] == "stock"
        _where, column, depth = end.locate("J♦")
        assert end.tableau(0)[column - 1][depth + 1] == Card.parse("J♣")


def test_two_player_foundations_take_either_pile_of_a_suit():
    for mode in ("turns", "simultaneous"):
        step = by_title(mode, "Build up by suit, on either pile")
        legal = step.position.legal_moves(0)
        assert Move.parse("2♥ F5") in legal and Move.parse("2♥ F6") in legal
        assert step.position.foundation_owners[5] == (1,), "F6 was begun by the bot"
        assert step.after.foundation_owners[5] == (1, 0)


def test_turns_drawing_ends_the_turn_and_two_idle_passes_end_the_game():
    step = by_title("turns", "Drawing ends your turn")
    assert step.position.turn == 0 and step.move == Move.parse("draw")
    assert step.after.turn == 1
    passing = by_title("turns", "Pass when your stock is empty")
    assert passing.position.stock(0) == () and passing.position.history[-1] == (1, Move.parse("pass"))
    assert passing.move == Move.parse("pass") and passing.after.status == "over"


def test_simultaneous_first_play_takes_the_space():
    race = by_title("simultaneous", "Both players move at once")
    assert race.player == 1 and race.move == Move.parse("3♥ F6")
    assert Move.parse("3♥ F6") in race.position.legal_moves(0), "you could have played it too"
    taken = by_title("simultaneous", "The first play takes the space")
    before = snapshot(taken.position)
    with pytest.raises(IllegalMoveError, match="taken"):
        taken.position.play("3♥ F6", 0)
    assert snapshot(taken.position) == before


@pytest.mark.parametrize("mode", ["turns", "simultaneous"])
def test_two_player_guides_end_by_counting_the_foundations(mode):
    last = steps(mode)[-1]
    assert last.title == "Count the cards on the foundations"
    mine, theirs = last.position.scores
    assert f"you have {mine} and the bot {theirs}" in last.text
    assert last.position.status == "over"
    owned = [owner for pile in last.position.foundation_owners for owner in pile]
    assert (owned.count(0), owned.count(1)) == (mine, theirs)


def test_moving_group_and_destination_follow_the_engine():
    game = Game.from_text(LESSON)
    assert moving_group(game, "J♥ Q♥") == cards("J♥ 9♦ 4♣")
    assert moving_group(game, "5♣ 6♣") == cards("5♣")
    assert moving_group(game, "draw") == cards("10♣")
    assert destination(game, "2♥ F") == Spot("foundation", number=3)
    two = versus("simultaneous", game, Game.from_text(BOT_DEAL))
    assert destination(two, "2♥ F") == Spot("foundation", number=5)


def test_versus_checks_each_deck():
    broken = Game.from_text(LESSON)
    with pytest.raises(ValueError):
        versus("turns", broken, Game.from_text(PAGAT.replace("foundations: -", "foundations: A♣")))


def test_the_end_steps_say_what_counts_as_a_move_and_that_either_side_may_finish():
    passing = by_title("turns", "Pass when your stock is empty")
    assert "a King that only changes empty columns would not count" in passing.text
    end = by_title("simultaneous", "The end of play")
    assert RULE["sim_end"] in end.text and "either player may also finish and count" in end.text
    assert end.position.status == "over" and not any(end.position.stock(p) for p in (0, 1))


# ---- the Indian Patience chapter ------------------------------------------------------------------------
def test_every_indian_step_is_an_indian_position_and_replays_through_the_engine():
    chapter = steps("indian")
    assert len(chapter) >= 6
    for step in chapter:
        assert step.position.game == "indian", step.title
        assert len(step.position.tableau()) == 10
        if step.move is None:
            continue
        assert step.move in step.position.legal_moves(), step.title
        replay = Game.from_text(step.position.to_text())  # through the position text and the engine
        replay.play(str(step.move))
        assert replay.to_text() == step.after.to_text(), step.title
        assert step.position.to_text() != step.after.to_text()


def indian_step(words: str):
    found = [step for step in steps("indian") if words in step.title]
    assert len(found) == 1, f"{len(found)} Indian steps titled with {words!r}"
    return found[0]


def test_the_indian_chapter_contrasts_single_cards_and_differing_suits_with_australian_patience():
    single = indian_step("One card at a time")
    assert "Australian Patience" in single.text and single.group == (single.move.card,)
    under = single.position.tableau()[0][-2]  # the card under the moving one stays behind
    assert single.after.tableau()[0][-1] is under
    differ = indian_step("differing suit")
    assert "same suit" in differ.text
    card, onto = differ.move.card, differ.move.onto
    assert card.suit != onto.suit and onto.rank == card.rank + 1
    same = [m for m in differ.marks if m.suit == card.suit and m.rank == card.rank + 1]
    assert same, "the step marks the same-suit card the move may not use"
    with pytest.raises(IllegalMoveError, match="differing suit"):
        differ.position.copy().play(f"{card} {same[0]}")


def test_the_indian_chapter_shows_protection_the_refill_and_the_grace():
    uncover = indian_step("turns up protected")
    column = uncover.position.locate(uncover.move.card)[0][1]
    assert uncover.position.face_down()[column - 1] == 1
    assert uncover.after.protected()[column - 1] and uncover.after.face_down()[column - 1] == 0

    home = indian_step("dealt again")
    assert home.move.kind == "foundation" and home.position.protected()[0]
    protected_card = home.position.tableau()[0][0]
    onto = next(m for m in home.marks if m is not protected_card)
    with pytest.raises(IllegalMoveError, match="protected"):
        home.position.copy().play(f"{protected_card} {onto}")
    assert home.after.face_down()[0] == 1 and len(home.after.tableau()[0]) == 3
    assert len(home.after.stock()) == len(home.position.stock()) - 3

    grace = indian_step("Grace")
    assert grace.move.kind == "draw" and len(grace.position.stock()) == 1
    assert any(grace.position.protected()) and not any(grace.after.protected())
    freed = grace.position.tableau()[0][0]
    assert any(m.card is freed and m.kind != "foundation" for m in grace.after.legal_moves())


def test_the_indian_chapter_ends_with_all_104_cards_home():
    last = steps("indian")[-1]
    assert "104" in last.text and last.after.status == "won" and last.after.score == 104
