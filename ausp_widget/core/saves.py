"""The envelope every save shares, whichever patience it holds: JSON with a format name."""

from __future__ import annotations

import json

from ausp_widget.core.errors import NotationError, WrongTypeError, short_repr

__all__ = ["DEAL_LIMIT", "SAVE_FORMAT", "check_seed", "check_seed_field", "decode_save", "short_repr"]

SAVE_FORMAT = "ausp_widget-save"


def decode_save(text: str | bytes | dict) -> dict:
    """The save's dictionary, or a `NotationError` saying why it is not a save at all."""
    if isinstance(text, dict):
        data = text
    else:
        if not isinstance(text, str | bytes):
            raise NotationError(f"a save is JSON text, not {type(text).__name__}")
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as error:
                raise NotationError(f"the save is not UTF-8 text: byte {error.start} is invalid") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise NotationError(f"the save is not valid JSON (truncated?): {error}") from None
        except RecursionError:
            raise NotationError("the save is not a save: its JSON is nested too deeply") from None
        except ValueError:  # Python refuses to read a number of more than 4300 digits
            raise NotationError(
                "the save is not a save: it holds a number with thousands of digits"
            ) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise NotationError(f'this is not an ausp_widget save (no "format": "{SAVE_FORMAT}")')
    return data


DEAL_LIMIT = 2**64
"""Deal numbers are whole numbers from 0 to 2**64 - 1 (the generator's state)."""


def check_seed(seed: object) -> int:
    """A deal number as given, or a `ValueError` saying what a deal number is."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise WrongTypeError(f"a deal number is a whole number, not {short_repr(seed)}")
    if not 0 <= seed < DEAL_LIMIT:
        raise ValueError(f"a deal number is a whole number from 0 to 2**64 - 1, not {short_repr(seed)}")
    return seed


def check_seed_field(seed: object) -> int | None:
    """A save's seed (None for a position typed in), or a `NotationError` naming the problem."""
    if seed is None:
        return None
    try:
        return check_seed(seed)
    except ValueError as error:
        raise NotationError(f"the save's seed is wrong: {error}") from None
