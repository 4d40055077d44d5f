"""Choosing another opponent or game mid-game keeps the game in progress: choosing its mode again
on the same deal goes back to it as it was left, and the table says so both ways."""

from ausp_widget import AustralianPatience
from ausp_widget.widgets.start_gate import READY
from ausp_widget.widgets.table import GameTable, ManualClock


def _status(table: GameTable) -> str:
    return table.panel.status.value


def _move(table: GameTable) -> None:
    game = table.game
    assert table.play(game.legal_moves(0)[0]) is not None


def test_a_race_left_for_the_solo_game_is_there_again_as_it_was_left():
    app = AustralianPatience(seed=42, clock=ManualClock())
    try:
        app.mode = "simultaneous"
        app.table.start()
        app.table.clock.advance(5)
        race = app.game
        _move(app.table)
        _move(app.table)
        played = list(race.history)
        assert played

        app.mode = "solo"
        solo = app.game
        assert solo is not race and solo.seed == 42 and not solo.history
        assert "Your Race vs bot game is kept: choose Race vs bot again on deal 42 to play on." in _status(
            app.table
        )
        _move(app.table)

        app.selector.value = "simultaneous"
        assert app.game is race and list(race.history) == played
        said = _status(app.table)
        assert said.startswith(f"Back to deal 42 as you left it, {len(played)} moves in. {READY}")
        assert "Your Solo game is kept" in said

        app.table.mode = "solo"  # the table's own choice does the same
        assert app.game is solo and len(solo.history) == 1
    finally:
        app.close()


def test_a_new_deal_deals_every_mode_afresh_and_a_game_with_no_move_is_not_kept():
    app = AustralianPatience(seed=42, clock=ManualClock(), wait_for_start=False)
    try:
        app.mode = "turns"
        untouched = app.game
        app.mode = "solo"
        assert "kept" not in _status(app.table), "a game with no move is dealt again, not kept"
        app.mode = "turns"
        assert app.game is not untouched and not app.game.history

        _move(app.table)
        turns = app.game
        app.mode = "solo"
        app.table.new_game(seed=7)
        app.mode = "turns"
        assert app.game is not turns and app.game.seed == 7 and not app.game.history
        assert "Back to" not in _status(app.table)
    finally:
        app.close()
