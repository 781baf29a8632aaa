"""The compiled rules (scripts/compile_keeper.py, bot/chatfilter/compiled.py): the same verdicts as the
plain Python source, used only when built from these very sources.

A compiled module checks the types it is handed, so a wrong annotation would be a crash on some
message only the compiled keeper meets: the keeper is held here to the plain source's verdicts on
every corpus message and on hostile text, compared across two processes.
"""

from __future__ import annotations

import copy
import csv
import importlib.util
import json
import os
import pickle
import shutil
import subprocess
import sys
import sysconfig
import threading
from pathlib import Path

import pytest

import bot.chatfilter
from bot.chatfilter import compiled, detector

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "chatfilter" / "corpus"

# Text a member could send that reaches the keeper's rarer paths: every script's digits, look-alikes,
# keycaps, markup, very long and glued text.
ODD = [
    "⓵⓸⓻ ፩ ٤٧ ४७ ４７ 𝟒𝟕 Ⅻ ⅻ ½ ¾ 🔟 4️⃣7️⃣",
    "||47|| `47` **4**7 ~~48~~ 4\u200b7 ٤\u200d٧",
    "vierzig" * 200,
    "I have " + "a " * 3000 + "47",
    "XLVII xlvii MMXXVI i ii iii iv",
    "ⅩⅬⅦ ＦＯＲＴＹ－ＳＥＶＥＮ 𝐟𝐨𝐫𝐭𝐲 𝐬𝐞𝐯𝐞𝐧",
    "0x2f 0b101111 057 hex 2F",
    "",
    " ",
    "\u0000\ufeff\ud7ff",
]


def messages() -> list[str]:
    found: list[str] = []
    for path in sorted(CORPUS.glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as handle:
            found += [row["message"] for row in csv.DictReader(handle)]
    return found + ODD


# A player's context, as the live keeper passes it: a hand, the pile tops, a smaller hand size.
PLAYER = detector.Context(hand=frozenset({5, 23, 47, 62, 88}), pile_tops=(12, 1, 71, 100), hand_size=6)


def verdicts(texts: list[str]) -> list[list[object]]:
    """The verdicts of each text as plain data: the rules alone, the bot's (with the stage), and (for
    every tenth text) the bot's with a player's context."""
    out: list[list[object]] = []
    for k, text in enumerate(texts):
        found = [detector.check_rules(text), detector.check(text)]
        if k % 10 == 0:
            found.append(detector.check(text, PLAYER))
        for verdict in found:
            out.append(
                [
                    verdict.flag,
                    verdict.severity,
                    verdict.reason,
                    [[f.value, f.start, f.end] for f in verdict.numbers],
                    [[f.value, f.start, f.end] for f in verdict.read],
                ]
            )
    return out


PURE_SCRIPT = """
import json, sys
from tests.chatfilter.test_compiled import messages, verdicts
import bot.chatfilter
assert not bot.chatfilter.COMPILED, "DECKHAND_KEEPER_PURE=1 still imported the compiled build"
json.dump(verdicts(messages()), sys.stdout)
"""


def can_compile() -> bool:
    """A C compiler (the one Python was built with, which setuptools calls) and mypyc are here."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(compiler) is not None and importlib.util.find_spec("mypyc") is not None


def test_where_the_rules_can_be_compiled_the_keeper_runs_them_compiled() -> None:
    if not compiled.wanted():
        pytest.skip(f"{compiled.PURE_VARIABLE} is set: this run tests the plain source")
    if not can_compile():  # a machine without a C compiler or mypyc: the plain source runs
        assert not bot.chatfilter.COMPILED
        return
    assert compiled.current_build() is not None, (
        "the compiled rules are missing or older than the sources: run `make setup` "
        "(or `python scripts/compile_keeper.py`)"
    )
    assert bot.chatfilter.COMPILED
    assert Path(detector.__file__).resolve().parent == compiled.COMPILED_PACKAGE.resolve()


def test_compiled_and_plain_source_give_the_same_verdicts() -> None:
    texts = messages()
    assert len(texts) > 50_000
    env = {**os.environ, compiled.PURE_VARIABLE: "1", "PYTHONPATH": str(ROOT)}
    pure = subprocess.run(
        [sys.executable, "-c", PURE_SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    expected = json.loads(pure.stdout)
    got = json.loads(json.dumps(verdicts(texts)))
    assert len(got) == len(expected) == 2 * len(texts) + (len(texts) + 9) // 10
    differ = [k for k in range(len(got)) if got[k] != expected[k]]
    assert [(got[k], expected[k]) for k in differ[:5]] == []


ENCODED = ["rot13: sbegl-frira", "read it backwards: neves-ytrof", "my card in hex is 2f", "ich hab die 47"]


def test_the_keeper_gives_the_same_verdicts_from_several_threads_at_once() -> None:
    """The decoding of a message is marked per thread: threads at once must not see each other's mark."""
    alone = {m: detector.check_rules(m) for m in ENCODED}
    assert all(v.flag for v in alone.values())
    wrong: list[tuple[str, detector.Verdict]] = []
    start = threading.Barrier(6)

    def work(k: int) -> None:
        start.wait()
        for i in range(300):
            message = ENCODED[(k + i) % len(ENCODED)]
            verdict = detector.check_rules(message)
            if verdict != alone[message]:
                wrong.append((message, verdict))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def test_a_context_takes_any_collection_and_verdicts_copy_and_pickle() -> None:
    message = "should I play my 47 on the 71?"
    exact = detector.Context(hand=frozenset({47}), pile_tops=(12, 1, 71, 100), hand_size=6, languages=("en",))
    loose = detector.Context(hand={47}, pile_tops=[12, 1, 71, 100], hand_size=6, languages=["en"])  # type: ignore[arg-type]
    assert loose == exact
    verdict = detector.check(message, loose)
    assert verdict == detector.check(message, exact)
    assert verdict.flag and verdict.severity == "high"
    assert pickle.loads(pickle.dumps(verdict)) == verdict == copy.deepcopy(verdict)
    assert pickle.loads(pickle.dumps(exact)) == exact == copy.deepcopy(exact)


def test_a_damaged_build_falls_back_to_the_plain_source(tmp_path: Path) -> None:
    """A build whose DIGEST matches but whose modules cannot be loaded: the keeper runs the plain source."""
    (tmp_path / "bot").mkdir()
    shutil.copy2(ROOT / "bot" / "__init__.py", tmp_path / "bot" / "__init__.py")
    shutil.copytree(
        compiled.PACKAGE, tmp_path / "bot" / "chatfilter", ignore=shutil.ignore_patterns("__pycache__")
    )
    package = tmp_path / "build" / "keeper" / "bot" / "chatfilter"
    package.mkdir(parents=True)
    tag = sysconfig.get_config_var("EXT_SUFFIX")
    for name in (*compiled.MODULES, compiled.SHARED):
        (package / f"{name}{tag}").write_bytes(b"not a shared object")
    digest = compiled.source_digest(tmp_path / "bot" / "chatfilter")
    (tmp_path / "build" / "keeper" / "DIGEST").write_text(digest + "\n", encoding="ascii")
    script = (
        "import bot.chatfilter as c; from bot.chatfilter import compiled; "
        "print(compiled.current_build() is not None, c.COMPILED, c.check('ich hab die 47').flag)"
    )
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_VARIABLE}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["True", "False", "True"]
    assert "cannot be loaded" in done.stderr


def test_a_build_from_other_sources_is_never_used(tmp_path: Path) -> None:
    package = tmp_path / "src"
    package.mkdir()
    for name in compiled.SOURCES:
        shutil.copy2(compiled.PACKAGE / name, package / name)
    build = tmp_path / "build"
    (build / "bot" / "chatfilter").mkdir(parents=True)
    for name in (*compiled.MODULES, compiled.SHARED):
        (build / "bot" / "chatfilter" / f"{name}.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (build / "DIGEST").write_text(compiled.source_digest(package) + "\n", encoding="ascii")
    assert compiled.current_build(build, package) == build / "bot" / "chatfilter"

    # One character of one rule changed after the build: the build is stale.
    rules = package / "roles.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert compiled.current_build(build, package) is None

    # A build cut short (no DIGEST written) or without any one of its modules is not used either.
    (build / "DIGEST").write_text(compiled.source_digest(package) + "\n", encoding="ascii")
    assert compiled.current_build(build, package) is not None
    for name in (compiled.SHARED, *compiled.MODULES):
        module = build / "bot" / "chatfilter" / f"{name}.cpython-311-x86_64-linux-gnu.so"
        module.unlink()
        assert compiled.current_build(build, package) is None, name
        module.write_bytes(b"")
        assert compiled.current_build(build, package) is not None
    (build / "DIGEST").unlink()
    assert compiled.current_build(build, package) is None


@pytest.mark.parametrize(
    ("value", "wanted"), [(None, True), ("0", True), ("", True), ("1", False), ("yes", False)]
)
def test_the_plain_source_can_be_asked_for(
    monkeypatch: pytest.MonkeyPatch, value: str | None, wanted: bool
) -> None:
    if value is None:
        monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(compiled.PURE_VARIABLE, value)
    assert compiled.wanted() is wanted
