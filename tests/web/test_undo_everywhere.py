"""Undo on every screen that shows it: it names what it takes back, works
where the screen has no entry panel (a closed round, the players, the round
plan) as a plain form that comes back to the same page."""

from __future__ import annotations

import re

import pytest

from test_corrections import BIDS, ORDER, TRICKS, correction

UNDO_FORM = re.compile(r'<form method="post" action="/g/[^/]+/undo" id="undo"(?P<htmx>[^>]*)>')


def undo_bar(page: str) -> tuple[str, str]:
    """The undo form's htmx attributes and its button's words."""
    bar = page[page.index('id="undo-bar"'):]
    form = UNDO_FORM.search(bar)
    assert form, bar[:400]
    button = re.search(r"<button[^>]*>↶ (.*?)</button>", bar).group(1)
    return form.group("htmx"), button


def undo_from(client, table, path: str):
    """Tap Undo on ``path`` as a phone without htmx would."""
    page = client.get(table.url(path)).get_data(as_text=True)
    seq = re.search(r'name="seq" value="(\d+)"', page).group(1)
    return client.post(table.url("/undo"), data={"seq": seq, "next": table.url(path)})


def test_the_live_round_undoes_in_place_and_names_the_entry(table, client):
    table.start()
    table.trump(1, "H")
    htmx, words = undo_bar(client.get(table.url("/round/1")).get_data(as_text=True))
    assert 'hx-post=' in htmx and 'hx-target="#entry"' in htmx
    assert words == "Undo: Trump: hearts"


def test_a_correction_is_undone_from_the_closed_rounds_screen_and_comes_back_to_it(table, client):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    client.post(table.url("/round/1/edit"), data=correction(trump="none"))
    htmx, words = undo_bar(client.get(table.url("/round/1")).get_data(as_text=True))
    assert "hx-post" not in htmx  # no entry panel here to swap an answer into
    assert words == "Undo: Round 1 corrected: trump hearts → no trump"
    response = undo_from(client, table, "/round/1")
    assert response.status_code == 302 and response.headers["Location"].endswith("/round/1")
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Undone: " in page and 'aria-label="hearts">♥' in page


@pytest.mark.parametrize("action, data, path, named", [
    ("/players/join", {"name": "Eve", "after": "3", "start_rule": "zero"}, "/players",
     "New player: Eve"),
    ("/players/leave", {"player": "2"}, "/players", "Cy: leaves the game"),
    ("/players/sit-out", {"player": "2", "round": "2"}, "/players", "Cy sits out round 2"),
    ("/schedule/round", {"op": "remove", "round": "19"}, "/schedule",
     "Schedule: round 19 (10 cards) removed"),
    ("/adjust", {"player": "0", "points": "5", "reason": "revoke"}, "/players",
     "Ann +5 points: revoke"),
])
def test_a_change_undo_can_take_back_is_named_in_the_undo_bar_at_once(
        table, client, action, data, path, named):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    response = client.post(table.url(action), data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    htmx, words = undo_bar(client.get(response.headers["Location"]).get_data(as_text=True))
    assert "hx-post" not in htmx and named in words, words
    back = undo_from(client, table, path)
    assert back.status_code == 302 and back.headers["Location"].endswith(table.url(path))
    assert "Undone: " in client.get(back.headers["Location"]).get_data(as_text=True)


def test_an_undo_with_a_next_page_of_another_site_goes_to_the_round(table, client):
    table.start()
    table.trump(1, "H")
    page = client.get(table.url("/round/1")).get_data(as_text=True)
    seq = re.search(r'name="seq" value="(\d+)"', page).group(1)
    response = client.post(table.url("/undo"), data={"seq": seq, "next": "//evil.example/"})
    assert response.headers["Location"].endswith("/round/1")
