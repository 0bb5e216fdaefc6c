"""A refused set-up points at what to fix: it opens only the fold with the
mistake, puts the keyboard on the first field to fix (``autofocus``, no
script), marks it, and keeps everything typed. The seat just added takes the
keyboard too."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from scorekeeper.web.games.forms import ADJUSTMENTS
from test_setup import setup_data


class _Page(HTMLParser):
    """What a browser would make of the set-up page's folds and focus."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.autofocus: list[str] = []
        self.invalid: list[str] = []
        self.open: set[str] = set()
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "autofocus" in a:
            self.autofocus.append(a.get("id", tag))
        if a.get("aria-invalid") == "true":
            self.invalid.append(a["id"])
        if tag == "details" and "open" in a:
            self.open.add(a.get("id"))


def refused(client, **data) -> tuple[_Page, str]:
    response = client.post("/new", data=setup_data(**data))
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    return _Page(text), text


@pytest.mark.parametrize(("data", "focus", "message"), [
    ({"names": ("Ann", "Bob", "", "ann")}, "players-3", "Two players are called ann"),
    ({"names": ("Ann", "", "", "")}, "players-1", "Enter at least 2 players"),
    ({"names": ("Ann", "B" * 41, "Cy")}, "players-1", "Field cannot be longer than 40 characters"),
    ({"first_dealer": "7"}, "first_dealer", "Choose the first dealer among the players."),
])
def test_a_refused_player_list_focuses_the_name_and_leaves_the_rules_folded(
        client, data, focus, message):
    page, text = refused(client, **data)
    assert page.autofocus == [focus] and focus in page.invalid
    assert page.open == set(), "the adjustments and the details stay folded"
    assert message in text
    assert re.search(rf'<li><a href="#{focus}">', text), "the summary at the top links to it"
    for name in data.get("names", ()):
        assert f'value="{name}"' in text


@pytest.mark.parametrize(("data", "focus"), [
    ({"peak": "ten"}, "peak"),
    ({"shape": "custom"}, "custom"),
    ({"names": tuple("ABCDEF"), "shape": "down-up", "peak": "9"}, "peak"),  # the engine's refusal
    ({"shape": "custom", "custom": "0 1"}, "custom"),
    ({"trump_method": "cycle"}, "trump_cycle"),
    ({"revoke_penalty": "none", "revoke_points": "3", "start": "x"}, "start"),  # the first of two
])
def test_a_refused_adjustment_opens_the_adjustments_only_and_focuses_it(client, data, focus):
    data = {"names": ("Ann", "Bob", "Cy", "Di", "Ed"), **data}
    page, text = refused(client, **data)
    assert page.autofocus == [focus] and focus in page.invalid
    assert page.open == {"adjust"}
    assert all(f'value="{name}"' in text for name in data["names"])
    assert f'id="{focus}-error"' in text


def test_a_preset_for_fewer_players_focuses_it_and_opens_its_variants_when_one_fits(client):
    page, text = refused(client, names=tuple("ABCDEF"), preset="cardgames")
    assert page.autofocus == ["preset-cardgames"] and page.open == {"about-rules"}
    assert text.count("Oh Hell, 10 to 1 to 10 is for 3 to 5 players, not 6.") == 1
    page, _text = refused(client, names=tuple("ABCDE"), preset="planowanie")
    assert page.autofocus == ["preset-planowanie"] and page.open == set()


def test_a_variant_for_other_players_opens_the_variants(client):
    page, _text = refused(client, names=tuple("ABCD"), variant="two-decks")
    assert page.autofocus == ["variant-two-decks"] and page.open == {"about-rules"}


def test_adding_a_player_focuses_the_new_seat_and_a_plain_page_focuses_nothing(client):
    response = client.post("/new", data=setup_data(action="add"))
    page = _Page(response.get_data(as_text=True))
    assert response.status_code == 200 and page.autofocus == ["players-4"]
    assert _Page(client.get("/new").get_data(as_text=True)).autofocus == []


def test_the_adjustments_are_listed_in_the_order_the_page_shows_them(client):
    """The first adjustment in error is the first on the page."""
    text = client.get("/new").get_data(as_text=True)
    shown = [name for name in re.findall(r'<(?:select|input)[^>]* id="([a-z_]+)"', text)
             if name in ADJUSTMENTS]
    assert shown == list(ADJUSTMENTS)


def test_the_usual_preset_of_the_language_comes_first_and_chosen(client):
    client.set_cookie("lang", "pl")
    text = client.get("/new").get_data(as_text=True)
    first = re.search(r'<input type="radio" name="preset"[^>]*>', text).group(0)
    assert 'value="planowanie"' in first and "checked" in first
