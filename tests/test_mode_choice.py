"""Game and opponent as two choices: a pair a game lacks is greyed out with its reason."""

from __future__ import annotations

from ausp_widget import AustralianPatience
from ausp_widget.core import registry
from ausp_widget.widgets.mode_choice import join, split
from ausp_widget.widgets.table import GameTable, ManualClock


def greyed(choice) -> dict[str, bool]:
    return {key: button.disabled for key, button in choice.opponents.items()}


def test_every_table_mode_is_a_game_and_an_opponent():
    for mode in registry.table_modes():
        assert join(*split(mode)) == mode
    assert split("indian") == ("indian", "none") and split("simultaneous") == ("australian", "race")
    assert join("indian", "turns") is None


def test_the_games_come_from_the_registry():
    app = AustralianPatience(seed=3)
    names = [name for _, name in app.selector.game.options]
    assert names == [entry.name for entry in registry.games()]


def test_indian_greys_out_the_bot_with_its_reason_and_never_switches_the_game():
    app = AustralianPatience(mode="indian", seed=3, clock=ManualClock())
    choice = app.selector
    assert greyed(choice) == {"none": False, "turns": True, "race": True}
    assert "played alone" in choice.reason.value
    assert "played alone" in choice.opponents["turns"].tooltip
    choice.opponents["turns"].value = True  # a click that slipped through: refused, not a switch
    assert app.mode == "indian" and app.game.game == "indian" and not choice.opponents["turns"].value


def test_the_two_choices_and_app_mode_stay_in_step():
    app = AustralianPatience(mode="solo", seed=3, clock=ManualClock())
    choice = app.selector
    choice.opponents["race"].value = True
    assert app.mode == "simultaneous" and app.game.mode == "simultaneous"
    assert choice.value == "simultaneous" and not choice.opponents["none"].value
    choice.game.value = "indian"
    assert app.mode == "indian" and choice.opponents["none"].value
    choice.game.value = "australian"
    assert app.mode == "solo" and choice.reason.value == "" and not any(greyed(choice).values())
    app.mode = "turns"
    assert choice.game.value == "australian" and choice.opponents["turns"].value
    choice.opponents["turns"].value = False  # pressing the chosen one again keeps it chosen
    assert app.mode == "turns" and choice.opponents["turns"].value


def test_the_tables_own_selector_is_the_same_two_choices():
    table = GameTable(seed=4, clock=ManualClock(), wait_for_start=False)
    choice = table.mode_selector
    choice.opponents["turns"].value = True
    assert table.mode == "turns" and table.game.mode == "turns"
    choice.game.value = "indian"
    assert table.mode == "indian" and greyed(choice)["turns"]
    table.mode = "simultaneous"
    assert choice.game.value == "australian" and choice.opponents["race"].value
