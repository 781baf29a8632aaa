"""`python -m bot check-message`: one JSON verdict per input line, blank lines included."""

from __future__ import annotations

import json
import sys
from typing import BinaryIO

from bot.chatfilter.detector import Context, check
from bot.chatfilter.lexicon import LANGUAGES


def check_main(lang: str, source: BinaryIO, sink: BinaryIO) -> int:
    languages = tuple(part.strip().lower() for part in lang.split(",") if part.strip())
    unknown = [x for x in languages if x not in LANGUAGES]
    if not languages or unknown:
        print(
            f"check-message: unknown language {', '.join(unknown) or '(none)'}; "
            f"choose from {','.join(LANGUAGES)}",
            file=sys.stderr,
        )
        return 2
    context = Context(languages=languages)
    for raw in source:
        # Only the line break ends a line; any other character, \r inside a line included, is text.
        if raw.endswith(b"\n"):
            raw = raw[:-1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
        line = raw.decode("utf-8", errors="replace")
        verdict = check(line, context)
        sink.write(json.dumps(verdict.as_dict(), ensure_ascii=False).encode("utf-8") + b"\n")
        sink.flush()
    return 0
