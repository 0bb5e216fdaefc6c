"""The table view: read only, for a tablet or TV on the table. It shows the
round, each player's bid against the tricks so far and the standings with the
last round's change, and follows the game through the round screen's poll."""

from __future__ import annotations

import re

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Link

HTMX = {"HX-Request": "true"}


def viewer_of(app, gid: str) -> str:
    with app.app_context():
        game_id = db.session.scalar(db.select(Link.game_id).where(Link.token == gid))
        return db.session.scalar(db.select(Link.token).where(
            Link.game_id == game_id, Link.role == "viewer", Link.replaced_at.is_(None)))


def row(page: str, seat: int) -> list[str]:
    """The cells of one player's row of the round: name, bid, tricks."""
    found = re.search(rf'<tr id="tv-seat-{seat}"[^>]*>(.*?)</tr>', page, re.S).group(1)
    return [" ".join(re.sub(r"<[^>]+>", " ", cell).split())
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", found, re.S)]


def test_the_table_view_shows_the_round_the_bids_against_tricks_and_the_last_rounds_change(
        table, client):
    table.start()  # Ann deals round 1 (10 cards): Bob, Cy, Di, Ann bid
    table.play_round(1, [1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    table.trump(2, "S")
    table.bid(2, 2, 3)
    table.bid(2, 3, 0)
    page = client.get(table.url("/table")).get_data(as_text=True)
    assert "Round 2 of 19" in page
    assert re.search(r'id="tv-cards">9<', page) and re.search(r'id="tv-dealer">Bob<', page)
    assert 'aria-label="spades">♠' in page
    assert row(page, 2) == ["Cy", "3", "–"] and row(page, 3) == ["Di", "0", "–"]
    assert row(page, 0)[0] == "Ann bids now" and row(page, 0)[1:] == ["–", "–"]
    assert row(page, 1) == ["Bob deals", "–", "–"]
    standings = page[page.index('id="tv-totals"'):]
    assert "Round 1</th>" in standings
    # Bob made 4 of 4 (+14) and leads; Ann bid 1 and took 2 (+2).
    first = re.search(r'<tr class="leader">(.*?)</tr>', standings, re.S).group(1)
    assert "Bob" in first and ">14<" in first and "+14" in first
    assert re.search(r"Ann</th>\s*<td[^>]*>2</td>\s*<td[^>]*>\+2</td>", standings)


def test_the_table_view_answers_its_poll_with_204_until_the_game_changes(app, htmx_table, client):
    htmx_table.start()
    htmx_table.trump(1, "H")
    with app.app_context():
        version = db.session.scalar(db.select(db.func.max(Change.seq)))
    unchanged = client.get(htmx_table.url(f"/table?since={version}"), headers=HTMX)
    assert unchanged.status_code == 204 and unchanged.get_data() == b""
    assert "HX-Request" in unchanged.headers["Vary"]
    htmx_table.bid(1, 1, 2)
    changed = client.get(htmx_table.url(f"/table?since={version}"), headers=HTMX)
    body = changed.get_data(as_text=True)
    assert changed.status_code == 200 and body.lstrip().startswith('<div id="table-live"')
    assert "<html" not in body  # only the live part is swapped
    assert f'since={version + 1}"' in body and "data-poll" in body
    assert row(body, 1) == ["Bob", "2", "–"] and row(body, 2) == ["Cy bids now", "–", "–"]


def test_the_viewer_link_opens_the_table_view_and_the_games_menu_leads_there(app, table, client):
    table.start()
    assert f'href="{table.url("/table")}"' in client.get(table.url("/round/1")).get_data(as_text=True)
    assert 'id="open-table-view"' in client.get(table.url("/standings")).get_data(as_text=True)
    viewer = viewer_of(app, table.gid)
    share = client.get(table.url("/share")).get_data(as_text=True)
    assert re.search(rf'id="table-view-link">.*?href="http://[^"]*/g/{viewer}/table"', share, re.S)
    page = app.test_client().get(f"/g/{viewer}/table")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Round 1 of 19" in text and f'href="/g/{viewer}/table"' in text
    assert "<form" not in text.split('id="table-live"')[1].split("</main>")[0]


def test_a_finished_game_shows_the_winner_on_the_table_view(table, client):
    table.start(preset="estonian", shape="custom", custom="2")
    table.play_round(1, [1, 2, 3, 0], 2, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 1})
    page = client.get(table.url("/table")).get_data(as_text=True)
    assert "Game over" in page and "wins the game!" in page


def test_the_table_view_loads_no_script_for_taps(table, client):
    """It only shows the game: no tap queue, no morphing; it keeps the screen
    on and polls like the round screen, which loads them all."""
    table.start()
    scripts = {path: re.findall(r'<script src="/static/js/([^"]+)"',
                                client.get(table.url(path)).get_data(as_text=True))
               for path in ("/table", "/round/1")}
    assert "taps.js" not in scripts["/table"] and not any("idiomorph" in s for s in scripts["/table"])
    assert {"keep-awake.js", "live.js", "sse-2.2.4.min.js", "menu.js"} <= set(scripts["/table"])
    assert {"taps.js", "idiomorph-ext-0.8.0.min.js", "keep-awake.js"} <= set(scripts["/round/1"])
    page = client.get(table.url("/table")).get_data(as_text=True)
    assert 'hx-ext="morph"' not in page and 'id="connection"' not in page
