"""The server operator's commands: ``flask --app scorekeeper games ...``.

- ``games list [--names]``: every game with counts (names only when asked);
- ``games export [ID ...] [--all] -o FILE``: games as a JSON archive;
- ``games import FILE``: an archive back in (all or nothing);
- ``games delete ID``: one game, for good;
- ``games backup FILE`` / ``games restore FILE``: a consistent online copy of
  the embedded SQLite database, and putting one back.

Games are named by their id (the ``id`` of the list and of the exports),
which is no link: it opens nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import AppGroup

from .storage import archive, carry
from .storage.games import GameNotFound, delete_game as delete_stored_game, load_sheet
from .web.wording.carry import carry_problem_text

games_cli = AppGroup("games", help="List, export, import, delete and back up games.")


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
