"""Every tap of the hand recorder: checked against the recorded hand, and the events it stores.

Each function takes the :class:`~scorekeeper.game.hand.Hand` as it stands and
what the phone sent, raises :class:`~scorekeeper.game.errors.GameError` (a
:class:`~scorekeeper.game.errors.Conflict` when the hand changed under the
phone) and otherwise returns the events to append. A card that breaks a rule
is recorded and flagged, never refused. :func:`replay_changes` turns a
complete hand into the sheet changes that write its tricks into the round.
"""

from __future__ import annotations

from ..rules import Card, InvalidCard, parse_card
from .entries import correction, live_round
from .errors import Conflict, GameError
from .hand import CARD, DEAL, RESET, UNDO, Hand, NewHandEvent
from .rounds import NewChange


def read_card(text: str) -> Card:
    """The card a phone sent.

    :raise GameError: when the text is not a card.
    """
    try:
        return parse_card(text)
    except InvalidCard:
        raise GameError("not-a-card", text=(text or "")[:12]) from None


def check_at(hand: Hand, at: int | None) -> None:
    """Refuse a tap made on a hand that has changed since the phone showed it
    (a double tap, or another phone)."""
    if at is not None and at != hand.played:
        raise Conflict("hand-changed")


def check_trump(hand: Hand) -> None:
    if not hand.rnd.trump_chosen:
        raise GameError("hand-needs-trump")


def card(hand: Hand, card: Card, at: int | None) -> list[NewHandEvent]:
    """The next card, for the player whose turn it is, legal or not."""
    check_trump(hand)
    check_at(hand, at)
    if hand.is_complete:
        raise GameError("hand-complete", num=hand.rnd.cards)
    return [NewHandEvent(CARD, hand.whose_turn(), [str(card)])]


def undo(hand: Hand, at: int | None) -> list[NewHandEvent]:
    """Take back the latest card (or hand entry) still in force."""
    check_at(hand, at)
    if not hand.in_force:
        raise GameError("hand-nothing-to-undo")
    return [NewHandEvent(UNDO)]


def restart(hand: Hand) -> list[NewHandEvent]:
    """Start the hand over (the old events stay, out of force behind a reset)."""
    if not hand.in_force:
        raise GameError("hand-nothing-recorded")
    return [NewHandEvent(RESET)]


def toggle_dealt(hand: Hand, player: int, card: Card) -> list[NewHandEvent]:
    """Add a card to a player's dealt hand, or take it out if it is there."""
    check_trump(hand)
    cards = list(hand.entered.get(player, ()))
    if card in cards:
        cards.remove(card)
    else:
        cards.append(card)
    return [dealt(hand, player, cards)]


def dealt(hand: Hand, player: int, cards: list[Card]) -> NewHandEvent:
    """The player's dealt hand, as entered so far: no more cards than the
    round deals, and no card more often than the decks hold it.

    :raise GameError: ``not-in-this-round``, ``hand-full`` or ``card-dealt``.
    """
    if player not in hand.players:
        raise GameError("not-in-this-round")
    if len(cards) > hand.rnd.cards:
        raise GameError("hand-full", name=hand.name(player), num=hand.rnd.cards)
    holders = {card: [p for p in others if p != player]
               for card, others in hand.dealt_copies().items()}
    for card in cards:
        holders.setdefault(card, [])
        if len(holders[card]) >= hand.decks:
            raise GameError("card-dealt", card=str(card), name=hand.name(holders[card][0]))
        holders[card].append(player)
    return NewHandEvent(DEAL, player, [str(c) for c in cards])


def replay_changes(hand: Hand) -> list[NewChange]:
    """The replayed tricks written into the round.

    To a closed round it is one ``correct`` change, checked like any
    correction; to the round being played it is one ``tricks`` change per
    player whose written count differs, and the round stays open so the table
    closes it as usual.
    """
    if not hand.is_complete:
        raise GameError("replay-incomplete")
    rnd, sheet = hand.rnd, hand.sheet
    if not rnd.is_bidding_complete:
        raise GameError("replay-needs-bids")
    won = hand.tricks_won
    if rnd.closed:
        if all(rnd.tricks[p] == won[p] for p in hand.players):
            raise GameError("replay-same")
        return [correction(sheet, rnd.number, rnd.trump, rnd.bids, won)]
    live_round(sheet, rnd.number)
    changes = [NewChange("tricks", round=rnd.number, player=p, value=won[p])
               for p in rnd.order if rnd.tricks.get(p) != won[p]]
    if not changes:
        raise GameError("replay-same")
    return changes
