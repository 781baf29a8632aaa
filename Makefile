# Two commands a newcomer needs:  make run  (set up and start the bot)  and  make test  (set up and run every test).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The message catalogs: translators keep the .po files; the .mo files gettext reads are built here
# (never committed), again whenever a .po file changes.
LOCALES := bot/locales
CATALOGS := $(patsubst %.po,%.mo,$(wildcard $(LOCALES)/*/LC_MESSAGES/deckhand.po))

.PHONY: setup run test lint bench play screenshots clean messages

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	$(BIN)/pybabel compile --domain deckhand --directory $(LOCALES)
	touch $(STAMP)

$(CATALOGS): %.mo: %.po | $(STAMP)
	$(BIN)/pybabel compile --domain deckhand --input-file $< --output-file $@

# The chat keeper's rules compiled with mypyc into build/keeper/ (a no-op when the build is current;
# without a C compiler the keeper runs as plain Python, slower, with the same verdicts).
KEEPER := $(BIN)/python scripts/compile_keeper.py

setup: $(STAMP) $(CATALOGS)
	$(KEEPER)

run: $(STAMP) $(CATALOGS)
	$(KEEPER)
	$(BIN)/python -m bot run

test: $(STAMP) $(CATALOGS)
	$(KEEPER)
	$(BIN)/ruff check .
	scripts/ensure-postgres
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: $(STAMP) $(CATALOGS)
	$(KEEPER)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/interactions.py
	$(BIN)/python bench/charts.py
	$(BIN)/python bench/ai_seats.py
	$(BIN)/python bench/store.py
	$(BIN)/python bench/chatfilter.py
	$(BIN)/python bench/stats.py
	$(BIN)/python bench/ai.py
	$(BIN)/python bench/ai_turns.py
	$(BIN)/python bench/ai_opponents.py
	$(BIN)/python bench/daily.py

screenshots: $(STAMP) $(CATALOGS)
	$(BIN)/python -m pip install --quiet "simcord[screenshot]==3.2.1"
	test -x /usr/bin/chromium || (echo 'needs Debian chromium: apt-get install chromium' && exit 2)
	$(BIN)/python scripts/screenshots.py docs/screenshots

play: $(STAMP)
	$(BIN)/python -m bot play

# After changing messages in the code: extract them again and bring every language's catalog up to
# date (new messages come in empty, gone ones leave); then translate what is empty or fuzzy.
messages: $(STAMP)
	$(BIN)/pybabel extract --mapping-file $(LOCALES)/babel.cfg --output-file $(LOCALES)/deckhand.pot \
		--add-location file --sort-output --add-comments TRANSLATORS: \
		--project Deckhand --copyright-holder "the Deckhand authors" .
	$(BIN)/pybabel update --domain deckhand --input-file $(LOCALES)/deckhand.pot \
		--output-dir $(LOCALES) --ignore-obsolete --ignore-pot-creation-date

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build/keeper
