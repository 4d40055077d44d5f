"""`make lab` opens JupyterLab the first time with its side panels closed, ready for a projector
(two players' tables need the whole width of a 1280-px window): the layout file is one JupyterLab
reads as its default workspace, and the Makefile hands it over without overwriting a user's own."""

from __future__ import annotations

import json
import pathlib
import subprocess

from jupyterlab_server.workspaces_handler import WORKSPACE_EXTENSION, slugify

REPO = pathlib.Path(__file__).resolve().parents[1]
LAYOUTS = REPO / "lab-settings" / "workspaces"


def test_the_first_layout_is_jupyterlabs_default_workspace_with_both_side_panels_closed():
    [layout] = LAYOUTS.glob(f"*{WORKSPACE_EXTENSION}")
    assert layout.name == slugify("default") + WORKSPACE_EXTENSION
    workspace = json.loads(layout.read_text())
    assert workspace["metadata"]["id"] == "default"
    areas = workspace["data"]["layout-restorer:data"]
    assert areas["left"]["collapsed"] is True
    assert areas["right"]["collapsed"] is True


def test_make_lab_starts_jupyterlab_with_that_layout_and_keeps_a_users_own(tmp_path):
    plan = subprocess.run(
        ["make", "-n", "lab", f"VENV={tmp_path}/venv"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout
    [layout] = LAYOUTS.glob(f"*{WORKSPACE_EXTENSION}")
    assert f"cp lab-settings/workspaces/{layout.name} {tmp_path}/venv/lab-workspaces/{layout.name}" in plan
    assert f'--LabApp.workspaces_dir="{tmp_path}/venv/lab-workspaces"' in plan
    kept = tmp_path / "venv" / "lab-workspaces" / layout.name
    kept.parent.mkdir(parents=True)
    kept.write_text('{"data": {}, "metadata": {"id": "default"}}')
    (tmp_path / "venv" / "bin").mkdir()
    (tmp_path / "venv" / "bin" / "python").touch()
    again = subprocess.run(
        ["make", "-n", "lab", f"VENV={tmp_path}/venv"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout
    assert "cp lab-settings/workspaces" not in again
