"""Replaying a hand record: trick winners, tricks won, every violation in
play order, and the disputes and scores where the record allows
(docs/hand-record.md). Reading a record is :mod:`scorekeeper.rules.records`;
the checking of the play is :func:`scorekeeper.rules.playout.play_out`.

>>> from scorekeeper.rules.records import parse_record
>>> record = parse_record({
...     "players": ["Ann", "Bob", "Cy", "Di"], "dealer": 0, "trump": "7H",
...     "bids": [0, 1, 1, 1],
...     "plays": [["AS", "KS", "2H", "3S"], ["5C", "TC", "QC", "2C"]],
...     "claimed_tricks": [0, 0, 1, 1]})
>>> result = replay_hand(record)
>>> result.tricks_won, result.disputes, result.scores
((0, 1, 0, 1), (0, -1, 1, 0), (10, 11, 0, 11))
>>> result.to_dict()["tricks"][0]
{'leader': 1, 'cards': ['AS', 'KS', '2H', '3S'], 'winner': 3}

Decisions the format leaves open, made here:

- A short trick is a seat's missed turn: a ``wrong-count`` violation with
  card ``null``.
- ``wrong-count``, at most once per seat: with hands given, a seat that played
  more cards than it was dealt (reported at the first card too many) or fewer
  (reported at the first trick it missed, else the last trick, naming a card
  it never played); otherwise a seat that missed a turn.
- ``played-twice``: a card played when every copy of it (one per deck) was
  already played or is the turned-up trump card. With hands given, a card
  played from the seat's own hand is never a violation; the blame goes to
  whoever played a card they did not hold (``not-in-hand``, only with hands
  given), or ``played-twice`` when the copies had all gone; also when the
  seat's hand is used up (a card too many is ``not-in-hand`` and ``wrong-count``).
- The hand size (the ``n`` of ``zero-bonus-hand``) is each seat's dealt hand
  where ``hands`` are given, else the number of tricks; a round whose plays do
  not fit the deal is still scored, with :meth:`~scorekeeper.rules.scoring.Scoring.points`.
- ``disputes[s]`` is claimed minus replayed tricks for seat ``s``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .cards import CARDS, Card
from .play import Trick
from .playout import PlayOutcome, Violation, play_out
from .records import HandRecord
from .scoring import find_scoring

__all__ = ["ReplayResult", "replay_hand", "replay_to_json"]

_QUOTED: Final = tuple(f'"{card}"' for card in CARDS)  # each card as JSON text, by code
#: The width of a card in a trick's JSON list: its quoted text and ", ".
_CARD_JSON_WIDTH: Final = 6
assert {len(text) for text in _QUOTED} == {_CARD_JSON_WIDTH - 2}
_TRICK_JSON: Final = '{"leader": %d, "cards": [%s], "winner": %d}'
_ENCODER: Final = json.JSONEncoder(ensure_ascii=False)


@dataclass(frozen=True)
class ReplayResult:
    """What :func:`replay` found; :meth:`to_dict` is the docs/hand-record.md output.

    ``disputes`` is ``None`` unless the record gave ``claimed_tricks``, and
    ``scores`` ``None`` unless it gave ``bids``.
    """

    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    violations: tuple[Violation, ...]
    disputes: tuple[int, ...] | None = None
    scores: tuple[int, ...] | None = None

    @property
    def is_legal(self) -> bool:
        """True when no play broke a rule."""
        return not self.violations

    @property
    def agrees(self) -> bool:
        """True unless the claimed tricks differ from the replayed ones."""
        return self.disputes is None or not any(self.disputes)

    @property
    def is_clean(self) -> bool:
        """Legal and agreeing: the command line exits 0 for it."""
        return self.is_legal and self.agrees

    def to_dict(self) -> dict[str, Any]:
        """The output object of docs/hand-record.md.

        >>> from scorekeeper.rules.records import parse_record
        >>> result = replay_hand(parse_record({"players": ["A", "B"], "dealer": 1,
        ...                               "trump": None, "plays": [["2C", "3C"]]}))
        >>> result.to_dict()  # doctest: +NORMALIZE_WHITESPACE
        {'tricks': [{'leader': 0, 'cards': ['2C', '3C'], 'winner': 1}],
         'tricks_won': [0, 1], 'violations': []}
        """
        out: dict[str, Any] = {
            "tricks": [
                {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}
                for t in self.tricks
            ],
            "tricks_won": list(self.tricks_won),
            "violations": [v.to_dict() for v in self.violations],
        }
        if self.disputes is not None:
            out["disputes"] = list(self.disputes)
        if self.scores is not None:
            out["scores"] = list(self.scores)
        return out

    def to_json(self) -> str:
        """:meth:`to_dict` as one line of JSON: the very text of
        ``json.dumps(result.to_dict(), ensure_ascii=False)``, written directly
        (several times faster), for the command line's ``--jsonl``.

        >>> from scorekeeper.rules.records import parse_record
        >>> result = replay_hand(parse_record({"players": ["A", "B"], "dealer": 1,
        ...                               "trump": None, "plays": [["2C", "3C"]]}))
        >>> result.to_json()
        '{"tricks": [{"leader": 0, "cards": ["2C", "3C"], "winner": 1}], "tricks_won": [0, 1], "violations": []}'
        """
        if not self.tricks:
            return _json_text((), (), (), self.tricks_won, self.violations, self.disputes,
                              self.scores)
        leaders, plays, winners = zip(*self.tricks)
        return _json_text(leaders, plays, winners, self.tricks_won, self.violations,
                          self.disputes, self.scores)


def _json_text(
    leaders: Sequence[int],
    plays: Sequence[Sequence[Card]],
    winners: Sequence[int],
    tricks_won: Sequence[int],
    violations: Sequence[Violation],
    disputes: Sequence[int] | None,
    scores: Sequence[int] | None,
) -> str:
    """The output object as JSON text, from its parts (see :meth:`ReplayResult.to_json`)."""
    quoted = _QUOTED
    # The cards of the whole hand are joined once: each is 4 characters of
    # JSON ("AS"), so a trick's list is the slice of 6 per card, less the
    # last separator.
    cards_text = ", ".join([quoted[card.code] for cards in plays for card in cards])
    tricks = []
    start = 0
    for leader, cards, winner in zip(leaders, plays, winners):
        end = start + _CARD_JSON_WIDTH * len(cards)
        tricks.append(_TRICK_JSON % (leader, cards_text[start:end - 2], winner))
        start = end
    parts = [
        '{"tricks": [',
        ", ".join(tricks),
        '], "tricks_won": [',
        ", ".join(map(str, tricks_won)),
        '], "violations": [',
        ", ".join([_ENCODER.encode(violation.to_dict()) for violation in violations]),
        "]",
    ]
    if disputes is not None:
        parts += [', "disputes": [', ", ".join(map(str, disputes)), "]"]
    if scores is not None:
        parts += [', "scores": [', ", ".join(map(str, scores)), "]"]
    parts.append("}")
    return "".join(parts)


def replay_hand(record: HandRecord) -> ReplayResult:
    """Play ``record`` out: trick winners, tricks won, every violation in play
    order, and the disputes and scores where the record allows.

    Where ``hands`` are not given, each seat's hand is taken to be the cards it
    played, so a revoke is proven by a later card of the suit not followed.

    >>> from scorekeeper.rules.records import parse_record
    >>> record = parse_record({"players": ["Ann", "Bob", "Cy"], "dealer": 2,
    ...     "trump": "S", "plays": [["AH", "2C", "3H"], ["4C", "5H", "6C"]]})
    >>> for violation in replay_hand(record).violations:
    ...     print(violation.trick, violation.seat, violation.card, violation.rule)
    ...     print(violation.detail)
    0 1 2C revoke
    Bob played 2♣ on a heart lead while holding 5♥, which Bob played later, in the 2nd trick.

    :raise RulesError: only for a record built by hand with inconsistent
        fields; records from :func:`~scorekeeper.rules.records.parse_record`
        always replay.
    """
    outcome, won, disputes, scores = _play(record)
    tricks = tuple(map(Trick._make, zip(outcome.leaders, record.plays, outcome.winners)))
    return ReplayResult(tricks, won, tuple(outcome.violations), disputes, scores)


def replay_to_json(record: HandRecord) -> tuple[str, bool]:
    """``replay_hand(record).to_json()`` and ``.is_clean``, without building the
    result's objects: the command line's path.

    >>> from scorekeeper.rules.records import parse_record
    >>> replay_to_json(parse_record({"players": ["A", "B"], "dealer": 1,
    ...                              "trump": None, "plays": [["2C", "3C"]]}))[1]
    True
    """
    outcome, won, disputes, scores = _play(record)
    text = _json_text(
        outcome.leaders, record.plays, outcome.winners, won, outcome.violations, disputes, scores
    )
    return text, not outcome.violations and not (disputes and any(disputes))


def _play(
    record: HandRecord,
) -> tuple[PlayOutcome, tuple[int, ...], tuple[int, ...] | None, tuple[int, ...] | None]:
    """What :func:`replay` finds: the outcome of play, the tricks won, and
    the disputes and scores where the record allows."""
    n = len(record.players)
    hands: Sequence[Sequence[Card] | None] = (None,) * n if record.hands is None else record.hands
    outcome = play_out(
        record.plays, n, (record.dealer + 1) % n, record.trump_suit, hands, record.rules,
        trump_card=record.trump_card, names=record.players,
    )
    won = tuple(outcome.won)
    disputes = None
    if record.claimed_tricks is not None:
        disputes = tuple(claimed - taken for claimed, taken in zip(record.claimed_tricks, won))
    scores = None
    if record.bids is not None:
        scoring = find_scoring(record.scoring)
        scores = tuple(
            scoring.points(bid, taken, record.hand_size(seat))
            for seat, (bid, taken) in enumerate(zip(record.bids, won))
        )
    return outcome, won, disputes, scores
