"""A club's season as it is played: an evening announced ahead and answered
from the members' own phones, seated from those coming (a walk-in added),
a claimed member phone taking its seat without a code, a friendly evening
left out, a third evening, and the league table by two rules, live on a TV;
each new page looked at and axe-clean."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect
from screens import assert_fits_the_screen
from test_club_evening import tv_rows, tv_shows

from scorekeeper.storage import clubs, seasons
from scorekeeper.storage.models import utcnow

pytestmark = pytest.mark.browser

AXE = Axe()
EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
TV = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False}


def axe_clean(page: Page) -> None:
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def looked_at(page: Page, shoot, name: str) -> None:
    assert_fits_the_screen(page)
    axe_clean(page)
    shoot(name, page)


def scorer_ids(seeder, club: str, event: str) -> list[str]:
    """The scorer links' tokens of the evening's current part, by table."""
    page = seeder.client.get(f"/clubs/{club}/evenings/{event}").get_data(as_text=True)
    return list(dict.fromkeys(re.findall(r'value="[^"]*/g/([\w-]+)/?"', page)))


def play_and_end(seeder, gids: list[str]) -> None:
    """Each game: round 1 closed, then the game ended after it (short games)."""
    for gid in gids:
        seeder.play_rounds(gid, 1)
        seeder.post(gid, "/end", after="1")


def an_evening(seeder, club: str, players: list[str], friendly: bool = False) -> str:
    """An evening made, started and played through the seeder's forms; its id."""
    answer = seeder.client.post(f"/clubs/{club}/evenings/new", data={
        "name": "Social" if friendly else "Tuesday", "players": "\n".join(players),
        "preset": "cardgames", "sizes": ["4"], "rule": "total",
        **({"friendly": "y"} if friendly else {})})
    event = answer.headers["Location"].rsplit("/", 1)[1]
    seeder.client.post(f"/clubs/{club}/evenings/{event}/start")
    return event


def league_rows(seeder, club: str, season: str) -> list[tuple[str, str]]:
    """The league table as the storage adds it up: (name, points shown)."""
    with seeder.client.application.app_context():
        found = seasons.find_season(clubs.open_club_link(club).club, season)
        return [(row.name, str(row.points)) for row in seasons.league_table(found)]


def test_a_season_of_three_evenings_with_answers_a_friendly_evening_and_a_claimed_phone(
        browser: Browser, browser_context_args, base_url, seeder, shoot):
    contexts = []

    def phone(**extra) -> Page:
        made = browser.new_context(**{**browser_context_args, "base_url": base_url, **extra})
        contexts.append(made)
        return made.new_page()

    try:
        organiser = phone()
        organiser.goto("/clubs/new")
        organiser.locator("#club-name").fill("Season club")
        organiser.get_by_role("button", name="Start the club").click()
        expect(organiser.locator("h1")).to_have_text("Season club")
        club = organiser.url.rstrip("/").rsplit("/", 1)[1]
        for name in EIGHT:
            seeder.client.post(f"/clubs/{club}/members", data={"name": name})

        # The organiser announces Friday's evening.
        organiser.goto(f"/clubs/{club}/")
        organiser.locator("#announce").click()
        organiser.locator("#invitation-name").fill("Friday")
        organiser.locator("#invitation-day").fill((date.today() + timedelta(days=2)).isoformat())
        organiser.locator("#invitation-time").fill("19:30")
        looked_at(organiser, shoot, "season-announce")
        organiser.get_by_role("button", name="Announce an evening").click()
        expect(organiser.locator("#answers-yes [data-count]")).to_have_text("0")
        invitation = organiser.url.rsplit("/", 1)[1]

        # Ann gets her own link from the organiser's phone and claims it on hers.
        organiser.goto(f"/clubs/{club}/members/Ann")
        organiser.get_by_role("button", name="Make their link").click()
        expect(organiser.locator("#own-link .qr svg")).to_be_visible()
        looked_at(organiser, shoot, "season-member-link")
        ann_link = organiser.locator("#own-link-url").input_value()
        ann = phone()
        ann.goto(ann_link)
        expect(ann.locator("#mine-title")).to_have_text("Ann")
        organiser.reload()
        expect(organiser.locator("#own-link-claimed")).to_be_visible()
        stranger = phone()
        stranger.goto(ann_link)
        expect(stranger.locator("h1")).to_have_text("This link is another phone’s")

        # Ann answers on her phone; six more answer on theirs (test clients,
        # each a device of its own), Hal says maybe.
        ann.locator("#invitation-list a").click()
        ann.get_by_role("button", name="Coming", exact=True).click()
        expect(ann.locator("#my-answer button[value=yes]")).to_have_attribute("aria-pressed",
                                                                             "true")
        looked_at(ann, shoot, "season-answer-phone")
        own_phones = {}
        for name, said in zip(EIGHT[1:], ["yes"] * 6 + ["maybe"]):
            seeder.client.post(f"/clubs/{club}/members/{name}/link")
            page = seeder.client.get(f"/clubs/{club}/members/{name}").get_data(as_text=True)
            token = re.search(r'value="[^"]*/clubs/([\w-]+)/" id="own-link-url"', page).group(1)
            own_phones[name] = own = (seeder.client.application.test_client(), token)
            own[0].get(f"/clubs/{token}/")
            assert own[0].post(f"/clubs/{token}/invitations/{invitation}/answer",
                               data={"answer": said}).status_code == 302

        organiser.goto(f"/clubs/{club}/invitations/{invitation}")
        expect(organiser.locator("#answers-yes [data-count]")).to_have_text("7")
        expect(organiser.locator("#answers-maybe [data-count]")).to_have_text("1")
        expect(organiser.locator("#invitation-tables")).to_contain_text("cannot be seated")
        # Hal makes up his mind on the day; now they make two tables of 4.
        hal, token = own_phones["Hal"]
        hal.post(f"/clubs/{token}/invitations/{invitation}/answer", data={"answer": "yes"})
        organiser.goto(f"/clubs/{club}/invitations/{invitation}")
        expect(organiser.locator("#answers-yes [data-count]")).to_have_text("8")
        expect(organiser.locator("#invitation-tables")).to_have_text(
            "Those coming make tables of 4, 4.")
        looked_at(organiser, shoot, "season-invitation")

        # Seated from those who said yes, and a walk-in: tables of 4 and 5.
        organiser.locator("#seat-coming").click()
        assert organiser.locator("#event-players").input_value().split("\n") == EIGHT
        organiser.locator("#event-players").fill("\n".join(EIGHT + ["Walk-in Wanda"]))
        organiser.locator("#event-sizes input[value='5']").check()
        organiser.get_by_role("button", name="Seat the players").click()
        expect(organiser.locator("#seating > li")).to_have_count(2)
        friday = organiser.url.rsplit("/", 1)[1]
        organiser.get_by_role("button", name="Start one game per table").click()
        expect(organiser.locator("details.table-link")).to_have_count(2)

        # Ann's phone takes her seat at her table: no code typed.
        ann.goto(ann_link)
        ann.locator(".my-seat button").click()
        expect(ann.locator("#seat-screen .seat-who b")).to_have_text("Ann")
        assert "/g/" in ann.url
        shoot("season-seat-phone", ann)
        play_and_end(seeder, scorer_ids(seeder, club, friday))

        # A friendly evening, and a third evening that counts.
        social = an_evening(seeder, club, EIGHT, friendly=True)
        play_and_end(seeder, scorer_ids(seeder, club, social))
        organiser.goto(f"/clubs/{club}/evenings/{social}")
        expect(organiser.locator("#friendly-note")).to_contain_text(
            "Friendly: counts in no rating and no league table.")
        looked_at(organiser, shoot, "season-friendly-evening")
        tuesday = an_evening(seeder, club, EIGHT)

        # The season by total points, then by each member's best evening.
        today = utcnow().date().isoformat()  # the day the evenings are stored with
        organiser.goto(f"/clubs/{club}/")
        organiser.locator("#new-season-link").click()
        organiser.locator("#season-name").fill("Autumn")
        organiser.locator("#season-starts").fill(today)
        organiser.locator("#season-ends").fill(today)
        looked_at(organiser, shoot, "season-new")
        organiser.get_by_role("button", name="New season").click()
        expect(organiser.locator("#leaderboard-table caption")).to_have_text(
            "Total points across the season")
        autumn = organiser.url.rsplit("/", 1)[1]
        expect(organiser.locator("#season-evenings li")).to_have_count(2)  # not the friendly one

        tv = phone(**TV)
        viewer = clubs_viewer(seeder, club)
        tv.goto(f"/clubs/{viewer}/seasons/{autumn}/table")
        tv_shows(tv, league_rows(seeder, club, autumn))
        tv.evaluate("window.stillTheSamePage = true")
        play_and_end(seeder, scorer_ids(seeder, club, tuesday))
        expected = league_rows(seeder, club, autumn)
        tv_shows(tv, expected)
        assert tv.evaluate("window.stillTheSamePage") is True
        assert tv_rows(tv) == expected
        assert set(tv.locator("td[data-games]").all_inner_texts()) <= {"1", "2"}
        axe_clean(tv)
        shoot("season-tv", tv)
        organiser.reload()
        looked_at(organiser, shoot, "season-total")

        organiser.goto(f"/clubs/{club}/seasons/new")
        organiser.locator("#season-name").fill("Autumn, best evening")
        organiser.locator("#season-starts").fill(today)
        organiser.locator("#season-ends").fill(today)
        organiser.locator("#season-rule input[value='best']").check()
        organiser.locator("#season-evenings").fill("1")
        organiser.get_by_role("button", name="New season").click()
        expect(organiser.locator("#leaderboard-table caption")).to_have_text(
            "Each member’s best 1 evening")
        best = organiser.url.rsplit("/", 1)[1]
        assert tv_rows(organiser) == league_rows(seeder, club, best)
        looked_at(organiser, shoot, "season-best")

        # Ann's own phone shows her seasons, and her games: the friendly one says so.
        ann.goto(ann_link)
        ann.locator("#my-page").click()
        expect(ann.locator("#member-seasons tbody tr")).to_have_count(2)
        expect(ann.locator("#member-games tbody tr")).to_have_count(3)
        expect(ann.locator("#member-games tbody tr", has_text="friendly")).to_have_text(
            re.compile(r"^\s*Social · Table \d friendly"))
        looked_at(ann, shoot, "season-member-phone")
    finally:
        for made in contexts:
            made.close()


def clubs_viewer(seeder, club: str) -> str:
    with seeder.client.application.app_context():
        return clubs.club_link(clubs.open_club_link(club).club, clubs.VIEWER).token
