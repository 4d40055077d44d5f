"""Full-information games consistent with what the player of Indian Patience sees: the order
of the stock and the face-down card under each column are hidden, and a sample deals every card
the view does not show into those places in a random order (the core's sampler for games drawn
as piles; `IndianGame.from_view` builds the game)."""

from __future__ import annotations

from ausp_widget.core.view import sample_from_view as sample_game

__all__ = ["sample_game"]
