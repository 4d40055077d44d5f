"""How many deals can be won by someone who knows every card: a survey of deal numbers under
one reading of the rules, with what the solver decided, and bounds that count the deals it
could not decide both ways.

`survey(deals, options, time_limit, jobs=, executor=, saved=)` asks the game's solver about
each deal. With `saved`, each verdict is appended to that file (JSON lines) as soon as it is
known, and a later survey of the same game and options reads back every verdict that still
holds for its time limit instead of solving again (a win or a loss found in 10 s stands for a
60 s survey; only the deals left undecided are searched again), so an interrupted survey
carries on where it stopped; `retry_undecided=True` searches again the deals left undecided
within the same budget, for when the solver has grown stronger.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ausp_widget import data
from ausp_widget.core import registry
from ausp_widget.core.files import file_lock
from ausp_widget.core.progress_file import lock_path
from ausp_widget.core.stats import wilson_interval

from .arena import DealResult, Evaluation
from .parallel import run_each
from .survey_lines import read_records

NO_NODE_LIMIT = 10**12  # the survey's budget is its time limit alone
SURVEY_FILE = "indian_claim.jsonl"
"""The verdicts `bench/indian_claim.py` measured for Indian Patience, shipped with the package
(in `ausp_widget/data/`)."""
PATIENT_FILE = "indian_patient.jsonl"
"""The patient player's deals, as `bench/indian_claim.py` played them (in `ausp_widget/data/`)."""


@dataclass(frozen=True)
class DealVerdict:
    """One deal: `winnable` True, False or None (undecided), the positions the solver entered,
    its seconds, and the length of the winning line it found (0 when none)."""

    game: str
    options: str  # the options that differ from the game's defaults, as JSON ("{}" for none)
    time_limit: float
    deal: int
    winnable: bool | None
    nodes: int
    seconds: float
    line: int


@dataclass(frozen=True)
class Survey:
    """The verdicts of one survey, in deal order, and what they say about the win rate."""

    verdicts: tuple[DealVerdict, ...]

    @property
    def deals(self) -> int:
        return len(self.verdicts)

    @property
    def won(self) -> int:
        return sum(v.winnable is True for v in self.verdicts)

    @property
    def lost(self) -> int:
        return sum(v.winnable is False for v in self.verdicts)

    @property
    def undecided(self) -> int:
        return sum(v.winnable is None for v in self.verdicts)

    @property
    def decided(self) -> float:
        return (self.won + self.lost) / self.deals if self.deals else 0.0

    @property
    def lower(self) -> tuple[float, float, float]:
        """The share proved winnable (every undecided deal counted lost), with its 95% interval."""
        return (self.won / self.deals if self.deals else 0.0, *wilson_interval(self.won, self.deals))

    def lower_with(self, won_in_play: Iterable[int]) -> tuple[int, float, float, float]:
        """The deals proved winnable when deals won in play also count (a game won is a winning
        line), their share, and its 95% interval. A deal the solver proved lost that was won in
        play is an error naming it: one of the two would be wrong."""
        won_in_play = set(won_in_play)
        clash = sorted(v.deal for v in self.verdicts if v.winnable is False and v.deal in won_in_play)
        if clash:
            raise ValueError(f"deal {clash[0]} was proved lost, yet won in play")
        won = sum(v.winnable is True or v.deal in won_in_play for v in self.verdicts)
        return (won, won / self.deals if self.deals else 0.0, *wilson_interval(won, self.deals))

    @property
    def upper(self) -> tuple[float, float, float]:
        """The share not proved lost (every undecided deal counted won), with its 95% interval."""
        kept = self.deals - self.lost
        return (kept / self.deals if self.deals else 1.0, *wilson_interval(kept, self.deals))


def options_key(game: str, options: Any) -> str:
    """The options that differ from the game's defaults, as sorted JSON ("{}" for none)."""
    if options is None:
        return "{}"
    dealt = registry.entry(game).deal(0, options=options)
    return json.dumps(dealt.options.changed(), sort_keys=True)


def decide(deal: int, game: str, options: Any, time_limit: float) -> DealVerdict:
    """Ask the game's solver about one deal (module level, so other processes can run it)."""
    entry = registry.entry(game)
    dealt = entry.deal(deal) if options is None else entry.deal(deal, options=options)
    result = entry.solve(dealt, time_limit, NO_NODE_LIMIT)
    return DealVerdict(
        game,
        options_key(game, options),
        float(time_limit),
        deal,
        result.winnable,
        result.nodes,
        round(result.elapsed, 3),
        len(result.moves),
    )


def read_saved(path: str | os.PathLike) -> list[DealVerdict]:
    """Every verdict in a survey file; a line that is not one, or one whose fields have the
    wrong types, is an error naming the file, the line and the field (the file is left as it
    is). A last line cut off mid-write (no line end: the run was killed while writing it) is an
    unfinished verdict, and is skipped."""
    return read_records(path, DealVerdict, "a survey verdict", skip_cut_off=True)


def append_verdict(path: str | os.PathLike, verdict: DealVerdict) -> None:
    """Add one verdict to a survey file as a whole line, under a lock beside it, so two runs
    writing at once never mix their lines. A line cut off by a killed run (an unfinished
    verdict, never a finished one) is taken off first."""
    target = Path(path)
    line = json.dumps(asdict(verdict), ensure_ascii=False) + "\n"
    with file_lock(lock_path(target)):
        if target.exists():
            with open(target, "r+b") as file:
                end = file.seek(0, os.SEEK_END)
                if end:
                    file.seek(end - 1)
                    if file.read(1) != b"\n":  # only after a killed run: read it all then
                        file.seek(0)
                        file.truncate(file.read().rfind(b"\n") + 1)
        with open(target, "a", encoding="utf-8") as file:
            file.write(line)


def read_survey(
    options: Any = None,
    time_limit: float = 60.0,
    *,
    game: str = "indian",
    path: str | os.PathLike | None = None,
) -> Survey:
    """The verdicts saved for one reading of the rules that hold for `time_limit`, in deal
    order, without solving anything (a notebook's way to the measured figures): those shipped
    with the package, or those in the survey file `path` (none yet when it is not there). A
    shipped file that is missing is a `MissingDataError` naming it and the command remaking it."""
    source = data.existing(SURVEY_FILE) if path is None else path
    known = _holding(read_saved(source), game, options_key(game, options), time_limit)
    return Survey(tuple(known[deal] for deal in sorted(known)))


def read_patient(path: str | os.PathLike | None = None) -> Evaluation:
    """The patient player's saved deals, in deal order: those shipped with the package (a
    `MissingDataError` naming the file and its command when it is missing), or those in the file
    `path` (none yet when it is not there); a damaged line is named, as is a field of the wrong
    type."""
    source = data.existing(PATIENT_FILE) if path is None else path
    results = {result.deal: result for result in read_records(source, DealResult, "a deal result")}
    return Evaluation("patient player", tuple(results[deal] for deal in sorted(results)))


def _holding(verdicts: list[DealVerdict], game: str, key: str, time_limit: float) -> dict[int, DealVerdict]:
    """Per deal, the saved verdict that holds for `time_limit`: a decided one before any
    undecided one (a win or a loss stays proved), else the latest."""
    known: dict[int, DealVerdict] = {}
    for verdict in verdicts:
        holds = (verdict.game, verdict.options) == (game, key) and _still_holds(verdict, time_limit)
        if holds and (verdict.deal not in known or known[verdict.deal].winnable is None):
            known[verdict.deal] = verdict
    return known


def _still_holds(verdict: DealVerdict, time_limit: float) -> bool:
    """A verdict found within any budget holds for a larger one; "undecided" holds only for a
    budget no larger than the one it was reached with."""
    if verdict.winnable is not None:  # (a search may overrun its limit by a few positions)
        return min(verdict.seconds, verdict.time_limit) <= time_limit
    return verdict.time_limit >= time_limit


def survey(
    deals: Iterable[int] = range(1, 201),
    options: Any = None,
    time_limit: float = 60.0,
    *,
    game: str = "indian",
    jobs: int = 1,
    executor: Executor | None = None,
    saved: str | os.PathLike | None = None,
    retry_undecided: bool = False,
) -> Survey:
    """The solver's verdict on each deal, solving only those not already in `saved`, and with
    `retry_undecided` those saved as undecided too (after the solver has grown stronger: a
    proved verdict is never searched again, and stays proved)."""
    deals = list(deals)
    key = options_key(game, options)
    known = {} if saved is None else _holding(read_saved(saved), game, key, time_limit)
    if retry_undecided:
        known = {deal: verdict for deal, verdict in known.items() if verdict.winnable is not None}
    todo = [deal for deal in deals if deal not in known]

    def keep(verdict: DealVerdict) -> None:
        known[verdict.deal] = verdict
        if saved is not None:
            append_verdict(saved, verdict)

    run_each(decide, todo, game, options, time_limit, jobs=jobs, executor=executor, done=keep)
    return Survey(tuple(known[deal] for deal in deals))
