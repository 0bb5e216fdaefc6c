"""Hand records: read, check and write one round (docs/hand-record.md).
Replaying a record is :mod:`scorekeeper.rules.hand_replay`; the command line
that replays record files is :mod:`scorekeeper.rules.replay`.

A hand record is the full story of one round: the players, the dealer, the
trump, every card played and, optionally, the hands dealt, the bids and the
tricks the table wrote down. :func:`parse_record` checks every field and
raises :class:`~scorekeeper.rules.errors.MalformedRecord` naming the field;
:func:`record_to_dict` writes a record back out.

Each field is read in one place, which checks it and words the refusal.
Reading, checking and writing a record are one format, so they sit together.

>>> record = parse_record({
...     "players": ["Ann", "Bob", "Cy", "Di"], "dealer": 0, "trump": "7H",
...     "bids": [0, 1, 1, 1],
...     "plays": [["AS", "KS", "2H", "3S"], ["5C", "TC", "QC", "2C"]],
...     "claimed_tricks": [0, 0, 1, 1]})
>>> record.first_leader, record.trump_suit, record.plays[0][2]
(1, <Suit.HEARTS: 'H'>, Card.from_text('2H'))

Decisions the format leaves open, made here (those of the replay are in
:mod:`scorekeeper.rules.hand_replay`):

- Each trick lists one card per seat, starting with the leader. A trick may be
  short (a seat missed its turn, which the replay reports), but never longer
  than the number of players. There are at most as many tricks as the decks
  can deal each player (13 for 4 players, one deck).
- The hand size (bids run from 0 to it) is each seat's dealt hand where
  ``hands`` are given, else the number of tricks. A claim runs from 0 to the
  larger of that and the number of tricks.
- ``hands`` are checked like the deal they describe: a card dealt more often
  than the decks hold it, or the turned-up trump card in a hand, is a
  malformed record (it is not a play, so it is not a violation).
- Unknown fields are malformed (a misspelt ``must_trump`` must not be ignored).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from .cards import Card, Suit, parse_card, parse_suit
from .errors import InvalidCard, MalformedRecord, UnknownPreset
from .numbers import is_whole
from .options import IDENTICAL_CARDS
from .play import PlayRules
from .scoring import find_scoring

__all__ = [
    "DEFAULT_SCORING",
    "FORMAT",
    "HandRecord",
    "parse_record",
    "record_to_dict",
]

FORMAT: Final = "ohhell-hand/1"
"""The value of a record's optional ``format`` field."""

DEFAULT_SCORING: Final = "standard"

_FIELDS: Final = (
    "format", "players", "dealer", "trump", "plays", "hands", "bids", "claimed_tricks", "rules",
)
_REQUIRED: Final = ("players", "dealer", "trump", "plays")
_RULE_FIELDS: Final = ("decks", "must_trump", "identical_cards", "scoring")
_DEFAULT_RULES: Final = PlayRules()


@dataclass(frozen=True)
class HandRecord:
    """One round, as read by :func:`parse_record` (which checks it).

    Seat-indexed fields (``hands``, ``bids``, ``claimed_tricks``) have one
    entry per player. ``trump`` is the turned-up :class:`Card`, a
    :class:`Suit`, or ``None`` for no trump.
    """

    players: tuple[str, ...]
    dealer: int
    trump: Card | Suit | None
    plays: tuple[tuple[Card, ...], ...]
    hands: tuple[tuple[Card, ...], ...] | None = None
    bids: tuple[int, ...] | None = None
    claimed_tricks: tuple[int, ...] | None = None
    rules: PlayRules = field(default_factory=PlayRules)
    scoring: str = DEFAULT_SCORING

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit, or ``None`` for no trump."""
        return self.trump.suit if isinstance(self.trump, Card) else self.trump

    @property
    def trump_card(self) -> Card | None:
        """The turned-up card, when the record names one."""
        return self.trump if isinstance(self.trump, Card) else None

    @property
    def cards(self) -> int:
        """The number of tricks played (the hand size unless they run short or long)."""
        return len(self.plays)

    def hand_size(self, seat: int) -> int:
        """Cards dealt to ``seat``: its hand when given, else the tricks played."""
        return len(self.plays) if self.hands is None else len(self.hands[seat])

    @property
    def first_leader(self) -> int:
        """The seat after the dealer, who leads the first trick."""
        return (self.dealer + 1) % len(self.players)


def _kind(value: object) -> str:
    """Name a JSON value's type the way the format talks about it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the text {value!r}" if len(value) <= 20 else "a text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _list(obj: dict[str, Any], name: str, what: str) -> list[Any]:
    value = obj[name]
    if not isinstance(value, list):
        raise MalformedRecord(name, f"must be a list of {what}, not {_kind(value)}")
    return value


def _whole(value: object, where: str, low: int, high: int, what: str) -> int:
    if not is_whole(value):
        shown = _kind(value)
    elif not low <= value <= high:
        shown = str(value)
    else:
        return value
    raise MalformedRecord(where, f"must be {what}, a whole number from {low} to {high}, not {shown}")


def _card(value: Any, where: str, j: int) -> Card:
    """Read ``value``, the ``j``-th of the list at ``where``, as a card."""
    try:
        return parse_card(value)
    except InvalidCard as error:
        if isinstance(value, str):
            reason = str(error)
        else:
            reason = f"must be a card like \"AS\" or \"10h\", not {_kind(value)}"
        raise MalformedRecord(f"{where}[{j}]", reason) from None


def _seat_list(obj: dict[str, Any], name: str, n: int, what: str) -> list[Any]:
    value = _list(obj, name, what)
    if len(value) != n:
        raise MalformedRecord(
            name, f"has {len(value)} entries but there are {n} players: give one per seat"
        )
    return value


def parse_record(obj: object) -> HandRecord:
    """Check a decoded JSON hand record and return it as a :class:`HandRecord`.

    Every rule of docs/hand-record.md is checked; the first problem found raises
    :class:`~scorekeeper.rules.errors.MalformedRecord` whose ``field`` names
    the place (``"plays[2][1]"``, ``"hands[3]"``, ``"rules.decks"``) and whose
    message says why.

    >>> parse_record({"players": ["Ann", "Bob"], "dealer": 0, "trump": "H",
    ...               "plays": [["AS", "1S"]]})
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.MalformedRecord: plays[0][1]: '1S' is not a card: a card is a rank (2-9, T or 10, J, Q, K, A) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), like AS, 10h or Q♥
    >>> parse_record({"players": ["Ann", "Bob"], "dealer": 2, "trump": None, "plays": []})
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.MalformedRecord: dealer: must be the dealer's seat, a whole number from 0 to 1, not 2
    """
    if not isinstance(obj, dict):
        raise MalformedRecord("record", f"a hand record must be a JSON object, not {_kind(obj)}")
    _check_fields(obj)
    players = _parse_players(_list(obj, "players", "player names"))
    n = len(players)
    dealer = _whole(obj["dealer"], "dealer", 0, n - 1, "the dealer's seat")
    rules, scoring = _parse_rules(obj.get("rules"))
    trump = _parse_trump(obj["trump"])
    plays = _parse_plays(_list(obj, "plays", "tricks"), n, rules.decks)
    cards = len(plays)

    hands = None
    if obj.get("hands") is not None:
        hands = _parse_hands(_seat_list(obj, "hands", n, "hands"), rules.decks, trump)

    # The hand size: as dealt where the hands are given (plays that run
    # short or long are a wrong-count violation, not a malformed record).
    sizes = [cards] * n if hands is None else [len(hand) for hand in hands]

    bids = None
    if obj.get("bids") is not None:
        bids = _parse_counts(
            _seat_list(obj, "bids", n, "bids"), "bids", sizes, "a bid for a {}-card hand"
        )

    claimed = None
    if obj.get("claimed_tricks") is not None:
        claimed = _parse_counts(
            _seat_list(obj, "claimed_tricks", n, "trick counts"), "claimed_tricks",
            [max(cards, size) for size in sizes], "a trick count for a {}-trick hand",
        )

    return HandRecord(players, dealer, trump, plays, hands, bids, claimed, rules, scoring)


# --- The fields, each read and checked in one place ---------------------------


def _check_fields(obj: dict[Any, Any]) -> None:
    """Every field is one of a hand record, the required ones are there, and
    the format is this one."""
    for name in obj:
        if name not in _FIELDS:
            raise MalformedRecord(
                str(name), "is not a field of a hand record; the fields are " + ", ".join(_FIELDS)
            )
    for name in _REQUIRED:
        if name not in obj:
            raise MalformedRecord(name, "is required")
    if "format" in obj and obj["format"] != FORMAT:
        raise MalformedRecord("format", f"must be {FORMAT!r}, not {_kind(obj['format'])}")


def _parse_players(players: list[Any]) -> tuple[str, ...]:
    seat_of: dict[str, int] = {}
    for seat, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise MalformedRecord(f"players[{seat}]", f"must be a player's name, not {_kind(name)}")
        if name in seat_of:
            raise MalformedRecord(
                f"players[{seat}]", f"{name!r} is also seat {seat_of[name]}; names must differ"
            )
        seat_of[name] = seat
    if len(players) < 2:
        raise MalformedRecord("players", f"a round needs at least 2 players, not {len(players)}")
    return tuple(players)


def _parse_trump(raw_trump: object) -> Card | Suit | None:
    if raw_trump is None:
        return None
    if isinstance(raw_trump, str):
        # No text is both a card and a suit, so the order of the two tries
        # does not matter; a turned-up card is the more common.
        try:
            return parse_card(raw_trump)
        except InvalidCard:
            pass
        try:
            return parse_suit(raw_trump)
        except InvalidCard:
            raise MalformedRecord(
                "trump",
                f"{raw_trump!r} is neither a card (like \"QH\") nor a suit (like \"H\"); "
                "use null for no trump",
            ) from None
    raise MalformedRecord(
        "trump", f"must be the turned-up card, a suit or null, not {_kind(raw_trump)}"
    )


def _parse_plays(raw_plays: list[Any], n: int, decks: int) -> tuple[tuple[Card, ...], ...]:
    """The tricks: at least one, and no more than the decks deal each player."""
    if not raw_plays:
        raise MalformedRecord("plays", "must list at least one trick")
    most = 52 * decks // n
    if len(raw_plays) > most:
        deal = "one deck deals" if decks == 1 else "two decks deal"
        raise MalformedRecord(
            "plays", f"has {len(raw_plays)} tricks, but {deal} {n} players at most {most} cards each"
        )
    return tuple(_parse_trick(raw_trick, t, n) for t, raw_trick in enumerate(raw_plays))


def _parse_trick(raw_trick: object, t: int, n: int) -> tuple[Card, ...]:
    where = f"plays[{t}]"
    if not isinstance(raw_trick, list):
        raise MalformedRecord(
            where, f"must be a list of the cards played to the trick, not {_kind(raw_trick)}"
        )
    if not raw_trick:
        raise MalformedRecord(where, "is empty: a trick has at least the leader's card")
    if len(raw_trick) > n:
        raise MalformedRecord(
            where,
            f"has {len(raw_trick)} cards, but each of the {n} players plays one card to a trick",
        )
    return tuple(_card(value, where, j) for j, value in enumerate(raw_trick))


def _parse_counts(raw: list[Any], name: str, highs: list[int], what: str) -> tuple[int, ...]:
    """Bids or claimed tricks: whole numbers from 0 to ``highs[seat]``; ``what``
    names one, with ``{}`` for the seat's high."""
    return tuple(
        _whole(value, f"{name}[{seat}]", 0, highs[seat], what.format(highs[seat]))
        for seat, value in enumerate(raw)
    )


def _parse_rules(raw: object) -> tuple[PlayRules, str]:
    if raw is None:
        return _DEFAULT_RULES, DEFAULT_SCORING
    if not isinstance(raw, dict):
        raise MalformedRecord("rules", f"must be an object, not {_kind(raw)}")
    for name in raw:
        if name not in _RULE_FIELDS:
            raise MalformedRecord(
                f"rules.{name}",
                "is not a rule of a hand record; the rules are " + ", ".join(_RULE_FIELDS),
            )
    decks = raw.get("decks", 1)
    if isinstance(decks, bool) or decks not in (1, 2):
        raise MalformedRecord("rules.decks", f"must be 1 or 2, not {_kind(decks)}")
    must_trump = raw.get("must_trump", False)
    if not isinstance(must_trump, bool):
        raise MalformedRecord("rules.must_trump", f"must be true or false, not {_kind(must_trump)}")
    identical = raw.get("identical_cards", "first-wins")
    if identical not in IDENTICAL_CARDS:
        raise MalformedRecord(
            "rules.identical_cards",
            f"must be \"first-wins\" or \"last-wins\", not {_kind(identical)}",
        )
    scoring = raw.get("scoring", DEFAULT_SCORING)
    try:
        find_scoring(scoring)
    except UnknownPreset as error:
        raise MalformedRecord("rules.scoring", str(error)) from None
    return PlayRules(decks, must_trump, identical), scoring


def _parse_hands(
    raw: list[Any], decks: int, trump: Card | Suit | None
) -> tuple[tuple[Card, ...], ...]:
    """The hands, checked like the deal they describe: no card dealt more
    often than the decks hold it, and the turned-up trump card in none."""
    copies: dict[Card, int] = {trump: 1} if isinstance(trump, Card) else {}
    hands: list[tuple[Card, ...]] = []
    for seat, raw_hand in enumerate(raw):
        where = f"hands[{seat}]"
        if not isinstance(raw_hand, list):
            raise MalformedRecord(
                where, f"must be a list of the cards dealt to seat {seat}, not {_kind(raw_hand)}"
            )
        hand: list[Card] = []
        for j, value in enumerate(raw_hand):
            card = _card(value, where, j)
            dealt = copies.get(card, 0)
            if dealt >= decks:
                reason = _dealt_too_often(card, decks, trump, [*hands, tuple(hand)])
                raise MalformedRecord(f"{where}[{j}]", reason)
            copies[card] = dealt + 1
            hand.append(card)
        hands.append(tuple(hand))
    return tuple(hands)


def _dealt_too_often(
    card: Card, decks: int, trump: Card | Suit | None, earlier: list[tuple[Card, ...]]
) -> str:
    """Why ``card`` cannot be dealt again: where its copies already are (the
    turned-up trump card, and the hands dealt before it)."""
    places = ["trump"] if card == trump else []
    places += [f"hands[{seat}]" for seat, hand in enumerate(earlier) for dealt in hand if dealt == card]
    if places[0] == "trump" and decks == 1:
        return f"{card} is the turned-up trump card, which belongs to no hand"
    if decks == 1:
        return f"{card} is dealt twice (also in {places[0]}), but one deck has a single {card}"
    also = " and ".join("the trump card" if place == "trump" else place for place in places)
    return f"{card} is dealt a third time (also {also}), but two decks hold two"


def record_to_dict(record: HandRecord) -> dict[str, Any]:
    """Export ``record`` as a docs/hand-record.md object (canonical card text, all
    rules spelled out), which :func:`parse_record` reads back unchanged.

    >>> record = parse_record({"players": ["A", "B"], "dealer": 0, "trump": "10h",
    ...                        "plays": [["2c", "3♣"]]})
    >>> out = record_to_dict(record)
    >>> out["trump"], out["plays"], out["rules"]["identical_cards"]
    ('TH', [['2C', '3C']], 'first-wins')
    >>> parse_record(out) == record
    True
    """
    out: dict[str, Any] = {
        "format": FORMAT,
        "players": list(record.players),
        "dealer": record.dealer,
        "trump": None if record.trump is None else str(record.trump),
        "plays": [[str(card) for card in trick] for trick in record.plays],
    }
    if record.hands is not None:
        out["hands"] = [[str(card) for card in hand] for hand in record.hands]
    if record.bids is not None:
        out["bids"] = list(record.bids)
    if record.claimed_tricks is not None:
        out["claimed_tricks"] = list(record.claimed_tricks)
    out["rules"] = {
        "decks": record.rules.decks,
        "must_trump": record.rules.must_trump,
        "identical_cards": record.rules.identical_cards,
        "scoring": record.scoring,
    }
    return out
