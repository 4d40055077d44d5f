"""A widget that shows a board puts a still picture of it beside its view, for pages that run no
widgets (GitHub), and leaves its bundle alone where matplotlib is missing (the classroom site)."""

import base64
import logging

import pytest
from IPython.core.formatters import DisplayFormatter

from ausp_widget import AustralianPatience
from ausp_widget.widgets import still
from ausp_widget.widgets.still import PNG, WIDGET_VIEW, still_png
from ausp_widget.widgets.table import GameTable


def bundle(widget, **options) -> dict:
    data, _ = DisplayFormatter().format(widget, **options)
    return data


def png_bytes(data: dict) -> bytes:
    return base64.b64decode(data[PNG])


@pytest.fixture
def table():
    table = GameTable(seed=4)
    yield table
    table.close()


def test_a_table_shows_its_position_as_a_picture_beside_the_view_and_after_a_move_the_new_one(table):
    data = bundle(table)
    assert WIDGET_VIEW in data and data[PNG] == still_png(table.game.plot())
    table.play("6♥ 7♥")
    after = bundle(table)
    assert after[PNG] == still_png(table.game.plot()) and after[PNG] != data[PNG]


def test_the_picture_is_small_and_carries_no_software_version(table):
    png = png_bytes(bundle(table))
    assert png.startswith(b"\x89PNG")
    width = int.from_bytes(png[16:20], "big")
    assert abs(width - table.game.plot().get_size_inches()[0] * still.DPI) < 1  # DPI pixels an inch
    assert len(png) < 40_000
    assert b"Software" not in png and b"atplotlib" not in png


def test_the_app_pictures_the_tab_on_show_without_making_the_live_table():
    app = AustralianPatience(seed=4)
    try:
        assert bundle(app)[PNG] == still_png(app.guide.figure())
        assert app._table is None  # the live table is still made only when its tab opens
        app.play_now()
        assert bundle(app)[PNG] == still_png(app.game.plot())
        app.tabs.selected_index = 3  # the rules: no board on show, no picture
        assert PNG not in bundle(app) and WIDGET_VIEW in bundle(app)
    finally:
        app.close()


def test_without_matplotlib_the_bundle_is_the_widgets_own(table, monkeypatch):
    monkeypatch.setattr(still, "can_plot", lambda: False)
    assert set(bundle(table)) == {"text/plain", WIDGET_VIEW}


def test_a_picture_not_asked_for_is_not_drawn(table, monkeypatch):
    monkeypatch.setattr(table, "still_figure", lambda: pytest.fail("drawn though excluded"))
    assert PNG not in bundle(table, exclude={PNG})


def test_a_picture_that_fails_to_draw_leaves_the_view_and_says_why_in_the_log(table, monkeypatch, caplog):
    def broken():
        raise RuntimeError("no ink")

    monkeypatch.setattr(table, "still_figure", broken)
    with caplog.at_level(logging.ERROR, logger=still.__name__):
        data = bundle(table)
    assert WIDGET_VIEW in data and PNG not in data
    assert "still picture of GameTable" in caplog.text and "no ink" in caplog.text
