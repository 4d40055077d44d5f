"""What a class sees: the classroom and two-player notebooks in JupyterLab, in an 800-px-wide notebook
and at projector size (`large=True` cards, a 1280-px screen).

Every check measures the page: the table's cards lie inside the board (no sideways scroll), the
board inside the notebook, no card covers a column number, foundation name or side caption, the
cards are as wide as the cell allows and their corner index is large enough to read, no button or
label cuts its words, the move log shows its newest line whole and no line half, and the guide's
auto-play moves without a click. Screenshots of each stage go to the test's tmp dir, or to
$AUSP_SHOTS when set, with the guide's control geometry as `guide-controls.json`.
"""

from __future__ import annotations

import contextlib
import json
import re

import pytest
from conftest import offline_page
from jupyter_servers import CHROMIUM, CHROMIUM_ARGS, KERNEL_IDLE, OURS_READY, eventually

NOTEBOOK_800 = {"width": 880, "height": 1000}  # the notebook panel is then 800 px wide
PROJECTOR = {"width": 1280, "height": 800}
# The board's card widths (board.js): the smallest it draws, the normal cards' full width, the
# projector cards' full width; in between, a card is as wide as the cell's width allows.
CARD_MIN, CARD, CARD_LARGE = 34, 78, 124
CORNER, CORNER_LARGE = 0.27, 0.34  # the corner index's font size, in card widths (normal, projector)
READABLE, READABLE_LARGE = 14, 20  # the corner index's least font size (px), normal and projector
# The least card width on the projector's 1280×800 screen: the board holds the whole table and its
# buttons within the window's height and never draws one player's projector card under 59 px; two
# players' tables side by side with the foundations between them take 48-px cards in the 1049-px
# cell (46 px at least). A projector card's index is 20 px at least, however small the card.
PROJECTED, PROJECTED_TWO = 59, 46

# Everything on the table a student could miss: cards outside the board, the notebook or the
# window, or cut by a box that clips without a scrollbar; words cut inside their button or label.
CUT_OFF_JS = """(table) => {
  const problems = [];
  const shown = (e) => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden';
  const name = (e) => e.title || e.innerText.trim().slice(0, 40) || e.className;
  const scrolls = (v) => v === 'auto' || v === 'scroll';
  const panel = table.closest('.jp-WindowedPanel-outer') || document.documentElement;
  const wide = (e, what) => {
    if (e && e.scrollWidth > e.clientWidth + 1)
      problems.push(`${what} needs ${e.scrollWidth}px but shows ${e.clientWidth}px`);
  };
  const cardtable = table.querySelector('.ausp-cardtable');
  wide(table.querySelector('.ausp-board'), 'the board');
  // The board lays its cards out for its cell's width: it never needs a scrollbar there.
  const cell = cardtable.parentElement.clientWidth;
  const over = cardtable.querySelector('.ausp-felt').offsetWidth - cell;
  const across = cardtable.scrollWidth - cardtable.clientWidth;
  const down = cardtable.scrollHeight - cardtable.clientHeight;
  if (across > 1 || down > 1)
    problems.push(`the card table needs ${cardtable.scrollWidth}x${cardtable.scrollHeight}px but shows `
      + `${cardtable.clientWidth}x${cardtable.clientHeight}px (its layout: ${cell + over}px wide in a `
      + `${cell}px cell)`);
  wide(table, 'the table');
  wide(table.closest('.jp-OutputArea-output'), 'the output area');
  wide(panel, 'the notebook');
  const cards = [...cardtable.querySelectorAll('.ausp-card')].filter(shown);
  if (cards.length < 20) problems.push(`only ${cards.length} cards on show`);
  for (const card of cards) {
    const r = card.getBoundingClientRect();
    if (r.left < -0.5 || r.right > window.innerWidth + 0.5)
      problems.push(`${name(card)} lies outside the window (${r.left}..${r.right})`);
    for (let box = card.parentElement; box && box !== panel; box = box.parentElement) {
      const style = getComputedStyle(box);
      const b = box.getBoundingClientRect();
      const left = b.left + box.clientLeft, top = b.top + box.clientTop;
      const outX = r.left < left - 0.5 || r.right > left + box.clientWidth + 0.5;
      const outY = r.top < top - 0.5 || r.bottom > top + box.clientHeight + 0.5;
      const barX = box.offsetHeight - box.clientHeight - 2 * box.clientTop > 0;
      const barY = box.offsetWidth - box.clientWidth - 2 * box.clientLeft > 0;
      if (outX && style.overflowX !== 'visible' && !(scrolls(style.overflowX) && barX))
        problems.push(`${name(card)} is cut off sideways by ${box.className}`);
      if (outY && style.overflowY !== 'visible' && !(scrolls(style.overflowY) && barY))
        problems.push(`${name(card)} is cut off vertically by ${box.className}`);
    }
  }
  const words = table.querySelectorAll(
    'button:not(.ausp-card), .widget-label, .widget-readout, .ausp-slabel, .ausp-sreadout, .ausp-status');
  for (const e of [...words].filter(shown)) wide(e, `the words "${name(e)}"`);
  // The board's own words (column numbers, foundation names, side captions): whole in the card
  // table and not under a card; their glyphs measured, not their line box.
  const boxes = cards.map(card => card.getBoundingClientRect());
  const sheet = cardtable.getBoundingClientRect();
  for (const label of cardtable.querySelectorAll('.ausp-col-number, .ausp-pile-name, .ausp-caption')) {
    const range = document.createRange();
    range.selectNodeContents(label);
    const r = range.getBoundingClientRect();
    const top = r.top + 0.15 * (r.bottom - r.top), bottom = r.bottom - 0.15 * (r.bottom - r.top);
    if (r.left < sheet.left - 0.5 || r.right > sheet.right + 0.5)
      problems.push(`the words "${label.innerText}" stick out of the card table`);
    const under = boxes.filter(
      b => b.left < r.right - 1 && b.right > r.left + 1 && b.top < bottom && b.bottom > top);
    if (under.length) problems.push(`the words "${label.innerText}" are under a card`);
  }
  return problems;
}"""

# Your columns' cards as drawn: their width (px), the corner index's font size (px), and the width a
# card may have in this cell (the board's rule: the cell's width over the layout's width in cards).
CARD_WIDTH_JS = """(table) => {
  const root = table.querySelector('.ausp-cardtable');
  const cards = [...root.querySelectorAll('[data-spot^="column/0/"].ausp-card')]
    .filter(e => e.offsetParent !== null);
  const corners = [...root.querySelectorAll('[data-spot^="column/0/"] .ausp-corner')];
  const host = root.parentElement;
  return {
    width: Math.max(...cards.map(e => e.getBoundingClientRect().width)),
    corner: Math.min(...corners.map(e => parseFloat(getComputedStyle(e).fontSize))),
    cell: host.clientWidth,
    large: root.classList.contains('ausp-large'),
    bound: root.dataset.bound,
    room: Number(root.dataset.room),
    felt: (({offsetWidth, offsetHeight}) => ({width: offsetWidth, height: offsetHeight}))(
      root.querySelector('.ausp-felt')),
    sides: root.querySelectorAll('[data-spot^="column/1/"]').length ? 2 : 1,
    foundations: new Set([...root.querySelectorAll('[data-spot^="foundation/"]')]
      .map(e => e.dataset.spot.split('#')[0])).size,
  };
}"""

# The move log's lines and the part of it on show: the content box cut by every box that clips it.
LOG_JS = """(table) => {
  const log = table.querySelector('.ausp-log');
  const content = log.querySelector('.widget-html-content, .jupyter-widget-html-content') || log;
  let top = -Infinity, bottom = Infinity, scrollable = false;
  for (let box = content; box && box !== table; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.overflowY === 'visible') continue;
    const b = box.getBoundingClientRect();
    top = Math.max(top, b.top + box.clientTop);
    bottom = Math.min(bottom, b.top + box.clientTop + box.clientHeight);
    if (box.scrollHeight > box.clientHeight + 1)
      scrollable = scrollable || ((style.overflowY === 'auto' || style.overflowY === 'scroll')
                                  && box.offsetWidth - box.clientWidth - 2 * box.clientLeft > 0);
  }
  const lines = [...content.children].map(line => {
    const r = line.getBoundingClientRect();
    return {text: line.innerText, top: r.top, bottom: r.bottom};
  });
  const overflows = content.scrollHeight > content.clientHeight + 1
    || log.scrollHeight > log.clientHeight + 1;
  return {top, bottom, lines, overflows, scrollable};
}"""

# This notebook's panel id, once it is the current tab and its kernel is idle (JupyterLab may
# reopen the notebooks of an earlier test behind it).
# The guide's own controls (not its board): words, place and size, whether their words fit.
GUIDE_CONTROLS_JS = """(app) => {
  const board = app.querySelector('.ausp-guide .ausp-guide-board .ausp-cardtable');
  return {board: board && `needs ${board.scrollWidth}px, shows ${board.clientWidth}px`,
          over: board && board.querySelector('.ausp-felt').offsetWidth - board.parentElement.clientWidth,
          controls: [...app.querySelectorAll('.ausp-guide :is(button, .widget-label, .ausp-slabel)')]
    .filter(e => e.offsetParent !== null && !e.closest('.ausp-guide-board') && e.innerText.trim())
    .map(e => { const r = e.getBoundingClientRect();
      return {words: e.innerText.trim(), x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width),
              cut: e.scrollWidth > e.clientWidth + 1, disabled: !!e.disabled}; })};
}"""


@pytest.fixture(scope="module")
def browser_with_scrollbars(browser):
    """Chromium as a class has it, scrollbars drawn and taking room: Playwright hides them in
    headless mode unless told not to, and a hidden scrollbar cannot be checked for."""
    launched = browser.browser_type.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, ignore_default_args=["--hide-scrollbars"]
    )
    yield launched
    launched.close()


@pytest.fixture
def page(browser_with_scrollbars):
    """As conftest's page, in an 800-px notebook, with scrollbars."""
    yield from offline_page(browser_with_scrollbars, NOTEBOOK_800)


def open_in_lab(page, lab_url: str, name: str):
    """Open and run a notebook in an 800-px-wide notebook panel, code hidden, side panels shut;
    returns the locator of the apps in this notebook (JupyterLab may reopen others in the back)."""
    page.set_viewport_size(NOTEBOOK_800)
    page.goto(f"{lab_url}/lab/tree/{name}")
    panel = page.wait_for_function(OURS_READY, arg=name, timeout=90_000).json_value()
    page.evaluate("""() => { const lab = window.jupyterapp;
      if (!lab.shell.leftCollapsed) lab.commands.execute('application:toggle-left-area');
      if (!lab.shell.rightCollapsed) lab.commands.execute('application:toggle-right-area'); }""")
    width = page.evaluate(f"() => document.getElementById('{panel}').getBoundingClientRect().width")
    assert 780 <= width <= 820, f"the notebook is {width} px wide, not about 800"
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    apps = page.locator(f"[id='{panel}'] .ausp-app")
    apps.first.wait_for(timeout=60_000)
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)  # every cell has run
    wide_code = page.evaluate(
        f"""() => [...document.querySelectorAll("[id='{panel}'] .jp-Cell .cm-scroller")]
              .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText.slice(0, 60))"""
    )
    assert wide_code == [], f"code lines wider than the 800-px notebook: {wide_code}"
    page.evaluate("window.jupyterapp.commands.execute('notebook:hide-all-cell-code')")
    return apps


def assert_table_fits(page, table, least: float, readable: float = READABLE) -> dict:
    """Every card of the live table is on show whole (no part cut off unseen), within the
    notebook's width, and no card covers the board's words; the cards are as large as the board
    allows (full size, or held by the cell's width, or by the height the window leaves the
    table), at least `least` px, and their corner index is at least `readable` px."""

    def held(cards: dict) -> str:
        """Why the cards are not larger, checked against the page; "" when they could be."""
        cap = CARD_LARGE if cards["large"] else CARD
        if cards["bound"] == "full":
            return "" if abs(cards["width"] - cap) < 0.5 else f"full size is {cap} px"
        if cards["bound"] == "width":  # a card one px wider would need about a dozen px more
            spare = cards["cell"] - cards["felt"]["width"]
            return "" if 0 <= spare < 0.3 * cards["width"] else f"{spare} px of the cell unused"
        if cards["bound"] in ("height", "lanes"):  # held by the window: the table is within its room
            return "" if cards["felt"]["height"] <= cards["room"] + 0.5 else "taller than its room"
        return f"no reason given: {cards['bound']!r}"

    def settled():  # wait for the layout after a resize or a new game (and the cards' slide)
        cards = table.evaluate(CARD_WIDTH_JS)
        problems = table.evaluate(CUT_OFF_JS)
        return not problems and not held(cards)

    with contextlib.suppress(AssertionError):  # the asserts below say what is wrong
        eventually(page, settled, seconds=5)
    page.wait_for_timeout(300)  # no card still sliding over a label
    problems = table.evaluate(CUT_OFF_JS)
    assert problems == [], "\n".join(problems)
    cards = table.evaluate(CARD_WIDTH_JS)
    width = round(cards["width"], 1)
    assert not held(cards), f"cards are {width} px wide, smaller than the board allows: {held(cards)} {cards}"
    assert width >= least, f"cards are {width} px wide, under {least}: {cards}"
    assert cards["corner"] >= readable, f"the corner index is {cards['corner']} px, under {readable}: {cards}"
    expected = max(READABLE_LARGE, CORNER_LARGE * width) if cards["large"] else CORNER * width
    assert abs(cards["corner"] - expected) < 1, cards
    return cards


def bot_side(table):
    """The bot's cards on the live table (two-player modes only)."""
    return table.locator(".ausp-cardtable").first.locator('[data-spot^="column/1/"]').first


def captions(table) -> list[str]:
    """The side captions over the live table's layouts, top first ("The bot", "You")."""
    return table.locator(".ausp-cardtable").first.locator(".ausp-caption").all_inner_texts()


def log_number(line: str) -> int:
    return int(line.split(".", 1)[0])


def assert_log_shows_newest(table) -> dict:
    """The newest move is the log's last line on show, wholly inside the log's visible box; no line
    is cut in half; lines that do not fit are reached by a visible scrollbar."""
    log = table.evaluate(LOG_JS)
    lines = log["lines"]
    assert lines, "the move log is empty"
    top, bottom = log["top"] - 0.5, log["bottom"] + 0.5
    inside = [line for line in lines if line["top"] >= top and line["bottom"] <= bottom]
    halves = [
        line["text"]
        for line in lines
        if line not in inside and line["bottom"] > top + 1 and line["top"] < bottom - 1
    ]
    assert not halves, f"lines cut off by the log's edge: {halves} ({log})"
    newest = max(lines, key=lambda line: log_number(line["text"]))
    assert newest in inside, f"the newest line {newest} is not inside the log's box {top}..{bottom}"
    last_on_show = max(inside, key=lambda line: line["bottom"])
    assert last_on_show == newest, f"the log's last line on show is {last_on_show['text']!r}, not the newest"
    if log["overflows"]:
        assert log["scrollable"], "the log has more lines than it shows, and no scrollbar"
    return log


def draw(page, app, times: int) -> None:
    """Click Draw `times` times, each time waiting for the move log to number the draw."""
    log = app.locator(".ausp-live .ausp-log")
    for _ in range(times):
        before = log.inner_text()
        app.get_by_role("button", name="Draw", exact=True).click()
        eventually(page, lambda before=before: log.inner_text() != before, seconds=10)


def test_classroom_demo_autoplays_and_fits_an_800px_notebook_and_a_projector(page, lab_url, shots):
    app = open_in_lab(page, lab_url, "02_classroom_demo.ipynb").first
    table = app.locator(".ausp-live")
    guide = app.locator(".ausp-guide")

    # The guide's auto-play steps by itself once the notebook has run: no click.
    counter = app.get_by_text(re.compile(r"^Step \d+ of \d+$"))
    first = counter.inner_text()
    assert re.match(r"Step [12] of", first), first  # at the start (a loaded machine may show one step on)
    eventually(page, lambda: counter.inner_text() != first, seconds=12)
    shots(page, "02-1-guide-autoplay-800", guide)
    auto = guide.get_by_role("button", name="Auto-play")
    if auto.get_attribute("aria-pressed") == "true":
        auto.click()  # the same button stops it
    eventually(page, lambda: auto.get_attribute("aria-pressed") == "false")

    # Solo at projector size in an 800-px notebook: the whole table fits, the log shows the newest draw.
    app.get_by_role("tab", name="Play").click()
    # The cell is narrower than the projector cards' full width: they shrink to fit it.
    draw(page, app, 8)
    cards = assert_table_fits(page, table, least=CARD_MIN)
    assert cards["large"] and cards["width"] < CARD_LARGE, cards
    assert_log_shows_newest(table)
    shots(page, "02-2-solo-log-800", table.locator(".ausp-board").first)

    # The turn-based table (the bot's layout, the foundations, yours) fits the same notebook.
    app.get_by_role("button", name="Turn-based vs bot").click()
    bot_side(table).wait_for()
    assert_table_fits(page, table, least=CARD_MIN)
    assert captions(table) == ["The bot", "You"]
    shots(page, "02-3-turns-800", table)

    # The guide's controls as a class sees them, step after step: Next and Play now stay where
    # they are as the counter grows (a class aims at them), and no control cuts its words.
    app.get_by_role("tab", name="Guide").click()
    seen, next_x, play_y = [], [], []
    for _ in range(10):
        seen.append({"step": counter.inner_text(), **app.evaluate(GUIDE_CONTROLS_JS)})
        next_x.append(guide.get_by_role("button", name="Next").bounding_box()["x"])
        play_y.append(guide.get_by_role("button", name="Play now").bounding_box()["y"])
        show_move = guide.get_by_role("button", name=re.compile("^Show move"))
        if show_move.is_visible() and show_move.is_enabled():
            show_move.click()
        before = counter.inner_text()
        guide.get_by_role("button", name="Next").click()
        eventually(page, lambda before=before: counter.inner_text() != before, seconds=10)
    shots(page, "02-4-guide-turns-800", guide)
    assert max(next_x) - min(next_x) < 1, f"Next moves as the steps change: {next_x}"
    assert max(play_y) - min(play_y) < 1, f"Play now moves as the steps change: {play_y}"
    cut = [c["words"] for step in seen for c in step["controls"] if c["cut"]]
    assert not cut, f"controls cut their words: {cut}"
    for step in seen:
        needs, shows = (int(n) for n in re.findall(r"(\d+)px", step["board"]))
        assert needs <= shows, f"the guide's board is cut at {step['step']}: {step['board']}"

    # Projector: a 1280-px screen gives the large cards (nearly) their full size, the corner
    # index big enough for the back of the room, and everything still fits.
    page.set_viewport_size(PROJECTOR)
    seen.append({"step": counter.inner_text() + " (projector)", **app.evaluate(GUIDE_CONTROLS_JS)})
    shots(page, "02-5-guide-turns-projector", guide)
    (shots.folder / "guide-controls.json").write_text(json.dumps(seen, indent=1, ensure_ascii=False))
    print("guide controls:", json.dumps(seen, ensure_ascii=False))
    app.get_by_role("tab", name="Play").click()
    assert_table_fits(page, table, least=PROJECTED_TWO, readable=READABLE_LARGE)
    felt = table.locator(".ausp-felt").bounding_box()
    assert felt["height"] <= PROJECTOR["height"], f"the two-player board is {felt['height']} px high"
    shots(page, "02-6-turns-projector", table)
    # The same with JupyterLab's file browser open, as a teacher often has it: a cell of about
    # 840 px, where the bot's caption ends at the board's right edge instead of running off it.
    page.evaluate("window.jupyterapp.shell.activateById('filebrowser')")
    assert_table_fits(page, table, least=CARD_MIN, readable=READABLE_LARGE)
    shots(page, "02-6-turns-projector-files-open", table)
    page.evaluate("window.jupyterapp.shell.collapseLeft()")
    app.get_by_role("button", name="Solo").click()
    eventually(page, lambda: bot_side(table).count() == 0, seconds=10)
    assert captions(table) == []
    draw(page, app, 8)
    assert_table_fits(page, table, least=PROJECTED, readable=READABLE_LARGE)
    assert_log_shows_newest(table)
    shots(page, "02-7-solo-log-projector", table.locator(".ausp-controls"))


def test_two_players_notebook_plays_both_games_in_the_app(page, lab_url, shots):
    apps = open_in_lab(page, lab_url, "03_two_players.ipynb")
    eventually(page, lambda: apps.count() == 2, seconds=60)
    turns, race = apps.nth(0), apps.nth(1)

    # Turn-based, normal cards, in an 800-px notebook: both layouts whole, cards as wide as the cell allows.
    turns.get_by_role("tab", name="Play").click()
    turns_table = turns.locator(".ausp-live")
    bot_side(turns_table).wait_for()
    cards = assert_table_fits(page, turns_table, least=CARD_MIN)
    assert not cards["large"] and cards["width"] <= CARD, cards
    assert captions(turns_table) == ["The bot", "You"]
    shots(page, "03-1-turns-800", turns_table)

    # Simultaneous: the same app, opened on its Play tab, its mode selected, the bot racing.
    assert race.get_by_role("tab", name="Play").get_attribute("aria-selected") == "true"
    assert race.get_by_role("button", name="Race vs bot").get_attribute("aria-pressed") == "true"
    race_table = race.locator(".ausp-live")
    bot_side(race_table).wait_for()
    log = race_table.locator(".ausp-log")
    race_table.get_by_role("button", name="Start").click()  # the race waits for the class
    eventually(page, lambda: "The bot:" in log.inner_text(), seconds=20)
    cards = assert_table_fits(page, race_table, least=CARD_MIN)
    assert not cards["large"], cards
    assert_log_shows_newest(race_table)
    shots(page, "03-2-race-800", race_table)


def test_the_lesson_board_is_drawn_at_the_live_tables_size(page, lab_url, shots):
    app = open_in_lab(page, lab_url, "01_learn_and_play.ipynb").first
    guide = app.locator(".ausp-guide")
    menu = app.get_by_role("combobox", name="Lesson")
    option = menu.locator("option", has_text="Building down in suit")
    menu.select_option(label=option.inner_text().strip())
    guide.locator(".ausp-guide-board .ausp-card").first.wait_for()
    page.wait_for_timeout(500)  # the step's cards have slid into place
    lesson = guide.evaluate(CARD_WIDTH_JS)
    shots(page, "01-lesson-board-800", guide)
    app.get_by_role("tab", name="Play").click()
    table = app.locator(".ausp-live")
    live = assert_table_fits(page, table, least=CARD_MIN)
    assert abs(lesson["width"] - live["width"]) <= 1, f"lesson cards {lesson}, live table cards {live}"
    assert lesson["corner"] >= READABLE, lesson
    shots(page, "01-live-board-800", table)
