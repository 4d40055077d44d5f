"""What a projected notebook shows besides the game: folded answers and the jump back to the top."""

from IPython.core.formatters import DisplayFormatter

from ausp_widget.render.notebook import Folded, view_at_top


def test_folded_lines_are_inside_a_closed_details_block_and_plain_text_does_not_give_them_away():
    data, _ = DisplayFormatter().format(Folded("Answers (click to open)", ["Step 3: A♠ F", "<b>x</b>"]))
    html = data["text/html"]
    assert html.startswith("<details") and " open" not in html.split(">", 1)[0]
    assert "<summary" in html and "Answers (click to open)" in html
    assert "<li>Step 3: A♠ F</li>" in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert "A♠" not in data["text/plain"] and "2 lines" in data["text/plain"]


def test_view_at_top_is_a_script_with_an_empty_plain_text_view():
    data, _ = DisplayFormatter().format(view_at_top())
    assert "scrollTop = 0" in data["application/javascript"]
    assert data["text/plain"] == ""
