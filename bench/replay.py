"""Benchmark: replay random full hands with full validation.

Run ``python bench/replay.py`` from the repository root. It builds a fixed,
seeded set of random deals played out legally (4 players x 13 cards and
7 players x 7 cards), parses them as hand records (timed separately), then
replays every record through :func:`scorekeeper.rules.hand_replay.replay_hand`, the same
path the command line uses, with the hands given: every card is checked
against its player's hand (not-in-hand, played-twice, follow suit), every
trick's winner and the tricks won are computed. It prints hands per second
and microseconds per card played, best of several runs.

The engine reads like the rules rather than racing (issue 26): what it must
keep is being within 3× of OpenSpiel's C++ engine on the same hands, which
``bench/replay_openspiel.py`` measures. A ``--target`` in microseconds per
card may still be given to check a figure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules.cards import Card, full_deck  # noqa: E402
from scorekeeper.rules.play import legal_cards, trick_winner  # noqa: E402
from scorekeeper.rules.records import parse_record  # noqa: E402
from scorekeeper.rules.hand_replay import replay_hand  # noqa: E402

SEED = 20261130
NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus"]


def random_record(rng: random.Random, players: int, cards: int, with_hands: bool = True) -> dict[str, Any]:
    """A random deal of ``players`` x ``cards``, played out legally."""
    deck: list[Card] = full_deck()
    rng.shuffle(deck)
    hands = [deck[i * cards : (i + 1) * cards] for i in range(players)]
    rest = deck[players * cards :]
    trump_card = rest[0] if rest else None
    trump = trump_card.suit if trump_card else None
    dealer = rng.randrange(players)
    remaining = [list(hand) for hand in hands]
    leader = (dealer + 1) % players
    plays = []
    for _ in range(cards):
        trick: list[Card] = []
        for j in range(players):
            seat = (leader + j) % players
            card = rng.choice(legal_cards(remaining[seat], trick, trump))
            remaining[seat].remove(card)
            trick.append(card)
        plays.append(trick)
        leader = (leader + trick_winner(trick, trump)) % players
    record: dict[str, Any] = {
        "players": NAMES[:players],
        "dealer": dealer,
        "trump": None if trump_card is None else str(trump_card),
        "plays": [[str(c) for c in trick] for trick in plays],
    }
    if with_hands:
        record["hands"] = [[str(c) for c in hand] for hand in hands]
    return record


def best_of(repeats: int, run: Any) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def bench_shape(players: int, cards: int, count: int, repeats: int, with_hands: bool) -> float:
    rng = random.Random(f"{SEED}-{players}x{cards}")
    dicts = [random_record(rng, players, cards, with_hands) for _ in range(count)]
    parse_time = best_of(repeats, lambda: [parse_record(d) for d in dicts])
    records = [parse_record(d) for d in dicts]
    assert all(replay_hand(r).is_legal for r in records)

    def run() -> None:
        for record in records:
            replay_hand(record)

    def run_with_output() -> None:
        for record in records:
            replay_hand(record).to_dict()

    def run_end_to_end() -> None:
        for d in dicts:
            replay_hand(parse_record(d)).to_dict()

    replay_time = best_of(repeats, run)
    output_time = best_of(repeats, run_with_output)
    total_time = best_of(repeats, run_end_to_end)
    played = count * players * cards
    label = f"{players} players x {cards} cards, hands {'given' if with_hands else 'derived'}"
    print(f"{label}: {count} hands, {played} cards")
    print(
        f"  replay_hand():           {count / replay_time:9.0f} hands/s  "
        f"{replay_time / played * 1e6:6.3f} us/card played"
    )
    print(
        f"  replay_hand().to_dict(): {count / output_time:9.0f} hands/s  "
        f"{output_time / played * 1e6:6.3f} us/card played"
    )
    print(
        f"  parse_record():     {count / parse_time:9.0f} hands/s  "
        f"{parse_time / played * 1e6:6.3f} us/card played (not in the figures above)"
    )
    print(
        f"  all three together: {count / total_time:9.0f} hands/s  "
        f"{total_time / played * 1e6:6.3f} us/card played (dict in, dict out, as the CLI)"
    )
    return replay_time / played * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000, help="hands of each shape (2000)")
    parser.add_argument("--repeats", type=int, default=5, help="runs, best counts (5)")
    parser.add_argument("--target", type=float, help="us per card to meet (none: figures only)")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, seed {SEED}")
    worst = 0.0
    for players, cards in ((4, 13), (7, 7)):
        worst = max(worst, bench_shape(players, cards, args.count, args.repeats, with_hands=True))
    for players, cards in ((4, 13), (7, 7)):
        bench_shape(players, cards, args.count, args.repeats, with_hands=False)
    print(f"hands given, worst shape: {worst:.3f} us/card played")
    if args.target is None:
        return 0
    met = worst <= args.target
    print(f"{'meets' if met else 'MISSES'} the {args.target} us target")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
