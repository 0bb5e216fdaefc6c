"""A device's games carried to another device or server: all of them out as
one archive file, and an archive (or one game's) in.

The file is the operator's archive format (:mod:`.archive`), holding only the
games on the device's list and only the links the device has: a game it
views gets no scorer link in the file. An import checks every game before it
stores any (its shape, its players and rules, and every change replayed
through the game's own checks, :func:`scorekeeper.game.checking.check_log`),
names each problem, and stores all of the games or none (one unit of work,
:func:`scorekeeper.storage.unit.write`; each then goes on the device's list
in a unit of its own, as opening a link puts it there). A game is one game
by its id, whatever file brings it (its own JSON export, a phone's export of
all its games, an operator's archive): a game here already is never stored
twice. It goes on the device's list when the file holds one of its links in
force (or it is there already), and joins the series the file gives it when
it has none here (see :func:`join_series`); a device that reaches it through
no link is told that it is here, and gets nothing of it. (An id is 128 random
bits that open nothing: only who has the game's file knows it, and learns
only that this server has the game.)

A game keeps its series: the id its series' games share goes out with it and
comes back in, so that the series standings on the other phone are the same.

Out and in are one module of about 500 lines because they are one format's
two directions: what goes out is exactly what an import checks and takes
back, and a field added on one side is seen beside the other. The file's
shape itself is :mod:`.archive`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from types import SimpleNamespace
from typing import Any

from sqlalchemy import select

from ..game import MAX_PLAYERS_TWO_DECKS, MIN_PLAYERS, GameError, build_sheet
from ..game.names import NAME_LENGTH, name_key
from ..game.checking import HandProblem, LogProblem, check_hand, check_log, check_penalties
from ..game.hidden import Looker, first_hidden, hides_bids, looker_of
from ..rules import Ruleset, RulesError
from ..rules.numbers import is_whole
from . import archive
from .database import db
from .clubs import club_places
from .games import load_changes, load_sheet
from .import_limits import MOST_CHANGES, MOST_HAND_EVENTS, count_limit, file_limit
from .links import ROLES, SCORER, SEAT, VIEWER, remember
from .models import DeviceGame, Game, Link, new_link_token, utcnow
from .unit import Unit, write

#: A game's id and a link's token as this server makes them (an id never
#: starts with a dash, which a command line would take for an option).
GAME_ID = re.compile(r"[0-9A-Za-z][0-9A-Za-z_-]{0,31}")
TOKEN = re.compile(r"[0-9A-Za-z_-]{16,32}")


@dataclass(frozen=True)
class CarryProblem:
    """One thing wrong with a file: which game (its place in the file, from 1,
    and its players when they could be read), and why."""

    game: int | None
    players: tuple[str, ...]
    kind: str
    details: dict[str, Any] = field(default_factory=dict)
    log: LogProblem | None = None
    hand: HandProblem | None = None


class CarryRefused(ValueError):
    def __init__(self, problems: list[CarryProblem]) -> None:
        super().__init__("; ".join(p.kind for p in problems))
        self.problems = problems


@dataclass
class Carried:
    """What an import did for the phone: the games it gained (stored, or
    here already and put on its list), those it had already, and those here
    already that it reaches through no link (``elsewhere``: not stored again,
    not put on its list); ``here``: the link of the device to each game that
    was here already and is on its list now, with the game's players."""

    imported: int = 0
    already: int = 0
    elsewhere: int = 0
    here: list[tuple[str, list[str]]] = field(default_factory=list)


def game_entry(game: Game, role: str | None, own: Link | None = None,
               looker: Looker | None = None) -> dict[str, Any]:
    """A game's stored facts as an archive holds them, with the links in force
    that a link of ``role`` may know of (a viewer: only the viewer link; a
    player's own link: that one, ``own``, too; no role: none, as in a game's
    own JSON export, a file shared freely). While the open round hides bids
    from the ``looker`` (bidding all at once), the facts end before the first
    of them: the game as it was just before (:func:`scorekeeper.game.hidden.first_hidden`)."""
    data = archive.export_game(game)
    cut = hidden_from_here(game, looker)
    if cut is not None:
        data["changes"] = [c for c in data["changes"] if c["seq"] < cut]
    allowed = () if role is None else ROLES if role == SCORER else (VIEWER,)
    data["links"] = [entry for entry in data["links"] if entry["replaced_at"] is None and (
        entry["role"] in allowed or own is not None and entry["token"] == own.token)]
    return data


def hidden_from_here(game: Game, looker: Looker | None) -> int | None:
    """The number of the game's first change the ``looker`` may not read
    while its open round hides bids (:func:`scorekeeper.game.hidden.first_hidden`):
    what they are given of the game's log ends before it. None: nothing hidden
    (or no looker: the whole log)."""
    if looker is None:
        return None
    sheet = load_sheet(game)  # kept between requests: its log is read only when it hides bids
    if not hides_bids(sheet.current):
        return None
    return first_hidden(load_changes(game), sheet, looker)


def changes_seen(game: Game, looker: Looker, after: int = 0) -> list[dict[str, Any]]:
    """The game's changes numbered after ``after``, as its archive holds them,
    that the ``looker`` may read: the log a phone keeps to play on without
    network, ending before a bid still hidden from it."""
    cut = hidden_from_here(game, looker)
    return [archive.change_data(change) for change in load_changes(game, after)
            if cut is None or change.seq < cut]


def device_archive(device: str) -> dict[str, Any]:
    """Every game on the device's list, with only the links the device has;
    a club's game says where it stands in its club (:func:`.clubs.club_places`)."""
    rows = db.session.execute(
        select(Game, Link).join(DeviceGame, DeviceGame.game_id == Game.id)
        .join(Link, Link.id == DeviceGame.link_id)
        .where(DeviceGame.device == device, Link.replaced_at.is_(None))
        .order_by(Game.created_at, Game.id)).all()
    places = club_places(game.id for game, _link in rows)
    games = []
    for game, link in rows:
        entry = game_entry(game, link.role, link, looker_of(link.role, link.player))
        if game.id in places:  # a club's game: its club, evening, part and table
            entry["club"] = places[game.id]
        games.append(entry)
    return {"format": archive.FORMAT, "games": games}


#: The format of one game's JSON export (its sheet, and its stored facts).
GAME_FORMAT = "scorekeeper-game/1"


def _text(value: Any, longest: int) -> bool:
    return isinstance(value, str) and 0 < len(value) <= longest


def _matches(pattern: re.Pattern[str], value: Any) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _is_name(value: Any) -> bool:
    """A player's name as set-up stores it: 1 to 40 characters, spaces single."""
    return _text(value, NAME_LENGTH) and value == " ".join(value.split())


def _same_name(players: list[dict[str, Any]]) -> str | None:
    """The name of a player whose name another has already, as set-up tells
    them apart (case aside); None when all differ."""
    seen: set[str] = set()
    for player in players:
        if name_key(player["name"]) in seen:
            return player["name"]
        seen.add(name_key(player["name"]))
    return None


#: The most links of a game in a file (an operator's archive keeps the
#: links replaced since, each rotation one more).
MOST_LINKS = 50


def _links_problem(links: Any) -> bool:
    """Whether a game's links are not as Scorekeeper writes them: a token and
    a role each, and at most one link in force for each role."""
    if not isinstance(links, list) or len(links) > MOST_LINKS or not all(
            isinstance(link, dict) and _matches(TOKEN, link.get("token"))
            and _role_problem(link) is False for link in links):
        return True
    in_force = [(link["role"], link.get("player")) for link in links
                if link.get("replaced_at") is None]
    return len(set(in_force)) < len(in_force)


def _role_problem(link: dict[str, Any]) -> bool:
    """Whether a link's role is none Scorekeeper writes: a scorer or viewer
    link names no player, a player's own link (a seat link) one."""
    player = link.get("player")
    if link.get("role") == SEAT:
        return not (isinstance(player, int) and not isinstance(player, bool) and player >= 0)
    return link.get("role") not in ROLES or player is not None


def game_problems(place: int, data: Any) -> list[CarryProblem]:
    """What is wrong with one game of a file (empty when it can be stored)."""
    if not isinstance(data, dict):
        return [CarryProblem(place, (), "not-a-game")]
    players = data.get("players")
    names = tuple(p.get("name", "") for p in players if isinstance(p, dict)) \
        if isinstance(players, list) else ()
    names = tuple(str(n)[:NAME_LENGTH] for n in names)

    def problem(kind: str, **details: Any) -> list[CarryProblem]:
        return [CarryProblem(place, names, kind, details)]

    for key in ("id", "preset", "ruleset", "first_dealer", "players", "changes", "links"):
        if key not in data:
            return problem("missing", field=key)
    if not _matches(GAME_ID, data["id"]) or not _text(data["preset"], 40):
        return problem("bad-field", field="id" if not _matches(GAME_ID, data["id"]) else "preset")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS_TWO_DECKS \
            or not all(isinstance(p, dict) and _is_name(p.get("name"))
                       and p.get("seat") == seat for seat, p in enumerate(players)):
        return problem("bad-players")
    if (twice := _same_name(players)) is not None:
        return [CarryProblem(place, names, "same-name", {"error": GameError("same-name",
                                                                            name=twice)})]
    if not is_whole(data["first_dealer"], 0, len(players) - 1):
        return problem("bad-field", field="first_dealer")
    if _links_problem(data["links"]):
        return problem("bad-field", field="links")
    if data.get("series") is not None and not _matches(GAME_ID, data["series"]):
        return problem("bad-field", field="series")
    changes = data["changes"]
    if isinstance(changes, list) and len(changes) > MOST_CHANGES:
        return problem("game-too-long", most=MOST_CHANGES)
    if not isinstance(changes, list):
        return problem("bad-field", field="changes")
    if not all(isinstance(c, dict) and is_whole(c.get("seq")) and isinstance(c.get("kind"), str)
               for c in changes):
        return problem("bad-field", field="changes")
    events = data.get("hand_events", [])
    if isinstance(events, list) and len(events) > MOST_HAND_EVENTS:
        return problem("hands-too-long", most=MOST_HAND_EVENTS)
    if not isinstance(events, list) or not all(
            isinstance(e, dict) and is_whole(e.get("round")) and is_whole(e.get("seq"))
            and isinstance(e.get("kind"), str) for e in events):
        return problem("bad-field", field="hand_events")
    try:
        ruleset = Ruleset.from_dict(data["ruleset"])
        log = [SimpleNamespace(seq=c["seq"], kind=c["kind"], round=c.get("round"),
                               player=c.get("player"), value=c.get("value")) for c in changes]
        found = check_log(ruleset, [p["name"] for p in players], data["first_dealer"], log)
    except (RulesError, GameError) as error:
        return [CarryProblem(place, names, "bad-rules", {"error": error})]
    except (KeyError, TypeError, ValueError, AttributeError):
        return problem("bad-field", field="ruleset")
    if found is not None:
        return [CarryProblem(place, names, "bad-change", log=found)]
    return hand_problems(place, names, data, log, events)


def hand_problems(place: int, names: tuple[str, ...], data: dict[str, Any], log: list,
                  events: list[dict[str, Any]]) -> list[CarryProblem]:
    """What is wrong with a game's recorded hands (its log checked already):
    each round's events replayed through the hand recorder on the game as its
    log leaves it, and each revoke's penalty against the hands."""
    sheet = build_sheet(Ruleset.from_dict(data["ruleset"]), [p["name"] for p in data["players"]],
                        data["first_dealer"], log)
    by_round: dict[int, list] = {}
    for event in sorted(events, key=lambda e: (e["round"], e["seq"])):
        by_round.setdefault(event["round"], []).append(SimpleNamespace(
            seq=event["seq"], kind=event["kind"], player=event.get("player"),
            cards=event.get("cards")))
    problems = [CarryProblem(place, names, "bad-hand", hand=found)
                for number, recorded in by_round.items()
                if (found := check_hand(sheet, number, recorded)) is not None]
    if not problems:
        penalty = check_penalties(sheet, log, by_round)
        if penalty is not None:
            problems.append(CarryProblem(place, names, "bad-change", log=penalty))
    return problems


def read_games(data: Any, operator: bool = False) -> list[dict[str, Any]]:
    """The games of a file, each checked: the whole file first against what
    one import may hold (:mod:`.import_limits`; an ``operator``'s file may
    hold any number of games and changes), then every game.

    :raise CarryRefused: naming every problem found.
    """
    if not isinstance(data, dict):
        raise CarryRefused([CarryProblem(None, (), "not-an-archive")])
    if (limit := file_limit(data)) is not None:
        raise CarryRefused([CarryProblem(None, (), limit.kind, limit.details)])
    if data.get("format") == GAME_FORMAT:  # one game's export: its stored facts
        if not isinstance(data.get("stored"), dict):
            raise CarryRefused([CarryProblem(None, (), "no-changes")])
        data = {"format": archive.FORMAT, "games": [data["stored"]]}
    if data.get("format") != archive.FORMAT:
        raise CarryRefused([CarryProblem(None, (), "wrong-format",
                                         {"format": str(data.get("format"))[:40]})])
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise CarryRefused([CarryProblem(None, (), "no-games")])
    if not operator and (limit := count_limit(games)) is not None:
        raise CarryRefused([CarryProblem(None, (), limit.kind, limit.details)])
    problems = [p for place, game in enumerate(games, start=1) for p in game_problems(place, game)]
    if problems:
        raise CarryRefused(problems)
    return games


def import_device_games(data: Any, device: str) -> Carried:
    """Store the games of a file and put them on the device's list, all or none.

    A game whose id is here already is not stored again: it goes on the
    device's list when the device can reach it (the file holds one of its
    links in force, or it is on the device's list already), and is counted
    as here ``elsewhere`` when it cannot.

    :raise CarryRefused: naming every problem found (nothing is stored).
    """
    games = read_games(data)
    carried = Carried()
    new, joining, seen_ids, seen_tokens = [], [], set(), set()
    problems: list[CarryProblem] = []
    for place, game in enumerate(games, start=1):
        names = tuple(p["name"] for p in game["players"])
        if game["id"] in seen_ids:
            continue  # the same game twice in one file
        seen_ids.add(game["id"])
        tokens = [link["token"] for link in game["links"]]
        if seen_tokens & set(tokens) or len(set(tokens)) < len(tokens):
            problems.append(CarryProblem(place, names, "link-taken"))
            continue
        seen_tokens.update(tokens)
        here = db.session.scalar(select(Game).where(Game.public_id == game["id"]))
        owners = set(db.session.scalars(select(Link.game_id).where(Link.token.in_(tokens))))
        if owners - ({here.id} if here is not None else set()):
            problems.append(CarryProblem(place, names, "link-taken"))
        elif here is None:
            new.append(game)
        elif not _reachable(here, tokens, device):
            carried.elsewhere += 1  # the same game: never a copy
        else:
            joining.append((here, game))
            if _on_list(here, device):
                carried.already += 1
            else:  # on this server, not yet on this phone: the phone gains it
                carried.imported += 1
    if problems:
        raise CarryRefused(problems)

    def work(unit: Unit) -> list[Game]:
        for here, game in joining:
            join_series(here, game)
        return archive.store_games(unit, {"format": archive.FORMAT,
                                          "games": [tidy(game) for game in new]})

    stored = write(work)  # the series joined and the new games: one unit of work
    carried.imported += len(stored)
    for data_game in games:
        put_on_list(data_game, device)
    carried.here = [(token, (here.summary or {}).get("players", [])) for here, _game in joining
                    if (token := device_link(here, device)) is not None]
    return carried


def device_link(game: Game, device: str) -> str | None:
    """The token of the link in force the game is on the device's list through."""
    return db.session.scalar(select(Link.token).join(DeviceGame, DeviceGame.link_id == Link.id)
                             .where(DeviceGame.device == device, DeviceGame.game_id == game.id,
                                    Link.replaced_at.is_(None)))


def join_series(here: Game, data: dict[str, Any]) -> None:
    """A game here already joins the series the file gives it, when it has
    none here and the file lets the device score it (only who may write to a
    game links another to it, as Play again does): the other phone played the
    next game after this one. A series it has here is kept; nothing else of
    the game changes (it still counts as here already, or as gained)."""
    series = data.get("series")
    if here.series is not None or series is None:
        return
    scorer = [link["token"] for link in data["links"]
              if link["role"] == SCORER and link.get("replaced_at") is None]
    if scorer and db.session.scalar(select(Link.id).where(
            Link.game_id == here.id, Link.token.in_(scorer),
            Link.replaced_at.is_(None))) is not None:
        here.series = series


def _reachable(game: Game, tokens: list[str], device: str) -> bool:
    """Whether a device reaches the game here already: the file holds one of
    its links in force, or the game is on the device's list."""
    if db.session.scalar(select(Link.id).where(Link.game_id == game.id, Link.token.in_(tokens),
                                               Link.replaced_at.is_(None))) is not None:
        return True
    return _on_list(game, device)


def _on_list(game: Game, device: str) -> bool:
    """Whether the game is on the device's list already."""
    return db.session.scalar(select(DeviceGame.game_id).where(
        DeviceGame.game_id == game.id, DeviceGame.device == device)) is not None


def _when(value: Any) -> str:
    """A time of the file as the archive reads it (now, when it is not one)."""
    if isinstance(value, str):
        try:
            datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            return value
    return utcnow().isoformat()


def _author(value: Any) -> str | None:
    return value if isinstance(value, str) and len(value) <= NAME_LENGTH else None


def tidy(data: dict[str, Any]) -> dict[str, Any]:
    """A checked game with every field the archive reads: times that are not
    times become now, authors that are not names none."""
    return {
        "id": data["id"], "preset": data["preset"], "ruleset": data["ruleset"],
        "first_dealer": data["first_dealer"], "series": data.get("series"),
        "created_at": _when(data.get("created_at")), "updated_at": _when(data.get("updated_at")),
        "players": [{"seat": p["seat"], "name": p["name"]} for p in data["players"]],
        "changes": [{"seq": c["seq"], "kind": c["kind"], "round": c.get("round"),
                     "player": c.get("player"), "value": c.get("value"),
                     "created_at": _when(c.get("created_at")), "author": _author(c.get("author")),
                     "by_player": c.get("by_player") is True}
                    for c in data["changes"]],
        "hand_events": [{"round": e["round"], "seq": e["seq"], "kind": e["kind"],
                         "player": e.get("player"), "cards": e.get("cards"),
                         "created_at": _when(e.get("created_at")),
                         "author": _author(e.get("author"))}
                        for e in data.get("hand_events", [])],
        "links": links_of(data),
    }


def links_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """A checked game's links as the archive stores them. A game the file
    lets score gets a viewer link of its own when the file holds none in
    force: a table that scores a game can always share it to be watched."""
    links = [{"token": link["token"], "role": link["role"], "player": link.get("player"),
              "created_at": _when(link.get("created_at")),
              "replaced_at": None if link.get("replaced_at") is None
              else _when(link["replaced_at"])}
             for link in data["links"]]
    if not links:
        return new_links(data)
    in_force = {link["role"] for link in links if link["replaced_at"] is None}
    if SCORER in in_force and VIEWER not in in_force:
        links.append({"token": new_link_token(), "role": VIEWER, "created_at": _when(None),
                      "replaced_at": None})
    return links


def new_links(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Links for a game that comes without any (a game's own JSON export): the
    copy is the importing device's, with a scorer link and a viewer link of its
    own; the file keeps them, so the device's list can reach the game."""
    data["links"] = [{"token": new_link_token(), "role": role, "created_at": _when(None),
                      "replaced_at": None} for role in ROLES]
    return data["links"]


def put_on_list(data: dict[str, Any], device: str) -> None:
    """The game goes on the device's list through the best link the file holds
    that is this game's link here (never another game's)."""
    game_id = db.session.scalar(select(Game.id).where(Game.public_id == data["id"]))
    by_role = {link["role"]: link["token"] for link in data["links"]}
    for role in (SCORER, SEAT, VIEWER):  # the best rights first
        if role in by_role:
            link = db.session.scalar(select(Link).where(Link.token == by_role[role],
                                                        Link.game_id == game_id))
            if link is not None and link.replaced_at is None:
                remember(device, link)
                return


def import_operator_games(data: Any) -> list[Game]:
    """Store the games of the operator's archive, all or none, each checked
    as an import from a phone is (any number of games and changes, though).

    :raise CarryRefused: naming every problem found.
    :raise ArchiveRefused: for a game here already, or a link another game has.
    """
    games = read_games(data, operator=True)
    ids = [game["id"] for game in games]
    if len(set(ids)) < len(ids):
        raise archive.ArchiveRefused("the file holds a game twice")
    tokens = [link["token"] for game in games for link in game["links"]]
    taken = db.session.scalar(select(Link.token).where(Link.token.in_(tokens)).limit(1))
    if taken is not None or len(set(tokens)) < len(tokens):
        raise archive.ArchiveRefused("a link in the file belongs to another game")
    return archive.import_games({"format": archive.FORMAT,
                                 "games": [tidy(game) for game in games]})
