"""Trick-taking play (docs/rules.md sections 4 and 6): trick winners, legal cards,
and recording a round live on a move stack."""

import pytest

from scorekeeper.rules.cards import Suit, parse_card
from scorekeeper.rules.errors import InvalidRuleOption, InvalidSeat, RulesError
from scorekeeper.rules.deal import Deal, Play
from scorekeeper.rules.play import PlayError, PlayRules, Trick, legal_cards, trick_winner
from scorekeeper.rules.ruleset import Ruleset

H, S, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS


def cards(text: str):
    return [parse_card(t) for t in text.split()]


@pytest.mark.parametrize(
    ("trick", "trump", "identical", "winner"),
    [
        ("AS KS 2H 3S", H, "first-wins", 2),  # docs/hand-record.md example: the lone trump wins
        ("AS KS 2H 3S", None, "first-wins", 0),  # no trump: highest of the suit led
        ("5C TC QC 2C", H, "first-wins", 2),
        ("2D AC KH QS", None, "first-wins", 0),  # off-suit aces cannot win
        ("2D AC KH QS", C, "first-wins", 1),
        ("2D 3H 9H 4H", H, "first-wins", 2),  # highest trump among several
        ("4H 2D 3H", H, "first-wins", 0),  # trump led: the trump suit is also the suit led
        ("9D QD AC QD", None, "first-wins", 1),  # two decks: the first queen wins
        ("9D QD AC QD", None, "last-wins", 3),  # ... or the last, by rule option
        ("9D 2S AC 2S", S, "first-wins", 1),
        ("9D 2S AC 2S", S, "last-wins", 3),
        ("7C", None, "first-wins", 0),
    ],
)
def test_the_trick_goes_to_the_highest_trump_else_the_highest_card_of_the_suit_led(
    trick, trump, identical, winner
):
    assert trick_winner(cards(trick), trump, identical) == winner


def test_an_empty_trick_has_no_winner():
    with pytest.raises(PlayError):
        trick_winner([], None)


def test_an_unknown_identical_cards_rule_is_refused():
    with pytest.raises(InvalidRuleOption, match="identical_cards"):
        trick_winner(cards("2C"), None, "random")


@pytest.mark.parametrize(
    ("hand", "trick", "trump", "must_trump", "legal"),
    [
        ("2C 9H KS", "", H, False, "2C 9H KS"),  # anything may be led, trump included
        ("2C 9H KS", "5C", H, False, "2C"),  # follow suit
        ("2C 3C 9H", "AC", H, True, "2C 3C"),  # following beats must-trump
        ("2C 9H KS", "AD", H, False, "2C 9H KS"),  # cannot follow: anything
        ("2C 9H KS", "AD", H, True, "9H"),  # must-trump: the trump
        ("2C 9H 8H", "AD", H, True, "9H 8H"),
        ("2C 3S KS", "AD", H, True, "2C 3S KS"),  # must-trump but no trump held
        ("2C 3S KS", "AD", None, True, "2C 3S KS"),  # no trump at all
        ("QD QD 2C", "5D", None, False, "QD QD"),  # two decks: both copies listed
    ],
)
def test_legal_cards_follow_suit_if_possible_and_trump_when_must_trump(hand, trick, trump, must_trump, legal):
    assert legal_cards(cards(hand), cards(trick), trump, must_trump) == cards(legal)


# --- Deal: recording live -------------------------------------------------

NAMES = ["Ann", "Bob", "Cy", "Di"]


def four_player_deal(**kwargs):
    options = {"seats": [0, 1, 2, 3], "dealer": 0, "trump": parse_card("7H"), "cards": 2, "names": NAMES}
    options.update(kwargs)
    return Deal(**options)


def push_all(deal, text):
    found = []
    for card in cards(text):
        found += deal.push(card)
    return found


def test_the_seat_after_the_dealer_leads_and_play_goes_clockwise():
    deal = four_player_deal(dealer=2)
    turns = []
    for card in cards("AS KS QS JS"):
        turns.append(deal.whose_turn())
        deal.push(card)
    assert turns == [3, 0, 1, 2]
    assert deal.whose_turn() == 3  # the ace won: its player leads


def test_the_winner_of_a_trick_leads_the_next():
    deal = four_player_deal()
    push_all(deal, "AS KS 2H 3S")
    assert deal.tricks == (Trick(leader=1, cards=tuple(cards("AS KS 2H 3S")), winner=3),)
    assert deal.whose_turn() == 3
    assert deal.current_trick == ()


def test_the_hand_record_example_plays_out_live_with_no_violations():
    deal = four_player_deal()
    push_all(deal, "AS KS 2H 3S 5C TC QC 2C")
    assert deal.is_complete
    assert deal.whose_turn() is None
    assert deal.tricks_won == {0: 0, 1: 1, 2: 0, 3: 1}
    assert [t.winner for t in deal.tricks] == [3, 1]
    assert deal.violations == ()


def test_a_seat_sitting_out_is_skipped_in_the_order_of_play():
    deal = Deal(seats=[0, 2, 3], dealer=0, trump=None, cards=1, names=NAMES)
    turns = []
    for card in cards("2C 3C 4C"):
        turns.append(deal.whose_turn())
        deal.push(card)
    assert turns == [2, 3, 0]
    assert deal.tricks_won == {0: 1, 2: 0, 3: 0}


def test_a_dealer_who_sits_out_still_passes_the_lead_to_the_next_active_seat():
    deal = Deal(seats=[0, 1, 3], dealer=2, trump=None, cards=1)
    assert deal.whose_turn() == 3
    deal = Deal(seats=[0, 1, 2], dealer=4, trump=None, cards=1)
    assert deal.whose_turn() == 0


def test_the_current_trick_shows_who_played_what():
    deal = four_player_deal()
    push_all(deal, "AS KS")
    assert deal.current_trick == (
        Play(0, 1, parse_card("AS")),
        Play(0, 2, parse_card("KS")),
    )
    assert deal.move_stack == deal.current_trick


def test_pop_takes_back_the_last_card_and_restores_the_turn():
    deal = four_player_deal()
    push_all(deal, "AS KS 2H 3S")
    assert deal.whose_turn() == 3
    assert deal.pop() == Play(0, 0, parse_card("3S"))
    assert deal.whose_turn() == 0
    assert deal.tricks == ()
    assert len(deal.current_trick) == 3


def test_pop_on_an_empty_deal_is_refused():
    with pytest.raises(PlayError, match="nothing to take back"):
        four_player_deal().pop()


def test_push_after_the_last_trick_is_refused():
    deal = four_player_deal()
    push_all(deal, "AS KS 2H 3S 5C TC QC 2C")
    with pytest.raises(PlayError, match="round is over"):
        deal.push(parse_card("4D"))


def test_push_accepts_only_cards():
    with pytest.raises(PlayError):
        four_player_deal().push("AS")


def test_an_illegal_card_is_accepted_and_flagged_at_once_where_the_hand_is_known():
    hands = {1: cards("AS 5D"), 2: cards("KS QC"), 3: cards("2H 5C"), 0: cards("3S TC")}
    deal = four_player_deal(hands=hands)
    push_all(deal, "AS")
    found = deal.push(parse_card("QC"))  # Cy holds K♠ but plays a club
    assert [(v.trick, v.seat, str(v.card), v.rule) for v in found] == [(0, 2, "QC", "revoke")]
    assert found[0].detail == "Cy played Q♣ on a spade lead while holding K♠."
    assert deal.whose_turn() == 3  # flagged, not blocked


def test_a_revoke_by_an_unknown_hand_is_reported_when_a_later_card_proves_it():
    deal = four_player_deal()
    assert push_all(deal, "AS 4C 2H 3S 5C TC QC") == []
    proof = deal.push(parse_card("KS"))
    assert [(v.trick, v.seat, str(v.card), v.rule) for v in proof] == [(0, 2, "4C", "revoke")]
    deal.pop()
    assert deal.violations == ()


def test_must_trump_is_flagged_only_with_the_option_on():
    hands = {1: cards("AS 5D"), 2: cards("KC 3H"), 3: cards("2H 5C"), 0: cards("3S TC")}
    deal = four_player_deal(hands=hands, rules=PlayRules(must_trump=True))
    found = push_all(deal, "AS KC")
    assert [(v.seat, v.rule) for v in found] == [(2, "must-trump")]
    assert "holding the trump 3♥" in found[0].detail
    relaxed = four_player_deal(hands=hands)
    assert push_all(relaxed, "AS KC") == []


def test_a_card_not_in_a_known_hand_is_flagged():
    hands = {1: cards("AS 5D"), 2: cards("KS QC"), 3: cards("2H 5C"), 0: cards("3S TC")}
    deal = four_player_deal(hands=hands)
    found = push_all(deal, "AD")
    assert [(v.seat, v.rule, v.detail) for v in found] == [
        (1, "not-in-hand", "Bob played A♦, which was not in Bob's hand.")
    ]


def test_playing_the_turned_up_trump_card_is_played_twice():
    deal = four_player_deal()
    found = push_all(deal, "7H")
    assert [(v.seat, v.rule) for v in found] == [(1, "played-twice")]
    assert found[0].detail == "Bob played 7♥, but the only 7♥ is the turned-up trump card."


def test_a_seat_playing_more_cards_than_it_was_dealt_is_a_wrong_count_at_once():
    hands = {1: cards("AS"), 2: cards("KS QS"), 3: cards("2H 5C"), 0: cards("3S TC")}
    deal = four_player_deal(hands=hands)
    push_all(deal, "AS KS 2H 3S 5C TC")
    found = deal.push(parse_card("JD"))
    assert [(v.trick, v.seat, str(v.card), v.rule) for v in found] == [
        (1, 1, "JD", "not-in-hand"), (1, 1, "JD", "wrong-count")
    ]


def test_a_known_hand_shows_the_cards_left_and_the_legal_ones():
    hands = {1: cards("AS 5D"), 2: cards("KS QC"), 3: cards("2H 5C"), 0: cards("3S TC")}
    deal = four_player_deal(hands=hands)
    push_all(deal, "AS")
    assert deal.hand(1) == cards("5D")
    assert deal.legal_cards() == cards("KS")
    assert four_player_deal().legal_cards() is None


def test_a_ruleset_can_stand_in_for_the_play_rules():
    deal = Deal([0, 1, 2], 0, None, 1, rules=Ruleset(decks=2, identical_cards="last-wins"))
    push_all(deal, "QD QD 2D")
    assert deal.tricks[0].winner == 2


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"seats": [0]}, InvalidSeat),
        ({"seats": [0, 0, 1]}, InvalidSeat),
        ({"seats": [0, -1]}, InvalidSeat),
        ({"dealer": -1}, InvalidSeat),
        ({"cards": 0}, PlayError),
        ({"hands": {7: []}}, InvalidSeat),
        ({"trump": "H"}, RulesError),
    ],
)
def test_a_deal_with_impossible_settings_is_refused(kwargs, error):
    with pytest.raises(error):
        four_player_deal(**kwargs)


def test_play_rules_are_validated():
    with pytest.raises(InvalidRuleOption, match="decks"):
        PlayRules(decks=3)
    with pytest.raises(InvalidRuleOption, match="must_trump"):
        PlayRules(must_trump="yes")
    with pytest.raises(InvalidRuleOption, match="identical_cards"):
        PlayRules(identical_cards="both")
