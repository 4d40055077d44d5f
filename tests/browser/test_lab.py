"""The learn-and-play notebook in a real JupyterLab and in Voilà, clicked as a person would."""

from __future__ import annotations

import re

from jupyter_servers import eventually, open_notebook

from ausp_widget import Game

# Each column of your side of the live table, as the list of card names it shows (bottom first).
COLUMNS_JS = """(root) => Array.from(root.querySelectorAll('.ausp-live .ausp-side-you .ausp-col')).map(
  col => Array.from(col.querySelectorAll('button.ausp-face')).filter(b => b.offsetParent !== null)
             .map(b => b.title))"""


def names(column) -> list[str]:
    return [card.name for card in column]


def live_columns(app) -> list[list[str]]:
    return app.evaluate(COLUMNS_JS)


def wait_columns(page, app, expected: list[list[str]]) -> None:
    """Wait until the live table shows exactly these columns."""
    try:
        eventually(page, lambda: live_columns(app) == expected, seconds=10)
    except AssertionError:
        assert live_columns(app) == expected


def click_card(app, name: str) -> None:
    """Click a card where a player would: on its visible top strip (covered cards overlap)."""
    app.locator(f'.ausp-live .ausp-side-you button[title="{name}"]').click(position={"x": 12, "y": 6})


GUIDE_HIGHLIGHTS = ", ".join(
    f".ausp-guide .ausp-guide-board .{role}"
    for role in ("ausp-selected", "ausp-target", "ausp-hint", "ausp-moved")
)


def guide_state(app) -> tuple[str, list[str]]:
    """The guide step's title and the cards it highlights."""
    title = app.locator(".ausp-guide h3, .ausp-guide .ausp-step-title").first.inner_text()
    return title, app.locator(GUIDE_HIGHLIGHTS).evaluate_all("els => els.map(e => e.title)")


def test_learn_then_play_in_jupyterlab(page, lab_url, shots):
    app = open_notebook(page, lab_url, "01_learn_and_play.ipynb")
    shots(page, "1-guide")

    # The guide: Next and Prev change the caption and the highlighted cards.
    counter = app.get_by_text(re.compile(r"^Step \d+ of \d+$"))
    total = int(counter.inner_text().split()[-1])
    first = eventually(page, lambda: guide_state(app) if guide_state(app)[1] else None)
    assert not app.get_by_role("button", name="Show me").is_visible(), "a step to watch has no task"
    app.get_by_role("button", name="Next").click()

    def moved_on() -> bool:
        title, marks = guide_state(app)
        return title != first[0] and bool(marks) and marks != first[1]

    eventually(page, moved_on)
    assert counter.inner_text().startswith("Step 2 of")
    shots(page, "2-guide-next")
    app.get_by_role("button", name="Prev").click()
    assert eventually(page, lambda: guide_state(app) == first)

    # A lesson task, done on the guide's board: a wrong try is refused with the rule it breaks
    # and changes nothing; the right move is praised and earns stars.
    title = app.locator(".ausp-guide h3").first
    for _ in range(total):
        if title.inner_text() == "Build down in suit":
            break
        app.get_by_role("button", name="Next").click()
        page.wait_for_timeout(150)
    assert title.inner_text() == "Build down in suit"
    assert "Your move" in app.locator(".ausp-task").inner_text()
    assert app.get_by_role("button", name="Show me").is_visible()
    feedback = app.locator(".ausp-guide .ausp-task")
    board = app.locator(".ausp-guide .ausp-guide-board")
    six = board.locator('button[title="six of hearts"]')
    before = board.locator("button.ausp-face").evaluate_all("els => els.map(e => e.title)")
    six.click(position={"x": 12, "y": 6})
    board.locator('button[title="seven of spades"]').click(position={"x": 12, "y": 6})
    eventually(page, lambda: "same suit" in feedback.inner_text())
    assert board.locator("button.ausp-face").evaluate_all("els => els.map(e => e.title)") == before
    shots(page, "3-lesson-wrong-try")
    six.click(position={"x": 12, "y": 6})
    board.locator('button[title="seven of hearts"]').click(position={"x": 12, "y": 6})
    eventually(page, lambda: "well done" in feedback.inner_text())
    assert "★" in feedback.inner_text()
    shots(page, "3-lesson-done")

    # Hand over to the live game in the same output.
    play_now = app.get_by_role("button", name="Play now")
    play_now.wait_for()
    play_now.click()
    deal = Game.deal(4)
    wait_columns(page, app, [names(col) for col in deal.tableau()])
    shots(page, "4-play")

    # A legal move by clicking the card, then its destination: 6♥ goes onto 7♥.
    before = live_columns(app)
    click_card(app, "six of hearts")
    click_card(app, "seven of hearts")
    deal.play("6♥ 7♥")
    after = [names(col) for col in deal.tableau()]
    wait_columns(page, app, after)
    assert after != before
    shots(page, "4-moved")

    # Illegal tries: the message says why and nothing moves.
    status = app.locator(".ausp-status")
    click_card(app, "four of spades")  # 5♠ is still in the stock: 4♠ cannot move
    page.wait_for_function("() => document.querySelector('.ausp-status').innerText.includes('4♠')")
    assert "stock" in status.inner_text()
    click_card(app, "five of hearts")  # 5♥ could go onto 6♥, but is tried on 7♠
    click_card(app, "seven of spades")
    page.wait_for_function("() => document.querySelector('.ausp-status').innerText.includes('same suit')")
    assert "5♥" in status.inner_text()
    assert live_columns(app) == after
    shots(page, "5-illegal")

    # Undo puts 6♥ back.
    app.get_by_role("button", name="Undo").click()
    wait_columns(page, app, before)

    # A new game by number: the same deal as Game.deal(7).
    app.locator(".ausp-deal input").fill("7")
    app.get_by_role("button", name="New game").click()
    wait_columns(page, app, [names(col) for col in Game.deal(7).tableau()])
    shots(page, "6-deal-7")

    # Turn-based: draw ends your turn, and the bot answers.
    app.get_by_role("button", name="Turn-based vs bot").click()
    app.locator(".ausp-live .ausp-side-bot").wait_for()
    app.get_by_role("button", name="Draw").click()
    page.wait_for_function("() => /bot/i.test(document.querySelector('.ausp-log').innerText)", timeout=30_000)
    page.wait_for_function(
        "() => /your turn/i.test(document.querySelector('.ausp-info').innerText"
        " + document.querySelector('.ausp-status').innerText)",
        timeout=30_000,
    )
    shots(page, "7-bot-answered")


def play_six_onto_seven_of_hearts(page, app) -> None:
    """On the Play tab of deal 4, click 6♥ then 7♥, and see the move on the table."""
    app.get_by_role("tab", name="Play").click()
    deal = Game.deal(4)
    wait_columns(page, app, [names(col) for col in deal.tableau()])
    click_card(app, "six of hearts")
    click_card(app, "seven of hearts")
    deal.play("6♥ 7♥")
    wait_columns(page, app, [names(col) for col in deal.tableau()])


def test_notebook7_runs_the_app_and_a_click_plays(page, notebook7_url, shots):
    app = open_notebook(page, notebook7_url, "01_learn_and_play.ipynb", path="notebooks")
    play_six_onto_seven_of_hearts(page, app)
    shots(page, "notebook7-moved")


def test_voila_renders_the_app_and_a_click_plays(page, voila_url, shots):
    page.goto(f"{voila_url}/")
    app = page.locator(".ausp-app").first
    app.wait_for(timeout=90_000)
    play_six_onto_seven_of_hearts(page, app)
    shots(page, "voila-moved")


def test_indian_patience_plays_on_the_same_table_in_jupyterlab(page, lab_url, shots):
    app = open_notebook(page, lab_url, "01_learn_and_play.ipynb")
    app.get_by_role("button", name="Indian Patience").click()
    app.get_by_role("tab", name="Play").click()
    deal = Game.deal(4, game="indian")  # the app keeps its deal number across modes

    def shown() -> list[list[str]]:
        return [[card.name for card in column if card is not None] for column in deal.visible_tableau()]

    wait_columns(page, app, shown())
    backs = app.locator(".ausp-live .ausp-side-you .ausp-col button.ausp-facedown")
    assert backs.count() == 10 and not any(
        card.name in title
        for title in backs.evaluate_all("els => els.map(e => e.title)")
        for card in deal.stock()
    )
    shots(page, "indian-1-table")
    click_card(app, "six of hearts")  # one card at a time, onto a card of another suit
    click_card(app, "seven of clubs")
    deal.play("6♥ 7♣")
    wait_columns(page, app, shown())
    shots(page, "indian-2-moved")
    click_card(app, "two of clubs")  # it has no move: the status line says why, nothing moves
    page.wait_for_function("() => document.querySelector('.ausp-status').innerText.includes('2♣')")
    assert "cannot move" in app.locator(".ausp-status").inner_text()
    assert live_columns(app) == shown()
