# The two commands a fresh clone needs: `make run` and `make test`.
# Both create .venv on first use (project installed editable with its dev tools,
# pinned by constraints.txt).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SEED ?= 1

.PHONY: run test lint typecheck unit bench clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

HOST ?= 127.0.0.1
PORT ?= 8000

run: $(STAMP)
	$(BIN)/cardtable serve --host $(HOST) --port $(PORT)

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/python benchmarks/kraken_playout.py
	$(BIN)/python benchmarks/gurka_playout.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
