"""Every entry the table can make: checked against the sheet, and the change it stores.

Each function takes the :class:`~scorekeeper.game.sheet.Sheet` as it stands
and what the table entered, raises :class:`~scorekeeper.game.errors.GameError`
when the entry is refused, and otherwise returns the :class:`NewChange` to
append, or an empty list when there is nothing to store. The rules
themselves (the hook rule, a trick count that fits) are the rules engine's:
these functions ask it, with the sheet's facts.

Several phones write to one game, so a live entry may say what the phone's
screen showed for it (``was``): when the entry holds another value by now,
another phone changed it meanwhile and the entry is refused as a
:class:`~scorekeeper.game.errors.Conflict` naming the value it has. An entry
that already holds the value sent stores nothing (a second tap on the same
chip, or a tap sent again after its answer was lost), so no tap is ever
stored twice. Entries of different players never conflict.

The storage layer calls them inside its transaction, on the sheet as it is
in the database at that moment (see :func:`scorekeeper.storage.games.record`).

It is one module of about 500 lines because every kind of entry (trump, bid,
tricks, close, a correction, undo, joining, leaving, coming back, sitting out,
an adjustment, the scoring, the schedule, the decks, the end) follows the
same steps above (checked, refused or stored, the ``was`` check, nothing
stored twice); read side by side, each kind's checks are seen
to be the same as the others', and the storage layer has one place to find
what an entry may be.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..rules import InvalidBid, InvalidTricks, ScheduleSpec, check_bid, check_running_tricks
from ..rules import check_tricks
from ..rules.numbers import is_whole
from ..rules import check_zero_streak
from ..rules import find_scoring, max_hand, round_sizes
from .errors import Conflict, GameError, Refusals
from .names import same_name
from .rounds import MIN_PLAYERS, START_RULES, TRUMP_CHOICES, ChangeLike, NewChange, RoundSheet
from .rounds import max_players, take_back
from .sheet import Sheet
from .ties import is_tie_round_change, tie_round

#: ``was`` when the phone did not say what its screen showed (no check).
UNSEEN = object()
#: ``was`` for an entry the phone saw empty.
EMPTY = None


def _unchanged(sheet: Sheet, entry: str, current: Any, new: Any, was: Any, **names: Any) -> bool:
    """Whether the entry already holds ``new`` (nothing to store).

    :raise Conflict: when the phone saw ``was`` but the entry holds another
        value now.
    """
    if current == new:
        return True
    if was is not UNSEEN and was != current:
        raise Conflict("changed-meanwhile", entry=entry, current=current, **names)
    return False

# -- live entries of the round screen ------------------------------------------


def live_round(sheet: Sheet, number: int, was: Any = UNSEEN) -> RoundSheet:
    """The round if live entries (trump, bid, tricks, close) may go to it.

    :raise Conflict: when the game is over (its last round closed, or the
        table ended it on another phone meanwhile), or the round is closed
        and the entry says what the phone saw in it (``was``): it was open
        on that phone's screen, another phone closed it meanwhile.
    :raise GameError: for a closed round, one not reached yet, or one the
        deck cannot deal.
    """
    if sheet.is_finished:
        raise Conflict("game-over")
    rnd = sheet.round(number)
    if rnd.closed:
        if was is UNSEEN:
            raise GameError("round-closed", number=number)
        raise Conflict("round-closed", number=number)  # open on the phone's screen, closed since
    current = sheet.current
    if current is not None and rnd.number > current.number:
        raise GameError("round-not-started", number=number, current=current.number)
    if not rnd.fits:
        raise GameError("round-unfit", number=number, cards=rnd.cards, players=len(rnd.order))
    return rnd


def _check_plays(rnd: RoundSheet, player: int) -> None:
    if player not in rnd.order:
        raise GameError("not-in-round", seat=player, number=rnd.number)


def _check_trump_choice(trump: str | None) -> None:
    if trump not in TRUMP_CHOICES:
        raise GameError("choose-trump")


def trump(sheet: Sheet, number: int, trump: str | None, was: Any = UNSEEN) -> list[NewChange]:
    """The trump of a round being played (a suit letter, or None for no trump)."""
    rnd = live_round(sheet, number, was)
    _check_trump_choice(trump)
    current = rnd.trump if rnd.trump_entered else "unset"
    if _unchanged(sheet, "trump", current, trump, was, number=number):
        return []
    return [NewChange("trump", round=number, value=trump)]


def check_bids(sheet: Sheet, rnd: RoundSheet, bids: Mapping[int, int]) -> None:
    """Each bid in range, the dealer's under the hook rule where it applies,
    as the rules engine's :func:`~scorekeeper.rules.check_bid` decides, and no
    0 bid beyond Kachuful's limit in a row
    (:func:`~scorekeeper.rules.check_zero_streak`)."""
    for player in bids:
        check_bid_of(sheet, rnd, bids, player)


def check_bid_of(sheet: Sheet, rnd: RoundSheet, bids: Mapping[int, int], player: int) -> None:
    """One player's bid among ``bids`` (see :func:`check_bids`)."""
    others = rnd.order[:-1]
    earlier = [bids[p] for p in others if p in bids]
    everyone_else_bid = len(earlier) == len(others)
    bid = bids[player]
    is_dealer = player == rnd.dealer
    try:
        check_bid(
            bid, cards=rnd.cards, earlier_bids=earlier if is_dealer else [],
            is_last_bidder=is_dealer and everyone_else_bid,
            hook_active=rnd.hook_active,
        )
        check_zero_streak(bid, sheet.ruleset.zero_bid_limit_for(len(rnd.order)),
                          sheet.earlier_bids(player, rnd.number))
    except InvalidBid as refused:
        if refused.kind == "forbidden-bid":
            raise GameError("forbidden-bid", name=sheet.name(player), bid=bid,
                            cards=rnd.cards) from None
        if refused.kind == "zero-streak":
            raise GameError("zero-streak", name=sheet.name(player),
                            limit=refused.details["limit"]) from None
        raise GameError("bid-range", name=sheet.name(player), cards=rnd.cards) from None


def bid(sheet: Sheet, number: int, player: int, bid: int, was: Any = UNSEEN) -> list[NewChange]:
    """One bid entered live. In turn, the dealer bids once the others have."""
    rnd = live_round(sheet, number, was)
    _check_plays(rnd, player)
    if _unchanged(sheet, "bid", rnd.bids.get(player), bid, was, name=sheet.name(player),
                  player=player):
        return []
    if player == rnd.dealer and not rnd.dealer_may_bid:
        raise GameError("dealer-bids-last", name=sheet.name(player))
    check_bids(sheet, rnd, {**rnd.bids, player: bid})
    return [NewChange("bid", round=number, player=player, value=bid)]


def tricks(sheet: Sheet, number: int, player: int, tricks: int,
           was: Any = UNSEEN) -> list[NewChange]:
    """One player's tricks, entered live once every bid is in: the counts
    entered so far never add up to more than the cards dealt."""
    rnd = live_round(sheet, number, was)
    _check_plays(rnd, player)
    if not rnd.is_bidding_complete:
        raise GameError("bids-first")
    if _unchanged(sheet, "tricks", rnd.tricks.get(player), tricks, was,
                  name=sheet.name(player)):
        return []
    others = [t for p, t in rnd.tricks.items() if p != player]
    try:
        check_running_tricks(tricks, others, rnd.cards)
    except InvalidTricks as refused:
        raise _refused_tricks(sheet, refused, [player]) from None
    return [NewChange("tricks", round=number, player=player, value=tricks)]


def close(sheet: Sheet, number: int, filled: tuple[int, int] | None = None) -> list[NewChange]:
    """Close a round: it is scored, and the next dealer's round begins. A round
    closed already (the same tap sent again, or another phone) is done.

    ``filled`` is (player, tricks) that the round screen filled in from the
    countdown for the one player still without tricks: they are stored with
    the close, unless that player's tricks are in by now (another phone).
    """
    if 0 < number <= len(sheet.rounds) and sheet.round(number).closed:
        return []  # a round the table ended the game before is refused as over
    rnd = live_round(sheet, number)
    stored = dict(rnd.tricks)
    changes: list[NewChange] = []
    if filled is not None and filled[0] not in rnd.tricks:
        player, taken = filled
        changes = tricks(sheet, number, player, taken)
        missing = [p for p in rnd.order if p not in rnd.tricks]
        if missing != [player] or taken != rnd.tricks_left:
            raise GameError("tricks-changed")
        stored[player] = taken
    if not rnd.trump_chosen:
        raise GameError("close-needs-trump")
    if not rnd.is_bidding_complete:
        raise GameError("close-needs-bids")
    left = rnd.cards - sum(stored.values())
    if left or any(p not in stored for p in rnd.order):
        raise GameError("close-needs-tricks", cards=rnd.cards, left=left)
    extra = tie_round(sheet, rnd, stored)
    return [*changes, NewChange("close", round=number), *([extra] if extra else [])]


def correction(
    sheet: Sheet, number: int, trump: str | None, bids: Mapping[int, int],
    tricks: Mapping[int, int],
) -> NewChange:
    """A whole closed round entered again, with the same rules as live entry."""
    rnd = sheet.round(number)
    if not rnd.closed:
        raise GameError("round-open", number=number)
    if set(bids) != set(rnd.order) or set(tricks) != set(rnd.order):
        raise GameError("correction-incomplete")
    checks = [lambda: _check_trump_choice(trump),
              *(lambda p=player: check_bid_of(sheet, rnd, bids, p) for player in rnd.order),
              lambda: _check_corrected_tricks(sheet, rnd, tricks)]
    errors = [error for check in checks if (error := _refusal_of(check)) is not None]
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise Refusals(errors)
    return NewChange("correct", round=number, value={
        "trump": trump,
        "bids": {str(p): bids[p] for p in rnd.order},
        "tricks": {str(p): tricks[p] for p in rnd.order},
    })


def corrected_entry(sheet: Sheet, number: int, entry: str, player: int | None, value: Any,
                    was: Any = UNSEEN) -> list[NewChange]:
    """One entry of a closed round (``"trump"``, or a player's ``"bid"`` or
    ``"tricks"``) entered again, the rest as the round holds it: a
    :func:`correction` of the round, checked as one, on what the phone saw
    of that entry (``was``; a phone back online keeping its own value)."""
    return corrected_entries(sheet, number, [(entry, player, value, was)])


def corrected_entries(sheet: Sheet, number: int,
                      kept: Sequence[tuple[str, int | None, Any, Any]]) -> list[NewChange]:
    """Entries of a closed round, each ``(entry, player, value, was)`` as in
    :func:`corrected_entry`, entered again together in one :func:`correction`
    (the rest as the round holds it): a phone back online keeping all it
    entered in a round closed meanwhile, where one entry alone would not
    add up. Nothing to store when the round holds them all already."""
    rnd = sheet.round(number)
    if not rnd.closed:
        raise GameError("round-open", number=number)
    trump, bids, tricks = rnd.trump, dict(rnd.bids), dict(rnd.tricks)
    changed = False
    for entry, player, value, was in kept:
        if entry == "trump":
            _check_trump_choice(value)
            if not _unchanged(sheet, entry, trump, value, was, number=number):
                trump, changed = value, True
            continue
        _check_plays(rnd, player)
        held = bids if entry == "bid" else tricks
        if not _unchanged(sheet, entry, held[player], value, was, name=sheet.name(player),
                          player=player):
            held[player], changed = value, True
    return [correction(sheet, number, trump, bids, tricks)] if changed else []


def _refusal_of(check: Callable[[], None]) -> GameError | None:
    """The error a check raises, or None."""
    try:
        check()
    except GameError as error:
        return error
    return None


def _check_corrected_tricks(sheet: Sheet, rnd: RoundSheet, tricks: Mapping[int, int]) -> None:
    try:
        check_tricks([tricks[p] for p in rnd.order], rnd.cards)
    except InvalidTricks as refused:
        raise _refused_tricks(sheet, refused, rnd.order) from None


def _refused_tricks(sheet: Sheet, refused: InvalidTricks, players: Sequence[int]) -> GameError:
    """The engine's refusal of trick counts (``players``' in the order checked)
    as the game's: one player's count out of range, or the counts' total."""
    details = refused.details
    if "position" in details:
        player = players[details["position"] - 1]
        return GameError("tricks-range", name=sheet.name(player), cards=details["cards"])
    if refused.kind == "tricks-too-many":  # entered one by one: more than the cards so far
        return GameError("tricks-too-many", total=details["total"], cards=details["cards"])
    return GameError("tricks-total", total=details["total"], cards=details["cards"])


def undo(sheet: Sheet, seq: int | None = None, reopen: bool = False) -> list[NewChange]:
    """Take back the latest entry still in force (the undo is itself a change).

    ``seq`` names the entry the phone's screen shows as the last one: when
    another entry came after it, nothing is undone behind anyone's back (a
    :class:`Conflict`); when it is undone already (the same tap sent again),
    there is nothing to do. Undoing the close of a round reopens it, which
    the table must confirm (``reopen``); a round a tie for first added
    (:mod:`.ties`) is taken back with the close that added it, which reopens
    the last planned round the same way.
    """
    last = sheet.last_entry
    # (the latest entry first: the scan of every entry only for a tap sent again)
    if seq is not None and (last is None or last.seq != seq) and all(
            change.seq != seq for change in sheet.effective):
        return []
    if last is None:
        raise GameError("nothing-to-undo")
    if seq is not None and last.seq != seq:
        raise Conflict("undo-stale", seq=last.seq, **entry_facts(sheet, last))
    if is_tie_round_change(last):
        closed = last.value["round"] - 1
        if not reopen:
            raise GameError("undo-reopens", number=closed)
        before = take_back(sheet.effective[:sheet.effective.index(last)])
        close = sheet.effective[before] if before is not None else last
        return [NewChange("undo", value=last.seq), NewChange("undo", value=close.seq)]
    if last.kind == "close" and not reopen:
        raise GameError("undo-reopens", number=last.round)
    return [NewChange("undo", value=last.seq)]


def entry_facts(sheet: Sheet, change: ChangeLike) -> dict[str, Any]:
    """What a short label of a change needs: its kind, round, player's name and value."""
    name = sheet.members[change.player].name if change.player in sheet.members else None
    value = change.value if change.kind in ("bid", "tricks", "trump") else None
    return {"change": change.kind, "round": change.round, "name": name, "value": value}


# -- the roster -----------------------------------------------------------------


def _seat_free_from(sheet: Sheet) -> int:
    """The round from which one more player can sit down: the next open one.

    :raise GameError: ``join-game-over`` when no round is left to play,
        ``table-full`` when the cards serve no one more.
    """
    start = sheet.next_open_round
    if start > len(sheet.rounds):
        raise GameError("join-game-over")
    most = max_players(sheet.ruleset.decks)
    if len(sheet.present_in(start)) + 1 > most:
        raise GameError("table-full", n=most)
    return start


def join(
    sheet: Sheet, name: str, after: int | None, start_rule: str, start_number: int | None
) -> NewChange:
    """A newcomer sits down after ``after`` (a player id; None: the first seat)
    from the next open round, with a starting score by the table's rule. A
    player who left and is named again comes back instead (:func:`back`)."""
    name = " ".join(name.split())
    if not name:
        raise GameError("join-no-name")
    for member in sheet.members.values():
        if same_name(member.name, name):
            if member.left is None:
                raise GameError("same-name", name=name)
            return back(sheet, member.id)[0]
    if after is not None and after not in sheet.members:
        raise GameError("join-seat")
    start = _seat_free_from(sheet)
    if start_rule not in START_RULES:
        raise GameError("start-rule")
    if start_rule == "number" and start_number is None:
        raise GameError("start-number")
    return NewChange("join", player=max(sheet.members) + 1, value={
        "name": name, "after": after, "from": start, "start_rule": start_rule,
        "start_score": sheet.start_score(start_rule, start_number),
    })


def leave(sheet: Sheet, player: int) -> NewChange:
    """A player leaves: they no longer play from the next open round on."""
    member = sheet.members.get(player)
    if member is None or member.left is not None:
        raise GameError("not-at-table")
    start = sheet.next_open_round
    if start > len(sheet.rounds):
        raise GameError("leave-game-over")
    if len([p for p in sheet.present_in(start) if p != player]) < MIN_PLAYERS:
        raise GameError("too-few-stay")
    # A later round may have fewer players already (someone sits it out), the
    # rounds planned after an early end too (an Undo of the end brings them back).
    for number in range(start + 1, max(len(sheet.rounds), sheet.planned_rounds) + 1):
        if len([p for p in sheet.present_in(number) if p != player]) < MIN_PLAYERS:
            raise GameError("too-few-every-round")
    return NewChange("leave", player=player, value={"from": start})


def back(sheet: Sheet, player: int) -> list[NewChange]:
    """A player who left comes back from the next open round on: in their own
    seat and column, their scores going on (the rounds missed are sat out).
    One who is back already needs nothing (a repeated tap)."""
    member = sheet.members.get(player)
    if member is None:
        raise GameError("not-at-table")
    if member.left is None:
        return []
    start = _seat_free_from(sheet)
    return [NewChange("back", player=player, value={"from": start})]


def sit_out(sheet: Sheet, player: int, number: int) -> NewChange:
    """A player sits out one round that nobody has bid in yet."""
    if player not in sheet.members:
        raise GameError("not-at-table")
    rnd = sheet.round(number)
    if rnd.closed or rnd.is_started:
        raise GameError("round-begun", number=number)
    if player not in rnd.order:
        raise GameError("sits-out-anyway", name=sheet.name(player), number=number)
    if len(rnd.order) - 1 < MIN_PLAYERS:
        raise GameError("too-few-every-round")
    return NewChange("sitout", round=number, player=player)


def adjustment(sheet: Sheet, player: int, points: int, reason: str) -> NewChange:
    """A one-off bonus or penalty, counted after the rounds closed so far."""
    if player not in sheet.members:
        raise GameError("adjust-player")
    if points == 0:
        raise GameError("adjust-zero")
    if not reason.strip():
        raise GameError("adjust-reason")
    return NewChange("adjust", player=player, value={
        "points": points, "reason": reason.strip(), "after": len(sheet.closed_rounds)})


def scoring(sheet: Sheet, name: str) -> NewChange:
    """Score the whole game under another scoring preset from now on.

    :raise UnknownPreset: when there is no such scoring preset.
    """
    if name == sheet.ruleset.scoring.name:
        raise GameError("same-scoring")
    return NewChange("scoring", value=find_scoring(name).to_dict())


# -- the schedule of rounds not yet begun ----------------------------------------


def schedule(sheet: Sheet, op: Mapping[str, Any]) -> NewChange:
    """Insert, change or remove a round not yet begun, or replace all of them
    (``op`` as :meth:`GameState.apply_schedule <scorekeeper.game.fold.GameState.apply_schedule>`
    reads it). Once the table has ended the game early, its rounds are fixed
    (Undo takes the end back first)."""
    if sheet.ends_early:
        raise GameError("schedule-ended", number=sheet.ended_after)
    first = sheet.first_editable_round
    kind = op.get("op")
    if kind not in ("insert", "set", "remove", "replace"):
        raise GameError("schedule-what")
    if kind == "replace":
        if op.get("from") != first or not op.get("cards"):
            raise GameError("schedule-begun")
        for offset, cards in enumerate(op["cards"]):
            _check_round_size(sheet, first + offset, cards)
        if list(op["cards"]) == [rnd.cards for rnd in sheet.rounds[first - 1:]]:
            raise GameError("schedule-same")
        return NewChange("schedule", value=dict(op))
    number = op.get("round")
    last = len(sheet.rounds) + (1 if kind == "insert" else 0)
    if first > last:
        raise GameError("schedule-begun")
    if not is_whole(number, first, last):
        raise GameError("schedule-range", first=first, last=last)
    if kind == "remove" and len(sheet.rounds) == 1:
        raise GameError("one-round-left")
    if kind in ("insert", "set"):
        _check_round_size(sheet, number, op.get("cards"))
    if kind == "set" and op["cards"] == sheet.rounds[number - 1].cards:
        raise GameError("schedule-same")
    return NewChange("schedule", value=dict(op))


def rebuild_schedule(sheet: Sheet, shape: str, start: int | None, peak: int | None) -> NewChange:
    """Every round not yet begun replaced by a schedule shape for today's players.

    :raise RulesError: when the shape cannot be dealt to them.
    """
    first = sheet.first_editable_round
    players = len(sheet.present_in(min(first, len(sheet.rounds))))
    spec = ScheduleSpec(shape, start=start or 1, peak=peak)
    sizes = round_sizes(spec, players, sheet.ruleset.decks)
    return schedule(sheet, {"op": "replace", "from": first, "cards": sizes})


def fit_schedule(sheet: Sheet) -> NewChange:
    """Every round not yet begun lowered to the most the deck can deal its players."""
    first = sheet.first_editable_round
    sizes = [min(rnd.cards, sheet.ruleset.deck_size // len(rnd.order))
             for rnd in sheet.rounds[first - 1:]]
    return schedule(sheet, {"op": "replace", "from": first, "cards": sizes})


def _check_round_size(sheet: Sheet, number: int, cards: Any) -> None:
    """A hand size the deck can deal to the players of round ``number``."""
    players = len(sheet.present_in(min(number, len(sheet.rounds))))
    most = max_hand(sheet.ruleset.decks, max(players, MIN_PLAYERS), False)
    if not is_whole(cards, 1, most):
        raise GameError("round-size", number=number, most=most, players=players)


def decks(sheet: Sheet, count: int) -> NewChange:
    """Shuffle this many decks together from now on (1 or 2): two decks deal
    the rounds one deck cannot."""
    if count not in (1, 2):
        raise GameError("decks-count")
    if count == sheet.ruleset.decks:
        raise GameError("same-decks", num=count)
    most = max_players(count)
    if any(len(rnd.order) > most for rnd in sheet.rounds if not rnd.closed):
        raise GameError("table-full", n=most)
    return NewChange("decks", value=count)


# -- the end of the game ------------------------------------------------------------


def end_game(sheet: Sheet, after: int) -> list[NewChange]:
    """End the game after round ``after``, before its planned last round.

    ``after`` is the round being played ("finish after this round": it is
    still played and closed) or the one before it ("end the game now": the
    round being played is left out, whatever was entered in it). The rounds
    planned after it stay in the log; Undo takes the end back. The same end
    sent again is done; a table that chose to finish after this round may
    still end it now.

    :raise GameError: when the game is over, the round is not one of those
        two, or nothing would be played.
    """
    if sheet.ended_after == after:
        return []
    current = sheet.current
    if current is None:
        raise GameError("end-finished")
    if after not in (current.number - 1, current.number):
        raise GameError("end-round", number=after, current=current.number)
    if after < 1:
        raise GameError("end-nothing-played")
    if after >= len(sheet.rounds):
        raise GameError("end-last-round", number=len(sheet.rounds))
    return [NewChange("end", round=after)]
