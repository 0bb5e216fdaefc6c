"""Hostile files of games, through the web import and ``flask games import``:
each one answered in words (no 5xx, no traceback), and nothing stored from a
refused file; a file that could still be a valid game makes pages that work."""

from __future__ import annotations

import io
import json

import pytest
from regular_games import ONE_ROUND

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, DeviceGame, Game, HandEvent, Link, Player

TABLES = (Game, Player, Change, HandEvent, Link, DeviceGame)


def rows(app) -> dict[str, int]:
    """How many rows each table holds."""
    with app.app_context():
        return {table.__tablename__: db.session.scalar(db.select(db.func.count())
                                                       .select_from(table)) for table in TABLES}


def upload(client, raw: bytes):
    return client.post("/carry/import", data={"file": (io.BytesIO(raw), "games.json")},
                       content_type="multipart/form-data")


def base_archive(table, client) -> dict:
    """A played round of Ann and Bob as this device exports it, under a fresh id and links."""
    table.start(names=("Ann", "Bob"), **ONE_ROUND)
    table.play_round(1, [1, 0], 1, {1: 0, 0: 0}, {1: 1, 0: 0}, trump="none")
    data = json.loads(client.get("/carry/games.json").get_data(as_text=True))
    game = data["games"][0]
    game["id"] = "a" * 32
    for link in game["links"]:
        link["token"] = "zz" + link["token"][2:]
    return data


def first_game(data):
    return data["games"][0]


def deep(levels: int):
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


#: Each hostile edit of the base archive, and words its refusal names.
HOSTILE = {
    "NUL in a name": (lambda d: first_game(d)["players"][0].update(name="A\x00nn"),
                      "control character"),
    "escape codes in a name": (lambda d: first_game(d)["players"][0].update(
        name="\x1b[31mAnn\x1b[0m"), "control character"),
    "NUL in a signing name": (lambda d: first_game(d)["changes"][0].update(author="x\x00"),
                              "control character"),
    "NUL in an id": (lambda d: first_game(d).update(id="ab\x00cd"), "control character"),
    "NUL in a token": (lambda d: first_game(d)["links"][0].update(
        token="abcdefgh\x00ijklmnopq"), "control character"),
    "Ann and ann": (lambda d: first_game(d)["players"][1].update(name="ann"),
                    "Two players are called ann; tell them apart."),
    "seat -1": (lambda d: first_game(d)["players"][0].update(seat=-1),
                "the players are not 2 to 10 names in seat order."),
    "an empty name": (lambda d: first_game(d)["players"][0].update(name=""),
                      "the players are not 2 to 10 names in seat order."),
    "a name with spaces around": (lambda d: first_game(d)["players"][0].update(name=" Ann "),
                                  "the players are not 2 to 10 names in seat order."),
    "role admin": (lambda d: first_game(d)["links"][0].update(role="admin"),
                   "the field “links” is not as Scorekeeper writes it."),
    "a token with a slash": (lambda d: first_game(d)["links"][0].update(
        token="../../../etc/passwd"), "the field “links” is not as Scorekeeper writes it."),
    "an id starting with a dash": (lambda d: first_game(d).update(id="-rf"),
                                   "the field “id” is not as Scorekeeper writes it."),
    "an invalid card": (lambda d: first_game(d).update(hand_events=[
        {"round": 1, "seq": 1, "kind": "card", "player": 1, "cards": ["ZZ"]}]), "recorded hand"),
    "a seq past any integer": (lambda d: first_game(d)["changes"][0].update(seq=10**30),
                               "a number that no Scorekeeper export holds"),
    "a player past any integer": (lambda d: first_game(d)["changes"][1].update(
        player=2**63), "a number that no Scorekeeper export holds"),
    "NaN points": (lambda d: first_game(d)["changes"][1].update(value=float("nan")),
                   "a number that no Scorekeeper export holds"),
    "a deeply nested value": (lambda d: first_game(d)["changes"][1].update(value=deep(500)),
                              "levels deep"),
    "a long text": (lambda d: first_game(d)["changes"][0].update(author="x" * 5000),
                    "a text longer than 200 characters"),
    "no created_at and a kind of change that does not exist": (
        lambda d: [first_game(d)["changes"][1].update(kind="admin"),
                   first_game(d)["changes"][1].pop("created_at")],
        "this kind of change does not exist."),
    "a game that is a list": (lambda d: d["games"].__setitem__(0, [1, 2]),
                              "this is not a game."),
    "too many changes": (lambda d: first_game(d).update(changes=[first_game(d)["changes"][0]]
                                                        * 5001),
                         "the game has more than 5000 changes."),
    "too many hand entries": (lambda d: first_game(d).update(hand_events=[
        {"round": 1, "seq": 1, "kind": "reset"}] * 5001),
        "the game has more than 5000 recorded hand entries."),
    "too many games": (lambda d: d.update(games=d["games"] * 151),
                       "more than 150 games"),
}

#: Files no JSON reader takes whole.
RAW = {
    "not JSON": b"{\"format\": \"scorekeeper-archive/1\", \"games\": [",
    "nested past the reader": b"[" * 100_000 + b"]" * 100_000,
    "not UTF-8": b"\xff\xfe\x00",
}


def hostile_file(table, client, case: str) -> bytes:
    if case in RAW:
        return RAW[case]
    data = base_archive(table, client)
    HOSTILE[case][0](data)
    return json.dumps(data).encode()


@pytest.mark.parametrize("case", [*HOSTILE, *RAW])
def test_a_hostile_file_is_refused_in_words_through_the_web_and_nothing_is_stored(
        table, client, app, case):
    raw = hostile_file(table, client, case)
    before = rows(app)
    response = upload(app.test_client(), raw)
    page = response.get_data(as_text=True)
    assert response.status_code == 422, page
    assert "Nothing was imported" in page
    if case in HOSTILE:
        assert HOSTILE[case][1] in page
    assert rows(app) == before


@pytest.mark.parametrize("case", [*HOSTILE, *RAW])
def test_a_hostile_file_is_refused_in_one_line_by_the_command_and_nothing_is_stored(
        table, client, app, runner, tmp_path, case):
    path = tmp_path / "hostile.json"
    path.write_bytes(hostile_file(table, client, case))
    before = rows(app)
    result = runner.invoke(args=["games", "import", str(path)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output and "nothing imported" in result.output
    if case in HOSTILE and case != "too many games":  # (the operator may bring any number)
        assert HOSTILE[case][1].replace("“", "").replace("”", "") in \
            result.output.replace("“", "").replace("”", ""), result.output
    assert rows(app) == before


def test_a_game_with_only_a_scorer_link_gets_a_viewer_link_and_its_pages_work(
        table, client, app):
    data = base_archive(table, client)
    first_game(data)["links"] = [link for link in first_game(data)["links"]
                                 if link["role"] == "scorer"]
    scorer = first_game(data)["links"][0]["token"]
    other = app.test_client()
    response = upload(other, json.dumps(data).encode())
    assert response.status_code == 200, response.get_data(as_text=True)
    for path in ("/", "/share", "/standings", "/history", "/round/1", "/export.csv"):
        assert other.get(f"/g/{scorer}{path}", follow_redirects=True).status_code == 200, path
    rotated = other.post(f"/g/{scorer}/share/rotate", data={"role": "viewer"})
    assert rotated.status_code < 500


def test_the_command_also_gives_a_scorer_only_game_a_viewer_link(table, client, app, runner,
                                                                  tmp_path):
    data = base_archive(table, client)
    first_game(data)["links"] = first_game(data)["links"][:1]
    path = tmp_path / "scorer-only.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(args=["games", "import", str(path)])
    assert result.exit_code == 0, result.output
    scorer = first_game(data)["links"][0]["token"]
    assert client.get(f"/g/{scorer}/share").status_code == 200


def test_an_id_taken_here_is_that_game_and_a_stranger_gets_no_copy_and_no_access(
        table, client, app):
    data = base_archive(table, client)
    taken = json.loads(client.get("/carry/games.json").get_data(as_text=True))
    first_game(data)["id"] = first_game(taken)["id"]  # a game here, under the stranger's links
    before = rows(app)
    stranger = app.test_client()
    page = upload(stranger, json.dumps(data).encode()).get_data(as_text=True)
    assert "1 game is on this server already, but not on this phone: open it through its link." in page and "game imported" not in page
    assert rows(app) == before  # neither a copy nor the stranger's links
    scorer = next(link["token"] for link in first_game(data)["links"] if link["role"] == "scorer")
    assert stranger.get(f"/g/{scorer}/standings").status_code == 404
    assert 'href="/g/' not in stranger.get("/").get_data(as_text=True)


def test_an_import_over_one_mib_passes_the_csrf_check_and_one_over_the_limit_is_413(tmp_path):
    """With CSRF on, as served: the app-wide 1 MiB limit does not stop the import."""
    import re

    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "test",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'csrf.sqlite3'}"})
    with app.app_context():
        db.create_all()
    client = app.test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"',
                      client.get("/carry").get_data(as_text=True)).group(1)
    padded = b'{"format": "scorekeeper-archive/1", "games": []}' + b" " * (2 * 1024 * 1024)

    def send(raw: bytes, with_token: bool = True):
        form = {"file": (io.BytesIO(raw), "games.json")}
        if with_token:
            form["csrf_token"] = token
        return client.post("/carry/import", data=form, content_type="multipart/form-data")

    response = send(padded)
    assert response.status_code == 422  # read and answered, not 413
    assert "The file holds no games." in response.get_data(as_text=True)
    assert send(padded, with_token=False).status_code == 400  # CSRF still checked
    too_big = send(b" " * (5 * 1024 * 1024))
    assert too_big.status_code == 413
    assert "The file is larger than 4 MB, the most one import takes." in \
        too_big.get_data(as_text=True)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_restoring_a_file_that_is_no_database_or_no_scorekeeper_backup_changes_nothing(
        app, client, runner, table, tmp_path):
    import sqlite3

    table.start(**ONE_ROUND)
    before = rows(app)
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE things (id INTEGER)")
    for path, words in ((text, "is not an SQLite database"),
                        (other, "is not a Scorekeeper backup: it lacks the tables")):
        result = runner.invoke(args=["games", "restore", str(path), "--yes"])
        assert result.exit_code == 1 and words in result.output, result.output
        assert "Traceback" not in result.output and result.exception is None or \
            isinstance(result.exception, SystemExit)
    assert rows(app) == before
    assert client.get("/healthz").status_code == 200


def test_a_restore_keeps_the_database_it_replaces_and_says_where(app, runner, table,
                                                                 tmp_path):
    table.start(**ONE_ROUND)
    copy = tmp_path / "backup.sqlite3"
    assert runner.invoke(args=["games", "backup", str(copy)]).exit_code == 0
    result = runner.invoke(args=["games", "restore", str(copy), "--yes"])
    assert result.exit_code == 0, result.output
    kept = result.output.split("kept at ")[1].strip()
    assert ".before-restore-" in kept and rows(app)["games"] == 1
    import pathlib
    assert pathlib.Path(kept).stat().st_size > 0


def test_a_backup_to_a_missing_folder_answers_a_line(runner, tmp_path):
    result = runner.invoke(args=["games", "backup", str(tmp_path / "nowhere" / "b.sqlite3")])
    assert result.exit_code == 1 and "no folder" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_the_health_check_answers_503_when_the_tables_are_not_scorekeepers(app, client):
    with app.app_context():
        db.session.execute(db.text("DROP TABLE changes"))
        db.session.commit()
    response = client.get("/healthz")
    assert response.status_code == 503
