"""The base of the package's browser-drawn widgets: an anywidget model, declared directly.

anywidget's front end (its JupyterLab extension, shipped in its wheel) draws any model that
names it and carries an ES module (`_esm`) and a stylesheet (`_css`). Its Python class adds
hot reloading and commands that the package does not use, and importing it brings in psygnal:
a fifth of the classroom site's start once Python is ready. So the models here name the front
end themselves, with the version range anywidget's Python would send (the two halves must
agree on MAJOR.MINOR; `tests/test_strip.py` checks it against anywidget's own class).
"""

from __future__ import annotations

import importlib.util
import pathlib
from functools import cache

import ipywidgets as widgets
import traitlets

HERE = pathlib.Path(__file__).parent  # the scripts and stylesheets beside the modules


@cache
def installed_version(package: str) -> str:
    """A package's version, read from the name of its `*.dist-info` folder beside it.

    `importlib.metadata` would do the same, but in the browser's Python its import compiles
    forty modules from source (a sixth of a second); it is asked only when the folder is not
    there (an unusual install).
    """
    # First beside ipywidgets (installed together), which asks nothing of the notebook's folder:
    # a classroom site keeps that folder behind its service worker, where each look costs.
    version = _named_version(pathlib.Path(widgets.__file__).resolve().parent.parent, package)
    if version is None:
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.submodule_search_locations:
            version = _named_version(pathlib.Path(spec.submodule_search_locations[0]).parent, package)
    if version is not None:
        return version
    from importlib import metadata

    return metadata.version(package)


def _named_version(folder: pathlib.Path, package: str) -> str | None:
    found = sorted(folder.glob(f"{package}-*.dist-info"))
    return found[0].name[len(package) + 1 : -len(".dist-info")] if len(found) == 1 else None


FRONT_END_NAMED = HERE / "front_end_version.txt"
"""Written into a classroom site's copy of the package: the anywidget front end the site serves,
so the browser's Python names it without installing anywidget's Python (a fifth of a second)."""


@cache
def front_end_version() -> str:
    """The range of anywidget front ends this Python's anywidget pairs with ("~0.11.*")."""
    if FRONT_END_NAMED.is_file():
        return version_range(FRONT_END_NAMED.read_text(encoding="utf-8").strip())
    return version_range(installed_version("anywidget"))


def version_range(version: str) -> str:
    """The front-end versions a model of anywidget `version` asks for, as anywidget's Python
    names them: the same MAJOR.MINOR ("0.11.0" → "~0.11.*"), a pre-release only itself."""
    major, minor, rest = [*version.split(".", 2), "0", "0"][:3]
    if "a" in rest or "b" in rest:
        return version
    return f"~{major}.{minor}.*"


@cache
def package_text(name: str) -> str:
    """A text file shipped beside this module (a widget's script or stylesheet)."""
    # Read beside the module: the package is always installed as files (a wheel or a checkout),
    # and importlib.resources would compile its own modules from source in the browser's Python.
    return (HERE / name).read_text(encoding="utf-8")


class EsmWidget(widgets.DOMWidget):
    """A model drawn by `esm_file` (a module exporting `render({model, el})`) and styled by
    `css_file`, both files of this package."""

    esm_file = "board.js"
    css_file = ""

    _model_name = traitlets.Unicode("AnyModel").tag(sync=True)
    _model_module = traitlets.Unicode("anywidget").tag(sync=True)
    _model_module_version = traitlets.Unicode().tag(sync=True)
    _view_name = traitlets.Unicode("AnyView").tag(sync=True)
    _view_module = traitlets.Unicode("anywidget").tag(sync=True)
    _view_module_version = traitlets.Unicode().tag(sync=True)
    _esm = traitlets.Unicode().tag(sync=True)
    _css = traitlets.Unicode().tag(sync=True)
    _anywidget_id = traitlets.Unicode().tag(sync=True)

    @traitlets.default("_model_module_version")
    def _model_version(self) -> str:
        return front_end_version()

    @traitlets.default("_view_module_version")
    def _view_version(self) -> str:
        return front_end_version()

    @traitlets.default("_esm")
    def _script(self) -> str:
        return package_text(self.esm_file)

    @traitlets.default("_css")
    def _style(self) -> str:
        return package_text(self.css_file) if self.css_file else ""

    @traitlets.default("_anywidget_id")
    def _class_id(self) -> str:
        # the front end keeps one stylesheet per id, so every model of a class shares it
        return f"{type(self).__module__}.{type(self).__qualname__}"

    def __repr__(self) -> str:
        # short (ipywidgets' repr lists every trait, the script and stylesheet among them), and
        # the same on every run, so a saved notebook's text does not change with model ids
        return f"<{type(self).__name__}>"
