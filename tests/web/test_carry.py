"""Carrying games between devices: one file out, checked in, all or nothing."""

from __future__ import annotations

import io
import json
import re

import pytest
from regular_games import ONE_ROUND, eventful_game, sheet_json

from scorekeeper import create_app
from scorekeeper.storage import links
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Game


def upload(client, data, name="games.json"):
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post("/carry/import", data={"file": (io.BytesIO(raw), name)},
                       content_type="multipart/form-data")


def exported(client):
    response = client.get("/carry/games.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def part(page: str, start: str, end: str = "</table>") -> str:
    page = page[page.index(start):]
    return page[:page.index(end)]


def views(client, gid):
    """What must come back identical: the standings, the CSV and the history."""
    standings = client.get(f"/g/{gid}/standings").get_data(as_text=True)
    history = client.get(f"/g/{gid}/history").get_data(as_text=True)
    return (part(standings, 'id="standings"'), part(standings, 'id="grid"'),
            client.get(f"/g/{gid}/export.csv").get_data(as_text=True),
            part(history, 'id="history"', "</main>"))


def game_count(app):
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(Game))


def test_export_wipe_import_gives_the_same_standings_csv_and_history(table, client, tmp_path):
    gid = eventful_game(table)
    table.start(names=("Ann", "Bob"), **ONE_ROUND)
    before = views(client, gid)
    archive = exported(client)
    assert len(archive["games"]) == 2

    fresh = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'other.sqlite3'}"})
    with fresh.app_context():
        db.create_all()
    other = fresh.test_client()
    response = upload(other, archive)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert "2 games imported." in response.get_data(as_text=True)
    assert views(other, gid) == before
    # The games are on the importing device's list.
    assert f'href="/g/{gid}/"' in other.get("/").get_data(as_text=True)
    # The same file again adds nothing.
    again = upload(other, archive).get_data(as_text=True)
    assert "0 games imported." in again and "2 games were on this phone already." in again
    assert game_count(fresh) == 2
    with fresh.app_context():
        db.session.remove()
        db.engine.dispose()


def test_a_game_the_device_only_views_travels_without_its_scorer_link(table, client, app):
    gid = table.start(**ONE_ROUND)
    with app.app_context():
        game = links.open_link(gid).game
        viewer = links.link_of(game, links.VIEWER).token
    stranger = app.test_client()
    stranger.get(f"/g/{viewer}/")
    archive = exported(stranger)
    assert [link["role"] for link in archive["games"][0]["links"]] == ["viewer"]
    assert gid not in json.dumps(archive)
    assert exported(app.test_client())["games"] == []


def broken(archive, which, **edit):
    """The archive with the first change of this kind in its first game edited."""
    data = json.loads(json.dumps(archive))
    for change in data["games"][0]["changes"]:
        if change["kind"] == which:
            change.update(edit)
            return data
    raise AssertionError("no change edited")


@pytest.mark.parametrize("kind, edit, words", [
    ("bid", {"value": 7}, "change 2 (bid): Bob: the bid must be between 0 and 1."),
    ("tricks", {"value": 2}, "change 4 (tricks): "),
    ("tricks", {"seq": 30}, "change 30 (tricks): the changes are not numbered 1, 2, 3… without gaps (change 4 is missing)."),
    ("bid", {"kind": "cheat"}, "change 2: this kind of change does not exist."),
    ("close", {"round": 4}, "change 6 (round closed): "),
    ("bid", {"player": 9}, "change 2 (bid): "),
    ("bid", {"value": "0"}, "change 2 (bid): "),
])
def test_changes_that_break_the_rules_are_named_and_nothing_is_stored(table, client, app,
                                                                    kind, edit, words):
    table.start(names=("Ann", "Bob"), preset="estonian", shape="custom", custom="1 1")
    table.play_round(1, [1, 0], 1, {1: 0, 0: 0}, {1: 1, 0: 0}, trump="none")
    archive = exported(client)
    fresh_games = json.loads(json.dumps(archive))["games"]
    fresh_games[0]["id"] = "f" * 32
    for link in fresh_games[0]["links"]:
        link["token"] = "new" + link["token"][3:]
    good = {"format": archive["format"], "games": [fresh_games[0]]}
    bad = broken(good, kind, **edit)
    bad["games"][0]["id"] = "e" * 32
    for link in bad["games"][0]["links"]:
        link["token"] = "bad" + link["token"][3:]
    bad["games"].insert(0, fresh_games[0])  # a good game first: it is not stored either
    response = upload(client, bad)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "Nothing was imported: 1 problem." in page
    assert "Game 2 (Ann, Bob): " + words in page
    assert game_count(app) == 1


@pytest.mark.parametrize("raw, words", [
    (b'{"format": "scorekeeper-archive/1", "games": [{"id": "ab', "is not JSON"),
    (b"\xff\xfe not text", "is not JSON"),
    (b"[]", "not a file of games"),
    (json.dumps({"format": "scorekeeper-archive/9", "games": []}).encode(), "“scorekeeper-archive/9”"),
    (json.dumps({"format": "scorekeeper-archive/1", "games": []}).encode(), "holds no games"),
    (json.dumps({"format": "scorekeeper-archive/1", "games": [1]}).encode(), "Game 1 (?): this is not a game"),
    (json.dumps({"format": "scorekeeper-archive/1", "games": [{"id": "x"}]}).encode(), "“preset” is missing"),
    (b"[" * 100000 + b"]" * 100000, "is not JSON"),
])
def test_truncated_wrong_and_hostile_files_are_refused_in_words(client, app, raw, words):
    response = upload(client, raw)
    assert response.status_code == 422 and words in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_a_huge_file_is_refused(client, app):
    response = upload(client, b" " * (5 * 1024 * 1024))
    assert response.status_code == 413
    assert game_count(app) == 0


def test_a_file_cannot_take_over_another_games_link(table, client, app):
    gid = table.start(**ONE_ROUND)
    archive = exported(client)
    archive["games"][0]["id"] = "d" * 32  # another game, with this game's links
    response = upload(app.test_client(), archive)
    assert response.status_code == 422
    assert "its link belongs to another game here" in response.get_data(as_text=True)
    assert game_count(app) == 1


def test_a_games_own_json_export_imports_on_another_device(table, client, app):
    gid = eventful_game(table)
    data = sheet_json(table)
    assert data["stored"]["links"] == [] and gid not in json.dumps(data)  # shared freely
    with app.app_context():
        game = links.open_link(gid).game
        db.session.delete(db.session.get(Game, game.id))
        db.session.commit()
    other = app.test_client()
    response = upload(other, data)
    assert "1 game imported." in response.get_data(as_text=True)
    # The copy is the importing device's, through new links of its own.
    home = other.get("/").get_data(as_text=True)
    copy = re.search(r'href="/g/([^/"]+)/"', home).group(1)
    assert copy != gid
    assert json.loads(other.get(f"/g/{copy}/export.json").get_data(as_text=True)) == data
    assert "1 game was on this phone already." in upload(other, data).get_data(as_text=True)
    old = {k: v for k, v in data.items() if k != "stored"}
    assert "no changes in it" in upload(other, old).get_data(as_text=True)


def with_fresh_ids(data, letter):
    """The archive's first game under another id and other links (to import it here again)."""
    data["games"][0]["id"] = letter * 32
    for link in data["games"][0]["links"]:
        link["token"] = letter * 3 + link["token"][3:]
    return data


def renamed_archive(table, client, fresh_ids=True):
    """A finished game of Kasia, Ann and Bob; Kasia renamed Kate, Bob renamed
    Rob and that taken back: its archive, with fresh ids to import it here again."""
    table.start(names=("Kasia", "Ann", "Bob"), **ONE_ROUND)
    table.play_round(1, [1, 2, 0], 1, {0: 0, 1: 1, 2: 0}, {0: 0, 1: 1, 2: 0}, trump="none")
    client.post("/players/rename", data={"name": "Kasia", "to": "Kate"})
    client.post("/players/rename", data={"name": "Bob", "to": "Rob"})
    client.post("/players/undo")
    data = exported(client)
    return with_fresh_ids(data, "d") if fresh_ids else data


def test_renames_travel_with_the_game(table, client, tmp_path):
    data = renamed_archive(table, client, fresh_ids=False)
    assert [c["kind"] for c in data["games"][0]["changes"]][-3:] == ["name"] * 3
    before = views(client, table.gid)
    fresh = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'other.sqlite3'}"})
    with fresh.app_context():
        db.create_all()
    other = fresh.test_client()
    assert upload(other, data).status_code == 200
    assert views(other, table.gid) == before
    assert "Kate" in before[0] and "Rob" not in before[0]
    with fresh.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.mark.parametrize("edit, words", [
    ({"was": "Kasia!"}, "the table could not have made this change at that point."),
    ({"name": "Ann"}, "Two players are called Ann; tell them apart."),
    ({"name": "K" * 41}, "the change is not written as Scorekeeper writes it."),
    ({"roster": "7"}, "the change is not written as Scorekeeper writes it."),
    ({"undo": True}, "the table could not have made this change at that point."),
])
def test_a_name_change_no_roster_could_make_is_refused(table, client, app, edit, words):
    data = renamed_archive(table, client)
    count = game_count(app)
    names = [c for c in data["games"][0]["changes"] if c["kind"] == "name"]
    names[0]["value"].update(edit)
    response = upload(client, data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422, page
    assert f"change {names[0]['seq']} (" in page and words in page
    assert game_count(app) == count


def recorded_archive(table, client, penalty=False):
    """Round 1 of the disputes' game closed, its hand recorded (Bob's hand dealt
    card by card, then every card played: Di's revoke in trick 1 is proven and,
    with ``penalty``, penalised): the archive, with fresh ids to import it here again."""
    from test_disputes import CARDS, HANDS, closed_round_one, hand_url, play

    closed_round_one(table)
    for card in HANDS[1]:
        client.post(hand_url(table, 1, "/deal"), data={"player": 1, "card": card})
    play(table, CARDS)
    if penalty:
        assert client.post(hand_url(table, 1, "/penalty"), data={"trick": 1, "choice": 0}
                           ).status_code == 302
    return with_fresh_ids(exported(client), "c")


def test_a_recorded_hand_with_a_revoke_and_its_penalty_imports(table, client, app):
    data = recorded_archive(table, client, penalty=True)
    assert len(data["games"][0]["hand_events"]) == 5 + 20
    response = upload(client, data)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert game_count(app) == 2


def test_a_hand_imported_from_a_record_on_an_empty_hand_travels_too(table, client, app):
    from test_disputes import closed_round_one, hand_url, record_json

    closed_round_one(table)
    hands = [["4S", "7C", "5S", "4H", "TD"], ["AS", "5C", "6S", "8D", "9D"],
             ["KS", "6C", "7S", "2H", "JD"], ["2C", "9C", "3S", "3H", "QD"]]
    assert client.post(hand_url(table, 1, "/import"), data={"text": record_json(hands=hands)}
                       ).status_code == 302
    data = exported(client)
    assert [e["kind"] for e in data["games"][0]["hand_events"]][:2] == ["reset", "deal"]
    with_fresh_ids(data, "b")
    response = upload(client, data)
    assert response.status_code == 200, response.get_data(as_text=True)


def event(data, kind, index=0):
    return [e for e in data["games"][0]["hand_events"] if e["kind"] == kind][index]


@pytest.mark.parametrize("edit, words", [
    # A card played by someone whose turn it was not.
    (lambda d: event(d, "card").update(player=0),
     "round 1, recorded hand, entry 6 (card played): the table could not have made this change"),
    (lambda d: event(d, "card").update(cards=["ZZ"]),
     "entry 6 (card played): “ZZ” is not a card."),
    (lambda d: event(d, "card").update(cards="AS"),
     "entry 6 (card played): the change is not written as Scorekeeper writes it."),
    # One card more than the round deals.
    (lambda d: d["games"][0]["hand_events"].append(
        {**event(d, "card", 19), "seq": 26, "cards": ["KD"]}),
     "entry 26 (card played): "),
    # A hand dealt with six cards to a round of five, or with a card twice.
    (lambda d: event(d, "deal", 4).update(cards=["AS", "5C", "6S", "8D", "9D", "KD"]),
     "entry 5 (hand dealt): Bob: "),
    (lambda d: event(d, "deal", 1).update(cards=["AS", "AS"]),
     "entry 2 (hand dealt): Bob: A♠ is already in the hand."),
    (lambda d: event(d, "deal").update(player=9),
     "entry 1 (hand dealt): That player does not play this round."),
    (lambda d: event(d, "card", 3).update(seq=40),
     "entry 10 (card played): the changes are not numbered 1, 2, 3… without gaps (change 9 "
     "is missing)."),
    (lambda d: event(d, "card").update(kind="magic"),
     "round 1, recorded hand, entry 6: this kind of change does not exist."),
    (lambda d: event(d, "deal").update(kind="undo", cards=None, player=None),
     "entry 1 (undo): Nothing is recorded yet, so there is nothing to undo."),
    (lambda d: [e.update(round=2) for e in d["games"][0]["hand_events"]],
     "round 2, recorded hand, entry 1 (hand dealt): Choose the trump on the round screen first."),
    (lambda d: d["games"][0]["hand_events"].extend(
        {**event(d, "card", 19), "seq": seq, "kind": "reset"} for seq in range(26, 502)),
     "round 1, recorded hand, entry 501 (hand started over): a recorded hand has at most 500 "
     "entries."),
    (lambda d: [e.update(round=7) for e in d["games"][0]["hand_events"]],
     "round 7, recorded hand, entry 1 (hand dealt): "),
])
def test_a_recorded_hand_no_recorder_could_make_is_refused(table, client, app, edit, words):
    data = recorded_archive(table, client)
    count = game_count(app)
    edit(data)
    response = upload(client, data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422, page
    assert "Game 1 (Ann, Bob, Cy, Di): " in page and words in page
    assert game_count(app) == count


def test_a_penalty_for_a_revoke_the_hand_never_showed_is_refused(table, client, app):
    data = recorded_archive(table, client, penalty=True)
    penalties = [c for c in data["games"][0]["changes"] if c["kind"] == "adjust"]
    for change in penalties:
        change["value"]["revoke"]["trick"] = 2
    response = upload(client, data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert (f"change {penalties[0]['seq']} (points added or taken): "
            "The recorded hand proves no revoke in trick 2.") in page
    # Without the hand, a penalty proves nothing either.
    for change in penalties:
        change["value"]["revoke"]["trick"] = 1
    data["games"][0]["hand_events"] = []
    assert upload(client, data).status_code == 422
    assert game_count(app) == 1


@pytest.mark.parametrize("lang", ["pl", "et"])
def test_import_problems_name_each_kind_of_change_in_words(app, lang):
    """Every kind of change and of recorded card, as an import problem names it:
    in the reader's language, never its code."""
    from scorekeeper.game import GameError
    from scorekeeper.game.checking import HandProblem, LogProblem
    from scorekeeper.storage.carry import CarryProblem
    from scorekeeper.web.wording.carry import KIND_WORDS, carry_problem_text

    kinds = ["trump", "bid", "tricks", "close", "correct", "undo", "join", "leave", "back",
             "sitout", "adjust", "scoring", "schedule", "name", "decks", "end", "stake"]
    with app.test_request_context(headers={"Accept-Language": lang}):
        texts = {kind: carry_problem_text(CarryProblem(
            1, ("Ann",), "bad-change", log=LogProblem(3, kind, GameError("busy"))))
            for kind in kinds}
        texts.update({"hand " + kind: carry_problem_text(CarryProblem(
            1, ("Ann",), "bad-hand", hand=HandProblem(2, 3, kind, GameError("busy"))))
            for kind in ("deal", "card", "undo", "reset")})
        shown = {kind: str(word) for kind, word in KIND_WORDS.items()}
    with app.test_request_context(headers={"Accept-Language": "en"}):
        english = {kind: str(word) for kind, word in KIND_WORDS.items()}
    assert set(KIND_WORDS) == {*kinds, "deal", "card", "reset"}
    for kind, text in texts.items():
        code = kind.removeprefix("hand ")
        assert f" ({shown[code]}): " in text, text
        if shown[code] != code:  # (Estonian says "trump" too)
            assert f"({code})" not in text, text
        assert shown[code] != english[code] or code == "trump" and lang == "et", text
    # Translated words, each its own.
    assert len({re.findall(r"\d+ \(([^)]+)\)", text)[-1] for text in texts.values()}) == len(KIND_WORDS)


@pytest.mark.parametrize("lang, words", [
    ("pl", "Partia 2 (Ann, Bob): zmiana 6 (rozdanie zamknięte): "),
    ("et", "Mäng 2 (Ann, Bob): muudatus 6 (voor lõpetatud): "),
])
def test_an_import_refused_in_polish_or_estonian_shows_no_code(table, client, app, lang, words):
    table.start(names=("Ann", "Bob"), preset="estonian", shape="custom", custom="1 1")
    table.play_round(1, [1, 0], 1, {1: 0, 0: 0}, {1: 1, 0: 0}, trump="none")
    archive = exported(client)
    bad = broken(archive, "close", round=4)
    with_fresh_ids(bad, "e")
    bad["games"].insert(0, exported(client)["games"][0])
    page = client.post("/carry/import", data={"file": (io.BytesIO(json.dumps(bad).encode()),
                                                       "games.json")},
                       content_type="multipart/form-data",
                       headers={"Accept-Language": lang}).get_data(as_text=True)
    assert words in page
    assert "(close)" not in page


def test_a_fresh_phone_importing_the_export_of_games_on_this_server_counts_them_as_gained(
        app, client, table):
    """The games are here already (same server), but not on the new phone's
    list: the count says what the phone gained, not "0 imported"."""
    table.start()
    archive = json.loads(client.get("/carry/games.json").get_data(as_text=True))
    fresh_phone = app.test_client()
    page = upload(fresh_phone, archive).get_data(as_text=True)
    assert "1 game imported." in page and "on this phone already" not in page
    assert f'href="/g/{table.gid}/"' in fresh_phone.get("/").get_data(as_text=True)
    assert game_count(app) == 1  # no copy: the same game, now on this phone too
    assert "1 game was on this phone already." in upload(fresh_phone, archive).get_data(
        as_text=True)


def test_the_import_page_names_the_files_it_takes(client):
    page = client.get("/carry").get_data(as_text=True)
    which = page[page.index('id="import-which"'):]
    which = which[:which.index("</p>")]
    assert "“Export all games”" in which and "“Export JSON”" in which and "“Standings”" in which


def finished_game(table) -> str:
    table.start(names=("Ann", "Bob"), **ONE_ROUND)
    table.play_round(1, [1, 0], 1, {1: 0, 0: 0}, {1: 1, 0: 0}, trump="none")
    return table.gid


def games_finished(client, name: str) -> str:
    page = client.get("/players").get_data(as_text=True)
    return re.search(rf">{name}<.*?data-regular=\"finished\">(\d+)<", page, re.S).group(1)


def test_a_games_own_json_then_the_export_of_all_that_holds_it_make_one_game(table, client, app):
    gid = finished_game(table)
    single = sheet_json(table)
    everything = exported(client)
    phone = app.test_client()
    page = upload(phone, single).get_data(as_text=True)
    assert "1 game is on this server already, but not on this phone: open it through its link." in page and "game imported" not in page
    assert game_count(app) == 1  # no copy with links of its own
    page = upload(phone, everything).get_data(as_text=True)
    assert "1 game imported." in page  # the file holds its link: the phone gains the game
    assert game_count(app) == 1 and games_finished(phone, "Ann") == "1"
    assert f'href="/g/{gid}/"' in phone.get("/").get_data(as_text=True)
    page = upload(phone, single).get_data(as_text=True)
    assert "1 game was on this phone already." in page and game_count(app) == 1
    assert games_finished(phone, "Ann") == "1"  # the statistics count it once


def test_importing_a_game_on_the_server_it_came_from_leads_to_it(table, client, app):
    gid = finished_game(table)
    page = upload(client, sheet_json(table)).get_data(as_text=True)
    assert "1 game was on this phone already." in page and game_count(app) == 1
    here = page[page.index('id="import-here"'):]
    assert f'<a href="/g/{gid}/">Open the game</a>: Ann, Bob' in here


def test_another_server_takes_the_json_and_then_the_export_of_all_as_one_game(
        table, client, tmp_path):
    finished_game(table)
    single, everything = sheet_json(table), exported(client)
    other = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'b.sqlite3'}"})
    with other.app_context():
        db.create_all()
    phone = other.test_client()
    assert "1 game imported." in upload(phone, single).get_data(as_text=True)
    assert "1 game was on this phone already." in upload(phone, everything).get_data(
        as_text=True)
    assert game_count(other) == 1 and games_finished(phone, "Ann") == "1"


def test_a_csv_is_refused_in_words_that_name_the_file_to_import(table, client, app):
    finished_game(table)
    sheet = client.get(table.url("/export.csv")).data
    for name in ("ohhell.csv", "sheet.txt"):
        response = upload(client, sheet, name=name)
        page = response.get_data(as_text=True)
        assert response.status_code == 422 and "not JSON" not in page
        assert ("This is a spreadsheet (CSV), which cannot be imported: import the game’s JSON "
                "file, from “Export JSON” on its page “Standings”.") in page
    assert "not JSON" in upload(client, b'{"format": "scorekeeper-arch').get_data(as_text=True)
