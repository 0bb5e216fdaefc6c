"""Hand records (docs/hand-record.md): reading, replaying, exporting."""

import copy
import doctest
import importlib
import json

import pytest

from scorekeeper.rules.cards import Suit, parse_card
from scorekeeper.rules.errors import MalformedRecord
from scorekeeper.rules.play import PlayRules
from scorekeeper.rules.records import HandRecord, parse_record, record_to_dict
from scorekeeper.rules.hand_replay import replay_hand

from hand_record_example import EXAMPLE, EXAMPLE_OUTPUT

# The hands the example implies (each seat's two cards).
EXAMPLE_HANDS = [["3S", "TC"], ["AS", "QC"], ["KS", "2C"], ["2H", "5C"]]


DROP = object()


def record(**changes):
    """The docs/hand-record.md example with some fields changed (DROP removes one)."""
    out = copy.deepcopy(EXAMPLE)
    for name, value in changes.items():
        if value is DROP:
            out.pop(name, None)
        else:
            out[name] = value
    return out


def replayed(obj):
    return replay_hand(parse_record(obj)).to_dict()


def test_the_hand_record_example_replays_exactly_as_documented():
    assert replayed(EXAMPLE) == EXAMPLE_OUTPUT


def test_the_example_output_survives_a_json_round_trip():
    out = replayed(EXAMPLE)
    assert json.loads(json.dumps(out)) == out


def test_the_example_with_its_hands_given_is_still_legal():
    assert replayed(record(hands=EXAMPLE_HANDS))["violations"] == []


def test_disputes_appear_only_when_claimed_tricks_are_given():
    assert "disputes" not in replayed(record(claimed_tricks=DROP))


def test_scores_appear_only_when_bids_are_given():
    assert "scores" not in replayed(record(bids=DROP))


def test_claims_that_agree_give_zero_disputes():
    assert replayed(record(claimed_tricks=[0, 1, 0, 1]))["disputes"] == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("scoring", "scores"),
    [
        ("standard", [10, 11, 0, 11]),
        ("trick-points", [10, 11, 0, 11]),
        ("zero-bonus-hand", [7, 11, 0, 11]),
        ("under-penalty", [10, 11, -1, 11]),
        ("difference-penalty", [10, 11, -1, 11]),
        ("progressive-misses", [0, 0, 1, 0]),
        ("five-bonus", [5, 6, 0, 6]),
        ("wizard", [20, 30, -10, 30]),
    ],
)
def test_each_scoring_preset_scores_the_replayed_tricks(scoring, scores):
    assert replayed(record(rules={"scoring": scoring}))["scores"] == scores


@pytest.mark.parametrize(
    ("trump", "winners"),
    [
        ("7H", [3, 1]),  # the turned-up card: its suit is trump
        ("H", [3, 1]),
        ("h", [3, 1]),
        ("♥", [3, 1]),
        (None, [1, 3]),  # no trump: Bob's ace wins, then Di's queen of clubs
        ("C", [1, 3]),
    ],
)
def test_the_trump_may_be_a_card_a_suit_or_null(trump, winners):
    out = replayed(record(trump=trump, bids=DROP, claimed_tricks=DROP))
    assert [t["winner"] for t in out["tricks"]] == winners


def test_two_identical_cards_follow_the_identical_cards_rule():
    plays = [["QD", "QD", "2D", "3D"]]
    first = replayed(record(plays=plays, trump=None, bids=DROP, claimed_tricks=DROP, rules={"decks": 2}))
    last = replayed(record(plays=plays, trump=None, bids=DROP, claimed_tricks=DROP,
                           rules={"decks": 2, "identical_cards": "last-wins"}))
    assert first["tricks"][0]["winner"] == 1
    assert last["tricks"][0]["winner"] == 2


# --- Violations, one kind at a time ----------------------------------------

GIVEN = EXAMPLE_HANDS


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        pytest.param(
            {"plays": [["AS", "4C", "2H", "3S"], ["5C", "TC", "QC", "KS"]]},
            [(0, 2, "4C", "revoke", "Cy played 4♣ on a spade lead while holding K♠, "
              "which Cy played later, in the 2nd trick.")],
            id="revoke proven by a later card when hands are derived",
        ),
        pytest.param(
            {"hands": GIVEN, "plays": [["AS", "2C", "2H", "3S"], ["5C", "TC", "QC", "KS"]]},
            [(0, 2, "2C", "revoke", "Cy played 2♣ on a spade lead while holding K♠.")],
            id="revoke against a given hand",
        ),
        pytest.param(
            {"hands": GIVEN, "rules": {"must_trump": True},
             "plays": [["AS", "KS", "5C", "3S"], ["QC", "2C", "2H", "TC"]]},
            [(0, 3, "5C", "must-trump", "Di played 5♣ on a spade lead while holding the trump 2♥; "
              "a player who cannot follow suit must trump.")],
            id="must-trump with the option on",
        ),
        pytest.param(
            {"hands": GIVEN, "plays": [["AS", "KS", "5C", "3S"], ["QC", "2C", "2H", "TC"]]},
            [],
            id="no must-trump with the option off",
        ),
        pytest.param(
            {"hands": GIVEN, "plays": [["AD", "KS", "2H", "3S"], ["5C", "TC", "QC", "2C"]]},
            [(0, 1, "AD", "not-in-hand", "Bob played A♦, which was not in Bob's hand.")],
            id="not-in-hand",
        ),
        pytest.param(
            {"plays": [["AD", "KS", "2H", "3S"], ["5C", "TC", "QC", "2C"]]},
            [],
            id="no not-in-hand without hands",
        ),
        pytest.param(
            {"plays": [["AS", "KS", "2H", "3S"], ["5C", "TC", "QC", "AS"]]},
            [(1, 2, "AS", "played-twice", "Cy played A♠, but the only A♠ was already played by Bob "
              "in the 1st trick.")],
            id="played-twice with one deck",
        ),
        pytest.param(
            {"hands": GIVEN, "plays": [["AS", "KS", "2H", "3S"], ["5C", "TC", "AS", "2C"]]},
            [(1, 1, "AS", "played-twice", "Bob played A♠, but the only A♠ was already played by Bob "
              "in the 1st trick."),
             (1, 1, "AS", "revoke", "Bob played A♠ on a club lead while holding Q♣.")],
            id="played-twice from a given hand, and a revoke as Bob kept his club",
        ),
        pytest.param(
            {"rules": {"decks": 2}, "plays": [["AS", "AS", "2H", "3S"], ["5C", "TC", "QC", "AS"]]},
            [(1, 2, "AS", "played-twice", "Cy played A♠, but both copies of A♠ were already out: "
              "played by Bob in the 1st trick and played by Cy in the 1st trick.")],
            id="played-twice is a third copy with two decks",
        ),
        pytest.param(
            {"plays": [["AS", "KS", "7H", "3S"], ["5C", "TC", "QC", "2C"]]},
            [(0, 3, "7H", "played-twice", "Di played 7♥, but the only 7♥ is the turned-up trump card.")],
            id="played-twice for the turned-up trump card",
        ),
        pytest.param(
            {"hands": [["3S", "TC"], ["AS"], ["KS", "2C"], ["2H", "5C"]]},
            [(1, 1, "QC", "not-in-hand", "Bob played Q♣, which was not in Bob's hand."),
             (1, 1, "QC", "wrong-count", "Bob was dealt 1 card but played 2; Q♣ in the 2nd trick "
              "was one card too many.")],
            id="wrong-count for a card more than dealt",
        ),
        pytest.param(
            {"hands": [["3S", "TC", "9D"], ["AS", "QC"], ["KS", "2C"], ["2H", "5C"]]},
            [(1, 0, "9D", "wrong-count", "Ann was dealt 3 cards but played only 2; 9♦ was never played.")],
            id="wrong-count for a card never played",
        ),
        pytest.param(
            {"plays": [["AS", "KS", "2H", "3S"], ["5C", "TC", "QC"]], "claimed_tricks": [0, 1, 0, 1]},
            [(1, 2, None, "wrong-count", "Cy played no card to the 2nd trick, so played 1 card in "
              "2 tricks.")],
            id="wrong-count for a missed turn",
        ),
        pytest.param(
            {"hands": GIVEN, "plays": [["AD", "2C", "2H", "3S"], ["5C", "TC", "QC", "KS"]]},
            [(0, 1, "AD", "not-in-hand", "Bob played A♦, which was not in Bob's hand.")],
            id="only the real violations: Cy had no diamond",
        ),
    ],
)
def test_each_kind_of_violation_is_reported_with_trick_seat_card_and_a_plain_sentence(changes, expected):
    out = replayed(record(**changes))
    assert [
        (v["trick"], v["seat"], v["card"], v["rule"], v["detail"]) for v in out["violations"]
    ] == expected


def test_violations_come_in_play_order():
    plays = [["AS", "4C", "7H", "3S"], ["5C", "AS", "QC", "KS"]]
    out = replayed(record(plays=plays))
    assert [(v["trick"], v["seat"], v["rule"]) for v in out["violations"]] == [
        (0, 2, "revoke"),
        (0, 3, "played-twice"),
        (1, 0, "played-twice"),
    ]


def test_a_card_played_from_a_used_up_hand_is_not_in_hand():
    # Regression (found by the oracle): once Ann's two cards were gone, her
    # 5D in the 4th trick was reported by no violation at all, though she
    # never held it. Every card a seat did not hold is named.
    out = replayed({
        "players": ["Ann", "Bob"], "dealer": 1, "trump": None,
        "hands": [["AS", "KS"], ["2S", "3S"]],
        "plays": [["QH", "2S"], ["AS", "3S"], ["KS", "4S"], ["5D", "6D"]],
    })
    assert [(v["trick"], v["seat"], v["card"], v["rule"]) for v in out["violations"]] == [
        (0, 0, "QH", "not-in-hand"),
        (2, 0, "KS", "wrong-count"),  # Ann's 3rd card: one more than she was dealt
        (2, 1, "4S", "not-in-hand"),
        (2, 1, "4S", "wrong-count"),
        (3, 0, "5D", "not-in-hand"),
        (3, 1, "6D", "not-in-hand"),
    ]


def test_with_hands_given_the_hand_size_is_as_dealt_even_when_a_trick_is_missing():
    # Regression (found by the oracle): three cards dealt, two tricks written
    # down. A bid or claim of 3 was called malformed (exit 2) and the zero bid
    # bonus used 2 cards; the record replays with wrong-count violations.
    hands = [["3S", "TC", "9D"], ["AS", "QC", "8H"], ["KS", "2C", "4H"], ["2H", "5C", "6H"]]
    obj = record(hands=hands, bids=[0, 3, 1, 1], claimed_tricks=[0, 3, 0, 1],
                 rules={"scoring": "zero-bonus-hand"})
    out = replayed(obj)
    assert out["tricks_won"] == [0, 1, 0, 1]
    assert out["scores"] == [5 + 3, 0, 0, 11]
    assert out["disputes"] == [0, 2, 0, 0]
    assert [v["rule"] for v in out["violations"]] == ["wrong-count"] * 4
    with pytest.raises(MalformedRecord, match=r"bids\[1\]: .*3-card hand.* not 4"):
        parse_record(obj | {"bids": [0, 4, 1, 1]})


def test_a_replay_with_a_violation_still_counts_every_trick():
    out = replayed(record(plays=[["AS", "4C", "2H", "3S"], ["5C", "TC", "QC", "KS"]]))
    assert sum(out["tricks_won"]) == 2
    assert [t["winner"] for t in out["tricks"]] == [3, 1]


def test_a_replay_result_says_whether_it_is_clean():
    clean = replay_hand(parse_record(record(claimed_tricks=[0, 1, 0, 1])))
    assert clean.is_legal and clean.agrees and clean.is_clean
    disputed = replay_hand(parse_record(EXAMPLE))
    assert disputed.is_legal and not disputed.agrees and not disputed.is_clean


# --- Malformed records ---------------------------------------------------------


@pytest.mark.parametrize(
    ("obj", "field", "reason"),
    [
        (["not", "an", "object"], "record", "JSON object"),
        (record(players=DROP), "players", "required"),
        (record(plays=DROP), "plays", "required"),
        ({k: v for k, v in EXAMPLE.items() if k != "trump"}, "trump", "required"),
        (record(claims=[0, 0, 1, 1]), "claims", "not a field"),
        (record(format="ohhell-hand/2"), "format", "ohhell-hand/1"),
        (record(players="Ann"), "players", "list"),
        (record(players=["Ann"], bids=DROP, claimed_tricks=DROP), "players", "at least 2"),
        (record(players=["Ann", "", "Cy", "Di"]), "players[1]", "name"),
        (record(players=["Ann", "Bob", "Ann", "Di"]), "players[2]", "also seat 0"),
        (record(dealer=4), "dealer", "from 0 to 3"),
        (record(dealer="0"), "dealer", "whole number"),
        (record(dealer=True), "dealer", "whole number"),
        (record(dealer=1.0), "dealer", "whole number"),
        (record(trump="XX"), "trump", "neither a card"),
        (record(trump=5), "trump", "card, a suit or null"),
        (record(plays=[]), "plays", "at least one trick"),
        (record(plays=[["AS", "KS", "2H", "3S"]] * 14), "plays", "at most 13 cards each"),
        (record(plays=[["AS", "KS", "2H", "3S"]] * 27, rules={"decks": 2}), "plays", "two decks deal"),
        (record(plays="AS KS"), "plays", "list"),
        (record(plays=[["AS", "KS", "2H", "3S"], "5C"]), "plays[1]", "list"),
        (record(plays=[[]]), "plays[0]", "empty"),
        (record(plays=[["AS", "KS", "2H", "3S", "4S"]]), "plays[0]", "5 cards"),
        (record(plays=[["AS", "KS", "2H", "3S"], ["5C", "TC", "1C", "2C"]]), "plays[1][2]", "'1C' is not a card"),
        (record(plays=[[14, "KS", "2H", "3S"]]), "plays[0][0]", "card like"),
        (record(hands=[["3S", "TC"]] * 3), "hands", "3 entries but there are 4 players"),
        (record(hands=EXAMPLE_HANDS[:3] + ["2H 5C"]), "hands[3]", "list"),
        (record(hands=[["3S", "TC"], ["AS", "QC"], ["AS", "2C"], ["2H", "5C"]]), "hands[2][0]", "dealt twice"),
        (record(hands=[["3S", "TC"], ["7H", "QC"], ["KS", "2C"], ["2H", "5C"]]), "hands[1][0]", "turned-up trump"),
        (record(hands=[["3S", "TC"], ["AS", "QC"], ["AS", "AS"], ["2H", "5C"]], rules={"decks": 2}),
         "hands[2][1]", "third time"),
        (record(hands=[["3S", "XX"], ["AS", "QC"], ["KS", "2C"], ["2H", "5C"]]), "hands[0][1]", "not a card"),
        (record(bids=[0, 1, 1]), "bids", "one per seat"),
        (record(bids=[0, 1, 3, 1]), "bids[2]", "from 0 to 2"),
        (record(bids=[-1, 1, 1, 1]), "bids[0]", "from 0 to 2"),
        (record(bids=["1", 1, 1, 1]), "bids[0]", "whole number"),
        (record(claimed_tricks=[0, 3, 0, 0]), "claimed_tricks[1]", "from 0 to 2"),
        (record(rules=[]), "rules", "object"),
        (record(rules={"decks": 3}), "rules.decks", "1 or 2"),
        (record(rules={"decks": True}), "rules.decks", "1 or 2"),
        (record(rules={"must_trump": "yes"}), "rules.must_trump", "true or false"),
        (record(rules={"identical_cards": "both"}), "rules.identical_cards", "first-wins"),
        (record(rules={"scoring": "golf"}), "rules.scoring", "unknown scoring preset"),
        (record(rules={"must-trump": True}), "rules.must-trump", "not a rule"),
    ],
)
def test_a_malformed_record_names_the_field_and_says_why(obj, field, reason):
    with pytest.raises(MalformedRecord) as error:
        parse_record(obj)
    assert error.value.field == field
    assert reason in error.value.reason
    assert str(error.value).startswith(f"{field}: ")


def test_two_decks_allow_a_card_in_two_hands():
    hands = [["3S", "TC"], ["AS", "QC"], ["AS", "2C"], ["2H", "5C"]]
    parse_record(record(hands=hands, rules={"decks": 2}))


def test_optional_fields_may_be_null():
    parsed = parse_record(record(bids=DROP) | {"bids": None, "hands": None, "rules": None})
    assert parsed.bids is None and parsed.hands is None and parsed.rules == PlayRules()


# --- Reading and exporting -------------------------------------------------------


def test_a_record_reads_into_typed_values():
    parsed = parse_record(record(trump="10h", rules={"decks": 2, "must_trump": True}))
    assert parsed.trump is parse_card("TH")
    assert parsed.trump_suit is Suit.HEARTS and parsed.trump_card is parse_card("TH")
    assert parsed.plays[0][0] is parse_card("AS")
    assert parsed.rules == PlayRules(decks=2, must_trump=True)
    assert parsed.scoring == "standard"
    assert parsed.cards == 2 and parsed.first_leader == 1


def test_a_suit_trump_has_no_trump_card():
    parsed = parse_record(record(trump="s"))
    assert parsed.trump is Suit.SPADES and parsed.trump_card is None


@pytest.mark.parametrize(
    "obj",
    [
        EXAMPLE,
        record(hands=EXAMPLE_HANDS, trump="H", rules={"decks": 2, "identical_cards": "last-wins",
                                                      "scoring": "wizard", "must_trump": True}),
        record(trump=None, bids=DROP, claimed_tricks=DROP, format="ohhell-hand/1"),
    ],
)
def test_an_exported_record_reads_back_unchanged(obj):
    parsed = parse_record(obj)
    exported = record_to_dict(parsed)
    assert exported["format"] == "ohhell-hand/1"
    assert parse_record(json.loads(json.dumps(exported))) == parsed


def test_export_writes_canonical_cards():
    exported = record_to_dict(parse_record(record(trump="10♥", plays=[["as", "Ks", "2h", "3S"], ["5c", "10c", "qc", "2c"]])))
    assert exported["trump"] == "TH"
    assert exported["plays"] == [["AS", "KS", "2H", "3S"], ["5C", "TC", "QC", "2C"]]


def test_a_record_built_directly_replays_like_a_parsed_one():
    direct = HandRecord(
        players=("Ann", "Bob", "Cy", "Di"),
        dealer=0,
        trump=parse_card("7H"),
        plays=tuple(tuple(parse_card(c) for c in t) for t in EXAMPLE["plays"]),
        bids=(0, 1, 1, 1),
        claimed_tricks=(0, 0, 1, 1),
    )
    assert direct == parse_record(EXAMPLE)
    assert replay_hand(direct).to_dict() == replayed(EXAMPLE)


@pytest.mark.parametrize(
    "name",
    [
        "scorekeeper.rules.cards",
        "scorekeeper.rules.deal",
        "scorekeeper.rules.play",
        "scorekeeper.rules.playout",
        "scorekeeper.rules.records",
        "scorekeeper.rules.hand_replay",
    ],
)
def test_the_docstring_examples_of_the_card_and_replay_modules_pass(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
