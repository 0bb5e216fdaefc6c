"""A hand record as text, in and out: any damage to a record is read or
refused naming a field, never a crash; no text is both a card and a suit;
and the JSON that the command line writes directly is the very text of
``json.dumps`` of the output object.

The records are the differential test's random ones
(``test_replay_oracle.generate``: legal play and every kind of rule break)
and, for reading, those records damaged at random.
"""

from __future__ import annotations

import copy
import json
import os
import random

from scorekeeper.rules import records
from scorekeeper.rules.cards import _PARSE_CACHE, _SUIT_CACHE, CARDS
from scorekeeper.rules.errors import MalformedRecord
from scorekeeper.rules.records import parse_record
from scorekeeper.rules.hand_replay import replay_hand, replay_to_json

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


def refusal(record: dict) -> MalformedRecord | None:
    """The error that refuses ``record``, or ``None`` when it is read."""
    try:
        parse_record(record)
    except MalformedRecord as error:
        return error
    return None


def test_a_damaged_record_is_read_or_refused_naming_one_of_its_fields():
    rng = random.Random(20261201)
    corpus = [damage(generate(seed), rng) for seed in range(EXAMPLES) for _ in range(3)]
    refusals = [refusal(record) for record in corpus]
    assert sum(error is not None for error in refusals) > len(corpus) // 3  # damage reaches the checks
    for record, error in zip(corpus, refusals):
        if error is None:
            continue
        field = error.field.split("[")[0].split(".")[0]
        assert field in record or error.reason == "is required", (error, record)
        assert str(error) == f"{error.field}: {error.reason}"


def test_no_text_reads_both_as_a_card_and_as_a_suit():
    # So the trump field may try a card first, then a suit, as it does.
    assert not set(_PARSE_CACHE) & set(_SUIT_CACHE)


def test_to_json_writes_what_json_dumps_writes_of_to_dict():
    for seed in range(EXAMPLES):
        record = parse_record(generate(seed))
        result = replay_hand(record)
        text = json.dumps(result.to_dict(), ensure_ascii=False)
        assert result.to_json() == text
        assert replay_to_json(record) == (text, result.is_clean)


def test_to_json_quotes_every_card_as_json_does():
    assert records.parse_record  # the module the quoted texts serve
    for card in CARDS:
        assert json.dumps(str(card)) == f'"{card}"'
