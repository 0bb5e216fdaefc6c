"""Hand records in and out: a recorded hand as a hand record, and an imported
record checked against the round and turned into the events that replace its hand.

The format is described in docs/hand-record.md; the rules engine parses and
replays it (:mod:`scorekeeper.rules.records`).
"""

from __future__ import annotations

import json
from typing import Any

from ..rules import Card, Deal, MalformedRecord, find_scoring, parse_record, record_to_dict
from ..rules.errors import UnknownPreset
from ..rules.records import FORMAT
from .errors import ImportProblem, RecordRefused
from .hand import CARD, DEAL, RESET, Hand, NewHandEvent
from .hand_entries import check_trump
from .names import name_key


def hand_record(hand: Hand) -> dict[str, Any]:
    """The hand as a hand record (docs/hand-record.md): the round's players in their
    clockwise order, every card played, and (when known) the hands dealt,
    the bids and the tricks written down."""
    circle = [p for p in hand.sheet.circle if p in hand.players]
    dealer = circle.index(hand.rnd.dealer)
    m = len(hand.players)
    stack = [play.card for play in hand.deal.move_stack]
    out: dict[str, Any] = {
        "format": FORMAT,
        "players": [hand.name(p) for p in circle],
        "dealer": dealer,
        "trump": None if hand.deal.trump is None else hand.deal.trump.value,
        "plays": [[str(c) for c in stack[i:i + m]] for i in range(0, len(stack), m)],
    }
    if all(hand.is_known.values()):
        out["hands"] = [[str(c) for c in hand.entered[p]] for p in circle]
    if hand.is_complete and hand.rnd.is_bidding_complete:
        out["bids"] = [hand.rnd.bids[p] for p in circle]
    if hand.is_complete and all(p in hand.rnd.tricks for p in circle) \
            and sum(hand.rnd.tricks.values()) == hand.rnd.cards:
        out["claimed_tricks"] = [hand.rnd.tricks[p] for p in circle]
    rules: dict[str, Any] = {
        "decks": hand.decks,
        "must_trump": hand.sheet.ruleset.must_trump,
        "identical_cards": hand.sheet.ruleset.identical_cards,
    }
    scoring = hand.sheet.ruleset.scoring
    try:
        if find_scoring(scoring.name) == scoring:
            rules["scoring"] = scoring.name
    except UnknownPreset:
        pass  # a scoring of the table's own: the command line scores it as standard
    out["rules"] = rules
    return record_to_dict(parse_record(out)) if out["plays"] else out


def decode_record(text: str) -> object:
    """Decode an uploaded or pasted record.

    :raise RecordRefused: naming the problem (field ``record``).
    """
    if not text.strip():
        raise RecordRefused([ImportProblem("record", "empty")])
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordRefused([ImportProblem("record", "not-json-at", {
            "msg": error.msg, "line": error.lineno, "col": error.colno})]) from None
    except (ValueError, RecursionError):
        raise RecordRefused([ImportProblem("record", "not-json")]) from None


def check_record(hand: Hand, obj: object) -> list[NewHandEvent]:
    """The events that replace the hand with the record's, or every reason not to.

    :raise RecordRefused: for a malformed record (the engine names the field) or
        a record of another round (players, dealer, trump, hand size, rules).
    """
    try:
        record = parse_record(obj)
    except MalformedRecord as error:
        raise RecordRefused([ImportProblem(error.field, "malformed", {"reason": error.reason})]) \
            from None
    seat_player, problems = _seats(hand, record)
    problems += _round_problems(hand, record) + _rules_problems(hand.sheet.ruleset, record)
    if problems:
        raise RecordRefused(problems)
    events = [NewHandEvent(RESET)]
    if record.hands is not None:
        for i, dealt in enumerate(record.hands):
            events.append(NewHandEvent(DEAL, seat_player[i], [str(c) for c in dealt]))
    for player, card in _turns(hand, record):
        events.append(NewHandEvent(CARD, player, [str(card)]))
    return events


def _seats(hand: Hand, record) -> tuple[list[int | None], list[ImportProblem]]:
    """The player at each of the record's seats (by name), and what does not
    match the round: a name not playing, a player left out, another dealer or
    another order."""
    rnd, sheet = hand.rnd, hand.sheet
    problems: list[ImportProblem] = []
    names = {name_key(sheet.name(p)): p for p in hand.players}
    seat_player: list[int | None] = [names.get(name_key(n)) for n in record.players]
    for i, player in enumerate(seat_player):
        if player is None:
            problems.append(ImportProblem(f"players[{i}]", "not-playing", {
                "name": record.players[i], "number": rnd.number}))
    missing = [sheet.name(p) for p in hand.players if p not in seat_player]
    if missing:
        problems.append(ImportProblem("players", "left-out", {
            "names": ", ".join(missing), "number": rnd.number}))
    if problems:
        return seat_player, problems
    dealer = seat_player[record.dealer]
    if dealer != rnd.dealer:
        problems.append(ImportProblem("dealer", "other-dealer", {
            "name": sheet.name(rnd.dealer), "number": rnd.number,
            "other": sheet.name(dealer)}))
        return seat_player, problems
    n = len(record.players)
    order = [seat_player[(record.dealer + k) % n] for k in range(1, n + 1)]
    if order != hand.players:
        problems.append(ImportProblem("players", "other-order", {
            "order": ", ".join(sheet.name(p) for p in hand.players)}))
    return seat_player, problems


def _round_problems(hand: Hand, record) -> list[ImportProblem]:
    """What in the record does not fit the round: its trump, the number of
    tricks, an unfinished trick before the last, a dealt hand's size."""
    rnd = hand.rnd
    problems: list[ImportProblem] = []
    trump = record.trump_suit
    if (None if trump is None else trump.value) != rnd.trump:
        problems.append(ImportProblem("trump", "other-trump", {
            "number": rnd.number, "trump": rnd.trump,
            "other": None if trump is None else trump.value}))
    if len(record.plays) > rnd.cards:
        problems.append(ImportProblem("plays", "too-many-tricks", {
            "num": len(record.plays), "number": rnd.number, "cards": rnd.cards}))
    m = len(hand.players)
    for t, trick in enumerate(record.plays[:-1]):
        if len(trick) != m:
            problems.append(ImportProblem(f"plays[{t}]", "unfinished-trick", {
                "count": len(trick), "players": m}))
    for i, dealt in enumerate(record.hands or ()):
        if len(dealt) != rnd.cards:
            problems.append(ImportProblem(f"hands[{i}]", "hand-size", {
                "num": len(dealt), "number": rnd.number, "cards": rnd.cards}))
    return problems


def _rules_problems(ruleset, record) -> list[ImportProblem]:
    """The record's rules that differ from the table's: decks, must trump."""
    problems: list[ImportProblem] = []
    if record.rules.decks != ruleset.decks:
        problems.append(ImportProblem("rules.decks", "other-decks", {
            "num": ruleset.decks, "other": record.rules.decks}))
    if record.rules.must_trump != ruleset.must_trump:
        problems.append(ImportProblem("rules.must_trump", "other-must-trump"))
    return problems


def _turns(hand: Hand, record) -> list[tuple[int, Card]]:
    """Who played each card of the record, by replaying it in a fresh Deal."""
    deal = Deal(range(len(hand.players)), len(hand.players) - 1, record.trump_suit,
                hand.rnd.cards, rules=hand.sheet.ruleset)
    out = []
    for trick in record.plays:
        for card in trick:
            out.append((hand.players[deal.whose_turn()], card))
            deal.extend([card])
    return out


def import_events(hand: Hand, obj: object) -> list[NewHandEvent]:
    """The events that replace the round's hand with an imported record (the
    old events stay, out of force behind a reset).

    :raise GameError: when the round's trump is not chosen yet.
    :raise RecordRefused: naming every problem found.
    """
    check_trump(hand)
    return check_record(hand, obj)
