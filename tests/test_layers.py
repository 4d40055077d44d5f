"""The layers import one way: core ← games ← analysis ← rendering ← widgets, with the shipped data
at the bottom. Checked on the source (every import statement, and every module named to
importlib), so a by-name import cannot hide a circle."""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "ausp_widget"
LAYERS = ("data", "core", "games", "analysis", "render", "widgets")


def level(module: str) -> int | None:
    """A module's layer (its index in LAYERS), or None for the package's own front door."""
    parts = module.split(".")
    if parts[0] != "ausp_widget" or len(parts) < 2 or parts[1] not in LAYERS:
        return None
    return LAYERS.index(parts[1])


def module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: pathlib.Path) -> list[tuple[int, str]]:
    """(line, module) for every module this file imports, by statement or by name."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(source: str, package: str) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            found += [(node.lineno, f"{name}.{alias.name}") for alias in node.names if level(name) is None]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            called = ast.unparse(node.func)
            if called.endswith("import_module") or called == "__import__":
                found.append((node.lineno, str(node.args[0].value)))
    return found


def sources() -> list[pathlib.Path]:
    return sorted(p for layer in LAYERS for p in (PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_imports_nothing_above_its_layer(path):
    mine = level(module_name(path))
    upward = [
        f"line {line}: {name}"
        for line, name in imports(path)
        if (theirs := level(name)) is not None and theirs > mine
    ]
    assert upward == [], f"{path.relative_to(PACKAGE)} ({LAYERS[mine]}) imports above its layer: {upward}"


def test_the_check_sees_relative_and_by_name_imports():
    source = (
        "import importlib\nfrom ..render import html\nfrom . import x\n"
        "importlib.import_module('ausp_widget.widgets.app')\n"
    )
    names = [name for _line, name in imports_in(source, "ausp_widget.core")]
    assert "ausp_widget.render" in names and "ausp_widget.core" in names
    assert "ausp_widget.widgets.app" in names
