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
    rnd, sheet = hand.rnd, hand.sheet
    problems: list[ImportProblem] = []
    names = {sheet.name(p).casefold(): p for p in hand.players}
    seat_player: list[int | None] = [names.get(n.casefold()) for n in record.players]
    for i, player in enumerate(seat_player):
        if player is None:
            problems.append(ImportProblem(f"players[{i}]", "not-playing", {
                "name": record.players[i], "number": rnd.number}))
    missing = [sheet.name(p) for p in hand.players if p not in seat_player]
    if missing:
        problems.append(ImportProblem("players", "left-out", {
            "names": ", ".join(missing), "number": rnd.number}))
    if not problems:
        dealer = seat_player[record.dealer]
        if dealer != rnd.dealer:
            problems.append(ImportProblem("dealer", "other-dealer", {
                "name": sheet.name(rnd.dealer), "number": rnd.number,
                "other": sheet.name(dealer)}))
        else:
            n = len(record.players)
            order = [seat_player[(record.dealer + k) % n] for k in range(1, n + 1)]
            if order != hand.players:
                problems.append(ImportProblem("players", "other-order", {
                    "order": ", ".join(sheet.name(p) for p in hand.players)}))
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
    if record.hands is not None:
        for i, dealt in enumerate(record.hands):
            if len(dealt) != rnd.cards:
                problems.append(ImportProblem(f"hands[{i}]", "hand-size", {
                    "num": len(dealt), "number": rnd.number, "cards": rnd.cards}))
    ruleset = sheet.ruleset
    if record.rules.decks != ruleset.decks:
        problems.append(ImportProblem("rules.decks", "other-decks", {
            "num": ruleset.decks, "other": record.rules.decks}))
    if record.rules.must_trump != ruleset.must_trump:
        problems.append(ImportProblem("rules.must_trump", "other-must-trump"))
    if problems:
        raise RecordRefused(problems)
    events = [NewHandEvent(RESET)]
    if record.hands is not None:
        for i, dealt in enumerate(record.hands):
            events.append(NewHandEvent(DEAL, seat_player[i], [str(c) for c in dealt]))
    for player, card in _turns(hand, record):
        events.append(NewHandEvent(CARD, player, [str(card)]))
    return events


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
