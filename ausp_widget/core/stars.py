"""The stars a task earns, counted and said in words: what each count means and why this try
got its count, so a student who earns ★ knows what ★★★ would have needed. The count and its
words live together so that they cannot drift apart."""

from __future__ import annotations

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
    if shown:
        return f"no {STAR}: Show me played the answer ({NEEDS})"
    if stars >= FULL:
        return f"{STAR * FULL} — the fewest moves, no wrong try and no hint"
    costs = [
        _count(wrong, "wrong try", "wrong tries"),
        _count(extra, "extra move", "extra moves"),
        "a hint" if helped else "",
    ]
    return f"{STAR * stars} — {_joined([c for c in costs if c])} ({NEEDS})"


def _count(n: int, one: str, many: str) -> str:
    if n <= 0:
        return ""
    return f"one {one}" if n == 1 else f"{n} {many}"


def _joined(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
