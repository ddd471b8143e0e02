# proofmill — the two commands a newcomer needs:
#   make run    set up (first time) and run the main job in the default `smoke` profile
#   make test   set up (first time) and run the test suite
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
export DAGSTER_HOME ?= $(CURDIR)/dagster_home
export MLFLOW_DISABLE_TELEMETRY := true
export DO_NOT_TRACK := 1
PROFILE ?= smoke
PYTEST_ARGS ?=
# pytest-xdist workers: the suite is CPU-bound and CI has 2 cores (each worker starts its own minilean
# server; `TEST_WORKERS=0` runs everything in one process).
TEST_WORKERS ?= 2

.PHONY: setup run test lint ui mlflow bench clean-artifacts

# The venv is rebuilt when the pins change. constraints.txt pins torch==2.13.0: on this machine kind pip
# takes the local CPU wheel; on a GPU machine the same pin resolves to PyPI's CUDA build (see README).
$(BIN)/.installed: pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]'
	touch $@

setup: $(BIN)/.installed

run: setup
	$(BIN)/proofmill run --profile $(PROFILE)

test: setup
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) $(PYTEST_ARGS)

lint: setup
	$(BIN)/ruff check .

ui: setup
	$(BIN)/proofmill ui

# One worker and no job-execution processes (MLflow 3 starts 4 workers + a huey job runner by default:
# 15 processes, ~2.5 GB RSS here; this way 2 processes, ~0.5 GB).
mlflow: setup
	MLFLOW_SERVER_ENABLE_JOB_EXECUTION=false $(BIN)/mlflow ui --host 127.0.0.1 --port 5000 --workers 1 --backend-store-uri sqlite:///$(DAGSTER_HOME)/mlflow.db

bench: setup
	$(BIN)/python -m benchmarks.run

clean-artifacts:
	rm -rf artifacts dagster_home/storage dagster_home/history dagster_home/schedules dagster_home/mlflow.db dagster_home/mlartifacts
