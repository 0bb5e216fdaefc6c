"""The fast paths of reading, replaying and writing a hand record give what the
checked paths give: the same record or the same malformed field and reason,
the same outcome of play, the same JSON text.

Each test runs the engine twice on the same records, once as it is and once
with its fast paths switched off (so every field, card and trick takes the
checked path), and compares. The records are the differential test's random
ones (``test_replay_oracle.generate``: legal play and every kind of rule
break) and, for reading, those records damaged at random.
"""

from __future__ import annotations

import copy
import json
import os
import random

import pytest

from scorekeeper.rules import playout, records
from scorekeeper.rules.cards import _PARSE_CACHE, _SUIT_CACHE, CARDS, full_deck
from scorekeeper.rules.deal import Deal
from scorekeeper.rules.errors import MalformedRecord
from scorekeeper.rules.play import legal_cards, trick_winner
from scorekeeper.rules.records import parse_record
from scorekeeper.rules.replaying import replay, replay_to_json

from test_replay_oracle import generate

EXAMPLES = int(os.environ.get("ORACLE_EXAMPLES", 1500))

# Values a damaged record may hold anywhere: the wrong type, out of range,
# a card where a name goes, a name where a card goes, odd spellings.
ODD_VALUES = [
    None, True, False, 0, 1, -1, 3, 99, 1.5, "", " ", "x", "AS", " as ", "10h", "Q♥", "♥",
    "H", "1S", "Ann", "Bob", [], [[]], ["AS"], {}, {"a": 1}, "ohhell-hand/1", "golf", "last-wins",
]


def damage(record: dict, rng: random.Random) -> dict:
    """``record`` with one to three random changes: a value replaced anywhere
    in it, a field dropped or added, or a card repeated."""
    record = copy.deepcopy(record)
    for _ in range(rng.randint(1, 3)):
        places = []

        def walk(value, parent, key):
            places.append((parent, key))
            if isinstance(value, dict):
                for k in list(value):
                    walk(value[k], value, k)
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    walk(item, value, i)

        walk(record, None, None)
        roll = rng.random()
        parent, key = rng.choice(places[1:])
        if roll < 0.6:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif roll < 0.7 and isinstance(parent, dict):
            del parent[key]
        elif roll < 0.8:
            target = parent if isinstance(parent, dict) else record
            target[rng.choice(["must_trump", "bid", "format", "rules", "hands", "x"])] = (
                copy.deepcopy(rng.choice(ODD_VALUES))
            )
        else:
            cards = [
                (p, k) for p, k in places[1:]
                if isinstance(p, list) and isinstance(p[k], str) and p[k][:1].isalnum()
            ]
            if len(cards) >= 2:
                (p1, k1), (p2, k2) = rng.sample(cards, 2)
                p1[k1] = p2[k2]  # a card dealt or played twice, or a name repeated
    return record


def outcome(record: object) -> tuple:
    try:
        return ("read", parse_record(record))
    except MalformedRecord as error:
        return ("malformed", error.field, error.reason)


@pytest.fixture
def checked_paths_only(monkeypatch):
    """Switch the fast paths of records.py off: each says it is not sure."""

    def switch_off():
        monkeypatch.setattr(records, "_are_fields", lambda obj: False)
        monkeypatch.setattr(records, "_are_names", lambda players: False)
        monkeypatch.setattr(records, "_card_lists", lambda raw: None)
        monkeypatch.setattr(records, "_are_counts", lambda raw, highs: False)
        monkeypatch.setattr(records, "_fit_decks", lambda hands, decks, trump: False)

    return switch_off


def test_reading_a_record_fast_or_checked_gives_the_same_record_or_error(checked_paths_only):
    rng = random.Random(20261201)
    corpus = []
    for seed in range(EXAMPLES):
        record = generate(seed)
        corpus.append(record)
        corpus += [damage(record, rng) for _ in range(3)]
    fast = [outcome(record) for record in corpus]
    checked_paths_only()
    checked = [outcome(record) for record in corpus]
    malformed = sum(1 for result in fast if result[0] == "malformed")
    assert malformed > len(corpus) // 3  # the damage does reach the checks
    for record, got, want in zip(corpus, fast, checked):
        assert got == want, json.dumps(record, ensure_ascii=False)


def test_no_text_reads_both_as_a_card_and_as_a_suit():
    # So the trump field may try a card first, then a suit, as it does.
    assert not set(_PARSE_CACHE) & set(_SUIT_CACHE)


def replayed(record: dict) -> dict:
    return replay(parse_record(record)).to_dict()


def one_deck_round(seed: int) -> dict:
    """A round of full tricks with one deck, the case the one pass takes:
    played legally, or with one rule broken (a revoke, a missed trump with
    ``must_trump``, a card from another hand, a card played again, the
    turned-up card), with the hands given or not."""
    rng = random.Random(seed)
    players = rng.randint(2, 7)
    cards = rng.randint(1, 52 // players)
    deck = full_deck()
    rng.shuffle(deck)
    hands = [deck[i * cards:(i + 1) * cards] for i in range(players)]
    rest = deck[players * cards:]
    turned = rest[0] if rest and rng.random() < 0.7 else None
    trump = turned.suit if turned else rng.choice([None, deck[-1].suit])
    must_trump = rng.random() < 0.5
    dealer = rng.randrange(players)
    holding = [list(hand) for hand in hands]
    played = []
    breaks_at = rng.randrange(players * cards) if rng.random() < 0.6 else players * cards
    # a card the seat holds but may not play (a revoke, or a missed trump),
    # one from another hand, one played already, or the turned-up card
    kind = rng.choice(["held", "held", "elsewhere", "again", "turned"])
    plays, leader = [], (dealer + 1) % players
    for _ in range(cards):
        trick = []
        for j in range(players):
            seat = (leader + j) % players
            legal = legal_cards(holding[seat], trick, trump, must_trump)
            card = rng.choice(legal)
            if len(played) >= breaks_at:  # from here on, at the first chance
                choices = {
                    "held": [c for c in holding[seat] if c not in legal],
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
        leader = (leader + trick_winner(trick, trump)) % players
    record = {
        "players": [f"P{i}" for i in range(players)], "dealer": dealer,
        "trump": str(turned) if turned else (None if trump is None else str(trump)),
        "plays": [[str(c) for c in trick] for trick in plays],
        "rules": {"must_trump": must_trump},
    }
    if rng.random() < 0.5:
        record["hands"] = [[str(c) for c in hand] for hand in hands]
    return record


def test_the_one_pass_play_out_finds_what_the_two_passes_find(monkeypatch):
    corpus = [generate(seed) for seed in range(EXAMPLES)]
    corpus += [one_deck_round(seed) for seed in range(EXAMPLES)]
    fast = [replayed(record) for record in corpus]
    monkeypatch.setattr(playout, "_owners", lambda hands, n, count, trump_code: None)
    for record, got in zip(corpus, fast):
        assert got == replayed(record), json.dumps(record, ensure_ascii=False)


def test_a_live_deal_after_each_full_trick_is_the_same_with_one_pass_or_two(monkeypatch):
    def states(record: dict) -> list:
        parsed = parse_record(record)
        n = len(parsed.players)
        if any(len(trick) != n for trick in parsed.plays) or parsed.rules.decks != 1:
            return []
        hands = None if parsed.hands is None else dict(enumerate(parsed.hands))
        deal = Deal(range(n), parsed.dealer, parsed.trump, len(parsed.plays), hands,
                    rules=parsed.rules, names=parsed.players)
        seen = []
        for trick in parsed.plays:
            deal.extend(trick)
            seen.append((deal.tricks, deal.tricks_won, deal.violations, deal.whose_turn()))
        return seen

    corpus = [generate(seed) for seed in range(min(EXAMPLES, 600))]
    fast = [states(record) for record in corpus]
    assert sum(map(len, fast)) > 1000
    monkeypatch.setattr(playout, "_owners", lambda hands, n, count, trump_code: None)
    for record, got in zip(corpus, fast):
        assert got == states(record), json.dumps(record, ensure_ascii=False)


def test_to_json_writes_what_json_dumps_writes_of_to_dict():
    for seed in range(EXAMPLES):
        record = parse_record(generate(seed))
        result = replay(record)
        text = json.dumps(result.to_dict(), ensure_ascii=False)
        assert result.to_json() == text
        assert replay_to_json(record) == (text, result.is_clean)


def test_to_json_quotes_every_card_as_json_does():
    assert records.parse_record  # the module the quoted texts serve
    for card in CARDS:
        assert json.dumps(str(card)) == f'"{card}"'
