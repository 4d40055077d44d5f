"""Start: a game against the bot waits for the class, then counts 3, 2, 1 on the table's clock."""

from __future__ import annotations

from ausp_widget import AustralianPatience
from ausp_widget.core.moves import DRAW
from ausp_widget.widgets.start_gate import COUNT_FROM, READY
from ausp_widget.widgets.table import GameTable, ManualClock


def shown(widget) -> bool:
    return "ausp-hidden" not in widget._dom_classes


def bot_moves(table: GameTable) -> int:
    return sum(player == 1 for player, _ in table.game.history)


def test_the_race_waits_for_start_however_long_the_class_takes():
    clock = ManualClock()
    table = GameTable("simultaneous", seed=7, clock=clock)
    assert not table.started and shown(table.start_gate.button)
    assert READY in table.status.value
    clock.advance(600)
    assert table.game.history == () and clock.pending == 0


def test_your_cards_wait_for_start_in_the_race_too():
    clock = ManualClock()
    table = GameTable("simultaneous", seed=7, clock=clock)
    assert table.play(DRAW) is None and table.game.history == ()
    assert table.status.value == READY
    assert table.buttons["Draw"].disabled
    assert not table._may_move()  # no destinations lit, no drops taken


def test_start_counts_three_two_one_on_the_clock_then_the_bot_moves():
    clock = ManualClock()
    table = GameTable("simultaneous", seed=7, clock=clock)
    table.start()
    assert table.start_gate.button.disabled and not table.started
    seen = []
    for _ in range(COUNT_FROM):
        seen.append((table.status.value, ">" + table.start_gate.count.value.split(">")[1].split("<")[0]))
        clock.advance(1.0)
    assert seen == [("Starting in 3…", ">3"), ("Starting in 2…", ">2"), ("Starting in 1…", ">1")]
    assert table.started and "Go!" in table.status.value and not shown(table.start_gate.button)
    assert bot_moves(table) == 0  # the bot's first move comes at its pace, after the count
    clock.advance(1.0 / table.speed.value)
    assert bot_moves(table) == 1
    table.play(DRAW)
    assert table.game.history[-1] == (0, DRAW)  # and your cards move now


def test_the_pace_chosen_before_start_is_the_pace_after_it():
    clock = ManualClock()
    table = GameTable("simultaneous", seed=7, clock=clock)
    table.speed.value = 4.0
    table.bot_level.value = "strong"
    assert table.game.history == ()
    table.start()
    clock.advance(COUNT_FROM + 0.25)
    assert bot_moves(table) == 1
    assert type(table.bot).__name__ == "RolloutBot"


def test_a_new_game_waits_for_start_again():
    clock = ManualClock()
    table = GameTable("simultaneous", seed=7, clock=clock)
    table.start()
    clock.advance(COUNT_FROM + 5)
    assert bot_moves(table) > 0
    table.new_game(8)
    assert not table.started and shown(table.start_gate.button) and not table.start_gate.button.disabled
    clock.advance(60)
    assert table.game.history == ()


def test_a_new_game_during_the_count_stops_the_count():
    clock = ManualClock()
    table = GameTable("simultaneous", seed=7, clock=clock)
    table.start()
    clock.advance(1.0)
    table.new_game(8)
    clock.advance(60)
    assert not table.started and table.game.history == ()


def test_the_turn_based_bot_waits_for_start_when_it_plays_first():
    clock = ManualClock()
    table = GameTable("turns", seed=7, clock=clock, first=1)
    assert not table.started and READY in table.status.value
    clock.advance(60)
    assert table.game.history == ()
    table.start()
    clock.advance(COUNT_FROM + 60)
    assert bot_moves(table) > 0


def test_you_start_a_turn_based_game_yourself_when_you_play_first():
    clock = ManualClock()
    table = GameTable("turns", seed=7, clock=clock, first=0)
    assert table.started and not shown(table.start_gate.button)
    table.play(DRAW)  # your turn ends: the bot plays
    clock.advance(60)
    assert bot_moves(table) > 0


def test_code_may_still_play_on_the_game_and_start_it():
    clock = ManualClock()
    table = GameTable("simultaneous", seed=7, clock=clock)
    table.game.play(DRAW, 0)  # straight on the game: the table shows it, the bot still waits
    clock.advance(30)
    assert table.game.history == ((0, DRAW),)
    table.start()
    clock.advance(COUNT_FROM + 1 / table.speed.value)
    assert bot_moves(table) == 1


def test_wait_for_start_false_starts_at_once_as_before():
    clock = ManualClock()
    table = GameTable("simultaneous", seed=7, clock=clock, wait_for_start=False)
    assert table.started and not shown(table.start_gate.button)
    clock.advance(5)
    assert bot_moves(table) > 0


def test_the_app_passes_wait_for_start_on_and_solo_has_no_start():
    app = AustralianPatience(mode="simultaneous", seed=7, clock=ManualClock())
    assert not app.table.started
    app.mode = "solo"
    assert app.table.started and not shown(app.table.start_gate.button)
    quick = AustralianPatience(mode="simultaneous", seed=7, clock=ManualClock(), wait_for_start=False)
    assert quick.table.started
