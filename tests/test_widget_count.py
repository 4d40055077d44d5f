"""Every widget model is sent to the browser, opened there and kept in a saved notebook: the whole
app, with every tab opened and the review panel made, stays within a small number of them."""

from __future__ import annotations

import ipywidgets as widgets
from ipywidgets.embed import dependency_state
from ipywidgets.widgets.widget import _instances

from ausp_widget import AustralianPatience
from ausp_widget.widgets.app import TABS

MOST = 40  # models for the app with every part made


def models(widget: widgets.Widget) -> set[str]:
    """The ids of the models the browser gets to draw `widget`."""
    return set(dependency_state(widget))


def test_the_whole_app_stays_within_its_widget_budget(capsys):
    live_before = set(_instances)
    app = AustralianPatience(seed=1)
    try:
        seen = models(app)
        counts = {"start": len(seen)}
        for index, title in enumerate(TABS):
            app.tabs.selected_index = index
            now = models(app)
            counts[title] = len(now - seen)
            seen |= now
        app.table.review_panel  # noqa: B018  (the Review button's panel, made as on a first review)
        now = models(app)
        counts["review"] = len(now - seen)
        seen |= now
        drawn = models(app)  # the stand-ins of the tabs made on opening are closed by now
        live = set(_instances) - live_before
        with capsys.disabled():
            print(f"\nwidget models: {counts}, drawn {len(drawn)}, live {len(live)}")
        assert drawn <= live, "every model drawn is a live one"
        assert len(live) <= MOST, f"{len(live)} live widget models: {counts}"
    finally:
        app.close()
