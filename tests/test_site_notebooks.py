"""The classroom site gets the notebooks as saved, outputs and all, with every text one string:
JupyterLite shows a file as it is, and a text kept as a list of lines would show with commas."""

import importlib.util
import json
import pathlib

import nbformat

REPO = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("build_site", REPO / "tools" / "build_site.py")
build_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_site)


def test_the_site_gets_every_notebook_with_its_outputs_and_each_text_in_one_string(tmp_path):
    names = build_site.notebooks(tmp_path)
    assert names == sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    for name in names:
        raw = json.loads((tmp_path / "files" / name).read_text(encoding="utf-8"))
        assert raw["metadata"]["kernelspec"]["name"], f"{name} names no kernel"
        saved = nbformat.read(REPO / "notebooks" / name, as_version=4)  # nbformat joins the lines
        for cell, expected in zip(raw["cells"], saved.cells, strict=True):
            assert cell["source"] == expected.source
            for output, want in zip(cell.get("outputs", []), expected.get("outputs", []), strict=True):
                if "text" in output:
                    assert output["text"] == want.text, f"{name}: a stream's text is not one string"
                for mime, value in output.get("data", {}).items():
                    assert value == want.data[mime], f"{name}: {mime} differs from the saved notebook"
        if "widgets" in saved.metadata:
            assert raw["metadata"]["widgets"] == saved.metadata["widgets"]


def test_a_json_output_keeps_its_list():
    book = {"cells": [{"source": ["a\n", "b"], "outputs": [{"data": {"application/json": ["x", "y"]}}]}]}
    joined = build_site.joined_lines(book)
    assert joined["cells"][0]["source"] == "a\nb"
    assert joined["cells"][0]["outputs"][0]["data"]["application/json"] == ["x", "y"]
