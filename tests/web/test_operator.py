"""The server operator's commands (``flask games ...``), each run as the CLI runs them."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Game


@pytest.fixture
def two_games(table, client):
    """A game with closed rounds, a correction and an undo, and a fresh one."""
    first = table.start(names=("Zośka", "Jędrek", "Łukasz", "Ania"))
    for number, order in ((1, [1, 2, 3, 0]), (2, [2, 3, 0, 1])):
        cards = 10 if number == 1 else 9
        bids = {order[0]: 3, order[1]: 3, order[2]: 2, order[3]: 0}
        tricks = {order[0]: 3, order[1]: 4, order[2]: 2, order[3]: cards - 9}
        table.play_round(number, order, cards, bids, tricks)
    table.bid(3, 3, 1)
    table.undo()
    second = table.start(names=("Ann", "Bob", "Cy"))
    return first, second


def snapshot(client, gids) -> dict:
    """What a table sees of each game: the CSV, the standings and the history
    (the page's CSRF token aside: it carries the second it was made)."""
    def page(url: str) -> str:
        return re.sub(r'("X-CSRFToken": |name="csrf_token" value=)"[^"]+"', r"\1-",
                      client.get(url).get_data(as_text=True))

    return {gid: [page(f"/g/{gid}{path}") for path in ("/export.csv", "/export.json", "/history")]
            for gid in gids}


def game_ids(app) -> list[str]:
    with app.app_context():
        return [g.public_id for g in db.session.scalars(db.select(Game).order_by(Game.id))]


def test_list_shows_counts_and_names_only_when_asked(app, runner, two_games):
    out = runner.invoke(args=["games", "list"]).output
    assert "2 games" in out and "4 players" in out and "2/19 rounds" in out
    assert "Zośka" not in out and two_games[0] not in out  # no names, no links
    named = runner.invoke(args=["games", "list", "--names"]).output
    assert "Zośka, Jędrek, Łukasz, Ania" in named


def test_export_delete_and_import_give_back_the_same_games(app, client, runner, two_games,
                                                          tmp_path):
    before = snapshot(client, two_games)
    target = tmp_path / "all.json"
    result = runner.invoke(args=["games", "export", "--all", "-o", str(target)])
    assert result.exit_code == 0 and "2 games written" in result.output
    for game_id in game_ids(app):
        assert runner.invoke(args=["games", "delete", game_id, "--yes"]).exit_code == 0
    assert game_ids(app) == []
    assert client.get(f"/g/{two_games[0]}/").status_code == 404
    result = runner.invoke(args=["games", "import", str(target)])
    assert result.exit_code == 0 and "2 games imported" in result.output
    assert snapshot(client, two_games) == before  # the same links open the same games


def test_import_takes_all_or_nothing(app, runner, two_games, tmp_path):
    target = tmp_path / "one.json"
    first_id = game_ids(app)[0]
    runner.invoke(args=["games", "export", first_id, "-o", str(target)])
    archive = json.loads(target.read_text())
    assert len(archive["games"]) == 1
    result = runner.invoke(args=["games", "import", str(target)])  # it is here already
    assert result.exit_code != 0 and "nothing imported" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "something/9", "games": []}))
    assert runner.invoke(args=["games", "import", str(broken)]).exit_code != 0
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Game)) == 2


def test_a_backup_restored_gives_back_every_game_identical(app, client, runner, two_games,
                                                           table, tmp_path):
    before = snapshot(client, two_games)
    with app.app_context():
        changes = [(c.game_id, c.seq, c.kind, c.round, c.player, c.value)
                   for c in db.session.scalars(db.select(Change).order_by(Change.id))]
    copy = tmp_path / "backup.sqlite3"
    result = runner.invoke(args=["games", "backup", str(copy)])
    assert result.exit_code == 0 and copy.stat().st_size > 0
    table.gid = two_games[1]
    table.trump(1, "S")  # a change after the backup, and a game deleted
    runner.invoke(args=["games", "delete", game_ids(app)[0], "--yes"])
    result = runner.invoke(args=["games", "restore", str(copy), "--yes"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert [(c.game_id, c.seq, c.kind, c.round, c.player, c.value)
                for c in db.session.scalars(db.select(Change).order_by(Change.id))] == changes
    assert snapshot(client, two_games) == before


def test_deleting_an_unknown_game_says_so(runner):
    result = runner.invoke(args=["games", "delete", "nope", "--yes"])
    assert result.exit_code != 0 and "no game nope" in result.output
