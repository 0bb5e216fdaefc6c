"""The clubs' pages: a club made and reached only through its links, its
evenings seated and started one game per table, the leaderboard (page, TV
panel over htmx and plain, CSV), ratings, member pages and bidding figures;
the viewer link reads and never writes, and a refused write stores nothing."""

from __future__ import annotations

import csv
import io
import itertools
import re
import time
from fractions import Fraction

import pytest
from club_games import finish_after_first_round, play_first_round
from event_streams import PATIENCE, streaming  # noqa: F401  (a fixture)
from sqlalchemy import func, select

from scorekeeper.game import entries
from scorekeeper.storage.club_models import ClubEvent, ClubGame, ClubMember, EventPart
from scorekeeper.storage import evenings
from scorekeeper.storage.database import db
from scorekeeper.storage.games import record
from scorekeeper.storage.models import Game

TWELVE = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu"]


class Club:
    """A club made through its pages, and the actions of its organiser."""

    def __init__(self, client, name="Thursday club"):
        self.client = client
        made = client.post("/clubs/new", data={"name": name})
        assert made.status_code == 302
        self.token = made.headers["Location"].split("/")[2]
        page = client.get(self.url("/")).get_data(as_text=True)
        self.viewer = next(t for t in re.findall(r"/clubs/([\w-]+)/", page) if t != self.token)
        self.event = None

    def url(self, path, token=None):
        return f"/clubs/{token or self.token}{path}"

    def evening(self, players=TWELVE, sizes=("4",), rule="total", preset="cardgames"):
        answer = self.client.post(self.url("/evenings/new"), data={
            "name": "Friday", "players": "\n".join(players), "preset": preset,
            "sizes": list(sizes), "rule": rule})
        assert answer.status_code == 302, answer.get_data(as_text=True)
        self.event = answer.headers["Location"].rsplit("/", 1)[1]
        return self.event

    def evening_url(self, path="", token=None):
        return self.url(f"/evenings/{self.event}{path}", token)


def count(model):
    with db.session.no_autoflush:
        return db.session.scalar(select(func.count()).select_from(model))


@pytest.fixture
def club(client):
    return Club(client)


def test_a_new_club_opens_on_its_organiser_page_with_both_links(client, club):
    page = client.get(club.url("/")).get_data(as_text=True)
    assert "Thursday club" in page and "Organiser link" in page and "Viewer link" in page
    assert len(club.token) >= 22 and len(club.viewer) >= 22


def test_a_club_without_a_name_is_refused_in_words_and_nothing_is_stored(client, app):
    answer = client.post("/clubs/new", data={"name": "  "})
    assert answer.status_code == 422 and "Enter a name." in answer.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ClubEvent)) == 0


@pytest.mark.parametrize("path", ["/", "/ratings", "/analytics", "/members/Ann",
                                  "/evenings/new", "/evenings/x/leaderboard"])
def test_a_device_without_the_clubs_link_sees_nothing_of_it(client, club, path):
    answer = client.get(f"/clubs/{'x' * 22}{path}")
    assert answer.status_code == 404
    assert "Thursday club" not in answer.get_data(as_text=True)


def test_there_is_no_list_of_clubs(client, club):
    assert client.get("/clubs/").status_code == 404
    assert client.get("/clubs").status_code == 404


def test_the_viewer_link_reads_the_club_and_its_leaderboard_but_shows_no_scorer_links(client,
                                                                                       club):
    club.evening()
    client.post(club.evening_url("/start"))
    assert client.get(club.url("/", club.viewer)).status_code == 200
    page = client.get(club.evening_url(token=club.viewer)).get_data(as_text=True)
    assert "Scorer link for this table" not in page and "/g/" not in page
    assert client.get(club.evening_url("/leaderboard", club.viewer)).status_code == 200
    organiser = client.get(club.evening_url()).get_data(as_text=True)
    assert organiser.count("Scorer link for this table") == 3


@pytest.mark.parametrize(("path", "data"), [
    ("/members", {"name": "Zed"}),
    ("/evenings/new", {"name": "F", "players": "\n".join(TWELVE), "preset": "cardgames",
                       "sizes": ["4"], "rule": "total"}),
    ("/links/replace", {"role": "organiser"}),
])
def test_a_write_through_the_viewer_link_is_refused_and_stores_nothing(client, app, club, path,
                                                                       data):
    answer = client.post(club.url(path, club.viewer), data=data)
    assert answer.status_code == 403
    assert "Nothing was saved" in answer.get_data(as_text=True)
    with app.app_context():
        assert count(ClubMember) == 0 and count(ClubEvent) == 0
    assert client.get(club.url("/")).status_code == 200  # the organiser link still opens


def test_starting_through_the_viewer_link_starts_no_game(client, app, club):
    club.evening()
    assert client.post(club.evening_url("/start", club.viewer)).status_code == 403
    with app.app_context():
        assert count(Game) == 0 and count(ClubGame) == 0


def test_a_replaced_club_link_answers_410_and_the_new_one_opens(client, club):
    answer = client.post(club.url("/links/replace"), data={"role": "organiser"})
    new = answer.headers["Location"].split("/")[2]
    assert new != club.token
    assert client.get(club.url("/")).status_code == 410
    assert client.post(club.url("/members"), data={"name": "Zed"}).status_code == 410
    assert client.get(club.url("/", new)).status_code == 200


def test_an_evening_of_seven_is_refused_with_the_reason_and_keeps_what_was_typed(client, app,
                                                                                  club):
    answer = client.post(club.url("/evenings/new"), data={
        "name": "Friday", "players": "\n".join(TWELVE[:7]), "preset": "cardgames",
        "sizes": ["4"], "rule": "total"})
    text = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert "An evening seats 8 to 40 players; 7 are listed." in text
    assert "Gus" in text and 'value="Friday"' in text
    with app.app_context():
        assert count(ClubEvent) == 0


def test_sizes_that_cannot_seat_everyone_are_refused_in_words(client, club):
    answer = client.post(club.url("/evenings/new"), data={
        "name": "Friday", "players": "\n".join(TWELVE + ["Mo"]), "preset": "cardgames",
        "sizes": ["4"], "rule": "total"})
    assert answer.status_code == 422
    assert "13 players cannot be seated at tables of 4." in answer.get_data(as_text=True)


def seating_of(client, club):
    page = client.get(club.evening_url()).get_data(as_text=True)
    return [row.split(", ") for row in re.findall(r"<p data-table-players>([^<]*)</p>", page)]


def test_an_evening_is_seated_started_and_reseated_for_its_next_part(client, app, club):
    club.evening()
    first = seating_of(client, club)
    assert sorted(n for t in first for n in t) == sorted(TWELVE)
    assert client.post(club.evening_url("/start")).status_code == 302
    assert client.post(club.evening_url("/start")).status_code == 302  # a second tap: nothing
    with app.app_context():
        assert count(Game) == 3
    assert client.post(club.evening_url("/next"), data={"method": "new-opponents"}).status_code == 302
    second = seating_of(client, club)
    assert sorted(n for t in second for n in t) == sorted(TWELVE)
    assert second != first
    with app.app_context():
        assert count(EventPart) == 2


def test_moving_a_player_into_a_full_table_is_refused_and_the_seating_stays(client, club):
    club.evening()
    before = seating_of(client, club)
    name = before[0][0]
    answer = client.post(club.evening_url("/move"), data={"name": name, "table": "2"})
    assert answer.status_code == 422
    assert "A table of 3 is not allowed here: tables of 4." in answer.get_data(as_text=True)
    assert seating_of(client, club) == before


def test_at_two_full_tables_a_refused_move_offers_a_swap_which_trades_the_two_places(
        client, club):
    club.evening(players=TWELVE[:8])
    before = seating_of(client, club)
    one, other = before[0][1], before[1][2]
    refused = client.post(club.evening_url("/move"), data={"name": one, "table": "2"})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert 'href="#swap-players"' in page and f"<option selected>{one}</option>" in page
    assert seating_of(client, club) == before
    answer = client.post(club.evening_url("/swap"), data={"name": one, "other": other})
    assert answer.status_code == 302
    after = seating_of(client, club)
    assert after == [[before[0][0], other, *before[0][2:]],
                     [*before[1][:2], one, *before[1][3:]]]


def test_a_swap_with_someone_not_here_is_refused_in_words_and_the_seating_stays(client, club):
    club.evening(players=TWELVE[:8])
    before = seating_of(client, club)
    answer = client.post(club.evening_url("/swap"), data={"name": before[0][0], "other": "Zed"})
    assert answer.status_code == 422
    assert "Not seated in this part: Zed." in answer.get_data(as_text=True)
    assert seating_of(client, club) == before


def test_a_swap_through_the_viewer_link_is_refused_and_the_seating_stays(client, club):
    club.evening(players=TWELVE[:8])
    before = seating_of(client, club)
    answer = client.post(club.evening_url("/swap", club.viewer),
                         data={"name": before[0][0], "other": before[1][0]})
    assert answer.status_code == 403 and seating_of(client, club) == before


def test_once_the_part_has_started_a_swap_is_refused_and_the_tables_stay(client, club):
    club.evening(players=TWELVE[:8])
    client.post(club.evening_url("/start"))
    before = seating_of(client, club)
    answer = client.post(club.evening_url("/swap"), data={"name": before[0][0],
                                                          "other": before[1][0]})
    assert answer.status_code == 422 and seating_of(client, club) == before


def test_a_table_set_by_hand_is_kept_and_the_others_seated_around_it(client, club):
    club.evening()
    answer = client.post(club.evening_url("/fix"), data={"table": "2",
                                                         "names": "ann\nBob\nCy\nDi"})
    assert answer.status_code == 302
    seating = seating_of(client, club)
    assert seating[1] == ["Ann", "Bob", "Cy", "Di"]
    assert sorted(n for t in seating for n in t) == sorted(TWELVE)


def test_the_leaderboard_panel_answers_htmx_alone_and_a_plain_request_with_the_page(client,
                                                                                    club):
    club.evening()
    client.post(club.evening_url("/start"))
    panel = client.get(club.evening_url("/leaderboard"), headers={"HX-Request": "true"})
    page = client.get(club.evening_url("/leaderboard"))
    assert panel.get_data(as_text=True).lstrip().startswith('<div id="leaderboard-live"')
    assert "<html" in page.get_data(as_text=True) and "sse-connect" in page.get_data(as_text=True)
    assert "HX-Request" in panel.headers["Vary"] and "HX-Request" in page.headers["Vary"]


def test_the_leaderboard_stream_counts_every_game_of_the_evening(client, club):
    club.evening()
    client.post(club.evening_url("/start"))
    text = client.get(club.evening_url("/events")).get_data(as_text=True)
    assert "event: change\ndata: 3\n" in text  # three games at version 0: 3 × (0 + 1)
    panel = client.get(club.evening_url("/leaderboard"), headers={"HX-Request": "true"})
    assert 'data-version="3"' in panel.get_data(as_text=True)


def test_placement_gives_nothing_before_a_round_and_marks_the_games_being_played(
        client, app, club):
    club.evening(rule="placement")
    client.post(club.evening_url("/start"))
    panel = client.get(club.evening_url("/leaderboard"), headers={"HX-Request": "true"})
    html = panel.get_data(as_text=True)
    assert re.findall(r"<td class=\"num\" data-points>([^<]*)</td>", html) == ["0"] * 12
    assert html.count("data-playing") == 12 and 'id="leaderboard-playing"' in html
    with app.app_context():
        first, *others = db.session.scalars(select(Game).order_by(Game.id))
        finish_after_first_round(first, taker=0)
        for game in others:
            play_first_round(game, taker=0)
    html = client.get(club.evening_url()).get_data(as_text=True)
    assert html.count("data-playing") == 8  # the first table's four have finished
    assert sum(Fraction(p.replace("½", ".5") if p != "½" else "0.5") for p in re.findall(
        r"data-points>([^<]*)<", html)) == 3 * 6  # 6 pairs at each table of 4


def test_the_leaderboard_csv_has_a_row_per_player_with_their_points(client, app, club):
    club.evening(rule="placement")
    client.post(club.evening_url("/start"))
    with app.app_context():
        for game in db.session.scalars(select(Game).order_by(Game.id)):
            finish_after_first_round(game, taker=0)
    answer = client.get(club.evening_url("/leaderboard.csv"))
    rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True))))
    assert rows[0][:4] == ["rank", "name", "points", "games"]
    assert sorted(row[1] for row in rows[1:]) == sorted(TWELVE)
    assert sum(float(row[2]) for row in rows[1:]) == 3 * 6  # 6 pairs at each table of 4


def test_ratings_member_pages_and_bidding_figures_follow_the_finished_games(client, app, club):
    club.evening()
    client.post(club.evening_url("/start"))
    with app.app_context():
        for game in db.session.scalars(select(Game).order_by(Game.id)):
            finish_after_first_round(game, taker=1)
    ratings = client.get(club.url("/ratings", club.viewer)).get_data(as_text=True)
    assert all(name in ratings for name in TWELVE) and "new: few games yet" in ratings
    member = client.get(club.url("/members/Ann", club.viewer))
    assert member.status_code == 200 and "<polyline" in member.get_data(as_text=True)
    assert client.get(club.url("/members/Nobody")).status_code == 404
    bidding = client.get(club.url("/analytics")).get_data(as_text=True)
    assert "Whole table" in bidding and "Bids made by hand size" in bidding


@pytest.mark.parametrize("preset, hooked", [("cardgames", True), ("piekielko", False)])
def test_bidding_figures_give_the_counts_beside_each_rate_and_the_hook_only_where_it_binds(
        client, app, club, preset, hooked):
    club.evening(preset=preset)
    client.post(club.evening_url("/start"))
    with app.app_context():
        for game in db.session.scalars(select(Game).order_by(Game.id)):
            finish_after_first_round(game, taker=1)
    bidding = client.get(club.url("/analytics", club.viewer)).get_data(as_text=True)
    by_size = re.search(r'<table[^>]* id="by-size".*?</table>', bidding, re.S).group(0)
    whole = re.search(r'<tr class="table-wide">.*?</tr>', by_size, re.S).group(0)
    rate = re.compile(r"(\d+)/(\d+) <span class=\"muted small\">\((\d+)%\)</span>")
    assert [bids for _made, bids, _percent in rate.findall(whole)] == ["12"]  # round 1's bids
    for made, bids, percent in rate.findall(bidding):
        assert abs(int(percent) - 100 * int(made) / int(bids)) <= 0.5
    assert ('id="hook"' in bidding) is hooked


def test_members_are_added_and_merged_by_name(client, club):
    client.post(club.url("/members"), data={"name": "Kasia"})
    client.post(club.url("/members"), data={"name": " kasia "})
    client.post(club.url("/members"), data={"name": "Katarzyna"})
    page = client.get(club.url("/")).get_data(as_text=True)
    listed = re.search(r'<ul class="plain" id="member-list">(.*?)</ul>', page, re.S).group(1)
    assert listed.count(">Kasia<") == 1
    client.post(club.url("/members/merge"), data={"name": "Kasia", "into": "Katarzyna"})
    page = client.get(club.url("/")).get_data(as_text=True)
    listed = re.search(r'<ul class="plain" id="member-list">(.*?)</ul>', page, re.S).group(1)
    assert ">Katarzyna<" in listed and ">Kasia<" not in listed


def test_the_all_games_export_holds_the_clubs_games_with_their_evening_table_and_friendly(
        client, club):
    club.evening()
    client.post(club.evening_url("/start"))
    client.post("/new", data={"players-0": "Zed", "players-1": "Yan", "players-2": "Xi",
                              "preset": "cardgames", "first_dealer": "0", "action": "start"})
    exported = client.get("/carry/games.json").get_json()["games"]
    places = [game.get("club") for game in exported]
    assert sorted(place["table"] for place in places if place) == [1, 2, 3]
    assert all(place["club"] == "Thursday club" and place["evening"] == "Friday"
               and place["part"] == 1 for place in places if place)
    assert places.count(None) == 1  # the game of no club says nothing of one
    assert club.token not in str(exported) and club.viewer not in str(exported)
    assert not any(place["friendly"] for place in places if place)
    client.post(club.evening_url("/friendly"), data={"friendly": "y"})
    exported = client.get("/carry/games.json").get_json()["games"]
    assert [game["club"]["friendly"] for game in exported if "club" in game] == [True] * 3


def panel_version(client, club) -> int:
    panel = client.get(club.evening_url("/leaderboard"), headers={"HX-Request": "true"})
    return int(re.search(r'data-version="(\d+)"', panel.get_data(as_text=True)).group(1))


def test_the_tv_stream_follows_a_new_parts_games_while_the_earlier_part_keeps_changing(
        app, client, club, streaming):
    club.evening()
    client.post(club.evening_url("/start"))
    stream = streaming(app.test_client(), club.evening_url("/events?since=0"))
    assert stream.next_change() == panel_version(client, club) == 3
    client.post(club.evening_url("/next"), data={"method": "new-opponents"})
    client.post(club.evening_url("/start"))
    with app.app_context():
        busy, *_rest, new = db.session.scalars(select(Game).order_by(Game.id))
        play_first_round(new)
    # A table of part 1 keeps changing its trump: the stream is never quiet,
    # and must still follow part 2's games, as the page counts them.
    deadline = time.monotonic() + PATIENCE
    told, expected = None, None
    for suit in itertools.cycle("SH"):
        with app.app_context():
            record(db.session.get(Game, busy.id), entries.trump, 1, suit)
        expected = panel_version(client, club)
        told = stream.next_change()
        while not stream.events.empty():  # the newest said, if it said more
            event = stream.next()
            if isinstance(event, str) and event.startswith("event: change"):
                told = int(event.split("data: ")[1])
        if told == expected or time.monotonic() > deadline:
            break
    assert told == expected


def test_a_tap_stored_while_the_tv_draws_the_leaderboard_is_not_claimed_by_that_drawing(
        app, client, club, monkeypatch):
    club.evening()
    client.post(club.evening_url("/start"))
    drawn = evenings.leaderboard_of

    def tapped_meanwhile(event, **kwargs):
        rows = drawn(event, **kwargs)
        record(db.session.scalars(select(Game).order_by(Game.id)).first(), entries.trump, 1, "S")
        return rows  # drawn before the tap: the TV must ask again

    monkeypatch.setattr(evenings, "leaderboard_of", tapped_meanwhile)
    claimed = panel_version(client, club)
    monkeypatch.setattr(evenings, "leaderboard_of", drawn)
    assert claimed < panel_version(client, club)
