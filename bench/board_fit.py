"""Does every table fit a projector's screen, with its buttons? The board's own layout
(board.js's `layout`, run in Node) on real positions.

On a 1280×800 screen JupyterLab shows a notebook in a 679-px panel; scrolled to the app's top,
the app's title, game and mode choice, tabs and top bar take 167 px above the board, and the
board's line of words (28 px) and the button row (30 px) lie below it: the board's own `room`
is then 450 px in a 1049-px cell (431 px for Indian Patience, whose mode note takes a line),
as the browser measures it (tests/browser/test_lab_fit.py checks the same tables there). This lays out
deals 1–200 of every table mode (solo, turn-based, race, Indian Patience, Yukon) at 0, 10, 20,
30, 40, 60, 90 and 120 moves of play (the bot's moves in Australian Patience, the hint's in the
others; with `--student`, against the bot you play the hint's moves, as a student may) and
prints, for each, the share of tables that fit (with a 95% interval), the tallest table, the
card widths drawn, how many tables had a column laid out in lanes side by side (one player's
table with a column too long for the window even at its tightest fan), and the deals that did not
fit.

With JupyterLab's side panel open (`--cell 797`) the cell is too narrow for two players' tables
side by side: a table fits only when it is no taller than its room and no wider than the cell, and
the board says how to see the rest of one that does not.

Run: .venv/bin/python bench/board_fit.py [--deals 200] [--first-deal 1] [--cell 1049]
     [--board-js PATH (an older board.js)] [--student]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess

from ausp_widget.analysis.players import make_bot
from ausp_widget.core import registry
from ausp_widget.core.protocol import PatienceGame
from ausp_widget.core.stats import wilson_interval
from ausp_widget.widgets.board_state import KeyBook, build, on_board

BOARD_JS = pathlib.Path(__file__).resolve().parents[1] / "ausp_widget" / "widgets" / "board.js"
CELL, WINDOW = 1049, 800  # the notebook cell's width, the window's height
ROOMS = {"indian": 431}  # the height the board may take, where not ROOM
ROOM = 450
MODES = ("solo", "turns", "simultaneous", "indian", "yukon")
STAGES = (0, 10, 20, 30, 40, 60, 90, 120)

# board.js's own `layout`, run in Node on each state read from standard input.
NODE = """
const fs = require('fs');
const source = fs.readFileSync(process.argv[1], 'utf8').replace('export default { render };', '');
const make = new Function('window', source + '; return layout;');
const layout = make({ innerHeight: Number(process.argv[3]) });
const states = JSON.parse(fs.readFileSync(0, 'utf8'));
const cell = Number(process.argv[2]), room = Number(process.argv[4]);
const measured = states.map((s) => layout(s, cell, true, room))
  .map((g) => [g.height, g.m.w, g.bound, g.width]);
console.log(JSON.stringify(measured));
"""


def advance(game: PatienceGame, bots: list, mode: str, student: bool = False) -> bool:
    """One move of play: the bot's in Australian Patience (each player in turn in a race), the
    hint's in a game without a bot, and the hint's for you when `student` (a student who
    follows the hint builds longer columns than the bot does). False when no move is left."""
    if game.status != "playing":
        return False
    entry = registry.entry_for(game)
    if entry.bot is None:
        move = entry.hint(game, 0).move
        if move is None:
            return False
        game.play(move)
        return True
    players = [game.turn] if game.turn is not None else ([0, 1] if mode == "simultaneous" else [0])
    if mode == "simultaneous":  # the two race at once: alternate who moves
        players = players[len(game.history) % 2 :] + players[: len(game.history) % 2]
    for player in players:
        move = None
        if student and player == 0 and len(bots) > 1:  # you, against the bot
            move = entry.hint(game, 0).move
            move = move if move in game.legal_moves(0) else None
        move = move or bots[player].choose(game.view(player))
        if move is not None:
            game.play(move, player) if len(bots) > 1 else game.play(move)
            return True
    return False


def states(mode: str, deals: range, student: bool = False) -> list[tuple[int, int, dict]]:
    """(deal, stage, board state) for each deal at each stage of play."""
    entry, game_mode = registry.for_table_mode(mode)
    found = []
    for seed in deals:
        game = entry.deal(seed, mode=game_mode)
        players = 2 if game_mode != "solo" else 1
        bots = [make_bot("steady", game) for _ in range(players)] if entry.bot is not None else []
        played = 0
        for stage in STAGES:
            while played < stage and advance(game, bots, mode, student):
                played += 1
            state, _ = build(on_board(game, game.piles()), {}, {}, KeyBook())
            found.append((seed, stage, state))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200, help="how many deals")
    parser.add_argument(
        "--first-deal", type=int, default=1, help="the first deal (201: deals never looked at)"
    )
    parser.add_argument(
        "--cell", type=int, default=CELL, help="the cell's width (797: JupyterLab's side panel open)"
    )
    parser.add_argument("--board-js", type=pathlib.Path, default=BOARD_JS)
    parser.add_argument(
        "--student", action="store_true", help="against the bot, you play the hint's moves (longer columns)"
    )
    args = parser.parse_args()
    room = f"{ROOM} px for the board (Indian {ROOMS['indian']})"
    where = f"{args.cell} px cell, {room}, a 1280x{WINDOW} screen, projector cards"
    deals = range(args.first_deal, args.first_deal + args.deals)
    you = "; you play the hint's moves" if args.student else ""
    print(f"board_fit: deals {deals[0]}-{deals[-1]}, {where}{you}")
    for mode in MODES:
        cases = states(mode, deals, args.student)
        room = ROOMS.get(mode, ROOM)
        done = subprocess.run(
            ["node", "-e", NODE, str(args.board_js), str(args.cell), str(WINDOW), str(room)],
            input=json.dumps([state for _, _, state in cases]),
            capture_output=True,
            text=True,
            check=True,
        )
        measured = json.loads(done.stdout)
        for stage in STAGES:
            rows = [(seed, *m) for (seed, at, _), m in zip(cases, measured, strict=True) if at == stage]
            fits = [h <= room and across <= args.cell for _, h, _, _, across in rows]
            fit = sum(fits)
            low, high = wilson_interval(fit, len(rows))
            widths = sorted(w for _, _, w, _, _ in rows)
            lanes = sum(bound == "lanes" for _, _, _, bound, _ in rows)
            misses = [
                f"{r[0]} ({r[1]:.0f}x{r[4]:.0f} px)" for r, ok in zip(rows, fits, strict=True) if not ok
            ]
            print(
                f"board_fit: {mode:<12} {stage:>3} moves: fit {fit}/{len(rows)} "
                f"({100 * fit / len(rows):.1f}%, 95% {100 * low:.1f}-{100 * high:.1f}%); "
                f"tallest {max(r[1] for r in rows):.0f} px; cards {widths[0]}-{widths[-1]} px; "
                f"a column in lanes {lanes}" + (f"; missed deals {', '.join(misses[:8])}" if misses else "")
            )


if __name__ == "__main__":
    main()
