"""Where the compiled rules live, and whether they were built from the sources here.

`scripts/compile_keeper.py` compiles the rules (detector.py), the learned stage (override.py) and the
readers they share (words.py, normalize.py, lexicon.py) with mypyc (the same Python source, as C
extensions) into build/keeper/. The package imports that build only when it was made from exactly the
keeper's sources of this checkout; otherwise, or with DECKHAND_KEEPER_PURE=1 set, it runs them as
plain Python. A stale build is never used: its verdicts could differ from the source's.
Pure Python; knows nothing of Discord.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parents[1]
BUILD = ROOT / "build" / "keeper"  # holds bot/chatfilter/*.so and DIGEST
COMPILED_PACKAGE = BUILD / "bot" / "chatfilter"
DIGEST_FILE = BUILD / "DIGEST"
# The modules compiled, one extension each, and the library they share (mypyc's group, named so that it
# lands in the package beside them).
MODULES = ("detector", "override", "words", "normalize", "lexicon")
SHARED = "keeper__mypyc"
GROUP = "bot.chatfilter.keeper"
# The modules compiled and every module their types are read from: a change to any of them calls for a
# new build (a compiled module checks the types it receives).
SOURCES = ("detector.py", "verdict.py", "roles.py", "override.py", "words.py", "normalize.py", "lexicon.py")
PURE_VARIABLE = "DECKHAND_KEEPER_PURE"


def source_digest(package: Path = PACKAGE) -> str:
    """SHA-256 of the keeper's sources and the Python version they are compiled for."""
    digest = hashlib.sha256(f"{sys.implementation.cache_tag}\n".encode())
    for name in SOURCES:
        digest.update(name.encode() + b"\0" + (package / name).read_bytes() + b"\0")
    return digest.hexdigest()


def current_build(build: Path = BUILD, package: Path = PACKAGE) -> Path | None:
    """The folder of a compiled build made from these very sources, else None."""
    try:
        recorded = (build / "DIGEST").read_text(encoding="ascii").strip()
    except OSError:
        return None
    compiled = build / "bot" / "chatfilter"
    modules = {p.name.split(".")[0] for p in compiled.glob("*.so")}
    whole = modules >= {*MODULES, SHARED}
    if not whole or recorded != source_digest(package):
        return None
    return compiled


def wanted() -> bool:
    """The compiled build is used unless DECKHAND_KEEPER_PURE is set to something other than 0."""
    return os.environ.get(PURE_VARIABLE, "0") in ("", "0")
