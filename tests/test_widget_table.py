"""The live game table, driven as a player drives it: `.click()` on card and button widgets.

Cards are found the way a browser test or a screen reader finds them, by the name on the
widget ("jack of hearts"); buttons by their words ("Draw"). The bot is paced by a
`ManualClock`, so every test is deterministic and instant.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import comm
import ipywidgets as widgets
import pytest
import traitlets
from indian_positions import indian_position
from positions import PAGAT

from ausp_widget import Card, Game, IllegalMoveError, Move
from ausp_widget.core.cards import CARDS
from ausp_widget.core.protocol import PileRef, Place
from ausp_widget.core.sight import Sight
from ausp_widget.games.australian.bot import Bot
from ausp_widget.games.australian.layout import layout_from_cards
from ausp_widget.widgets import strip
from ausp_widget.widgets.board import HERE
from ausp_widget.widgets.board_state import pile_id
from ausp_widget.widgets.table import FIRST_PAUSE, GameTable, ManualClock

BOARD_CSS, BOARD_JS = HERE / "board.css", HERE / "board.js"


# ---- finding widgets as a user does --------------------------------------------------------------
def inside(widget) -> tuple:
    """A widget's children, or a strip's controls."""
    return widget.controls if isinstance(widget, strip.Strip) else getattr(widget, "children", ())


def walk(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    yield widget
    for child in inside(widget):
        yield from walk(child)


def on_show(widget: widgets.Widget) -> bool:
    return "ausp-hidden" not in getattr(widget, "_dom_classes", ())


def visible(table: GameTable) -> list[widgets.Widget]:
    """Widgets a player can see: hidden ones and everything inside them left out."""

    def shown(widget):
        if not on_show(widget):
            return
        yield widget
        for child in inside(widget):
            yield from shown(child)

    return list(shown(table))


def spots(table: GameTable) -> list:
    """The board's spots on show: each card and empty place, with its face (name and marks)."""
    return table.board.views()


def card(table: GameTable, name: str):
    """One of your cards (or a place) on show, by its accessible name: exactly one must match."""
    found = [s for s in spots(table) if s.face.description == name and "bot" not in s.face.tooltip]
    assert len(found) == 1, f"{len(found)} spots named {name!r}"
    return found[0]


def bot_card(table: GameTable, name: str):
    found = [s for s in spots(table) if s.face.tooltip == f"{name} (the bot's)"]
    assert found, f"no bot card named {name!r}"
    return found[0]


def button(table: GameTable, words: str) -> strip.Button:
    found = [w for w in visible(table) if isinstance(w, strip.Button) and w.description == words]
    assert len(found) == 1, f"{len(found)} buttons {words!r} on show"
    return found[0]


def marked(table: GameTable, mark: str) -> set[str]:
    """Names of the spots on show carrying a highlight."""
    return {s.face.description for s in spots(table) if mark in s.face.classes}


def name(text: str) -> str:
    return Card.parse(text).name


def click(table: GameTable, *cards: str) -> None:
    for text in cards:
        card(table, name(text)).click()


# ---- games to play -----------------------------------------------------------------------------------------
class ScriptedBot:
    """A stand-in opponent: plays the listed moves first, then home moves, then the first legal move."""

    def __init__(self, *script: str) -> None:
        self.script = [Move.parse(m) for m in script]
        self.views = 0

    def choose(self, view):
        self.views += 1
        legal = view.legal_moves()
        if self.script and self.script[0] in legal:
            return self.script.pop(0)
        home = [m for m in legal if m.kind == "foundation"]
        ends = [m for m in legal if m.kind in ("draw", "pass")]
        return (home or ends or [None])[0]


class BrokenBot:
    def choose(self, view):
        raise RuntimeError("the bot's circuits are fried")


def two_player(mode: str, mine: list[str], theirs: list[str], stock: int = 24, first: int = 0) -> Game:
    """A two-player game whose first column (for each player) ends with the given cards;
    every other card of each deck fills the other columns and the stock, in deck order."""
    layouts = []
    for ends in (mine, theirs):
        head = [Card.parse(c) for c in ends]
        rest = [c for c in CARDS if c not in head]
        columns = [rest[:3] + head] + [rest[3 + 4 * k : 7 + 4 * k] for k in range(6)]
        used = 3 + 24
        layouts.append(layout_from_cards(columns, rest[used : used + stock], ()))
        # cards of neither tableau nor stock count as home: not used here (52 cards placed)
        assert sum(map(len, columns)) + stock == 27 + len(head) + stock
    return Game(layouts, mode=mode, first=first)


def position(foundations: str, *columns: str) -> Game:
    """A solo position with an empty stock and waste: foundation tops, then columns 1, 2, …"""
    lines = [f"foundations: {foundations}", "stock: -", "waste: -"]
    lines += [f"{k}: {columns[k - 1] if k <= len(columns) else '-'}" for k in range(1, 8)]
    return Game.from_text("\n".join(lines))


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def opening() -> GameTable:
    table = GameTable()
    table.game = Game.from_text(PAGAT)
    return table


# ---- the look ----------------------------------------------------------------------------------------
def test_every_card_is_sent_with_its_name_and_place(opening):
    game = opening.game
    sent = {item["id"]: item for pile in opening.board.state["piles"] for item in pile["cards"]}
    for c, column in enumerate(game.tableau(0)):
        for depth, one in enumerate(column):
            spot = card(opening, one.name)
            assert spot.face.tooltip == one.name
            assert spot.place == Place(PileRef("column", 0, c), depth)
            item = sent[spot.id]
            assert item["label"] == f"{one.name}, column {c + 1}", "an accessible name with its place"
            assert item["rank"] + item["suit"] == str(one) and item["red"] == one.is_red
    assert card(opening, "stock, 24 cards")
    assert card(opening, "waste, empty")
    assert card(opening, "hearts foundation, empty")


def test_the_board_is_drawn_by_its_own_module_and_follows_the_theme():
    css = BOARD_CSS.read_text(encoding="utf-8")
    assert "--jp-layout-color" in css and 'data-jp-theme-light="false"' in css
    assert "prefers-reduced-motion" in css, "no sliding cards for a player who asks for none"
    table = GameTable(seed=1)
    assert table.board.box._model_module == "anywidget" and table.board.box._esm == BOARD_JS.read_text()
    assert "export default" in BOARD_JS.read_text(encoding="utf-8")
    assert ".ausp-table .ausp-banner" in table.top._css, "the table's stylesheet comes with its controls"


def css_rule(selector: str) -> dict[str, str]:
    """The declarations of one rule of the board's stylesheet, by its exact selector."""
    css = re.sub(r"/\*.*?\*/", "", BOARD_CSS.read_text(encoding="utf-8"), flags=re.S)
    block = re.search(rf"(?:^|}})\s*{re.escape(selector)}\s*\{{([^}}]*)\}}", css)
    assert block, f"no rule for {selector!r}"
    return dict(
        (name.strip(), value.strip())
        for name, _, value in (d.partition(":") for d in block.group(1).split(";") if d.strip())
    )


def test_a_board_wider_than_the_notebook_scrolls_sideways_instead_of_losing_columns():
    board = css_rule(".ausp-cardtable")
    assert board["overflow-x"] == "auto" and board["max-width"] == "100%"


def test_large_and_four_colour_options_reach_the_board():
    table = GameTable(seed=3, large=True, four_colour=True)
    assert {"ausp-large", "ausp-four-colour"} <= set(table._dom_classes)
    assert table.board.widget.large and table.board.widget.four_colour
    table.four_colour = False
    assert "ausp-four-colour" not in table._dom_classes and "ausp-large" in table._dom_classes
    assert not table.board.widget.four_colour and table.board.widget.large


def test_solo_shows_undo_and_redo_but_no_pass_and_no_bot(opening):
    shown = {w.description for w in visible(opening) if isinstance(w, strip.Button)}
    assert {"Draw", "Undo", "Redo", "Hint", "New game", "Auto-finish"} <= shown
    assert "Pass" not in shown and "Finish" not in shown
    assert not any("bot" in (w.tooltip or "") for w in visible(opening) if isinstance(w, strip.Button))


# ---- select, highlight, move ------------------------------------------------------------------------
def test_selecting_a_card_highlights_its_group_and_legal_destinations(opening):
    click(opening, "A♣")
    assert marked(opening, "ausp-selected") == {name(c) for c in ("A♣", "J♦", "J♣", "3♦")}
    assert marked(opening, "ausp-target") == {name("2♣")}
    assert "A♣ and the 3 cards on it selected" in opening.status.value
    assert opening.game.history == ()


def test_clicking_a_highlighted_destination_plays_the_move(opening):
    click(opening, "A♣", "2♣")
    assert opening.game.history == ((0, Move.parse("A♣ 2♣")),)
    assert card(opening, "empty column 1")
    assert marked(opening, "ausp-selected") == set() == marked(opening, "ausp-target")
    column3 = [v.card for v in columns_of(opening)[2]]
    assert [str(c) for c in column3] == ["5♥", "Q♠", "6♦", "2♣", "A♣", "J♦", "J♣", "3♦"]
    assert "You moved A♣ onto 2♣" in opening.status.value


def test_a_king_goes_into_an_empty_column_by_clicking_the_empty_place(opening):
    click(opening, "A♣", "2♣", "K♣")
    assert marked(opening, "ausp-target") == {"empty column 1"}
    card(opening, "empty column 1").click()
    assert opening.game.history[-1] == (0, Move.parse("K♣ 1"))


def test_an_illegal_destination_shows_the_engines_reason_and_changes_nothing(opening):
    before = opening.game.to_text()
    click(opening, "6♠")
    assert marked(opening, "ausp-target") == {name("7♠")}
    click(opening, "8♦")
    assert opening.status.value == "8♦ cannot take 6♠: tableau builds down in the same suit."
    assert opening.game.to_text() == before and opening.game.history == ()
    assert marked(opening, "ausp-selected") == set()


def test_the_worked_example_why_4_clubs_cannot_go_onto_a_5_on_the_waste(opening):
    opening.game.play("draw")  # 5♣ on the waste
    click(opening, "4♣")
    assert opening.status.value == (
        "4♣ cannot move now: it can only go onto 5♣, which is on the waste, and nothing moves onto the waste."
    )
    assert marked(opening, "ausp-selected") == set()
    button(opening, "Draw").click()  # 6♣ covers 5♣
    click(opening, "4♣")
    assert (
        opening.status.value
        == "4♣ cannot move now: it can only go onto 5♣, which lies under 6♣ on the waste."
    )


def test_a_card_whose_place_is_in_the_stock_says_so_in_a_clickers_words(opening):
    for text in ("4♠", "9♥", "8♦"):  # the card each needs is in the stock: never named
        click(opening, text)
        assert opening.status.value == (
            f"{text} cannot move now: it can only go onto the next higher card of its suit, "
            "which is still in the stock."
        )
        assert "onto the stock" not in opening.status.value
    assert opening.game.history == ()
    assert opening.play("4♠ 5♠") is None  # typed: the engine's own words for that move
    assert opening.status.value == (
        "That card is not face up on the table: nothing moves onto the stock, "
        "and a draw turns its cards up one by one."
    )


def test_a_card_that_cannot_move_is_explained_and_not_selected(opening):
    click(opening, "A♠")
    assert opening.status.value.startswith("A♠ cannot move now: A♠ is covered by 10♦")
    click(opening, "J♥")
    assert opening.status.value == "J♥ cannot move now: Q♥ is covered by 4♠."
    assert marked(opening, "ausp-selected") == set()


def test_a_second_click_sends_a_card_home(opening):
    for move in ("A♣ 2♣", "K♣ 1", "J♦ Q♦"):
        opening.game.play(move)
    click(opening, "A♣")
    assert marked(opening, "ausp-target") == {"clubs foundation, empty"}
    click(opening, "A♣")
    assert opening.game.foundations[0] == (Card.parse("A♣"),)
    assert card(opening, name("A♣")).face.tooltip == name("A♣")
    click(opening, "A♣")  # now on its foundation
    assert opening.status.value == "A♣ is on a foundation: cards never leave a foundation."


def test_a_second_click_on_a_card_with_no_home_cancels_the_selection(opening):
    click(opening, "6♠", "6♠")
    assert opening.status.value == "Selection cancelled."
    assert marked(opening, "ausp-selected") == set() and opening.game.history == ()


@pytest.mark.parametrize(
    ("mode", "selected", "below"),
    [("yukon", "column/0/2#3", "column/0/2#2"), ("solo", "column/0/1#1", "column/0/1#0")],
)
def test_a_click_on_a_card_below_the_selected_one_in_its_own_column_cancels_the_selection(
    mode, selected, below
):
    # Not a move onto the card's own column, refused in words about that column's top card.
    table = GameTable(mode, 1, clock=ManualClock())
    spots = {spot.id: spot for spot in table.board.views(0)}
    spots[selected].click()
    assert "selected: click a highlighted place" in table.status.value
    spots[below].click()
    assert table.status.value == "Selection cancelled." and table.game.history == ()


def test_clicks_on_cards_that_cannot_be_picked_up_say_why(opening):
    for move in ("draw", "draw"):
        opening.game.play(move)
    click(opening, "5♣")  # under 6♣ on the waste
    assert opening.status.value == "5♣ is under 6♣ on the waste: only the top waste card may move."
    card(opening, "stock, 22 cards").click()  # the stock draws
    assert opening.game.waste(0)[-1] == Card.parse("7♣")


# ---- buttons ----------------------------------------------------------------------------------------
def test_draw_undo_and_redo_buttons(opening):
    assert button(opening, "Undo").disabled and button(opening, "Redo").disabled
    button(opening, "Draw").click()
    assert [str(c) for c in opening.game.waste(0)] == ["5♣"] and card(opening, name("5♣"))
    assert card(opening, "stock, 23 cards") and not button(opening, "Undo").disabled
    button(opening, "Undo").click()
    assert opening.game.waste(0) == () and card(opening, "waste, empty")
    assert not button(opening, "Redo").disabled
    button(opening, "Redo").click()
    assert [str(c) for c in opening.game.waste(0)] == ["5♣"]
    button(opening, "Redo").click()
    assert opening.status.value == "Nothing to redo."


def test_hint_highlights_a_legal_move_and_says_why(opening):
    button(opening, "Hint").click()
    assert opening.status.value.startswith("Hint: ")
    text = opening.status.value.removeprefix("Hint: ").split(". ")[0]
    move = Move.parse(text)
    assert move in opening.game.legal_moves(0)
    hinted = marked(opening, "ausp-hint")
    assert (move.card.name if move.card else "stock, 24 cards") in hinted
    assert len(opening.status.value) > len("Hint: ") + len(text) + 3  # a reason follows
    opening.game.play(move)
    assert marked(opening, "ausp-hint") == set()


def test_new_game_with_a_number_deals_that_number():
    table = GameTable(seed=5)
    table.deal_field.value = "123"
    button(table, "New game").click()
    assert table.game.seed == 123 and table.game.to_text() == Game.deal(123).to_text()
    assert table.info.value.startswith("Deal 123")


def test_new_game_with_a_non_number_changes_nothing():
    table = GameTable(seed=5)
    game = table.game
    game.play("draw")
    table.deal_field.value = "twelve"
    button(table, "New game").click()
    assert table.game is game and len(game.history) == 1
    assert "whole number" in table.status.value and "'twelve'" in table.status.value


def test_a_deal_number_out_of_range_gets_the_same_answer_as_a_non_number_and_changes_nothing():
    table = GameTable(seed=5)
    game = table.game
    for typed in ("99999999999999999999", "-3", "3.5", "twelve"):
        table.deal_field.value = typed
        button(table, "New game").click()
        assert table.game is game and game.seed == 5, typed
        said = table.status.value
        assert said.startswith("A deal number is a whole number from 0 to 18,446,744,073,709,551,615")
        assert f"not '{typed}': the game goes on unchanged" in said
        assert table.board.widget.notice.get("kind") != "error", typed  # no error box over the cards
    table.deal_field.value = "18446744073709551615"  # the last deal there is
    button(table, "New game").click()
    assert table.game.seed == 18446744073709551615


def test_switching_mode_starts_a_two_player_game_with_the_bot_on_top(clock):
    table = GameTable(seed=9, clock=clock, wait_for_start=False, bot=ScriptedBot())
    table.mode_selector.value = "turns"
    assert table.game.mode == "turns" and table.mode == "turns" and table.game.seed == 9
    owners = [p["owner"] for p in table.board.state["piles"] if p["kind"] == "column"]
    assert owners == [0] * 7 + [1] * 7, "both sides on the board (the browser puts the bot's on top)"
    assert sum(p["kind"] == "foundation" for p in table.board.state["piles"]) == 8
    shown = {w.description for w in visible(table) if isinstance(w, strip.Button)}
    shown |= {s.face.description for s in spots(table)}
    assert "Pass" in shown and "Undo" not in shown and "Redo" not in shown
    assert bot_card(table, table.game.tableau(1)[0][-1].name)
    assert "F5, hearts foundation, empty" in shown
    table.mode = "solo"
    assert table.game.mode == "solo" and table.mode_selector.value == "solo"
    with pytest.raises(traitlets.TraitError):
        table.mode = "chess"
    assert table.game.mode == "solo"


def pile_names(table: GameTable) -> list[str]:
    """The names printed under the foundation piles, left to right, as a player sees them."""
    return [p["label"] for p in table.board.state["piles"] if p["kind"] == "foundation" and "label" in p]


def test_two_player_piles_carry_the_names_the_messages_use(clock):
    table = GameTable(seed=9, clock=clock, wait_for_start=False, bot=ScriptedBot())
    assert pile_names(table) == [], "solo piles are one per suit and need no number"
    table.mode_selector.value = "simultaneous"
    assert pile_names(table) == [f"F{k}" for k in range(1, 9)]
    for k in range(1, 9):
        pile = table.pile_view(k)
        assert pile.pile.index == k - 1 and pile.face.description.startswith(f"F{k}, ")
    table.mode_selector.value = "solo"
    assert pile_names(table) == []


# ---- the bot --------------------------------------------------------------------------------------
def test_the_bot_plays_one_move_per_tick_of_its_clock(clock):
    table = GameTable("turns", seed=7, clock=clock, wait_for_start=False, first=1, bot=Bot())
    delay = 1.0 / table.speed.value
    assert clock.next_due == pytest.approx(delay + FIRST_PAUSE)
    clock.advance(delay + FIRST_PAUSE - 0.01)
    assert table.game.history == ()
    clock.advance(0.01)
    assert len(table.game.history) == 1 and table.game.history[0][0] == 1
    first = table.game.history[0][1]
    assert str(first) in table.move_log.value and table.status.value.startswith("The bot ")
    assert len(marked(table, "ausp-moved")) == 1
    table.speed.value = 2.0
    assert clock.advance(0.5) == 1 and len(table.game.history) == 2
    while table.game.turn == 1:
        assert clock.advance(0.5) == 1
    assert table.game.history[-1][1].kind == "draw"
    assert table.status.value.endswith("Your turn.") and table.info.value.endswith("your turn")
    assert clock.pending == 0


def test_clicks_during_the_bots_turn_are_refused_with_a_reason(clock):
    table = GameTable("turns", seed=7, clock=clock, wait_for_start=False, first=1, bot=ScriptedBot())
    mine = table.game.tableau(0)[0][-1]
    before = table.game.to_json()
    card(table, mine.name).click()
    assert table.status.value == "Wait for your turn: the bot is playing."
    button(table, "Draw").click()
    assert "the bot's turn" in table.status.value
    for key in ("draw", "hint"):  # a key says what a click says
        table.board.widget._handle_custom_msg({"kind": "key", "action": key, "v": 1}, [])
        assert table.status.value == "Wait for your turn: the bot is playing.", key
    table.board.widget._handle_custom_msg({"kind": "key", "action": "undo", "v": 1}, [])
    assert table.status.value.startswith("Undo is for the solo game"), "not on any turn"
    bot_card(table, table.game.tableau(1)[0][-1].name).click()
    assert "the bot's cards" in table.status.value
    # the words point to the caption every layout draws, never to where the tables lie
    assert "marked You" in table.status.value and "bottom" not in table.status.value
    assert "You" in table.board.state["captions"]
    assert table.game.to_json() == before


def test_your_draw_ends_your_turn_and_the_bot_answers_at_its_pace(clock):
    bot = ScriptedBot()
    table = GameTable("turns", seed=11, clock=clock, wait_for_start=False, first=0, bot=bot)
    assert clock.pending == 0
    button(table, "Draw").click()
    assert table.game.turn == 1 and "The bot's turn" in table.status.value
    assert bot.views == 0  # nothing happens before the clock ticks
    clock.advance(60)
    assert table.game.turn == 0 and bot.views > 0


def test_simultaneous_bot_acts_on_its_own_clock_and_a_lost_race_is_reported(clock):
    game = two_player("simultaneous", ["A♥"], ["A♥"])
    table = GameTable("simultaneous", clock=clock, wait_for_start=False, bot=ScriptedBot("A♥ F5"))
    table.game = game
    click(table, "A♥")
    f5, f6 = "F5, hearts foundation, empty", "F6, hearts foundation, empty"
    assert {f5, f6} <= marked(table, "ausp-target")
    clock.advance(1 / table.speed.value + FIRST_PAUSE)  # the bot moves while you choose
    assert game.history == ((1, Move.parse("A♥ F5")),)
    assert f6 in marked(table, "ausp-target") and bot_card(table, name("A♥"))
    assert "ausp-target" not in table.pile_view(5).face.classes
    table.pile_view(5).click()  # F5, which the bot has just taken
    assert table.status.value == (
        "Too late: the bot put its A♥ on F5 while you were choosing, so your A♥ stays where it was. "
        "It can still go to F6."
    )
    assert game.history == ((1, Move.parse("A♥ F5")),)
    click(table, "A♥")
    card(table, "F6, hearts foundation, empty").click()
    assert game.history[-1] == (0, Move.parse("A♥ F6")) and game.scores == (1, 1)


def test_a_lost_race_names_the_bot_move_that_took_the_space_once(clock):
    game = two_player("simultaneous", ["3♦", "2♦", "A♦"], ["3♦", "2♦", "A♦"])
    table = GameTable("simultaneous", clock=clock, wait_for_start=False, bot=ScriptedBot())
    table.game = game
    click(table, "A♦", "A♦", "2♦", "2♦")  # your A♦ and 2♦ home, on F3
    pace = 1 / table.speed.value
    clock.advance(FIRST_PAUSE + 2 * pace)  # the bot: A♦ F4, 2♦ F4
    assert [str(m) for p, m in game.history if p == 1] == ["A♦ F4", "2♦ F4"]
    click(table, "3♦")  # both ♦ piles wait for a 3♦
    assert all("ausp-target" in table.pile_view(k).face.classes for k in (3, 4))
    clock.advance(2 * pace)  # the bot: 3♦ onto one pile, then a draw
    bot_moves = [str(m) for p, m in game.history if p == 1]
    assert bot_moves[-1] == "draw"
    taken = next(m for p, m in game.history if p == 1 and m.card == Card.parse("3♦"))
    table.pile_view(taken.pile).click()
    status = table.status.value
    assert status.startswith(f"Too late: the bot put its 3♦ on F{taken.pile} while you were choosing")
    assert status.count("stays where it was") == 1 and "was taken" not in status
    other = 7 - taken.pile  # F3 <-> F4
    assert status.endswith(f"It can still go to F{other}.")
    assert [m for p, m in game.history if p == 0][-1] == Move.parse("2♦ F3")


def test_a_failing_bot_is_reported_in_the_status_line_and_the_table_goes_on(clock):
    table = GameTable("simultaneous", seed=4, clock=clock, wait_for_start=False, bot=BrokenBot())
    clock.advance(10)
    assert table.status.value.startswith("Something went wrong: RuntimeError: the bot's circuits are fried")
    assert isinstance(table.last_error, RuntimeError)
    button(table, "Draw").click()
    assert table.game.history[-1] == (0, Move.parse("draw"))


def test_a_new_game_cancels_the_old_games_bot(clock):
    table = GameTable("turns", seed=7, clock=clock, wait_for_start=False, first=1, bot=ScriptedBot())
    table.new_game(8, "solo")
    clock.advance(60)
    assert table.game.history == () and table.game.mode == "solo"


# ---- the end ----------------------------------------------------------------------------------------
def test_won_banner():
    table = GameTable()
    table.game = position("Q♣ K♦ K♥ K♠", "K♣")
    assert not on_show(table.banner)
    click(table, "K♣", "K♣")
    assert table.game.status == "won"
    assert (
        on_show(table.banner) and "You won" in table.banner.value and "ausp-won" in table.banner._dom_classes
    )
    click(table, "K♣")
    assert "New game" in table.status.value


def test_lost_banner_counts_the_cards_home():
    table = GameTable()
    table.game = position("K♣ K♦ K♥ 10♠", "K♠ J♠ Q♠")
    assert table.game.status == "lost" and table.status.value.startswith("Game lost")
    assert on_show(table.banner) and "Game lost" in table.banner.value and "49 of 52" in table.banner.value


def test_two_player_banner_gives_the_score(clock):
    game = two_player("turns", ["A♥"], ["A♣"], stock=0)
    table = GameTable("turns", clock=clock, wait_for_start=False, bot=ScriptedBot())
    table.game = game
    click(table, "A♥", "A♥")
    button(table, "Pass").click()
    clock.advance(30)  # the bot plays A♣, then passes; you pass idle, then it passes idle
    if table.game.status == "playing":
        button(table, "Pass").click()
        clock.advance(30)
    assert table.game.status == "over"
    mine, theirs = table.game.scores
    verdict = "You win!" if mine > theirs else "The bot wins." if theirs > mine else "A tie."
    assert f"Game over: you {mine}, the bot {theirs}. {verdict}" in table.banner.value
    assert on_show(table.banner) and mine == 1


def test_auto_finish_plays_the_last_cards_home():
    table = GameTable()
    table.game = position("10♣ K♦ K♥ J♠", "K♣ Q♣ J♣", "K♠ Q♠")
    assert not button(table, "Auto-finish").disabled
    button(table, "Auto-finish").click()
    assert table.game.status == "won" and "You won" in table.banner.value
    fresh = GameTable(seed=2)
    assert button(fresh, "Auto-finish").disabled


# ---- code and the view -----------------------------------------------------------------------------
def test_moves_played_from_code_show_on_the_table(opening):
    opening.game.play("A♣ 2♣")
    assert card(opening, "empty column 1") and "You moved A♣ onto 2♣" in opening.status.value
    assert "A♣ 2♣" in opening.move_log.value
    opening.game.undo()
    assert card(opening, name("A♣")) and "Took back A♣ 2♣" in opening.status.value


def test_the_tables_play_explains_a_refused_move_instead_of_raising(opening):
    before = opening.game.to_text()
    assert opening.play("J♥ 8♦") is None
    assert opening.status.value == "8♦ cannot take J♥: tableau builds down in the same suit."
    assert opening.play("J♥ Q") is None and "not a card" in opening.status.value
    assert opening.game.to_text() == before
    assert opening.play("A♣ 2♣") == Move.parse("A♣ 2♣")


def test_a_move_refused_on_the_game_from_code_raises_and_the_status_line_says_why(opening):
    before = opening.game.to_text()
    click(opening, "6♠")  # a selection in hand stays in hand
    with pytest.raises(IllegalMoveError, match="same suit"):
        opening.game.play("9♥ 3♣")
    assert (
        opening.status.value == "9♥ 3♣ was refused. 3♣ cannot take 9♥: tableau builds down in the same suit."
    )
    assert opening.game.to_text() == before and opening.game.history == ()
    assert marked(opening, "ausp-selected") == {name("6♠"), name("9♥")}
    with pytest.raises(ValueError, match="zz"):
        opening.game.play("zz F")
    assert "zz" in opening.status.value and "refused" not in opening.status.value
    click(opening, "7♠")  # the selection still works
    assert opening.game.history == ((0, Move.parse("6♠ 7♠")),)


def test_a_refused_click_is_said_once_in_the_tables_own_words(opening, monkeypatch):
    counter = MessageCounter(monkeypatch)
    click(opening, "6♠")
    counter.reset()
    click(opening, "8♦")
    assert opening.status.value == "8♦ cannot take 6♠: tableau builds down in the same suit."
    assert counter.updates.count(opening.foot.model_id) == 1  # the strip the status line is on


def test_an_error_while_updating_the_view_is_shown_not_raised(opening, monkeypatch):
    def broken(*_args):
        raise KeyError("lost card")

    monkeypatch.setattr(opening, "_render", broken)
    assert opening.game.play("A♣ 2♣") == Move.parse("A♣ 2♣")
    assert opening.status.value == "Something went wrong: KeyError: 'lost card'"


def test_a_long_column_shows_every_card():
    table = GameTable()
    table.game = position("-", " ".join(map(str, CARDS[:26])), " ".join(map(str, CARDS[26:])))
    assert [v.card for v in columns_of(table)[0]] == list(CARDS[:26])
    assert card(table, CARDS[25].name) and card(table, CARDS[0].name)


class MessageCounter:
    """Counts the state messages each widget sends to the browser (comm `update`s)."""

    def __init__(self, monkeypatch) -> None:
        self.updates: list[str] = []
        self.opened = 0
        original = comm.DummyComm.publish_msg

        def publish(comm_self, msg_type, data=None, *args, **kwargs):
            if msg_type == "comm_msg" and data and data.get("method") == "update":
                self.updates.append(comm_self.comm_id)
            elif msg_type == "comm_open":
                self.opened += 1
            return original(comm_self, msg_type, data, *args, **kwargs)

        monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)

    def reset(self) -> None:
        self.updates.clear()
        self.opened = 0


@pytest.mark.parametrize("moves", [["A♣ 2♣"], ["draw"], ["A♣ 2♣", "K♣ 1", "J♦ Q♦", "A♣ F"]])
def test_a_move_sends_one_board_state_and_changes_only_its_cards(opening, monkeypatch, moves):
    counter = MessageCounter(monkeypatch)
    board = opening.board.widget
    for move in moves:
        counter.reset()
        opening.game.play(move)
        # The new state, and the words read out to screen readers: never a widget per card.
        assert 1 <= counter.updates.count(board.model_id) <= 2
        assert 0 < opening.board.changed <= 10, "only the cards the move touched differ"
        assert len(counter.updates) - counter.updates.count(board.model_id) <= 6  # status, log, buttons
        assert counter.opened == 0, "no widget is made on a move"
    assert opening.board.widget is board


def test_a_click_on_a_card_only_restyles_the_cards_it_highlights(opening, monkeypatch):
    click(opening, "A♣")
    highlighted = marked(opening, "ausp-selected") | marked(opening, "ausp-target")
    assert opening.board.changed == len(highlighted) == 5


def test_finish_ends_a_simultaneous_game_once_both_stocks_are_empty(clock):
    table = GameTable("simultaneous", clock=clock, wait_for_start=False, bot=ScriptedBot())
    table.game = two_player("simultaneous", ["A♥"], ["A♣"], stock=0)
    clock.advance(30)  # the bot plays A♣ home, then waits
    assert table.game.history == ((1, Move.parse("A♣ F1")),)
    assert "click Finish" in table.status.value
    finish = button(table, "Finish")
    assert not finish.disabled and "Pass" not in {getattr(w, "description", "") for w in visible(table)}
    finish.click()
    assert table.game.status == "over" and "The bot wins." in table.banner.value
    assert clock.pending == 0


def test_in_the_simultaneous_game_the_bots_moves_leave_your_hint_and_messages_up(clock):
    table = GameTable("simultaneous", clock=clock, wait_for_start=False, bot=ScriptedBot())
    table.game = two_player("simultaneous", ["A♥"], ["A♣"])
    button(table, "Hint").click()
    hint, hinted = table.status.value, marked(table, "ausp-hint")
    assert hint.startswith("Hint: ") and hinted
    clock.advance(1 / table.speed.value + FIRST_PAUSE)
    assert table.game.history == ((1, Move.parse("A♣ F1")),)
    assert table.status.value == hint and marked(table, "ausp-hint") == hinted
    assert "The bot: A♣ F1" in table.move_log.value and marked(table, "ausp-moved") == {name("A♣")}


# ---- Indian Patience ------------------------------------------------------------------------------------
def columns_of(table: GameTable, player: int = 0) -> list[list]:
    """A player's columns as the board shows them: each column's spots, bottom first."""
    columns: dict[int, list] = {}
    for spot in table.board.views(player):
        if spot.pile.kind == "column" and spot.place is not None:
            columns.setdefault(spot.pile.index, []).append(spot)
    count = sum(1 for p in table.game.piles() if p.kind == "column" and p.owner == player)
    return [sorted(columns.get(c, []), key=lambda v: v.place.depth) for c in range(count)]


def sent_cards(table: GameTable) -> set[str]:
    """Every card the board's state names (rank and suit), face-down ones never among them."""
    return {
        item["rank"] + item["suit"]
        for pile in table.board.state["piles"]
        for item in pile["cards"]
        if not item.get("down")
    }


def indian(columns: list[str], **options) -> GameTable:
    """A table playing an Indian Patience position (see `indian_position`)."""
    table = GameTable(game="indian")
    table.game = indian_position(columns, **options)
    return table


def all_widget_state(table: GameTable) -> str:
    """Everything the table sends to the browser, as text (each strip with its controls)."""
    return " ".join(str(w.get_state()) for w in walk(table) if isinstance(w, widgets.Widget))


def card_targets(table: GameTable) -> set[str]:
    """The highlighted destinations other than the empty columns (any card may go there)."""
    return {d for d in marked(table, "ausp-target") if not d.startswith("empty column")}


def test_the_indian_table_has_ten_columns_eight_named_piles_and_face_down_backs():
    table = GameTable(game="indian", seed=5)
    game = table.game
    assert game.game == "indian" and table.mode == "indian"
    columns = columns_of(table)
    assert len(columns) == 10 and [len(c) for c in columns] == [3] * 10
    for column, shown in zip(columns, game.visible_tableau()):
        assert column[0].face.description == "face-down card" and "ausp-back" in column[0].face.classes
        assert [b.face.description for b in column[1:]] == [c.name for c in shown[1:]]
    assert pile_names(table) == [f"F{k}" for k in range(1, 9)]
    assert "0 of 104 cards home" in table.info.value and "74 in the stock" in table.info.value
    for words in ("Draw", "Undo", "Redo", "Hint", "New game"):
        assert button(table, words)
    assert not [w for w in visible(table) if getattr(w, "description", None) in ("Pass", "Finish")]
    assert not table.board.views(1), "no bot in a game for one"


def test_a_face_down_card_is_named_nowhere_in_the_widget_state():
    # Column 1's face-down 9♦ and column 2's J♠: their twins are in the stock, so neither is on show.
    table = indian(["[9♦] 6♣ 7♥", "[J♠] 5♣ 8♣", "[K♦] 2♥ 10♦"], stock="Q♠ 4♣")
    for step in (lambda: None, button(table, "Hint").click, button(table, "Draw").click):
        step()
        state = all_widget_state(table)
        for hidden in ("9♦", "J♠"):
            assert Card.parse(hidden).name not in state and hidden not in sent_cards(table)
    columns_of(table)[0][0].click()  # clicking the back says it is face down, without naming it
    assert "face down" in table.status.value
    assert Card.parse("9♦").name not in all_widget_state(table)


def test_selecting_an_indian_card_highlights_only_its_legal_destinations():
    table = indian(["[3♥] 6♣ 9♦", "[J♠] 5♣ 10♠", "[K♦] 2♥ 10♣", "[A♠] Q♥ 10♦"], stock="4♣ 8♠")
    click(table, "9♦")
    assert marked(table, "ausp-selected") == {name("9♦")}
    assert card_targets(table) == {name("10♠"), name("10♣")}  # 10♦ is its own suit
    assert "empty column 5" in marked(table, "ausp-target")  # any card may fill an empty column
    click(table, "10♦")
    assert "differing suit" in table.status.value and table.game.history == ()
    click(table, "9♦", "10♠")
    assert [str(m) for _, m in table.game.history] == ["9♦ 10♠"]
    assert [b.face.description for b in columns_of(table)[1]][-1] == name("9♦")
    assert "moved 9♦ onto 10♠" in table.status.value


def test_only_the_top_card_moves_one_at_a_time():
    table = indian(["[3♥] 6♣ 9♦", "[J♠] 5♣ 10♠", "[K♦] 2♥ 7♠"], stock="4♣ 8♠")
    click(table, "6♣")
    assert "only the top card of a column moves" in table.status.value
    assert marked(table, "ausp-selected") == set() and table.game.history == ()


def test_clicking_one_of_two_twins_moves_that_copy():
    table = indian(["[3♥] 6♣ 7♥", "[J♠] 5♣ 7♥", "[K♦] 2♥ 8♣"], stock="4♣ 8♠")
    second = columns_of(table)[1][-1]
    second.click()
    assert "ausp-selected" in second.face.classes
    assert "ausp-selected" not in columns_of(table)[0][-1].face.classes
    assert card_targets(table) == {name("8♣")}
    click(table, "8♣")
    assert [str(m) for _, m in table.game.history] == ["2:7♥ 8♣"]
    assert [b.face.description for b in columns_of(table)[1]] == ["face-down card", name("5♣")]
    assert [b.face.description for b in columns_of(table)[0]][-1] == name("7♥")


def test_an_uncovered_card_turns_up_protected_and_can_only_go_home():
    table = indian(["[5♠] 9♣", "[J♠] 5♣ 10♦", "[K♦] 2♥ 6♥"], stock="Q♥ 2♦ 7♣", foundations="- - - - - - 4♠ -")
    click(table, "9♣", "10♦")
    assert "5♠ turned up in column 1: it is protected" in table.status.value
    five = card(table, name("5♠"))
    assert "ausp-protected" in five.face.classes and "protected" in five.face.tooltip
    assert "protected, it may only go to a foundation" in table.info.value
    five.click()
    assert marked(table, "ausp-target") == {table.pile_view(7).face.description}  # not 6♥, no empty column
    click(table, "6♥")
    assert "protected" in table.status.value and len(table.game.history) == 1
    click(table, "5♠")
    table.pile_view(7).click()
    assert str(table.game.history[-1][1]) == "5♠ F"
    assert "You put 5♠ on F7." in table.status.value
    assert "Column 1 was dealt again from the stock" in table.status.value
    assert "protected" not in table.info.value  # no protected card left on the table
    assert [b.face.description for b in columns_of(table)[0]] == ["face-down card", name("2♦"), name("7♣")]


def test_draw_undo_redo_and_hint_on_the_indian_table():
    table = GameTable(game="indian", seed=5)
    first = table.game.stock()[0]
    button(table, "Draw").click()
    assert card(table, first.name) and table.game.waste() == (first,)
    button(table, "Undo").click()
    assert table.game.waste() == () and "Took back draw" in table.status.value
    button(table, "Redo").click()
    assert table.game.waste() == (first,)
    button(table, "Hint").click()
    assert table.status.value.startswith("Hint: ")
    assert marked(table, "ausp-hint")


def test_the_undo_key_in_a_game_played_without_undo_says_so_in_the_games_words():
    table = GameTable(game="indian", seed=5)
    table.game = Game.deal(5, game="indian", options={"undo": False})
    button(table, "Draw").click()
    before = table.game.to_json()
    for action, word in (("undo", "no undo"), ("redo", "no redo")):
        table.board.widget._handle_custom_msg({"kind": "key", "action": action, "v": 1}, [])
        assert table.status.value.startswith(word.capitalize() + " in this game (rule option undo=no)")
        assert "=False" not in table.status.value and table.game.to_json() == before
    table.game = Game.deal(5, game="indian")
    table.board.widget._handle_custom_msg({"kind": "key", "action": "undo", "v": 1}, [])
    assert table.status.value == "Nothing to undo: this is the start of the game."


def test_a_new_indian_game_by_number():
    table = GameTable(game="indian", seed=5)
    table.deal_field.value = "12"
    button(table, "New game").click()
    assert table.game.game == "indian" and table.game.seed == 12
    assert table.game.to_text() == Game.deal(12, game="indian").to_text()
    table.deal_field.value = "twelve"
    button(table, "New game").click()
    assert "whole number" in table.status.value and table.game.seed == 12


def test_the_table_switches_between_australian_and_indian_patience():
    table = GameTable(seed=4)
    assert len(columns_of(table)) == 7
    table.mode_selector.value = "turns"
    table.mode_selector.value = "indian"  # from a game against the bot: the bot's side goes
    assert table.game.game == "indian" and table.game.seed == 4 and len(columns_of(table)) == 10
    assert not table.board.views(1)
    table.mode = "solo"
    assert table.game.game == "australian" and len(columns_of(table)) == 7
    with pytest.raises(ValueError, match="solo game"):
        GameTable("turns", game="indian")


def test_indian_moves_played_from_code_show_on_the_table():
    table = indian(["[3♥] 6♣ 9♦", "[J♠] 5♣ 10♠"], stock="4♣ 8♠")
    table.game.play("9♦ 10♠")
    assert [b.face.description for b in columns_of(table)[1]][-1] == name("9♦")
    assert table.play("6♣ 9♦") is None and "cannot take" in table.status.value


def test_the_last_indian_card_home_wins_the_game():
    table = indian(["K♠"], foundations="K♣ K♣ K♦ K♦ K♥ K♥ K♠ Q♠")
    king = columns_of(table)[0][0]  # F7 shows the other K♠
    king.click()
    king.click()  # a second click sends it home
    assert table.game.status == "won"
    assert "all 104 cards are on the foundations" in table.banner.value and on_show(table.banner)
    assert "104 of 104 cards home" in table.info.value


# ---- "Winnable?": the solver, thinking in slices on the clock ------------------------------------------
def ask_solver(table: GameTable, clock: ManualClock) -> str:
    table.buttons["Winnable?"].click()
    assert table.status.value.startswith("Thinking")
    for _ in range(2000):
        if not clock.pending:
            break
        clock.advance(0.01)
    return table.status.value


def test_winnable_says_so_and_shows_a_line_only_when_every_card_is_on_show():
    clock = ManualClock()
    table = GameTable(seed=4, clock=clock)
    answer = ask_solver(table, clock)
    assert answer.startswith("Winnable by someone who knew the order of the stock")  # as dealt
    assert answer.endswith("no line is shown while cards lie hidden.") and "moves" not in answer
    assert not any(card.name in answer or str(card) in answer for card in CARDS)
    table.game.play(table.game.legal_moves()[0])
    assert ask_solver(table, clock).startswith("Still winnable by someone who knew the order of the stock")
    open_table = GameTable("yukon", clock=clock)
    columns = "1: K♠\n2: J♠\n3: Q♠\n4: -\n5: -\n6: -\n7: -\n"
    open_table.game = Game.from_text("game: yukon\nfoundations: K♣ K♦ K♥ 10♠\n" + columns)
    answer = ask_solver(open_table, clock)
    assert answer.startswith("Still winnable: a winning line starts J♠ F Q♠ F K♠ F (3 moves")
    for move in ("J♠ F", "Q♠ F", "K♠ F"):
        open_table.game.play(move)  # the line it gives is playable
    assert open_table.game.status == "won"


def test_winnable_names_no_hidden_twin_nor_a_line_that_hidden_cards_chose():
    clock = ManualClock()
    table = GameTable(clock=clock, wait_for_start=False)
    twins = "game: indian\noptions: empty_column=kings\nfoundations: K♣ K♣ 4♦ 4♦ K♥ K♥ K♠ K♠\n"
    stock = "stock: 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦\nwaste: -\n1: 7♦ 5♦ 6♦\n2: 8♦\n3: 9♦\n4: 10♦\n"
    table.game = Game.from_text(twins + stock + "5: J♦\n6: Q♦\n7: K♦\n8: -\n9: -\n10: -\n")
    answer = ask_solver(table, clock)  # a 5♦ lies on show, its twin on top of the stock
    assert "still winnable" in answer.lower() and "5♦" not in answer and "draw" not in answer
    yukon = GameTable("yukon", seed=1, clock=clock)
    assert "no line is shown" in ask_solver(yukon, clock)


def test_an_unwinnable_deal_is_called_so_and_nothing_moves():
    clock = ManualClock()
    table = GameTable(seed=42, clock=clock)
    before = table.game.to_text()
    assert "This deal cannot be won, not even by someone who knew" in ask_solver(table, clock)
    assert table.game.to_text() == before and table.game.history == ()
    table.game.play(table.game.legal_moves()[0])  # lost from the start, and still lost after a move
    assert "This deal can no longer be won" in ask_solver(table, clock)


def test_a_move_made_while_the_solver_thinks_drops_its_stale_answer():
    clock = ManualClock()
    table = GameTable(seed=4, clock=clock)
    table.buttons["Winnable?"].click()
    table.buttons["Draw"].click()
    clock.advance(1.0)
    assert "winnable" not in table.status.value.lower()
    assert clock.pending == 0


def test_winnable_is_for_the_solo_games_only():
    assert "ausp-hidden" in GameTable(mode="turns", seed=1).buttons["Winnable?"]._dom_classes
    assert "ausp-hidden" not in GameTable(seed=1).buttons["Winnable?"]._dom_classes
    assert "ausp-hidden" not in GameTable(mode="indian", seed=1).buttons["Winnable?"]._dom_classes


def test_winnable_answers_in_the_indian_table_without_a_line_while_cards_lie_hidden():
    clock = ManualClock()
    table = GameTable(mode="indian", seed=9, clock=clock)
    before = table.game.to_text()
    answer = ask_solver(table, clock)
    assert answer.startswith("Winnable by someone who knew the order of the stock")
    assert answer.endswith("no line is shown while cards lie hidden.")
    assert table.game.to_text() == before  # thinking moves nothing


@pytest.mark.parametrize("mode", ["solo", "turns", "simultaneous", "indian"])
def test_clicks_in_any_order_never_break_the_table(mode):
    """Random clicks on every widget a player can reach: each is a move the game accepts, or
    a refusal in words with nothing changed; never an error, never a half-applied move."""
    rng = random.Random(7)
    clock = ManualClock()
    table = GameTable(mode, seed=11, clock=clock)
    board = table.board
    for _ in range(400):
        buttons = [
            w
            for w in visible(table)
            if isinstance(w, strip.Button)
            and not w.disabled
            and w.description not in ("New game", "Winnable?")
        ]
        spots = board.views()
        piles = sorted({pile_id(s.pile) for s in spots})
        movable = [s for s in spots if s.place is not None]
        actions = [
            *((w.description, w.click) for w in buttons),
            *(("click", s.click) for s in spots),
            *(("drop", lambda s=s, p=piles: board.drop_on(s, rng.choice(p))) for s in movable),
            *(("home", lambda s=s: board.home(s)) for s in movable),
            *(("key", lambda k=k: board.key(k)) for k in ("draw", "hint", "undo", "redo", "cancel")),
            (
                "stale",
                lambda s=spots[0], p=piles[0]: board.handle({"kind": "drop", "from": s.id, "to": p, "v": -1}),
            ),
        ]
        before = table.game.to_json()
        played = len(table.game.history)
        kind, act = rng.choice(actions)
        act()
        assert table.last_error is None, table.status.value
        after = table.game.to_json()
        if after == before:  # refused, or only a selection: the table or the board says something
            assert table.status.value or board.widget.notice
        else:  # a whole move (or a whole auto-finish, or an undo), never part of one
            change = len(table.game.history) - played
            assert change == 1 or (kind in ("Undo", "Auto-finish", "key") and change != 0)
            assert Game.from_json(after).to_json() == after  # the save replays to this very table
        if rng.random() < 0.3:
            clock.advance(2.0)  # the bot plays now and then
    assert table.last_error is None and not table.status.value.startswith("Something went wrong")


def test_a_selection_dropped_by_the_bots_move_is_explained_at_once(clock):
    game = two_player("simultaneous", ["2♥"], ["2♥", "A♥"])
    game.play("A♥ F5", 1)  # the bot's ace holds F5: your 2♥ may go onto it
    table = GameTable("simultaneous", clock=clock, wait_for_start=False, bot=ScriptedBot("2♥ F5"))
    table.game = game
    click(table, "2♥")
    assert "ausp-target" in table.pile_view(5).face.classes
    clock.advance(1 / table.speed.value)  # the bot takes F5 while you choose
    assert game.history[-1] == (1, Move.parse("2♥ F5"))
    assert table.status.value.startswith("Too late: the bot put its 2♥ on F5 while you were choosing")
    assert marked(table, "ausp-selected") == set()


def test_winnable_thinks_once_at_a_time_and_stops_when_the_table_closes():
    clock = ManualClock()
    table = GameTable(seed=4, clock=clock)
    table.buttons["Winnable?"].click()
    table.buttons["Winnable?"].click()  # the newer question replaces the older
    assert clock.pending == 1
    table.close()
    clock.advance(30.0)
    assert clock.pending == 0 and "winnable" not in table.status.value.lower()


def test_columns_are_numbered_as_the_moves_name_them():
    for game, count in (("australian", 7), ("indian", 10)):
        table = GameTable(game=game)
        columns = [p for p in table.board.state["piles"] if p["kind"] == "column"]
        assert [p["index"] + 1 for p in columns] == list(range(1, count + 1))
        assert [p["name"] for p in columns] == [f"column {n}" for n in range(1, count + 1)]
        table.close()


def test_winnable_names_no_card_the_table_does_not_show():
    """Yukon deal 1's winning line turns up a face-down card in its first moves: the answer
    shows no line at all, as the line (and its length) follow from where hidden cards lie."""
    clock = ManualClock()
    table = GameTable(mode="yukon", seed=1, clock=clock)
    sight = Sight.of_game(table.game)
    answer = ask_solver(table, clock)
    assert answer.startswith("Winnable by someone who knew every face-down card")
    assert not sight.discloses(answer) and "starts" not in answer, answer


# ---- answers on the board's line, and gestures on another card ---------------------------------------------
def test_the_answers_of_hint_and_winnable_stay_on_the_boards_line_until_the_next_move():
    """At a projector's size the status line can lie below the window: Hint's and Winnable?'s
    words also go on the line under the cards (an answer, not a refusal), and a move clears them."""
    clock = ManualClock()
    table = GameTable(mode="yukon", seed=4, clock=clock)
    notice = lambda: table.board.widget.notice  # noqa: E731
    table.buttons["Winnable?"].click()
    assert notice()["kind"] == "answer" and notice()["text"].startswith("Thinking…")
    answer = ask_solver(table, clock)
    assert notice() == {"text": answer, "kind": "answer", "n": notice()["n"]}
    button(table, "Hint").click()
    hint = table.status.value
    assert hint.startswith("Hint: ") and notice()["text"] == hint and notice()["kind"] == "answer"
    table.game.play(Move.parse(hint.removeprefix("Hint: ").split(". ")[0]))
    assert notice()["kind"] == "said", "the move's words replace the answer, read out only"
    button(table, "Undo").click()
    assert notice()["kind"] == "said", "only the answers go on the line: the rest is read out"
    table.close()


def test_a_drag_on_a_card_that_cannot_move_drops_the_earlier_selection():
    """Yukon deal 4: 8♠ selected (9♥ lit), then a drag on 2♥, which cannot move: a new gesture
    drops the selection, as Esc does, and the board says why 2♥ may not move."""
    table = GameTable(mode="yukon", seed=4)
    click(table, "8♠")
    assert marked(table, "ausp-selected") and marked(table, "ausp-target")
    table.board.lift(card(table, name("2♥")))
    assert marked(table, "ausp-selected") == set() and marked(table, "ausp-target") == set()
    said = table.board.widget.notice
    assert said["kind"] == "refused" and said["text"].startswith("2♥ cannot move"), said
    assert table._selected is None and table.game.history == ()
    table.close()


def test_the_board_asks_for_a_double_click_home_only_where_a_card_may_be_sent_home():
    """A double-click on a card with no home move is sent as a try to send it home (the kernel
    says why not) on a board that takes such tries; a board played by clicks alone gets two clicks."""
    from ausp_widget.widgets.board import Board, Intents

    table = GameTable(mode="yukon", seed=4)
    assert table.board.widget.homes is True
    assert Board(Intents(click=lambda spot: None)).widget.homes is False
    table.close()


def test_a_double_click_on_a_card_that_cannot_go_home_gets_the_games_own_words():
    """Yukon deal 4: 8♠ double-clicked is refused in the words its click, then a click on its
    foundation, gets (`play("8♠ F")` says the same); nothing is played."""
    from ausp_widget.core.text import sentence

    table = GameTable(mode="yukon", seed=4)
    with pytest.raises(IllegalMoveError) as refused:
        table.game.copy().play("8♠ F")
    table.board.home(card(table, name("8♠")))
    assert table.status.value == sentence(str(refused.value))
    assert "card just below it must be there first" in table.status.value
    assert table.board.widget.notice["kind"] == "refused" and table.game.history == ()
    table.close()


def test_the_move_log_keeps_the_moves_of_the_game_as_it_stands_and_never_a_card_undo_turned_down():
    # Yukon deal 1: 10♣ onto J♦ turns up 8♣, which then goes onto 9♦; Undo twice turns 8♣ down.
    table = GameTable(game="yukon")
    table.game = Game.deal(1, game="yukon")
    table.game.play("10♣ J♦")
    table.game.play("8♣ 9♦")
    assert "1. You: 10♣ J♦" in table.move_log.value and "2. You: 8♣ 9♦" in table.move_log.value
    button(table, "Undo").click()
    button(table, "Undo").click()
    assert table.status.value == "Took back 10♣ J♦."
    state = all_widget_state(table)
    assert "8♣" not in state and Card.parse("8♣").name not in state
    assert "10♣" not in table.move_log.value
    button(table, "Redo").click()
    assert "1. You: 10♣ J♦" in table.move_log.value and "8♣" not in table.move_log.value


@pytest.mark.parametrize(
    "options, named",
    [
        ({"clock": "fast"}, "clock"),
        ({"wait_for_start": "no"}, "wait_for_start"),
        ({"large": "yes"}, "large"),
        ({"four_colour": 1}, "four_colour"),
        ({"first": 2}, "first"),
    ],
)
def test_a_wrong_table_option_is_refused_by_name_before_anything_is_made(options, named):
    from ausp_widget import AustralianPatience

    with pytest.raises((TypeError, ValueError), match=named):
        GameTable(mode="turns", seed=7, **options)
    with pytest.raises((TypeError, ValueError), match=named):
        AustralianPatience(mode="turns", seed=7, **options)  # not only once the Play tab opens


def test_an_empty_stock_on_your_turn_says_to_pass_and_keys_give_their_own_reasons():
    clock = ManualClock()
    table = GameTable(mode="turns", seed=11, clock=clock, wait_for_start=False)
    game = table.game
    while next(p for p in game.piles() if p.kind == "stock" and p.owner == 0).size:
        table.play("draw") if game.turn == 0 else clock.advance(1)
    while game.turn != 0:
        clock.advance(1)
    next(s for s in table.board.views(0) if s.pile.kind == "stock").click()
    assert "pass to end the turn" in table.status.value
    table.board.key("draw")
    assert "pass to end the turn" in table.status.value
    stock = next(p for p in table.board.state["piles"] if p["id"] == "stock/0/0")
    assert "one pass" not in stock["title"]
    table.play("pass")
    table.board.key("undo")  # the bot's turn, but Undo is never for a game against the bot
    assert "Undo is for the solo game" in table.status.value
    race = GameTable(mode="simultaneous", seed=7, clock=ManualClock())
    race.board.key("draw")
    assert race.status.value == "Press Start when the class is ready."
