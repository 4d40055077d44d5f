"""What the table says, in words, about any game: welcome, info line, result, turns, races."""

from __future__ import annotations

from typing import Any

from ausp_widget.core.moves import Move
from ausp_widget.core.protocol import Pile, has_stock

WAIT = "Wait for your turn: the bot is playing."
"""The answer to a move, a button or a key of yours during the bot's turn."""
THEIRS = "Those are the bot's cards: yours are the table marked You."
"""The answer to a click on the bot's cards, in words that hold whichever way the tables lie."""


def own(piles: tuple[Pile, ...], kind: str) -> int:
    """How many cards your pile of this kind holds (your stock, say)."""
    return sum(p.size for p in piles if p.kind == kind and p.owner == 0)


def welcome(game: Any) -> str:
    deal = f"Deal {game.seed}" if game.seed is not None else "This game"
    if game.mode == "solo":
        return f"{deal} of {game.title}. {game.click_help}"
    if game.mode == "turns":
        opener = "You start: move, then Draw to end your turn." if game.turn == 0 else "The bot starts."
        return f"{deal} against the bot, turn by turn. {opener}"
    return f"{deal} against the bot, both at once: the bot plays on its own clock."


def info_text(game: Any, piles: tuple[Pile, ...]) -> str:
    if game.mode == "solo":
        deal = f"Deal {game.seed} · " if game.seed is not None else ""
        home = f"{game.scores[0]} of {game.card_count} cards home"
        text = f"{deal}{home}"
        if has_stock(game):  # a game that deals every card has no stock to count
            text += f" · {own(piles, 'stock')} in the stock"
        if game.protected_means and any(p.protected for p in piles):
            text += f" · dotted gold frame: protected, {game.protected_means}"
        return text
    mine, theirs = game.scores
    text = f"You {mine} · The bot {theirs}"
    if game.status != "playing":
        return text + " · game over"
    if game.mode == "turns":
        return text + (" · your turn" if game.turn == 0 else " · the bot's turn")
    return text + " · both play at once"


def result_text(game: Any) -> str:
    status = game.status
    if status == "playing":
        return "The game is still on."
    if game.mode == "solo":
        total = game.card_count
        if status == "won":
            return f"You won: all {total} cards are on the foundations!"
        empty = "the stock is empty and " if has_stock(game) else ""  # no stock to use up
        home = f"{game.scores[0]} of {total} cards reached the foundations"
        text = f"Game lost: {empty}{game.lost_because}; {home}."
        why = game.explain_loss(0)
        return f"{text} {why}" if why else text
    mine, theirs = game.scores
    verdict = {0: "You win!", 1: "The bot wins.", None: "A tie."}[game.winner]
    return f"Game over: you {mine}, the bot {theirs}. {verdict}"


def turn_text(game: Any, player: int) -> str:
    """ " Your turn." when the bot's move handed the turn over (and the other way round)."""
    if game.mode != "turns" or game.status != "playing" or game.turn == player:
        return ""
    return " Your turn." if game.turn == 0 else " The bot's turn."


def too_late(game: Any, move: Move, taker: Move) -> str:
    """A lost race in words: who took the space, and where the card can still go."""
    text = (
        f"Too late: the bot put its {taker.card} on F{taker.pile} while you were choosing, "
        f"so your {move.card} stays where it was."
    )
    still = [m for m in game.legal_moves(0) if m.card is move.card and m.kind == "foundation"]
    if still:
        text += f" It can still go to F{still[0].pile}." if still[0].pile else " It can still go home."
    return text
