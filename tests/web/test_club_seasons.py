"""A club's seasons and friendly games: a season made through its page
(refused in words, storing nothing), its league table by each rule over the
evenings between its dates (page, TV panel over htmx and plain, CSV), a
member's seasons; friendly evenings and games left out of the league table
and the ratings and saying so; nothing of a season without the club's link;
the migration up and down."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta

import pytest
from club_games import finish_after_first_round
from sqlalchemy import func, inspect, select

from scorekeeper import create_app
from scorekeeper.rules import find_preset
from scorekeeper.storage import club_ratings, clubs, evenings, seasons
from scorekeeper.storage.club_models import ClubEvent, ClubSeason
from scorekeeper.storage.database import db
from scorekeeper.storage.models import utcnow

EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def today():
    """The day an evening made now is stored with (asked each time: a run
    can pass midnight)."""
    return utcnow().date()


BEFORE = "c2e8f4a6d1b9"


class Season:
    """A club with evenings played through the storage, its pages through the client."""

    def __init__(self, app, client):
        self.app, self.client = app, client
        with app.app_context():
            club, organiser = clubs.create_club("Thursday club")
            self.token = organiser.token
            self.viewer = clubs.club_link(club, clubs.VIEWER).token
            self.club_id = club.id
        self.events: list[str] = []

    def club(self):
        return db.session.get(clubs.Club, self.club_id)

    def evening(self, taker: int, friendly: bool = False, days_ago: int = 0, seed: int = 1):
        """An evening of eight at two tables of 4, its games finished after
        round 1, the player ``taker`` places in bidding order winning it."""
        with self.app.app_context():
            event = evenings.create_event(self.club(), f"Evening {len(self.events) + 1}", EIGHT,
                                          "cardgames", find_preset("cardgames").ruleset, [4],
                                          "total", seed=seed, friendly=friendly)
            event.created_at = utcnow() - timedelta(days=days_ago)
            db.session.commit()
            for _table, game, _link in evenings.start_part(event, None):
                finish_after_first_round(game, taker=taker)
            self.events.append(event.public_id)
            return event.public_id

    def season(self, rule="total", evenings_="", starts=None, ends=None, token=None):
        starts, ends = starts or today(), ends or today()
        return self.client.post(self.url("/seasons/new", token), data={
            "name": "Autumn", "starts": starts.isoformat(), "ends": ends.isoformat(),
            "rule": rule, "evenings": evenings_})

    def made(self, **kwargs) -> str:
        answer = self.season(**kwargs)
        assert answer.status_code == 302, answer.get_data(as_text=True)
        return answer.headers["Location"].rsplit("/", 1)[1]

    def url(self, path, token=None):
        return f"/clubs/{token or self.token}{path}"

    def table(self, season: str, token=None) -> list[tuple[str, str, str, str]]:
        """The league table's rows as the page shows them: rank, name, points, evenings."""
        html = self.client.get(self.url(f"/seasons/{season}", token)).get_data(as_text=True)
        return re.findall(r'<tr data-player="([^"]+)"[^>]*><td class="num">([^<]+)<.*?'
                          r'data-points>([^<]*)</td><td class="num games" data-games>(\d+)<',
                          html, re.S)


@pytest.fixture
def league(app, client):
    return Season(app, client)


def points_of(app, event_ids, rule="total"):
    """Each player's points over these evenings, from the evenings' own leaderboards."""
    points: dict[str, int] = {}
    with app.app_context():
        for public_id in event_ids:
            event = db.session.scalar(select(ClubEvent).where(ClubEvent.public_id == public_id))
            event.rule = rule
            for row in evenings.leaderboard_of(event):
                points[row.name] = points.get(row.name, 0) + row.points
            db.session.rollback()
    return points


def test_the_league_table_by_total_adds_up_the_seasons_evenings(league, app, client):
    first, second = league.evening(taker=0), league.evening(taker=1, seed=2)
    season = league.made()
    expected = points_of(app, [first, second])
    rows = league.table(season)
    assert {name: int(points) for name, _rank, points, _n in rows} == expected
    assert all(n == "2" for *_rest, n in rows)
    ranks = [int(rank.split("<")[0]) for _name, rank, _p, _n in rows]
    assert ranks == sorted(ranks)


def test_the_league_table_by_placement_gives_six_points_a_table_of_four(league, client):
    league.evening(taker=0)
    league.evening(taker=2, seed=3)
    rows = league.table(league.made(rule="placement"))
    assert sum(float(points.replace("½", ".5")) for _n, _r, points, _e in rows) == 2 * 2 * 6
    assert "Placement points at each table" in client.get(
        league.url(f"/seasons/{league.made(rule='placement')}")).get_data(as_text=True)


def test_the_average_ranks_no_one_before_the_minimum_of_evenings(league, client):
    league.evening(taker=0)
    season = league.made(rule="average", evenings_="2")
    rows = league.table(season)
    assert [rank for _name, rank, _p, _n in rows] == ["–"] * 8
    page = client.get(league.url(f"/seasons/{season}")).get_data(as_text=True)
    assert "Average per evening, from 2 evenings" in page and 'id="league-unranked"' in page
    league.evening(taker=1, seed=2)
    assert "–" not in [rank for _name, rank, _p, _n in league.table(season)]


def test_the_best_evenings_count_each_members_best_one(league, app):
    first, second = league.evening(taker=0), league.evening(taker=1, seed=2)
    rows = league.table(league.made(rule="best", evenings_="1"))
    one, two = points_of(app, [first]), points_of(app, [second])
    assert {name: int(points) for name, _r, points, _n in rows} == {
        name: max(one[name], two[name]) for name in EIGHT}


def test_a_season_holds_only_the_evenings_between_its_dates(league):
    league.evening(taker=0, days_ago=10)
    league.evening(taker=1, seed=2)
    inside = league.made(starts=today() - timedelta(days=3))
    assert {n for *_rest, n in league.table(inside)} == {"1"}
    whole = league.made(starts=today() - timedelta(days=10))
    assert {n for *_rest, n in league.table(whole)} == {"2"}


@pytest.mark.parametrize(("rule", "count", "ends_in", "message"), [
    ("total", "", -1, "The season ends before it starts."),
    ("average", "", 0, "Enter a number of evenings from 1 to 99."),
    ("best", "100", 0, "Enter a number of evenings from 1 to 99."),
    ("points", "", 0, "Not a valid choice"),
])
def test_a_season_that_cannot_be_is_refused_in_words_and_nothing_is_stored(league, app, rule,
                                                                           count, ends_in, message):
    answer = league.season(rule=rule, evenings_=count, ends=today() + timedelta(days=ends_in))
    assert answer.status_code == 422 and message in answer.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ClubSeason)) == 0


def test_a_season_through_the_viewer_link_is_refused_and_stores_nothing(league, app):
    assert league.season(token=league.viewer).status_code == 403
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ClubSeason)) == 0


def test_the_viewer_link_reads_the_season_its_tv_and_its_csv(league, client):
    league.evening(taker=0)
    season = league.made()
    for path in ("", "/table", "/table.csv"):
        assert client.get(league.url(f"/seasons/{season}{path}", league.viewer)).status_code == 200
    club = client.get(league.url("/", league.viewer)).get_data(as_text=True)
    assert "Autumn" in club and "New season" not in club


@pytest.mark.parametrize("path", ["", "/table", "/table.csv", "/events"])
def test_a_device_without_the_clubs_link_learns_nothing_of_a_season(league, client, app, path):
    league.evening(taker=0)
    season = league.made()
    answer = client.get(f"/clubs/{'x' * 22}/seasons/{season}{path}")
    assert answer.status_code == 404 and "Autumn" not in answer.get_data(as_text=True)
    other = Season(app, client)
    assert client.get(other.url(f"/seasons/{season}{path}")).status_code == 404


def test_the_tv_panel_answers_htmx_alone_and_a_plain_request_with_the_live_page(league, app,
                                                                               client):
    league.evening(taker=0)
    league.evening(taker=1, friendly=True, seed=2)  # its games are not followed
    season = league.made()
    with app.app_context():
        versions = [game.version for _part, game in evenings.event_games(
            db.session.scalar(select(ClubEvent).where(ClubEvent.public_id == league.events[0])))]
    joined = sum(version + 1 for version in versions)
    panel = client.get(league.url(f"/seasons/{season}/table"), headers={"HX-Request": "true"})
    page = client.get(league.url(f"/seasons/{season}/table"))
    assert panel.get_data(as_text=True).lstrip().startswith('<div id="leaderboard-live"')
    assert f'data-version="{joined}"' in panel.get_data(as_text=True)
    assert "<html" in page.get_data(as_text=True)
    assert f"/seasons/{season}/events?since={joined}" in page.get_data(as_text=True)
    assert "HX-Request" in panel.headers["Vary"] and "HX-Request" in page.headers["Vary"]
    text = client.get(league.url(f"/seasons/{season}/events")).get_data(as_text=True)
    assert f"event: change\ndata: {joined}\n" in text


def test_the_league_table_csv_has_a_row_per_member_and_a_column_per_evening(league, app, client):
    first, second = league.evening(taker=0), league.evening(taker=1, seed=2)
    season = league.made()
    answer = client.get(league.url(f"/seasons/{season}/table.csv"))
    rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == ["rank", "name", "points", "evenings", "Evening 1", "Evening 2"]
    one, two = points_of(app, [first]), points_of(app, [second])
    assert {row[1]: (int(row[2]), int(row[4]), int(row[5])) for row in rows[1:]} == {
        name: (one[name] + two[name], one[name], two[name]) for name in EIGHT}


def test_a_members_page_shows_their_seasons_with_rank_and_points(league, client):
    league.evening(taker=0)
    season = league.made()
    rank, points = next((rank, points) for name, rank, points, _n in league.table(season)
                        if name == "Ann")
    page = client.get(league.url("/members/Ann", league.viewer)).get_data(as_text=True)
    found = re.search(r'id="member-seasons".*?Autumn</a></th>\s*<td class="num">([^<]+)</td>'
                      r'<td class="num">([^<]+)</td>', page, re.S)
    assert found and found.groups() == (rank.split("<")[0], points)


def test_a_friendly_evening_counts_in_no_league_table_and_no_rating_and_says_so(league, app,
                                                                                client):
    counted = league.evening(taker=0)
    friendly = league.evening(taker=1, friendly=True, seed=2)
    season = league.made()
    assert {n for *_rest, n in league.table(season)} == {"1"}
    with app.app_context():
        assert len(club_ratings.board(league.club()).games) == 2
    for path in (f"/evenings/{friendly}", f"/evenings/{friendly}/leaderboard"):
        assert "Friendly: counts in no rating and no league table." in client.get(
            league.url(path, league.viewer)).get_data(as_text=True)
    assert "Friendly:" not in client.get(league.url(f"/evenings/{counted}")).get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
def test_marking_an_evening_friendly_and_back_changes_its_season_and_ratings(league, app, client,
                                                                             htmx):
    league.evening(taker=0)
    second = league.evening(taker=1, seed=2)
    season = league.made()
    headers = {"HX-Request": "true"} if htmx else {}
    answer = client.post(league.url(f"/evenings/{second}/friendly"), data={"friendly": "y"},
                         headers=headers)
    assert answer.status_code == 302
    assert {n for *_rest, n in league.table(season)} == {"1"}
    with app.app_context():
        assert len(club_ratings.board(league.club()).games) == 2
    client.post(league.url(f"/evenings/{second}/friendly"), data={}, headers=headers)
    assert {n for *_rest, n in league.table(season)} == {"2"}
    with app.app_context():
        assert len(club_ratings.board(league.club()).games) == 4


def test_one_friendly_game_leaves_only_its_table_out_and_says_so_on_the_evening(league, app,
                                                                                client):
    event = league.evening(taker=0)
    season = league.made()
    page = client.get(league.url(f"/evenings/{event}")).get_data(as_text=True)
    game = re.findall(r'name="game" value="([0-9a-f]+)"', page)[0]
    assert client.post(league.url(f"/evenings/{event}/friendly"),
                       data={"friendly": "y", "game": game}).status_code == 302
    rows = league.table(season)
    assert [n for *_rest, n in rows] == ["1"] * 4  # the friendly table's four played no other
    with app.app_context():
        assert len(club_ratings.board(league.club()).games) == 1
    page = client.get(league.url(f"/evenings/{event}", league.viewer)).get_data(as_text=True)
    assert page.count("Friendly: counts in no rating and no league table.") == 1
    assert "Mark as friendly" not in page  # the viewer link changes nothing


def test_marking_friendly_through_the_viewer_link_or_another_evenings_game_changes_nothing(
        league, app, client):
    event = league.evening(taker=0)
    assert client.post(league.url(f"/evenings/{event}/friendly", league.viewer),
                       data={"friendly": "y"}).status_code == 403
    assert client.post(league.url(f"/evenings/{event}/friendly"),
                       data={"friendly": "y", "game": "0" * 32}).status_code == 404
    with app.app_context():
        assert not db.session.scalar(select(ClubEvent.friendly))
        assert evenings.friendly_games(db.session.scalar(select(ClubEvent))) == set()


def test_a_friendly_evening_is_made_so_from_the_new_evening_form(league, app, client):
    answer = client.post(league.url("/evenings/new"), data={
        "name": "Social", "players": "\n".join(EIGHT), "preset": "cardgames", "sizes": ["4"],
        "rule": "total", "friendly": "y"})
    assert answer.status_code == 302
    with app.app_context():
        assert db.session.scalar(select(ClubEvent.friendly)) is True


def test_the_seasons_migration_goes_down_and_up_again(tmp_path):
    from flask_migrate import downgrade, upgrade

    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'mig.sqlite3'}"})
    with app.app_context():
        upgrade()
        tables = {"club_seasons", "club_invitations", "club_answers"}
        assert tables <= set(inspect(db.engine).get_table_names())
        assert "friendly" in {c["name"] for c in inspect(db.engine).get_columns("club_games")}
        assert {"member", "device", "claimed_at"} <= {
            c["name"] for c in inspect(db.engine).get_columns("club_links")}
        downgrade(revision=BEFORE)
        assert not tables & set(inspect(db.engine).get_table_names())
        assert "friendly" not in {c["name"] for c in inspect(db.engine).get_columns("club_events")}
        assert "member" not in {c["name"] for c in inspect(db.engine).get_columns("club_links")}
        upgrade()
        club, _ = clubs.create_club("Club")
        made = seasons.create_season(club, "Autumn", today(), today(), "best", 3)
        assert made.evenings == 3 and seasons.league_table(made) == []
        db.session.remove()
        db.engine.dispose()


def test_a_friendly_games_standings_table_view_and_exports_say_so_and_a_counting_ones_do_not(
        league, client):
    event = league.evening(taker=0)
    page = client.get(league.url(f"/evenings/{event}")).get_data(as_text=True)
    first, second = dict.fromkeys(re.findall(r"/g/([\w-]+)/", page))
    client.post(league.url(f"/evenings/{event}/friendly"), data={
        "friendly": "y", "game": re.findall(r'name="game" value="([0-9a-f]+)"', page)[0]})
    note = "Friendly: counts in no rating and no league table."
    for link, friendly in ((first, True), (second, False)):
        for path in ("standings", "table", "rules.csv"):
            assert (note in client.get(f"/g/{link}/{path}").get_data(as_text=True)) is friendly
        assert client.get(f"/g/{link}/export.json").get_json()["friendly"] is friendly
        # the live part htmx asks for again is the same for both: the note is the page's
        panel = client.get(f"/g/{link}/table", headers={"HX-Request": "true"})
        assert panel.status_code == 200 and note not in panel.get_data(as_text=True)


def test_friendly_games_and_evenings_are_left_out_alike_on_each_database(app_on_each_database):
    app = app_on_each_database
    league = Season(app, app.test_client())
    event = league.evening(taker=0)
    league.evening(taker=1, friendly=True, seed=2)
    page = league.client.get(league.url(f"/evenings/{event}")).get_data(as_text=True)
    league.client.post(league.url(f"/evenings/{event}/friendly"), data={
        "friendly": "y", "game": re.findall(r'name="game" value="([0-9a-f]+)"', page)[0]})
    assert [n for *_rest, n in league.table(league.made())] == ["1"] * 4
    with app.app_context():
        assert len(club_ratings.board(league.club()).games) == 1
