"""A club evening as it is played: twelve players at three tables for two
parts, reseated between them, each table's game tapped on its own phone,
and the leaderboard on a TV following them without a reload; the organiser's
pages and the TV in English and in Polish, with axe finding nothing."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect
from screens import assert_fits_the_screen

from scorekeeper.storage import clubs, evenings

pytestmark = pytest.mark.browser

AXE = Axe()
TWELVE = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kai", "Łucja"]
TV = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False}
SWAP = 10_000


def axe_clean(page: Page) -> None:
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def set_up_evening(page: Page, shoot) -> tuple[str, str]:
    """The organiser makes the club and the evening on their phone; the
    organiser's evening address and the club's viewer token."""
    page.goto("/clubs/new")
    page.locator("#club-name").fill("Thursday club")
    page.get_by_role("button", name="Start the club").click()
    expect(page.locator("h1")).to_have_text("Thursday club")
    viewer_url = page.locator("#club-url-viewer").input_value()
    viewer = re.search(r"/clubs/([\w-]+)/", viewer_url).group(1)
    shoot("club-organiser-page", page)
    axe_clean(page)
    page.locator("#new-evening").click()
    page.locator("#event-name").fill("Friday night")
    page.locator("#event-players").fill("\n".join(TWELVE))
    page.locator("#event-preset").select_option("cardgames")
    page.locator("#event-sizes input[value='5']").uncheck()
    page.locator("#event-sizes input[value='4']").check()
    shoot("club-new-evening", page)
    page.get_by_role("button", name="Seat the players").click()
    expect(page.locator("#seating > li")).to_have_count(3)
    return page.url, viewer


def seated(page: Page) -> list[list[str]]:
    return [text.split(", ") for text in page.locator("[data-table-players]").all_inner_texts()]


def scorer_links(page: Page) -> list[str]:
    return [page.locator(f"#table-url-{n}").input_value() for n in (1, 2, 3)]


def tap_first_round(phone: Page, seeder, url: str) -> None:
    """A table's phone taps round 1 through: the trump, the bids in order
    (each 0 but the dealer's 1), the first bidder takes every trick, close."""
    gid = re.search(r"/g/([\w-]+)/", url).group(1)
    rnd = seeder.sheet(gid).rounds[0]
    phone.goto(url)
    phone.goto(f"/g/{gid}/round/1")
    phone.locator("#entry button[name=trump][value=H]").click()
    expect(phone.locator("#entry button[name=trump][value=H]")).to_have_attribute(
        "aria-pressed", "true", timeout=SWAP)
    for player in rnd.order:
        bid = 1 if player == rnd.dealer else 0
        phone.locator(f"#bid-{player} button[value='{bid}']").click()
        expect(phone.locator(f"#bid-{player} button[value='{bid}']")).to_have_attribute(
            "aria-pressed", "true", timeout=SWAP)
    for index, player in enumerate(rnd.order):
        taken = rnd.cards if index == 0 else 0
        phone.locator(f"#tricks-{player} button[value='{taken}']").click()
        expect(phone.locator(f"#tricks-{player} button[value='{taken}']")).to_have_attribute(
            "aria-pressed", "true", timeout=SWAP)
    phone.get_by_role("button", name="Close round 1 and score it").click()
    expect(phone.locator("h1")).not_to_have_text("Round 1 of 19", timeout=SWAP)


def expected_rows(seeder, viewer: str, event_url: str) -> list[tuple[str, str]]:
    """The leaderboard as the storage adds it up: (name, points) in order."""
    event_id = event_url.rsplit("/", 1)[1]
    with seeder.client.application.app_context():
        club = clubs.open_club_link(viewer).club
        rows = evenings.leaderboard_of(evenings.find_event(club, event_id))
        return [(row.name, str(row.points)) for row in rows]


def tv_rows(tv: Page) -> list[tuple[str, str]]:
    rows = tv.locator("#leaderboard-table tbody tr")
    names = [rows.nth(n).get_attribute("data-player") for n in range(rows.count())]
    points = tv.locator("#leaderboard-table tbody td[data-points]").all_inner_texts()
    return list(zip(names, points))


def tv_shows(tv: Page, expected: list[tuple[str, str]]) -> None:
    """Wait until the TV's leaderboard shows ``expected``, row by row."""
    tv.wait_for_function(
        "rows => [...document.querySelectorAll('#leaderboard-table tbody tr')].map("
        "r => [r.dataset.player, r.querySelector('[data-points]').innerText]"
        ").join('|') === rows", arg="|".join(",".join(r) for r in expected), timeout=SWAP)


def test_an_evening_of_twelve_at_three_tables_for_two_parts_on_one_live_leaderboard(
        browser: Browser, browser_context_args, base_url, seeder, shoot):
    contexts = []

    def context(**extra):
        made = browser.new_context(**{**browser_context_args, "base_url": base_url, **extra})
        contexts.append(made)
        return made

    try:
        organiser = context().new_page()
        event_url, viewer = set_up_evening(organiser, shoot)
        first = seated(organiser)
        assert sorted(n for t in first for n in t) == sorted(TWELVE)
        shoot("club-evening-proposed", organiser)
        axe_clean(organiser)
        organiser.get_by_role("button", name="Start one game per table").click()
        expect(organiser.locator("details.table-link")).to_have_count(3)
        organiser.locator("#table-1 details summary").click()
        expect(organiser.locator("#table-1 .qr svg")).to_be_visible()
        shoot("club-evening-started", organiser)
        axe_clean(organiser)

        tv = context(**TV).new_page()
        streams = []
        tv.on("request", lambda request: streams.append(request.url)
              if "/events?since=" in request.url else None)
        event_path = event_url.split("/evenings/")[1]
        tv.goto(f"/clubs/{viewer}/evenings/{event_path}/leaderboard")
        expect(tv.locator("#leaderboard-table tbody tr")).to_have_count(12)
        # No round closed yet: everyone is listed as playing, with nothing earned.
        expect(tv.locator("#leaderboard-table tbody tr[data-playing]")).to_have_count(12)
        assert set(tv_rows(tv)) == {(name, "0") for name in TWELVE}
        assert set(tv.locator("td[data-games]").all_inner_texts()) == {"0"}
        expect(tv.locator("#leaderboard-playing")).to_be_visible()
        tv.evaluate("window.stillTheSamePage = true")
        phones = [context().new_page() for _ in range(3)]

        first_links = scorer_links(organiser)
        for phone, url in zip(phones, first_links):
            tap_first_round(phone, seeder, url)
        shoot("club-table-phone", phones[0])
        expected = expected_rows(seeder, viewer, event_url)
        assert any(points != "0" for _name, points in expected)
        expect(tv.locator("#leaderboard-table tbody")).to_contain_text(expected[0][0])
        tv_shows(tv, expected)
        assert tv_rows(tv) == expected
        assert tv.evaluate("window.stillTheSamePage") is True
        shoot("club-tv-after-part-1", tv)
        axe_clean(tv)

        organiser.locator("#next-method").select_option("new-opponents")
        organiser.get_by_role("button", name="Next part").click()
        expect(organiser.locator("#part-title")).to_contain_text("Part 2")
        second = seated(organiser)
        assert sorted(n for t in second for n in t) == sorted(TWELVE)
        assert second != first
        organiser.get_by_role("button", name="Start one game per table").click()
        expect(organiser.locator("details.table-link")).to_have_count(3)
        for phone, url in zip(phones, scorer_links(organiser)):
            tap_first_round(phone, seeder, url)
        expected = expected_rows(seeder, viewer, event_url)
        tv_shows(tv, expected)
        assert tv.evaluate("window.stillTheSamePage") is True
        # One stream followed both parts: the new tables' games joined it.
        assert len(streams) == 1 and f"/clubs/{viewer}/evenings/" in streams[0]
        assert all(games == "2" for games in tv.locator(
            "#leaderboard-table tbody td[data-games]").all_inner_texts())
        shoot("club-tv-after-part-2", tv)

        # The tables end their games after round 1: ratings, a member's page
        # and the bidding figures then have finished games to show.
        for url in [*first_links, *scorer_links(organiser)]:
            gid = re.search(r"/g/([\w-]+)/", url).group(1)
            seeder.post(gid, "/end", after="1")
        club_url = event_url.split("/evenings/")[0]
        for path, shown in [("/ratings", "#ratings"), ("/members/Ann", "#rating-history svg"),
                            ("/analytics", "#by-seat")]:
            organiser.goto(club_url + path)
            expect(organiser.locator(shown)).to_be_visible()
            assert_fits_the_screen(organiser)
            shoot(f"club{path.replace('/', '-').lower()}", organiser)
            axe_clean(organiser)

        polish_tv = context(**TV).new_page()
        polish_tv.context.add_cookies([{"name": "lang", "value": "pl", "url": base_url}])
        polish_tv.goto(f"/clubs/{viewer}/evenings/{event_path}/leaderboard")
        expect(polish_tv.locator("#leaderboard-table caption")).to_have_text(
            "Suma punktów z całego wieczoru")
        expect(polish_tv.locator("#leaderboard-table tbody tr[data-playing]")).to_have_count(0)
        shoot("club-tv-pl", polish_tv)
        axe_clean(polish_tv)
        organiser.context.add_cookies([{"name": "lang", "value": "pl", "url": base_url}])
        organiser.goto(event_url)
        expect(organiser.locator("#leaderboard-title")).to_have_text("Tabela wyników")
        shoot("club-evening-pl", organiser)
        axe_clean(organiser)
        organiser.goto(event_url.split("/evenings/")[0] + "/ratings")
        shoot("club-ratings-pl", organiser)
        axe_clean(organiser)
    finally:
        for made in contexts:
            made.close()
