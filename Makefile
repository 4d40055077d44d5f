# Two commands: `make lab` to play, `make test` to check everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# JupyterLab refuses to run as root unless told; on a root-only machine (a container) tell it.
LAB_FLAGS := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test lint format bench browser clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.notebook: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[notebook]"
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[test]"
	touch $@ $(VENV)/.notebook

lab: $(VENV)/.notebook
	$(BIN)/jupyter lab $(LAB_FLAGS) notebooks/01_learn_and_play.ipynb

# Debian's chromium for the browser tests (never a browser download by a test tool).
browser:
	@command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || \
		($(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium)

test: $(VENV)/.test browser
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -q

lint: $(VENV)/.test
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(VENV)/.test
	for script in bench/*.py; do $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) .pytest_cache
