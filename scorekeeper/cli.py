"""The server operator's commands: ``flask --app scorekeeper games ...``.

- ``games list [--names]``: every game with counts (names only when asked);
- ``games export [ID ...] [--all] -o FILE``: games as a JSON archive;
- ``games import FILE``: an archive back in (all or nothing);
- ``games delete ID``: one game, for good;
- ``games prune [--finished-before DATE] [--untouched-since DATE] [--dry-run]``:
  old games, for good (which: :mod:`scorekeeper.storage.retention`);
- ``games backup FILE`` / ``games restore FILE``: a consistent online copy of
  the embedded SQLite database, and putting one back.

Games are named by their id (the ``id`` of the list and of the exports),
which is no link: it opens nothing.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import AppGroup

from .storage import archive, carry, retention
from .storage.games import GameNotFound, delete_game as delete_stored_game, load_sheet
from .storage.models import utcnow
from .web.wording.carry import carry_problem_text

games_cli = AppGroup("games", help="List, export, import, delete, prune and back up games.")


@games_cli.command("list")
@click.option("--names", is_flag=True, help="Show the players' names too.")
def list_games(names: bool) -> None:
    """Every game with its counts, oldest first."""
    rows = archive.all_games()
    for game in rows:
        counts = archive.game_counts(game)
        line = (f"{counts['id']}  {counts['created']}  {counts['players']} players  "
                f"{counts['closed']}/{counts['rounds']} rounds  {counts['changes']} changes"
                f"{'  finished' if counts['finished'] else ''}")
        if names:
            line += "  " + ", ".join(load_sheet(game).players.values())
        click.echo(line)
    click.echo(f"{len(rows)} games")


@games_cli.command("export")
@click.argument("ids", nargs=-1)
@click.option("--all", "everything", is_flag=True, help="Export every game.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True)
def export_games(ids: tuple[str, ...], everything: bool, output: Path) -> None:
    """Games (by id, or --all) as one JSON archive."""
    if not ids and not everything:
        raise click.UsageError("name the games to export, or give --all")
    try:
        games = archive.all_games() if everything else [archive.find_game(i) for i in ids]
    except GameNotFound as missing:
        raise click.ClickException(f"no game {missing}") from None
    output.write_text(json.dumps(archive.export_games(games), ensure_ascii=False, indent=1),
                      encoding="utf-8")
    click.echo(f"{len(games)} games written to {output}")


@games_cli.command("import")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def import_games(source: Path) -> None:
    """An archive's games back in, each checked change by change: all of them, or none."""
    try:
        data = json.loads(source.read_text(encoding="utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise click.ClickException(f"nothing imported: {source} is not a JSON file") from None
    except OSError as error:
        raise click.ClickException(f"nothing imported: {error.strerror}") from None
    try:
        games = carry.import_operator_games(data)
    except carry.CarryRefused as refused:
        # The problems worded as the web words them, in English (the default
        # language of a request without Accept-Language).
        with current_app.test_request_context():
            lines = [carry_problem_text(problem) for problem in refused.problems]
        more = f"\n  … and {len(lines) - 20} more" if len(lines) > 20 else ""
        raise click.ClickException("nothing imported:\n  " + "\n  ".join(lines[:20]) + more
                                   ) from None
    except archive.ArchiveRefused as refused:
        raise click.ClickException(f"nothing imported: {refused}") from None
    click.echo(f"{len(games)} games imported")


@games_cli.command("delete")
@click.argument("game_id")
@click.confirmation_option(prompt="Delete this game for good?")
def delete_game(game_id: str) -> None:
    """One game and everything stored of it."""
    try:
        delete_stored_game(archive.find_game(game_id))
    except GameNotFound:
        raise click.ClickException(f"no game {game_id}") from None
    click.echo(f"game {game_id} deleted")


class Day(click.ParamType):
    """A day written YYYY-MM-DD, today at the latest: its midnight in UTC."""

    name = "date"

    def convert(self, value, param, ctx) -> datetime:
        if isinstance(value, datetime):
            return value
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            self.fail(f"{value!r} is not a date written YYYY-MM-DD (such as 2024-01-31)",
                      param, ctx)
        try:
            day = datetime.strptime(value, "%Y-%m-%d")
        except ValueError:
            self.fail(f"{value} is no day of the calendar", param, ctx)
        if day.date() > utcnow().date():
            self.fail(f"{value} is in the future: nothing is untouched since then", param, ctx)
        return day


@games_cli.command("prune")
@click.option("--finished-before", type=Day(), metavar="DATE",
              help="Finished games untouched since DATE.")
@click.option("--untouched-since", type=Day(), metavar="DATE",
              help="Games untouched since DATE, finished or not (given with "
                   "--finished-before: the unfinished ones only).")
@click.option("--dry-run", is_flag=True, help="Only say what would be deleted.")
@click.option("--yes", is_flag=True, help="Delete without asking.")
def prune(finished_before: datetime | None, untouched_since: datetime | None, dry_run: bool,
          yes: bool) -> None:
    """Old games and everything stored of them, for good.

    \b
    --finished-before DATE: the finished games untouched since DATE;
    --untouched-since DATE: the games untouched since DATE, finished or not;
      given with --finished-before, the unfinished ones only (the finished
      ones follow --finished-before: abandoned games can go sooner).

    At least one is needed. DATE is YYYY-MM-DD, at midnight UTC, today at
    the latest. A game is untouched since DATE when nothing of it was written
    on or after that day (an entry, a card, a correction, an undo; opening it
    writes nothing); an imported game keeps the times of its archive. A game
    of a series (Play again) goes only with its whole series. Asks first
    (unless --yes); deletes a batch of games at a time, each game whole.
    """
    if finished_before is None and untouched_since is None:
        raise click.UsageError("give --finished-before DATE, --untouched-since DATE or both")
    rule = retention.Rule(finished_before, untouched_since)
    found = retention.count(rule)
    if dry_run or not found.games:
        click.echo(f"would delete {stored(found)}; nothing deleted"
                   + (" (dry run)" if dry_run else ""))
        return
    if not yes:
        click.confirm(f"Delete {stored(found)} for good?", abort=True)
    deleted = retention.Counts()
    try:
        for batch in retention.prune(rule):
            deleted += batch
    except retention.PruneBusy:
        raise click.ClickException(f"stopped after deleting {stored(deleted)}: the next games "
                                   "were being written to; run it again") from None
    click.echo(f"deleted {stored(deleted)}")


def stored(counts: retention.Counts) -> str:
    """What is stored of some games, in a few words."""
    return f"{counts.games} games ({counts.changes} changes, {counts.hand_events} hand events)"


@games_cli.command("backup")
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
def backup(target: Path) -> None:
    """A consistent copy of the SQLite database, taken while the app serves."""
    refusing(archive.backup, target)
    click.echo(f"backup written to {target}")


@games_cli.command("restore")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.confirmation_option(prompt="Replace the whole database with this backup?")
def restore(source: Path) -> None:
    """Put a backup back in place of the SQLite database (checked first; the
    live database is kept beside it)."""
    try:
        safety = archive.restore(source)
    except archive.ArchiveRefused as refused:
        raise click.ClickException(str(refused)) from None
    click.echo(f"database restored from {source}; the database it replaced is kept at {safety}")


def refusing(action, *args) -> None:
    """Run ``action``; a refusal ends the command with its reason."""
    try:
        action(*args)
    except archive.ArchiveRefused as refused:
        raise click.ClickException(str(refused)) from None


def register_commands(app: Flask) -> None:
    app.cli.add_command(games_cli)
