"""The small things off the straight path, on a phone in English, Polish and
German, at a Pixel 7 and at 360 × 740: a shared rank says "tied", a starting
score of 0 reads as points, a game followed through its viewer link is not
offered to "Resume", the reopen question is asked once, the chart draws a late
joiner from her starting score, and a game page ends in one folded line of
settings. Every state is shot to test-artifacts/, and checked with axe in
English."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.support import Translations
from playwright.sync_api import Page, expect
from test_off_the_path import assert_axe_clean, phone  # noqa: F401  (the fixture)

import scorekeeper

pytestmark = pytest.mark.browser

CATALOGUES = Path(scorekeeper.__file__).parent / "translations"


def words(name: str):
    """The catalogue of the language in a phone's name ("pl-360"), to read the page by."""
    return Translations.load(str(CATALOGUES), [name.split("-")[0]], domain="messages")


def test_a_shared_rank_says_tied_and_a_zero_start_reads_as_points(page: Page, seeder, shoot,
                                                                   phone):
    t = words(phone)
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    seeder.play_rounds(gid, 1)  # Bob takes every trick; Ann, Cy and Di tie
    seeder.post(gid, "/players/join", name="Fay", after="3", start_rule="number",
                start_number="0")
    page.goto(f"/g/{gid}/standings")
    tied = page.locator(".tied")
    expect(tied.first).to_have_text(t.gettext("tied"))
    assert tied.count() >= 2
    assert_axe_clean(page, phone)
    shoot(f"small-tied-{phone}")

    page.goto(f"/g/{gid}/players")
    bar = page.locator("#undo-bar")
    expect(bar).to_contain_text("Fay")
    expect(bar).to_contain_text("0")
    for text in (bar.inner_text(), page.locator("main").inner_text()):
        assert not {"null", "None", "nul"} & set(text.replace(",", " ").split()), text
    shoot(f"small-zero-start-{phone}")


def test_a_followed_game_is_not_offered_to_resume(page: Page, seeder, shoot, phone):
    from scorekeeper.storage import links

    t = words(phone)
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    with seeder.client.application.app_context():
        viewer = links.link_of(links.open_link(gid).game, "viewer").token
    page.goto(f"/g/{viewer}/")  # the address the Share screen gives
    page.goto("/")
    entry = page.locator("main a", has_text=t.gettext("Follow the game"))
    expect(entry).to_have_count(1)
    expect(page.locator("main")).not_to_contain_text(t.gettext("Resume"))
    assert_axe_clean(page, phone)
    shoot(f"small-follow-{phone}")


def test_the_reopen_question_is_asked_once(page: Page, seeder, shoot, phone):
    t = words(phone)
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    seeder.play_rounds(gid, 1)
    page.goto(f"/g/{gid}/round/2")
    page.locator("#undo button[type=submit]").click()
    question = t.gettext("Undoing now reopens round %(number)s, which is closed and scored.")
    expect(page.get_by_text(question % {"number": 1})).to_have_count(1)
    assert_axe_clean(page, phone)
    shoot(f"small-reopen-{phone}")


def test_the_chart_draws_a_late_joiner_from_her_starting_score(page: Page, seeder, shoot, phone):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    seeder.play_rounds(gid, 1)
    seeder.post(gid, "/players/join", name="Fay", after="3", start_rule="number",
                start_number="7")
    seeder.play_rounds(gid, 1)
    page.goto(f"/g/{gid}/standings")
    lines = page.locator("svg g.series polyline")
    first = [tuple(map(float, p.split(","))) for p in lines.first.get_attribute("points").split()]
    fay = [tuple(map(float, p.split(","))) for p in lines.last.get_attribute("points").split()]
    assert len(first) == 3 and len(fay) == 2
    assert fay[0][0] == first[1][0]  # from round 1's place on, not from the start
    assert fay[0][1] != first[0][1]  # at her 7 points, not on the line of zero
    assert_axe_clean(page, phone)
    shoot(f"small-chart-{phone}")


def test_a_game_page_ends_in_one_folded_line_of_settings(page: Page, seeder, shoot, phone):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    page.goto(f"/g/{gid}/round/1")
    settings = page.locator("footer.foot details")
    assert settings.count() >= 1
    for index in range(settings.count()):
        assert settings.nth(index).get_attribute("open") is None
    footer = page.locator("footer.foot").bounding_box()
    assert footer["height"] < 160, footer
    assert_axe_clean(page, phone)
    shoot(f"small-settings-{phone}")
