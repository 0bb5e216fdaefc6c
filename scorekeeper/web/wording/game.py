"""The game domain's errors in the page's language.

The domain (:mod:`scorekeeper.game`) raises errors with a ``kind`` and the
values their sentence quotes; here each kind is worded with Flask-Babel, so
there is one place to look for how a refused entry reads at the table.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ...game import GameError
from .cards import card_label, trump_label

#: Each kind of game error, worded in the page's language.
GAME_MESSAGES: dict[str, Any] = {
    # rounds and live entries
    "no-such-round": _l(
        "This game has no round %(number)s; it has %(count)s rounds."),
    "round-closed": _l(
        "Round %(number)s is already closed. To change it, use “Correct round %(number)s”."),
    "game-over": _l("The game is over; nothing more can be entered."),
    "round-not-started": _l(
        "Round %(number)s has not started yet; round %(current)s is being played."),
    "round-unfit": _l(
        "Round %(number)s deals %(cards)s cards to %(players)s players, more than "
        "the deck holds. Change the schedule first."),
    "not-in-round": _l("Seat %(seat)s does not play in round %(number)s."),
    "choose-trump": _l("Choose a trump suit or “no trump”."),
    "dealer-bids-last": _l(
        "%(name)s deals and bids last: enter the other bids first."),
    "bid-range": _l("%(name)s: the bid must be between 0 and %(cards)s."),
    "forbidden-bid": _l(
        "%(name)s deals and may not bid %(bid)s: the bids would total "
        "%(cards)s for %(cards)s tricks."),
    "zero-streak": _l(
        "%(name)s may not bid 0 again: no one bids 0 more than %(limit)s times in a row."),
    "bids-first": _l("Enter every bid before the tricks."),
    "tricks-range": _l("%(name)s: the tricks must be between 0 and %(cards)s."),
    "tricks-too-many": _l(
        "That makes %(total)s tricks, but only %(cards)s were played."),
    "close-needs-trump": _l("Choose the trump before closing the round."),
    "tricks-changed": _l("The tricks changed on another phone meanwhile. Check them and close "
                         "again."),
    "close-needs-bids": _l("Enter every bid before closing the round."),
    "close-needs-tricks": _l(
        "Tricks must add up to %(cards)s before the round can be closed; %(left)s left."),
    "round-open": _l(
        "Round %(number)s is not closed yet; enter it on the round screen."),
    "correction-incomplete": _l("Enter a bid and the tricks for every player."),
    "tricks-total": _l("Tricks total %(total)s, but %(cards)s were played."),
    "nothing-to-undo": _l("There is nothing to undo yet."),
    "undo-reopens": _l("Undoing now reopens round %(number)s, which is closed and scored."),
    "busy": _l(
        "Another phone is entering for this game at the same moment; try again."),
    # the roster, adjustments and the scoring
    "join-no-name": _l("Enter the new player's name."),
    "same-name": _l("Two players are called %(name)s; tell them apart."),
    "join-seat": _l("Choose where the new player sits."),
    "join-game-over": _l("The game is over; no one can join it now."),
    "table-full": _l("At most %(n)s players can play with these cards."),
    "start-rule": _l("Choose how the new player's score starts."),
    "start-number": _l("Enter the new player's starting score."),
    "not-at-table": _l("That player is not at the table."),
    "leave-game-over": _l("The game is over; no one needs to leave it."),
    "too-few-stay": _l("At least 2 players must stay in the game."),
    "too-few-every-round": _l("At least 2 players must play every round."),
    "round-begun": _l(
        "Round %(number)s has already begun; a player can sit out only a round "
        "nobody has bid in yet."),
    "sits-out-anyway": _l("%(name)s does not play round %(number)s anyway."),
    "adjust-player": _l("Choose a player."),
    "adjust-zero": _l("An adjustment of 0 points changes nothing."),
    "adjust-reason": _l(
        "Say why: the reason is shown in the grid and the export."),
    "same-scoring": _l("The game is already scored that way."),
    "decks-count": _l("Play with one deck or two."),
    "same-decks": _l("The game already plays with that many decks."),
    # the end of the game
    "end-finished": _l("The game is over already."),
    "end-round": _l(
        "Round %(current)s is being played: the game can end after it or before it."),
    "end-nothing-played": _l("No round has been played yet: play one before ending the game."),
    "end-last-round": _l("Round %(number)s is the last round anyway: the game ends after it."),
    "schedule-ended": _l(
        "The game ends after round %(number)s: undo that first to change the rounds."),
    # settling up
    "stake-amount": _l(
        "Enter the amount per point as a number with at most two decimals, up to %(most)s."),
    "stake-symbol": _l("A currency symbol has at most %(most)s characters and no digits."),
    # the schedule
    "schedule-what": _l("Choose what to change in the schedule."),
    "schedule-begun": _l("Only rounds not yet begun can change."),
    "schedule-same": _l("That changes nothing in the schedule."),
    "schedule-range": _l(
        "Only rounds not yet begun can change: choose a round from %(first)s "
        "to %(last)s."),
    "one-round-left": _l("A game needs at least one round."),
    "round-size": _l(
        "Round %(number)s can deal 1 to %(most)s cards each to %(players)s players."),
    # the hand recorder
    "hand-not-started": _l("Round %(number)s has not started yet."),
    "hand-unfit": _l("Round %(number)s deals more cards than the deck holds."),
    "hand-busy": _l(
        "Another phone is recording this hand at the same moment; try again."),
    "hand-changed": _l(
        "The hand changed since this screen was drawn (a double tap or another "
        "phone); here it is as it stands now."),
    "not-a-card": _l("“%(text)s” is not a card."),
    "hand-needs-trump": _l("Choose the trump on the round screen first."),
    "hand-nothing-to-undo": _l("Nothing is recorded yet, so there is nothing to undo."),
    "hand-nothing-recorded": _l("Nothing is recorded yet."),
    "not-in-this-round": _l("That player does not play this round."),
    "card-dealt": _l("%(name)s: %(card)s is already in the hand."),
    "replay-incomplete": _l("Record every card of the hand first."),
    "replay-needs-bids": _l("Enter every bid on the round screen first."),
    "replay-same": _l("The round already has the replayed tricks."),
    "no-revoke": _l("The recorded hand proves no revoke in trick %(trick)s."),
    "penalty-applied": _l("The revoke in trick %(trick)s has already been penalised."),
    "penalty-choice": _l("Choose one of the penalties offered."),
    "penalty-needs-close": _l(
        "Close round %(number)s first: the tricks move in the round as it was written down."),
    "penalty-harmed": _l("Choose another player than the revoker to get the tricks."),
    "penalty-no-tricks": _l("%(name)s has no trick to give up."),

    # clubs and their evenings
    "club-name": _l("Enter the club’s name."),
    "member-name": _l("Enter the member’s name."),
    "no-such-member": _l("Not a member of this club: %(name)s."),
    "merge-same": _l("Already one person: %(name)s."),
    "event-name": _l("Enter a name for the evening."),
    "evening-players": _l(
        "An evening seats %(low)s to %(high)s players; %(count)s are listed."),
    "player-twice": _l("Listed twice: %(name)s."),
    "table-sizes": _l("Choose table sizes from %(low)s to %(high)s."),
    "no-table-sizes": _l(
        "%(count)s players cannot be seated at tables of %(sizes)s. Allow another size."),
    "table-size": _l("A table of %(size)s is not allowed here: tables of %(sizes)s."),
    "fixed-tables": _l("Only players who are here can sit at a table set by hand."),
    "seating-method": _l("Choose how to seat the players."),
    "no-such-table": _l("There is no table %(table)s; there are %(count)s."),
    "not-seated": _l("Not seated in this part: %(name)s."),
    "leaderboard-rule": _l("Choose how the leaderboard counts."),
    "part-started": _l("Part %(part)s has started: its seating can no longer change."),
    "part-not-started": _l("Start part %(part)s before seating the next one."),
    "invitation-seated": _l("The evening is seated: it takes no more answers."),
    "season-name": _l("Enter a name."),
    "season-dates": _l("The season ends before it starts."),
    "season-rule": _l("Choose how the leaderboard counts."),
    "season-evenings": _l("Enter a number of evenings from %(min)s to %(max)s."),
}


def entry_label(change: str, round: int | None = None, name: str | None = None,
                value: Any = None, **_other: Any) -> str:
    """A short label of one entry (``change`` is its kind), with no name forced
    into a case: "Zośka: bid 2"."""
    kind = change
    if kind == "bid":
        return (_("%(name)s: no bid", name=name) if value is None
                else _("%(name)s: bid %(value)s", name=name, value=value))
    if kind == "tricks":
        return (_("%(name)s: no tricks entered", name=name) if value is None
                else ngettext("%(name)s: %(num)s trick", "%(name)s: %(num)s tricks", value,
                              name=name))
    if kind == "trump":
        if value == "unset":
            return _("Trump not chosen")
        return trump_label(value)
    if kind == "close":
        return _("Round %(number)s closed", number=round)
    if kind == "end":
        return _("the end of the game after round %(number)s", number=round)
    return _("the latest change in the history")


def hidden_bid_label(name: str) -> str:
    """A bid this phone may not see yet (everyone bids at once): who made it."""
    return _("%(name)s: bid, hidden until every bid is in", name=name)


def duration_text(duration: timedelta) -> str:
    """How long a game took, to the minute: "1 h 05 min", "25 min"."""
    minutes = int(duration.total_seconds() // 60)
    if minutes < 1:
        return _("under a minute")
    hours, minutes = divmod(minutes, 60)
    if hours:
        return _("%(hours)s h %(minutes)s min", hours=hours, minutes=f"{minutes:02d}")
    return _("%(minutes)s min", minutes=minutes)


def _plural(kind: str, details: dict[str, Any]) -> str | None:
    """The messages that quote a count (``num``) or another entry."""
    if kind == "changed-meanwhile" and details.get("hidden"):
        return _("Changed meanwhile on another phone: %(entry)s. Nothing was saved.",
                 entry=hidden_bid_label(details["name"]))
    if kind == "changed-meanwhile":
        label = entry_label(details["entry"], details.get("number"), details.get("name"),
                            details["current"])
        return _("Changed meanwhile on another phone: %(entry)s. Nothing was saved; tap "
                 "again to change it.", entry=label)
    if kind == "undo-stale":
        return _("Another phone has entered something newer: %(entry)s. Nothing was undone; "
                 "tap Undo again to take that back.", entry=entry_label(**details))
    if kind == "hand-complete":
        return ngettext("The %(num)s trick is recorded; undo a card to change it.",
                        "All %(num)s tricks are recorded; undo a card to change one.",
                        details["num"])
    if kind == "hand-full":
        return ngettext(
            "%(name)s: the hand already has its %(num)s card; tap it to take it out.",
            "%(name)s: the hand already has all %(num)s cards; tap a card in it to take "
            "it out.", details["num"], name=details["name"])
    return None


def game_message(error: GameError) -> str:
    """The error as the table should read it, in the page's language."""
    details = dict(error.details)
    if "card" in details:
        details["card"] = card_label(details["card"])
    plural = _plural(error.kind, details)
    if plural is not None:
        return plural
    return str(GAME_MESSAGES[error.kind]) % details
