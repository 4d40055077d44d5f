"""One colour for each highlight, shared by the live widget's stylesheet, the static HTML board
and the figures, so a student meets the same colours in a slide, a handout and the game."""

ROLE_COLOURS = {
    "group": "#1976d2",  # the card or group that moves (the widget's selection)
    "target": "#1e9e4a",  # where it may go
    "mark": "#f29900",  # a card the words point at (the widget's hint)
    "moved": "#8e44ad",  # what just moved
}
PROTECTED = "#b8860b"  # the dotted frame of a protected card
