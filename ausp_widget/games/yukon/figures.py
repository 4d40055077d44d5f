"""Yukon's measured figures, read from the surveys the package ships: `data/yukon_claim.jsonl`
(one line per deal: the solver's verdict within its time limit) and `data/yukon_hints.jsonl`
(one line per deal played by the player that follows the hints). The guide quotes them from
here, so its words follow the files; a missing file is an error naming it and the command that
remakes it (`ausp_widget.data.MissingDataError`), never an empty survey."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from ausp_widget.core.stats import wilson_interval
from ausp_widget.data import read_text

__all__ = ["CLAIM_FILE", "FRESH", "HINTS_FILE", "REMAKE", "Claim", "claim", "claim_words", "hint_words"]

CLAIM_FILE = "yukon_claim.jsonl"
HINTS_FILE = "yukon_hints.jsonl"
FRESH = range(5001, 6001)
"""The deals the survey reports: the solver was never tuned on them (it was tuned on 1-2000)."""
SECONDS = 10.0
REMAKE = ".venv/bin/python bench/yukon_claim.py --first-deal 5001 --deals 1000 --seconds 10"
"""The command that remakes the survey's lines for `FRESH` (it appends; a rerun carries on)."""
REMAKE_HINTS = f"{REMAKE} --hint-deals 1000"


@dataclass(frozen=True)
class Claim:
    """The verdicts on the deals of `deals` that the survey holds: proved winnable, proved
    lost, and left undecided within `seconds` each."""

    deals: tuple[int, ...]
    seconds: float
    won: int
    lost: int
    undecided: int

    @property
    def surveyed(self) -> int:
        return len(self.deals)

    @property
    def decided(self) -> int:
        return self.won + self.lost


@lru_cache(maxsize=2)
def _lines(name: str) -> tuple[dict, ...]:
    """The records of a shipped JSON-lines file; missing (`MissingDataError`, naming it and
    the command that remakes it) or damaged, an error naming it."""
    text = read_text(name)
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                lines.append(json.loads(line))
            except json.JSONDecodeError as error:
                raise ValueError(f"{name}, line {number}: not a JSON record ({error.msg})") from None
    return tuple(lines)


def claim(deals: range = FRESH, seconds: float = SECONDS) -> Claim:
    """What the survey says about `deals` at `seconds` a deal (a verdict proved in less time
    holds too; an undecided one only if it had at least `seconds`)."""
    known: dict[int, bool | None] = {}
    for line in _lines(CLAIM_FILE):
        deal, verdict = line["deal"], line["winnable"]
        if line["game"] != "yukon" or line["options"] != "{}" or deal not in deals:
            continue
        holds = line["seconds"] <= seconds if verdict is not None else line["time_limit"] >= seconds
        if holds and known.get(deal) is None:
            known[deal] = verdict
    if not known:
        raise ValueError(
            f"{CLAIM_FILE} holds no verdict on Yukon deals {deals.start}-{deals.stop - 1} at {seconds:g} s: "
            f"remake it with {REMAKE}"
        )
    verdicts = list(known.values())
    return Claim(
        tuple(sorted(known)),
        seconds,
        verdicts.count(True),
        verdicts.count(False),
        sum(v is None for v in verdicts),
    )


def _share(part: int, whole: int) -> str:
    low, high = wilson_interval(part, whole)
    return f"{100 * part / whole:.1f}% (95% interval {100 * low:.1f}–{100 * high:.1f}%)"


def _span(deals: list[int] | tuple[int, ...]) -> str:
    """Deal numbers in words: "deals 5001–6000" when they run unbroken."""
    if len(deals) == deals[-1] - deals[0] + 1:
        return f"deals {deals[0]}–{deals[-1]}"
    return f"{len(deals)} deals between {deals[0]} and {deals[-1]}"


def claim_words(deals: range = FRESH, seconds: float = SECONDS) -> str:
    """The survey in words: how many deals were decided, and the share proved winnable."""
    c = claim(deals, seconds)
    span = _span(c.deals)
    words = f"of Yukon {span}, {c.won} were proved winnable and {c.lost} proved lost"
    if c.undecided:
        words += f", {c.undecided} left undecided within {c.seconds:g} s each"
    if not c.decided:
        return words
    words += f": {_share(c.won, c.decided)} of the decided deals are winnable"
    if c.undecided:
        words += f" (counting the undecided ones as lost: {_share(c.won, c.surveyed)})"
    return words


def hint_words(deals: range = FRESH) -> str:
    """The hint player's games on `deals` in words: how many it won, with the interval."""
    games = {line["deal"]: line["won"] for line in _lines(HINTS_FILE) if line["deal"] in deals}
    if not games:
        raise ValueError(
            f"{HINTS_FILE} holds no Yukon game of deals {deals.start}-{deals.stop - 1}: "
            f"remake it with {REMAKE_HINTS}"
        )
    won = sum(games.values())
    return f"wins {won} of Yukon {_span(sorted(games))}: {_share(won, len(games))}"
