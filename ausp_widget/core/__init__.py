"""The ground every game stands on: cards, moves and their text, deal numbers, saves, observers,
statistics, and the protocol every game implements."""
