"""Benchmark: our replay command line against OpenSpiel's ``oh_hell`` game on
the same deals and plays.

Run ``python bench/replay_openspiel.py`` from the repository root, with the
optional ``bench`` dependencies installed (``pip install -e '.[bench]'``, which
brings ``open_spiel``). Bench-only: nothing in ``scorekeeper`` imports it.

OpenSpiel always turns up a trump card after the deal, so it deals at most
``(52 - 1) // players`` cards each: the 4 x 13 deals of ``bench/replay.py``
(the whole deck, no trump) cannot be played there. The comparison uses its
7 x 7 deals (2,500 with the default count), each as a record with the hands
given. Both sides run as a child process, interpreter start included, on the
same JSONL file:

- ours: ``python -m scorekeeper.rules.replay --jsonl FILE``, which checks every
  field of every record, replays it checking every card against its hand
  (follow suit, cards not held or played twice) and prints the tricks, tricks
  won and violations of each hand;
- OpenSpiel: this script with ``--drive FILE``, which decodes each line, turns
  it into OpenSpiel actions (the number of tricks, the dealer, the deal card by
  card, the trump card, a bid of 0 for each player, which its hook rule always
  allows, and the plays) and applies them one by one with
  ``apply_action_with_legality_check`` (the C++ checks every action against
  the legal ones, so every card follows suit if it can), then prints each
  player's tricks won.

It also times both engines in this process, without interpreter start, JSON
decoding or output: our ``parse_record`` and ``replay``, and OpenSpiel's
action building and ``apply_action_with_legality_check``. Each seat's tricks
won must agree between the two.
"""

from __future__ import annotations

import argparse
import json
import os
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

from bench.replay import best_of  # noqa: E402
from bench.replay_cli import generated_records, summary  # noqa: E402

MADE_BID_BONUS = 10  # OpenSpiel's kMadeBidBonus: 1 point a trick, 10 more for a made bid


def _actions_of_cards() -> dict[str, int]:
    """Our canonical card text ("TH") -> OpenSpiel's action for the card."""
    import pyspiel

    state = pyspiel.load_game("oh_hell", {"players": 3, "num_tricks_fixed": 1}).new_initial_state()
    state.apply_action(1)  # tricks
    state.apply_action(0)  # dealer: now the deal, whose actions are the cards
    return {
        (text := state.action_to_string(action))[1] + text[0]: action
        for action in state.legal_actions()
    }


def open_spiel_actions(record: dict[str, Any], action_of: dict[str, int]) -> list[int]:
    """The whole hand as OpenSpiel actions, from the record's own card texts."""
    players = len(record["players"])
    tricks = len(record["plays"])
    hands = record["hands"]
    actions = [tricks, record["dealer"]]
    # OpenSpiel deals card i of the deal to player i % players, player 0 first.
    actions += [action_of[hands[seat][k]] for k in range(tricks) for seat in range(players)]
    actions.append(action_of[record["trump"]])
    actions += [52] * players  # bids of 0 (bid actions start at the number of cards)
    actions += [action_of[card] for trick in record["plays"] for card in trick]
    return actions


def tricks_won(state: Any, players: int) -> list[int]:
    """Each player's tricks from OpenSpiel's returns (all bids were 0)."""
    return [0 if r == MADE_BID_BONUS else int(r) for r in state.returns()[:players]]


def drive(path: Path) -> int:
    """The OpenSpiel side of the comparison: one line of tricks won per record."""
    import pyspiel

    action_of = _actions_of_cards()
    games: dict[tuple[int, int], Any] = {}
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        players, tricks = len(record["players"]), len(record["plays"])
        game = games.get((players, tricks))
        if game is None:
            game = games[players, tricks] = pyspiel.load_game(
                "oh_hell", {"players": players, "num_tricks_fixed": tricks}
            )
        state = game.new_initial_state()
        for action in open_spiel_actions(record, action_of):
            state.apply_action_with_legality_check(action)
        out.append(json.dumps(tricks_won(state, players)) + "\n")
    sys.stdout.write("".join(out))
    return 0


def comparable_records(count: int) -> list[dict[str, Any]]:
    """The deals of ``bench/replay.py`` that OpenSpiel can play: those with a
    turned-up trump card, each once, with its hands."""
    return [r for r in generated_records(count) if r["trump"] is not None and "hands" in r]


def run(command: list[str]) -> tuple[float, float, bytes]:
    """Wall time, CPU time (user and system) and output of a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    completed = subprocess.run(
        command, cwd=ROOT, env=os.environ | {"PYTHONPATH": str(ROOT)}, capture_output=True
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode != 0:
        sys.exit(f"{command} exited {completed.returncode}: {completed.stderr[-800:]!r}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return elapsed, cpu, completed.stdout


def in_process(records: list[dict[str, Any]], repeats: int) -> tuple[float, float]:
    """Best times of our parse and replay, and of OpenSpiel's actions and play."""
    import pyspiel

    from scorekeeper.rules.records import parse_record
    from scorekeeper.rules.hand_replay import replay_hand

    action_of = _actions_of_cards()
    players, tricks = len(records[0]["players"]), len(records[0]["plays"])
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})

    def ours() -> None:
        for record in records:
            replay_hand(parse_record(record))

    def theirs() -> None:
        for record in records:
            state = game.new_initial_state()
            for action in open_spiel_actions(record, action_of):
                state.apply_action_with_legality_check(action)

    return best_of(repeats, ours), best_of(repeats, theirs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2500, help="hands of each kind (2500)")
    parser.add_argument("--runs", type=int, default=7, help="runs of each side (7)")
    parser.add_argument("--drive", type=Path, help=argparse.SUPPRESS)  # the OpenSpiel child
    args = parser.parse_args()
    if args.drive:
        return drive(args.drive)

    import pyspiel  # noqa: F401 - fail early, with the install hint, without it

    records = comparable_records(args.count)
    ours_cmd = [sys.executable, "-m", "scorekeeper.rules.replay", "--jsonl"]
    theirs_cmd = [sys.executable, str(Path(__file__).resolve()), "--drive"]
    times: dict[str, list[float]] = {"ours": [], "OpenSpiel": []}
    cpu_times: dict[str, list[float]] = {"ours": [], "OpenSpiel": []}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        for _ in range(args.runs):  # in turns, so that a busy machine slows both alike
            elapsed, cpu, our_out = run([*ours_cmd, str(path)])
            times["ours"].append(elapsed)
            cpu_times["ours"].append(cpu)
            elapsed, cpu, their_out = run([*theirs_cmd, str(path)])
            times["OpenSpiel"].append(elapsed)
            cpu_times["OpenSpiel"].append(cpu)
    ours_won = [json.loads(line)["tricks_won"] for line in our_out.decode().splitlines()]
    theirs_won = [json.loads(line) for line in their_out.decode().splitlines()]
    if ours_won != theirs_won:
        sys.exit("the two engines disagree on the tricks won")
    ours_core, theirs_core = in_process(records, args.runs)

    import importlib.metadata

    players, tricks = len(records[0]["players"]), len(records[0]["plays"])
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, open_spiel "
          f"{importlib.metadata.version('open_spiel')}; {len(records)} deals of {players} "
          f"players x {tricks} cards, hands given; tricks won agree on every hand")
    print(f"  end to end, {args.runs} runs each, in turns (interpreter start included):")
    for side in times:
        print(f"    {side:9s} wall {summary(times[side])}")
        print(f"    {'':9s} CPU  {summary(cpu_times[side])}")
    print(f"    ours / OpenSpiel: wall {min(times['ours']) / min(times['OpenSpiel']):.2f} at "
          f"best, {statistics.median(times['ours']) / statistics.median(times['OpenSpiel']):.2f} "
          f"in the median; CPU {min(cpu_times['ours']) / min(cpu_times['OpenSpiel']):.2f} at best")
    print(f"  in process, best of {args.runs}: ours (parse_record + replay) {ours_core:.3f} s, "
          f"OpenSpiel (actions + apply_action_with_legality_check) {theirs_core:.3f} s, "
          f"ours / OpenSpiel {ours_core / theirs_core:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
