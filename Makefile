# Mercato's entry points. `make run` and `make test` work on a fresh machine: they install
# what is missing (npm packages, Debian's chromium for the browser tests) and nothing else.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/postgres
export MERCATO_TEST_POSTGRES_URL ?= $(PG_TEST_URL)
# Where cargo builds: CARGO_TARGET_DIR when set (CI keeps its build outside the clone, so the
# next clone reuses it), otherwise ./target.
TARGET_DIR := $(or $(CARGO_TARGET_DIR),$(CURDIR)/target)
# The Rust suites run under cargo-nextest when the machine has it (every test in its own
# process, all binaries in one queue, per-test time limits: .config/nextest.toml), otherwise
# under `cargo test`; both run the same tests.
NEXTEST := $(shell command -v cargo-nextest 2>/dev/null)
# The suites' snapshot readers note here which pinned responses they read.
SNAPSHOTS_USED := $(TARGET_DIR)/tmp/snapshots-used
TIMED := scripts/timed

.PHONY: help run test lint lint-rust lint-rust-rest lint-web clippy bench bench-browser web web-deps e2e-deps chromium postgres test-build test-rust test-web test-e2e fmt

help:
	@echo "make run    build everything and start the shop on http://127.0.0.1:8080 (SQLite, demo data)"
	@echo "make test   every test: Rust (SQLite + PostgreSQL), frontend unit tests, e2e in Chromium"
	@echo "make lint   rustfmt, clippy, the server's module graph, ESLint and tsc"
	@echo "make bench  load benchmarks against the release binary (see docs/benchmarks.md)"
	@echo "make bench-browser  JS per page type, requests on load, add-to-cart latency in Chromium"

## Set-up steps -------------------------------------------------------------------------

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
web-deps: web/node_modules/.package-lock.json

e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
e2e-deps: e2e/node_modules/.package-lock.json

# The frontend is built again only when one of its inputs changed.
WEB_INPUTS := $(shell find web/src web/scripts -type f 2>/dev/null) web/vite.config.ts web/budgets.json web/package-lock.json web/tsconfig.json
web/dist/manifest.json: $(WEB_INPUTS) web/node_modules/.package-lock.json
	$(TIMED) "frontend build" -- bash -c 'cd web && npm run build'
	touch $@
web: web/dist/manifest.json

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi

# The storage suite needs the local PostgreSQL; start it when it is down.
postgres:
	@if ! pg_isready -q -h 127.0.0.1 -p 5432; then \
	  echo "starting the local PostgreSQL"; \
	  pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start; \
	  for i in $$(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done; \
	fi

## The two commands ---------------------------------------------------------------------

run: web
	$(CARGO) build --release -p mercato
	$(TARGET_DIR)/release/mercato serve --demo-if-empty

test: web e2e-deps chromium postgres test-build test-rust test-web test-e2e

# One build for every suite: the Rust test binaries and, with them, the debug `mercato`
# binary the end-to-end tests drive (built with the same features, so nothing is built twice).
# It is also the lint: our crates (not the dependencies) are compiled by clippy-driver, which
# is rustc with clippy's lints, denying warnings as `make clippy` does. `cargo clippy` would
# compile all ~330 dependencies a second time in check mode; this build compiles them once.
# Cargo counts the compiler wrapper in its fingerprints, so the test build and nextest (which
# builds again before it runs) must both see it: the variables are exported for both targets.
CLIPPY_DRIVER := $(shell command -v clippy-driver 2>/dev/null)
ifneq ($(CLIPPY_DRIVER),)
test-build test-rust: export RUSTC_WORKSPACE_WRAPPER := $(CLIPPY_DRIVER)
test-build test-rust: export CLIPPY_ARGS := -D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
endif
test-build:
	$(TIMED) "Rust test build" -- $(CARGO) test --workspace --no-run --quiet

test-rust: test-build postgres
	@echo "== Rust tests, every storage story on SQLite and on PostgreSQL ($(MERCATO_TEST_POSTGRES_URL))"
	rm -rf $(SNAPSHOTS_USED)
ifdef NEXTEST
	$(TIMED) "Rust tests" -- $(CARGO) nextest run --workspace --no-fail-fast --cargo-quiet
else
	$(TIMED) "Rust tests" -- $(CARGO) test --workspace --no-fail-fast
endif
	python3 scripts/check_test_data.py --snapshots $(SNAPSHOTS_USED)

test-web: web-deps
	@echo "== frontend unit tests"
	$(TIMED) "frontend unit tests" -- bash -c 'cd web && npm test'

test-e2e: test-build web e2e-deps chromium
	@echo "== end-to-end tests in headless Chromium"
	$(TIMED) "end-to-end tests" -- bash -c 'cd e2e && MERCATO_BIN=$(TARGET_DIR)/debug/mercato MERCATO_ASSETS_DIR=$(CURDIR)/web/dist npm test'

## The rest -----------------------------------------------------------------------------

lint: lint-rust lint-web

lint-rust: clippy lint-rust-rest

# The Rust checks other than clippy (CI gets clippy's verdict from the test build).
lint-rust-rest:
	$(CARGO) fmt --all -- --check
	python3 scripts/module_graph.py --quiet
	python3 scripts/check_test_data.py --migrations

clippy:
	$(TIMED) clippy -- $(CARGO) clippy --workspace --all-targets --all-features --quiet -- -D warnings

lint-web: web-deps e2e-deps
	$(TIMED) "frontend lint" -- bash -c 'cd web && npm run lint'
	cd e2e && npm run lint

fmt:
	$(CARGO) fmt --all

bench: web
	$(CARGO) build --release -p mercato
	MERCATO_BIN=$(TARGET_DIR)/release/mercato bench/run.sh

bench-browser: web e2e-deps chromium
	$(CARGO) build --release -p mercato
	MERCATO_BIN=$(TARGET_DIR)/release/mercato NO_BUILD=1 bench/browser.sh
