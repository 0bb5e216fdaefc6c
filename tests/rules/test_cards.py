"""Cards, suits and ranks (docs/rules.md section 1, docs/hand-record.md "Cards")."""

import copy
import pickle

import pytest

from scorekeeper.rules.cards import (
    ACE,
    CARDS,
    RANK_LETTERS,
    RANKS,
    SUITS,
    TEN,
    Card,
    Suit,
    full_deck,
    parse_card,
    parse_rank,
    parse_suit,
)
from scorekeeper.rules.errors import InvalidCard, RulesError


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("10h", "TH"),
        ("10H", "TH"),
        ("TD", "TD"),
        ("td", "TD"),
        ("Q♥", "QH"),
        ("q♥", "QH"),
        ("2♣", "2C"),
        ("K♦", "KD"),
        ("J♠", "JS"),
        ("10♠", "TS"),
        ("Q♥\ufe0f", "QH"),
        (" 9c ", "9C"),
    ],
)
def test_a_card_reads_in_any_accepted_spelling_and_prints_canonically(text, canonical):
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", "1H", "11H", "AX", "A", "H", "ASS", "10", "T10", "A S", "♥Q"])
def test_a_bad_card_is_refused_with_the_text_and_the_expected_form(text):
    with pytest.raises(InvalidCard) as error:
        parse_card(text)
    message = str(error.value)
    assert repr(text) in message
    assert "rank" in message and "suit" in message and "10h" in message


@pytest.mark.parametrize("value", [None, 12, ["AS"], b"AS"])
def test_a_card_that_is_not_text_is_refused_as_an_invalid_card(value):
    with pytest.raises(InvalidCard):
        parse_card(value)


def test_an_invalid_card_is_a_rules_error_and_a_value_error():
    with pytest.raises(RulesError):
        parse_card("ZZ")
    with pytest.raises(ValueError):
        parse_card("ZZ")


@pytest.mark.parametrize(
    ("text", "suit"),
    [("C", Suit.CLUBS), ("d", Suit.DIAMONDS), ("♥", Suit.HEARTS), ("s", Suit.SPADES), ("♣", Suit.CLUBS)],
)
def test_a_suit_reads_as_a_letter_or_a_symbol(text, suit):
    assert parse_suit(text) is suit


@pytest.mark.parametrize("text", ["", "X", "hearts", "HH", "AS"])
def test_a_bad_suit_is_refused_naming_the_text(text):
    with pytest.raises(InvalidCard, match="is not a suit"):
        parse_suit(text)


@pytest.mark.parametrize(("text", "rank"), [("2", 2), ("10", TEN), ("t", TEN), ("A", ACE), ("q", 12)])
def test_a_rank_reads_as_a_digit_a_letter_or_ten(text, rank):
    assert parse_rank(text) == rank


def test_a_bad_rank_is_refused():
    with pytest.raises(InvalidCard, match="is not a rank"):
        parse_rank("1")


def test_there_are_exactly_52_interned_cards_indexed_by_code():
    assert len(CARDS) == 52
    assert len(set(CARDS)) == 52
    for code, card in enumerate(CARDS):
        assert card.code == code
        assert Card(card.rank, card.suit) is card
        assert parse_card(str(card)) is card


def test_a_card_code_packs_rank_and_suit():
    card = parse_card("QH")
    assert card.code == (card.rank - 2) * 4 + SUITS.index(card.suit)
    assert card.suit.index == card.code & 3


def test_cards_are_immutable():
    card = parse_card("AS")
    with pytest.raises(AttributeError):
        card.rank = 2
    with pytest.raises(AttributeError):
        del card.suit


def test_cards_survive_copy_and_pickle_as_the_same_object():
    card = parse_card("7D")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_cards_are_equal_and_hash_by_value():
    assert parse_card("10h") == parse_card("TH")
    assert {parse_card("AS"), parse_card("as")} == {parse_card("AS")}
    assert parse_card("AS") != "AS"


def test_cards_order_by_rank_then_suit():
    texts = ["AS", "2H", "KC", "2C", "TD", "KS"]
    assert [str(c) for c in sorted(parse_card(t) for t in texts)] == ["2C", "2H", "TD", "KC", "KS", "AS"]
    assert parse_card("2D") < parse_card("3C")


def test_a_card_needs_a_real_rank_and_suit():
    with pytest.raises(InvalidCard, match="no card has rank"):
        Card(1, Suit.HEARTS)
    with pytest.raises(InvalidCard):
        Card(10, "X")


def test_a_card_accepts_the_suit_letter_as_well_as_the_suit():
    assert Card(10, "H") is parse_card("TH")


def test_a_card_has_a_player_friendly_symbol_with_ten_written_10():
    assert parse_card("TH").symbol == "10♥"
    assert parse_card("QS").symbol == "Q♠"
    assert repr(parse_card("TH")) == "Card.from_text('TH')"
    assert eval(repr(parse_card("TH"))) is parse_card("TH")


def test_a_suit_prints_as_its_letter_and_has_a_symbol_and_nouns():
    assert str(Suit.HEARTS) == "H"
    assert f"{Suit.HEARTS}" == "H"
    assert Suit.HEARTS == "H"
    assert (Suit.CLUBS.symbol, Suit.CLUBS.noun, Suit.CLUBS.plural) == ("♣", "club", "clubs")
    assert [s.symbol for s in SUITS] == ["♣", "♦", "♥", "♠"]


def test_ranks_run_from_two_to_ace_with_their_letters():
    assert RANKS == tuple(range(2, 15))
    assert RANK_LETTERS == "23456789TJQKA"


def test_a_full_deck_holds_every_card_once_per_deck():
    one = full_deck()
    assert len(one) == 52 and set(one) == set(CARDS)
    two = full_deck(2)
    assert len(two) == 104
    assert all(two.count(card) == 2 for card in CARDS)


@pytest.mark.parametrize("decks", [0, -1, 1.5, True, "2"])
def test_a_deck_count_must_be_a_positive_whole_number(decks):
    with pytest.raises(InvalidCard):
        full_deck(decks)
