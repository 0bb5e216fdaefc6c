"""Differential test: the replay engine against an independent oracle.

Random hand records (2-7 players with one deck, up to 10 with two; every hand
size; trump as a card, a suit or none; first-wins and last-wins; must_trump on
and off; hands given or not; bids and claims given or not; every scoring
preset; every spelling of a card) are played out legally or with injected rule
breaks (revokes, must-trump breaks, cards not in hand, cards played twice,
missed turns, tricks missing or extra). The engine's whole output (tricks,
tricks won, violations in play order, disputes, scores) and the command line's
exit status must equal the oracle's (``tests/rules/oracle.py``).

``ORACLE_EXAMPLES`` sets how many seeded records the main test compares
(default 1500, a second or two); the command-line tests scale with it.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.deal import Deal
from scorekeeper.rules.errors import MalformedRecord
from scorekeeper.rules.records import parse_record
from scorekeeper.rules.hand_replay import replay_hand
from scorekeeper.rules.replay import main

import oracle  # tests/rules/oracle.py (pytest puts this folder on sys.path)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("ORACLE_EXAMPLES", 1500))
NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
DECK = [r + s for s in oracle.SUITS for r in oracle.RANKS]
SYMBOL_OF = {v: k for k, v in oracle.SYMBOLS.items()}


def spell(card: str, rng: random.Random) -> str:
    """One of the accepted spellings of a canonical card."""
    rank, suit = card[0], card[1]
    if rank == "T" and rng.random() < 0.3:
        rank = "10"
    roll = rng.random()
    if roll < 0.15:
        suit = SYMBOL_OF[suit]
    text = rank + suit
    return text.lower() if rng.random() < 0.15 else text


def winner_seat(cards, leader, players, trump, last_wins):
    return oracle.trick_winner(cards, leader, players, trump, last_wins)


def generate(seed: int) -> dict:
    """A random hand record, legal or with rule breaks, driven by ``seed``."""
    rng = random.Random(seed)
    decks = rng.choice([1, 1, 2])
    players = rng.randint(2, 7) if decks == 1 else rng.randint(2, 10)
    most = 52 * decks // players
    cards = rng.randint(1, most) if rng.random() < 0.5 else rng.randint(1, min(most, 4))
    deck = DECK * decks
    rng.shuffle(deck)
    hands = [deck[i * cards : (i + 1) * cards] for i in range(players)]
    rest = deck[players * cards :]
    with_hands = rng.random() < 0.5
    if not rest and not with_hands and rng.random() < 0.3:
        rest = [rng.choice(deck)]  # a turned-up card that some seat also plays
    kinds = ["card", "suit", "none"] if rest else ["suit", "none"]
    kind = rng.choice(kinds)
    turned = rest[0] if kind == "card" else None
    trump = None if kind == "none" else (rest[0][1] if rest else rng.choice(oracle.SUITS))
    if kind == "card":
        trump_text = spell(turned, rng)
    elif kind == "suit":
        trump_text = rng.choice([trump, trump.lower(), SYMBOL_OF[trump]])
    else:
        trump_text = None
    must_trump = rng.random() < 0.4
    last_wins = rng.random() < 0.3
    dealer = rng.randrange(players)

    # How rough the play is: most records are legal, some break rules.
    breaking = rng.random() < 0.45
    rate = rng.choice([0.03, 0.1, 0.3]) if breaking else 0.0
    holding = [list(h) for h in hands]
    played: list[str] = []
    plays: list[list[str]] = []
    leader = (dealer + 1) % players
    for _ in range(cards):
        trick: list[str] = []
        for j in range(players):
            seat = (leader + j) % players
            if j > 0 and breaking and rng.random() < rate / 3:
                break  # this seat and the rest miss their turn
            hand = holding[seat]
            led = trick[0][1] if trick else None
            follow = [c for c in hand if c[1] == led]
            trumps = [c for c in hand if trump is not None and c[1] == trump]
            if follow:
                legal = follow
            elif must_trump and trumps and led is not None:
                legal = trumps
            else:
                legal = hand
            card = None
            if breaking and rng.random() < rate:
                kind_of_break = rng.choice(["revoke", "must-trump", "not-in-hand", "twice"])
                if kind_of_break == "revoke" and follow and len(follow) < len(hand):
                    card = rng.choice([c for c in hand if c[1] != led])
                elif kind_of_break == "must-trump" and legal is trumps and len(trumps) < len(hand):
                    card = rng.choice([c for c in hand if c[1] != trump])
                elif kind_of_break == "not-in-hand":
                    others = [c for h in holding for c in h if c not in hand] + rest
                    if others:
                        card = rng.choice(others)
                elif kind_of_break == "twice":
                    pool = played + ([turned] if turned else [])
                    if pool:
                        card = rng.choice(pool)
            if card is None:
                if not legal:
                    if not hand:
                        card = rng.choice(DECK)
                    else:
                        card = rng.choice(hand)
                else:
                    card = rng.choice(legal)
            if card in hand:
                hand.remove(card)
            played.append(card)
            trick.append(card)
        if not trick:  # the leader missed: give them a card anyway
            trick.append(rng.choice(holding[leader] or DECK))
        plays.append(trick)
        leader = winner_seat(trick, leader, players, trump, last_wins)
    if breaking and rng.random() < 0.15 and len(plays) > 1:
        plays.pop()  # the last trick was never written down
    if breaking and rng.random() < 0.15 and len(plays) < most:
        extra = [rng.choice(DECK) for _ in range(rng.randint(1, players))]
        plays.append(extra)  # a trick too many

    record: dict = {
        "players": NAMES[:players] if players <= len(NAMES) else [f"P{i}" for i in range(players)],
        "dealer": dealer,
        "trump": trump_text,
        "plays": [[spell(c, rng) for c in trick] for trick in plays],
    }
    if rng.random() < 0.2:
        record["format"] = "ohhell-hand/1"
    sizes = [len(plays)] * players
    if with_hands:
        given = [list(h) for h in hands]
        if breaking and rng.random() < 0.15:
            # a hand written down wrong: a card missing, or one too many
            seat = rng.randrange(players)
            if given[seat] and rng.random() < 0.5:
                given[seat].pop(rng.randrange(len(given[seat])))
            else:
                spare = [c for c in rest[1:] if c != turned]
                if spare:
                    given[seat].insert(rng.randrange(len(given[seat]) + 1), spare[0])
        record["hands"] = [[spell(c, rng) for c in h] for h in given]
        sizes = [len(h) for h in given]
    if rng.random() < 0.6:
        record["bids"] = [rng.randint(0, size) for size in sizes]
    if rng.random() < 0.6:
        truth = oracle.replay(record)["output"]["tricks_won"]
        claims = list(truth)
        roll = rng.random()
        if roll < 0.3 and players > 1:
            a, b = rng.sample(range(players), 2)
            if claims[a] > 0:
                claims[a] -= 1
                claims[b] += 1
        elif roll < 0.4:
            claims = [rng.randint(0, max(size, len(plays))) for size in sizes]
        record["claimed_tricks"] = claims
    rules: dict = {}
    if decks == 2 or rng.random() < 0.5:
        rules["decks"] = decks
    if must_trump or rng.random() < 0.3:
        rules["must_trump"] = must_trump
    if last_wins or rng.random() < 0.3:
        rules["identical_cards"] = "last-wins" if last_wins else "first-wins"
    if rng.random() < 0.6:
        rules["scoring"] = rng.choice(oracle.PRESETS)
    if rules or rng.random() < 0.1:
        record["rules"] = rules
    return record


def legal(hand: list[str], trick: list[str], trump: str | None, must_trump: bool) -> list[str]:
    """The cards of ``hand`` that may be played to ``trick`` (docs/rules.md section 6)."""
    if not trick:
        return hand
    follow = [c for c in hand if c[1] == trick[0][1]]
    trumps = [c for c in hand if c[1] == trump]
    return follow or (must_trump and trumps) or hand


def one_deck_round(seed: int) -> dict:
    """A round of full tricks with one deck: played legally, or with one rule
    broken at a random card (a revoke or a missed trump with ``must_trump``,
    a card from another hand, a card played again, the turned-up card), with
    the hands given or not."""
    rng = random.Random(seed)
    players = rng.randint(2, 7)
    cards = rng.randint(1, 52 // players)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * cards:(i + 1) * cards] for i in range(players)]
    rest = deck[players * cards:]
    turned = rest[0] if rest and rng.random() < 0.7 else None
    trump = turned[1] if turned else rng.choice([None, deck[-1][1]])
    must_trump = rng.random() < 0.5
    dealer = rng.randrange(players)
    holding = [list(hand) for hand in hands]
    played: list[str] = []
    breaks_at = rng.randrange(players * cards) if rng.random() < 0.6 else players * cards
    kind = rng.choice(["held", "held", "elsewhere", "again", "turned"])
    plays, leader = [], (dealer + 1) % players
    for _ in range(cards):
        trick: list[str] = []
        for j in range(players):
            seat = (leader + j) % players
            allowed = legal(holding[seat], trick, trump, must_trump)
            card = rng.choice(allowed)
            if len(played) >= breaks_at:  # from here on, at the first chance
                choices = {
                    "held": [c for c in holding[seat] if c not in allowed],
                    "elsewhere": [c for h in holding for c in h if c not in holding[seat]],
                    "again": played,
                    "turned": [turned] if turned else [],
                }[kind]
                if choices:
                    card = rng.choice(choices)
                    breaks_at = players * cards
            if card in holding[seat]:
                holding[seat].remove(card)
            played.append(card)
            trick.append(card)
        plays.append(trick)
        leader = oracle.trick_winner(trick, leader, players, trump, False)
    record = {
        "players": NAMES[:players], "dealer": dealer,
        "trump": turned or trump,
        "plays": plays,
        "rules": {"must_trump": must_trump},
    }
    if rng.random() < 0.5:
        record["hands"] = hands
    return record


def engine(record: dict) -> dict:
    """The engine's output, the violations' details included, and its status."""
    out = replay_hand(parse_record(record)).to_dict()
    out = json.loads(json.dumps(out))
    status = 1 if out["violations"] or any(out.get("disputes") or ()) else 0
    return {"output": out, "status": status}


def compare(seed: int) -> None:
    record = generate(seed)
    try:
        got = engine(record)
    except MalformedRecord as error:  # pragma: no cover - reported as a failure
        pytest.fail(f"seed {seed}: engine calls a well-formed record malformed: {error}\n{json.dumps(record)}")
    want = oracle.replay(record)
    assert got == want, f"seed {seed}: {json.dumps(record)}"


def test_engine_agrees_with_the_oracle_on_seeded_records():
    for seed in range(EXAMPLES):
        compare(seed)


def test_engine_agrees_with_the_oracle_on_one_deck_rounds_with_one_rule_broken():
    for seed in range(EXAMPLES):
        record = one_deck_round(seed)
        assert engine(record) == oracle.replay(record), f"seed {seed}: {json.dumps(record)}"


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**63))
def test_engine_agrees_with_the_oracle_on_one_deck_rounds_of_hypothesis_seeds(seed):
    record = one_deck_round(seed)
    assert engine(record) == oracle.replay(record)


def test_a_live_deal_fed_card_by_card_ends_where_the_oracle_ends():
    compared = 0
    for seed in range(min(EXAMPLES, 600)):
        record = generate(seed)
        parsed = parse_record(record)
        n = len(parsed.players)
        if any(len(trick) != n for trick in parsed.plays):
            continue  # a live deal has no short tricks
        hands = None if parsed.hands is None else dict(enumerate(parsed.hands))
        deal = Deal(range(n), parsed.dealer, parsed.trump, len(parsed.plays), hands,
                    rules=parsed.rules, names=parsed.players)
        for trick in parsed.plays:
            for card in trick:
                deal.push(card)
        want = oracle.replay(record)["output"]
        assert [t.to_dict() for t in deal.tricks] == want["tricks"], seed
        assert list(deal.tricks_won.values()) == want["tricks_won"], seed
        assert [v.to_dict() for v in deal.violations] == want["violations"], seed
        compared += 1
    assert compared > min(EXAMPLES, 600) // 2


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**63))
def test_engine_agrees_with_the_oracle_on_hypothesis_seeds(seed):
    compare(seed)


def test_the_command_line_agrees_line_by_line_with_exit_statuses(tmp_path, capsys, monkeypatch):
    count = max(200, EXAMPLES // 5)
    records = [generate(10**9 + seed) for seed in range(count)]
    wants = [oracle.replay(r) for r in records]
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n", encoding="utf-8")
    status = main(["--jsonl", str(path)])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == count
    for line, want, record in zip(lines, wants, records):
        assert json.loads(line) == want["output"], json.dumps(record)
    assert status == max(w["status"] for w in wants)
    # each record alone: its own exit status
    for record, want in list(zip(records, wants))[:60]:
        single = tmp_path / "hand.json"
        single.write_text(json.dumps(record), encoding="utf-8")
        assert main([str(single)]) == want["status"], json.dumps(record)
        capsys.readouterr()


def test_the_command_line_in_a_child_process_agrees():
    count = max(100, EXAMPLES // 4)
    records = [generate(2 * 10**9 + seed) for seed in range(count)]
    wants = [oracle.replay(r) for r in records]
    lines = [json.dumps(r) for r in records]
    lines.insert(count // 2, "{not json")
    completed = subprocess.run(
        [sys.executable, "-m", "scorekeeper.rules.replay", "--jsonl", "-"],
        input="\n".join(lines).encode("utf-8"), capture_output=True, cwd=ROOT,
        env=os.environ | {"PYTHONPATH": str(ROOT)}, timeout=60,
    )
    outs = [json.loads(line) for line in completed.stdout.decode("utf-8").splitlines()]
    assert len(outs) == count + 1 and "error" in outs.pop(count // 2)
    for out, want in zip(outs, wants):
        assert out == want["output"]
    assert completed.returncode == 2
    # without the malformed line, the worst status of the records
    completed = subprocess.run(
        [sys.executable, "-m", "scorekeeper.rules.replay", "--jsonl", "-"],
        input="\n".join(json.dumps(r) for r in records).encode("utf-8"), capture_output=True,
        cwd=ROOT, env=os.environ | {"PYTHONPATH": str(ROOT)}, timeout=60,
    )
    assert completed.returncode == max(w["status"] for w in wants) == 1


BASE = {
    "players": ["Ann", "Bob", "Cy"], "dealer": 2, "trump": "QH",
    "hands": [["AS", "2C"], ["KS", "3C"], ["5S", "4C"]],
    "plays": [["AS", "KS", "5S"], ["2C", "3C", "4C"]],
    "bids": [1, 0, 1], "claimed_tricks": [1, 0, 1],
}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": ["Ann"], "hands": None, "bids": None, "claimed_tricks": None, "plays": [["AS"]]}, "players"),
        ({"players": ["Ann", "Ann", "Cy"]}, "players[1]"),
        ({"dealer": 3}, "dealer"),
        ({"dealer": -1}, "dealer"),
        ({"trump": "QX"}, "trump"),
        ({"trump": 7}, "trump"),
        ({"plays": [["AS", "KS", "1S"], ["2C", "3C", "4C"]]}, "plays[0][2]"),
        ({"plays": [["AS", "KS", "5S", "6S"]]}, "plays[0]"),
        ({"plays": [[], ["2C", "3C", "4C"]]}, "plays[0]"),
        ({"plays": []}, "plays"),
        ({"plays": [["2C", "3C", "4C"]] * 18, "hands": None, "bids": None, "claimed_tricks": None}, "plays"),
        ({"hands": [["AS", "2C"], ["KS", "3C"]]}, "hands"),
        ({"hands": [["AS", "2C"], ["AS", "3C"], ["5S", "4C"]]}, "hands[1][0]"),
        ({"hands": [["AS", "QH"], ["KS", "3C"], ["5S", "4C"]]}, "hands[0][1]"),
        ({"bids": [1, 0]}, "bids"),
        ({"bids": [1, 0, 3]}, "bids[2]"),
        ({"bids": [1, -1, 1]}, "bids[1]"),
        ({"claimed_tricks": [1, 0, 3]}, "claimed_tricks[2]"),
        ({"rules": {"decks": 3}}, "rules.decks"),
        ({"rules": {"scoring": "golf"}}, "rules.scoring"),
        ({"rules": {"identical_cards": "random"}}, "rules.identical_cards"),
        ({"rules": {"must_trump": "yes"}}, "rules.must_trump"),
        ({"format": "ohhell-hand/2"}, "format"),
        ({"must_trump": True}, "must_trump"),
    ],
)
def test_malformed_records_exit_2_naming_the_field(changes, field, tmp_path, capsys):
    obj = {k: v for k, v in (BASE | changes).items() if v is not None}
    with pytest.raises(MalformedRecord) as raised:
        parse_record(obj)
    assert raised.value.field == field
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    assert main([str(path)]) == 2
    assert json.loads(capsys.readouterr().out)["field"] == field


def test_the_base_of_the_malformed_cases_is_well_formed_and_clean():
    assert oracle.replay(BASE)["status"] == 0
    assert engine(BASE) == oracle.replay(BASE)
