"""Profile the click path bench/store.py drives: the group-commit floor and TableService.act on
SQLite, side by side, with an optional cProfile of the service part.

Run: python bench/profile_service.py [--tables 500] [--seconds 3] [--repeat 3] [--profile out.prof]
Prints per run: floor units/s, service actions/s and plays/s, their ratio, µs per action; then the
CPU per unit of the event loop's thread ("loop"), of the bot process's other threads, and of the
store's writer process (bot/store/writer.py; counted over its whole life, so its start and the
dealing before the clock are in it too, spread over the timed units). The loop's CPU near the µs
per unit means the loop is the limit; the writer's near it, the writer.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import resource
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.store import CpuMeter, floor_group_commit, service_throughput


def children_cpu() -> float:
    """CPU seconds of this process's ended (and reaped) children: the store writers closed so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", help="write a cProfile of the service runs here (and print the top)")
    args = parser.parse_args()
    profiler = cProfile.Profile() if args.profile else None
    with tempfile.TemporaryDirectory(prefix="deckhand-profile-") as tmp:
        folder = Path(tmp)
        for n in range(args.repeat):
            run = folder / str(n)
            run.mkdir()
            floor_cpu, service_cpu = CpuMeter(), CpuMeter()
            before = children_cpu()
            floor = await floor_group_commit(run, args.tables, args.seconds, floor_cpu)
            floor_writer, before = children_cpu() - before, children_cpu()
            if profiler is not None:
                profiler.enable()
            plays, actions = await service_throughput(
                f"sqlite:///{run / 'service'}.sqlite3", args.tables, args.seconds, cpu=service_cpu
            )
            if profiler is not None:
                profiler.disable()
            service_writer = children_cpu() - before
            print(
                f"run {n + 1}: floor {floor:,.0f}/s ({1e6 / floor:.1f} µs), service {actions:,.0f} actions/s "
                f"({1e6 / actions:.1f} µs), {plays:,.0f} plays/s, ratio {actions / floor:.3f}",
                flush=True,
            )
            floor_loop, floor_other = floor_cpu.per_unit(floor)
            service_loop, service_other = service_cpu.per_unit(actions)
            floor_units, service_units = floor * args.seconds, actions * args.seconds
            print(
                f"       CPU per unit: floor loop {floor_loop:.1f} µs + other threads {floor_other:.1f} µs "
                f"+ writer process {1e6 * floor_writer / floor_units:.1f} µs; service loop "
                f"{service_loop:.1f} µs + other threads {service_other:.1f} µs "
                f"+ writer process {1e6 * service_writer / service_units:.1f} µs",
                flush=True,
            )
    if profiler is not None:
        profiler.dump_stats(args.profile)
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(40)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
