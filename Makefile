# The two commands of the README, plus a few for developers. Each creates .venv with the system
# python3 on first use and installs the project with its test extra.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play test bench lint clean

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

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV)
