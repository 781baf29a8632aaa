"""The compiled rules (scripts/compile_keeper.py, bot/chatfilter/compiled.py): the same verdicts as the
plain Python source, used only when built from these very sources.

A compiled module checks the types it is handed, so a wrong annotation would be a crash on some
message only the compiled keeper meets: the keeper is held here to the plain source's verdicts on
every corpus message and on hostile text, compared across two processes.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import os
import shutil
import subprocess
import sys
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


def verdicts(texts: list[str]) -> list[list[object]]:
    """Both verdicts of each text as plain data: the rules alone, and the bot's (with the stage)."""
    out: list[list[object]] = []
    for text in texts:
        for verdict in (detector.check_rules(text), detector.check(text)):
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
    return shutil.which("cc") is not None and importlib.util.find_spec("mypyc") is not None


def test_where_the_rules_can_be_compiled_the_keeper_runs_them_compiled() -> None:
    if not can_compile():  # a machine without a C compiler or mypyc: the plain source runs
        assert not bot.chatfilter.COMPILED
        return
    if not compiled.wanted():
        pytest.fail(f"{compiled.PURE_VARIABLE} is set: this run tests the plain source only")
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
    assert len(got) == len(expected) == 2 * len(texts)
    differ = [(texts[k // 2], got[k], expected[k]) for k in range(len(got)) if got[k] != expected[k]]
    assert differ == []


def test_a_build_from_other_sources_is_never_used(tmp_path: Path) -> None:
    package = tmp_path / "src"
    package.mkdir()
    for name in compiled.SOURCES:
        shutil.copy2(compiled.PACKAGE / name, package / name)
    build = tmp_path / "build"
    (build / "bot" / "chatfilter").mkdir(parents=True)
    (build / "bot" / "chatfilter" / "detector.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (build / "DIGEST").write_text(compiled.source_digest(package) + "\n", encoding="ascii")
    assert compiled.current_build(build, package) == build / "bot" / "chatfilter"

    # One character of one rule changed after the build: the build is stale.
    rules = package / "roles.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert compiled.current_build(build, package) is None

    # A build cut short (no DIGEST written) or without its module is not used either.
    (build / "DIGEST").write_text(compiled.source_digest(package) + "\n", encoding="ascii")
    (build / "bot" / "chatfilter" / "detector.cpython-311-x86_64-linux-gnu.so").unlink()
    assert compiled.current_build(build, package) is None
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
