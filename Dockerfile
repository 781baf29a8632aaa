# The chat keeper's rules compiled with mypyc (scripts/compile_keeper.py) in a stage of their own, so
# the image carries the compiled module but not the compiler.
FROM python:3.11-slim AS keeper

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && (python -c "import os, sysconfig; raise SystemExit(not os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))" \
        || apt-get install -y --no-install-recommends python3-dev) \
    && rm -rf /var/lib/apt/lists/* \
    && pip install "mypy==2.4.1" "setuptools>=70"
COPY bot/chatfilter ./bot/chatfilter
COPY bot/__init__.py ./bot/__init__.py
COPY scripts/compile_keeper.py ./scripts/compile_keeper.py
RUN python scripts/compile_keeper.py --strict

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
RUN useradd --create-home --uid 10001 deckhand

# Dependencies first, so code changes do not reinstall them.
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
# The message catalogs are compiled here from their .po files (the .mo files are never committed);
# the bot runs from /app and reads them from /app/bot/locales.
RUN pip install . && pybabel compile --domain deckhand --directory bot/locales \
    && mkdir -p /app/data && chown deckhand:deckhand /app/data
# Loaded only if built from these very sources (bot/chatfilter/compiled.py); else the plain source runs.
COPY --from=keeper /app/build/keeper ./build/keeper
COPY seeds ./seeds
COPY docs ./docs

USER deckhand
VOLUME ["/app/data"]
CMD ["python", "-m", "bot", "run"]
