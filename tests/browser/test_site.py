"""The classroom site: notebook 01 runs in the browser's own Python (JupyterLite, Pyodide), served
by a plain static server, with every request that is not for 127.0.0.1 refused; the board is
dealt, a mouse drag plays a move that the kernel's game records, and a figure says that plots
need matplotlib."""

from __future__ import annotations

import pytest
from board_dom import card, columns, drag
from jupyter_servers import KERNEL_IDLE, eventually
from lite_site import build_site, offline_context, open_and_run, run_in_kernel, static_server

from ausp_widget import Game


@pytest.fixture(scope="session")
def site_url():
    """The site, built once a session (a no-op when `make test` has just built it), served."""
    with static_server(build_site()) as server:
        yield server.url


@pytest.fixture
def lite_page(browser):
    context, external = offline_context(browser, {"width": 1400, "height": 1100})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()
    assert not external, f"requests left 127.0.0.1: {external}"


def tableau(game: Game) -> list[list[str]]:
    return [[c.name for c in column] for column in game.tableau()]


def test_notebook_01_plays_in_the_browser_kernel(lite_page, site_url, shots):
    page = lite_page
    app, seconds = open_and_run(page, site_url, "01_learn_and_play.ipynb")
    print(f"site: kernel idle after {seconds['kernel']:.1f} s, app after {seconds['app']:.1f} s")
    errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")  # tracebacks too
    assert not errors.count(), errors.all_inner_texts()
    shots(page, "site-1-guide", app)

    # The live table, dealt as deal 4, then a move by a mouse drag: 6♥ onto 7♥.
    app.get_by_role("tab", name="Play").click()
    deal = Game.deal(4)
    eventually(page, lambda: columns(app) == tableau(deal), seconds=20)
    shots(page, "site-2-dealt", app)
    drag(page, card(app, "six of hearts"), card(app, "seven of hearts"))
    deal.play("6♥ 7♥")
    eventually(page, lambda: columns(app) == tableau(deal), seconds=20)
    page.wait_for_timeout(300)  # the cards' slide, for the picture
    shots(page, "site-3-dragged", app)
    played = run_in_kernel(page, "print([str(move) for _, move in app.game.history])")
    assert played.strip() == "['6♥ 7♥']", played

    # The browser kernel has no matplotlib: a figure is the sentence that says so.
    said = run_in_kernel(page, "import sys; print(sys.platform); print(repr(app.game.plot()))")
    assert said.startswith("emscripten\nPlots need matplotlib"), said

    # The package's modules were read from the bytecode the site's wheel carries, and the board
    # is drawn by anywidget's front end, named without anywidget's Python in the kernel.
    said = run_in_kernel(
        page,
        "import ausp_widget.widgets.board as b, os\nfrom ausp_widget.widgets.esm import front_end_version\n"
        "print(os.path.exists(b.__spec__.cached), front_end_version(), 'anywidget' in sys.modules,"
        " 'psygnal' in sys.modules)",
    )
    assert said.split()[0] == "True" and said.split()[2:] == ["False", "False"], said
    assert said.split()[1].startswith("~"), said

    # Lesson progress is kept in the site's own files: a task done, the page reloaded, the
    # notebook run again in a fresh kernel, and the lesson is still done.
    lesson = "app.guide.progress['Building down in suit']"
    done = run_in_kernel(
        page,
        "from ausp_widget.core.progress import default_path\n"
        "app.guide.go(next(i for i, s in enumerate(app.guide.steps)"
        " if s.lesson == 'Building down in suit' and s.task))\n"
        f"print(app.guide.attempt('6♥ 7♥').correct, default_path(), {lesson}, sep='|')",
    )
    correct, where, before = done.strip().split("|")
    assert (correct, where) == ("True", "/drive/ausp_widget-progress.json") and before.startswith("done"), (
        done
    )
    page.reload()
    page.wait_for_function(KERNEL_IDLE, timeout=120_000)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(".ausp-app").first.wait_for(timeout=120_000)
    after = run_in_kernel(page, f"print({lesson})")
    assert after.strip() == before, f"after a reload: {after!r}, before: {before!r}"


def bytecode_of(source: str) -> str:
    """The start of a module's bytecode file name in a wheel ("pkg/__pycache__/mod.cpython-")."""
    folder, _, file = source.rpartition("/")
    return f"{folder}/__pycache__/{file[: -len('.py')]}.cpython-"


def test_the_sites_python_carries_bytecode_and_the_lock_the_wheels_hashes(site_url):
    import hashlib
    import json
    import zipfile

    from lite_site import SITE

    lock_dir = SITE / "static" / "pyodide-lock"
    lock = json.loads((lock_dir / "pyodide-lock.json").read_text())
    for name in ("ausp-widget", "ipywidgets", "ipython", "traitlets"):  # the app's, and the kernel's
        entry = lock["packages"][name]
        wheel = (lock_dir / entry["file_name"]).resolve()
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], f"{name}: the lock's hash"
        names = set(zipfile.ZipFile(wheel).namelist())
        sources = [n for n in names if n.endswith(".py") and ".dist-info/" not in n]
        missing = [n for n in sources if not any(p.startswith(bytecode_of(n)) for p in names)]
        assert sources and not missing, f"{name}: no bytecode for {missing[:3]}"
    stdlib = set(zipfile.ZipFile(SITE / "static" / "pyodide" / "python_stdlib.zip").namelist())
    for module in ("json/__init__.py", "mimetypes.py", "asyncio/events.py"):
        assert module in stdlib and module + "c" in stdlib, f"{module}: no bytecode beside it"
    depends = lock["packages"]["ausp-widget"]["depends"]
    assert "anywidget" not in depends, "the kernel needs no anywidget"
    assert "filelock" not in depends, "the browser's one process takes no file locks"
