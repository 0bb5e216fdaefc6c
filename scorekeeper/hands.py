"""The recorded hand of a round: load its events, check a new one, append it, commit.

A round's cards are stored as append-only :class:`~scorekeeper.models.HandEvent`
facts (a hand dealt, a card played, an undo, a restart). :func:`load_hand`
folds them into the rules engine's live :class:`~scorekeeper.rules.Deal`, so
whose turn it is, who won each trick and which plays broke a rule always come
from the engine, never from here. Every write is one transaction.

How a round of the sheet becomes a ``Deal``: its players in bidding order
(``RoundSheet.order``: the seat after the dealer first, the dealer last) are
the Deal's seats 0..m-1, with the dealer at m-1, so seat 0 leads the first
trick. A player who sits the round out is not in it. A hand dealt counts as
known only once all its cards are entered; until then the player's hand is
derived from the cards they play.

Applying the replayed tricks: to a closed round it is a ``correct`` change
(checked by :meth:`Sheet.check_correction`, shown on the history page); to the
round being played it is one ``tricks`` change per player whose written count
differs, stored together in one transaction, and the round stays open so the
table closes it as usual (the round screen's undo takes them back one by one).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from . import services
from .extensions import db
from .models import Change, Game, HandEvent
from .rules import (
    Card,
    Deal,
    InvalidCard,
    MalformedRecord,
    Suit,
    Violation,
    find_scoring,
    parse_card,
    parse_record,
    record_to_dict,
    score_hand,
)
from .rules.errors import UnknownPreset
from .rules.records import FORMAT
from .sheet import RoundSheet, Sheet, SheetError
from .templating import card_label, suit_name

#: Event kinds.
DEAL, CARD, UNDO, RESET = "deal", "card", "undo", "reset"
#: How often a write is retried when another phone took the same event number.
WRITE_ATTEMPTS = 3


class HandError(ValueError):
    """An entry the recorder tried to make cannot be stored.

    ``status`` is the HTTP status the web layer answers with: 422 for input
    that is refused, 409 when the hand changed since the phone last saw it.
    """

    def __init__(self, message: Any, status: int = 422) -> None:
        super().__init__(message)
        self.message = message
        self.status = status

    def __str__(self) -> str:
        return str(self.message)


@dataclass(frozen=True)
class ImportProblem:
    """One thing wrong with an imported hand record: where, and why."""

    field: str
    reason: str


class RecordRefused(ValueError):
    """An imported hand record was refused; ``problems`` lists every reason found."""

    def __init__(self, problems: list[ImportProblem]) -> None:
        super().__init__("; ".join(f"{p.field}: {p.reason}" for p in problems))
        self.problems = problems


@dataclass
class TrickLine:
    """A finished trick as the page shows it (players by id, 1-based number)."""

    number: int
    leader: int
    plays: list[tuple[int, Card]]
    winner: int


@dataclass
class Flag:
    """A violation in the table's words."""

    trick: int
    player: int
    card: Card | None
    rule: str
    rule_name: str
    text: str


@dataclass
class Hand:
    """A round's recorded hand, folded from its events."""

    game: Game
    sheet: Sheet
    rnd: RoundSheet
    #: Player ids by the Deal's seat number (bidding order, the dealer last).
    players: list[int]
    #: Hands entered per player id (complete or not), as entered.
    entered: dict[int, tuple[Card, ...]]
    deal: Deal
    #: Every stored event of the round, oldest first.
    events: list[HandEvent] = field(default_factory=list)
    #: The events in force (not undone or reset), oldest first.
    in_force: list[HandEvent] = field(default_factory=list)

    @property
    def last_seq(self) -> int:
        return self.events[-1].seq if self.events else 0

    # -- who is who --------------------------------------------------------

    def name(self, player: int) -> str:
        return self.sheet.name(player)

    def player_at(self, seat: int) -> int:
        return self.players[seat]

    @property
    def decks(self) -> int:
        return self.sheet.ruleset.decks

    @property
    def is_known(self) -> dict[int, bool]:
        """Whether each player's whole hand is entered (and so checked card by card)."""
        return {p: len(self.entered.get(p, ())) == self.rnd.cards for p in self.players}

    # -- the state of play ---------------------------------------------------

    @property
    def played(self) -> int:
        """Cards played so far (the ``at`` a phone sends back with its next tap)."""
        return len(self.deal.move_stack)

    @property
    def is_complete(self) -> bool:
        return self.deal.is_complete

    @property
    def is_started(self) -> bool:
        return bool(self.in_force)

    def whose_turn(self) -> int | None:
        seat = self.deal.whose_turn()
        return None if seat is None else self.players[seat]

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        return [(self.players[p.seat], p.card) for p in self.deal.current_trick]

    @property
    def tricks(self) -> list[TrickLine]:
        return [
            TrickLine(
                number, self.players[t.leader],
                [(self.players[(t.leader + j) % len(self.players)], card)
                 for j, card in enumerate(t.cards)],
                self.players[t.winner],
            )
            for number, t in enumerate(self.deal.tricks, start=1)
        ]

    @property
    def tricks_won(self) -> dict[int, int]:
        return {self.players[seat]: n for seat, n in self.deal.tricks_won.items()}

    def copies_left(self) -> dict[Card, int]:
        """How many copies of each card can still be played (the turned-up
        trump card is not known to the sheet, so it is not counted)."""
        left = {card: self.decks for card in _ALL_CARDS}
        for play in self.deal.move_stack:
            left[play.card] = max(0, left[play.card] - 1)
        return left

    def legal_cards(self) -> set[Card] | None:
        """The cards the player to play may play, when their hand is known."""
        cards = self.deal.legal_cards()
        return None if cards is None else set(cards)

    def picker(self) -> list[tuple[str, list[tuple[str, int, bool]]]]:
        """The card picker, a row per suit (spades, hearts, diamonds, clubs; ace
        first): each card's text, the copies left to play, and whether it would
        break a rule for the player to play (known hands only; flagged, never
        blocked)."""
        left = self.copies_left()
        legal = self.legal_cards()
        return [
            (suit, [(str(card), left[card], legal is not None and card not in legal)
                    for card in _PICKER_ROWS[suit]])
            for suit in "SHDC"
        ]

    def dealt_copies(self) -> dict[Card, list[int]]:
        """Who was dealt each card (entered hands, complete or not)."""
        out: dict[Card, list[int]] = {}
        for player, cards in self.entered.items():
            for card in cards:
                out.setdefault(card, []).append(player)
        return out

    # -- the verdict ---------------------------------------------------------

    @property
    def flags(self) -> list[Flag]:
        return [self.flag(v) for v in self.deal.violations]

    def flag(self, violation: Violation) -> Flag:
        """A violation in words a player understands, in the page's language."""
        player = self.players[violation.seat]
        t = violation.trick
        card = violation.card
        values = {"trick": t + 1, "name": self.name(player),
                  "card": card_label(str(card)) if card else ""}
        led = self._trick_cards(t)[0].suit if self._trick_cards(t) else None
        if violation.rule == "revoke" and led is not None:
            held, later = self._held(violation.seat, t, led)
            text = _("Trick %(trick)s: %(name)s did not follow suit. %(suit)s were led and "
                     "%(name)s played %(card)s while holding %(held)s.",
                     suit=suit_name(led.value).capitalize(), held=card_label(str(held)), **values)
            if later is not None:
                text += " " + _("%(name)s played %(held)s later, in trick %(later)s.",
                                name=values["name"], held=card_label(str(held)), later=later)
        elif violation.rule == "must-trump" and led is not None and self.deal.trump:
            held, later = self._held(violation.seat, t, self.deal.trump)
            text = _("Trick %(trick)s: %(name)s could not follow %(suit)s but held the trump "
                     "%(held)s and played %(card)s. With these rules a player who cannot "
                     "follow suit must trump.",
                     suit=suit_name(led.value), held=card_label(str(held)), **values)
            if later is not None:
                text += " " + _("%(name)s played %(held)s later, in trick %(later)s.",
                                name=values["name"], held=card_label(str(held)), later=later)
        elif violation.rule == "not-in-hand":
            text = _("Trick %(trick)s: %(name)s played %(card)s, which is not in the hand "
                     "%(name)s was dealt.", **values)
        elif violation.rule == "played-twice":
            text = _("Trick %(trick)s: %(name)s played %(card)s, but every copy of that card "
                     "had already been played.", **values)
        else:
            text = _("Trick %(trick)s: %(name)s played a different number of cards from the "
                     "hand dealt.", **values)
        return Flag(t + 1, player, card, violation.rule, str(RULE_NAMES[violation.rule]), text)

    def _trick_cards(self, t: int) -> list[Card]:
        m = len(self.players)
        return [play.card for play in self.deal.move_stack[t * m:(t + 1) * m]]

    def _held(self, seat: int, t: int, suit: Suit) -> tuple[Card, int | None]:
        """The highest card of ``suit`` the seat still held in trick ``t``, and
        the trick (1-based) it was played in later, when the hand is derived."""
        stack = self.deal.move_stack
        known = self.deal.hand(seat) is not None
        if known:
            remaining = list(self.entered[self.players[seat]])
            for play in stack:
                if play.seat == seat and play.trick < t and play.card in remaining:
                    remaining.remove(play.card)
            held = [c for c in remaining if c.suit == suit]
            return max(held), None
        later = [(play.card, play.trick + 1) for play in stack
                 if play.seat == seat and play.trick > t and play.card.suit == suit]
        card, number = max(later, key=lambda item: item[0])
        return card, number

    @property
    def written(self) -> dict[int, int]:
        """The tricks the table wrote down for this round (possibly partial)."""
        return dict(self.rnd.tricks)

    @property
    def disputed(self) -> dict[int, int]:
        """Written minus replayed, for the players whose count was written and differs."""
        won = self.tricks_won
        return {p: self.rnd.tricks[p] - won[p] for p in self.players
                if p in self.rnd.tricks and self.rnd.tricks[p] != won[p]}

    @property
    def disputed_names(self) -> str:
        return ", ".join(self.name(p) for p in self.disputed)

    def points(self) -> dict[int, int] | None:
        """The points the replayed tricks would give, once the hand is complete
        and every bid is in (the game's scoring, misses before this round counted)."""
        if not self.is_complete or not self.rnd.is_bidding_complete:
            return None
        won = self.tricks_won
        misses = {p: 0 for p in self.players}
        for earlier in self.sheet.closed_rounds:
            if earlier.number >= self.rnd.number:
                break
            for p in earlier.order:
                if p in misses and earlier.bids[p] != earlier.tricks[p]:
                    misses[p] += 1
        points = score_hand(
            self.sheet.ruleset.scoring, [self.rnd.bids[p] for p in self.players],
            [won[p] for p in self.players], self.rnd.cards, [misses[p] for p in self.players],
        )
        return dict(zip(self.players, points))

    def written_points(self) -> dict[int, int] | None:
        return self.sheet.round_points(self.rnd) if self.rnd.closed else None

    @property
    def can_apply(self) -> bool:
        """Whether one tap can write the replayed tricks into the round."""
        if not self.is_complete or not self.rnd.is_bidding_complete:
            return False
        if not self.rnd.closed and (self.sheet.current is None
                                    or self.sheet.current.number != self.rnd.number):
            return False
        won = self.tricks_won
        return any(self.rnd.tricks.get(p) != won[p] for p in self.players)

    # -- the hand record -------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The hand as a HAND_RECORD.md object: the round's players in their
        clockwise order, every card played, and (when known) the hands dealt,
        the bids and the tricks written down."""
        circle = [p for p in self.sheet.circle if p in self.players]
        dealer = circle.index(self.rnd.dealer)
        m = len(self.players)
        stack = [play.card for play in self.deal.move_stack]
        out: dict[str, Any] = {
            "format": FORMAT,
            "players": [self.name(p) for p in circle],
            "dealer": dealer,
            "trump": None if self.deal.trump is None else self.deal.trump.value,
            "plays": [[str(c) for c in stack[i:i + m]] for i in range(0, len(stack), m)],
        }
        if all(self.is_known.values()):
            out["hands"] = [[str(c) for c in self.entered[p]] for p in circle]
        if self.is_complete and self.rnd.is_bidding_complete:
            out["bids"] = [self.rnd.bids[p] for p in circle]
        if self.is_complete and all(p in self.rnd.tricks for p in circle) \
                and sum(self.rnd.tricks.values()) == self.rnd.cards:
            out["claimed_tricks"] = [self.rnd.tricks[p] for p in circle]
        rules: dict[str, Any] = {
            "decks": self.decks,
            "must_trump": self.sheet.ruleset.must_trump,
            "identical_cards": self.sheet.ruleset.identical_cards,
        }
        scoring = self.sheet.ruleset.scoring
        try:
            if find_scoring(scoring.name) == scoring:
                rules["scoring"] = scoring.name
        except UnknownPreset:
            pass  # a scoring of the table's own: the command line scores it as standard
        out["rules"] = rules
        return record_to_dict(parse_record(out)) if out["plays"] else out


_ALL_CARDS = tuple(parse_card(r + s) for s in "CDHS" for r in "23456789TJQKA")
_PICKER_ROWS = {suit: tuple(parse_card(r + suit) for r in "AKQJT98765432") for suit in "SHDC"}
#: The cards of the picker, a row per suit.
PICKER_CARDS = tuple(_PICKER_ROWS.values())

RULE_NAMES = {
    "revoke": _l("revoke"),
    "must-trump": _l("must trump"),
    "not-in-hand": _l("card not in hand"),
    "played-twice": _l("card played twice"),
    "wrong-count": _l("wrong number of cards"),
}


# --- Loading ------------------------------------------------------------------


def events_of(game: Game, number: int) -> list[HandEvent]:
    return list(db.session.scalars(
        select(HandEvent).where(HandEvent.game_id == game.id, HandEvent.round == number)
        .order_by(HandEvent.seq)
    ))


def in_force(events: list[HandEvent]) -> list[HandEvent]:
    """The events still in force: an undo takes back the latest deal or card,
    a reset everything before it."""
    stack: list[HandEvent] = []
    for event in events:
        if event.kind == RESET:
            stack.clear()
        elif event.kind == UNDO:
            if stack:
                stack.pop()
        else:
            stack.append(event)
    return stack


def round_of(sheet: Sheet, number: int) -> RoundSheet:
    """The round whose hand may be recorded.

    :raise SheetError: when the game has no such round.
    :raise HandError: when the round has not begun, its trump is not chosen,
        or the deck cannot deal it.
    """
    rnd = sheet.round(number)
    current = sheet.current
    if not rnd.closed and (current is None or rnd.number > current.number):
        raise HandError(_l("Round %(number)s has not started yet.", number=number))
    if not rnd.fits:
        raise HandError(_l("Round %(number)s deals more cards than the deck holds.",
                           number=number))
    return rnd


def fold(game: Game, sheet: Sheet, number: int, events: list[HandEvent]) -> Hand:
    """The hand of round ``number`` from its stored events."""
    rnd = sheet.round(number)
    players = list(rnd.order)
    force = in_force(events)
    entered: dict[int, tuple[Card, ...]] = {}
    cards: list[Card] = []
    for event in force:
        if event.kind == DEAL:
            hand = tuple(parse_card(c) for c in event.cards or ())
            if hand:
                entered[event.seat] = hand
            else:
                entered.pop(event.seat, None)
        elif event.kind == CARD:
            cards.append(parse_card(event.cards[0]))
    known = {players.index(p): hand for p, hand in entered.items()
             if p in players and len(hand) == rnd.cards}
    trump = None if rnd.trump is None else Suit(rnd.trump)
    deal = Deal(range(len(players)), len(players) - 1, trump, rnd.cards, known,
                rules=sheet.ruleset, names=[sheet.name(p) for p in players])
    deal.extend(cards[:rnd.cards * len(players)])
    return Hand(game, sheet, rnd, players, entered, deal, events, force)


def load_hand(game: Game, number: int) -> Hand:
    """The game's sheet and the recorded hand of round ``number``.

    :raise SheetError: when the game has no such round.
    :raise HandError: when the round's hand cannot be recorded yet.
    """
    sheet = services.load_sheet(game)
    round_of(sheet, number)
    return fold(game, sheet, number, events_of(game, number))


# --- Writing --------------------------------------------------------------------


Build = Callable[[Hand], list[dict[str, Any]]]


def append(game: Game, number: int, build: Build, author: str | None = None,
           hand: Hand | None = None) -> Hand:
    """Check new events against the hand as stored, append them, commit; return the new hand.

    ``build`` gets the current hand and returns the events to store (``kind``,
    ``seat``, ``cards``) or raises :class:`HandError`. ``hand`` is the hand
    the caller has just loaded, if any (it saves loading it again). When
    another phone wrote in between, ``build`` runs again on the new state.
    """
    for attempt in range(WRITE_ATTEMPTS):
        if hand is None or attempt:
            hand = load_hand(game, number)
        new = [HandEvent(game_id=game.id, round=number, seq=hand.last_seq + i, author=author,
                         **fields)
               for i, fields in enumerate(build(hand), start=1)]
        db.session.add_all(new)
        try:
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            services.check_still_there(game)
            continue
        # Hand events change nothing on the sheet: fold the new events onto it.
        return fold(game, hand.sheet, number, hand.events + new)
    raise HandError(_l("Another phone is recording this hand at the same moment; try again."),
                    409)


def check_at(hand: Hand, at: int | None) -> None:
    """Refuse a tap made on a hand that has changed since the phone showed it
    (a double tap, or another phone)."""
    if at is not None and at != hand.played:
        raise HandError(
            _l("The hand changed since this screen was drawn (a double tap or another "
               "phone); here it is as it stands now."), 409)


def read_card(text: str) -> Card:
    try:
        return parse_card(text)
    except InvalidCard:
        raise HandError(_l("“%(text)s” is not a card.", text=(text or "")[:12])) from None


def check_trump(hand: Hand) -> None:
    if not hand.rnd.trump_chosen:
        raise HandError(_l("Choose the trump on the round screen first."))


def play_card(game: Game, number: int, text: str, at: int | None = None,
              author: str | None = None, hand: Hand | None = None) -> Hand:
    """Record the next card, for the player whose turn it is, legal or not."""
    card = read_card(text)

    def build(hand: Hand) -> list[dict[str, Any]]:
        check_trump(hand)
        check_at(hand, at)
        if hand.is_complete:
            raise HandError(ngettext(
                "The %(num)s trick is recorded; undo a card to change it.",
                "All %(num)s tricks are recorded; undo a card to change one.", hand.rnd.cards))
        return [{"kind": CARD, "seat": hand.whose_turn(), "cards": [str(card)]}]

    return append(game, number, build, author, hand)


def undo(game: Game, number: int, at: int | None = None, author: str | None = None,
         hand: Hand | None = None) -> Hand:
    """Take back the latest card (or hand entry) still in force."""

    def build(hand: Hand) -> list[dict[str, Any]]:
        check_at(hand, at)
        if not hand.in_force:
            raise HandError(_l("Nothing is recorded yet, so there is nothing to undo."))
        return [{"kind": UNDO, "seat": None, "cards": None}]

    return append(game, number, build, author, hand)


def restart(game: Game, number: int, author: str | None = None) -> Hand:
    """Start the hand over (kept in the events, like everything else)."""

    def build(hand: Hand) -> list[dict[str, Any]]:
        if not hand.in_force:
            raise HandError(_l("Nothing is recorded yet."))
        return [{"kind": RESET, "seat": None, "cards": None}]

    return append(game, number, build, author)


def toggle_dealt(game: Game, number: int, player: int, text: str,
                 author: str | None = None, hand: Hand | None = None) -> Hand:
    """Add a card to a player's dealt hand, or take it out if it is there."""
    card = read_card(text)

    def build(hand: Hand) -> list[dict[str, Any]]:
        check_trump(hand)
        if player not in hand.players:
            raise HandError(_l("That player does not play this round."))
        cards = list(hand.entered.get(player, ()))
        if card in cards:
            cards.remove(card)
        else:
            if len(cards) >= hand.rnd.cards:
                raise HandError(ngettext(
                    "%(name)s's hand already has its %(num)s card; tap it to take it out.",
                    "%(name)s's hand already has all %(num)s cards; tap a card in it to take "
                    "it out.", hand.rnd.cards, name=hand.name(player)))
            holders = hand.dealt_copies().get(card, [])
            if len(holders) >= hand.decks:
                raise HandError(_l("%(card)s is already in %(name)s's hand.",
                                   card=card_label(str(card)), name=hand.name(holders[0])))
            cards.append(card)
        return [{"kind": DEAL, "seat": player, "cards": [str(c) for c in cards]}]

    return append(game, number, build, author, hand)


def apply_replay(game: Game, number: int, author: str | None = None) -> Sheet:
    """Write the replayed tricks into the round (see the module docstring)."""
    for _attempt in range(WRITE_ATTEMPTS):
        hand = load_hand(game, number)
        if not hand.is_complete:
            raise HandError(_l("Record every card of the hand first."))
        if not hand.rnd.is_bidding_complete:
            raise HandError(_l("Enter every bid on the round screen first."))
        won = hand.tricks_won
        rnd = hand.rnd
        sheet = hand.sheet
        if rnd.closed:
            if all(rnd.tricks[p] == won[p] for p in hand.players):
                raise HandError(_l("The round already has the replayed tricks."))
            sheet.check_correction(number, rnd.trump, rnd.bids, won)
            changes = [{"kind": "correct", "round": number, "seat": None, "value": {
                "trump": rnd.trump,
                "bids": {str(p): rnd.bids[p] for p in rnd.order},
                "tricks": {str(p): won[p] for p in rnd.order},
            }}]
        else:
            sheet.live_round(number)
            changes = [{"kind": "tricks", "round": number, "seat": p, "value": won[p]}
                       for p in rnd.order if rnd.tricks.get(p) != won[p]]
            if not changes:
                raise HandError(_l("The round already has the replayed tricks."))
        # Numbered after the changes the checks above saw: when another phone
        # wrote since, the numbers collide and the checks run again.
        seq = sheet.version
        for fields in changes:
            seq += 1
            db.session.add(Change(game_id=game.id, seq=seq, author=author, **fields))
        try:
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            services.check_still_there(game)
            db.session.expire(game)
            continue
        db.session.expire(game, ["changes"])
        return services.load_sheet(game)
    raise SheetError(_l("Another phone is entering for this game at the same moment; try again."))


# --- Hand records in ------------------------------------------------------------


def decode_record(text: str) -> object:
    """Decode an uploaded or pasted record.

    :raise RecordRefused: naming the problem (field ``record``).
    """
    if not text.strip():
        raise RecordRefused([ImportProblem("record", _("The file or the pasted text is empty."))])
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordRefused([ImportProblem(
            "record", _("This is not valid JSON: %(msg)s (line %(line)s, column %(col)s).",
                        msg=error.msg, line=error.lineno, col=error.colno))]) from None
    except (ValueError, RecursionError):
        raise RecordRefused([ImportProblem("record", _("This is not valid JSON."))]) from None


def check_record(hand: Hand, obj: object) -> list[dict[str, Any]]:
    """The events that replace the hand with the record's, or every reason not to.

    :raise RecordRefused: for a malformed record (the engine names the field) or
        a record of another round (players, dealer, trump, hand size, rules).
    """
    try:
        record = parse_record(obj)
    except MalformedRecord as error:
        raise RecordRefused([ImportProblem(error.field, error.reason)]) from None
    rnd, sheet = hand.rnd, hand.sheet
    problems: list[ImportProblem] = []
    names = {sheet.name(p).casefold(): p for p in hand.players}
    seat_player: list[int | None] = [names.get(n.casefold()) for n in record.players]
    for i, player in enumerate(seat_player):
        if player is None:
            problems.append(ImportProblem(f"players[{i}]", _(
                "%(name)s does not play round %(number)s.",
                name=record.players[i], number=rnd.number)))
    missing = [sheet.name(p) for p in hand.players if p not in seat_player]
    if missing:
        problems.append(ImportProblem("players", _(
            "The record leaves out %(names)s, who play round %(number)s.",
            names=", ".join(missing), number=rnd.number)))
    if not problems:
        dealer = seat_player[record.dealer]
        if dealer != rnd.dealer:
            problems.append(ImportProblem("dealer", _(
                "%(name)s deals round %(number)s, not %(other)s.",
                name=sheet.name(rnd.dealer), number=rnd.number, other=sheet.name(dealer))))
        else:
            n = len(record.players)
            order = [seat_player[(record.dealer + k) % n] for k in range(1, n + 1)]
            if order != hand.players:
                problems.append(ImportProblem("players", _(
                    "The players sit in another order than in this game: %(order)s.",
                    order=", ".join(sheet.name(p) for p in hand.players))))
    trump = record.trump_suit
    if (None if trump is None else trump.value) != rnd.trump:
        problems.append(ImportProblem("trump", _(
            "Round %(number)s is played with %(trump)s, not %(other)s.", number=rnd.number,
            trump=suit_name(rnd.trump), other=suit_name(None if trump is None else trump.value))))
    if len(record.plays) > rnd.cards:
        problems.append(ImportProblem("plays", ngettext(
            "The record has %(num)s trick, but round %(number)s deals %(cards)s cards each.",
            "The record has %(num)s tricks, but round %(number)s deals %(cards)s cards each.",
            len(record.plays), number=rnd.number, cards=rnd.cards)))
    m = len(hand.players)
    for t, trick in enumerate(record.plays[:-1]):
        if len(trick) != m:
            problems.append(ImportProblem(f"plays[{t}]", _(
                "Only the last trick may be unfinished: this one has %(count)s cards for "
                "%(players)s players.", count=len(trick), players=m)))
    if record.hands is not None:
        for i, dealt in enumerate(record.hands):
            if len(dealt) != rnd.cards:
                problems.append(ImportProblem(f"hands[{i}]", ngettext(
                    "Round %(number)s deals %(cards)s cards each, but this hand has %(num)s.",
                    "Round %(number)s deals %(cards)s cards each, but this hand has %(num)s.",
                    len(dealt), number=rnd.number, cards=rnd.cards)))
    ruleset = sheet.ruleset
    if record.rules.decks != ruleset.decks:
        problems.append(ImportProblem("rules.decks", ngettext(
            "This game is played with %(num)s deck, not %(other)s.",
            "This game is played with %(num)s decks, not %(other)s.",
            ruleset.decks, other=record.rules.decks)))
    if record.rules.must_trump != ruleset.must_trump:
        problems.append(ImportProblem("rules.must_trump", _(
            "The record's must-trump rule differs from this game's.")))
    if problems:
        raise RecordRefused(problems)
    events: list[dict[str, Any]] = [{"kind": RESET, "seat": None, "cards": None}]
    if record.hands is not None:
        for i, dealt in enumerate(record.hands):
            events.append({"kind": DEAL, "seat": seat_player[i], "cards": [str(c) for c in dealt]})
    turn = fold_turns(hand, record)
    for player, card in turn:
        events.append({"kind": CARD, "seat": player, "cards": [str(card)]})
    return events


def fold_turns(hand: Hand, record) -> list[tuple[int, Card]]:
    """Who played each card of the record, by replaying it in a fresh Deal."""
    deal = Deal(range(len(hand.players)), len(hand.players) - 1, record.trump_suit,
                hand.rnd.cards, rules=hand.sheet.ruleset)
    out = []
    for trick in record.plays:
        for card in trick:
            out.append((hand.players[deal.whose_turn()], card))
            deal.extend([card])
    return out


def import_record(game: Game, number: int, text: str, author: str | None = None) -> Hand:
    """Replace the round's recorded hand with an imported hand record, in one
    transaction (the old events stay, out of force behind a reset).

    :raise RecordRefused: naming every problem found; nothing is stored then.
    """
    obj = decode_record(text)
    return append(game, number, lambda hand: check_trump(hand) or check_record(hand, obj), author)

