"""The guide view and the app, driven as a user does: clicks, the auto-play and trait changes."""

import pytest
import traitlets
from positions import PAGAT

from ausp_widget import AustralianPatience, Card, Game, IllegalMoveError
from ausp_widget.core.lesson import steps
from ausp_widget.widgets.guide import ROLE_CLASSES, GuideView
from ausp_widget.widgets.table import ManualClock


def classes_of(guide: GuideView, card: str, player: int = 0) -> tuple[str, ...]:
    wanted = Card.parse(card)
    views = [v for slot, v in guide.board.views.items() if v.card == wanted and _player(slot) == player]
    assert len(views) == 1, f"{card} shown {len(views)} times"
    return views[0].face.classes


def _player(slot: tuple) -> int:
    return slot[1] if slot[0] in ("stock", "waste", "column") else -1


def shown(guide: GuideView, player: int = 0) -> list[tuple[str, ...]]:
    """The cards in each column, as the board's card widgets show them."""
    columns = []
    for c in range(7):
        views = [guide.board.views.get(("column", player, c, d)) for d in range(30)]
        columns.append(tuple(str(v.card) for v in views if v is not None and v.card is not None))
    return columns


def test_prev_next_walk_the_steps_with_a_counter():
    guide = GuideView()
    assert guide.step == 0 and guide.counter.value == f"Step 1 of {len(guide.steps)}"
    assert guide.prev_button.description == "Prev" and guide.prev_button.disabled
    guide.next_button.click()
    guide.next_button.click()
    assert guide.step == 2 and guide.counter.value == f"Step 3 of {len(guide.steps)}"
    assert guide.current.title in guide.title.value and guide.current.text in guide.text.value
    guide.prev_button.click()
    assert guide.step == 1
    for _ in range(len(guide.steps) + 3):
        guide.next_button.click()
    assert guide.step == len(guide.steps) - 1 and guide.next_button.disabled


def test_the_board_shows_the_steps_position():
    guide = GuideView()
    for index in (0, 3, 10):
        guide.step = index
        position = guide.steps[index].position
        assert shown(guide) == [tuple(map(str, col)) for col in position.tableau()]


def watched_move() -> GuideView:
    """A guide at the first step that shows a move to watch (the two-player chapters have some)."""
    for mode in ("solo", "turns", "simultaneous", "indian"):
        guide = GuideView(mode)
        for index, step in enumerate(guide.steps):
            if step.move is not None and step.task is None:
                guide.step = index
                return guide
    raise AssertionError("no guide has a move to watch")


def test_highlight_first_then_the_move_is_applied():
    guide = watched_move()
    step = guide.current
    for card in step.group:
        assert ROLE_CLASSES["group"] in classes_of(guide, str(card), player=step.player)
    assert not guide.show_button.disabled
    before = shown(guide, step.player)
    assert guide.show_button.description == "Show move", "the button never gives the answer away"
    guide.show_button.value = True
    assert guide.shown
    assert shown(guide, step.player) != before or step.move.kind == "foundation"
    guide.next_button.click()
    assert not guide.shown and not guide.show_button.value


def test_a_card_sent_home_is_highlighted_on_its_pile():
    guide = GuideView()
    guide.step = next(i for i, s in enumerate(guide.steps) if s.title == "Start a foundation")
    ace = next(v for v in guide.board.card_views() if str(v.card) == "A♠")
    ace.click()
    home = guide.board.views[("foundation", 4)]
    assert ROLE_CLASSES["target"] in home.face.classes, "where the selected card may go"
    ace.click()  # a second click sends it home, as in the live game
    assert str(home.card) == "A♠"
    assert ROLE_CLASSES["moved"] in home.face.classes and ROLE_CLASSES["target"] not in home.face.classes


def test_changing_step_restyles_only_what_changed():
    guide = GuideView()
    guide.step = 2
    widget, spots = guide.board.board.widget, set(guide.board.views)
    changed = guide.board.show(guide.steps[3].position, {}, None)
    assert 0 < changed < len(spots)
    assert guide.board.board.widget is widget, "the same board, never a new one"


def test_auto_play_steps_on_the_kernels_clock_through_highlight_then_move():
    clock = ManualClock()
    guide = GuideView(clock=clock)
    watched = watched_move()
    guide.mode = watched.mode
    index = watched.step
    guide.go(index - 1)
    guide.speed.value = 4.5
    guide.play.value = True  # the Auto-play button
    assert guide.playing and clock.pending == 1
    clock.advance(4.4)
    assert guide.step == index - 1, "nothing happens before the interval"
    clock.advance(0.1)
    seen = [(guide.step, guide.shown)]
    while guide.playing and len(seen) < 2 * len(guide.steps):
        clock.advance(4.5)
        seen.append((guide.step, guide.shown))
    assert (index, True) in seen, "the move of a watched step is shown before going on"
    assert not guide.playing and clock.pending == 0
    assert guide.step == len(guide.steps) - 1 or guide.current.task is not None


def test_the_auto_play_control_says_what_it_does():
    guide = GuideView()
    row = next(strip for strip in guide.strips if guide.play in strip.controls)
    assert guide.play.description == "Auto-play" and guide.speed in row.controls


def test_every_step_offers_play_now():
    started = []
    guide = GuideView("turns", on_play_now=lambda: started.append(True))
    for step in (0, len(guide.steps) - 1):
        guide.step = step
        assert guide.play_now.description == "Play now"
        assert "ausp-hidden" not in guide.play_now._dom_classes
        guide.play_now.click()
    assert started == [True, True]


def test_bad_steps_and_modes_are_refused_and_change_nothing():
    guide = GuideView()
    guide.step = 4
    with pytest.raises(traitlets.TraitError, match="step must be 0 to"):
        guide.step = len(guide.steps)
    with pytest.raises(traitlets.TraitError, match="mode must be one of"):
        guide.mode = "klondike"
    assert guide.step == 4 and guide.mode == "solo"
    with pytest.raises(ValueError, match="mode must be one of"):
        GuideView("klondike")


def test_two_player_guide_shows_both_layouts():
    guide = GuideView("simultaneous")
    race = next(i for i, s in enumerate(guide.steps) if s.title == "The first play takes the space")
    guide.step = race
    step = guide.current
    assert step.player == 1 and step.move.card == Card.parse("2♥")
    assert ROLE_CLASSES["group"] in classes_of(guide, "2♥", player=1)
    assert "ausp-theirs" in classes_of(guide, "2♥", player=1)
    assert ROLE_CLASSES["target"] in guide.board.views[("foundation", 5)].face.classes
    assert len(guide.board.views) > 56 + 8


def test_two_player_guide_names_its_piles_as_its_moves_do():
    guide = GuideView("turns")
    guide.step = len(guide.steps) - 1  # a step of the chapter against the bot
    piles = [p for p in guide.board.board.state["piles"] if p["kind"] == "foundation"]
    assert [p.get("label") for p in piles] == [f"F{k}" for k in range(1, 9)]
    for k in range(1, 9):
        pile = guide.board.views[("foundation", k)]
        assert pile.pile.index == k - 1
        assert pile.card is not None or pile.face.description.startswith(f"F{k}, ")
    solo = GuideView()
    plain = [p for p in solo.board.board.state["piles"] if p["kind"] == "foundation"]
    assert len(plain) == 4 and not any("label" in p for p in plain), "solo: plain piles"


def gids(fig) -> list[str]:
    return sorted(p.get_gid() or "" for ax in fig.axes for p in ax.patches)


def test_the_guide_draws_its_step_as_a_figure_before_and_after_the_move():
    guide = GuideView()
    while guide.current.title != "Move a card with the cards covering it":
        guide.next_button.click()
    before = guide.figure()
    assert "move-arrow" in gids(before)
    assert gids(before) == gids(guide.current.figure())
    after = guide.figure(after=True)
    assert "move-arrow" not in gids(after)
    assert gids(after) == gids(guide.current.figure(after=True))
    assert {"highlight:mark:0:J♥", "highlight:mark:0:4♣"} <= set(gids(after)), "the moved group"
    other = guide.figure(0)  # another step: its position, before its move
    assert gids(other) == gids(guide.steps[0].figure())
    assert gids(guide.figure(guide.step, after=False)) == gids(before)
    with pytest.raises(IndexError, match="step must be 0 to"):
        guide.figure(len(guide.steps))


# ---- the app ---------------------------------------------------------------------------------------
@pytest.fixture
def app():
    app = AustralianPatience(seed=42, clock=ManualClock(), wait_for_start=False)
    yield app
    app.table.close()


def test_app_starts_with_the_guide_and_a_live_game(app):
    assert isinstance(app.game, Game) and app.game.mode == "solo" and app.game.seed == 42
    assert app.game.tableau() == Game.deal(42).tableau()
    assert app.tabs.titles == ("Guide", "Play", "Puzzles", "Rules") and app.tabs.selected_index == 0
    assert app.guide.step == 0 and len(app.guide.steps) == len(steps("solo"))
    assert "Strategy tips" in app.rules.value


def test_the_selector_changes_game_guide_and_rules(app):
    app.selector.value = "turns"
    assert app.mode == "turns" and app.game.mode == "turns"
    assert app.guide.mode == "turns" and [s.title for s in app.guide.steps] == [
        s.title for s in steps("turns")
    ]
    assert "Rules: Turn-based vs bot" in app.rules.value and "How the bot plays" in app.rules.value
    assert app.guide.steps[-1].position.players == 2


def test_setting_mode_is_the_same_as_the_selector(app):
    app.guide.step = 5
    old = app.game
    app.mode = "simultaneous"
    assert app.selector.value == "simultaneous" and app.game.mode == "simultaneous" and app.game is not old
    assert app.guide.step == 0 and app.guide.steps[-1].exercise.checkup
    assert app.guide.steps[-1].position.mode == "simultaneous"
    with pytest.raises(traitlets.TraitError):
        app.mode = "klondike"
    assert app.mode == "simultaneous"


def test_play_now_hands_over_to_the_live_game(app):
    app.guide.go(len(app.guide.steps) - 1)
    game = app.game
    app.guide.play_now.click()
    assert app.tabs.selected_index == 1 and app.game is game, "a game in progress is kept"
    app.game.play(app.game.legal_moves()[0])
    assert len(app.game.history) == 1


def test_widgets_are_updated_in_place(app):
    children = app.children
    guide, table, trainer, rules = app.tabs.children
    app.mode = "turns"
    assert app.children == children and app.tabs.children == (guide, table, trainer, rules)


def test_unknown_mode_for_the_app():
    with pytest.raises(ValueError, match="mode must be one of"):
        AustralianPatience(mode="klondike")


def test_changing_mode_keeps_the_deal_number_typed_on_the_table(app):
    app.table.deal_field.value = "17"
    app.table.buttons["New game"].click()
    assert app.game.seed == 17
    app.selector.value = "turns"
    assert app.game.mode == "turns" and app.game.seed == 17
    assert app.game.tableau(0) == Game.deal(17, "turns").tableau(0)
    assert app.table.deal_field.value == "17"


def test_without_a_seed_changing_mode_keeps_the_random_deal():
    app = AustralianPatience(clock=ManualClock(), wait_for_start=False)
    dealt = app.game.seed
    app.mode = "simultaneous"
    assert app.game.mode == "simultaneous" and app.game.seed == dealt
    app.table.close()


def test_a_game_handed_to_the_app_brings_mode_guide_and_rules_with_it(app):
    game = Game.deal(3, mode="simultaneous")
    app.game = game
    assert app.game is game and app.table.game is game
    assert app.mode == "simultaneous" and app.selector.value == "simultaneous"
    assert app.guide.mode == "simultaneous" and 'data-mode="simultaneous"' in app.rules.value
    app.guide.go(len(app.guide.steps) - 1)
    app.guide.play_now.click()
    assert app.game is game, "Play now keeps the game that was handed over"
    with pytest.raises(TypeError, match=r"table\.game takes a game"):
        app.game = "draw"
    assert app.game is game


def test_the_app_follows_a_mode_set_on_the_table(app):
    app.table.game = Game.from_text(PAGAT)
    assert app.mode == "solo" and app.game.seed is None
    app.table.mode = "turns"
    assert app.game.mode == "turns" and app.mode == "turns" and app.selector.value == "turns"
    assert app.guide.mode == "turns" and "Rules: Turn-based vs bot" in app.rules.value
    game = app.game
    app.table.mode_selector.value = "simultaneous"  # the table's own selector, were it shown
    assert app.mode == "simultaneous" and app.game.mode == "simultaneous" and app.game is not game
    new = app.game
    app.selector.value = "simultaneous"  # no change: the game goes on
    assert app.game is new


def test_a_refused_move_typed_at_app_game_raises_and_shows_why(app):
    app.game = Game.from_text(PAGAT)
    with pytest.raises(IllegalMoveError, match="same suit"):
        app.game.play("9♥ 3♣")
    assert app.table.status.value.startswith("9♥ 3♣ was refused. 3♣ cannot take 9♥")
    assert app.game.history == ()


# ---- Indian Patience ----------------------------------------------------------------------------------
def test_the_app_plays_and_teaches_indian_patience():
    app = AustralianPatience(mode="indian", seed=7)
    assert any("indian" in option for option in app.selector.options) and app.selector.value == "indian"
    assert app.game.game == "indian" and app.game.seed == 7
    assert app.guide.steps[0].position.game == "indian"
    assert "Indian Patience" in app.rules.value and "protected" in app.rules.value
    assert "Indian Patience" in app.heading.value


def test_changing_the_apps_mode_to_indian_and_back_keeps_the_deal_number():
    app = AustralianPatience(seed=9)
    assert app.game.game == "australian"
    app.mode = "indian"
    assert app.game.game == "indian" and app.game.seed == 9 and app.guide.mode == "indian"
    assert app.table.mode == "indian" and "Indian Patience" in app.rules.value
    app.selector.value = "solo"
    assert app.game.game == "australian" and app.game.seed == 9 and app.mode == "solo"
    assert "Australian Patience" in app.heading.value


def test_an_indian_game_handed_to_the_app_brings_its_mode():
    app = AustralianPatience(seed=2)
    app.game = Game.deal(11, game="indian")
    assert app.mode == "indian" and app.selector.value == "indian" and app.guide.mode == "indian"


def test_the_guides_indian_board_shows_ten_columns_with_nameless_backs():
    guide = GuideView("indian")
    step = guide.steps[0]
    backs = [v for v in guide.board.views.values() if v.face.description == "face-down card"]
    assert len(backs) == 10 and all(v.card is None for v in backs)
    hidden = {column[0] for column in step.position.tableau()}
    visible = {c for column in step.position.visible_tableau() for c in column if c is not None}
    for card in hidden - visible:  # a face-down card whose twin is not on show is named nowhere
        assert not any(card.name in v.face.tooltip for v in guide.board.views.values())
    guide.go(next(i for i, st in enumerate(guide.steps) if any(st.position.protected())))
    position = guide.steps[guide.step].position
    column = position.protected().index(True)
    protected = position.tableau()[column][0]
    view = guide.board.views[("column", 0, column, 0)]
    assert view.card == protected and "ausp-protected" in view.face.classes
    guide.go(next(i for i, st in enumerate(guide.steps) if () in st.position.tableau()))
    column = guide.steps[guide.step].position.tableau().index(())
    empty = guide.board.views[("column", 0, column, 0)]  # no "K" drawn where any card may go
    assert not any(c.startswith("ausp-slot-takes") for c in empty.face.classes)


def test_play_now_in_the_indian_guide_hands_over_to_an_indian_game():
    app = AustralianPatience(mode="indian", seed=3)
    app.guide.go(len(app.guide.steps) - 1)
    app.guide.play_now.click()
    assert app.tabs.selected_index == 1 and app.game.game == "indian"


def test_mode_switches_and_new_games_close_what_they_no_longer_show():
    from ipywidgets.widgets.widget import _instances

    baseline = set(_instances.values())
    app = AustralianPatience(seed=4)
    rounds = []
    for _ in range(3):
        for mode in ("turns", "indian", "solo", "simultaneous", "indian", "solo"):
            app.mode = mode
            app.table.buttons["New game"].click()
        rounds.append(len(_instances))
    assert rounds[1] == rounds[2], f"live widget models grow with every round of switches: {rounds}"
    app.table.close()
    app.table.close()  # twice is fine
    app.close()
    app.close()
    alive = [w for w in _instances.values() if w not in baseline]
    assert alive == [], f"{len(alive)} widget models outlive the closed app"


def test_projector_size_reaches_the_guides_board_too():
    app = AustralianPatience(seed=4, large=True)
    assert "ausp-large" in app.guide.board.box._dom_classes and "ausp-large" in app.table._dom_classes
    app.table.large = False
    assert "ausp-large" not in app.guide.board.box._dom_classes


def test_an_indian_guide_step_draws_as_a_figure():
    guide = GuideView("indian")
    figure = guide.figure(step=1)
    assert sum(1 for p in figure.axes[0].patches if p.get_gid() == "face-down") >= 1


def test_an_indian_game_with_rule_options_shows_them_in_the_rules_and_keeps_them_for_new_deals(app):
    kings, options = "Only a King may fill an empty column", {"empty_column": "kings", "partial_refill": True}
    app.game = Game.deal(5, game="indian", options=options)
    assert app.mode == "indian" and app.table.rule_options == options
    assert kings in app.rules.value and "also when it holds only one or two" in app.rules.value
    app.table.new_game(seed=6)
    assert app.game.seed == 6 and app.game.rule_options() == options
    assert kings in app.rules.value
    app.game = Game.deal(7, game="indian")  # the defaults again: the panel follows
    assert app.table.rule_options == {} and kings not in app.rules.value
    assert "An empty column takes any single card" in app.rules.value
    app.mode = "solo"  # another game: no Indian options carried over
    assert app.game.rule_options() == {} and "Rules: " in app.rules.value
    app.table.close()


def test_one_app_makes_few_widget_models_and_no_more_as_it_is_used():
    from ipywidgets.widgets.widget import _instances

    from ausp_widget.widgets.puzzle_trainer import PuzzleTrainer
    from ausp_widget.widgets.table import GameTable

    before = len(_instances)
    app = AustralianPatience(seed=4)
    made = len(_instances) - before
    assert made <= 40, f"one app makes {made} widget models"
    assert not isinstance(app.tabs.children[1], GameTable), "the table is made when its tab opens"
    app.tabs.selected_index = 1
    assert app.tabs.children[1] is app.table and app.game.seed == 4
    played = len(_instances) - before
    for mode in ("turns", "indian", "solo", "simultaneous", "indian") * 2:
        app.mode = mode
    switched = len(_instances) - before
    for seed in range(1, 21):
        app.table.new_game(seed)
    assert switched == played and len(_instances) - before == played, "mode switches and new games add none"
    assert not isinstance(app.tabs.children[2], PuzzleTrainer), "the trainer is made when first opened"
    app.tabs.selected_index = 2
    assert app.tabs.children[2] is app.puzzles and app.puzzles.active and len(_instances) - before > played
    app.close()
    assert len(_instances) == before


@pytest.mark.parametrize(
    ("owner", "name", "value", "error"),
    [
        ("guide", "step", 10_000, ValueError),
        ("guide", "step", True, TypeError),
        ("guide", "step", "3", TypeError),
        ("app", "mode", "no such mode", ValueError),
        ("app", "mode", 5, TypeError),
    ],
)
def test_a_bad_setting_raises_the_value_or_type_error_the_readme_promises(owner, name, value, error):
    app = AustralianPatience(mode="solo", seed=42)
    target = app.guide if owner == "guide" else app
    before = (app.guide.step, app.mode, app.game.to_json())
    with pytest.raises(error, match=name):
        setattr(target, name, value)
    assert (app.guide.step, app.mode, app.game.to_json()) == before
