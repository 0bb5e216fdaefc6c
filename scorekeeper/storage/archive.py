"""Whole games out and in, for the server's operator, and an online backup of
the embedded SQLite database.

An archive holds a game's stored facts as they are: the game, its players,
every change, every hand event, its links and its series (the games a table
played one after the other share one), so that an imported game is the same
game, reachable through the same links, in the same series. Derived figures (scores,
standings) are not stored; they are folded again from the changes.

An import is one unit of work (:func:`scorekeeper.storage.unit.write`). The
backup and the restore copy the SQLite file itself through ``sqlite3``, below
any session (the app's engine is disposed of first): they are the operator's,
never a request's, and commit on their own ``sqlite3`` connections.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import make_url
from sqlalchemy.orm.attributes import flag_modified

from .database import db
from .games import GameNotFound, load_sheet
from .models import Change, Game, HandEvent, Link, Player
from .unit import Unit, write

FORMAT = "scorekeeper-archive/1"


class ArchiveRefused(ValueError):
    """An archive cannot be imported (wrong format, or a game already here)."""


def all_games() -> list[Game]:
    return list(db.session.scalars(select(Game).order_by(Game.created_at, Game.id)))


def find_game(public_id: str) -> Game:
    """A game by its id (as the operator's list shows it, never a link).

    :raise GameNotFound: when there is no such game.
    """
    game = db.session.scalar(select(Game).where(Game.public_id == public_id))
    if game is None:
        raise GameNotFound(public_id)
    return game


def game_counts(game: Game) -> dict[str, Any]:
    """What the operator's list shows of a game: counts, no names."""
    sheet = load_sheet(game)
    changes = db.session.scalar(select(func.count()).where(Change.game_id == game.id))
    return {"id": game.public_id, "created": game.created_at.isoformat(timespec="seconds"),
            "players": len(sheet.members), "rounds": len(sheet.rounds),
            "closed": len(sheet.closed_rounds), "changes": changes,
            "finished": sheet.is_finished}


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _read_time(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def change_data(change: Any) -> dict[str, Any]:
    """One stored change as plain data (a row, or a :class:`~.folds.StoredChange`)."""
    return {"seq": change.seq, "kind": change.kind, "round": change.round,
            "player": change.player, "value": change.value,
            "created_at": _time(change.created_at), "author": change.author,
            "by_player": change.by_player}


def export_game(game: Game) -> dict[str, Any]:
    """A game's stored facts as plain data."""
    return {
        "id": game.public_id, "created_at": _time(game.created_at),
        "updated_at": _time(game.updated_at), "preset": game.preset, "ruleset": game.ruleset,
        "first_dealer": game.first_dealer, "series": game.series,
        "players": [{"seat": p.seat, "name": p.name} for p in game.players],
        "changes": [change_data(c) for c in game.changes],
        "hand_events": [{"round": e.round, "seq": e.seq, "kind": e.kind, "player": e.player,
                         "cards": e.cards, "created_at": _time(e.created_at),
                         "author": e.author}
                        for e in sorted(game.hand_events, key=lambda e: (e.round, e.seq))],
        "links": [{"token": link.token, "role": link.role, "player": link.player,
                   "created_at": _time(link.created_at), "replaced_at": _time(link.replaced_at)}
                  for link in db.session.scalars(select(Link).where(Link.game_id == game.id)
                                                 .order_by(Link.id))],
    }


def export_games(games: Iterable[Game]) -> dict[str, Any]:
    return {"format": FORMAT, "games": [export_game(game) for game in games]}


def import_games(archive: Any) -> list[Game]:
    """Store every game of an archive, all or none (one unit of work).

    :raise ArchiveRefused: for another format, or a game or link already here.
    """
    return write(lambda unit: store_games(unit, archive))


def store_games(unit: Unit, archive: Any) -> list[Game]:
    """Write every game of an archive in the unit (:func:`import_games`).

    The changes and hand events, thousands in a long game, are inserted in
    one statement each (``bench/import.py``: 5,000 changes built one ORM
    object at a time took about a second).

    :raise ArchiveRefused: for another format, or a game already here.
    """
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise ArchiveRefused(f"not a {FORMAT} file")
    games = []
    for data in archive.get("games", []):
        if db.session.scalar(select(Game.id).where(Game.public_id == data["id"])) is not None:
            raise ArchiveRefused(f"game {data['id']} is here already")  # the unit rolls back
        game = Game(public_id=data["id"], created_at=_read_time(data["created_at"]),
                    updated_at=_read_time(data["updated_at"]), preset=data["preset"],
                    ruleset=data["ruleset"], first_dealer=data["first_dealer"],
                    series=data.get("series"))  # (none in a file written before series)
        game.players = [Player(seat=p["seat"], name=p["name"]) for p in data["players"]]
        db.session.add(game)
        db.session.add_all(Link(game=game, token=link["token"], role=link["role"],
                                player=link.get("player"),  # none in a file before seat links
                                created_at=_read_time(link["created_at"]),
                                replaced_at=_read_time(link["replaced_at"]))
                           for link in data["links"])
        games.append(game)
    db.session.flush()
    _insert_logs(unit, games, archive.get("games", []))
    for game in games:
        sheet = load_sheet(game)  # every change folds: a broken archive stores nothing
        game.summary, game.finished = sheet.summary(), sheet.is_finished
        flag_modified(game, "updated_at")  # kept as the archive says, not the time of the import
    return games


def _insert_logs(unit: Unit, games: list[Game], archived: list[dict[str, Any]]) -> None:
    """The stored games' changes and hand events, as the archive holds them."""
    changes = [{"game_id": game.id, "seq": c["seq"], "kind": c["kind"], "round": c["round"],
                "player": c["player"], "value": c["value"], "author": c["author"],
                "created_at": _read_time(c["created_at"]), "by_player": bool(c.get("by_player"))}
               for game, data in zip(games, archived) for c in data["changes"]]
    events = [{"game_id": game.id, "round": e["round"], "seq": e["seq"], "kind": e["kind"],
               "player": e["player"], "cards": e["cards"], "author": e["author"],
               "created_at": _read_time(e["created_at"])}
              for game, data in zip(games, archived) for e in data["hand_events"]]
    if changes:
        unit.execute(Change.__table__.insert(), changes)
    if events:
        unit.execute(HandEvent.__table__.insert(), events)


def sqlite_path() -> Path:
    """The file of the embedded database.

    :raise ArchiveRefused: when the database is not SQLite (use its own tools).
    """
    url = make_url(str(db.engine.url))
    if url.get_backend_name() != "sqlite" or not url.database:
        raise ArchiveRefused("backup and restore are for the embedded SQLite database; "
                             "back up PostgreSQL with pg_dump")
    return Path(url.database)


def backup(target: Path) -> None:
    """A consistent copy of the live SQLite database, taken while it serves
    (SQLite's online backup: readers and writers go on meanwhile).

    :raise ArchiveRefused: when the target's folder is missing or cannot be written.
    """
    if not target.parent.is_dir():
        raise ArchiveRefused(f"no folder {target.parent}: nothing written")
    if target.exists() and not target.is_file():
        raise ArchiveRefused(f"{target} is not a file: nothing written")
    try:
        source = sqlite3.connect(sqlite_path())
        copy = sqlite3.connect(target)
        with copy:
            source.backup(copy)
        copy.close()
        source.close()
    except sqlite3.Error as error:
        raise ArchiveRefused(f"no backup written to {target}: {error}") from None


#: What every SQLite file begins with.
SQLITE_HEADER = b"SQLite format 3\x00"


def known_revisions() -> set[str]:
    """The migrations this code knows (the ``revision`` of each file of migrations/versions)."""
    versions = Path(__file__).resolve().parent.parent / "migrations" / "versions"
    return {match.group(1) for path in versions.glob("*.py")
            if (match := re.search(r"^revision\s*(?::[^=\n]*)?=\s*['\"]([^'\"]+)['\"]", path.read_text("utf-8"),
                                   re.MULTILINE))}


def _version(connection: sqlite3.Connection) -> str | None:
    """A database's migration version (None when it was made without migrations)."""
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master "
                                                   "WHERE type = 'table'")}
    if "alembic_version" not in tables:
        return None
    row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    return row[0] if row else ""


def check_backup(backup_file: Path) -> None:
    """That a file is a Scorekeeper database this code can serve: SQLite,
    whole (``integrity_check``), with every table of Scorekeeper, and a
    migration version this code knows, as the live database has one.

    :raise ArchiveRefused: saying what is wrong (the live database untouched).
    """
    if not backup_file.is_file():
        raise ArchiveRefused(f"no backup at {backup_file}")
    with backup_file.open("rb") as opened:
        if opened.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            raise ArchiveRefused(f"{backup_file} is not an SQLite database: nothing restored")
    try:
        source = sqlite3.connect(f"file:{backup_file}?mode=ro", uri=True)
        try:
            problem = _backup_problem(source)
        finally:
            source.close()
    except sqlite3.Error as error:
        problem = f"it cannot be read ({error})"
    if problem is not None:
        raise ArchiveRefused(f"{backup_file} is not a Scorekeeper backup: {problem}; "
                             "nothing restored")


def _backup_problem(source: sqlite3.Connection) -> str | None:
    """What keeps an open SQLite file from being restored, or None."""
    verdict = source.execute("PRAGMA integrity_check").fetchone()
    if not verdict or verdict[0] != "ok":
        return "its integrity check fails"
    tables = {row[0] for row in source.execute("SELECT name FROM sqlite_master "
                                               "WHERE type = 'table'")}
    missing = sorted(set(db.metadata.tables) - tables)
    if missing:
        return f"it lacks the tables {', '.join(missing)}"
    version = _version(source)
    live = sqlite3.connect(f"file:{sqlite_path()}?mode=ro", uri=True)
    try:
        live_version = _version(live)
    finally:
        live.close()
    if version is None and live_version is not None:
        return "it has no migration version"
    if version is not None and version not in known_revisions():
        return f"its migration version {version} is unknown to this code"
    return None


def restore(backup_file: Path) -> Path:
    """Put a backup back in place of the live database (online, page by page),
    after checking it (:func:`check_backup`) and keeping a copy of the live
    database beside it; return where that copy is.

    Every restored game gets a version above any it had, live or in the
    backup, so that no server takes the sheet it keeps for the game's later
    history (see :mod:`.folds`) for the restored one.

    :raise ArchiveRefused: when the file is no Scorekeeper backup (nothing changed).
    """
    check_backup(backup_file)
    live_path = sqlite_path()
    safety = live_path.with_name(
        f"{live_path.stem}.before-restore-{datetime.now():%Y%m%d-%H%M%S}{live_path.suffix}")
    backup(safety)
    db.session.remove()
    db.engine.dispose()
    source = sqlite3.connect(f"file:{backup_file}?mode=ro", uri=True)
    live = sqlite3.connect(live_path)
    versions = dict(live.execute("SELECT public_id, version FROM games"))
    with live:
        source.backup(live)
    with live:
        restored = live.execute("SELECT public_id, version FROM games").fetchall()
        live.executemany("UPDATE games SET version = ? WHERE public_id = ?", [
            (max(version, versions.get(public_id, 0)) + 1, public_id)
            for public_id, version in restored])
    live.close()
    source.close()
    return safety
