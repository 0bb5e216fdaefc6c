"""Benchmark: the replay command line end to end, as a user runs it.

Run ``python bench/replay_cli.py`` from the repository root. It writes the
hands of ``bench/replay.py`` (the same seeded deals, played out legally:
4 players x 13 cards and 7 players x 7 cards, each with the hands given and
without them, 2,500 of each kind: 10,000 hands) as one JSONL file, then runs
``python -m scorekeeper.rules.replay --jsonl FILE`` as a child process several
times, interpreter start included, and prints the min, median and max wall
time, and of the CPU time (user and system) of the child, which a busy
machine disturbs less. ``--compare DIR`` also times another checkout of the repository (its
``scorekeeper`` package, say an older commit from ``git archive``) on the same
file, the runs of the two taking turns so that a busy machine slows both alike.

The children run in the environment a user's shell has by default: this
machine sets ``PYTHONDONTWRITEBYTECODE`` and ``PYTHONUNBUFFERED`` for every
process, and they are taken out. So Python's bytecode caches are used as an
installed command finds them (one untimed run of each checkout writes them
first: the timed runs do not depend on which caches an earlier run happened
to leave), and standard output is buffered as it is for any pipe (unbuffered,
each line of output is a system call of its own). ``--as-set-here`` keeps
this machine's environment as it is instead, for both checkouts alike.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.replay import SEED, random_record  # noqa: E402

SHAPES = ((4, 13), (7, 7))


def generated_records(count: int = 2500) -> list[dict[str, Any]]:
    """``count`` records of each shape, with hands given and without: the deals
    of ``bench/replay.py`` (its seed and order), ``4 * count`` in all."""
    records = []
    for with_hands in (True, False):
        for players, cards in SHAPES:
            rng = random.Random(f"{SEED}-{players}x{cards}")
            records += [random_record(rng, players, cards, with_hands) for _ in range(count)]
    return records


def write_jsonl(records: list[dict[str, Any]], path: Path) -> None:
    """One record per line, as the command line reads them."""
    path.write_text(
        "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records),
        encoding="utf-8",
    )


#: What this machine sets for every process and a user's shell does not.
SET_HERE = ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")


def command_module(root: Path) -> str:
    """The replay command's module in the checkout at ``root``: for a while it
    was ``scorekeeper.rules.replay_command``; before and after, ``replay``."""
    if (root / "scorekeeper" / "rules" / "replay_command.py").exists():
        return "scorekeeper.rules.replay_command"
    return "scorekeeper.rules.replay"


def time_cli_once(path: Path, root: Path, as_set_here: bool = False) -> tuple[float, float]:
    """Wall and CPU time of one run of the command line of ``root`` on
    ``path``, in a user's default environment or (``as_set_here``) this machine's."""
    env = {name: value for name, value in os.environ.items()
           if as_set_here or name not in SET_HERE} | {"PYTHONPATH": str(root)}
    command = [sys.executable, "-m", command_module(root), "--jsonl", str(path)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    completed = subprocess.run(command, cwd=root, env=env, capture_output=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode != 0:
        sys.exit(f"the command line exited {completed.returncode}: {completed.stderr[-500:]!r}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return elapsed, cpu


def summary(times: list[float]) -> str:
    """min, median and max of ``times``."""
    return (
        f"min {min(times):.3f} s, median {statistics.median(times):.3f} s, "
        f"max {max(times):.3f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2500, help="hands of each kind (2500)")
    parser.add_argument("--runs", type=int, default=7, help="runs of the command line (7)")
    parser.add_argument("--compare", type=Path, help="another checkout to time in turns")
    parser.add_argument("--keep", type=Path, help="also write the JSONL file here")
    parser.add_argument("--as-set-here", action="store_true",
                        help="keep this machine's " + " and ".join(SET_HERE))
    args = parser.parse_args()
    roots = [ROOT] + ([args.compare.resolve()] if args.compare else [])
    records = generated_records(args.count)
    times: dict[Path, list[float]] = {root: [] for root in roots}
    cpu_times: dict[Path, list[float]] = {root: [] for root in roots}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.jsonl"
        write_jsonl(records, path)
        if args.keep:
            write_jsonl(records, args.keep)
        cards = sum(len(trick) for record in records for trick in record["plays"])
        size = path.stat().st_size
        for root in roots:  # untimed: writes the bytecode caches
            time_cli_once(path, root, args.as_set_here)
        for _ in range(args.runs):
            for root in roots:
                elapsed, cpu = time_cli_once(path, root, args.as_set_here)
                times[root].append(elapsed)
                cpu_times[root].append(cpu)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores; {len(records)} hands, "
          f"{cards} cards played, {size / 1e6:.1f} MB of JSONL; "
          + (f"{', '.join(f'{name}={os.environ.get(name)}' for name in SET_HERE)} as set here"
             if args.as_set_here else f"without {' and '.join(SET_HERE)}"))
    for root in roots:
        print(f"  {root}: python -m {command_module(root)} --jsonl, {args.runs} runs")
        print(f"    wall: {summary(times[root])}")
        print(f"    CPU:  {summary(cpu_times[root])}")
    if args.compare:
        this, other = roots
        print(f"  this / other: wall {min(times[this]) / min(times[other]):.2f} at best, "
              f"{statistics.median(times[this]) / statistics.median(times[other]):.2f} "
              f"in the median; CPU {min(cpu_times[this]) / min(cpu_times[other]):.2f} at best, "
              f"{statistics.median(cpu_times[this]) / statistics.median(cpu_times[other]):.2f} "
              "in the median")
    return 0


if __name__ == "__main__":
    sys.exit(main())
