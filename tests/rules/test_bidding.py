"""Bidding: the hook rule and range checks (docs/rules.md section 5)."""

import re

import pytest

from scorekeeper.rules import (
    HookRule,
    RulesError,
    InvalidBid,
    InvalidTricks,
    allowed_bids,
    check_bid,
    check_running_tricks,
    check_tricks,
    check_zero_streak,
    forbidden_bid,
    hook_applies,
)
from scorekeeper.rules.bidding import BID_KINDS, TRICKS_KINDS

# (source, cards, earlier bids, forbidden last bid or None)
RULES_EXAMPLES = [
    ("PL-planowanie", 10, [4, 3, 1], 2),
    ("PL-cardgames", 10, [3, 3, 3], 1),
    ("EN-liquisearch", 5, [2, 0, 1], 2),
    ("EN-liquisearch negative", 5, [3, 1, 2], None),
]


@pytest.mark.parametrize(("source", "cards", "earlier", "expected"), RULES_EXAMPLES)
def test_forbidden_bid_matches_every_rules_example(source, cards, earlier, expected):
    assert forbidden_bid(cards, earlier) == expected


@pytest.mark.parametrize(
    ("cards", "earlier", "expected"),
    [
        (1, [], 1),  # no earlier bids: bidding the whole hand would make the total
        (3, [0, 0], 3),
        (3, [3, 0], 0),
        (3, [2, 2], None),
    ],
)
def test_forbidden_bid_is_none_only_when_out_of_range(cards, earlier, expected):
    assert forbidden_bid(cards, earlier) == expected


@pytest.mark.parametrize(("source", "cards", "earlier", "forbidden"), RULES_EXAMPLES)
def test_the_dealer_may_bid_anything_but_the_forbidden_number(source, cards, earlier, forbidden):
    for bid in range(cards + 1):
        if bid == forbidden:
            with pytest.raises(InvalidBid):
                check_bid(bid, cards=cards, earlier_bids=earlier, is_last_bidder=True, hook_active=True)
        else:
            check_bid(bid, cards=cards, earlier_bids=earlier, is_last_bidder=True, hook_active=True)


def test_the_hook_message_names_the_forbidden_number_and_why():
    with pytest.raises(InvalidBid, match=re.escape(
        "The dealer may not bid 2: the bids would total 10 for 10 tricks."
    )):
        check_bid(2, cards=10, earlier_bids=[4, 3, 1], is_last_bidder=True, hook_active=True)


def test_the_hook_message_says_trick_for_a_one_card_round():
    with pytest.raises(InvalidBid, match=re.escape("would total 1 for 1 trick.")):
        check_bid(1, cards=1, earlier_bids=[0, 0], is_last_bidder=True, hook_active=True)


@pytest.mark.parametrize(
    ("is_last_bidder", "hook_active"), [(False, True), (True, False), (False, False)]
)
def test_the_forbidden_number_is_fine_for_other_bidders_or_without_the_hook(
    is_last_bidder, hook_active
):
    check_bid(2, cards=10, earlier_bids=[4, 3, 1], is_last_bidder=is_last_bidder,
              hook_active=hook_active)


@pytest.mark.parametrize("bid", [-1, 6, 100])
def test_a_bid_out_of_range_is_rejected_with_the_range(bid):
    with pytest.raises(InvalidBid, match=re.escape("A bid must be between 0 and 5.")):
        check_bid(bid, cards=5, earlier_bids=[], is_last_bidder=False, hook_active=False)


@pytest.mark.parametrize("bid", ["2", 2.0, None, True])
def test_a_bid_that_is_not_a_whole_number_is_rejected(bid):
    with pytest.raises(InvalidBid, match="whole number"):
        check_bid(bid, cards=5, earlier_bids=[], is_last_bidder=False, hook_active=False)


@pytest.mark.parametrize("bid", [0, 5])
def test_zero_and_the_whole_hand_are_valid_bids(bid):
    check_bid(bid, cards=5, earlier_bids=[], is_last_bidder=False, hook_active=True)


def test_allowed_bids_leave_out_only_the_forbidden_number():
    assert allowed_bids(cards=5, earlier_bids=[2, 0, 1], is_last_bidder=True,
                        hook_active=True) == [0, 1, 3, 4, 5]
    assert allowed_bids(cards=5, earlier_bids=[3, 1, 2], is_last_bidder=True,
                        hook_active=True) == [0, 1, 2, 3, 4, 5]


# (mode, min_cards, bidding, cards, is_final_round, expected)
HOOK_TABLE = [
    ("off", 1, "in-turn", 5, False, False),
    ("on", 1, "in-turn", 5, False, True),
    ("on", 1, "in-turn", 5, True, True),
    ("on", 1, "simultaneous", 5, False, False),
    ("not-final-round", 1, "in-turn", 5, False, True),
    ("not-final-round", 1, "in-turn", 5, True, False),
    ("from-cards", 4, "in-turn", 3, False, False),
    ("from-cards", 4, "in-turn", 4, False, True),
    ("from-cards", 4, "in-turn", 9, True, True),
    ("from-cards", 4, "simultaneous", 9, False, False),
]


@pytest.mark.parametrize(("mode", "min_cards", "bidding", "cards", "is_final", "expected"),
                         HOOK_TABLE)
def test_hook_applies_by_mode_and_never_with_simultaneous_bidding(
    mode, min_cards, bidding, cards, is_final, expected
):
    hook = HookRule(mode, min_cards=min_cards)
    assert hook_applies(hook, bidding=bidding, cards=cards, is_final_round=is_final) is expected


def test_hook_applies_rejects_an_unknown_bidding_style():
    with pytest.raises(ValueError, match="in-turn, simultaneous"):
        hook_applies(HookRule("on"), bidding="shouting", cards=3, is_final_round=False)


@pytest.mark.parametrize(
    ("tricks", "cards"),
    [([3, 2, 4, 1], 10), ([0, 0, 1], 1), ([13, 0, 0, 0], 13)],
)
def test_trick_counts_that_add_up_are_accepted(tricks, cards):
    check_tricks(tricks, cards)


@pytest.mark.parametrize(
    ("tricks", "cards", "message"),
    [
        ([3, 2, 3, 1], 10, "Tricks total 9, but 10 were played."),
        ([3, 2, 5, 1], 10, "Tricks total 11, but 10 were played."),
        ([0, 0, 0], 1, "Tricks total 0, but 1 was played."),
        ([11, 0, 0], 10, "Trick count 1 is 11, but a player takes between 0 and 10 tricks"),
        ([5, -1, 6], 10, "Trick count 2 is -1"),
        ([1, "2"], 3, "Trick count 2 must be a whole number"),
        ([], 3, "No trick counts were given"),
    ],
)
def test_bad_trick_counts_are_rejected_with_a_message_that_says_what_is_wrong(
    tricks, cards, message
):
    with pytest.raises(InvalidTricks, match=re.escape(message)):
        check_tricks(tricks, cards)


def test_errors_are_value_errors_so_callers_can_show_the_message():
    with pytest.raises(ValueError):
        check_tricks([1], 2)


# --- kinds and details, for the app to word the errors ---------------------------

LAST = {"is_last_bidder": True, "hook_active": True}
FIRST = {"is_last_bidder": False, "hook_active": True}

# (call, error class, kind, details)
ERROR_KINDS = [
    (lambda: check_bid(6, cards=5, earlier_bids=[], **FIRST),
     InvalidBid, "bid-out-of-range", {"bid": 6, "cards": 5}),
    (lambda: check_bid(-1, cards=5, earlier_bids=[], **FIRST),
     InvalidBid, "bid-out-of-range", {"bid": -1, "cards": 5}),
    (lambda: check_bid("2", cards=5, earlier_bids=[], **FIRST),
     InvalidBid, "bid-not-whole", {"bid": "2", "cards": 5}),
    (lambda: check_bid(2, cards=10, earlier_bids=[4, 3, 1], **LAST),
     InvalidBid, "forbidden-bid", {"bid": 2, "cards": 10}),
    (lambda: check_bid(0, cards=0, earlier_bids=[], **FIRST),
     InvalidBid, "bad-cards", {"cards": 0}),
    (lambda: allowed_bids(cards=True, earlier_bids=[], **LAST),
     InvalidBid, "bad-cards", {"cards": True}),
    (lambda: check_zero_streak(0, 5, [1, 0, 0, 0, 0, 0]),
     InvalidBid, "zero-streak", {"bid": 0, "limit": 5}),
    (lambda: check_tricks([], 3), InvalidTricks, "no-tricks", {}),
    (lambda: check_tricks([1, "2"], 3),
     InvalidTricks, "tricks-not-whole", {"position": 2, "tricks": "2", "cards": 3}),
    (lambda: check_tricks([11, 0, 0], 10),
     InvalidTricks, "tricks-out-of-range", {"position": 1, "tricks": 11, "cards": 10}),
    (lambda: check_tricks([3, 2, 3, 1], 10),
     InvalidTricks, "tricks-total", {"total": 9, "cards": 10}),
    (lambda: check_tricks([0, 0, 1], 1.0), InvalidTricks, "bad-cards", {"cards": 1.0}),
    (lambda: check_running_tricks(3, [4, 4], 10),
     InvalidTricks, "tricks-too-many", {"total": 11, "cards": 10}),
    (lambda: check_running_tricks(11, [], 10),
     InvalidTricks, "tricks-out-of-range", {"position": 1, "tricks": 11, "cards": 10}),
]


@pytest.mark.parametrize(("call", "error", "kind", "details"), ERROR_KINDS)
def test_every_bid_and_trick_error_has_a_kind_and_the_facts_to_word_it(
    call, error, kind, details
):
    with pytest.raises(error) as raised:
        call()
    assert raised.value.kind == kind
    assert raised.value.details == details


def test_the_kinds_listed_are_the_kinds_raised():
    assert {kind for _, error, kind, _ in ERROR_KINDS if error is InvalidBid} == set(BID_KINDS)
    assert {kind for _, error, kind, _ in ERROR_KINDS if error is InvalidTricks} == set(
        TRICKS_KINDS
    )


def test_a_kind_does_not_change_the_message():
    with pytest.raises(RulesError) as raised:
        check_bid(6, cards=5, earlier_bids=[], **FIRST)
    assert str(raised.value) == "A bid must be between 0 and 5."
