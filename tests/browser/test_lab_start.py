"""A teacher's first minutes in a real JupyterLab: notebook 03's race waits on screen until Start,
counts 3, 2, 1, then the bot plays; notebook 01's app shows the game and the opponent as two
choices, Indian Patience against the bot greyed out with its reason."""

from __future__ import annotations

from board_dom import click, columns, place
from jupyter_servers import eventually, open_notebook


def nth_app(page, first, index: int):
    """The `index`-th app of the notebook whose first app is `first`."""
    panel = first.evaluate("e => e.closest('.jp-NotebookPanel').id")
    return page.locator(f"[id='{panel}'] .ausp-app").nth(index)


def log_text(app) -> str:
    return app.locator(".ausp-log").first.inner_text()


def test_the_race_waits_for_start_then_counts_down_and_the_bot_plays(page, lab_url, shots):
    first = open_notebook(page, lab_url, "03_two_players.ipynb")
    race = nth_app(page, first, 1)
    eventually(page, lambda: len(columns(race, player=1)) == 7, seconds=60)
    bot_before = columns(race, player=1)
    status = race.locator(".ausp-status")
    assert "Press Start when the class is ready" in status.inner_text()
    start = race.locator(".ausp-start")
    shots(page, "race-before-start", race)
    page.wait_for_timeout(3000)  # the class takes its time: nothing moves
    assert columns(race, player=1) == bot_before and "The bot" not in log_text(race)
    click(page, place(race, "stock/0/0"))  # your cards wait too
    eventually(page, lambda: status.inner_text() == "Press Start when the class is ready.")
    assert "The bot" not in log_text(race) and "You" not in log_text(race)

    start.click()
    count = race.locator(".ausp-countdown")
    eventually(page, lambda: count.inner_text().strip() in ("3", "2"), seconds=5)
    shots(page, "race-countdown", race)
    assert "The bot" not in log_text(race)
    eventually(page, lambda: "The bot" in log_text(race), seconds=15)
    shots(page, "race-started", race)
    assert not start.is_visible()


def test_indian_patience_against_the_bot_is_greyed_out_with_its_reason(page, lab_url, shots):
    app = open_notebook(page, lab_url, "01_learn_and_play.ipynb")
    choice = app.locator(".ausp-mode-choice").first
    choice.get_by_role("button", name="Indian Patience").click()
    turns = choice.locator(".ausp-opponent-turns")
    eventually(page, lambda: turns.is_disabled(), seconds=10)
    assert choice.locator(".ausp-opponent-race").is_disabled()
    assert not choice.locator(".ausp-opponent-none").is_disabled()
    reason = choice.locator(".ausp-mode-reason")
    eventually(page, lambda: "played alone" in reason.inner_text())
    assert reason.is_visible()
    assert "played alone" in (turns.get_attribute("title") or "")
    eventually(page, lambda: "Indian Patience" in app.locator("h2").first.inner_text())
    shots(page, "choice-indian-greyed", app)
    choice.get_by_role("button", name="Australian Patience").click()
    eventually(page, lambda: not turns.is_disabled(), seconds=10)
    turns.click()
    eventually(page, lambda: turns.get_attribute("aria-pressed") == "true", seconds=10)
    shots(page, "choice-australian-turns", app)
