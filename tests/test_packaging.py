"""The package installs with metadata today's build tools accept: setuptools stops building a
project whose licence is a TOML table (deprecated since setuptools 77) in 2027, so the licence is
an SPDX expression, which the installed metadata carries as `License-Expression`."""

from __future__ import annotations

from importlib.metadata import metadata


def test_the_installed_metadata_names_the_licence_as_an_spdx_expression():
    meta = metadata("ausp_widget")
    assert meta["License-Expression"] == "MIT", dict(meta)
    assert meta.get("License") is None, "the old licence field, from a TOML table, is gone"
