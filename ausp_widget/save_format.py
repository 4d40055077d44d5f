"""The envelope every save shares, whichever patience it holds: JSON with a format name."""

from __future__ import annotations

import json

from .errors import NotationError

SAVE_FORMAT = "ausp_widget-save"


def decode_save(text: str | bytes | dict) -> dict:
    """The save's dictionary, or a `NotationError` saying why it is not a save at all."""
    if isinstance(text, dict):
        data = text
    else:
        if not isinstance(text, str | bytes):
            raise NotationError(f"a save is JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise NotationError(f"the save is not valid JSON (truncated?): {error}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise NotationError(f'this is not an ausp_widget save (no "format": "{SAVE_FORMAT}")')
    return data
