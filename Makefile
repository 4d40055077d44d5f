# Two commands: `make lab` to play, `make test` to check everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# JupyterLab refuses to run as root unless told; on a root-only machine (a container) tell it.
LAB_FLAGS := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test test-site lint format bench browser node site notebooks clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.notebook: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[notebook]"
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[test]"
	touch $@ $(VENV)/.notebook

# A notebook reopened shows its boards, not "model not found": lab-settings/ sets JupyterLab's
# defaults (a user's own settings still win) so that each save keeps the widgets' state, and a
# notebook's trust lasts one run of JupyterLab, so after a restart it opens as it did the first time,
# with the picture of each board; nor does it ask about news or updates over a table on a projector.
# The browser tests start JupyterLab with the same options.
LAB_OPTIONS := --LabApp.app_settings_dir="$(CURDIR)/lab-settings" --NotebookNotary.db_file=:memory:

# JupyterLab opens the first time with its side panels closed, ready for a projector: two players'
# tables need the whole width of a 1280-px window (lab-settings/workspaces/). The layout a user
# makes after that is kept in $(WORKSPACES), never overwritten.
WORKSPACES := $(VENV)/lab-workspaces
FIRST_LAYOUT := $(WORKSPACES)/default-37a8.jupyterlab-workspace

$(FIRST_LAYOUT): | $(BIN)/python
	mkdir -p $(WORKSPACES)
	cp lab-settings/workspaces/default-37a8.jupyterlab-workspace $@

lab: $(VENV)/.notebook $(FIRST_LAYOUT)
	$(BIN)/jupyter lab $(LAB_FLAGS) $(LAB_OPTIONS) --LabApp.workspaces_dir="$(abspath $(WORKSPACES))" \
		notebooks/01_learn_and_play.ipynb

# Debian's chromium for the browser tests (never a browser download by a test tool).
browser:
	@command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || \
		($(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium)

test: $(VENV)/.test browser site
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -q -n 2 --dist loadgroup --durations=15

# The classroom site alone: build it (if anything changed), then its browser test.
test-site: $(VENV)/.test browser site
	$(BIN)/python -m pytest -q tests/browser/test_site.py

# npm fetches the Pyodide core for the site: Debian's npm (with node) when the machine has none.
node:
	@command -v npm >/dev/null || ($(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq npm)

# The classroom site (JupyterLite, the Pyodide kernel, the notebooks, this checkout's wheel), built
# in a venv of its own; downloads are cached in $(SITE_CACHE). Serve site/ with any static server.
SITE_CACHE := .site-cache
SITE_VENV := $(SITE_CACHE)/venv
SITE_SOURCES := pyproject.toml tools/build_site.py tools/site_bytecode.py $(wildcard notebooks/*.ipynb) \
	$(shell find ausp_widget -name '*.py' -o -name '*.css' -o -name '*.json')

SITE_PIP := PIP_CACHE_DIR=$(CURDIR)/$(SITE_CACHE)/pip

$(SITE_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(SITE_VENV)
	$(SITE_PIP) $(SITE_VENV)/bin/python -m pip install -q --upgrade pip
	$(SITE_PIP) $(SITE_VENV)/bin/pip install -q --group site
	touch $@

site/build-info.json: $(SITE_VENV)/.installed $(SITE_SOURCES) | node
	$(SITE_PIP) $(SITE_VENV)/bin/python tools/build_site.py --out site --cache $(SITE_CACHE)

site: site/build-info.json

# The notebooks saved with their outputs and widget state, each from a fresh Run All, so GitHub and
# nbviewer show what they do; tests/test_notebooks.py fails when the saved outputs are stale.
notebooks: $(VENV)/.test
	$(BIN)/python tools/save_notebooks.py

lint: $(VENV)/.test
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(VENV)/.test
	for script in bench/*.py; do $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) .pytest_cache site $(SITE_CACHE)
