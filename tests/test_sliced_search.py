"""What every solver's `run()` promises: slices keep their budget, and the cycle collector the
search pauses is left as it was found, even when the search fails."""

import gc

import pytest

from ausp_widget.core.solving import SlicedSearch


class Counting(SlicedSearch):
    """Counts positions one at a time; notes whether the cycle collector ran beside it."""

    def __init__(self, fail_at: int | None = None) -> None:
        self.line = []
        self.fail_at = fail_at
        self.collecting: list[bool] = []

    def _search(self, deadline, node_cap) -> None:
        while node_cap is None or self.nodes < node_cap:
            self.collecting.append(gc.isenabled())
            self.nodes += 1
            if self.nodes == self.fail_at:
                raise RuntimeError("search failed")
            if self.nodes == 10:
                self.winnable = True
                return


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_for_a_slice_and_left_as_it_was(enabled):
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        search = Counting()
        assert search.run(seconds=None, nodes=4) is None and search.nodes == 4
        assert gc.isenabled() is enabled
        assert search.run(seconds=None) is True and search.nodes == 10
        assert not any(search.collecting) and gc.isenabled() is enabled
        failing = Counting(fail_at=3)
        with pytest.raises(RuntimeError):
            failing.run(seconds=None)
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()
