"""Random playouts of Indian Patience on 200 seeded deals: cards conserved, undo exact, saves round-trip,
and every listed move checked against a plain reading of the rules."""

import random
from collections import Counter

import pytest

from ausp_widget import Game
from ausp_widget.core.cards import CARDS
from ausp_widget.games.indian.game import IndianGame

TWO_DECKS = Counter({card: 2 for card in CARDS})
MOVES_PER_DEAL = 160


def all_cards(g: IndianGame) -> Counter:
    laid = [c for col in g.tableau() for c in col] + list(g.stock()) + list(g.waste())
    return Counter(laid + [c for pile in g.foundations for c in pile])


def naive_moves(g: IndianGame) -> set[tuple]:
    """(source place, card, destination) for every move the rules allow, read off the public face."""
    cols, protected, waste = g.tableau(), g.protected(), g.waste()
    sources = [(c, col[-1]) for c, col in enumerate(cols) if col] + ([("w", waste[-1])] if waste else [])
    heights = [len(pile) for pile in g.foundations]
    found = set()
    for src, card in sources:
        piles = [k for k in range(8) if g.pile_suit(k + 1) == card.suit and heights[k] == card.rank - 1]
        if piles:
            found.add((src, card, "F"))
        if src != "w" and protected[src]:
            continue
        for t, col in enumerate(cols):
            if t == src:
                continue
            fits = col and not protected[t] and col[-1].rank == card.rank + 1 and col[-1].suit != card.suit
            if not col or fits:
                found.add((src, card, t))
    return found


def engine_moves(g: IndianGame) -> set[tuple]:
    """The same triples for the engine's listed moves, found by playing each on a copy."""
    found = set()
    for move in g.legal_moves():
        if move.kind == "draw":
            continue
        trial = g.copy()
        before = trial.tableau()
        trial.play(move)
        after = trial.tableau()
        shrunk = [c for c in range(10) if len(after[c]) < len(before[c])]
        refilled = [c for c in range(10) if before[c] == (move.card,) and len(after[c]) == 3]
        src = (shrunk or refilled or ["w"])[0]
        if move.kind == "foundation":
            found.add((src, move.card, "F"))
        else:
            dest = next(t for t in range(10) if t != src and len(after[t]) == len(before[t]) + 1)
            found.add((src, move.card, dest))
    return found


@pytest.mark.parametrize("block", range(4))
def test_random_playouts_keep_every_invariant(block):
    """50 deals per block: every step conserves the 104 cards and is undone and redone exactly."""
    rng = random.Random(block)
    statuses = Counter()
    for seed in range(block * 50, block * 50 + 50):
        g = Game.deal(seed, game="indian")
        for step in range(MOVES_PER_DEAL):
            assert all_cards(g) == TWO_DECKS
            legal = g.legal_moves()
            if g.status != "playing":
                assert legal == []
                break
            assert len(set(map(str, legal))) == len(legal)  # every listed move has its own text
            if step % 16 == 0:
                assert engine_moves(g) == naive_moves(g), g.to_text()
                text = g.to_text()
                assert Game.from_text(text).to_text() == text
            # favour drawing a little less than card moves, so games reach the end of the stock
            card_moves = [m for m in legal if m.kind != "draw"]
            move = rng.choice(card_moves) if card_moves and rng.random() < 0.6 else legal[-1]
            key = g.position_key()
            played = g.play(move)
            after = g.position_key()
            assert g.undo() == played and g.position_key() == key
            assert g.redo() == played and g.position_key() == after
        statuses[g.status] += 1
        saved = g.to_json()
        restored = Game.from_json(saved)
        assert restored.to_text() == g.to_text() and restored.history == g.history
        assert restored.status == g.status and restored.to_json() == saved
    assert sum(statuses.values()) == 50


def test_undo_all_the_way_returns_the_deal_and_redo_replays_it():
    rng = random.Random(5)
    g = Game.deal(77, game="indian")
    start = g.to_text()
    for _ in range(300):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(rng.choice(legal))
    end, moves = g.to_text(), len(g.history)
    for _ in range(moves):
        g.undo()
    assert g.to_text() == start and g.history == ()
    for _ in range(moves):
        g.redo()
    assert g.to_text() == end


def test_played_out_games_reach_an_end_with_the_stock_used_up():
    """Drawing whenever no foundation move is listed runs the stock out; then the game is decided
    or still has a card that can go home."""
    ended = Counter()
    for seed in range(20):
        g = Game.deal(seed, game="indian")
        while g.stock():
            legal = g.legal_moves()
            home = [m for m in legal if m.kind == "foundation"]
            g.play(home[0] if home else legal[-1])
        assert g.protected() == (False,) * 10
        verdict = g.can_reach_home()
        assert (g.status == "lost") == (verdict is False)
        ended[g.status] += 1
    assert ended["lost"] + ended["playing"] == 20
