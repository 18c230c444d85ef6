# The two commands a fresh clone needs: `make run` and `make test`.
# Both create .venv on first use (project installed editable with every extra and
# its dev tools, pinned by constraints.txt).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SEED ?= 1

.PHONY: run test lint layers typecheck unit bench clean web web-test screenshots

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

HOST ?= 127.0.0.1
PORT ?= 8000

run: $(STAMP) web
	$(BIN)/cardtable serve --host $(HOST) --port $(PORT)

test: lint typecheck unit web-test

lint: $(STAMP) layers
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

# The import-linter contracts of pyproject.toml: layers point down, no cycles.
layers: $(STAMP)
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

# The browser client (web/): `npm ci` when the lockfile changes, a Vite build into the
# package (src/cardtable/server/static/) when a source changes; its unit tests (Vitest)
# and end-to-end tests (Playwright driving Debian's Chromium, installed when missing).
WEB := web
WEB_DEPS := $(WEB)/node_modules/.installed
WEB_BUILT := src/cardtable/server/static/.built
WEB_SOURCES := $(shell find $(WEB)/src $(WEB)/public -type f 2>/dev/null) \
	$(WEB)/index.html $(WEB)/vite.config.ts $(WEB)/tsconfig.json
CHROMIUM := /usr/bin/chromium

$(WEB_DEPS): $(WEB)/package.json $(WEB)/package-lock.json
	cd $(WEB) && npm ci --no-audit --no-fund
	touch $@

$(WEB_BUILT): $(WEB_DEPS) $(WEB_SOURCES)
	cd $(WEB) && npm run build
	touch $@

web: $(WEB_BUILT)

$(CHROMIUM):
	DEBIAN_FRONTEND=noninteractive apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

web-test: $(STAMP) $(WEB_BUILT) $(CHROMIUM)
	cd $(WEB) && npx vitest run
	cd $(WEB) && npx playwright test --project=e2e

screenshots: $(STAMP) $(WEB_BUILT) $(CHROMIUM)
	cd $(WEB) && npx playwright test --project=screenshots

bench: $(STAMP)
	$(BIN)/python benchmarks/kraken_playout.py
	$(BIN)/python benchmarks/gurka_playout.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
	rm -rf $(WEB)/node_modules src/cardtable/server/static
