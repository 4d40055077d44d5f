"""Work past one machine: a Dask distributed cluster as a `concurrent.futures.Executor`, which the
survey, the statistics and `evaluate` take as `executor=`.

`cluster(address)` connects to a running scheduler ("tcp://host:8786"); `cluster("local",
workers=N)` starts a cluster of N worker processes on this machine first. Either way the
executor is closed with the `with` block. Dask reruns a task whose worker died on another
worker, so a killed worker loses no deal; the callers save each result as it comes, so a killed
client loses nothing that was finished either.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import AbstractContextManager, ExitStack, contextmanager

from ausp_widget.core.errors import WrongTypeError, check_seconds, check_whole, short_repr

LOCAL = "local"
CONNECT_SECONDS = 10.0
LONGEST_WAIT = 86400.0  # a day: the longest `timeout` taken for reaching a scheduler


ADDRESS = re.compile(r"(?:(?:tcp|ws)://)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):([0-9]{1,5})")
"""A scheduler's address as Dask reads it: tcp:// (the default) or ws://, a host and a port in
ASCII digits (Python's int() would also read other scripts' digits, which no socket takes). The
other protocols need what `cluster` does not take (TLS certificates, UCX), and Dask fails on
them only after a stall."""


class ClusterError(RuntimeError):
    """The cluster cannot be used: its scheduler cannot be reached, or Dask is not installed."""


def check_address(address: object) -> str:
    """`address` when it is "local" or a scheduler's address ("tcp://host:8786"), else a
    `WrongTypeError` or `ValueError` naming it, before anything is started or connected (Dask
    takes a malformed address only to stall on it)."""
    if not isinstance(address, str):
        raise WrongTypeError(
            f'address must be text such as "tcp://host:8786" or "local", not {type(address).__name__} '
            f"{short_repr(address)}"
        )
    found = ADDRESS.fullmatch(address)
    if address != LOCAL and (found is None or not 0 < int(found[1]) < 65536):
        raise ValueError(
            f'address must be a Dask scheduler\'s address such as "tcp://host:8786" (tcp:// or ws://, '
            f'a port from 1 to 65535), or "local", not {short_repr(address)}'
        )
    return address


def cluster(
    address: str | None, *, workers: int = 2, timeout: float = CONNECT_SECONDS
) -> AbstractContextManager[Executor | None]:
    """An executor on the Dask cluster at `address` ("local": a new one here with `workers`
    single-threaded worker processes); None for no cluster (the callers' own processes), so a
    command line's `--scheduler` needs no branch of its own. `timeout` is the seconds to wait
    for the scheduler, above 0 and at most a day. The arguments are checked here, before any
    `with`: a wrong one is a `TypeError` or `ValueError` naming it."""
    if address is not None:
        check_address(address)
    check_whole("workers", workers, 1)
    check_seconds("timeout", timeout, none=False, most=LONGEST_WAIT, most_words="a day")
    return _cluster(address, workers, timeout)


@contextmanager
def _cluster(address: str | None, workers: int, timeout: float) -> Iterator[Executor | None]:
    if address is None:
        yield None
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError as missing:
        raise ClusterError(
            f"running on a cluster needs Dask distributed, which this Python lacks ({missing}): "
            "pip install 'distributed>=2024.1'"
        ) from None
    with ExitStack() as stack:
        if address == LOCAL:
            try:
                local = LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # free port
                )
            except (OSError, RuntimeError) as error:
                raise ClusterError(f"could not start a Dask cluster here: {error}") from None
            stack.enter_context(local)
            address = local.scheduler_address
        try:
            client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TypeError, ValueError) as error:  # Dask's words for an address it cannot use
            raise ClusterError(f"could not reach the Dask scheduler at {address}: {error}") from None
        stack.enter_context(client)
        yield client.get_executor()
