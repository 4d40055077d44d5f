"""The rules panel's words agree with the engine, and the guide quotes the same words."""

import pytest
from indian_positions import indian_position
from positions import versus

from ausp_widget import Game, IllegalMoveError
from ausp_widget.core.lesson import steps
from ausp_widget.core.ruletext import rules, rules_html, rules_text
from ausp_widget.games.australian.rules import RULE, TIPS, bot_rules
from ausp_widget.games.indian.rules import INDIAN_CHOICES, INDIAN_RULE

MODES = ("solo", "turns", "simultaneous")
SMALL = {4: "four", 7: "seven", 8: "Eight"}


def test_setup_numbers_are_those_the_engine_deals():
    for mode in MODES:
        game = Game.deal(11, mode)
        lengths = {len(column) for column in game.tableau(0)}
        assert len(lengths) == 1
        (rows,) = lengths
        columns = len(game.tableau(0))
        text = rules_text(mode)
        assert f"{SMALL[columns]} columns of {SMALL[rows]}" in text
        assert f"other {len(game.stock(0))} " in text
        laid = columns * rows + len(game.stock(0))
        assert f"{laid} cards" in text


def test_two_player_rules_count_the_engines_foundations():
    game = Game.deal(2, "turns")
    assert f"{SMALL[len(game.foundations)]} foundations, two per suit" in rules_text("turns")
    assert "Four foundations, one per suit" in rules_text("solo")
    assert len(Game.deal(2).foundations) == 4


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_has_the_complete_sections(mode):
    titles = [section.title for section in rules(mode)]
    for needed in ("Objective", "Setup", "Gameplay", "End and winning"):
        assert needed in titles
    assert any(title.startswith("How this") for title in titles)
    assert ("Strategy tips" in titles) == (mode == "solo")
    assert ("How the bot plays" in titles) == (mode != "solo")


def test_variant_rules_differ_where_the_modes_do():
    assert RULE["turn"] in rules_text("turns") and RULE["turn"] not in rules_text("simultaneous")
    assert RULE["first_play"] in rules_text("simultaneous") and RULE["first_play"] not in rules_text("turns")
    assert RULE["draw_any_time"] in rules_text("solo") and RULE["draw_any_time"] not in rules_text("turns")
    assert RULE["lost"] in rules_text("solo") and RULE["score"] not in rules_text("solo")
    for mode in ("turns", "simultaneous"):
        for line in bot_rules(mode):
            assert line in rules_text(mode)
    for tip in TIPS:
        assert tip in rules_text("solo")


def test_every_rule_sentence_is_used_somewhere():
    text = "".join(rules_text(mode) for mode in MODES)
    unused = [key for key, sentence in RULE.items() if sentence not in text]
    assert unused == []


def test_html_panel_carries_every_sentence_escaped():
    html = rules_html("simultaneous")
    assert html.startswith('<div class="ausp-rules" data-mode="simultaneous">')
    assert "<h3>How the bot plays</h3>" in html
    assert RULE["own_cards"] in html
    assert "<script" not in html


def test_guide_quotes_the_rules():
    solo = {step.title: step.text for step in steps("solo")}
    assert solo["Build down in suit"] == RULE["build_down"]
    assert RULE["draw"].split(". ")[0] in solo["Draw, then use the card"]
    assert RULE["king"] in solo["A King fills an empty column"]
    assert RULE["layout"] in solo["Lay out"]
    assert RULE["group"] in solo["Move a card with the cards covering it"]
    turns = {step.title: step.text for step in steps("turns")}
    assert RULE["turn"].split(";")[0] in turns["Drawing ends your turn"]
    sim = {step.title: step.text for step in steps("simultaneous")}
    assert RULE["sim_end"] in sim["The end of play"]


def test_the_stated_move_rules_hold_in_the_engine():
    game = Game.deal(3)  # column 3 (7♠ J♣ K♥ 2♥) empties onto 8♠
    with pytest.raises(IllegalMoveError, match="same suit"):
        game.copy().play("7♠ 8♥")
    game.play("7♠ 8♠")
    with pytest.raises(IllegalMoveError, match="only a King"):
        game.copy().play("J♣ 3")
    assert "K♥ 3" in map(str, game.legal_moves()), "a King heading its group may fill the column"
    waste = Game.deal(8350)
    waste.play("draw")
    with pytest.raises(IllegalMoveError, match="waste"):
        waste.copy().play("4♣ 5♣")


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="mode must be one of"):
        rules("klondike")


def test_the_bots_last_resort_is_worded_for_each_mode_as_the_engine_plays_it():
    assert "passes when its stock is empty" in rules_text("turns")
    assert "passes" not in rules_text("simultaneous") and "waits when its stock is empty" in rules_text(
        "simultaneous"
    )
    with pytest.raises(IllegalMoveError, match="no turns to pass"):
        Game.deal(3, "simultaneous").play("pass")
    with pytest.raises(ValueError, match="the bot plays in"):
        bot_rules("solo")


STUCK = """\
foundations: K♣ K♦ K♥ 10♠
stock: -
waste: -
1: K♠ J♠ Q♠
2: -
3: -
4: -
5: -
6: -
7: -
"""


def test_a_king_only_changing_empty_columns_is_no_move_for_the_end_of_a_turn_based_game():
    assert "a King that only changes empty columns does not count" in rules_text("turns")
    game = versus("turns", Game.from_text(STUCK), Game.from_text(STUCK))
    game.play("K♠ 2")  # the King moves to another empty column, then you pass
    game.play("pass")
    game.play("pass", 1)  # the bot passes idle too: two idle turns in a row
    assert game.status == "over"


# ---- Indian Patience --------------------------------------------------------------------------------
def test_indian_setup_numbers_are_those_the_engine_deals():
    game = Game.deal(11, game="indian")
    text = rules_text("indian")
    columns = game.tableau()
    assert {len(column) for column in columns} == {3} and len(columns) == 10
    assert "ten columns of three cards" in text
    assert set(game.face_down()) == {1} and "the bottom card of each face down" in text
    cards = sum(map(len, columns)) + len(game.stock())
    assert cards == 104 and "104 cards" in text
    assert len(game.stock()) == 74 and "other 74 cards form the stock" in text
    assert len(game.foundations) == 8 and "Eight foundations, two per suit" in text
    assert [game.pile_suit(k) for k in range(1, 9)] == list("♣♣♦♦♥♥♠♠")
    assert "(F1 F2 ♣, F3 F4 ♦, F5 F6 ♥, F7 F8 ♠)" in text


def test_the_indian_rules_have_every_section_and_every_sentence():
    titles = [section.title for section in rules("indian")]
    for needed in ("Objective", "Setup", "Gameplay", "Protected cards", "End and winning"):
        assert needed in titles
    assert "How this game differs from Australian Patience" in titles
    assert "Choices where the rules are silent" in titles
    text = rules_text("indian")
    assert text.startswith("# Indian Patience")
    assert [key for key, sentence in INDIAN_RULE.items() if sentence not in text] == []
    assert all(choice in text for choice in INDIAN_CHOICES)
    assert "Indian Patience" in rules_html("indian") and 'data-mode="indian"' in rules_html("indian")


def test_the_indian_choices_are_the_ones_the_engine_documents_and_plays():
    import ausp_widget.games.indian.game as indian

    doc = " ".join(indian.__doc__.split())
    assert "An empty column takes any single card" in doc and "any single card" in INDIAN_CHOICES[0]
    assert "only when the stock still holds three cards" in doc and "three cards" in INDIAN_CHOICES[1]
    assert "goes to the first pile, F1 to F8, that takes it" in doc and "first pile" in INDIAN_CHOICES[2]
    # an empty column takes a card that is not a King
    game = indian_position(["[J♠] 5♣ 7♥"], stock="4♣")
    assert "7♥ 2" in map(str, game.legal_moves())
    # a protected card going home with fewer than three cards in the stock leaves its column empty
    short = indian_position(
        ["5♠*", "[J♠] 5♣ 6♥"], stock="Q♥ 2♦", foundations="- - - - - - 4♠ -", rest="waste"
    )
    short.play("5♠ F")
    assert short.tableau()[0] == () and len(short.stock()) == 2


def test_indian_rule_sentences_say_what_the_engine_enforces():
    assert "any suit but the card's own" in INDIAN_RULE["build_down"]
    game = indian_position(["[3♥] 6♣ 7♥", "[J♠] 5♣ 8♥", "[K♦] 2♥ 8♣"], stock="4♣")
    with pytest.raises(IllegalMoveError, match="differing suit"):
        game.copy().play("7♥ 8♥")
    game.play("7♥ 8♣")
    assert "only go to a foundation" in INDIAN_RULE["protected"]
    guarded = indian_position(["5♠*", "[J♠] 5♣ 6♥"], stock="Q♥ 2♦ 7♣")
    with pytest.raises(IllegalMoveError, match="protected"):
        guarded.play("5♠ 6♥")
    assert "one pass through the stock" in INDIAN_RULE["draw"]


@pytest.mark.parametrize("mode", ["solo", "turns", "simultaneous", "indian"])
def test_every_rules_panel_lists_its_choices_apart_from_its_rules(mode):
    sections = {section.title: section.paragraphs for section in rules(mode)}
    choices = sections["Choices where the rules are silent"]
    assert choices and all(choice in rules_text(mode) for choice in choices)
    stated = " ".join(
        p for title, ps in sections.items() if title != "Choices where the rules are silent" for p in ps
    )
    if mode == "indian":  # what the source leaves open is never stated as a rule
        assert "no card may be played onto" not in stated.lower()
        assert any("onto a protected card" in choice for choice in choices)
        assert any("turns up free" in choice for choice in choices) and "turned up free" not in stated


def test_the_tips_and_the_comparison_say_what_the_game_does():
    assert not any("for good" in tip for tip in TIPS)  # playing the top waste card uncovers the one below
    for seed in range(1, 300):  # a deal whose second card drawn can be played at once
        game = Game.deal(seed)
        game.play("draw")
        buried = game.waste()[-1]
        game.play("draw")
        top = game.waste()[-1]
        plays = [m for m in game.legal_moves() if m.card is top]
        if plays:
            game.play(plays[0])
            assert game.waste()[-1] is buried  # covered, not buried for good
            break
    else:
        pytest.fail("no deal among 1-299 lets the second drawn card be played at once")
    differs = " ".join(dict((s.title, s.paragraphs) for s in rules("solo"))["How this game differs"])
    assert "Scorpion" in differs and "Klondike" in differs and "same suit" in differs
    assert "only Kings fill empty columns" not in differs  # Klondike has that rule too
