# The two commands a fresh machine needs: `make registry` and `make test`.
.PHONY: setup registry test test-random browser lint ui bench

# uv may be installed where only `python3 -m uv` finds it (pip under pyenv).
UV = $(shell command -v uv >/dev/null 2>&1 && echo uv || echo python3 -m uv)

setup:
	@scripts/bootstrap.sh

# One Dagster instance for the project (git-ignored): the runs, materializations and check
# results of `make registry` show in `make ui`, whose daemon also runs the release schedule.
# Set DAGSTER_HOME (an absolute path) to use another.
DAGSTER_HOME ?= $(CURDIR)/.dagster_home

## Build the registry end to end on the bundled recordings (replayed channels, offline
## reviewer, local DuckDB) and publish a release to exports/latest.
## Python caches compiled modules (__pycache__) here even where the environment sets
## PYTHONDONTWRITEBYTECODE (the coding sandbox does): compiling Dagster, Great Expectations and
## the project from source again cost ~10 s of every build.
registry: setup
	@mkdir -p "$(DAGSTER_HOME)" && touch "$(DAGSTER_HOME)/dagster.yaml"
	env -u PYTHONDONTWRITEBYTECODE DAGSTER_HOME="$(DAGSTER_HOME)" $(UV) run dg launch --job build_registry

## Run the whole test suite (lint, format, types, then pytest). Installs headless Chromium
## (Debian's package) for the site's browser tests if it is missing.
test: setup browser lint
	$(UV) run pytest

## The same suite in a random order (modules shuffled, and the tests inside each module), to
## prove no test depends on another. The seed is printed; SEED=N repeats an order. CI runs this.
ifndef SEED
SEED := $(shell od -An -N2 -tu2 /dev/urandom | tr -d ' ')
endif
test-random: setup browser lint
	@echo "random order seed: $(SEED) (repeat with: make test-random SEED=$(SEED))"
	$(UV) run pytest --random-order-seed=$(SEED)

browser:
	@scripts/install-chromium.sh

lint:
	$(UV) run ruff check .
	$(UV) run ruff format --check .
	$(UV) run mypy benchhub ltb pipelines assets intake

ui: setup
	@mkdir -p "$(DAGSTER_HOME)" && touch "$(DAGSTER_HOME)/dagster.yaml"
	DAGSTER_HOME="$(DAGSTER_HOME)" $(UV) run dg dev

## Every performance script; some read the registry that `make registry` builds.
bench: registry
	@for script in bench/bench_*.py; do echo "== $$script"; $(UV) run python $$script || exit 1; done
