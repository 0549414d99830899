# Two entry points for a fresh machine with Python 3.11 and pip: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
WAREHOUSE ?= data/warehouse

.PHONY: setup dev demo test bench browser-deps clean

# The program alone for the demo; the tests and benchmarks add their tools, their oracles and
# Spark (about 650 MB more of the venv, half a minute more of a first setup).
# pip lists each package as it fetches it, so that a first setup (half a minute and more) shows
# its progress; upgrading pip itself is quick and stays quiet.
$(BIN)/rasklad: pyproject.toml
	@echo "Setting up $(VENV): Rasklad and its packages (about half a minute the first time)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --disable-pip-version-check -e .
	@touch $@

$(VENV)/.dev: $(BIN)/rasklad
	@echo "Adding the tests' tools, oracles and Spark to $(VENV) (about 650 MB the first time)"
	$(BIN)/pip install --disable-pip-version-check -e '.[dev,spark]'
	@touch $@

setup: $(BIN)/rasklad
dev: $(VENV)/.dev

# Ingest the bundled samples, audit them, print the stats, then serve the dashboard.
demo: setup
	$(BIN)/rasklad ingest data/samples --warehouse $(WAREHOUSE) || true
	$(BIN)/rasklad audit --warehouse $(WAREHOUSE) --limit 20
	$(BIN)/rasklad stats --warehouse $(WAREHOUSE)
	$(BIN)/rasklad dashboard --warehouse $(WAREHOUSE)

# Chromium for the browser tests (Debian's package); skipped quietly when not root.
browser-deps:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	  || echo "chromium not installed: browser tests will skip"; }

# Three workers on two cores: a third of the suite's time is spent waiting (browsers, Streamlit
# servers, Spark's JVM, writers killed and rerun), and a third worker fills it (13 min against 14.7).
# Whole files to a worker, longest first (tests/conftest.py's LONGEST_FIRST, kept in that order).
test: dev browser-deps
	$(BIN)/python -m pytest -n 3 --dist loadfile --no-loadscope-reorder -q; rc=$$?; [ $$rc -eq 5 ] && { echo "no tests collected"; exit 0; }; exit $$rc

bench: dev
	$(BIN)/python -m bench

clean:
	rm -rf $(WAREHOUSE) artifacts bench/out
