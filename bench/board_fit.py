"""Does a two-player table fit a projector's screen? The board's own layout (board.js, run in
Node) on real two-player positions.

board.js caps a projector card's width so that a two-player table, about 8.8 card widths tall,
fits the window's height. That factor was read off one table (the classroom demo's turn-based
deal, a few moves in). This measures it on deals it was never read off: deals 1–200 of the
turn-based game, at 0, 10, 20 and 40 moves of bot-against-bot play, laid out for a 1280×800
projector (a 1049 px cell, large cards), and prints how tall the board is against the 800 px
window.

Run: .venv/bin/python bench/board_fit.py [--deals 200]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import subprocess

from ausp_widget import Game
from ausp_widget.analysis.players import make_bot
from ausp_widget.widgets.board_state import KeyBook, build

BOARD_JS = pathlib.Path(__file__).resolve().parents[1] / "ausp_widget" / "widgets" / "board.js"
CELL, WINDOW = 1049, 800  # the classroom test's projector: the notebook cell's width, the window's height
STAGES = (0, 10, 20, 40)

# board.js's own `layout`, run in Node on each state read from standard input.
NODE = """
const fs = require('fs');
const source = fs.readFileSync(process.argv[1], 'utf8').replace('export default { render };', '');
const make = new Function('window', source + '; return layout;');
const layout = make({ innerHeight: Number(process.argv[3]) });
const states = JSON.parse(fs.readFileSync(0, 'utf8'));
const cell = Number(process.argv[2]);
const measured = states.map((s) => layout(s, cell, true)).map((g) => [g.height, g.m.w]);
console.log(JSON.stringify(measured));
"""


def states(deals: int) -> list[tuple[int, int, dict]]:
    """(deal, moves played, board state) for each deal at each stage of bot-against-bot play."""
    found = []
    for seed in range(1, deals + 1):
        game = Game.deal(seed, mode="turns")
        bots = [make_bot("steady", game), make_bot("steady", game)]
        played = 0
        for stage in STAGES:
            while played < stage and game.status == "playing":
                player = game.turn
                move = bots[player].choose(game.view(player))
                game.play(move, player)
                played += 1
            state, _ = build(game.piles(), {}, {}, KeyBook())
            found.append((seed, played, state))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()
    cases = states(args.deals)
    done = subprocess.run(
        ["node", "-e", NODE, str(BOARD_JS), str(CELL), str(WINDOW)],
        input=json.dumps([state for _, _, state in cases]),
        capture_output=True,
        text=True,
        check=True,
    )
    heights = json.loads(done.stdout)
    where = f"{CELL} px cell, {WINDOW} px window"
    print(f"board_fit: {len(cases)} two-player tables (deals 1-{args.deals}), {where}")
    for stage in STAGES:
        rows = [(h, w) for (_, played, _), (h, w) in zip(cases, heights, strict=True) if played == stage]
        tall = [h for h, _ in rows]
        over = sum(h > WINDOW for h in tall)
        print(
            f"board_fit: after {stage:>2} moves: card width {rows[0][1]} px; board height median "
            f"{statistics.median(tall):.0f} px, max {max(tall):.0f} px; "
            f"taller than the window: {over} of {len(tall)}"
        )


if __name__ == "__main__":
    main()
