"""What a notebook shown on a projector needs besides the game: answers that stay folded until
the teacher opens them, and a Run All that ends with the view back at the top.

Both are plain outputs. The folded answers are HTML `<details>`, so they stay folded in
JupyterLab, in a rendered notebook on the web and in an HTML export. The jump back to the top
is a small script; JupyterLab runs it only for outputs made in the session (a saved notebook's
outputs are not trusted), so reopening a notebook never moves the view.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

# Scroll every scrolling box around this output back to its top: the notebook's own scroller
# in JupyterLab and Notebook 7, the window elsewhere. Run again a little later, as outputs of
# the last cells may still be landing and JupyterLab brings the last cell into view on Run All.
_TO_TOP = """
const toTop = () => {
  for (let node = element; node; node = node.parentElement) {
    if (node.scrollHeight > node.clientHeight && node.scrollTop > 0) node.scrollTop = 0;
  }
  window.scrollTo(0, 0);
};
toTop();
for (const wait of [100, 400, 1000]) setTimeout(toTop, wait);
"""


class Folded:
    """Lines shown under a title and folded away: a click on the title opens them."""

    def __init__(self, title: str, lines: Iterable[str]) -> None:
        self.title = title
        self.lines = [str(line) for line in lines]

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{escape(line)}</li>" for line in self.lines)
        return (
            '<details class="ausp-folded"><summary style="cursor:pointer;font-weight:600">'
            f"{escape(self.title)}</summary><ul>{items}</ul></details>"
        )

    def __repr__(self) -> str:
        # Plain text cannot fold: it names what is folded, not the lines themselves.
        return f"{self.title} ({len(self.lines)} lines, folded: open them in a notebook)"


class ViewAtTop:
    """An output that brings the notebook's view back to its top when it is shown (the last
    cell of a notebook, so Run All ends at the top)."""

    def _repr_javascript_(self) -> str:
        return _TO_TOP

    def __repr__(self) -> str:
        return ""


def view_at_top() -> ViewAtTop:
    """Show this as the last output of a notebook: Run All then ends with the view at the top."""
    return ViewAtTop()
