"""The live table's cost per click: kernel-side time and widget messages sent per move.

A scripted player clicks its way through 200 moves of solo games (new deals as games end),
choosing each move with the bot's priorities and making it as a person does: Draw, or a card
then its destination (a second click sends a card home). It measures the Python time of
every `.click()` and counts the comm `update` messages each move sends to the browser,
against the card widgets whose face changed, click by click (selecting a card highlights
it and its destinations; the move then restyles them again).

Targets: median under 15 ms and p95 under 40 ms per click; messages per move at most the
changed card widgets plus 6 (status line, move log, info line and up to three buttons).

Run: .venv/bin/python bench/widget.py [--moves 200]
"""

from __future__ import annotations

import argparse
import statistics
import time

import comm

from ausp_widget.core.moves import Move
from ausp_widget.games.australian.bot import Bot
from ausp_widget.widgets.table import GameTable, ManualClock

CONSTANT = 6  # non-card widgets a move may update: status, log, info, Draw, Undo/Redo, Auto-finish
MEDIAN_MS, P95_MS = 15.0, 40.0


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


def faces(table: GameTable) -> dict[str, object]:
    views = [v for side in table.board.sides.values() for v in side.views()] + table.board.piles
    return {v.button.model_id: v.face for v in views}


def clicks_for(table: GameTable, move: Move) -> list:
    """The widgets a person clicks to make `move`."""
    if move.kind == "draw":
        return [table.buttons["Draw"]]
    source = table.card_view(move.card).button
    if move.kind == "foundation":
        return [source, source]  # a second click sends it home
    if move.kind == "column":
        return [source, table.column_view(move.column).button]
    return [source, table.card_view(move.onto).button]


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
        for widget in clicks_for(table, move):
            before = faces(table)
            start = time.perf_counter()
            widget.click()
            click_ms.append((time.perf_counter() - start) * 1000)
            after = faces(table)
            restyled += sum(after[k] != before.get(k) for k in after)
        if len(game.history) != played + 1:
            raise RuntimeError(f"the clicks for {move} did not play it: {table.status.value}")
        messages.append(counter.updates - sent)
        changed.append(restyled)
    over = [m - c for m, c in zip(messages, changed)]
    median = statistics.median(click_ms)
    p95 = statistics.quantiles(click_ms, n=20)[-1]
    print(f"widget: {len(messages)} moves, {len(click_ms)} clicks over {seed} deals")
    print(
        f"widget: kernel time per click median {median:.2f} ms, p95 {p95:.2f} ms, max {max(click_ms):.2f} ms"
    )
    print(f"widget:   targets median < {MEDIAN_MS} ms, p95 < {P95_MS} ms")
    print(
        f"widget: messages per move mean {statistics.mean(messages):.1f}, max {max(messages)}; "
        f"card widgets restyled per move mean {statistics.mean(changed):.1f}, max {max(changed)}"
    )
    print(
        f"widget: messages minus changed cards per move: max {max(over)} (bound: changed cards + {CONSTANT})"
    )
    tick_ms, tick_messages = bot_ticks(counter, args.moves)
    print(
        f"widget: bot, {len(tick_ms)} paced moves (turn-based): kernel time per tick median "
        f"{statistics.median(tick_ms):.2f} ms, p95 {statistics.quantiles(tick_ms, n=20)[-1]:.2f} ms; "
        f"messages per bot move mean {statistics.mean(tick_messages):.1f}, max {max(tick_messages)}"
    )
    per_app, per_round = live_models()
    print(
        f"widget: live models: {per_app} for one app before any click; after each round of 10 mode "
        f"switches: {', '.join(map(str, per_round))} (flat once every shape has been shown)"
    )
    ok = median < MEDIAN_MS and p95 < P95_MS and max(over) <= CONSTANT and len(set(per_round[1:])) == 1
    print(f"widget: {'within' if ok else 'OUTSIDE'} targets")


def live_models(rounds: int = 5) -> tuple[int, list[int]]:
    """Widget models one app makes, and how many are alive after each round of mode switches."""
    from ipywidgets.widgets.widget import _instances

    from ausp_widget import AustralianPatience

    start = len(_instances)
    app = AustralianPatience(seed=4)
    per_app = len(_instances) - start
    counts = []
    for _ in range(rounds):
        for mode in (
            "turns",
            "indian",
            "solo",
            "simultaneous",
            "indian",
            "solo",
            "turns",
            "solo",
            "indian",
            "solo",
        ):
            app.mode = mode
        counts.append(len(_instances) - start)
    app.close()
    return per_app, counts


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
