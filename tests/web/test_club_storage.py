"""The storage of clubs: links, members merged by name, evenings seated and
started one game per table, the leaderboard, and the ratings against
openskill fed by hand; the migration up and down."""

from __future__ import annotations

import pytest
from club_games import finish_after_first_round, play_first_round, play_round
from openskill.models import PlackettLuce
from sqlalchemy import func, inspect, select

from scorekeeper import create_app
from scorekeeper.game import GameError, entries
from scorekeeper.game.seating import SeatingError, pairs_of, repeated_pairs
from scorekeeper.rules import find_preset
from scorekeeper.storage import club_ratings, clubs, evenings
from scorekeeper.storage.club_models import ClubEvent, ClubGame, ClubLink, ClubMember
from scorekeeper.storage.database import db
from scorekeeper.storage.games import load_sheet, record
from scorekeeper.storage.links import LinkReplaced
from scorekeeper.storage.models import Game

TWELVE = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu"]
BEFORE = "e5b2d7c9a1f3"


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield app


def an_evening(club, players=TWELVE, sizes=(4,), rule="total", seed=1):
    return evenings.create_event(club, "Friday", players, "cardgames",
                                 find_preset("cardgames").ruleset, list(sizes), rule, seed=seed)


def test_a_club_has_an_organiser_and_a_viewer_link_of_128_random_bits(ctx):
    club, organiser = clubs.create_club("  Thursday   club ")
    viewer = clubs.club_link(club, clubs.VIEWER)
    assert club.name == "Thursday club"
    assert len(organiser.token) >= 22 and len(viewer.token) >= 22  # 16 bytes, base64
    assert organiser.token != viewer.token
    assert clubs.open_club_link(organiser.token).can_write
    assert not clubs.open_club_link(viewer.token).can_write


def test_a_replaced_club_link_answers_replaced_and_the_new_one_opens(ctx):
    club, organiser = clubs.create_club("Club")
    access = clubs.open_club_link(organiser.token)
    new = clubs.replace_club_link(access, clubs.ORGANISER)
    with pytest.raises(LinkReplaced):
        clubs.open_club_link(organiser.token)
    assert clubs.open_club_link(new.token).club_id == club.id
    with pytest.raises(clubs.ClubNotFound):
        clubs.open_club_link("no-such-token")


def test_a_club_without_a_name_is_refused_and_nothing_is_stored(ctx):
    with pytest.raises(GameError):
        clubs.create_club("   ")
    assert db.session.scalar(select(func.count()).select_from(ClubLink)) == 0


def test_members_are_merged_by_name_as_the_roster_merges(ctx):
    club, _ = clubs.create_club("Club")
    clubs.add_member(club, "Łucja")
    clubs.add_member(club, " łUCJA ")
    clubs.add_member(club, "Kasia")
    clubs.add_member(club, "Katarzyna")
    assert clubs.members(club) == ["Kasia", "Katarzyna", "Łucja"]
    clubs.merge_member(club, "Kasia", "Katarzyna")
    assert clubs.members(club) == ["Katarzyna", "Łucja"]
    assert clubs.as_members(club, ["kasia", "ŁUCJA"]) == ["Katarzyna", "Łucja"]
    with pytest.raises(GameError) as refused:
        clubs.merge_member(club, "Nobody", "Łucja")
    assert refused.value.kind == "no-such-member"


def test_an_evening_seats_everyone_once_and_its_new_names_become_members(ctx):
    club, _ = clubs.create_club("Club")
    event = an_evening(club)
    seating = evenings.current_part(event).seating
    assert sorted(name for table in seating for name in table) == sorted(TWELVE)
    assert [len(table) for table in seating] == [4, 4, 4]
    assert clubs.members(club) == sorted(TWELVE)


def test_an_evening_of_seven_is_refused_and_stores_nothing(ctx):
    club, _ = clubs.create_club("Club")
    with pytest.raises(SeatingError) as refused:
        an_evening(club, players=TWELVE[:7])
    assert refused.value.kind == "evening-players"
    assert db.session.scalar(select(func.count()).select_from(ClubEvent)) == 0
    assert db.session.scalar(select(func.count()).select_from(ClubMember)) == 0


def test_starting_a_part_starts_one_game_per_table_once(ctx):
    club, _ = clubs.create_club("Club")
    event = an_evening(club)
    started = evenings.start_part(event, device="phone")
    assert [table for table, _game, _link in started] == [1, 2, 3]
    for (table, game, link), names in zip(started, evenings.current_part(event).seating):
        assert [p.name for p in game.players] == names and link.role == "scorer"
    again = evenings.start_part(event, device="phone")
    assert [game.id for _t, game, _l in again] == [game.id for _t, game, _l in started]
    assert db.session.scalar(select(func.count()).select_from(ClubGame)) == 3
    assert clubs.club_of_game(started[0][1]).id == club.id


def test_a_started_part_can_no_longer_be_changed_and_the_next_one_waits_for_it(ctx):
    club, _ = clubs.create_club("Club")
    event = an_evening(club)
    with pytest.raises(GameError) as refused:
        evenings.next_part(event, "random")
    assert refused.value.kind == "part-not-started"
    evenings.start_part(event, None)
    with pytest.raises(GameError) as refused:
        evenings.move(event, "Ann", 2)
    assert refused.value.kind == "part-started"


def test_the_next_part_with_new_opponents_meets_fewer_old_pairs_than_the_first(ctx):
    club, _ = clubs.create_club("Club")
    event = an_evening(club)
    first = evenings.current_part(event).seating
    evenings.start_part(event, None)
    second = evenings.next_part(event, "new-opponents", seed=3).seating
    assert repeated_pairs(second, pairs_of(first)) == 3  # the fewest: 4 from 3 tables
    assert sorted(n for t in second for n in t) == sorted(TWELVE)


def test_moving_a_player_and_fixing_a_table_change_the_proposed_seating(ctx):
    club, _ = clubs.create_club("Club")
    event = an_evening(club, players=TWELVE + ["Mo"], sizes=(4, 5))
    seating = evenings.current_part(event).seating
    big = next(i for i, table in enumerate(seating) if len(table) == 5)
    small = next(i for i, table in enumerate(seating) if len(table) == 4)
    name = seating[big][0]
    moved = evenings.move(event, name, small + 1).seating
    assert name in moved[small]
    fixed = evenings.fix_table(event, 1, ["ann", "Bob", "Cy", "Di"]).seating
    assert fixed[0] == ["Ann", "Bob", "Cy", "Di"]
    assert sorted(n for t in fixed for n in t) == sorted(TWELVE + ["Mo"])


def test_the_leaderboard_totals_equal_a_plain_sum_of_the_evenings_games(ctx):
    club, _ = clubs.create_club("Club")
    event = an_evening(club)
    for table, game, _link in evenings.start_part(event, None):
        play_first_round(game, taker=table % 4)
    evenings.next_part(event, "standings", seed=2)
    for table, game, _link in evenings.start_part(event, None):
        play_first_round(game, taker=(table + 1) % 4)
    rows = evenings.leaderboard_of(event)
    games = [game for _part, game in evenings.event_games(event)]
    assert len(games) == 6
    for row in rows:
        assert row.points == sum(load_sheet(g).totals.get(pid, 0) for g in games
                                 for pid, n in load_sheet(g).players.items() if n == row.name)
        assert row.games == 2


def test_the_ratings_equal_openskills_fed_by_hand_with_the_games_ranks(ctx):
    club, _ = clubs.create_club("Club")
    event = an_evening(club)
    started = evenings.start_part(event, None)
    for table, game, _link in started:
        finish_after_first_round(game, taker=table - 1)
    model = PlackettLuce()
    expected = {}
    for _table, game, _link in started:
        sheet = load_sheet(game)
        names = [sheet.name(s.player) for s in sheet.standings]
        teams = [[expected.get(n) or model.rating(name=n)] for n in names]
        for [rating], name in zip(model.rate(teams, ranks=[s.rank for s in sheet.standings]),
                                  names):
            expected[name] = rating
    lines = club_ratings.board(club).lines
    for name, rating in expected.items():
        line = lines[name.casefold()]
        assert line.rating.mu == pytest.approx(rating.mu)
        assert line.rating.sigma == pytest.approx(rating.sigma)
        assert line.games == 1


def test_the_board_is_made_again_when_a_club_game_changes(ctx):
    club, _ = clubs.create_club("Club")
    event = an_evening(club)
    started = evenings.start_part(event, None)
    finish_after_first_round(started[0][2].game, taker=0)
    first = club_ratings.board(club)
    assert club_ratings.board(club) is first
    finish_after_first_round(started[1][2].game, taker=1)
    assert club_ratings.board(club) is not first
    assert len(club_ratings.board(club).games) == 2


def test_the_migration_of_clubs_goes_down_and_up_again(tmp_path):
    from flask_migrate import downgrade, upgrade

    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'mig.sqlite3'}"})
    club_tables = {"clubs", "club_links", "club_members", "club_roster_changes",
                   "club_events", "event_parts", "club_games"}
    with app.app_context():
        upgrade()
        assert club_tables <= set(inspect(db.engine).get_table_names())
        downgrade(revision=BEFORE)
        assert not club_tables & set(inspect(db.engine).get_table_names())
        assert "games" in inspect(db.engine).get_table_names()
        upgrade()
        club, _ = clubs.create_club("Club")
        assert clubs.members(club) == []
        db.session.remove()
        db.engine.dispose()


def test_a_late_joiner_is_rated_for_the_share_of_the_rounds_they_played(ctx):
    club, _ = clubs.create_club("Club")
    event = an_evening(club)
    game = evenings.start_part(event, None)[0][1]
    play_round(game, 1, taker=0)
    record(game, entries.join, "Mo", None, "zero", None)
    play_round(game, 2, taker=1)
    record(game, entries.end_game, 2)
    sheet = load_sheet(game)
    names = [sheet.name(s.player) for s in sheet.standings]
    model = PlackettLuce()
    rated = model.rate([[model.rating(name=n)] for n in names],
                       ranks=[s.rank for s in sheet.standings])
    start = model.rating()
    lines = club_ratings.board(club).lines
    for name, [rating] in zip(names, rated):
        share = 0.5 if name == "Mo" else 1.0  # Mo played round 2 of 2
        assert lines[name.casefold()].rating.mu == pytest.approx(
            start.mu + share * (rating.mu - start.mu))
        assert lines[name.casefold()].rating.sigma == pytest.approx(
            start.sigma + share * (rating.sigma - start.sigma))
    assert lines["mo"].rounds == 1 and lines[names[0].casefold()].games == 1
