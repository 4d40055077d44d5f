"""Whether an Indian Patience game is lost is decided from what the table shows.

With the stock empty the game is lost only when no sequence of moves can bring another card
home and none can turn up a face-down card: a card that can still be turned up keeps the game
open until the player has seen it, then the status is decided again. So two tables that differ
only in their face-down cards get the same status, the same moves and the same loss words."""

from __future__ import annotations

import itertools
import re

import pytest
from indian_positions import game

from ausp_widget import Game
from ausp_widget.core.registry import entry
from ausp_widget.games.indian.hints import play_out

HIDDEN_TOKEN = re.compile(r"\[[^\]]+\]")


def face_down_swaps(text: str) -> list[str]:
    """The position text with each pair of face-down cards exchanged (the table looks the same)."""
    lines = text.splitlines()
    slots = [
        (n, m.start(), m.end())
        for n, line in enumerate(lines)
        if re.match(r"\d+:", line)
        for m in HIDDEN_TOKEN.finditer(line)
    ]
    swaps = []
    for (n1, s1, e1), (n2, s2, e2) in itertools.combinations(slots, 2):
        a, b = lines[n1][s1:e1], lines[n2][s2:e2]
        if a == b:
            continue
        new = list(lines)
        new[n1] = lines[n1][:s1] + b + lines[n1][e1:]
        new[n2] = new[n2][:s2] + a + new[n2][e2:]
        swaps.append("\n".join(new) + "\n")
    return swaps


def seen(g) -> tuple:
    """What the player is told: the status, the moves allowed and the loss explanation."""
    return g.status, [str(m) for m in g.legal_moves()], g.explain_loss(0, shown=52)


def assert_same_for_every_swap(text: str) -> tuple:
    told = seen(Game.from_text(text))
    for other in face_down_swaps(text):
        assert seen(Game.from_text(other)) == told, other
    return told


WASTE = "J♦ 4♦ 4♦ K♦ 8♣ 4♥ 10♥ 6♣ 3♣ J♠ J♠ J♦ K♣ Q♥ 6♣ J♣ 9♣ 7♠ 2♥ 8♣ 6♥ 6♥ K♣ 7♣ 7♦ Q♠ 9♠ 10♠"
WASTE += " 7♥ 6♦ Q♣ 7♣ 5♠ Q♦ 10♣"
REPORTED = f"""game: indian
foundations: 5♣ 2♣ 3♦ 3♦ - 5♥ 2♠ 5♠
stock: -
waste: {WASTE}
1: [3♠] J♥ 8♠ 7♥ 6♠ 5♦ 4♠ 3♥
2: K♠
3: [A♥] K♦ Q♥ J♣ 10♥ 9♣ 8♥
4: 9♥
5: [10♠] Q♠ J♥ 10♣ 9♦
6: [5♣] K♥ K♥ Q♦
7: [10♦] K♠ 8♠ 7♦ 6♠ 5♦
8: [4♣] 8♦ 8♦ 7♠ 6♦ 5♥
9: [9♥] Q♣
10: [9♦] 10♦ 9♠ 8♥
"""


def test_two_tables_that_look_the_same_get_the_same_status():
    other = REPORTED.replace("1: [3♠]", "1: [XX]").replace("9: [9♥]", "9: [3♠]").replace("1: [XX]", "1: [9♥]")
    one, two = entry("indian").read_text(REPORTED), entry("indian").read_text(other)
    assert seen(one) == seen(two)
    # Q♣ onto K♠ turns up the card under it: new to the player, so the game goes on
    assert one.status == "playing" and "Q♣ K♠" in map(str, one.legal_moves())
    assert_same_for_every_swap(REPORTED)


# hearts 4 to K are left (the rest home), stock empty: hearts never go onto hearts
_BURIED = ["4♥ 6♥ 7♥", "4♥ 6♥ 7♥", "[5♥] 8♥ 8♥", "9♥ 10♥ 10♥", "J♥ J♥", "Q♥ Q♥", "K♥", "K♥"]


def test_a_card_that_can_be_turned_up_keeps_the_game_open_until_it_is_seen():
    g = game(["[9♥] 5♥", *_BURIED], rest="home")
    assert g.stock() == () and g.face_down()[0] == 1
    # no card can ever go home (both 4♥ lie under two cards, one empty column), but moving
    # 5♥ into the empty column turns up column 1's card: that is for the player to see
    assert g.status == "playing" and g.can_reach_home() is True
    assert_same_for_every_swap(g.to_text())
    g.play("5♥ 10")
    assert g.face_down()[0] == 0 and g.tableau()[0][-1].rank == 9
    assert g.status == "lost" and g.legal_moves() == [] and "4♥" in g.explain_loss()
    assert_same_for_every_swap(g.to_text())


def test_a_game_ends_once_nothing_can_be_turned_up_or_go_home():
    columns = ["[9♥] 5♥", "4♥ 6♥", "4♥ 6♥", "[5♥] 7♥", "7♥ 8♥", "8♥ 9♥", "10♥ 10♥", "J♥ J♥", "Q♥ Q♥", "K♥ K♥"]
    g = game(columns, rest="home")  # no empty column, and hearts never go onto hearts
    assert sum(g.face_down()) == 2 and g.status == "lost" and g.can_reach_home() is False
    assert g.legal_moves() == [] and g.explain_loss()
    assert assert_same_for_every_swap(g.to_text())[0] == "lost"


LOST_SEEDS = (0, 1, 3, 5, 9)


@pytest.mark.parametrize("seed", LOST_SEEDS)
def test_swapping_face_down_cards_never_changes_the_end_of_a_played_out_game(seed):
    g = play_out(Game.deal(seed, game="indian"))
    assert g.stock() == () and g.status == "lost" and sum(g.face_down()) > 0
    assert g.can_reach_home() is False  # nothing can go home and nothing can be turned up
    decided = 0
    for _ in range(6):  # the lost position and the last ones before it with the stock used up
        if g.stock():
            break
        decided += assert_same_for_every_swap(g.to_text())[0] in ("lost", "playing")
        g.undo()
    assert decided >= 1
