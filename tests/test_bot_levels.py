"""Bot levels in the two-player games: "steady" (the rules' bot) and "strong" (play-outs)."""

import json

import pytest

from ausp_widget import AustralianPatience, Game
from ausp_widget.analysis.rollout import RolloutBot
from ausp_widget.games.australian.bot import Bot, play_out
from ausp_widget.widgets.table import GameTable, ManualClock


def test_the_strong_level_is_asked_for_by_name_and_shown_as_chosen():
    app = AustralianPatience(mode="turns", bot="strong", seed=3, clock=ManualClock(), wait_for_start=False)
    assert isinstance(app.table.bot, RolloutBot)
    assert app.table.bot_level.value == "strong" and "ausp-hidden" not in app.table.bot_level._dom_classes
    app.mode = "simultaneous"
    assert isinstance(app.table.bot, RolloutBot), "the level holds across modes"
    app.mode = "solo"
    assert app.table.bot is None and "ausp-hidden" in app.table.bot_level._dom_classes


def test_the_level_can_change_during_a_game():
    table = GameTable(mode="turns", seed=3, clock=ManualClock(), wait_for_start=False)
    assert type(table.bot) is Bot and table.bot_level.value == "steady"
    history = tuple(table.game.history)
    table.bot_level.value = "strong"
    assert isinstance(table.bot, RolloutBot) and tuple(table.game.history) == history, "the game goes on"
    assert "strong bot plays" in table.status.value


@pytest.mark.parametrize("level", ["fast", 3, "Strong"])
def test_an_unknown_level_is_refused_by_name(level):
    with pytest.raises(ValueError, match="bot must be one of 'steady', 'strong'"):
        GameTable(mode="turns", bot=level)


def _with_bot_stock_reversed(game: Game) -> Game:
    """The same game with the bot's stock in another order (nothing the bot can see changes)."""
    data = json.loads(game.to_json())
    data["seed"] = None  # no longer the deal of a number
    for key in ("start", "position"):
        data[key]["layouts"][1]["stock"].reverse()
    return Game.from_json(json.dumps(data))


def test_the_strong_bot_reads_only_its_view():
    game = Game.deal(3, "turns", first=1)
    other = _with_bot_stock_reversed(game)
    assert other.stock(1) != game.stock(1) and other.view(1) == game.view(1)
    assert RolloutBot(seed=4).choose(game.view(1)) == RolloutBot(seed=4).choose(other.view(1))


def test_the_strong_bot_plays_whole_games_in_both_modes():
    for mode in ("turns", "simultaneous"):
        game = Game.deal(5, mode)
        play_out(game, [Bot(), RolloutBot(samples=3)], seed=1)
        assert game.status == "over" and sum(game.scores) > 0
