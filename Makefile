# The two commands of the README, plus a few for developers. Each creates .venv with the system
# python3 on first use and installs the project with its test extra.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play test bench lint snapshots clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/tabletop

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -c "import chess" 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python benchmarks/run.py

# regenerate the SVG snapshots of every screen after an intended change (docs/UI.md)
snapshots: $(STAMP)
	$(BIN)/python -m pytest tests/snapshots --snapshot-update

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV)
