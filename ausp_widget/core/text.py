"""Small pieces of English the game's messages share, so every message is punctuated alike."""

from __future__ import annotations


def capital(text: str) -> str:
    """`text` with a capital first letter."""
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """A message as a sentence: capital first letter, a full stop at the end ("" stays "")."""
    text = capital(str(text).strip())
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def listed(parts: list[str]) -> str:
    """Words joined as a list is said: "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
