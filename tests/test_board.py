"""The board's contract with its front end: what it is sent (the cards a player may see, stable
keys, legal destinations) and how it answers what the browser sends (intents checked at the door:
a malformed, unknown or stale one is answered on the board and changes nothing)."""

from __future__ import annotations

import pytest
from positions import PAGAT

from ausp_widget import Game
from ausp_widget.core.protocol import Place
from ausp_widget.widgets.board_state import legal_dests, pile_id, place_id
from ausp_widget.widgets.table import GameTable


@pytest.fixture
def table() -> GameTable:
    made = GameTable()
    made.game = Game.from_text(PAGAT)
    return made


def keys(table: GameTable) -> dict[str, str]:
    """Each face-up card's key, by the card's spoken label."""
    return {
        item["label"].split(",")[0]: item["key"]
        for pile in table.board.state["piles"]
        for item in pile["cards"]
        if not item.get("down")
    }


def test_the_legal_destinations_are_exactly_the_legal_moves(table):
    game = table.game
    sent = table.board.state["dests"]
    expected: dict[str, set[str]] = {}
    for move in game.legal_moves(0):
        if move.card is not None:
            source, target = game.move_places(move, 0)
            expected.setdefault(place_id(source), set()).add(pile_id(target))
    assert {k: set(v) for k, v in sent.items()} == expected
    assert "column/0/0#0" in sent and sent["column/0/0#0"] == ["column/0/2"], "A♣ and its group onto 2♣"


def test_a_card_keeps_its_key_when_it_moves(table):
    before = keys(table)
    table.game.play("A♣ 2♣")  # the whole first column moves onto 2♣
    after = keys(table)
    assert after == before, "every card keeps its key: the browser slides it from its old place"


def test_twin_cards_keep_their_own_keys():
    game = Game.deal(4, game="indian")
    table = GameTable(game="indian")
    table.game = game
    first = keys(table)
    move = next(m for m in game.legal_moves(0) if m.kind == "tableau")
    table.game.play(move)
    after = keys(table)
    moved = move.card.name
    assert after[moved] == first[moved]
    assert len(set(after.values())) == len(after), "no two cards share a key"


def test_a_new_deal_gives_new_keys():
    table = GameTable(seed=4)
    first = set(keys(table).values())
    table.new_game(4)
    assert not first & set(keys(table).values()), "a new deal is dealt out afresh"


def test_no_destinations_while_it_is_the_bots_turn():
    from ausp_widget.widgets.clock import ManualClock

    table = GameTable("turns", seed=7, clock=ManualClock(), wait_for_start=False, first=1)
    assert table.game.turn == 1 and table.board.state["dests"] == {}


def intents(table: GameTable) -> list[dict]:
    """Messages a broken or hostile page might send."""
    v = table.board.version
    return [
        {},
        {"kind": "fly"},
        "drop",
        None,
        {"kind": "drop", "from": "column/0/9#0", "to": "column/0/1", "v": v},
        {"kind": "drop", "from": "column/0/0#0", "to": "column/7/1", "v": v},
        {"kind": "drop", "from": "column/0/0#0", "to": ["column/0/2"], "v": v},
        {"kind": "drop", "from": "column/0/0#0", "to": "column/0/2"},
        {"kind": "drop", "from": "column/0/0#0", "to": "column/0/2", "v": "1"},
        {"kind": "drop", "from": "column/0/0#0", "to": "column/0/2", "v": v - 1},
        {"kind": "home", "from": "column/0/3#3", "v": v + 5},
        {"kind": "click", "to": "x" * 100_000, "v": v},
        {"kind": "key", "action": "explode"},
        {"kind": "drop", "from": "foundation/-/0", "to": "column/0/2", "v": v},
    ]


def test_a_bad_intent_is_answered_on_the_board_and_changes_nothing(table):
    for message in intents(table):
        before, errors = table.game.to_json(), len(table.board.errors)
        table.board.handle(message)
        assert table.game.to_json() == before, message
        assert len(table.board.errors) == errors + 1, message
        notice = table.board.widget.notice
        assert notice["kind"] == "error" and notice["text"] and len(notice["text"]) < 200


def test_a_stale_drop_is_refused_even_when_it_would_be_legal(table):
    old = table.board.version
    table.game.play("draw")
    table.board.handle({"kind": "drop", "from": "column/0/0#0", "to": "column/0/2", "v": old})
    assert table.game.history == ((0, table.game.parse_move("draw")),)
    assert "changed" in table.board.widget.notice["text"]


def test_a_drop_plays_the_move_once_and_a_refused_one_says_the_rule(table):
    board = table.board
    board.handle({"kind": "drop", "from": "column/0/6#3", "to": "column/0/2", "v": board.version})  # J♥ on 2♣
    assert table.game.history == ()
    refusal = board.widget.notice
    assert refusal["kind"] == "refused" and "J♥" in refusal["text"]
    assert refusal["text"] in table.status.value, "the board and the status line say the same rule"
    board.handle({"kind": "drop", "from": "column/0/0#0", "to": "column/0/2", "v": board.version})
    assert [str(m) for _p, m in table.game.history] == ["A♣ 2♣"]


def test_a_double_click_sends_home_or_says_why_not(table):
    board = table.board
    board.handle({"kind": "home", "from": "column/0/6#3", "v": board.version})  # J♥ cannot go home
    assert board.widget.notice["kind"] == "refused" and "foundation" in board.widget.notice["text"]
    assert table.game.history == ()
    for move in ("A♣ 2♣", "K♣ 1", "J♦ Q♦"):  # the worked opening: A♣ is exposed now
        table.game.play(move)
    source, _ = table.game.move_places(table.game.parse_move("A♣ F"), 0)
    board.handle({"kind": "home", "from": place_id(source), "v": board.version})
    assert str(table.game.history[-1][1]) == "A♣ F"


def test_dests_follow_the_game_for_any_board():
    game = Game.deal(5, game="indian")
    dests = legal_dests(game)
    assert all(isinstance(k, Place) for k in dests)
    assert sum(len(v) for v in dests.values()) == sum(1 for m in game.legal_moves(0) if m.card is not None)


def test_a_card_dragged_that_does_not_lift_gets_a_clicks_words_and_nothing_changes(table):
    board = table.board
    board.handle({"kind": "lift", "from": "column/0/1#3", "v": board.version})  # 8♦: no move
    lifted = board.widget.notice
    assert lifted["kind"] == "refused" and "8♦" in lifted["text"]
    assert table.game.history == () and table._selected is None
    board.handle({"kind": "click", "to": "column/0/1#3", "v": board.version})
    assert board.widget.notice["text"] == lifted["text"], "a drag and a click say the same"
    board.handle({"kind": "lift", "from": "stock/0/0", "v": board.version})
    assert "stock" in board.widget.notice["text"]
    assert table.game.history == ()


def test_a_board_played_by_clicks_answers_a_drag_it_does_not_lift():
    from ausp_widget.widgets.board import BY_CLICKS, Board, Intents

    board = Board(Intents(click=lambda spot: None))
    board.show(Game.deal(4).piles(), {})
    board.handle({"kind": "lift", "from": "column/0/6#3", "v": board.version})
    assert board.widget.notice == {"text": BY_CLICKS, "kind": "refused", "n": 1}


def test_a_click_on_a_foundation_the_bot_has_just_filled_is_told_the_board_changed():
    from ausp_widget.widgets.board import STALE
    from ausp_widget.widgets.table import ManualClock

    clock = ManualClock()
    table = GameTable(mode="simultaneous", seed=38, clock=clock, wait_for_start=False)
    mine = next(m for m in table.game.legal_moves(0) if m.kind == "foundation")
    next(s for s in table.board.views(0) if s.card == mine.card and s.pile.owner == 0).click()
    empty = next(
        s for s in table.board.views() if s.pile.kind == "foundation" and s.pile.index == mine.pile - 1
    )
    seen, empty_id = table.board.version, empty.id
    clock.advance(2.0)  # the bot puts its own ace there first
    assert table.board.version != seen and table.game.history
    table.board.handle({"kind": "click", "to": empty_id, "v": seen})
    assert table.board.errors[-1] == STALE
