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
COPY seeds ./seeds
COPY docs ./docs

USER deckhand
VOLUME ["/app/data"]
CMD ["python", "-m", "bot", "run"]
