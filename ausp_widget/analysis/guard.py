"""A per-move time limit that holds even when the player never returns.

The player runs apart from the caller: in a child process (forked, so a player defined in a
notebook or a test, a lambda included, needs no pickling), or in a thread where a process
cannot be started. The child marks when each move starts in shared memory; the caller waits
for each deal's result only as long as the move in progress may still take. A move that runs
past its limit ends its deal as lost with the reason: the child process is killed and a fresh
one forked for the next deal. A thread cannot be killed: a stuck one is left behind (a daemon
thread, so it never keeps Python from exiting) and the next deal gets a new thread.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable, MutableSequence
from typing import Any

Play = Callable[[int, MutableSequence[float]], Any]  # play(deal, watch) -> result
"""Plays one deal; sets watch[0] to time.monotonic() when a move starts, to 0 when it returns,
and watch[1] to the move's number."""
Lost = Callable[[int, str], Any]  # lost(deal, reason) -> the result of a deal whose player was stopped


def run_guarded(play: Play, deals: Iterable[int], seconds: float, lost: Lost) -> list[Any]:
    """`play(deal, watch)` for each deal, in a child process (a thread where no process can be
    started, in the caller where neither can), each move stopped after `seconds`."""
    results: list[Any] = []
    worker: _Worker | None = None
    try:
        for deal in deals:
            worker = worker or _start(play)
            if worker is None:  # no processes and no threads (Pyodide): no guard is possible
                results.append(play(deal, [0.0, 0.0]))
                continue
            result = worker.run(deal, seconds)
            if isinstance(result, _Stopped):
                results.append(lost(deal, f"move {int(worker.watch[1])}: {result.reason}"))
                worker.stop()
                worker = None
            else:
                results.append(result)
    except BaseException:
        if worker is not None:
            worker.stop()
        raise
    if worker is not None:
        worker.close()
    return results


class _Stopped:
    def __init__(self, reason: str) -> None:
        self.reason = reason


class _Worker:
    watch: MutableSequence[float]

    def run(self, deal: int, seconds: float) -> Any:
        """The deal's result, or _Stopped when a move overran `seconds`."""
        self.send(deal)
        while True:
            started = self.watch[0]
            wait = seconds if not started else started + seconds - time.monotonic()
            if self.ready(min(max(wait, 0.0), 60.0) + 0.01):
                return self.receive()
            started = self.watch[0]
            if started and time.monotonic() - started > seconds:
                return _Stopped(f"no answer, over the {seconds:g} s a move may take: the player was stopped")

    def send(self, deal: int) -> None: ...
    def ready(self, wait: float) -> bool: ...
    def receive(self) -> Any: ...
    def stop(self) -> None: ...
    def close(self) -> None: ...


class _ProcessWorker(_Worker):
    """A forked child serving deals over a pipe; killed when a move overruns."""

    def __init__(self, play: Play) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork")
        self.watch = context.RawArray("d", 2)
        self.pipe, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(play, child, self.watch), daemon=True)
        with warnings.catch_warnings():  # a kernel's own threads never run in the child
            warnings.simplefilter("ignore", DeprecationWarning)
            self.process.start()
        child.close()

    def send(self, deal: int) -> None:
        self.pipe.send(deal)

    def ready(self, wait: float) -> bool:
        return self.pipe.poll(wait)

    def receive(self) -> Any:
        try:
            kind, value = self.pipe.recv()
        except EOFError:  # the player ended the process (sys.exit, os._exit, a crash)
            return _Stopped("the player ended the process it ran in")
        if kind == "error":  # the engine itself failed: the same error as without the guard
            raise value
        return value

    def stop(self) -> None:
        self.process.kill()
        self.process.join()
        self.pipe.close()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.pipe.send(None)
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.pipe.close()


def _serve(play: Play, pipe: Any, watch: MutableSequence[float]) -> None:
    while (deal := pipe.recv()) is not None:
        try:
            reply = ("result", play(deal, watch))
        except Exception as error:
            reply = ("error", error)
        pipe.send(reply)


class _ThreadWorker(_Worker):
    """A daemon thread per deal: a stuck one cannot be stopped and is left to itself."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.watch = [0.0, 0.0]
        self.thread: threading.Thread | None = None
        self.reply: tuple[str, Any] | None = None

    def send(self, deal: int) -> None:
        self.watch = watch = [0.0, 0.0]  # a stuck thread keeps writing to its own list only
        self.reply = None

        def run() -> None:
            try:
                self.reply = ("result", self.play(deal, watch))
            except Exception as error:
                self.reply = ("error", error)

        self.thread = threading.Thread(target=run, name=f"deal {deal}", daemon=True)
        self.thread.start()

    def ready(self, wait: float) -> bool:
        assert self.thread is not None
        self.thread.join(wait)
        return not self.thread.is_alive()

    def receive(self) -> Any:
        assert self.reply is not None
        kind, value = self.reply
        if kind == "error":
            raise value
        return value

    def stop(self) -> None:
        self.thread = None  # left running: Python cannot stop a thread from outside

    def close(self) -> None:
        pass


def can_fork() -> bool:
    """Whether a child process can start with the caller's objects as they are (no pickling)."""
    if sys.platform in ("emscripten", "darwin") or not hasattr(os, "fork"):
        return False  # macOS: system libraries may crash a forked child, so Python spawns there
    import multiprocessing  # only here: Pyodide has no working multiprocessing

    return "fork" in multiprocessing.get_all_start_methods() and not multiprocessing.current_process().daemon


def _start(play: Play) -> _Worker | None:
    if can_fork():
        try:
            return _ProcessWorker(play)
        except (AssertionError, OSError, ValueError):  # no room for another process: use a thread
            pass
    if sys.platform == "emscripten":
        return None
    return _ThreadWorker(play)
