"""The printed sheets as paper: printed to PDF by Chromium (``page.pdf``), read
back as text (``pdftotext``) and counted in pages (``pdfinfo``), in English,
Polish and Estonian, on A4 and on Letter. Every page is also drawn as a PNG
(``pdftoppm``: test-artifacts/print-<lang>-<sheet>-<paper>-<n>.png) to look at;
the test asserts on the text and the page count, never on pixels. A sheet of
more than seven players is printed across the paper (landscape)."""

from __future__ import annotations

import re
import shutil
import subprocess
from urllib.parse import urlsplit

import pytest
from screens import ARTIFACTS

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "pl", "et"]
#: Paper sizes as Chromium names them, and their size in points as pdfinfo reports it.
PAPERS = {"A4": "595.92 x 842.88", "Letter": "612 x 792"}
#: Seven players with long names: the widest sheet one deck deals (the estonian
#: rules: 7 rounds).
NAMES = ["Małgorzata Wiśniewska", "Jüri-Kristjan Õunapuu", "Bartholomew Fitzgerald",
         "Anneliese Zimmermann", "Grzegorz Brzęczek", "Fruzsina Kovács", "Maximiliana Oliveira"]
#: The paper sizes across (landscape), as pdfinfo reports them.
ACROSS = {"A4": "842.88 x 595.92", "Letter": "792 x 612"}
#: Ten players (two decks), long names: the widest sheet there is.
TEN = [*NAMES, "Véronique Delacroix-Moreau", "Sigríður Jóhannsdóttir", "Oleksandr Kovalenko"]
#: The right margin of the print style sheet (10 mm) in points.
RIGHT_MARGIN = 10 / 25.4 * 72
EVENING = ["Maximiliane Oberhuber-Schwarz", "Łucja Brzęczyszczykiewicz",
           *(f"Player {n}" for n in range(3, 13))]


def poppler(tool: str, *args: str) -> str:
    return subprocess.run([tool, *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def sheets(seeder) -> dict[str, str]:
    """A game two rounds in, with a stake; one of ten players a round in; a
    finished game to settle; an evening of twelve seated at three tables
    (not started)."""
    if not shutil.which("pdftotext"):
        pytest.fail("pdftotext is missing: apt-get install poppler-utils (.ci/run does)")
    playing = seeder.start(NAMES, preset="estonian", first_dealer="0", stake="0.05",
                           stake_symbol="€")
    seeder.play_rounds(playing, 2)
    ten = seeder.start(TEN, preset="estonian", first_dealer="0", decks="2")
    seeder.play_rounds(ten, 1)
    finished = seeder.start(NAMES[:4], preset="cardgames", first_dealer="0", stake="0.5")
    seeder.play_rounds(finished, 2)
    seeder.post(finished, "/end", after="2")
    client = seeder.client
    made = client.post("/clubs/new", data={"name": "Printing club"})
    club = urlsplit(made.headers["Location"]).path.split("/")[2]
    evening = client.post(f"/clubs/{club}/evenings/new", data={
        "name": "Friday night", "players": "\n".join(EVENING), "preset": "cardgames",
        "sizes": ["4"], "rule": "total"}).headers["Location"]
    return {"playing": f"/g/{playing}/sheet", "finished": f"/g/{finished}/sheet",
            "ten": f"/g/{ten}/sheet",
            "evening": urlsplit(evening).path + "/print"}


@pytest.fixture(scope="module")
def desk(browser, live_server):
    """A desktop browser's page, the one a club prints from."""
    context = browser.new_context(base_url=live_server)
    yield context
    context.close()


def past_the_margin(pdf) -> list[str]:
    """The words that reach past the paper's right margin (cut off, or printed
    in the margin), from the words' boxes that ``pdftotext -bbox`` reads."""
    boxes = poppler("pdftotext", "-bbox", str(pdf), "-")
    width = float(re.search(r'<page width="([\d.]+)"', boxes).group(1))
    return [word for right, word in re.findall(r'xMax="([\d.]+)"[^>]*>([^<]*)</word>', boxes)
            if float(right) > width - RIGHT_MARGIN + 1]


def printed(desk, live_server, path: str, lang: str, paper: str, name: str, pages: int,
            sizes: dict[str, str] = PAPERS) -> list[str]:
    """The page printed to PDF in ``lang`` on ``paper``: each page's text.
    It must be on that paper (its size in ``sizes``: upright unless told), in
    that many pages, nothing past the paper's margin. Its pages are drawn as
    PNGs to look at."""
    desk.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = desk.new_page()
    try:
        page.goto(path)
        pdf = ARTIFACTS / f"print-{lang}-{name}-{paper}.pdf"
        ARTIFACTS.mkdir(exist_ok=True)
        page.pdf(path=str(pdf), format=paper, print_background=False)
    finally:
        page.close()
    info = poppler("pdfinfo", str(pdf))
    count = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    size = re.search(r"Page size:\s+([\d.]+ x [\d.]+)", info).group(1)
    texts = [poppler("pdftotext", "-layout", "-f", str(n), "-l", str(n), str(pdf), "-")
             for n in range(1, count + 1)]
    poppler("pdftoppm", "-png", "-r", "60", str(pdf), str(ARTIFACTS / pdf.stem))
    assert size == sizes[paper], size
    assert count == pages, f"{pdf.name}: {count} pages"
    assert not past_the_margin(pdf), f"{pdf.name}: past the margin: {past_the_margin(pdf)}"
    return texts


def words(live_app, lang: str, *messages: str, **values) -> list[str]:
    from flask_babel import gettext

    with live_app.test_request_context(headers={"Accept-Language": lang}):
        return [gettext(message, **values) for message in messages]


#: Every language on every paper.
EVERY_PRINT = [pytest.param(lang, paper, id=f"{lang}-{paper}")
               for lang in LANGUAGES for paper in PAPERS]


@pytest.mark.parametrize("lang, paper", EVERY_PRINT)
def test_a_game_s_score_sheet_prints_on_one_page_with_its_schedule_and_columns(
        desk, live_app, live_server, sheets, lang, paper):
    text, = printed(desk, live_server, sheets["playing"], lang, paper, "game", pages=1)
    title, bid, tricks, points, scoring = words(live_app, lang, "Score sheet", "Bid", "Tricks",
                                                "Points", "Scoring")
    assert title in text and scoring in text
    assert text.count(bid) >= 7 and text.count(tricks) >= 7 and text.count(points) >= 7
    for name in NAMES:
        assert name in " ".join(text.split()), name  # a long name may wrap in its column
    # the schedule: rounds 1 to 7 of the estonian rules for seven players, one a row
    rows = [int(n) for n in re.findall(r"^\s*(\d)\s+\d\s", text, re.M)]
    assert rows == list(range(1, 8)), rows
    # the screen's parts are not printed: no menu, no language footer, no button
    print_button, language = words(live_app, lang, "Print", "Language")
    assert language not in text and not re.search(rf"^\s*{print_button}\s*$", text, re.M)


@pytest.mark.parametrize("lang, paper", EVERY_PRINT)
def test_a_score_sheet_of_ten_players_prints_across_the_paper(
        desk, live_app, live_server, sheets, lang, paper):
    text, = printed(desk, live_server, sheets["ten"], lang, paper, "ten", pages=1, sizes=ACROSS)
    title, bid, tricks, points = words(live_app, lang, "Score sheet", "Bid", "Tricks", "Points")
    assert title in text
    assert text.count(bid) >= 10 and text.count(tricks) >= 10 and text.count(points) >= 10
    for name in TEN:
        assert name in " ".join(text.split()), name
    # the estonian rules with two decks for ten players: rounds of 1 to 10 cards
    rows = [int(n) for n in re.findall(r"^\s*(\d+)\s+\d+\s", text, re.M)]
    assert rows == list(range(1, 11)), rows


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_finished_game_s_sheet_is_filled_and_settles_up(desk, live_app, live_server, sheets,
                                                          seeder, lang):
    text, = printed(desk, live_server, sheets["finished"], lang, "A4", "finished", pages=1)
    settling, total = words(live_app, lang, "Settling up", "Total")
    assert settling in text and "→" in text
    gid = sheets["finished"].split("/")[2]
    totals = seeder.sheet(gid).totals
    total_row = next(line for line in text.splitlines() if line.strip().startswith(total))
    assert [int(n) for n in re.findall(r"-?\d+", total_row)] == list(totals.values())


@pytest.mark.parametrize("lang, paper", EVERY_PRINT)
def test_an_evening_prints_its_seating_plan_then_one_card_per_table(
        desk, live_app, live_server, sheets, lang, paper):
    texts = printed(desk, live_server, sheets["evening"], lang, paper, "evening", pages=1 + 3)
    plan, = words(live_app, lang, "Seating plan")
    assert plan in texts[0] and all(name in " ".join(texts[0].split()) for name in EVENING)
    for number, card in enumerate(texts[1:], start=1):
        heading, = words(live_app, lang, "Table %(number)s", number=number)
        assert heading in card and plan not in card
        assert len([name for name in EVENING if name in " ".join(card.split())]) == 4
