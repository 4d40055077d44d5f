"""The learn-and-play notebook in a real JupyterLab and in Voilà, clicked as a person would."""

from __future__ import annotations

import re

from board_dom import card, click, columns, drag
from jupyter_servers import eventually, open_notebook

from ausp_widget import Game


def names(column) -> list[str]:
    return [card.name for card in column]


def live_columns(app) -> list[list[str]]:
    return columns(app)


def wait_columns(page, app, expected: list[list[str]]) -> None:
    """Wait until the live table shows exactly these columns."""
    try:
        eventually(page, lambda: live_columns(app) == expected, seconds=10)
    except AssertionError:
        assert live_columns(app) == expected


def click_card(app, name: str) -> None:
    """Click a card where a player would: on its visible top strip (covered cards overlap)."""
    click(app.page, card(app, name))


GUIDE_HIGHLIGHTS = ", ".join(
    f".ausp-guide .ausp-guide-board .ausp-card.{role}"
    for role in ("ausp-selected", "ausp-target", "ausp-hint", "ausp-moved")
)


def guide_state(app) -> tuple[str, list[str]]:
    """The guide step's title and the cards it highlights."""
    title = app.locator(".ausp-guide h3, .ausp-guide .ausp-step-title").first.inner_text()
    return title, sorted(app.locator(GUIDE_HIGHLIGHTS).evaluate_all("els => els.map(e => e.title)"))


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
    where = ".ausp-guide .ausp-guide-board .ausp-cardtable"
    shown = columns(app, where)
    click(page, card(app, "six of hearts", where))
    click(page, card(app, "seven of spades", where))
    eventually(page, lambda: "same suit" in feedback.inner_text())
    assert columns(app, where) == shown, "a wrong try changes nothing"
    shots(page, "3-lesson-wrong-try")
    # The right move, made by dragging 6♥ onto 7♥ on the lesson's board.
    drag(page, card(app, "six of hearts", where), card(app, "seven of hearts", where))
    eventually(page, lambda: "well done" in feedback.inner_text())
    # The stars explain themselves: one wrong try cost one, and the words say what three need.
    done = feedback.inner_text()
    assert "★★" in done and "★★★" not in done.split("(")[0], done
    assert "one wrong try" in done and "★★★ needs" in done, done
    assert "no wrong try" in app.locator(".ausp-guide .ausp-stars").get_attribute("title")
    assert columns(app, where) != shown
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
    app.locator('.ausp-live [data-spot^="column/1/"]').first.wait_for()
    app.get_by_role("button", name="Draw").click()
    page.wait_for_function("() => /bot/i.test(document.querySelector('.ausp-log').innerText)", timeout=30_000)
    page.wait_for_function(
        "() => /your turn/i.test(document.querySelector('.ausp-info').innerText"
        " + document.querySelector('.ausp-status').innerText)",
        timeout=30_000,
    )
    shots(page, "7-bot-answered")


def play_six_onto_seven_of_hearts(page, app) -> None:
    """On the Play tab of deal 4, drag 6♥ onto 7♥, and see the move on the table."""
    app.get_by_role("tab", name="Play").click()
    deal = Game.deal(4)
    wait_columns(page, app, [names(col) for col in deal.tableau()])
    drag(page, card(app, "six of hearts"), card(app, "seven of hearts"))
    deal.play("6♥ 7♥")
    wait_columns(page, app, [names(col) for col in deal.tableau()])


def test_notebook7_runs_the_app_and_a_drag_plays(page, notebook7_url, shots):
    app = open_notebook(page, notebook7_url, "01_learn_and_play.ipynb", path="notebooks")
    play_six_onto_seven_of_hearts(page, app)
    shots(page, "notebook7-moved")


def test_voila_renders_the_app_and_a_drag_plays(page, voila_url, shots):
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
        return [
            [c.name if c is not None else "face-down card" for c in column]
            for column in deal.visible_tableau()
        ]

    wait_columns(page, app, shown())
    backs = app.locator('.ausp-live [data-spot^="column/0/"].ausp-back')
    assert backs.count() == 10 and not any(
        c.name in title for title in backs.evaluate_all("els => els.map(e => e.title)") for c in deal.stock()
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
