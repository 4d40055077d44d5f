"""The live table's cost per click: kernel-side time and widget messages sent per move.

A scripted player clicks its way through 200 moves of solo games (new deals as games end),
choosing each move with the bot's priorities and making it as a person does: Draw, or a card
then its destination (a second click sends a card home), each click going through the board's
own intent path (`BoardSpot.click`, as a click in the browser does). It measures the Python
time of every click, counts the comm `update` messages each move sends to the browser, and
the board's spots (cards and empty places) whose look changed.

It also counts the widget models one app makes, and how many are alive after rounds of mode
switches and of new games (each card used to be a Button model; the board is one model now),
and times an app's first display in a new Python: the still picture of its board that goes
with the view (`widgets/still.py`) imports matplotlib and draws, once per kernel.

Targets: median under 15 ms and p95 under 40 ms per click; at most 3 messages a click (the
board's new state with the words read out, and each of the two strips of controls around it,
above and below, in one message each however many of their controls changed); at most 40
models for an app, flat over mode switches and new games.

Run: .venv/bin/python bench/widget.py [--moves 200]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

import comm

from ausp_widget.core.moves import Move
from ausp_widget.games.australian.bot import Bot
from ausp_widget.widgets.table import GameTable, ManualClock

BOARD = 1  # the board's messages per click: its state with the words read out
STRIPS = 2  # the controls around the board: the strip above it and the strip below it
MEDIAN_MS, P95_MS = 15.0, 40.0
MODELS = 40  # widget models one app may make


class Counter:
    """Counts comm `update` messages by patching the comm's send (no kernel needed)."""

    def __init__(self) -> None:
        self.updates = 0
        original = comm.DummyComm.publish_msg

        def publish(comm_self, msg_type, data=None, *args, **kwargs):
            if msg_type == "comm_msg" and data and data.get("method") == "update":
                self.updates += 1
            return original(comm_self, msg_type, data, *args, **kwargs)

        comm.DummyComm.publish_msg = publish


def clicks_for(table: GameTable, move: Move) -> list:
    """What a person clicks to make `move`: the Draw button, or board spots."""
    if move.kind == "draw":
        return [table.buttons["Draw"]]
    source = table.card_view(move.card)
    if move.kind == "foundation":
        return [source, source]  # a second click sends it home
    if move.kind == "column":
        return [source, table.column_view(move.column)]
    return [source, table.card_view(move.onto)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    counter = Counter()
    table = GameTable(seed=1)
    bot, seed = Bot(), 1
    click_ms: list[float] = []
    messages: list[int] = []
    changed: list[int] = []
    clicks: list[int] = []
    while len(messages) < args.moves:
        game = table.game
        move = bot.choose(game.view(0)) if game.status == "playing" else None
        if move is None:
            seed += 1
            table.deal_field.value = str(seed)
            table.buttons["New game"].click()
            bot = Bot()
            continue
        sent, played, restyled = counter.updates, len(game.history), 0
        made = clicks_for(table, move)
        for widget in made:
            start = time.perf_counter()
            widget.click()
            click_ms.append((time.perf_counter() - start) * 1000)
            restyled += table.board.changed if widget is not table.buttons["Draw"] else 0
        if len(game.history) != played + 1:
            raise RuntimeError(f"the clicks for {move} did not play it: {table.status.value}")
        messages.append(counter.updates - sent)
        clicks.append(len(made))
        changed.append(restyled)
    median = statistics.median(click_ms)
    p95 = statistics.quantiles(click_ms, n=20)[-1]
    print(f"widget: {len(messages)} moves, {len(click_ms)} clicks over {seed} deals")
    print(
        f"widget: kernel time per click median {median:.2f} ms, p95 {p95:.2f} ms, max {max(click_ms):.2f} ms"
    )
    print(f"widget:   targets median < {MEDIAN_MS} ms, p95 < {P95_MS} ms")
    print(
        f"widget: messages per move mean {statistics.mean(messages):.1f}, max {max(messages)} "
        f"(bound: {BOARD + STRIPS} a click: the board and the two strips); board spots restyled per "
        f"move mean {statistics.mean(changed):.1f}, max {max(changed)}"
    )
    tick_ms, tick_messages = bot_ticks(counter, args.moves)
    print(
        f"widget: bot, {len(tick_ms)} paced moves (turn-based): kernel time per tick median "
        f"{statistics.median(tick_ms):.2f} ms, p95 {statistics.quantiles(tick_ms, n=20)[-1]:.2f} ms; "
        f"messages per bot move mean {statistics.mean(tick_messages):.1f}, max {max(tick_messages)}"
    )
    per_app, per_round, per_games = live_models()
    print(
        f"widget: live models: {per_app} for one app on show (target <= {MODELS}; boards: 1 model each); "
        f"with the Play tab opened and after "
        f"each round of 10 mode switches: {', '.join(map(str, per_round))}; after each round of 20 new "
        f"games: {', '.join(map(str, per_games))}"
    )
    first, without, later, size = display_cost()
    print(
        f"widget: an app's first display {first:.0f} ms in a new kernel, all but {without:.0f} ms of it "
        f"the still picture (matplotlib imported, the board drawn); later displays {later:.0f} ms; "
        f"the picture {size / 1000:.0f} kB in the bundle"
    )
    flat = len(set(per_round)) == 1 and len(set(per_games)) == 1 and per_games[0] == per_round[0]
    flat = flat and per_app <= MODELS
    ok = (
        median < MEDIAN_MS
        and p95 < P95_MS
        and all(m <= (BOARD + STRIPS) * c for m, c in zip(messages, clicks))
        and flat
    )
    print(f"widget: {'within' if ok else 'OUTSIDE'} targets")


# Run in a new Python, so matplotlib is imported as in a kernel's first display of an app.
DISPLAY_COST = """
import json, time
from IPython.core.formatters import DisplayFormatter
from ausp_widget import AustralianPatience
from ausp_widget.widgets import still
format = DisplayFormatter().format
app = AustralianPatience(seed=4)
start = time.perf_counter(); data, _ = format(app); first = time.perf_counter() - start
start = time.perf_counter(); format(app); later = time.perf_counter() - start
still.can_plot = lambda: False
start = time.perf_counter(); format(app); without = time.perf_counter() - start
print(json.dumps([first * 1000, without * 1000, later * 1000, len(data.get("image/png", ""))]))
"""


def display_cost() -> tuple[float, float, float, int]:
    """An app's first display in a new Python, the same display without the still picture, a
    later display (ms), and the picture's size in the bundle (base64 bytes)."""
    out = subprocess.run([sys.executable, "-c", DISPLAY_COST], capture_output=True, text=True, check=True)
    first, without, later, size = json.loads(out.stdout)
    return first, without, later, size


def live_models(rounds: int = 5) -> tuple[int, list[int], list[int]]:
    """Widget models one app makes, and how many are alive after each round of mode switches
    and after each round of 20 new games."""
    from ipywidgets.widgets.widget import _instances

    from ausp_widget import AustralianPatience

    start = len(_instances)
    app = AustralianPatience(seed=4)
    per_app = len(_instances) - start
    app.tabs.selected_index = 1  # the Play tab: its table is made when first opened
    counts = [len(_instances) - start]
    modes = ("turns", "indian", "solo", "simultaneous", "indian", "solo", "turns", "solo", "indian", "solo")
    for _ in range(rounds):
        for mode in modes:
            app.mode = mode
        counts.append(len(_instances) - start)
    games = []
    for _ in range(3):
        for seed in range(20):
            app.table.new_game(seed + 1)
        games.append(len(_instances) - start)
    app.close()
    return per_app, counts, games


def bot_ticks(counter: Counter, moves: int) -> tuple[list[float], list[int]]:
    """Time the bot's paced moves: a turn-based game where you only draw, stepped by a
    `ManualClock` one tick at a time."""
    clock = ManualClock()
    tick_ms: list[float] = []
    messages: list[int] = []
    seed = 1
    table = GameTable("turns", seed, clock=clock)
    while len(tick_ms) < moves:
        game = table.game
        if game.status != "playing":
            seed += 1
            table.new_game(seed)
            continue
        if game.turn == 0:
            table.buttons["Draw" if game.stock(0) else "Pass"].click()
            continue
        sent, played = counter.updates, len(game.history)
        start = time.perf_counter()
        clock.advance(clock.next_due)
        tick_ms.append((time.perf_counter() - start) * 1000)
        messages.append(counter.updates - sent)
        assert len(game.history) == played + 1
    return tick_ms, messages


if __name__ == "__main__":
    main()
