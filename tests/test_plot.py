"""Figures show the position: every card's text, highlights, dimming and an arrow for a move."""

import matplotlib.colors as mcolors
import pytest
from indian_positions import indian_position
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch
from positions import PAGAT

from ausp_widget import Card, Game
from ausp_widget.core.lesson import figure, make_step, played, steps
from ausp_widget.render.plot import RED, ROLE_COLOURS, plot_position


def texts(fig: Figure) -> list[str]:
    return [t.get_text() for ax in fig.axes for t in ax.texts]


def patches(fig: Figure, prefix: str) -> list:
    return [p for ax in fig.axes for p in ax.patches if (p.get_gid() or "").startswith(prefix)]


def card_box(fig: Figure, gid: str):
    (patch,) = [p for ax in fig.axes for p in ax.patches if p.get_gid() == gid]
    return patch.get_bbox()


def test_every_visible_card_is_drawn_with_its_rank_and_suit():
    game = Game.from_text(PAGAT)
    fig = plot_position(game)
    drawn = texts(fig)
    for column in game.tableau():
        for card in column:
            assert str(card) in drawn
    assert "24" in drawn, "the stock shows its count"
    assert len(patches(fig, "card:")) == 28
    assert not patches(fig, "move-arrow") and not patches(fig, "highlight")


def test_red_and_black_cards():
    fig = Game.from_text(PAGAT).plot()
    labels = {t.get_gid(): t for ax in fig.axes for t in ax.texts if t.get_gid()}
    assert mcolors.same_color(labels["label:0:J♥"].get_color(), RED)
    assert mcolors.same_color(labels["label:0:J♣"].get_color(), "#1b1b1b")


def test_a_move_gets_an_arrow_from_its_card_to_its_destination_and_highlights():
    game = Game.from_text(PAGAT)
    fig = plot_position(game, highlight=["A♣", "J♦", "J♣", "3♦", "2♣"], arrow="A♣ 2♣")
    (arrow,) = patches(fig, "move-arrow")
    assert isinstance(arrow, FancyArrowPatch)
    start, end = arrow._posA_posB
    a, two = card_box(fig, "card:0:A♣"), card_box(fig, "card:0:2♣")
    assert a.x0 <= start[0] <= a.x1 and a.y0 <= start[1] <= a.y1
    assert two.x0 <= end[0] <= two.x1 and two.y0 <= end[1] <= two.y1
    roles = {p.get_gid().split(":", 2)[1] for p in patches(fig, "highlight")}
    assert roles == {"group", "target"}
    group = [p for p in patches(fig, "highlight:group")]
    assert len(group) == 4
    assert all(mcolors.same_color(p.get_edgecolor(), ROLE_COLOURS["group"]) for p in group)
    (target,) = patches(fig, "highlight:target")
    assert target.get_gid() == "highlight:target:0:2♣"


def test_focus_dims_the_other_cards():
    game = Game.from_text(PAGAT)
    fig = plot_position(game, focus=["4♣", "8♦"])
    labels = {t.get_gid(): t for ax in fig.axes for t in ax.texts if t.get_gid()}
    assert labels["label:0:4♣"].get_alpha() == 1.0
    assert labels["label:0:K♥"].get_alpha() < 0.5


def test_two_player_figures_show_both_layouts_and_eight_foundations():
    game = Game.deal(4, "turns")
    fig = plot_position(game, arrow="draw")
    assert len(patches(fig, "card:0:")) == 28 and len(patches(fig, "card:1:")) == 28
    assert len(patches(fig, "foundation:")) == 8
    assert "The bot" in texts(fig) and "You" in texts(fig)
    assert len(patches(fig, "move-arrow")) == 1


@pytest.mark.parametrize("mode", ["solo", "turns", "simultaneous"])
def test_guide_figures_follow_their_steps(mode):
    for step in steps(mode)[:9] + steps(mode)[-3:]:
        fig = figure(step)
        arrows = patches(fig, "move-arrow")
        assert len(arrows) == (step.move is not None and step.move.kind != "pass"), step.title
        outlined = {p.get_gid() for p in patches(fig, "highlight:")}
        for card in step.group:
            if step.move.kind != "draw":
                assert any(gid.endswith(f":{step.player}:{card}") for gid in outlined), (step.title, card)
        after = figure(step, after=True)
        assert not patches(after, "move-arrow")


def test_the_group_move_step_in_pictures():
    step = next(s for s in steps("solo") if s.title == "Move a card with the cards covering it")
    fig = step.figure()
    gids = {p.get_gid() for p in patches(fig, "highlight:")}
    assert gids == {
        "highlight:group:0:J♥",
        "highlight:group:0:7♦",
        "highlight:group:0:4♣",
        "highlight:target:0:Q♥",
    }
    dimmed = make_step("J♥ group", "J♥ moves.", step.position, "J♥ Q♥", marks=["Q♥"]).figure()
    labels = {t.get_gid(): t for ax in dimmed.axes for t in ax.texts if t.get_gid()}
    assert labels["label:0:K♦"].get_alpha() < 0.5, "cards the step does not talk about are dimmed"


def test_figures_save_as_png_svg_and_pdf(tmp_path):
    task = next(s for s in steps("solo") if s.title == "A King fills an empty column")
    step = make_step("A King", "K♥ takes the empty column.", played(task.position, ["7♠ 8♠"]), "K♥ 3")
    fig = step.figure()
    magic = {"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF"}
    for ext, head in magic.items():
        path = tmp_path / f"king.{ext}"
        fig.savefig(path)
        assert path.read_bytes().startswith(head)
    svg = (tmp_path / "king.svg").read_text()
    assert 'id="move-arrow"' in svg and 'id="highlight:target:0:column3"' in svg


def test_drawing_into_given_axes_and_bad_input():
    outer = Figure()
    ax = outer.add_subplot(1, 2, 1)
    assert plot_position(Game.from_text(PAGAT), ax=ax) is outer
    assert outer.get_size_inches().tolist() == Figure().get_size_inches().tolist()
    with pytest.raises(TypeError, match="draws a Game"):
        plot_position(PAGAT)
    with pytest.raises(ValueError):
        plot_position(Game.from_text(PAGAT), arrow="nonsense move here")


def test_an_indian_game_draws_through_the_same_protocol():
    game = Game.deal(1, game="indian")
    for move in ("draw",) * 3:
        game.play(move)
    figure = game.plot()
    gids = [patch.get_gid() for patch in figure.axes[0].patches]
    assert gids.count("face-down") == 10  # one back per column, never named
    texts = [t.get_text() for t in figure.axes[0].texts]
    hidden = {column[0] for column in game.tableau()}
    shown = {c for column in game.visible_tableau() for c in column if c is not None} | set(game.waste())
    assert not (hidden - shown) & {Card.parse(t) for t in texts if t[:-1] and t[-1] in "♣♦♥♠"}
    assert sum(1 for g in gids if g and g.startswith("foundation:")) == 8 and "♣\nF1" in texts
    assert str(game.waste()[-1]) in texts and "74" not in texts and "71" in texts  # the stock's count
    protected = indian_position(["5♠*", "[J♠] 5♣ 6♥"], stock="Q♥ 2♦ 7♣")
    assert "protected" in [p.get_gid() for p in protected.plot().axes[0].patches]


def test_the_arrow_starts_at_the_copy_the_move_names():
    game = indian_position(["[3♥] 6♣ 7♥", "[J♠] 5♣ 8♣"], waste="7♥", stock="4♣")
    figure = game.plot(arrow="w:7♥ 8♣")
    arrow = next(p for p in figure.axes[0].patches if p.get_gid() == "move-arrow")
    start_y = arrow.get_path().vertices[0][1]
    column_top = min(p.get_y() for p in figure.axes[0].patches if p.get_gid() == "card:0:6♣")
    assert start_y < column_top  # from the waste, up in the top row, not from column 1's 7♥


def test_figures_the_static_board_and_the_live_table_share_one_colour_for_each_highlight():
    import re

    from ausp_widget.render.colours import ROLE_COLOURS
    from ausp_widget.render.html import board_html
    from ausp_widget.widgets.board import HERE
    from ausp_widget.widgets.guide import ROLE_CLASSES

    board_css = (HERE / "board.css").read_text(encoding="utf-8")
    light = board_css.split("}", 1)[0]  # the first block: the light theme's variables
    for role, css_class in ROLE_CLASSES.items():
        variable = css_class.replace("ausp-", "--ausp-")
        declared = re.search(rf"{variable}:\s*([^;]+);", light).group(1)
        assert ROLE_COLOURS[role].lower() in declared.lower(), (role, declared)
    step = steps("solo")[1]
    html = board_html(step.position, roles={spot: "target" for spot in step.highlights})
    assert ROLE_COLOURS["target"] in html


def test_without_matplotlib_a_figure_is_a_sentence_and_nothing_breaks(monkeypatch):
    """The classroom site's browser kernel has no matplotlib: charts say so, the rest works."""
    import sys

    from ausp_widget.core import display

    drawing = ("matplotlib", *(f"ausp_widget.render.{name}" for name in ("plot", "charts", "figure")))
    for name in [m for m in sys.modules if m.startswith(drawing)]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert display.can_plot() is False
    figure = Game.deal(4).plot()
    assert isinstance(figure, display.NoFigure) and display.NO_PLOTS in figure._repr_html_()
    assert "ausp" in Game.deal(4)._repr_html_(), "the HTML board still draws"
