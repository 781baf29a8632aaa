# Two commands a newcomer needs:  make run  (set up and start the bot)  and  make test  (set up and run every test).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test lint bench play screenshots clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot run

test: $(STAMP)
	$(BIN)/ruff check .
	scripts/ensure-postgres
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/interactions.py
	$(BIN)/python bench/store.py
	$(BIN)/python bench/chatfilter.py
	$(BIN)/python bench/stats.py
	$(BIN)/python bench/ai.py
	$(BIN)/python bench/ai_turns.py
	$(BIN)/python bench/ai_opponents.py
	$(BIN)/python bench/daily.py

screenshots: $(STAMP)
	$(BIN)/python -m pip install --quiet "simcord[screenshot]==3.2.1"
	test -x /usr/bin/chromium || (echo 'needs Debian chromium: apt-get install chromium' && exit 2)
	$(BIN)/python scripts/screenshots.py docs/screenshots

play: $(STAMP)
	$(BIN)/python -m bot play

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
