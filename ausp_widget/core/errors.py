"""The two ways a request can be wrong: bad text, or a move the rules forbid."""


class NotationError(ValueError):
    """Text (a card, a move, a position or a save) that cannot be read."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules forbid now; the message says which rule and why."""
