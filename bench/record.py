"""Server time of recording one card of a hand (issue 4), in process.

Run: ``.venv/bin/python bench/record.py``

It builds, in a temporary SQLite database and through the app's own forms
(Flask test client, CSRF off), the same 7-player, 25-round game as
``bench/web.py`` at round 24 (23 closed rounds; spades are trump), whose
hand is 2 cards each, 14 cards in all, and
times ``POST /g/<id>/round/24/hand/card`` with ``HX-Request: true`` and the
``at`` a phone sends, which answers with the ``#recorder`` fragment:

(a) a card in the middle of the hand (7 cards already played): the stored
    event is deleted after each tap (untimed), so every tap meets the same
    hand; 300 taps after 20 warm-up taps.
(b) whole hands recorded card by card, 22 hands of 14 cards (308 taps); the
    hand is started over between hands (untimed), so the events to fold grow
    by 15 a hand, as at a table that starts over a lot.
(c) the biggest hand of the game: round 7 (closed; 7 cards each, 49 cards),
    7 whole hands card by card (343 taps), started over between hands.

Each line gives the median and the 95th percentile of wall and CPU time and
the size of the fragment. Budget: p95 < 15 ms.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web import HTMX, NAMES, SCHEDULE, TAP_ROUND, WARM_UP, Table, bench_app, line, ms  # noqa: E402

from scorekeeper.storage.database import db  # noqa: E402
from scorekeeper.storage.models import HandEvent  # noqa: E402

TAPS = 300
HANDS = 22
BIG_HANDS = 7
BUDGET_P95_MS = 15.0
RANKS = "23456789TJQKA"


def hand_cards(tricks: int, players: int) -> list[str]:
    """A hand the way tables play it, with no broken rule: each trick follows
    the suit led (clubs, diamonds, hearts, spades in turn, low cards first);
    when the suit led runs out, the last players discard a spade."""
    ranks = {suit: list(RANKS) for suit in "CDHS"}
    out = []
    for t in range(tricks):
        suit = "CDHS"[t % 4]
        for _ in range(players):
            source = suit if ranks[suit] else "S"
            out.append(ranks[source].pop(0) + source)
    return out


def tap_hands(client, table, gid: str, number: int, cards: list[str], hands: int):
    """Record ``hands`` whole hands of round ``number`` card by card, starting
    over after each; return the timing of every tap and the fragment sizes."""
    url = f"/g/{gid}/round/{number}/hand/card"
    timings, sizes = [], []
    for _hand in range(hands):
        for at, card in enumerate(cards):
            timing, size = post_card(client, url, card, at)
            timings.append(timing)
            if size:
                sizes.append(size)
        table.post(gid, f"/round/{number}/hand/restart")
    return timings, sizes


def post_card(client, url: str, card: str, at: int):
    start, cpu = time.perf_counter(), time.process_time()
    response = client.post(url, data={"card": card, "at": at}, headers=HTMX)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert response.status_code in (200, 204), response.get_data(as_text=True)[:500]
    return (ms(elapsed), ms(cpu)), len(response.data)


def main() -> int:
    cards_each = SCHEDULE[TAP_ROUND - 1]
    total = cards_each * len(NAMES)
    with tempfile.TemporaryDirectory() as tmp:
        app = bench_app(tmp)
        client = app.test_client()
        table = Table(client)
        print(f"Building a {len(NAMES)}-player game at round {TAP_ROUND} "
              f"({cards_each} cards each, {total} cards in the hand) ...", flush=True)
        gid = table.start()
        table.play(gid, TAP_ROUND - 1)
        table.post(gid, f"/round/{TAP_ROUND}/trump", trump="S")
        url = f"/g/{gid}/round/{TAP_ROUND}/hand/card"
        cards = hand_cards(cards_each, len(NAMES))

        # (a) the same tap in the middle of a hand, again and again.
        middle = total // 2
        for at, card in enumerate(cards[:middle]):
            post_card(client, url, card, at)
        same, sizes = [], []
        for i in range(WARM_UP + TAPS):
            timing, size = post_card(client, url, cards[middle], middle)
            if i >= WARM_UP:
                same.append(timing)
                sizes.append(size)
            with app.app_context():
                latest = db.session.scalars(
                    db.select(HandEvent).order_by(HandEvent.id.desc()).limit(1)).one()
                assert latest.kind == "card"
                db.session.delete(latest)
                db.session.commit()

        # (b) whole hands, card by card, starting over between hands.
        table.post(gid, f"/round/{TAP_ROUND}/hand/restart")
        whole, whole_sizes = tap_hands(client, table, gid, TAP_ROUND, cards, HANDS)
        with app.app_context():
            events = db.session.scalar(db.select(db.func.count(HandEvent.id)))

        # (c) the biggest hand, in a closed round.
        big_round = SCHEDULE.index(max(SCHEDULE)) + 1
        big = hand_cards(max(SCHEDULE), len(NAMES))
        biggest, big_sizes = tap_hands(client, table, gid, big_round, big, BIG_HANDS)
        whole_sizes += big_sizes
        with app.app_context():
            db.session.remove()
            db.engine.dispose()

    print()
    print(f"Server time in process (Flask test client, SQLite file), Python {sys.version.split()[0]}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(f"{'request':<40} {'n':>4} {'wall ms':>23} {'CPU ms':>15}")
    print(f"{'':<40} {'':>4} {'median':>7} {'p95':>7} {'max':>7} {'median':>7} {'p95':>7}")
    print(line(f"card tap, htmx, card {middle + 1} of {total}", same, BUDGET_P95_MS))
    print(line(f"whole hands x{HANDS}, events growing to {events}", whole, BUDGET_P95_MS))
    print(line(f"round {big_round}: {len(big)}-card hands x{BIG_HANDS}", biggest, BUDGET_P95_MS))
    print()
    print(f"fragment swapped per card: median {statistics.median(sizes):.0f} bytes (a), "
          f"{min(whole_sizes)}-{max(whole_sizes)} bytes (b, c), uncompressed; "
          "the last card of a hand answers 204 + HX-Redirect to the verdict")
    return 0


if __name__ == "__main__":
    sys.exit(main())
