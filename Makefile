# Scorekeeper: `make run` serves the app, `make test` runs the whole suite.
# Both set everything up on a fresh machine first.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 8000
export FLASK_APP := scorekeeper

.PHONY: run test test-fast setup setup-test setup-bench chromium nginx translations translations-update migrate bench clean pyodide engine-bytecode stdlib-bytecode

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# The server needs only the app's own dependencies; the tests add theirs.
$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[test,postgres]"
	touch $@ $(VENV)/.installed-app

setup: $(VENV)/.installed-app translations pyodide engine-bytecode stdlib-bytecode

setup-test: $(VENV)/.installed-test translations pyodide engine-bytecode stdlib-bytecode

# What bench/ needs beyond the tests: OpenSpiel for replay_openspiel.py, uvloop for
# load.py's generator (without it the generator takes more of the cores it shares).
$(VENV)/.installed-bench: pyproject.toml $(VENV)/.installed-test
	$(BIN)/pip install --quiet -e ".[test,postgres,bench]"
	touch $@

setup-bench: setup-test $(VENV)/.installed-bench

# Pyodide's core for the round screen without network (docs/offline.md), from
# the npm registry (npm checks the package's integrity), never from a CDN;
# its licence, MPL-2.0 (package.json), kept beside it. Gitignored: 14 MB.
# PYODIDE_VERSION must match scorekeeper/web/engine.py (a test checks).
PYODIDE_VERSION := 0.27.8
PYODIDE_SHA256 := 2595c4b6800f8fc21d1e9b5222b3b3458b479b5f55fd241fee9ec6be0ad7edae
PYODIDE_DIR := scorekeeper/static/vendor/pyodide-$(PYODIDE_VERSION)
PYODIDE_FILES := pyodide.js pyodide.asm.js pyodide.asm.wasm python_stdlib.zip pyodide-lock.json package.json
pyodide: $(PYODIDE_DIR)/.vendored

$(PYODIDE_DIR)/.vendored:
	@command -v npm >/dev/null 2>&1 || { \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; }
	rm -rf $(PYODIDE_DIR) && mkdir -p $(PYODIDE_DIR)
	cd $(PYODIDE_DIR) && npm pack --silent pyodide@$(PYODIDE_VERSION) >/dev/null \
		&& echo "$(PYODIDE_SHA256)  pyodide-$(PYODIDE_VERSION).tgz" | sha256sum -c --quiet \
		&& tar xzf pyodide-$(PYODIDE_VERSION).tgz $(addprefix package/,$(PYODIDE_FILES)) \
		&& mv $(addprefix package/,$(PYODIDE_FILES)) . && rm -rf package pyodide-$(PYODIDE_VERSION).tgz
	# pyodide.js names a CDN as where loadPackage finds packages it lacks (setCdnUrl;
	# taken only under Node): emptied, so that no served file names an address off
	# the app's, and checked.
	sed -i 's#https://cdn\.[a-z.]*/pyodide/v$${d\.version}/full/##' $(PYODIDE_DIR)/pyodide.js
	! grep -q "https\?://" $(PYODIDE_DIR)/pyodide.js
	cp /usr/share/common-licenses/MPL-2.0 $(PYODIDE_DIR)/LICENSE
	touch $@

# The engine bundle's Python and templates compiled ahead by Pyodide itself (in
# Node.js, which the pyodide step's npm brought), so that a phone's first start of
# Python compiles neither (docs/offline.md); again whenever a module or a template
# changes. Each file is checked against its source's hash (the modules') or
# checksum (the templates'): one older than its source is not used.
ENGINE_BYTECODE := scorekeeper/static/vendor/engine-bytecode-$(PYODIDE_VERSION).zip
ENGINE_SOURCES := $(wildcard scorekeeper/*.py scorekeeper/rules/*.py scorekeeper/game/*.py \
	scorekeeper/web/*.py scorekeeper/web/wording/*.py scorekeeper/templates/*.html \
	scorekeeper/templates/*/*.html)
engine-bytecode: $(ENGINE_BYTECODE)

$(ENGINE_BYTECODE): $(PYODIDE_DIR)/.vendored $(VENV)/.installed-app $(ENGINE_SOURCES) \
		tools/engine_bytecode.py tools/engine_bytecode.mjs
	$(BIN)/python tools/engine_bytecode.py

# Pyodide's standard library compiled ahead by Pyodide itself, once per Pyodide
# version: a phone's first start of Python then compiles none of the modules it
# starts with (tools/stdlib_bytecode.mjs; docs/offline.md). Without it, the
# phone is given Pyodide's own python_stdlib.zip, of sources.
STDLIB_BYTECODE := scorekeeper/static/vendor/stdlib-bytecode-$(PYODIDE_VERSION).zip
stdlib-bytecode: $(STDLIB_BYTECODE)

$(STDLIB_BYTECODE): $(PYODIDE_DIR)/.vendored tools/stdlib_bytecode.mjs
	node tools/stdlib_bytecode.mjs $(PYODIDE_DIR) $@

translations: $(VENV)/.installed-app
	@if ls scorekeeper/translations/*/LC_MESSAGES/messages.po >/dev/null 2>&1; then \
		$(BIN)/pybabel -q compile --use-fuzzy -d scorekeeper/translations; fi

# After changing any text of the app: extract the messages again, merge them
# into the catalogues, then translate what is new (empty or fuzzy) in each
# messages.po. tests/i18n fails until every message is translated.
BABEL_KEYWORDS := -k _l -k lazy_gettext -k _ln:1,2 -k lazy_ngettext:1,2 -k lazy_pgettext:1c,2
translations-update: $(VENV)/.installed-app
	$(BIN)/pybabel extract -F babel.cfg $(BABEL_KEYWORDS) --add-comments=TRANSLATORS: --no-location --sort-output --width=100 \
		--project Scorekeeper --copyright-holder "Scorekeeper" -o scorekeeper/translations/messages.pot .
	$(BIN)/pybabel update -i scorekeeper/translations/messages.pot -d scorekeeper/translations \
		--no-fuzzy-matching --ignore-obsolete --width=100
	$(MAKE) translations

migrate: setup
	$(BIN)/flask db upgrade

# No --access-logfile: gunicorn's access log prints whole URLs, link secrets and
# all; the app prints a line per request instead (scorekeeper/web/monitoring.py).
run: migrate
	@echo ""
	@echo "Scorekeeper is starting on port $(PORT). Open it at the address the phones can reach:"
	@echo "  From any phone on this Wi-Fi:  http://$$(hostname -I 2>/dev/null | cut -d' ' -f1 || echo THIS-MACHINE):$(PORT)/"
	@echo "  (on this machine only:  http://127.0.0.1:$(PORT)/)"
	@echo "  Stop it with Ctrl+C."
	@echo ""
	$(BIN)/gunicorn --config gunicorn.conf.py --bind $(HOST):$(PORT) --workers 2 "scorekeeper:create_app()"

# Debian's Chromium for the browser tests (Playwright must not download its own): its
# headless shell runs them, the whole browser the few that need the desktop browser
# (tests/browser/conftest.py); poppler-utils reads the PDFs it prints
# (tests/browser/test_printed_sheets.py).
chromium:
	@command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1 || { \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null; }
	@fc-list 2>/dev/null | grep -qi lohit-devanagari || { \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-lohit-deva >/dev/null; }
	@command -v pdftotext >/dev/null 2>&1 || { \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null; }

# Debian's nginx for tests/browser/test_behind_https.py (the TLS proxy of the README's
# hosting section); RUNLEVEL=1 keeps apt from starting it as a service.
nginx:
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { \
		apt-get update -qq && RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; }

# pytest keeps each test module it rewrote (for its assertions) in __pycache__, unless
# PYTHONDONTWRITEBYTECODE is set: then every worker rewrote every module again, 6 of
# the 10 s of CPU a worker took to collect make test-fast's tests.
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest

# One worker more than the cores: pytest-xdist's workers each run their own
# app, browser and throwaway servers (every fixture takes a free port and a
# folder of its own), and a browser test waits on its page part of the time,
# which the extra worker fills (three pairs on two cores: 0.88 to 0.96 of the
# wall time with a worker a core, docs/testing.md). The tests without a
# browser wait on nothing: make test-fast keeps a worker a core.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
test: setup-test chromium nginx
	$(PYTEST) -n $(TEST_WORKERS) --dist worksteal

# The edit-test loop: rules, game, catalogues and the web tests on SQLite, without
# the browsers and the throwaway PostgreSQL (make test runs everything).
test-fast: setup-test
	$(PYTEST) -n auto --dist worksteal -m "not postgres" tests/rules tests/game tests/i18n tests/web

bench: setup-test
	$(BIN)/python bench/replay.py
	$(BIN)/python bench/web.py
	$(BIN)/python bench/record.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis scorekeeper/static/vendor
