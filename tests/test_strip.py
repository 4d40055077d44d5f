"""The strip of controls (one model for many buttons and fields): what a press or an edit from
the browser does, what bad messages do (nothing but a reason), and that the models an app
makes stay few."""

from __future__ import annotations

import anywidget
import pytest
from ipywidgets.widgets.widget import _instances

from ausp_widget.widgets.esm import EsmWidget, front_end_version
from ausp_widget.widgets.strip import (
    HTML,
    Button,
    FloatSlider,
    Label,
    Strip,
    Text,
    ToggleButton,
    ToggleButtons,
)
from ausp_widget.widgets.table import GameTable


def test_the_models_name_the_front_end_anywidgets_own_class_names():
    mine, theirs = EsmWidget(), anywidget.AnyWidget()
    for name in ("_model_name", "_model_module", "_model_module_version", "_view_name", "_view_module"):
        assert getattr(mine, name) == getattr(theirs, name), name
    assert mine._view_module_version == theirs._view_module_version == front_end_version()


def test_a_press_from_the_browser_clicks_the_button_unless_it_is_greyed_out():
    pressed = []
    draw = Button("ausp-button", description="Draw", tooltip="Turn a card")
    draw.on_click(lambda button: pressed.append(button.description))
    strip = Strip(controls=[draw])
    strip.handle({"id": 0, "event": "click"})
    assert pressed == ["Draw"]
    draw.disabled = True
    strip.handle({"id": 0, "event": "click"})
    assert pressed == ["Draw"] and strip.items[0]["disabled"] is True
    assert strip.items[0]["description"] == "Draw" and strip.items[0]["tooltip"] == "Turn a card"


def test_edits_from_the_browser_reach_the_values_and_their_observers():
    field = Text(description="Deal")
    speed = FloatSlider(min=0.25, max=4.0, step=0.25, value=1.0)
    level = ToggleButtons(options=[("Steady bot", "steady"), ("Strong bot", "strong")])
    race = ToggleButton(description="Race")
    strip = Strip(controls=[field, speed, level, race])
    seen = []
    level.observe(lambda change: seen.append(change.new), names="value")
    submitted = []
    field.on_submit(lambda text: submitted.append(text.value))
    strip.handle({"id": 0, "event": "value", "value": "42"})
    strip.handle({"id": 0, "event": "submit", "value": "43"})
    strip.handle({"id": 1, "event": "value", "value": 9.0})  # past the end: held at the maximum
    strip.handle({"id": 2, "event": "choose", "value": 1})
    strip.handle({"id": 3, "event": "value", "value": True})
    assert field.value == "43" and submitted == ["43"]
    assert speed.value == 4.0 and level.value == "strong" and seen == ["strong"] and race.value
    assert strip.items[2]["chosen"] == 1 and strip.items[1]["value"] == 4.0 and strip.errors == []


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("click", "could not read"),
        ({"event": "click"}, "could not read"),
        ({"id": 7, "event": "click"}, "no control 7"),
        ({"id": 1, "event": "choose", "value": 5}, "no option 5"),
        ({"id": 0, "event": "value", "value": "x"}, "does not take 'value'"),
        ({"id": 2, "event": "value", "value": "fast"}, "takes a number"),
        ({"id": 3, "event": "value", "value": 1}, "true or false"),
        ({"id": 4, "event": "value", "value": None}, "up to 200 letters"),
        ({"id": True, "event": "choose", "value": 1}, "could not read"),  # JSON true is no index
        ({"id": 1, "event": "choose", "value": True}, "no option True"),
        ({"id": 2, "event": "value", "value": 10**400}, "takes a number"),  # too large for a float
        ({"id": 2, "event": "value", "value": float("inf")}, "takes a number"),
        ({"id": 2, "event": "value", "value": float("nan")}, "takes a number"),
        ({"id": 2, "event": "value", "value": False}, "takes a number"),
    ],
)
def test_a_bad_message_is_refused_with_its_reason_and_changes_nothing(message, reason):
    pressed = []
    button = Button(description="Hint")
    button.on_click(lambda _b: pressed.append(1))
    level = ToggleButtons(options=["a", "b"])
    speed = FloatSlider(value=1.0)
    toggle = ToggleButton()
    field = Text(value="7")
    strip = Strip(controls=[button, level, speed, toggle, field])
    before = strip.items
    strip.handle(message)
    assert reason in strip.errors[-1]
    assert strip.items == before and pressed == []


def test_classes_show_and_hide_a_control_and_words_change_in_place():
    status, log = Label("ausp-status"), HTML("ausp-log", "ausp-hidden")
    strip = Strip("ausp-controls", controls=[status, log])
    log.remove_class("ausp-hidden")
    status.value = "Your move."
    assert strip.items[1]["classes"] == ["ausp-log"] and strip.items[0]["value"] == "Your move."
    assert "ausp-strip" in strip._dom_classes and "ausp-controls" in strip._dom_classes
    with pytest.raises(ValueError, match="one strip"):
        Strip(controls=[status])


def test_a_move_on_the_table_sends_one_message_for_all_its_controls(monkeypatch):
    table = GameTable(seed=4)
    sent = []
    monkeypatch.setattr(type(table.foot), "send_state", lambda self, key=None: sent.append(self.model_id))
    table.buttons["Draw"].click()  # the status line, the log, Undo and the info line all change
    assert sent.count(table.foot.model_id) == 1 and sent.count(table.top.model_id) <= 1
    assert table.foot.items[-1]["value"] == "<div>1. You: draw</div>"


def test_an_app_with_its_play_tab_open_makes_at_most_40_models():
    from ausp_widget import AustralianPatience

    before = set(_instances)
    app = AustralianPatience(seed=4)
    app.tabs.selected_index = 1
    made = [w for key, w in _instances.items() if key not in before]
    assert len(made) <= 40, sorted(type(w).__name__ for w in made)
    app.close()


@pytest.mark.parametrize("package", ["anywidget", "ausp_widget", "traitlets"])
def test_a_version_read_from_the_dist_info_folder_is_the_one_metadata_gives(package):
    from importlib import metadata

    from ausp_widget.widgets.esm import installed_version

    assert installed_version(package) == metadata.version(package)  # an editable install asks metadata


def test_enter_in_the_deal_field_deals_that_number_and_a_bad_number_changes_nothing():
    table = GameTable(seed=4)
    strip, index = table.top, table.top.controls.index(table.deal_field)
    strip.handle({"id": index, "event": "submit", "value": "77"})
    assert table.game.seed == 77 and table.deal_field.value == "77"
    before = table.game
    strip.handle({"id": index, "event": "submit", "value": "seven"})
    assert table.game is before and "whole number" in table.status.value


def test_a_malformed_message_to_the_tables_controls_is_said_on_the_board_and_changes_nothing():
    table = GameTable(seed=4)
    before = table.game.to_text()
    table.foot.handle({"id": 99, "event": "click"})
    assert "changes nothing: there is no control 99" in table.status.value
    assert table.board.widget.notice["kind"] == "refused" and table.game.to_text() == before


@pytest.mark.parametrize(
    ("version", "asked"),
    [("0.11.0", "~0.11.*"), ("1.2.3", "~1.2.*"), ("0.12.0a1", "0.12.0a1"), ("2", "~2.0.*")],
)
def test_a_model_asks_for_the_front_ends_of_its_major_and_minor_version(version, asked):
    from ausp_widget.widgets.esm import version_range

    assert version_range(version) == asked
