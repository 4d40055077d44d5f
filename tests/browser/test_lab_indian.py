"""Indian Patience on the learn-and-play notebook's live table in a real JupyterLab, clicked as a
person would: a single card moved, a draw and the waste card played, a face-down card turned up
protected (and refused anywhere but a foundation), and a hint.

Deal 3 gives a short line for all of it: Q♥ onto K♠; draw A♣ and send it home; 7♠ onto 8♣,
which turns up A♦ in column 8, protected; the hint then sends that A♦ home.
"""

from __future__ import annotations

from jupyter_servers import eventually, open_notebook

from ausp_widget import Game
from ausp_widget.analysis.simple import hint_or_fallback

DEAL = 3

# The live table, seen as the player sees it: each of your columns as the titles of its face-up
# cards (bottom first; a protected card's title says so), the waste fan, the stock, the foundations.
TABLE_JS = """(root) => {
  const shown = els => Array.from(els).filter(b => b.offsetParent !== null).map(b => b.title);
  const side = root.querySelector('.ausp-live .ausp-side-you');
  if (!side) return null;  // the Play tab is not drawn yet
  return {
    columns: Array.from(side.querySelectorAll('.ausp-col'))
      .map(col => shown(col.querySelectorAll('button.ausp-face'))),
    waste: shown(side.querySelectorAll('.ausp-fan button.ausp-face')),
    stock: shown(side.querySelectorAll('.ausp-piles > button.ausp-card')),
    foundations: shown(root.querySelectorAll('.ausp-live .ausp-foundations button.ausp-card')),
  };
}"""


def title(game, pile, depth: int) -> str:
    """The title of the face-up card at `depth` in `pile`: its name, and whether it is protected."""
    card = pile.cards[depth]
    return card.name + (f", protected: {game.protected_means}" if depth in pile.protected else "")


def expected(game) -> dict:
    """What the table must show for `game`, from its piles alone (as the widget draws it)."""
    piles = game.piles()

    columns = [
        [title(game, p, d) for d, card in enumerate(p.cards) if card is not None]
        for p in piles
        if p.kind == "column"
    ]
    waste = next(p for p in piles if p.kind == "waste").cards
    stock = next(p for p in piles if p.kind == "stock").size
    return {
        "columns": columns,
        "waste top": waste[-1].name if waste else None,
        "stock": f"stock, {stock} card{'s' if stock != 1 else ''}",
        "homes": [p.cards[-1].name for p in piles if p.kind == "foundation" and p.cards],
    }


def shown(app) -> dict:
    table = app.evaluate(TABLE_JS)
    if table is None:
        return {}
    return {
        "columns": table["columns"],
        "waste top": table["waste"][-1] if table["waste"] else None,
        "stock": table["stock"][0].split(":")[0] if table["stock"] else "",
        "homes": [t for t in table["foundations"] if "foundation, empty" not in t],
    }


def wait_table(page, app, game) -> None:
    """Wait until the live table shows `game`: columns, waste, stock count and foundations."""
    want = expected(game)

    try:
        eventually(page, lambda: shown(app) == want, seconds=10)
    except AssertionError:
        assert shown(app) == want


def card_button(app, name: str):
    """Your card `name` in the columns, by its title (a protected card's title goes on)."""
    return app.locator(
        f'.ausp-live .ausp-side-you .ausp-col button[title="{name}"],'
        f' .ausp-live .ausp-side-you .ausp-col button[title^="{name}, protected"]'
    )


def click_card(app, name: str) -> None:
    """Click a card where a player would: on its visible top strip (covered cards overlap)."""
    card = card_button(app, name)
    assert card.count() == 1, f"{name}: {card.count()} cards with that name on show"
    card.click(position={"x": 12, "y": 6})


def status_says(page, app, *parts: str) -> str:
    status = app.locator(".ausp-live .ausp-status")
    return eventually(page, lambda: all(p in status.inner_text() for p in parts) and status.inner_text())


def test_indian_table_moves_draws_protects_and_hints_in_jupyterlab(page, lab_url, shots):
    app = open_notebook(page, lab_url, "01_learn_and_play.ipynb")
    app.get_by_role("button", name="Indian Patience").click()
    app.get_by_role("tab", name="Play").click()
    table = app.locator(".ausp-live")
    wait_table(page, app, Game.deal(4, game="indian"))  # the notebook's deal, now in Indian Patience
    app.locator(".ausp-deal input").fill(str(DEAL))
    app.get_by_role("button", name="New game").click()
    deal = Game.deal(DEAL, game="indian")
    wait_table(page, app, deal)
    assert app.locator(".ausp-live .ausp-side-you .ausp-col button.ausp-facedown").count() == 10
    assert app.locator(".ausp-live .ausp-protected").count() == 0
    shots(page, "indian-1-deal", table)

    # 1. One card onto a card of another suit: Q♥ onto K♠.
    click_card(app, "queen of hearts")
    assert card_button(app, "queen of hearts").evaluate("e => e.classList.contains('ausp-selected')")
    click_card(app, "king of spades")
    deal.play("Q♥ K♠")
    wait_table(page, app, deal)
    status_says(page, app, "Q♥")
    shots(page, "indian-2-moved", table)

    # 2. Draw: the stock gives one card to the waste; that card, A♣, can go home, and does.
    stock = app.locator('.ausp-live .ausp-side-you .ausp-piles > button[title^="stock,"]')
    left = len(deal.stock())
    assert stock.get_attribute("title").startswith(f"stock, {left} cards")
    stock.click()
    deal.play("draw")
    wait_table(page, app, deal)
    assert stock.get_attribute("title").startswith(f"stock, {left - 1} cards")
    drawn = deal.waste()[-1]
    waste_top = app.locator(f'.ausp-live .ausp-side-you .ausp-fan button.ausp-face[title="{drawn.name}"]')
    assert waste_top.is_visible()
    status_says(page, app, f"drew {drawn}")
    shots(page, "indian-3-drawn", table)
    home = deal.parse_move(f"{drawn} F")
    assert home in deal.legal_moves()
    waste_top.click(position={"x": 12, "y": 6})  # select it, then click it again: it goes home
    waste_top.click(position={"x": 12, "y": 6})
    deal.play(home)
    wait_table(page, app, deal)
    assert shown(app)["homes"] == [drawn.name]
    shots(page, "indian-4-waste-home", table)

    # 3. 7♠ onto 8♣ uncovers column 8's face-down card: A♦ turns up protected.
    click_card(app, "seven of spades")
    click_card(app, "eight of clubs")
    deal.play("7♠ 8♣")
    column8 = next(p for p in deal.piles() if p.kind == "column" and p.index == 7)
    assert column8.protected == {0} and column8.cards[0].name == "ace of diamonds"
    wait_table(page, app, deal)
    status_says(page, app, "A♦", "protected")
    protected = app.locator(".ausp-live .ausp-side-you .ausp-col button.ausp-protected")
    assert protected.count() == 1
    assert protected.get_attribute("title") == "ace of diamonds, protected: it may only go to a foundation"
    assert protected.is_visible()
    shots(page, "indian-5-protected", table)

    # A protected card may only go to a foundation: A♦ onto 2♥ (a differing suit, one rank
    # higher) is refused with the reason, and nothing moves.
    before = shown(app)
    click_card(app, "ace of diamonds")
    status_says(page, app, "A♦", "selected", "protected")
    click_card(app, "two of hearts")
    said = status_says(page, app, "A♦ is protected", "foundation")
    assert "may only go to a foundation" in said
    assert shown(app) == before == expected(deal)
    assert app.locator(".ausp-live .ausp-selected").count() == 0
    shots(page, "indian-6-protected-refused", table)

    # 4. Hint: the card the engine advises (here the protected A♦, home) is highlighted, with
    # the place it goes, and the status line gives the move and the reason for it.
    advice = hint_or_fallback(deal, 0)
    source, _ = deal.move_places(advice.move, 0)
    hinted_card = title(deal, next(p for p in deal.piles() if p.ref == source.pile), source.depth)
    app.get_by_role("button", name="Hint").click()
    hinted = app.locator(".ausp-live .ausp-hint")
    eventually(page, lambda: hinted.count() == 2)
    titles = hinted.evaluate_all("els => els.map(e => e.title)")
    assert hinted_card in titles, titles
    status_says(page, app, f"Hint: {advice.move}.", advice.reason.rstrip(".")[1:])
    shots(page, "indian-7-hint", table)

    # A♦ goes home (two clicks), and column 8 is dealt again: one card face down, two up.
    click_card(app, "ace of diamonds")
    click_card(app, "ace of diamonds")
    deal.play("A♦ F")
    wait_table(page, app, deal)
    assert app.locator(".ausp-live .ausp-protected").count() == 0
    assert app.locator(".ausp-live .ausp-hint").count() == 0
    shots(page, "indian-8-dealt-again", table)
