# Mercato's entry points. `make run` and `make test` work on a fresh machine: they install
# what is missing (npm packages, Debian's chromium for the browser tests) and nothing else.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/postgres
export MERCATO_TEST_POSTGRES_URL ?= $(PG_TEST_URL)

.PHONY: help run test lint bench bench-browser web web-deps e2e-deps chromium postgres test-rust test-web test-e2e fmt

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

web: web-deps
	cd web && npm run build

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
	./target/release/mercato serve --demo-if-empty

test: web e2e-deps chromium postgres test-rust test-web test-e2e

test-rust:
	@echo "== Rust tests, every storage story on SQLite and on PostgreSQL ($(MERCATO_TEST_POSTGRES_URL))"
	$(CARGO) test --workspace

test-web:
	@echo "== frontend unit tests"
	cd web && npm test

test-e2e:
	@echo "== end-to-end tests in headless Chromium"
	$(CARGO) build -p mercato
	cd e2e && MERCATO_BIN=$(CURDIR)/target/debug/mercato MERCATO_ASSETS_DIR=$(CURDIR)/web/dist npm test

## The rest -----------------------------------------------------------------------------

lint: web-deps e2e-deps
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --all-features -- -D warnings
	python3 scripts/module_graph.py --quiet
	cd web && npm run lint
	cd e2e && npm run lint

fmt:
	$(CARGO) fmt --all

bench: web
	$(CARGO) build --release -p mercato
	bench/run.sh

bench-browser: web e2e-deps chromium
	$(CARGO) build --release -p mercato
	NO_BUILD=1 bench/browser.sh
