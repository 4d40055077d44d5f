"""The stars a task earns, counted and said in words: what each count means and why this try
got its count, so a student who earns ★ knows what ★★★ would have needed. The count and its
words live together so that they cannot drift apart."""

from __future__ import annotations

from .text import listed

STAR = "★"
FULL = 3
NEEDS = "★★★ needs the fewest moves with no wrong try and no hint"
MEANING = (
    "★★★ the fewest moves, no wrong try, no hint; one ★ less for each wrong try, extra move or hint, "
    "down to ★; Show me earns none"
)


def earned(wrong: int, extra: int, helped: bool) -> int:
    """The stars of a task solved by the student: `FULL`, one less for each wrong try, extra
    move or hint, down to one."""
    return max(1, FULL - wrong - extra - int(helped))


def stars_said(stars: int, wrong: int, extra: int, helped: bool, shown: bool = False) -> str:
    """This try's stars and what cost the missing ones: "★★ — one wrong try (★★★ needs …)"."""
    why = stars_why(wrong, extra, helped, shown)
    return why if shown else f"{STAR * stars} — {why}"


def stars_why(wrong: int, extra: int, helped: bool, shown: bool = False) -> str:
    """Why this try got its stars, without the stars: "one wrong try (★★★ needs …)"."""
    if shown:
        return f"no {STAR}: Show me played the answer ({NEEDS})"
    costs = [
        _count(wrong, "wrong try", "wrong tries"),
        _count(extra, "extra move", "extra moves"),
        "a hint" if helped else "",
    ]
    if not any(costs):
        return "the fewest moves, no wrong try and no hint"
    return f"{listed([c for c in costs if c])} ({NEEDS})"


def _count(n: int, one: str, many: str) -> str:
    if n <= 0:
        return ""
    return f"one {one}" if n == 1 else f"{n} {many}"
