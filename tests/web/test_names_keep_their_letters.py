"""Accents are letters: "Märt" and "Mart" are two people, at one table, on the
Players page and in a club, and a merge of the two is offered, never made
unasked; the migration computes the stored keys again."""

from __future__ import annotations

import re

from test_clubs import Club
from test_roster import ONE_ROUND, names_of, regular_rows

from scorekeeper import create_app
from scorekeeper.storage import clubs
from scorekeeper.storage.club_models import Club as ClubRow
from scorekeeper.storage.club_models import ClubMember
from scorekeeper.storage.database import db

BEFORE = "f1c9a7e3b5d2"


def offers(page: str) -> list[tuple[str, str]]:
    """The merges a page offers: (the name, the name it would become)."""
    return re.findall(r'<form method="post" action="[^"]+" class="merge-offer" '
                      r'data-offer="[^"]+">.*?name="name" value="([^"]+)">'
                      r'<input type="hidden" name="\w+" value="([^"]+)">', page, re.S)


def test_mart_and_maert_sit_at_one_table_as_two_players(table, app):
    gid = table.start(names=("Mart", "Märt", "Tõnu", "Tonu"), **ONE_ROUND)
    assert names_of(app, gid) == ["Mart", "Märt", "Tõnu", "Tonu"]


def test_the_players_page_offers_maert_as_mart_and_merges_only_when_asked(table, client):
    table.start(names=("Mart", "Ann", "Bob"), **ONE_ROUND)
    table.start(names=("Mart", "Ann", "Cy"), **ONE_ROUND)
    table.start(names=("Märt", "Ann", "Cy"), **ONE_ROUND)
    page = client.get("/players").get_data(as_text=True)
    assert [row[0] for row in regular_rows(page)] == ["Ann", "Cy", "Mart", "Bob", "Märt"]
    assert offers(page) == [("Märt", "Mart")]
    assert "Märt: the same person as Mart?" in page
    answer = client.post("/players/rename", data={"name": "Märt", "to": "Mart"})
    assert answer.status_code == 302
    page = client.get("/players").get_data(as_text=True)
    assert ("Mart", "0", "3") in regular_rows(page) and "Merged: Märt → Mart" in page
    assert offers(page) == []


def test_a_club_keeps_maert_apart_from_mart_and_offers_the_organiser_a_merge(client):
    club = Club(client)
    client.post(club.url("/members"), data={"name": "Mart"})
    client.post(club.url("/members"), data={"name": "Ülle"})
    club.evening(players=["Märt", "Ulle", "Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
    page = client.get(club.url("/")).get_data(as_text=True)
    listed = re.search(r'id="member-list">(.*?)</ul>', page, re.S).group(1)
    assert ">Mart<" in listed and ">Märt<" in listed and ">Ulle<" in listed
    assert offers(page) == [("Märt", "Mart"), ("Ulle", "Ülle")]
    assert client.get(club.url("/members/Märt")).status_code == 200
    viewer = client.get(club.url("/", club.viewer)).get_data(as_text=True)
    assert offers(viewer) == []  # the viewer link merges nothing
    client.post(club.url("/members/merge"), data={"name": "Märt", "into": "Mart"})
    page = client.get(club.url("/")).get_data(as_text=True)
    listed = re.search(r'id="member-list">(.*?)</ul>', page, re.S).group(1)
    assert ">Märt<" not in listed and offers(page) == [("Ulle", "Ülle")]


def test_the_migration_keys_club_members_by_their_letters(tmp_path):
    from flask_migrate import downgrade, upgrade

    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'mig.sqlite3'}"})
    with app.app_context():
        upgrade()
        downgrade(revision=BEFORE)
        db.session.remove()
        with db.engine.begin() as connection:  # members as the old code keyed them
            connection.execute(db.text("INSERT INTO clubs (id, public_id, name, created_at) "
                                       "VALUES (1, 'c1', 'Club', '2026-12-01')"))
            for number, (name, key) in enumerate([("Märt", "mart"), ("Łucja", "lucja")], 1):
                connection.execute(db.text(
                    "INSERT INTO club_members (id, club_id, name, key, created_at) "
                    "VALUES (:id, 1, :name, :key, '2026-12-01')"),
                    {"id": number, "name": name, "key": key})
        upgrade()
        assert dict(db.session.execute(db.select(ClubMember.name, ClubMember.key)).all()) == {
            "Märt": "märt", "Łucja": "łucja"}
        club = db.session.get(ClubRow, 1)
        clubs.add_member(club, "Mart")  # another person now; "märt" again is Märt
        clubs.add_member(club, "MÄRT")
        assert clubs.members(club) == ["Mart", "Märt", "Łucja"]
        downgrade(revision=BEFORE)  # back: Mart and Märt are one member again
        assert db.session.execute(db.text("SELECT name, key FROM club_members ORDER BY id")
                                  ).all() == [("Märt", "mart"), ("Łucja", "lucja")]
        db.session.remove()
        db.engine.dispose()
