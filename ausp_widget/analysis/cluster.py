"""Work past one machine: a Dask distributed cluster as a `concurrent.futures.Executor`, which the
survey, the statistics and `evaluate` take as `executor=`.

`cluster(address)` connects to a running scheduler ("tcp://host:8786"); `cluster("local",
workers=N)` starts a cluster of N worker processes on this machine first. Either way the
executor is closed with the `with` block. Dask reruns a task whose worker died on another
worker, so a killed worker loses no deal; the callers save each result as it comes, so a killed
client loses nothing that was finished either.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import ExitStack, contextmanager

from ausp_widget.core.errors import check_whole

LOCAL = "local"
CONNECT_SECONDS = 10.0


class ClusterError(RuntimeError):
    """The cluster cannot be used: its scheduler cannot be reached, or Dask is not installed."""


@contextmanager
def cluster(
    address: str | None, *, workers: int = 2, timeout: float = CONNECT_SECONDS
) -> Iterator[Executor | None]:
    """An executor on the Dask cluster at `address` ("local": a new one here with `workers`
    single-threaded worker processes); None for no cluster (the callers' own processes), so a
    command line's `--scheduler` needs no branch of its own."""
    if address is None:
        yield None
        return
    if not isinstance(address, str) or not address.strip():
        raise ValueError(f'a scheduler address is text such as "tcp://host:8786" or "local", not {address!r}')
    check_whole("workers", workers, 1)
    try:
        from distributed import Client, LocalCluster
    except ImportError as missing:
        raise ClusterError(
            f"running on a cluster needs Dask distributed, which this Python lacks ({missing}): "
            "pip install 'distributed>=2024.1'"
        ) from None
    with ExitStack() as stack:
        if address == LOCAL:
            local = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",  # free port
            )
            stack.enter_context(local)
            address = local.scheduler_address
        try:
            client = Client(address, timeout=timeout, set_as_default=False)
        except OSError as error:
            raise ClusterError(f"could not reach the Dask scheduler at {address}: {error}") from None
        stack.enter_context(client)
        yield client.get_executor()
