"""Every page of the app fits a 360 × 740 phone in all nine languages and cuts
no text.

Not only ``scrollWidth``: on each page, as it loads and again with every fold
opened, the test looks for

- a box that hides what it holds: more content than room (either way) in an
  element whose overflow is hidden, clipped, scrolled, or ends in an ellipsis
  (a table that scrolls sideways inside its panel counts too);
- anything that reaches past the screen's right (or left) edge;
- a word broken inside (a hyphen's break aside), found from the lines each
  word's letters are drawn on;
- a text field or a list too narrow for what it shows.

The games are seeded once, with long names, seven players, adjustments, a late
joiner and a recorded hand with a revoke; one browser context walks all pages
of one language. The walk is photographed in English
(test-artifacts/fit-en-<page>.png) and axe runs on every page of it; in the
other languages the pages are measured, not photographed (the pages of the
words reviews are photographed in every language by the tests below).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

import pytest
from axe_playwright_python.sync_playwright import Axe
from screens import ARTIFACTS, assert_fits_the_screen, photograph
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

AXE = Axe()
PHONE = {"width": 360, "height": 740}
LANGUAGES = ["en", "pl", "et", "de", "fr", "es", "it", "pt", "hi"]
#: Photographed: a picture takes a third of a second or more, and the
#: measurements above find what a person looking at it would. Axe runs in English
#: (tests/browser/test_languages.py runs it on the round screens in every language).
LOOKED_AT = {"en"}
AXE_IN = {"en"}
#: Long names, as a real table writes them; the seventh joins late.
NAMES = ["Małgorzata Wiśniewska", "Jüri-Kristjan Õunapuu", "Bartholomew Fitzgerald",
         "Anneliese Zimmermann", "Grzegorz Brzęczek", "Fruzsina Kovács"]
LATE = "Maximiliana Oliveira"

#: What is wrong on the page, as a list of short descriptions (empty when it fits).
PROBLEMS = r"""
() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const say = (el, what) => {
    const id = el.id ? '#' + el.id : '';
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/).join('.') : '';
    const text = (el.innerText || el.value || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    problems.push(`${el.tagName.toLowerCase()}${id}${cls} "${text}": ${what}`);
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
  };
  const measure = document.createElement('canvas').getContext('2d');
  const flagged = new Set();  // what is inside a box already found wanting is not said again
  const inFlagged = (el) => { for (let p = el.parentElement; p; p = p.parentElement) if (flagged.has(p)) return true; return false; };
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el) || el.closest('svg')) continue;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const before = problems.length;
    if (!inFlagged(el)) {
      if (r.right > width + 0.5) say(el, `reaches ${Math.round(r.right)} px of ${width}`);
      else if (r.left < -0.5) say(el, `starts at ${Math.round(r.left)} px`);
    }
    const hides = (o) => o === 'hidden' || o === 'clip' || o === 'auto' || o === 'scroll';
    if (el.tagName === 'SELECT') {
      const option = el.options[el.selectedIndex];
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      if (option && measure.measureText(option.text).width > room) say(el, `shows "${option.text}" in ${room} px`);
      continue;
    }
    if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') {
      const type = el.type;
      if (['text', 'number', 'search', 'url', 'email', 'tel'].includes(type)) {
        measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const need = type === 'number' ? measure.measureText(String(el.value || '00')).width + 18
                                       : measure.measureText('MMMM').width;
        if (room < need && !el.readOnly) say(el, `a field ${Math.round(room)} px wide for ${Math.round(need)} px`);
      }
      continue;
    }
    if (el.matches('.visually-hidden, .visually-hidden *, .brand-name')) continue;
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
      say(el, 'ends in an ellipsis');
    else if (hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1 && el !== document.body)
      say(el, `holds ${el.scrollWidth} px in ${el.clientWidth} (overflow-x ${style.overflowX})`);
    if (hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1 && el !== document.body)
      say(el, `holds ${el.scrollHeight} px in ${el.clientHeight} (overflow-y ${style.overflowY})`);
    if (problems.length > before) flagged.add(el);
  }
  // Words broken inside: a word whose letters are drawn on two lines.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, svg, .visually-hidden, .brand-name, [hidden]') || !shown(parent)) continue;
    const text = node.data;
    for (const match of text.matchAll(/[^\s\u00ad\u200b]{2,}/g)) {
      const word = match[0];
      if (/[-‐‑/–—]|:\/\//.test(word)) continue;  // a hyphen, a dash or an address may break
      range.setStart(node, match.index);
      range.setEnd(node, match.index + word.length);
      const lines = new Set([...range.getClientRects()].filter((q) => q.width > 0)
        .map((q) => style_line(parent, q)));
      if (lines.size > 1) say(parent, `breaks the word "${word}"`);
    }
  }
  function style_line(parent, q) {
    return getComputedStyle(parent).writingMode.startsWith('vertical') ? Math.round(q.left) : Math.round(q.top);
  }
  return [...new Set(problems)];
}
"""


def problems_of(page: Page) -> list[str]:
    """What does not fit on the page: as it loads, then with every fold open."""
    try:
        assert_fits_the_screen(page)
        found = []
    except AssertionError as wider:
        found = [str(wider)]
    found += page.evaluate(PROBLEMS)
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    found += [f"(folds open) {p}" for p in page.evaluate(PROBLEMS) if p not in found]
    return found


def play_round(seeder, gid: str, trump: str = "H") -> None:
    seeder.play_rounds(gid, 1, trump)


def begin(seeder, gid: str, trump: bool = True, bids: int = 0, tricks: int = 0) -> None:
    """Take the current round to a step: the trump, ``bids`` bids, ``tricks`` tricks."""
    rnd = seeder.sheet(gid).current
    if trump:
        seeder.post(gid, f"/round/{rnd.number}/trump", trump="D")
    for seat in rnd.order[:bids]:
        seeder.post(gid, f"/round/{rnd.number}/bid", player=seat, bid=1 if seat == rnd.order[0] else 0)
    for seat in rnd.order[:tricks]:
        seeder.post(gid, f"/round/{rnd.number}/tricks", player=seat,
                    tricks=rnd.cards if seat == rnd.order[0] else 0)


def record_a_revoke(seeder, gid: str, number: int) -> None:
    """Round ``number`` (two cards each) recorded card by card: the leader
    wins both tricks with spades; the fourth player throws a club on the first
    spade and shows a spade in the second trick, a proven revoke."""
    order = seeder.sheet(gid).round(number).order
    others = iter(["QS", "JS", "TS", "9S", "8S", "7S", "6S"])
    discards = iter(["2D", "3D", "4D", "5D", "6D", "7D", "8D"])
    first = ["AS"] + [("2C" if i == 3 else next(others)) for i in range(1, len(order))]
    second = ["KS"] + [("5S" if i == 3 else next(discards)) for i in range(1, len(order))]
    for at, card in enumerate(first + second):
        response = seeder.client.post(f"/g/{gid}/round/{number}/hand/card", data={"card": card, "at": at})
        assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:500]


def a_seated_evening(seeder, club_name: str, evening_name: str, names: list[str]) -> tuple[str, str]:
    """A new club and its first evening, seated at tables of 4 and not started:
    the club's token and the evening's path."""
    client = seeder.client
    club = client.post("/clubs/new", data={"name": club_name}).headers["Location"].split("/")[2]
    evening = client.post(f"/clubs/{club}/evenings/new", data={
        "name": evening_name, "players": "\n".join(names), "preset": "cardgames",
        "sizes": ["4"], "rule": "placement"}).headers["Location"]
    return club, evening.split("://")[-1].split("/", 1)[-1] if "://" in evening else evening


def a_club_evening(seeder) -> list[tuple[str, str]]:
    """A club with an evening of twelve (long names among them) at three
    tables, started, its games finished after round 1; the club's pages."""
    client = seeder.client
    names = ["Maximiliane Oberhuber-Schwarz", "Łucja Brzęczyszczykiewicz", *NAMES[2:4],
             *(f"Player {n}" for n in range(5, 13))]
    club, proposed = a_seated_evening(seeder, "Thursday card club", "Friday night", names)
    pages = [("club", f"/clubs/{club}/"), ("club-new-evening", f"/clubs/{club}/evenings/new"),
             ("club-evening-proposed", proposed), ("club-evening-print", f"{proposed}/print")]
    client.post(f"{proposed}/start")
    for gid in dict.fromkeys(re.findall(r"/g/([\w-]+)/", client.get(proposed).get_data(as_text=True))):
        play_round(seeder, gid)
        seeder.post(gid, "/end", after="1")
    return pages + [
        ("club-evening-started", proposed), ("club-leaderboard", f"{proposed}/leaderboard"),
        ("club-ratings", f"/clubs/{club}/ratings"),
        ("club-member", f"/clubs/{club}/members/{names[0]}"),
        ("club-bidding", f"/clubs/{club}/analytics"),
        *a_clubs_season(seeder, club, names)]


def a_clubs_season(seeder, club: str, names: list[str]) -> list[tuple[str, str]]:
    """The club's season pages (by the average from 2 evenings: everyone
    unranked), an evening announced and answered from the members' own links
    (each a device of its own), a friendly evening, and another phone refused
    a claimed link; the member's page above shows the organiser their own link."""
    client = seeder.client
    today = date.today().isoformat()
    season = client.post(f"/clubs/{club}/seasons/new", data={
        "name": "Autumn league of the Thursday club", "starts": today, "ends": today,
        "rule": "average", "evenings": "2"}).headers["Location"].rsplit("/", 1)[1]
    invitation = client.post(f"/clubs/{club}/invitations/new", data={
        "name": "Friday night", "day": today, "time": "19:30", "sizes": ["4", "5"]}
    ).headers["Location"].rsplit("/", 1)[1]
    for name, said in zip(names, ["yes"] * 9 + ["maybe", "no"]):
        client.post(f"/clubs/{club}/members/{name}/link")
        token = re.search(r'/clubs/([\w-]+)/" id="own-link-url"', client.get(
            f"/clubs/{club}/members/{name}").get_data(as_text=True)).group(1)
        own = client.application.test_client()
        own.get(f"/clubs/{token}/")
        own.post(f"/clubs/{token}/invitations/{invitation}/answer", data={"answer": said})
    client.post(f"/clubs/{club}/members/{names[0]}/link")  # a new one, not claimed yet
    social = client.post(f"/clubs/{club}/evenings/new", data={
        "name": "Social evening", "players": "\n".join(names), "preset": "cardgames",
        "sizes": ["4"], "rule": "total", "friendly": "y"}).headers["Location"]

    def own_page() -> str:
        """The first member's own page through a link handed anew: the phone
        that opens it claims it and sees their games (each language's walk is
        a new phone, and a claimed link opens on one phone only)."""
        client.post(f"/clubs/{club}/members/{names[0]}/link")
        token = re.search(r'/clubs/([\w-]+)/" id="own-link-url"', client.get(
            f"/clubs/{club}/members/{names[0]}").get_data(as_text=True)).group(1)
        return f"/clubs/{token}/members/{names[0]}"

    return [("club-new-season", f"/clubs/{club}/seasons/new"),
            ("club-season", f"/clubs/{club}/seasons/{season}"),
            ("club-season-tv", f"/clubs/{club}/seasons/{season}/table"),
            ("club-new-invitation", f"/clubs/{club}/invitations/new"),
            ("club-invitation", f"/clubs/{club}/invitations/{invitation}"),
            ("club-member-claimed", f"/clubs/{token}/"),
            ("club-member-own", own_page),
            ("club-friendly-evening", social.split("://")[-1].split("/", 1)[-1]
             if "://" in social else social)]


def link_of(seeder, gid: str, role: str) -> str:
    html = seeder.client.get(f"/g/{gid}/share").get_data(as_text=True)
    url = re.search(rf'value="([^"]+)" id="url-{role}"', html).group(1)
    return re.search(r"/g/([^/]+)", url).group(1)


@pytest.fixture(scope="module")
def walk(seeder) -> list[tuple[str, str | Callable[[], str]]]:
    """The pages to walk, in order, as (name, path or what makes it): the games' pages first,
    so that the players' pages have this phone's games to show."""
    main = seeder.start(NAMES, preset="estonian", first_dealer="0")
    play_round(seeder, main)
    play_round(seeder, main)
    record_a_revoke(seeder, main, 2)
    seeder.post(main, "/players/join", name=LATE, after="2", start_rule="average")
    seeder.post(main, "/adjust", player="1", points="-10",
                reason="Revoke in round 2, the table's own penalty")
    seeder.post(main, "/adjust", player="4", points="5", reason="Bonus")
    play_round(seeder, main)
    viewer = link_of(seeder, main, "viewer")

    seven = [*NAMES, LATE]
    steps = {}
    for step, (bids, tricks) in {"trump": (None, 0), "bids": (3, 0), "tricks": (7, 2), "close": (7, 7)}.items():
        gid = seeder.start(seven, preset="estonian", first_dealer="2", shape="custom", custom="3 2")
        if bids is not None:
            begin(seeder, gid, bids=bids, tricks=tricks)
        steps[step] = gid

    done = seeder.start(seven, preset="estonian", first_dealer="0", shape="custom", custom="2",
                        stake="0.05", stake_symbol="zł")
    play_round(seeder, done)
    old = seeder.start(NAMES[:4], preset="estonian")
    seeder.client.post(f"/g/{old}/share/rotate", data={"role": "scorer"})

    return [
        ("round-trump", f"/g/{steps['trump']}/round/1"),
        ("round-bids", f"/g/{steps['bids']}/round/1"),
        ("round-tricks", f"/g/{steps['tricks']}/round/1"),
        ("round-close", f"/g/{steps['close']}/round/1"),
        ("hand-blocked", f"/g/{steps['trump']}/round/1/hand/"),
        ("round-closed", f"/g/{main}/round/1"),
        ("round-next", f"/g/{main}/"),  # a game's own address puts it on this phone's list
        ("correct", f"/g/{main}/round/2/edit"),
        ("standings", f"/g/{main}/standings"),
        ("history", f"/g/{main}/history"),
        ("players", f"/g/{main}/players"),
        ("schedule", f"/g/{main}/schedule"),
        ("compare", f"/g/{main}/compare"),
        ("share", f"/g/{main}/share"),
        ("table", f"/g/{main}/table"),
        ("score-sheet", f"/g/{main}/sheet"),
        ("hand-recorder", f"/g/{main}/round/1/hand/"),
        ("verdict", f"/g/{main}/round/2/hand/"),
        ("hand-import", f"/g/{main}/round/2/hand/import"),
        ("delete", f"/g/{main}/delete"),
        ("viewer-round", f"/g/{viewer}/round/1"),
        ("viewer-standings", f"/g/{viewer}/standings"),
        ("viewer-score-sheet", f"/g/{viewer}/sheet"),
        ("viewer-refused", f"/g/{viewer}/players"),
        ("finished", f"/g/{done}/"),
        ("finished-round", f"/g/{done}/round/1"),
        ("finished-standings", f"/g/{done}/standings"),
        ("finished-score-sheet", f"/g/{done}/sheet"),
        ("replaced", f"/g/{old}/round/1"),
        ("front", "/"),
        ("setup", "/new"),
        ("roster", "/players"),
        ("player", f"/players/{NAMES[0]}"),
        ("carry", "/carry"),
        ("offline", "/offline"),
        ("not-found", "/g/no-such-game/round/1"),
        *a_club_evening(seeder),
    ]


@pytest.fixture
def phone(browser, live_server):
    """A 360 × 740 phone (touch, mobile layout viewport) at one pixel per CSS
    pixel, so that its screenshots are quick to take and to look at."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True,
                                  base_url=live_server)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_fits_a_360_px_phone_and_cuts_no_text(phone: Page, walk, live_server, lang):
    page = phone
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    ARTIFACTS.mkdir(exist_ok=True)
    wrong: dict[str, list[str]] = {}
    for name, path in walk:
        path = path() if callable(path) else path  # a page made anew for each phone
        page.goto(path)
        assert page.locator("html").get_attribute("lang") == lang, path
        if name == "club-member-own":  # the member's own games, as only their phone sees them
            assert page.locator("#member-games tbody tr").count() > 0, path
        if lang in LOOKED_AT:
            photograph(page, f"fit-{lang}-{name}")
        found = problems_of(page)
        if lang in AXE_IN:
            results = AXE.run(page)
            if results.violations_count:
                found.append(results.generate_report())
        if found:
            wrong[f"{name} ({path})"] = found
    assert not wrong, "\n".join(f"{page}:\n  " + "\n  ".join(p) for page, p in wrong.items())


#: A box whose text is wider than the box, whatever its overflow: a heading
#: that runs into the next column, a menu item past its panel. The walk above
#: finds only what a hiding overflow cuts; these are the boxes that carry the
#: game's words (issue 31): the result's and the table view's headings, the
#: game's menu, the Share page's headings and labels.
WORDS_STICK_OUT = r"""
() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const el of document.querySelectorAll(
      'th, .bar nav a, .more > summary, .more-links a, h1, h2, .fact span, .fact b, .label, dt, dd')) {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden') continue;
    const text = (el.innerText || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline')
      found.push(`${el.tagName.toLowerCase()} "${text}": ${el.scrollWidth} px of text in ${el.clientWidth}`);
    if (r.right > width + 0.5) found.push(`${el.tagName.toLowerCase()} "${text}": reaches ${Math.round(r.right)} px of ${width}`);
  }
  return found;
}
"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_result_the_menu_and_the_share_page_cut_no_word(phone: Page, walk, live_server, lang):
    """The round's result table, the game's menu opened with a tap, and the
    Share page, in each language on a 360 px phone: no text cut, none wider
    than its box, nothing past the screen. The result is photographed in every
    language (test-artifacts/words-<lang>-result.png)."""
    page = phone
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    ARTIFACTS.mkdir(exist_ok=True)
    paths = dict(walk)
    wrong = {}
    for name in ("round-closed", "share", "table"):
        page.goto(paths[name])
        if name == "round-closed":
            page.screenshot(path=str(ARTIFACTS / f"words-{lang}-result.png"))
        page.locator("#more-menu > summary").click()
        assert page.locator("#more-menu").get_attribute("open") is not None
        found = problems_of(page) + page.evaluate(WORDS_STICK_OUT)
        if found:
            wrong[name] = found
    assert not wrong, "\n".join(f"{lang} {name}:\n  " + "\n  ".join(p) for name, p in wrong.items())


def test_a_word_wider_than_its_box_is_found(phone: Page, walk, live_server):
    """The checks can fail: a Share page heading that will not wrap past its
    panel, a menu item of one long word that pushes the menu off the screen,
    and a heading that breaks a word over two lines."""
    page = phone
    page.goto(dict(walk)["share"])
    assert not page.evaluate(WORDS_STICK_OUT)
    page.evaluate("""() => {
      const heading = document.querySelector('#join-code-title');
      heading.textContent = 'Codicedellapartitadaunirsialtavolo';
      heading.style.whiteSpace = 'nowrap';
      document.querySelector('.bar nav a').textContent = 'Rundenübersichtsbildschirm';
    }""")
    found = page.evaluate(WORDS_STICK_OUT)
    assert any("Codicedellapartita" in f and "px of text in" in f for f in found), found
    assert any("reaches" in f for f in found), found
    # A word drawn on two lines, in a text that wraps (the walk's check).
    page.evaluate("""() => {
      const heading = document.querySelector('h1');
      heading.textContent = 'Share Spielstandsübersichtsbildschirm';
      heading.style.wordBreak = 'break-all';
      heading.style.width = '120px';
    }""")
    assert any('breaks the word "Spielstandsübersichtsbildschirm"' in p for p in page.evaluate(PROBLEMS))


#: A table wider than the room its box gives it: it runs over the box's
#: padding up to (or past) its border, though nothing hides it.
TABLES_IN_THEIR_BOX = r"""
() => [...document.querySelectorAll('table')].flatMap((table) => {
  const box = table.parentElement, style = getComputedStyle(box);
  const room = box.getBoundingClientRect().right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
  const right = table.getBoundingClientRect().right;
  return right > room + 0.5 ? [`table#${table.id}: reaches ${Math.round(right)} px, its box's room ends at ${Math.round(room)}`] : [];
})
"""


@pytest.fixture(scope="module")
def unstarted_evening(seeder) -> str:
    """An evening seated but not started, whose page offers Move and Set the table."""
    names = ["Maximiliane Oberhuber-Schwarz", "Łucja Brzęczyszczykiewicz", *NAMES[2:4],
             *(f"Player {n}" for n in range(5, 9))]
    return a_seated_evening(seeder, "Sunday club", "Sunday night", names)[1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bidding_the_verdict_and_the_evening_say_each_languages_words(
        phone: Page, walk, unstarted_evening, live_app, live_server, lang):
    """The pages of the third words review (issue 41) in every language on a 360 px
    phone, photographed (test-artifacts/words-<lang>-<page>.png): the bidding
    figures under the language's own name of the dealer's rule, the verdict
    with the suit led in lower case after its label, the evening with its Move
    button; nothing cut, nothing wider than its box, no table over its box's padding."""
    from flask_babel import gettext

    from scorekeeper.web.wording.cards import suit_name

    page = phone
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    ARTIFACTS.mkdir(exist_ok=True)
    with live_app.test_request_context(headers={"Accept-Language": lang}):
        words = {
            "club-bidding": ("#hook-title", gettext("The hook and the dealer")),
            "verdict": ("#verdict-flags", suit_name("S")),  # the revoke: spades were led
            "club-evening-started": ("h1", None),
            "club-evening-proposed": ("#move-player button", gettext("Move")),
        }
    paths = {**dict(walk), "club-evening-proposed": unstarted_evening}
    wrong = {}
    for name, (where, text) in words.items():
        page.goto(paths[name])
        photograph(page, f"words-{lang}-{name}")
        shown = page.locator(where).first.inner_text()
        found = problems_of(page) + page.evaluate(WORDS_STICK_OUT) + page.evaluate(TABLES_IN_THEIR_BOX)
        if text is not None and text not in shown:
            found.append(f"{where} says {shown!r}, not {text!r}")
        if found:
            wrong[name] = found
    assert not wrong, "\n".join(f"{lang} {name}:\n  " + "\n  ".join(p) for name, p in wrong.items())
