"""What the round screen gives js/taps.js and idiomorph (issue 13, the client side).

The behaviour itself runs in Chromium (tests/browser/test_lost_taps.py); these
check the page's side of the contract: the scripts on game screens only, the
banner's words in the page's language, a morphing swap, the version the
panel shows, a Close that htmx posts, and a licence beside the vendored morph.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "scorekeeper" / "static"


def test_game_screens_load_the_tap_queue_and_the_morph_extension(table, client):
    table.start()
    page = client.get(table.url("/round/1")).get_data(as_text=True)
    assert page.index("js/htmx-2.0.11.min.js") < page.index("js/idiomorph-ext-0.8.0.min.js") < page.index("js/taps.js")
    assert re.search(r'<body [^>]*hx-ext="morph"', page)
    assert 'id="connection"' in page and "data-offline=" in page and "data-unsaved=" in page


def test_pages_outside_a_game_load_neither(client):
    page = client.get("/new").get_data(as_text=True)
    assert "taps.js" not in page and "idiomorph" not in page and 'id="connection"' not in page


@pytest.mark.parametrize("lang, offline", [
    ("en", "No connection. What you tap is kept on this phone"),
    ("pl", "Brak połączenia. To, co wybierzesz, zostaje w telefonie"),
    ("et", "Ühendust pole. Mida valid, jääb telefoni alles"),
])
def test_the_banner_speaks_the_pages_language(table, client, lang, offline):
    table.start()
    client.set_cookie("lang", lang)
    page = client.get(table.url("/round/1")).get_data(as_text=True)
    assert offline in page


def test_the_entry_panel_morphs_and_says_its_version(htmx_table, client):
    htmx_table.start()
    htmx_table.trump(1)
    body = htmx_table.bid(1, 1, 2).get_data(as_text=True)
    assert re.search(r'<section id="entry"[^>]* hx-swap="morph"[^>]* data-version="2"', body)
    # The undo bar is morphed out of band, its form named so that a queued undo finds it.
    assert 'id="undo-bar" class="actions" hx-swap-oob="morph"' in body
    assert 'id="undo"' in body and 'hx-swap="morph"' in body


def test_close_is_posted_by_htmx_to_the_address_of_its_plain_form(table, client):
    table.start()
    table.trump(1)
    for seat, bid in ((1, 0), (2, 0), (3, 0), (0, 1)):
        table.bid(1, seat, bid)
    page = client.get(table.url("/round/1")).get_data(as_text=True)
    close = re.search(r'<form method="post" action="([^"]+/close)"\s+hx-post="([^"]+)"', page)
    assert close and close.group(1) == close.group(2)


def test_the_vendored_morph_has_its_licence_and_no_code_from_strings_in_our_use():
    licence = (STATIC / "js" / "idiomorph-0.8.0.LICENSE.txt").read_text()
    assert "Zero-Clause BSD" in licence
    # The extension evaluates only "morph:{...}" swap styles; the app uses plain "morph".
    templates = Path(__file__).resolve().parents[2] / "scorekeeper" / "templates"
    for path in templates.rglob("*.html"):
        assert "morph:" not in path.read_text(), path


def test_the_worker_answers_a_failed_form_post_with_the_offline_page(client):
    source = client.get("/sw.js").get_data(as_text=True)
    # Navigations of any method go to the network first; only GETs of /static/
    # and of the engine bundle are cached, and a kept round screen is only for a GET.
    assert 'request.mode === "navigate"' in source
    assert 'request.method === "GET" && isStatic(url)' in source
    assert "(url.pathname.startsWith(SETTINGS.static) || url.pathname.startsWith(SETTINGS.engine))" in source
    assert 'const kept = request.method === "GET" ? keptRoundOf(' in source
