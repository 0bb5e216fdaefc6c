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


def test_an_entry_of_another_round_is_named_with_its_round_on_every_screen(table, client):
    """Undo takes back the game's last entry whichever screen it is tapped on:
    a screen of another round, the players and the round plan say which round
    it is in before the tap, and the notice says so after it."""
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    table.trump(2, "S")
    table.bid(2, 2, 1)  # Ann deals round 1, so Bob deals round 2 and Cy bids first
    for path in ("/round/1", "/players", "/schedule"):
        _htmx, words = undo_bar(client.get(table.url(path)).get_data(as_text=True))
        assert words == "Undo: Cy: bid 1 (round 2)", path
    _htmx, words = undo_bar(client.get(table.url("/round/2")).get_data(as_text=True))
    assert words == "Undo: Cy: bid 1"
    back = undo_from(client, table, "/players")
    assert "Undone: Cy: bid 1 (round 2)" in client.get(back.headers["Location"]).get_data(
        as_text=True)
    _htmx, words = undo_bar(client.get(table.url("/round/1")).get_data(as_text=True))
    assert words == "Undo: Trump: spades (round 2)"


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_an_undo_on_the_round_it_is_of_names_no_round(table, client, htmx):
    table.start()
    table.trump(1, "H")
    page = client.get(table.url("/round/1")).get_data(as_text=True)
    seq = re.search(r'name="seq" value="(\d+)"', page).group(1)
    response = client.post(table.url("/undo"), data={"seq": seq, "round": "1"},
                           headers={"HX-Request": "true"} if htmx else {})
    if not htmx:
        response = client.get(response.headers["Location"])
    body = response.get_data(as_text=True)
    assert "Undone: Trump: hearts" in body and "(round 1)" not in body
