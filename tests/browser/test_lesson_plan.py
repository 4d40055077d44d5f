"""The lesson plan on a projector: after Run All the view is at the top of the plan, and the answer
key is folded away until the teacher clicks it open."""

from __future__ import annotations

import pytest
from conftest import offline_page
from jupyter_servers import KERNEL_IDLE, OURS_READY, eventually

PROJECTOR = {"width": 1280, "height": 800}
NAME = "05_lesson_plan.ipynb"


@pytest.fixture
def projector(browser):
    yield from offline_page(browser, PROJECTOR)


def last_cell_ran(panel: str) -> str:
    return f"""() => {{
      const cells = document.querySelectorAll("[id='{panel}'] .jp-CodeCell .jp-InputPrompt");
      const last = cells[cells.length - 1];
      return last && /\\[\\d+\\]/.test(last.innerText);
    }}"""


def test_run_all_ends_at_the_top_with_the_answers_folded(projector, lab_url, shots):
    page = projector
    page.goto(f"{lab_url}/lab/tree/{NAME}")
    panel = page.wait_for_function(OURS_READY, arg=NAME, timeout=90_000).json_value()
    notebook = page.locator(f"[id='{panel}']")
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(last_cell_ran(panel), timeout=240_000)
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    page.wait_for_timeout(1500)  # the view's last jump back to the top lands within a second

    title = notebook.get_by_role("heading", name="A 45-minute lesson", exact=False).first
    box, window = title.bounding_box(), page.viewport_size
    assert box is not None and 0 <= box["y"] < window["height"], f"the plan's title is off screen: {box}"
    scrolled = notebook.locator(".jp-WindowedPanel-outer").first.evaluate("e => e.scrollTop")
    assert scrolled < 5, f"the notebook is scrolled {scrolled} px down after Run All"
    shots(page, "lesson-plan-after-run-all")

    folded = notebook.locator("details.ausp-folded")
    assert folded.count() == 1, "the answers are in one folded block"
    answer = folded.locator("li").first
    assert "Step" in answer.text_content() and not answer.is_visible(), "the answers show before a click"
    folded.locator("summary").scroll_into_view_if_needed()
    shots(page, "lesson-plan-answers-folded", folded)
    folded.locator("summary").click()
    eventually(page, answer.is_visible, seconds=5)
    assert "A♠ F" in folded.inner_text(), "the opened answers give the moves"
    shots(page, "lesson-plan-answers-opened")
