"""Compile the chat keeper (its rules, learned stage and word readers) with mypyc, into build/keeper/.

    python scripts/compile_keeper.py            # build if the sources changed since the last build
    python scripts/compile_keeper.py --strict   # fail (exit 1) when it cannot build

The compiled modules (bot/chatfilter/compiled.py's MODULES) are the same Python source turned into C
extensions: the verdicts do not change (tests/chatfilter/test_compiled.py holds both to the same
verdicts), the keeper runs about a third faster. `make setup`, `make run`, `make test` and `make bench`
call this; it does nothing when the build is current (about a minute and a half on two cores
otherwise). Without a C compiler or mypy it says so and
leaves the keeper as plain Python, which bot/chatfilter/__init__.py then imports.
"""

from __future__ import annotations

import argparse
import fcntl
import importlib.util
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# compiled.py alone, by its path: importing the package would load the build this script may replace
# (and fail, if that build is damaged).
_spec = importlib.util.spec_from_file_location("keeper_build", ROOT / "bot" / "chatfilter" / "compiled.py")
assert _spec is not None and _spec.loader is not None
compiled = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compiled)


def build(strict: bool) -> int:
    compiled.BUILD.parent.mkdir(parents=True, exist_ok=True)
    # One build at a time (`make run` in one terminal, `make test` in another): the second waits, then
    # finds the build current.
    with open(compiled.BUILD.parent / "keeper.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(strict)


def _build(strict: bool) -> int:
    digest = compiled.source_digest()
    if compiled.current_build() is not None:
        print("chat keeper: the compiled rules are up to date")
        return 0
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:
        print(f"chat keeper: not compiled ({exc}); the rules run as plain Python, slower")
        return 1 if strict else 0
    started = time.monotonic()
    print("chat keeper: compiling the rules with mypyc (about a minute)…", flush=True)
    with tempfile.TemporaryDirectory(prefix="keeper-") as scratch:
        work = Path(scratch)
        here = os.getcwd()
        os.chdir(ROOT)  # mypy finds the package `bot` from here
        try:
            modules = mypycify(
                [f"bot/chatfilter/{name}.py" for name in compiled.MODULES] + ["--ignore-missing-imports"],
                opt_level="3",
                target_dir=str(work / "c"),
                group_name=compiled.GROUP,  # the shared library goes into the package, beside the modules
            )
            setup(
                name="deckhand-keeper",
                ext_modules=modules,
                script_args=[
                    "--quiet",
                    "build_ext",
                    "--build-lib",
                    str(work / "lib"),
                    "--build-temp",
                    str(work / "o"),
                ],
            )
        except (SystemExit, Exception) as exc:  # mypy's type errors end in SystemExit
            print(f"chat keeper: not compiled ({exc!r}); the rules run as plain Python, slower")
            return 1 if strict else 0
        finally:
            os.chdir(here)
        built = sorted((work / "lib" / "bot" / "chatfilter").glob("*.so"))
        made = {p.name.split(".")[0] for p in built}
        if not made >= {*compiled.MODULES, compiled.SHARED}:
            print(f"chat keeper: mypyc made only {sorted(made)}; the rules run as plain Python, slower")
            return 1 if strict else 0
        if compiled.source_digest() != digest:
            print("chat keeper: the sources changed while compiling; run it again")
            return 1 if strict else 0
        # The old build goes first and the DIGEST is written last: a build cut short has none, so it
        # is never imported.
        shutil.rmtree(compiled.BUILD, ignore_errors=True)
        compiled.COMPILED_PACKAGE.mkdir(parents=True, exist_ok=True)
        for path in built:
            shutil.copy2(path, compiled.COMPILED_PACKAGE / path.name)
        compiled.DIGEST_FILE.write_text(digest + "\n", encoding="ascii")
    print(
        f"chat keeper: compiled in {time.monotonic() - started:.0f} s into {compiled.BUILD.relative_to(ROOT)}"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="exit 1 when the rules cannot be compiled")
    return build(parser.parse_args().strict)


if __name__ == "__main__":
    sys.exit(main())
