"""A deliberately naive reading of SPEC §1, written only from the public API, to check the engine."""

from ausp_widget import Game, Move


def reference_moves(game: Game, useful_only: bool = False) -> set[str]:
    """All card moves allowed by R3–R7 (no draw), by scanning every card."""
    columns = game.tableau()
    tops = {pile[-1].suit: pile[-1].rank for pile in game.foundations if pile}
    waste = game.waste()
    moves = set()
    sources = [(card, c, d) for c, col in enumerate(columns) for d, card in enumerate(col)]
    if waste:
        sources.append((waste[-1], None, None))
    for card, c, depth in sources:
        exposed = c is None or depth == len(columns[c]) - 1
        if exposed and tops.get(card.suit, 0) == card.rank - 1:
            moves.add(f"{card} F")
        for t, col in enumerate(columns):
            if col and t != c and col[-1].suit == card.suit and col[-1].rank == card.rank + 1:
                moves.add(f"{card} {col[-1]}")
            if not col and card.rank == 13 and not (useful_only and depth == 0):
                moves.add(f"{card} {t + 1}")
    return moves


def reference_status(game: Game) -> str:
    if sum(len(p) for p in game.foundations) == 52:
        return "won"
    if not game.stock() and not reference_moves(game, useful_only=True):
        return "lost"
    return "playing"


def legal_card_moves(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves() if m.kind not in ("draw", "pass")}


__all__ = ["Move", "legal_card_moves", "reference_moves", "reference_status"]
