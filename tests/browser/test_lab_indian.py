"""Indian Patience on the learn-and-play notebook's live table in a real JupyterLab, played as a
person would: a single card moved by clicks, a draw and the waste card played, a card dragged
with the mouse that turns up a face-down card protected, that card refused anywhere but a
foundation (clicked, and dropped: the reason shown over the cards), and a hint.

Deal 3 gives a short line for all of it: Q♥ onto K♠; draw A♣ and send it home; 7♠ onto 8♣
(dragged), which turns up A♦ in column 8, protected; the hint then sends that A♦ home.
"""

from __future__ import annotations

from board_dom import LIVE, board, click, drag, place, settled, toast
from jupyter_servers import eventually, open_notebook

from ausp_widget import Game
from ausp_widget.analysis.simple import hint_or_fallback

DEAL = 3

# The live table, seen as the player sees it: each of your columns as the accessible names of its
# face-up cards (bottom first, the pile's words taken out; a protected card's name says so), the
# waste's top card, the stock, the foundations' top cards. The board draws every card and empty
# place as an element with `data-spot` ("column/0/7#2") and an aria-label.
TABLE_JS = """(root) => {
  const spots = [...root.querySelectorAll('[data-spot]')].map(e => {
    const [pile, depth] = e.dataset.spot.split('#');
    const [kind, owner, index] = pile.split('/');
    return {kind, owner, index: Number(index), depth: depth === undefined ? null : Number(depth),
            label: e.getAttribute('aria-label'), face: e.classList.contains('ausp-face')};
  });
  const mine = spots.filter(s => s.owner === '0' && s.depth !== null);
  const top = (list) => list.sort((a, b) => a.depth - b.depth).at(-1);
  const columns = [];
  for (const s of mine.filter(s => s.kind === 'column')) {
    while (columns.length <= s.index) columns.push([]);
    if (s.face) columns[s.index].push([s.depth, s.label.replace(/, column \\d+/, '')]);
  }
  const waste = top(mine.filter(s => s.kind === 'waste'));
  const stock = spots.find(s => s.kind === 'stock' && s.owner === '0');
  const homes = [];
  for (const s of spots.filter(s => s.kind === 'foundation' && s.depth !== null)) {
    const now = homes[s.index];
    if (!now || now.depth < s.depth) homes[s.index] = s;
  }
  return {
    columns: columns.map(c => c.sort((a, b) => a[0] - b[0]).map(x => x[1])),
    'waste top': waste ? waste.label.split(',')[0] : null,
    stock: stock ? stock.label.split(':')[0] : '',
    homes: homes.filter(Boolean).map(s => s.label.split(',')[0]),
  };
}"""


def title(game, pile, depth: int) -> str:
    """The name of the face-up card at `depth` in `pile`: its name, and whether it is protected."""
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
    if not app.locator(LIVE).count():
        return {}  # the Play tab is not drawn yet
    return board(app).evaluate(TABLE_JS)


def version(app) -> int:
    return int(board(app).get_attribute("data-version") or 0)


def wait_table(page, app, game) -> None:
    """Wait until the live table shows `game`: columns, waste, stock count and foundations."""
    want = expected(game)

    try:
        eventually(page, lambda: shown(app) == want, seconds=10)
    except AssertionError:
        assert shown(app) == want


def mine(app, name: str):
    """Your face-up card `name` in the columns (two decks: it must be the only one on show)."""
    found = board(app).locator(f'[data-spot^="column/0/"].ausp-face[aria-label^="{name},"]')
    assert found.count() == 1, f"{name}: {found.count()} cards with that name in your columns"
    return found


def click_card(page, app, name: str) -> None:
    """Click a card where a player would: on its visible top strip (covered cards overlap)."""
    click(page, mine(app, name))


def classes(locator) -> str:
    return locator.get_attribute("class") or ""


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
    assert board(app).locator('[data-spot^="column/0/"].ausp-back').count() == 10
    assert board(app).locator(".ausp-protected").count() == 0
    # Ten columns and eight foundations, all on show: numbered 1..10 and named F1..F8.
    numbers = board(app).locator(".ausp-col-number").all_inner_texts()
    assert numbers == [str(n) for n in range(1, 11)], numbers
    assert board(app).locator(".ausp-pile-name").all_inner_texts() == [f"F{n}" for n in range(1, 9)]
    shots(page, "indian-1-deal", table)

    # 1. One card onto a card of another suit, by two clicks: Q♥ onto K♠.
    click_card(page, app, "queen of hearts")
    eventually(page, lambda: "ausp-selected" in classes(mine(app, "queen of hearts")), seconds=10)
    click_card(page, app, "king of spades")
    deal.play("Q♥ K♠")
    wait_table(page, app, deal)
    status_says(page, app, "Q♥")
    shots(page, "indian-2-moved", table)

    # 2. Draw: the stock gives one card to the waste; that card, A♣, can go home, and does.
    stock = place(app, "stock/0/0")
    left = len(deal.stock())
    assert stock.get_attribute("aria-label").startswith(f"stock, {left} cards")
    click(page, stock)
    deal.play("draw")
    wait_table(page, app, deal)
    assert stock.get_attribute("aria-label").startswith(f"stock, {left - 1} cards")
    drawn = deal.waste()[-1]
    waste_top = board(app).locator(f'[data-spot^="waste/0/"].ausp-face[aria-label^="{drawn.name},"]').last
    settled(page)
    assert waste_top.is_visible()
    status_says(page, app, f"drew {drawn}")
    shots(page, "indian-3-drawn", table)
    home = deal.parse_move(f"{drawn} F")
    assert home in deal.legal_moves()
    click(page, waste_top)  # select it, then click it again: it goes home
    click(page, waste_top)
    deal.play(home)
    wait_table(page, app, deal)
    assert shown(app)["homes"] == [drawn.name]
    shots(page, "indian-4-waste-home", table)

    # 3. 7♠ dragged with the mouse onto 8♣ uncovers column 8's face-down card: A♦ turns up protected.
    drag(page, mine(app, "seven of spades"), mine(app, "eight of clubs"))
    deal.play("7♠ 8♣")
    column8 = next(p for p in deal.piles() if p.kind == "column" and p.index == 7)
    assert column8.protected == {0} and column8.cards[0].name == "ace of diamonds"
    wait_table(page, app, deal)
    status_says(page, app, "A♦", "protected")
    protected = board(app).locator('[data-spot^="column/0/"].ausp-protected')
    assert protected.count() == 1
    assert (
        protected.get_attribute("aria-label")
        == "ace of diamonds, column 8, protected: it may only go to a foundation"
    )
    assert protected.get_attribute("title") == protected.get_attribute("aria-label")
    assert protected.is_visible()
    settled(page)  # once it has slid there
    seven = mine(app, "seven of spades").bounding_box()
    eight = mine(app, "eight of clubs").bounding_box()
    assert abs(seven["x"] - eight["x"]) < 1 and seven["y"] > eight["y"], "7♠ lies on 8♣"
    shots(page, "indian-5-protected", table)

    # A protected card may only go to a foundation: A♦ onto 2♥ (a differing suit, one rank
    # higher) is refused with the reason, and nothing moves. First by two clicks...
    before, at = shown(app), version(app)
    click_card(page, app, "ace of diamonds")
    status_says(page, app, "A♦", "selected", "protected")
    click_card(page, app, "two of hearts")
    said = status_says(page, app, "A♦ is protected", "foundation")
    assert "may only go to a foundation" in said
    assert shown(app) == before == expected(deal)
    assert board(app).locator(".ausp-selected").count() == 0
    shots(page, "indian-6-protected-refused", table)

    # ... then dropped there with the mouse: the card goes back, the reason shows over the cards.
    settled(page)
    ace = mine(app, "ace of diamonds")
    ace_at = ace.bounding_box()
    page.wait_for_timeout(4800)  # the first refusal's words have faded
    assert toast(app) == ""
    drag(page, ace, mine(app, "two of hearts"))
    eventually(page, lambda: "protected" in toast(app), seconds=10)
    reason = toast(app)
    assert "A♦" in reason and "foundation" in reason, reason
    assert reason in app.locator(".ausp-live .ausp-status").inner_text()
    page.wait_for_timeout(400)  # the card slides back
    assert shown(app) == before == expected(deal) and version(app) == at
    back = mine(app, "ace of diamonds").bounding_box()
    assert abs(back["x"] - ace_at["x"]) < 1 and abs(back["y"] - ace_at["y"]) < 1, (back, ace_at)
    assert board(app).locator(".ausp-dragging, .ausp-drop-ok, .ausp-selected").count() == 0
    shots(page, "indian-6b-protected-drop-refused", table)

    # 4. Hint: the card the engine advises (here the protected A♦, home) is highlighted, with
    # the place it goes, and the status line gives the move and the reason for it.
    advice = hint_or_fallback(deal, 0)
    source, _ = deal.move_places(advice.move, 0)
    hinted_card = title(deal, next(p for p in deal.piles() if p.ref == source.pile), source.depth)
    app.get_by_role("button", name="Hint", exact=True).click()
    hinted = board(app).locator("[data-spot].ausp-hint")
    eventually(page, lambda: hinted.count() == 2)
    labels = [
        label.replace(", column 8", "") for label in hinted.evaluate_all("els => els.map(e => e.ariaLabel)")
    ]
    assert hinted_card in labels, labels
    assert any("foundation" in label for label in labels), labels  # where it goes
    status_says(page, app, f"Hint: {advice.move}.", advice.reason.rstrip(".")[1:])
    shots(page, "indian-7-hint", table)

    # A♦ goes home (two clicks), and column 8 is dealt again: one card face down, two up.
    click_card(page, app, "ace of diamonds")
    click_card(page, app, "ace of diamonds")
    deal.play("A♦ F")
    wait_table(page, app, deal)
    assert board(app).locator(".ausp-protected").count() == 0
    assert board(app).locator(".ausp-hint").count() == 0
    shots(page, "indian-8-dealt-again", table)
