"""Charts are read at the size Discord shows an embed's image (about 400 px wide): every word on
them must be inside the picture, the type large enough, and the axes must fit one game or many."""

from __future__ import annotations

import asyncio
import os
import signal
import struct
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot import charts
from bot.charts import FONT, draw, piles_chart, piles_figure, results_chart, results_figure
from bot.i18n import using

DAY = datetime(2026, 11, 1)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def drawn(figure, text) -> bool:
    """Whether matplotlib draws it: a tick label of a tick outside the axis limits is not drawn."""
    axes = figure.axes[0]
    if text in axes.get_xticklabels():
        low, high = sorted(axes.get_xlim())
        return low <= text.get_position()[0] <= high
    if text in axes.get_yticklabels():
        low, high = sorted(axes.get_ylim())
        return low <= text.get_position()[1] <= high
    return True


def every_text_inside(figure) -> None:
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    frame = figure.bbox
    texts = figure.findobj(lambda a: hasattr(a, "get_text") and a.get_visible() and a.get_text())
    for text in (t for t in texts if drawn(figure, t)):
        box = text.get_window_extent(renderer)
        assert frame.x0 - 1 <= box.x0 and box.x1 <= frame.x1 + 1, f"cut off: {text.get_text()!r}"
        assert frame.y0 - 1 <= box.y0 and box.y1 <= frame.y1 + 1, f"cut off: {text.get_text()!r}"


RESULTS = {
    "one game": [(DAY, 7)],
    "a win": [(DAY, 0)],
    "many games": [(DAY + timedelta(days=i), v) for i, v in enumerate([12, 7, 0, 4, 15, 9, 3, 0, 22, 5])],
    "a long name": [(DAY, 3), (DAY + timedelta(days=40), 1)],
}


@pytest.mark.parametrize("name", list(RESULTS))
def test_results_charts_keep_every_word_inside_and_count_from_zero(name):
    results = RESULTS[name]
    title = "Maximilian-Alexander's recent games" if name == "a long name" else "ann's recent games"
    figure = results_figure(results, title, "cards left", 10)
    every_text_inside(figure)
    axes = figure.axes[0]
    bottom, top = axes.get_ylim()
    assert bottom == 0 and top > max(v for _, v in results)  # no axis below a win
    width, height = png_size(results_chart(results, title))
    assert width <= 600 and height <= 400  # shown near its own size, so its type stays large


def test_the_piles_chart_keeps_every_word_inside_and_large():
    tops = [(1 + t, 1 + 2 * t, 100 - t, 100 - 2 * t) for t in range(45)]
    figure = piles_figure(tops)
    every_text_inside(figure)
    labels = [t for t in figure.axes[0].get_xticklabels() if t.get_text()]
    assert labels and all(t.get_fontsize() >= FONT for t in labels)
    width, _ = png_size(piles_chart(tops))
    assert width <= 600


# ---- where charts are drawn ------------------------------------------------------------------------


def where_and_how(word: str) -> bytes:
    """Run in the chart process by draw: its pid, its language and a word translated there."""
    from bot.i18n import _, current

    return f"{os.getpid()}|{current()}|{_(word)}".encode()


async def test_a_chart_is_drawn_in_a_process_of_its_own_in_the_callers_language():
    """A chart drawn in a thread held the interpreter's lock from every table's clicks (bench/charts.py);
    it is drawn in another process, in the language of the one who asked."""
    with using("de"):
        pid, language, word = (await draw(where_and_how, "turn")).decode().split("|")
    assert int(pid) != os.getpid()
    assert (language, word) == ("de", "Zug")
    with using("fr"):
        again, language, _word = (await draw(where_and_how, "turn")).decode().split("|")
    assert again == pid and language == "fr", "one process draws every chart"
    png = await draw(piles_chart, [(1, 1, 100, 100), (5, 9, 97, 90)], "test")
    assert png_size(png)[0] > 400


async def test_a_chart_process_that_died_is_replaced_and_the_chart_still_drawn():
    first = int((await draw(where_and_how, "turn")).decode().split("|")[0])
    os.kill(first, signal.SIGKILL)
    async with asyncio.timeout(10):
        while alive(first):  # until it has gone (a zombie until the worker next looks at it)
            await asyncio.sleep(0.01)
    pid = int((await draw(where_and_how, "turn")).decode().split("|")[0])
    assert pid != first


def slow_chart(seconds: float) -> bytes:
    time.sleep(seconds)
    return str(os.getpid()).encode()


async def test_a_chart_that_hangs_is_given_up_and_its_process_replaced(monkeypatch):
    first = int(await draw(slow_chart, 0))
    monkeypatch.setattr(charts, "CHART_TIMEOUT", 1.0)  # only for the chart that hangs
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        await draw(slow_chart, 60)
    assert time.monotonic() - started < 10
    # The next chart starts a new process first (imports included: more than a second when busy).
    monkeypatch.setattr(charts, "CHART_TIMEOUT", 30.0)
    pid = int(await draw(slow_chart, 0))
    assert pid != first
    async with asyncio.timeout(10):
        while alive(first):
            await asyncio.sleep(0.05)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def test_the_chart_process_ends_when_the_bots_process_is_killed():
    """Killed (SIGKILL, the OOM killer), the bot cannot stop its chart process: it stops itself."""
    script = (
        "import asyncio, os, signal\n"
        "from bot.charts import draw\n"
        "from tests.test_charts import slow_chart\n"
        "print(int(asyncio.run(draw(slow_chart, 0))), flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    assert ends_with_its_bot(script), "the chart process outlived its bot"


def ends_with_its_bot(script: str) -> bool:
    """Runs a bot's `script` in a Python of its own, which prints its worker's pid and then kills
    itself; whether the worker is gone within 10 s."""
    root = Path(__file__).resolve().parents[1]
    ran = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=60)
    child = int(ran.stdout.split()[0])
    deadline = time.monotonic() + 10
    while alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not alive(child)
