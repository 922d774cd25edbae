# The two commands of the README, plus a few for developers. Each creates .venv with the system
# python3 on first use and installs the project with its test extra.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play test bench lint snapshots messages clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/tabletop

test: $(STAMP)
	$(BIN)/python -m pytest -n auto --maxprocesses=4

bench: $(STAMP)
	$(BIN)/python -c "import chess" 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python benchmarks/run.py

# regenerate the SVG snapshots of every screen after an intended change (docs/UI.md)
snapshots: $(STAMP)
	$(BIN)/python -m pytest tests/snapshots --snapshot-update

# the shell's texts: extract them into the template, then merge it into each language's catalog
# (new texts arrive untranslated, changed ones fuzzy: translate them in tabletop/locale/es/...);
# babel.cfg's extractor for the games' key bars and help rows is tabletop/text/extract.py (hence PYTHONPATH)
# and last, every catalog is compiled to the .mo the app reads (tabletop/text/mo.py)
messages: $(STAMP)
	PYTHONPATH=. $(BIN)/pybabel extract -F babel.cfg --sort-by-file --no-wrap --project=Tabletop \
		--msgid-bugs-address="" --copyright-holder="The Tabletop authors" -o tabletop/locale/tabletop.pot .
	for lang in en es; do \
		$(BIN)/pybabel update --no-wrap --ignore-obsolete --init-missing -D tabletop -l $$lang -i tabletop/locale/tabletop.pot \
			-o tabletop/locale/$$lang/LC_MESSAGES/tabletop.po; \
	done
	$(BIN)/python -m tabletop.text.compile
	$(BIN)/python -m tabletop.help_fast --write

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV)
