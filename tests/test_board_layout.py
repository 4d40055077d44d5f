"""The board's layout (board.js's `layout`, run in Node) on the tallest tables of play: on a
1280×800 projector every table fits the height the window leaves it, every card's corner index
shows whole and at a readable size, and every card can still be reached by pointer and keyboard.
(bench/board_fit.py measures the same on deals 1–400; tests/browser/test_lab_fit.py in JupyterLab.)"""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess

import pytest

from ausp_widget.analysis.players import make_bot
from ausp_widget.core import registry
from ausp_widget.widgets.board_state import KeyBook, build, on_board

BOARD_JS = pathlib.Path(__file__).resolve().parents[1] / "ausp_widget" / "widgets" / "board.js"
CELL, WINDOW, ROOM = 1049, 800, 450  # the notebook cell, the window and the board's height (px)
LEGIBLE = 20  # px: a projector card's least corner index

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="runs board.js in Node")

# The layout of each state read from standard input: its cards, piles and keyboard stops.
NODE = """
const fs = require('fs');
const source = fs.readFileSync(process.argv[1], 'utf8').replace('export default { render };', '');
const layout = new Function('window', source + '; return layout;')({ innerHeight: 800 });
const states = JSON.parse(fs.readFileSync(0, 'utf8'));
const [cell, room] = [Number(process.argv[2]), Number(process.argv[3])];
console.log(JSON.stringify(states.map((s) => {
  const g = layout(s, cell, true, room);
  const items = g.items.map(({ id, kind, pile, x, y, z, item }) =>
    ({ id, kind, pile, x, y, z, down: !!(item && item.down) }));
  const m = { w: g.m.w, h: g.m.h, font: g.m.font, least: g.m.least, how: g.m.how, wide: g.m.lane };
  return { height: g.height, width: g.width, bound: g.bound, m, items, stops: g.stops };
})));
"""

# The tallest tables 30 moves in on deals 1–200 (bench/board_fit.py): the race of deal 44 (a
# column of 16 cards), Yukon's deal 33 (a column of 30) and 149 (27); and deal 8 of the others.
TALLEST = [("simultaneous", 44), ("turns", 180), ("yukon", 33), ("yukon", 149), ("solo", 8), ("indian", 8)]


def played(mode: str, seed: int, moves: int = 30) -> dict:
    """The board's state after `moves` moves of the bench's play: the bot's in Australian
    Patience (the two players in turn), the hint's in the other games."""
    entry, game_mode = registry.for_table_mode(mode)
    game = entry.deal(seed, mode=game_mode)
    bots = [make_bot("steady", game) for _ in range(2)] if entry.bot is not None else []
    for _ in range(moves):
        if not bots:
            move = entry.hint(game, 0).move
            if move is None:
                break
            game.play(move)
            continue
        turn = len(game.history) % 2
        players = [0] if game_mode == "solo" else [game.turn] if game.turn is not None else [turn, 1 - turn]
        for player in players:
            move = bots[player].choose(game.view(player))
            if move is not None:
                game.play(move, player) if game_mode != "solo" else game.play(move)
                break
    state, _ = build(on_board(game, game.piles()), {}, {}, KeyBook())
    return state


@pytest.fixture(scope="module")
def tables() -> list[tuple[str, int, dict, dict]]:
    states = [played(mode, seed) for mode, seed in TALLEST]
    done = subprocess.run(
        ["node", "-e", NODE, str(BOARD_JS), str(CELL), str(ROOM)],
        input=json.dumps(states),
        capture_output=True,
        text=True,
        check=True,
    )
    return [(m, s, st, g) for (m, s), st, g in zip(TALLEST, states, json.loads(done.stdout), strict=True)]


def overlaps(a: tuple, b: tuple) -> bool:
    """Whether two boxes (left, top, right, bottom) share more than an edge."""
    return a[0] < b[2] - 0.01 and b[0] < a[2] - 0.01 and a[1] < b[3] - 0.01 and b[1] < a[3] - 0.01


def test_the_tallest_tables_fit_the_projector_with_readable_cards(tables):
    for mode, seed, _, geo in tables:
        assert geo["height"] <= ROOM and geo["width"] <= CELL, (mode, seed, geo["height"], geo["width"])
        assert geo["m"]["font"] >= LEGIBLE, (mode, seed, geo["m"])
    hows = {mode: geo["m"]["how"] for mode, _, _, geo in tables}
    assert hows["simultaneous"] == hows["turns"] == "flank", "side by side, the foundations between"
    assert any(geo["bound"] == "lanes" for mode, _, _, geo in tables if mode == "yukon"), "a 30-card column"


def test_every_card_shows_its_corner_index_whole(tables):
    for mode, seed, _, geo in tables:
        m = geo["m"]
        cards = [i for i in geo["items"] if i["kind"] in ("card", "stock", "slot")]
        for card in cards:
            if card["kind"] != "card" or card["down"] or card["pile"].startswith("foundation"):
                continue
            index = (card["x"], card["y"], card["x"] + m["wide"], card["y"] + m["least"])
            above = [
                other["id"]
                for other in cards
                if other is not card
                and (other["pile"] != card["pile"] or other["z"] > card["z"])
                and overlaps(index, (other["x"], other["y"], other["x"] + m["w"], other["y"] + m["h"]))
            ]
            assert not above, f"{mode} deal {seed}: {card['id']}'s index is under {above}"


def test_every_card_is_drawn_once_and_every_face_up_card_of_yours_is_a_keyboard_stop(tables):
    for mode, seed, state, geo in tables:
        drawn = [i["id"] for i in geo["items"] if i["kind"] == "card"]
        sent = [c["id"] for p in state["piles"] for c in p["cards"]]
        assert sorted(drawn) == sorted(sent), (mode, seed)
        stops = {spot for _, spots in geo["stops"] for spot in spots}
        mine = [
            c["id"]
            for p in state["piles"]
            if p["kind"] == "column" and not p["theirs"]
            for c in p["cards"]
            if not c.get("down")
        ]
        assert set(mine) <= stops, (mode, seed, set(mine) - stops)
