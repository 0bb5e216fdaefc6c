"""Who is coming, and the members' own phones: an evening announced ahead,
members' answers from their own links, the count and the tables those
coming make, the evening seated from those who said yes (walk-ins added); a
member's own link claimed by the first phone and refused on any other,
reading what the viewer link reads and taking its seat without a code; the
games a member played, on their own phone alone."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from babel.dates import format_date
from club_games import finish_after_first_round
from sqlalchemy import func, select

from scorekeeper.storage import clubs, evenings
from scorekeeper.storage.club_models import ClubAnswer, ClubEvent, ClubInvitation
from scorekeeper.storage.database import db
from scorekeeper.storage.games import load_sheet
from scorekeeper.storage.links import open_link
from scorekeeper.storage.models import Game

EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
DAY = (date.today() + timedelta(days=3)).isoformat()
HTMX = {"HX-Request": "true"}


class Organiser:
    """A club with eight members, and its organiser's actions."""

    def __init__(self, app, client):
        self.app, self.client = app, client
        made = client.post("/clubs/new", data={"name": "Thursday club"})
        self.token = made.headers["Location"].split("/")[2]
        for name in EIGHT + ["Ivy"]:
            client.post(self.url("/members"), data={"name": name})
        with app.app_context():
            club = clubs.open_club_link(self.token).club
            self.viewer = clubs.club_link(club, clubs.VIEWER).token

    def url(self, path, token=None):
        return f"/clubs/{token or self.token}{path}"

    def announce(self, sizes=("4",)) -> str:
        answer = self.client.post(self.url("/invitations/new"), data={
            "name": "Friday", "day": DAY, "time": "19:30", "sizes": list(sizes)})
        assert answer.status_code == 302, answer.get_data(as_text=True)
        return answer.headers["Location"].rsplit("/", 1)[1]

    def member_link(self, name) -> str:
        """Hand the member their own link; its token."""
        assert self.client.post(self.url(f"/members/{name}/link")).status_code == 302
        page = self.client.get(self.url(f"/members/{name}")).get_data(as_text=True)
        return re.search(r'id="own-link-url" aria-label="[^"]*"|value="[^"]*/clubs/([\w-]+)/"'
                         r' id="own-link-url"', page).group(1)


@pytest.fixture
def organiser(app, client):
    return Organiser(app, client)


def phone_of(app, organiser, name):
    """A member's own phone (a client of its own) on its own link, claimed."""
    phone = app.test_client()
    token = organiser.member_link(name)
    assert phone.get(f"/clubs/{token}/").status_code == 200
    return phone, token


def test_an_announced_evening_shows_its_date_and_time_and_no_answer_yet(organiser, client):
    invitation = organiser.announce()
    page = client.get(organiser.url(f"/invitations/{invitation}", organiser.viewer))
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "Friday" in html and "7:30" in html
    assert re.findall(r"data-count>(\d+)<", html) == ["0", "0", "0"]
    assert "Friday" in client.get(organiser.url("/", organiser.viewer)).get_data(as_text=True)


@pytest.mark.parametrize(("data", "message"), [
    ({"name": "Friday", "day": "", "time": "19:30", "sizes": ["4"]}, "Enter a date."),
    ({"name": "Friday", "day": DAY, "time": "late", "sizes": ["4"]}, "Enter a time."),
    ({"name": "Friday", "day": DAY, "time": "19:30"}, "Choose at least one table size."),
])
def test_an_announcement_that_cannot_be_is_refused_in_words_and_stores_nothing(
        organiser, app, client, data, message):
    answer = client.post(organiser.url("/invitations/new"), data=data)
    assert answer.status_code == 422 and message in answer.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ClubInvitation)) == 0


def test_a_members_own_link_opens_on_the_first_phone_only(organiser, app, client):
    phone, token = phone_of(app, organiser, "Ann")
    assert phone.get(f"/clubs/{token}/").status_code == 200
    other = app.test_client().get(f"/clubs/{token}/")
    assert other.status_code == 403 and "Friday" not in other.get_data(as_text=True)
    assert "another phone" in other.get_data(as_text=True)
    assert "A phone has claimed it." in client.get(organiser.url("/members/Ann")).get_data(
        as_text=True)


def test_a_new_own_link_replaces_the_old_one(organiser, app):
    phone, token = phone_of(app, organiser, "Ann")
    newer = organiser.member_link("Ann")
    assert newer != token and phone.get(f"/clubs/{token}/").status_code == 410
    assert app.test_client().get(f"/clubs/{newer}/").status_code == 200


def test_a_members_own_link_reads_what_the_viewer_link_reads_and_writes_nothing_else(
        organiser, app):
    phone, token = phone_of(app, organiser, "Ann")
    page = phone.get(f"/clubs/{token}/").get_data(as_text=True)
    assert "Organiser link" not in page and organiser.token not in page
    assert organiser.viewer not in page
    for path in ("/ratings", "/members/Bob", "/analytics"):
        assert phone.get(f"/clubs/{token}{path}").status_code == 200
    for path, data in (("/members", {"name": "Zed"}), ("/members/Bob/link", {}),
                       ("/invitations/new", {"name": "F", "day": DAY, "time": "19:30",
                                             "sizes": ["4"]})):
        assert phone.post(f"/clubs/{token}{path}", data=data).status_code == 403
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ClubInvitation)) == 0
        assert "Zed" not in clubs.members(clubs.open_club_link(organiser.token).club)
    assert phone.get(f"/clubs/{token}/evenings/new").status_code == 403


@pytest.mark.parametrize("headers", [{}, HTMX])
def test_members_answer_from_their_own_phones_and_the_organiser_sees_the_count_and_tables(
        organiser, app, client, headers):
    invitation = organiser.announce()
    for name, said in zip(EIGHT + ["Ivy"], ["yes"] * 7 + ["maybe", "no"]):
        phone, token = phone_of(app, organiser, name)
        answer = phone.post(f"/clubs/{token}/invitations/{invitation}/answer",
                            data={"answer": said}, headers=headers)
        assert answer.status_code == 302
    html = client.get(organiser.url(f"/invitations/{invitation}")).get_data(as_text=True)
    assert re.findall(r"data-count>(\d+)<", html) == ["7", "1", "1"]
    assert "7 players cannot be seated at tables of 4" in html
    phone.post(f"/clubs/{token}/invitations/{invitation}/answer", data={"answer": "yes"})
    html = client.get(organiser.url(f"/invitations/{invitation}")).get_data(as_text=True)
    assert re.findall(r"data-count>(\d+)<", html) == ["8", "1", "0"]
    assert "Those coming make tables of 4, 4." in html
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ClubAnswer)) == 9


def test_a_members_phone_shows_its_own_answer_pressed(organiser, app):
    invitation = organiser.announce()
    phone, token = phone_of(app, organiser, "Ann")
    phone.post(f"/clubs/{token}/invitations/{invitation}/answer", data={"answer": "maybe"})
    html = phone.get(f"/clubs/{token}/invitations/{invitation}").get_data(as_text=True)
    assert re.findall(r'value="(\w+)" aria-pressed="true"', html) == ["maybe"]


def test_only_a_members_own_link_may_answer(organiser, app, client):
    invitation = organiser.announce()
    for token in (organiser.token, organiser.viewer):
        assert client.post(organiser.url(f"/invitations/{invitation}/answer", token),
                           data={"answer": "yes"}).status_code == 403
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ClubAnswer)) == 0


def test_the_evening_is_seated_from_those_who_said_yes_and_a_walk_in(organiser, app, client):
    invitation = organiser.announce()
    for name in EIGHT[:7]:
        phone, token = phone_of(app, organiser, name)
        phone.post(f"/clubs/{token}/invitations/{invitation}/answer", data={"answer": "yes"})
    form = client.get(organiser.url(f"/evenings/new?invitation={invitation}")).get_data(
        as_text=True)
    typed = re.search(r'<textarea id="event-players"[^>]*>([^<]*)</textarea>', form).group(1)
    assert typed.split("\n") == EIGHT[:7]
    made = client.post(organiser.url("/evenings/new"), data={
        "name": "Friday", "players": typed + "\nWalk-in Wanda", "preset": "cardgames",
        "sizes": ["4"], "rule": "total", "invitation": invitation})
    assert made.status_code == 302
    with app.app_context():
        event = db.session.scalar(select(ClubEvent))
        assert sorted(event.players) == sorted(EIGHT[:7] + ["Walk-in Wanda"])
        assert db.session.scalar(select(ClubInvitation.event_id)) == event.id
    late = phone.post(f"/clubs/{token}/invitations/{invitation}/answer", data={"answer": "no"})
    assert late.status_code == 422 and "it takes no more answers" in late.get_data(as_text=True)
    assert 'id="invitation-list"' not in client.get(organiser.url("/")).get_data(as_text=True)


def test_a_claimed_phone_takes_its_members_seat_without_a_code(organiser, app, client):
    made = client.post(organiser.url("/evenings/new"), data={
        "name": "Friday", "players": "\n".join(EIGHT), "preset": "cardgames", "sizes": ["4"],
        "rule": "total"})
    client.post(made.headers["Location"] + "/start")
    phone, token = phone_of(app, organiser, "Cy")
    page = phone.get(f"/clubs/{token}/").get_data(as_text=True)
    game = re.search(rf"/clubs/{token}/seats/([0-9a-f]+)", page).group(1)
    assert "Take my seat: Friday, table" in page
    seated = phone.post(f"/clubs/{token}/seats/{game}")
    assert seated.status_code == 302
    seat = seated.headers["Location"].split("/g/")[1].strip("/")
    with app.app_context():
        access = open_link(seat)
        found = db.session.get(Game, access.game_id)
        assert access.role == "seat" and found.public_id == game
        assert load_sheet(found).name(access.player) == "Cy"
    others = [g for g in re.findall(r'name="game" value="([0-9a-f]+)"', client.get(
        made.headers["Location"]).get_data(as_text=True)) if g != game]
    assert phone.post(f"/clubs/{token}/seats/{others[0]}").status_code == 404
    assert client.post(organiser.url(f"/seats/{game}")).status_code == 403


@pytest.mark.parametrize(("method", "path"), [
    ("get", "/invitations/{id}"), ("post", "/invitations/{id}/answer"),
    ("post", "/members/Ann/link"), ("post", "/seats/{id}")])
def test_a_device_without_the_clubs_link_learns_nothing_of_invitations_or_members(
        organiser, client, method, path):
    invitation = organiser.announce()
    answer = getattr(client, method)(f"/clubs/{'x' * 22}{path.format(id=invitation)}",
                                     data={"answer": "yes"})
    assert answer.status_code == 404
    assert "Thursday" not in answer.get_data(as_text=True)
    assert "Friday" not in answer.get_data(as_text=True)


def test_a_members_own_phone_lists_the_games_they_played_linking_to_their_evening(
        organiser, app, client):
    made = client.post(organiser.url("/evenings/new"), data={
        "name": "Friday", "players": "\n".join(EIGHT), "preset": "cardgames", "sizes": ["4"],
        "rule": "total"})
    client.post(made.headers["Location"] + "/start")
    with app.app_context():
        event = db.session.scalar(select(ClubEvent))
        (_one, first, _link), (_two, second, _other) = evenings.part_games(event.parts[-1])
        finish_after_first_round(first)
        sheet = load_sheet(first)
        standing = sheet.standings[-1]
        played = sheet.name(standing.player)
        playing = next(iter(load_sheet(second).players.values()))
        event_id, friendly, day = event.public_id, second.public_id, format_date(
            event.created_at, locale="en")
    client.post(organiser.url(f"/evenings/{event_id}/friendly"),
                data={"friendly": "y", "game": friendly})
    phone, token = phone_of(app, organiser, played)
    page = phone.get(f"/clubs/{token}/members/{played}").get_data(as_text=True)
    row, = re.findall(r"<tr data-game>(.*?)</tr>", page, re.S)
    evening = f"/clubs/{token}/evenings/{event_id}"
    assert f'<a href="{evening}">Friday</a> · Table 1' in row and day in row
    assert re.search(r"data-rank>(\d+)", row).group(1) == str(standing.rank)
    assert f"data-points>{standing.total}<" in row and "playing" not in row
    assert "/g/" not in page and phone.get(evening).status_code == 200
    other, other_token = phone_of(app, organiser, playing)
    mine = other.get(f"/clubs/{other_token}/members/{playing}").get_data(as_text=True)
    row, = re.findall(r"<tr data-game>(.*?)</tr>", mine, re.S)
    assert "Table 2" in row and "friendly" in row and "playing" in row
    assert "data-rank>–<" in row
    for shown in (other.get(f"/clubs/{other_token}/members/{played}"),
                  client.get(organiser.url(f"/members/{played}", organiser.viewer))):
        assert shown.status_code == 200
        assert 'id="member-games"' not in shown.get_data(as_text=True)
