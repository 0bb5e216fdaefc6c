"""Properties of replay over random deals and random legal play: 2 to 7
players, one and two decks, every trump form and play rule."""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.cards import Card, Suit, full_deck
from scorekeeper.rules.deal import Deal
from scorekeeper.rules.play import PlayRules, legal_cards, trick_winner
from scorekeeper.rules.records import parse_record, record_to_dict
from scorekeeper.rules.hand_replay import replay_hand

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus"]
SETTINGS = settings(max_examples=int(os.environ.get("REPLAY_EXAMPLES", 150)), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass
class Round:
    """A random round and how it was played."""

    record: dict
    seats: list[list[int]]  # seats[t][j]: who played the j-th card of trick t
    hands: list[list[Card]]
    rules: PlayRules


@dataclass
class Setup:
    players: int
    cards: int
    dealer: int
    hands: list[list[Card]]
    trump_text: str | None  # as the record gives it: a card, a suit letter or null
    trump: Suit | None
    rules: PlayRules
    seed: int  # drives the random choice of legal cards


@st.composite
def setups(draw, min_cards: int = 1) -> Setup:
    players = draw(st.integers(2, 7))
    decks = draw(st.sampled_from([1, 2]))
    cards = draw(st.integers(min_cards, min(13, (52 * decks - 1) // players)))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    deck = full_deck(decks)
    rng.shuffle(deck)
    hands = [deck[i * cards : (i + 1) * cards] for i in range(players)]
    turned = deck[players * cards]
    kind = draw(st.sampled_from(["card", "suit", "none"]))
    trump_text = {"card": str(turned), "suit": turned.suit.value, "none": None}[kind]
    trump = None if kind == "none" else turned.suit
    rules = PlayRules(
        decks=decks,
        must_trump=draw(st.booleans()),
        identical_cards=draw(st.sampled_from(["first-wins", "last-wins"])),
    )
    dealer = draw(st.integers(0, players - 1))
    return Setup(players, cards, dealer, hands, trump_text, trump, rules, seed)


def play_out(setup: Setup, revoke_at: int | None = None) -> tuple[Round, list[int]]:
    """Play ``setup`` with random legal cards; at turn ``revoke_at`` (if that
    turn allows it) play a card off the suit led while holding it.

    Returns the round and the turns at which a revoke was possible.
    """
    rng = random.Random(setup.seed)
    trump = setup.trump
    remaining = [list(hand) for hand in setup.hands]
    leader = (setup.dealer + 1) % setup.players
    plays, seats, revocable = [], [], []
    turn = 0
    for _ in range(setup.cards):
        trick: list[Card] = []
        order = [(leader + j) % setup.players for j in range(setup.players)]
        for seat in order:
            hand = remaining[seat]
            options = legal_cards(hand, trick, trump, setup.rules.must_trump)
            card = rng.choice(options)
            if trick:
                led = trick[0].suit
                off_suit = [c for c in hand if c.suit != led]
                if off_suit and any(c.suit == led for c in hand):
                    revocable.append(turn)
                    if turn == revoke_at:
                        card = off_suit[rng.randrange(len(off_suit))]
            hand.remove(card)
            trick.append(card)
            turn += 1
        plays.append(trick)
        seats.append(order)
        leader = order[trick_winner(trick, trump, setup.rules.identical_cards)]
    record = {
        "players": NAMES[: setup.players],
        "dealer": setup.dealer,
        "trump": setup.trump_text,
        "plays": [[str(c) for c in trick] for trick in plays],
        "rules": {
            "decks": setup.rules.decks,
            "must_trump": setup.rules.must_trump,
            "identical_cards": setup.rules.identical_cards,
        },
    }
    return Round(record, seats, setup.hands, setup.rules), revocable


def with_hands(round_: Round) -> dict:
    return round_.record | {"hands": [[str(c) for c in hand] for hand in round_.hands]}


@SETTINGS
@given(setups(), st.booleans())
def test_every_trick_has_exactly_one_winner_and_the_tricks_add_up_to_the_hand_size(setup, hands_given):
    round_, _ = play_out(setup)
    obj = with_hands(round_) if hands_given else round_.record
    result = replay_hand(parse_record(obj))
    assert len(result.tricks) == setup.cards
    assert sum(result.tricks_won) == setup.cards
    expected_leader = (setup.dealer + 1) % setup.players
    for t, trick in enumerate(result.tricks):
        seats = round_.seats[t]
        assert trick.leader == expected_leader == seats[0]
        assert trick.winner in seats
        winning = trick_winner(trick.cards, setup.trump, setup.rules.identical_cards)
        assert trick.winner == seats[winning]
        expected_leader = trick.winner
    for seat in range(setup.players):
        assert result.tricks_won[seat] == sum(1 for t in result.tricks if t.winner == seat)


@SETTINGS
@given(setups(), st.booleans())
def test_a_legal_hand_never_has_a_violation(setup, hands_given):
    round_, _ = play_out(setup)
    obj = with_hands(round_) if hands_given else round_.record
    assert replay_hand(parse_record(obj)).violations == ()


@SETTINGS
@given(setups(), st.booleans())
def test_replay_is_deterministic_and_survives_export(setup, hands_given):
    round_, _ = play_out(setup)
    obj = with_hands(round_) if hands_given else round_.record
    record = parse_record(obj)
    assert replay_hand(record) == replay_hand(record)
    again = parse_record(record_to_dict(record))
    assert again == record
    assert replay_hand(again).to_dict() == replay_hand(record).to_dict()


@SETTINGS
@given(setups(min_cards=2), st.integers(0, 10_000), st.booleans())
def test_a_revoke_is_always_reported_with_its_trick_and_seat(setup, pick, hands_given):
    _, revocable = play_out(setup)
    assume(revocable)
    turn = revocable[pick % len(revocable)]
    round_, _ = play_out(setup, revoke_at=turn)
    obj = with_hands(round_) if hands_given else round_.record
    violations = replay_hand(parse_record(obj)).violations
    trick, j = divmod(turn, setup.players)
    card = round_.record["plays"][trick][j]
    assert [(v.trick, v.seat, str(v.card), v.rule) for v in violations] == [
        (trick, round_.seats[trick][j], card, "revoke")
    ]


@SETTINGS
@given(setups(min_cards=2), st.integers(0, 10_000), st.booleans(), st.booleans())
def test_recording_live_card_by_card_agrees_with_replay(setup, pick, hands_given, revoke):
    _, revocable = play_out(setup)
    turn = revocable[pick % len(revocable)] if revoke and revocable else None
    round_, _ = play_out(setup, revoke_at=turn)
    obj = with_hands(round_) if hands_given else round_.record
    record = parse_record(obj)
    result = replay_hand(record)
    deal = Deal(
        range(setup.players), setup.dealer, record.trump, setup.cards,
        dict(enumerate(record.hands)) if hands_given else None,
        rules=setup.rules, names=NAMES,
    )
    for trick in record.plays:
        for card in trick:
            deal.push(card)
    assert deal.is_complete
    assert deal.tricks == result.tricks
    assert tuple(deal.tricks_won.values()) == result.tricks_won
    assert deal.violations == result.violations


@settings(max_examples=60, deadline=None)
@given(setups(), st.integers(0, 10_000))
def test_taking_cards_back_and_replaying_them_restores_the_deal(setup, pick):
    round_, _ = play_out(setup)
    record = parse_record(with_hands(round_))
    deal = Deal(range(setup.players), setup.dealer, record.trump, setup.cards,
                dict(enumerate(record.hands)), rules=setup.rules)
    cards = [card for trick in record.plays for card in trick]
    for card in cards:
        deal.push(card)
    full = (deal.tricks, deal.tricks_won, deal.violations)
    back = pick % (len(cards) + 1)
    taken = [deal.pop() for _ in range(back)]
    assert len(deal.move_stack) == len(cards) - back
    assert [p.card for p in reversed(taken)] == cards[len(cards) - back :]
    for play in reversed(taken):
        assert deal.whose_turn() == play.seat
        deal.push(play.card)
    assert (deal.tricks, deal.tricks_won, deal.violations) == full
