"""Run one task per deal, here, in local processes, or on any `concurrent.futures.Executor`:
the one way `evaluate` and the winnability survey spread their work."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

from ausp_widget.core.errors import check_whole

Result = TypeVar("Result")


def check_jobs(jobs: object) -> int:
    return check_whole("jobs", jobs, 1)


def run_each(
    task: Callable[..., Result],
    items: Iterable[Any],
    *args: Any,
    jobs: int = 1,
    executor: Executor | None = None,
    done: Callable[[Result], None] | None = None,
) -> list[Result]:
    """`task(item, *args)` for every item, results in the items' order. `done(result)` is
    called as each one finishes (in the order they finish), so a caller can save its work
    as it goes. With `jobs > 1` or an `executor`, the task and its arguments must be picklable."""
    items = list(items)
    check_jobs(jobs)
    if executor is None and jobs == 1:
        results = []
        for item in items:
            results.append(task(item, *args))
            if done is not None:
                done(results[-1])
        return results
    own = executor is None
    pool = ProcessPoolExecutor(min(jobs, len(items)) or 1) if own else executor  # no idle processes
    try:
        futures = {pool.submit(task, item, *args): k for k, item in enumerate(items)}
        results: list[Any] = [None] * len(items)
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if done is not None:
                done(results[futures[future]])
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return results
