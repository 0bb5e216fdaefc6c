import pytest
from test_fits_every_page import AXE, LANGUAGES, a_club_evening, problems_of, photograph, Page

pytestmark = pytest.mark.browser
MINE = {"club", "club-member", "club-evening-started", "club-evening-proposed", "club-new-evening",
        "club-new-season", "club-season", "club-season-tv", "club-new-invitation", "club-invitation",
        "club-member-claimed", "club-friendly-evening"}


@pytest.fixture(scope="module")
def mine(seeder):
    return [(n, p) for n, p in a_club_evening(seeder) if n in MINE]


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=1,
                                  is_mobile=True, has_touch=True, base_url=live_server)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mine(phone: Page, mine, live_server, lang):
    page = phone
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    wrong = {}
    for name, path in mine:
        page.goto(path)
        if lang in ("en", "pl", "et"):
            photograph(page, f"tmp-{lang}-{name}")
        found = problems_of(page)
        if lang == "en" or lang == "hi":
            results = AXE.run(page)
            if results.violations_count:
                found.append(results.generate_report())
        if found:
            wrong[f"{name} ({path})"] = found
    assert not wrong, "\n".join(f"{p}:\n  " + "\n  ".join(x) for p, x in wrong.items())
