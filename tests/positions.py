"""Positions shared by the tests: SPEC §5's Pagat opening and the J♥–4♣ example."""

PAGAT = """\
foundations: -
stock: 5♣ 6♣ 7♣ 8♣ 10♣ Q♣ A♦ 2♦ 4♦ 5♦ 7♦ 9♦ A♥ 3♥ 4♥ 6♥ 8♥ 10♥ 2♠ 3♠ 5♠ 8♠ 9♠ 10♠
waste: -
1: A♣ J♦ J♣ 3♦
2: Q♦ K♣ 4♣ 8♦
3: 5♥ Q♠ 6♦ 2♣
4: K♥ 3♣ 6♠ 9♥
5: K♦ 2♥ J♠ 7♠
6: A♠ 10♦ Q♥ 4♠
7: 7♥ 9♣ K♠ J♥
"""

PAGAT_LINE = ["A♣ 2♣", "K♣ 1", "J♦ Q♦", "A♣ F", "2♣ F", "6♠ 7♠", "3♣ F"]

# J♥ heads the group J♥ 9♦ 4♣ in column 1; Q♥ is exposed in column 2; 5♣ is on the waste
# and 6♣ exposed in column 3, so 5♣ can enter the tableau and then take 4♣.
JACK_GROUP = """\
foundations: -
stock: 2♣ 3♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 10♦ J♦ Q♦ K♦ A♥ 2♥ 3♥ 4♥
waste: 5♣
1: 10♠ J♥ 9♦ 4♣
2: 5♥ 6♥ K♥ Q♥
3: 7♥ 8♥ 9♥ 6♣
4: 10♥ A♠ 2♠ 3♠
5: 4♠ 5♠ 6♠ 7♠
6: 8♠ 9♠ J♠ Q♠
7: K♠ A♣ K♣
"""


def versus(mode: str, you, bot, first: int = 0):
    """A two-player game from two solo positions (your cards and piles on F1 F3 F5 F7, the
    bot's on F2 F4 F6 F8), checked like a save: for tests of end games no deal reaches quickly."""
    from ausp_widget import Game
    from ausp_widget.games.australian.layout import layout_from_cards

    layouts = [layout_from_cards(g.tableau(), g.stock(), g.waste()) for g in (you, bot)]
    piles = []
    for suit in range(4):
        piles.append((0,) * len(you.foundations[suit]))
        piles.append((1,) * len(bot.foundations[suit]))
    game = Game(layouts, piles, mode=mode, first=first)
    return Game.from_json(game.to_json())
