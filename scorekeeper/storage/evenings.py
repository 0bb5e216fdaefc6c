"""A club's evenings: who is here, the seating of each part, one game per
table, and the evening's leaderboard.

An evening is made with its first part's seating proposed (random). The
organiser may draw a part's seating again (another way, or another seed),
move a player, swap two, or fix a table by hand while the part has not
started; then :func:`start_part` starts one game per table in one unit of
work (each with its own scorer link: the table's phone), and the part's
seating is settled. The next part is seated from what the earlier parts
say: the leaderboard so far ("standings") or the pairs that have met ("new
opponents"). The leaderboard adds up the games of the evening as they stand
(those being played too, once a round of them is closed), through the folds
every game keeps (:mod:`.folds`).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence

from sqlalchemy import select

from ..game import GameError
from ..game.leaderboard import RULES, Row, TableResult, leaderboard
from ..game.roles import SCORER
from ..game.seating import (
    check_players, check_sizes, move_player, pairs_of, seat, swap_players, table_sizes)
from ..rules import Ruleset
from .club_models import Club, ClubEvent, ClubGame, ClubInvitation, EventPart
from .clubs import add_members, as_members, club_aliases
from .database import db
from .games import add_game, load_sheet
from .models import Game, Link, utcnow
from .unit import NothingToStore, Unit, write


def new_seed() -> int:
    """A seating's seed: drawn at random, kept, so the seating can be drawn again."""
    return secrets.randbits(31)


def create_event(club: Club, name: str, players: Sequence[str], preset: str, ruleset: Ruleset,
                 sizes: Sequence[int], rule: str, seed: int | None = None,
                 friendly: bool = False, invitation: ClubInvitation | None = None) -> ClubEvent:
    """A new evening of these players (new names join the club's members),
    its first part seated at random (one unit of work); a ``friendly`` one
    counts in no rating and no league table; one made from an ``invitation``
    (its members who said yes, and others) closes it.

    :raise GameError: (a :class:`~scorekeeper.game.seating.SeatingError` for
        the players and the sizes) when anything does not fit: nothing is stored.
    """
    name = " ".join((name or "").split())
    if not name:
        raise GameError("event-name")
    if rule not in RULES:
        raise GameError("leaderboard-rule", rule=rule)
    here = as_members(club, [p for p in players if p.strip()])
    check_players(here)
    allowed = check_sizes(sizes)
    table_sizes(len(here), allowed)
    seed = new_seed() if seed is None else seed
    seating = seat(here, allowed, "random", random.Random(seed))

    def work(unit: Unit) -> ClubEvent:
        event = ClubEvent(club_id=club.id, name=name, players=here, preset=preset,
                          ruleset=ruleset.to_dict(), sizes=allowed, rule=rule,
                          friendly=friendly)
        event.parts = [EventPart(number=1, method="random", seed=seed, seating=seating)]
        db.session.add(event)
        if invitation is not None:
            invitation.event = event
        add_members(unit, club, here)
        return event

    return write(work)


def find_event(club: Club, public_id: str) -> ClubEvent | None:
    """The club's evening with this id (None for another club's, or none)."""
    return db.session.scalar(select(ClubEvent).where(
        ClubEvent.club_id == club.id, ClubEvent.public_id == public_id))


def club_events(club: Club) -> list[ClubEvent]:
    """The club's evenings, newest first."""
    return list(db.session.scalars(select(ClubEvent).where(ClubEvent.club_id == club.id)
                                   .order_by(ClubEvent.id.desc())))


def current_part(event: ClubEvent) -> EventPart:
    return event.parts[-1]


def _earlier(event: ClubEvent, before: int) -> tuple[list[str], list[list[str]]]:
    """The standings (names, leaders first) after the parts before
    ``before``, and every table those parts sat at."""
    rows = leaderboard_of(event, through=before - 1)
    tables = [table for part in event.parts if part.number < before for table in part.seating]
    return [row.name for row in rows], tables


def _seat_part(event: ClubEvent, number: int, method: str, seed: int,
               fixed: Sequence[Sequence[str]] = ()) -> list[list[str]]:
    standings, tables = _earlier(event, number)
    return seat(event.players, event.sizes, method, random.Random(seed), standings=standings,
                met=pairs_of(tables), fixed=fixed)


def _unstarted(event: ClubEvent) -> EventPart:
    part = current_part(event)
    if part.started_at is not None:
        raise GameError("part-started", part=part.number)
    return part


def reseat(event: ClubEvent, method: str, seed: int | None = None) -> EventPart:
    """Draw the seating of the part not yet started again, by ``method``.

    :raise GameError: ``part-started`` when the part has started; a seating error.
    """
    def work(_unit: Unit) -> EventPart:
        part = _unstarted(event)
        drawn = new_seed() if seed is None else seed
        part.seating = _seat_part(event, part.number, method, drawn)
        part.method, part.seed = method, drawn
        return part

    return write(work)


def next_part(event: ClubEvent, method: str, seed: int | None = None) -> EventPart:
    """The evening's next part, seated by ``method`` from the parts before.

    :raise GameError: ``part-not-started`` while the current part has not
        started (its seating is still being made: draw it again instead).
    """
    def work(_unit: Unit) -> EventPart:
        last = current_part(event)
        if last.started_at is None:
            raise GameError("part-not-started", part=last.number)
        drawn = new_seed() if seed is None else seed
        part = EventPart(number=last.number + 1, method=method, seed=drawn,
                         seating=_seat_part(event, last.number + 1, method, drawn))
        event.parts.append(part)
        return part

    return write(work, busy=GameError("busy"))


def move(event: ClubEvent, name: str, table: int) -> EventPart:
    """Move ``name`` to table ``table`` (1-based) of the part not yet started."""
    def work(_unit: Unit) -> EventPart:
        part = _unstarted(event)
        part.seating = move_player(part.seating, name, table - 1, event.sizes)
        return part

    return write(work)


def swap(event: ClubEvent, name: str, other: str) -> EventPart:
    """Swap ``name`` and ``other`` between their tables of the part not yet started."""
    def work(_unit: Unit) -> EventPart:
        part = _unstarted(event)
        part.seating = swap_players(part.seating, name, other)
        return part

    return write(work)


def fix_table(event: ClubEvent, table: int, names: Sequence[str]) -> EventPart:
    """Set table ``table`` (1-based) of the part not yet started to ``names``,
    by hand, and seat everyone else around it by the part's way again."""
    def work(_unit: Unit) -> EventPart:
        part = _unstarted(event)
        fixed = as_members(event.club, names)
        others = _seat_part(event, part.number, part.method, part.seed, fixed=[fixed])
        # The fixed table keeps its place among the tables.
        rest = others[1:]
        index = min(max(table - 1, 0), len(rest))
        part.seating = rest[:index] + [fixed] + rest[index:]
        return part

    return write(work)


def start_part(event: ClubEvent, device: str | None) -> list[tuple[int, Game, Link]]:
    """Start one game per table of the part not yet started, each on the
    device's list with its scorer link, the first dealer drawn from the
    part's seed (one unit of work). A part started already answers its
    games (a second tap starts nothing).

    :raise RulesError: when the rules cannot deal to a table (nothing is stored).
    """
    def work(unit: Unit) -> None:
        part = current_part(event)
        if part.started_at is not None:
            raise NothingToStore(None)
        rng = random.Random(part.seed)
        ruleset = Ruleset.from_dict(event.ruleset)
        for number, names in enumerate(part.seating, start=1):
            game, _scorer = add_game(unit, names, event.preset, ruleset,
                                     rng.randrange(len(names)), device)
            db.session.add(ClubGame(club_id=event.club_id, game=game, part=part, table=number))
        part.started_at = utcnow()

    # Two organisers' taps at once: the second collides on the tables' games
    # and runs again, finding the part started.
    write(work, busy=GameError("busy"))
    return part_games(current_part(event))


def part_games(part: EventPart) -> list[tuple[int, Game, Link]]:
    """The part's games by table: (table, game, its scorer link in force)."""
    return [(table, game, link) for table, game, link in db.session.execute(
        select(ClubGame.table, Game, Link).join(Game, Game.id == ClubGame.game_id)
        .join(Link, (Link.game_id == Game.id) & (Link.role == SCORER)
              & Link.replaced_at.is_(None) & Link.player.is_(None))
        .where(ClubGame.part_id == part.id).order_by(ClubGame.table))]


def event_games(event: ClubEvent) -> list[tuple[int, Game]]:
    """The evening's games with the number of their part, in order."""
    return [(number, game) for number, game in db.session.execute(
        select(EventPart.number, Game).join(ClubGame, ClubGame.part_id == EventPart.id)
        .join(Game, Game.id == ClubGame.game_id)
        .where(EventPart.event_id == event.id).order_by(EventPart.number, ClubGame.table))]


def leaderboard_of(event: ClubEvent, through: int | None = None) -> list[Row]:
    """The evening's leaderboard by its rule, over its games as they stand
    (through part ``through`` if given), names as the club shows them."""
    return leaderboard(table_results(event, through), event.rule)


def table_results(event: ClubEvent, through: int | None = None,
                  resolve: Callable[[str], str] | None = None,
                  counted_only: bool = False) -> list[TableResult]:
    """The evening's games as a leaderboard reads them (through part
    ``through`` if given; without the friendly ones if ``counted_only``),
    names as the club shows them (``resolve``: the club's aliases)."""
    resolve = resolve or club_aliases(event.club).resolve
    friendly = friendly_games(event)
    results = []
    for number, game in event_games(event):
        if (through is not None and number > through) or (counted_only and game.id in friendly):
            continue
        sheet = load_sheet(game)
        totals = {resolve(sheet.name(pid)): total for pid, total in sheet.totals.items()}
        results.append(TableResult(sheet.ruleset.scoring.lowest_wins, totals, number,
                                   len(sheet.closed_rounds), sheet.is_finished))
    return results


def friendly_games(event: ClubEvent) -> set[int]:
    """The ids of the evening's games marked friendly one by one."""
    return set(db.session.scalars(
        select(ClubGame.game_id).join(EventPart, EventPart.id == ClubGame.part_id)
        .where(EventPart.event_id == event.id, ClubGame.friendly.is_(True))))


def mark_friendly(event: ClubEvent, friendly: bool, game: str | None = None) -> None:
    """Mark the evening, or its game with the public id ``game``, friendly
    (counting in no rating and no league table) or counting again.

    :raise LookupError: for a game not of this evening (nothing is stored).
    """
    def work(_unit: Unit) -> None:
        if game is None:
            event.friendly = friendly
            return
        row = db.session.scalar(
            select(ClubGame).join(Game, Game.id == ClubGame.game_id)
            .join(EventPart, EventPart.id == ClubGame.part_id)
            .where(EventPart.event_id == event.id, Game.public_id == game))
        if row is None:
            raise LookupError(game)
        row.friendly = friendly

    write(work)


def event_versions(event: ClubEvent) -> tuple[int, ...]:
    """What the leaderboard depends on, as one number per game (its version):
    a TV compares it to know whether to draw the leaderboard again."""
    return tuple(db.session.scalars(
        select(Game.version).join(ClubGame, ClubGame.game_id == Game.id)
        .join(EventPart, EventPart.id == ClubGame.part_id)
        .where(EventPart.event_id == event.id).order_by(ClubGame.id)))


def event_game_ids(event_id: int) -> list[int]:
    """The ids of the evening's games, in order (what its TV's stream follows)."""
    return list(db.session.scalars(
        select(ClubGame.game_id).join(EventPart, EventPart.id == ClubGame.part_id)
        .where(EventPart.event_id == event_id).order_by(ClubGame.id)))
