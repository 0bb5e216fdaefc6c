"""The links and QR codes that other phones are given are ones they can open,
and replacing a link asks first, saying which phones lose the game."""

from __future__ import annotations

import re

import pytest

from scorekeeper.web import public


@pytest.fixture
def game(table):
    table.start()
    return table


def shared_links(page: str) -> list[str]:
    return re.findall(r'class="link-text" type="text" readonly value="([^"]+)"', page)


def test_public_url_starts_every_shared_link(app, client, game):
    app.config["PUBLIC_URL"] = "https://cards.example.org/"
    page = client.get(game.url("/share")).get_data(as_text=True)
    found = shared_links(page)
    assert len(found) == 2 and all(u.startswith("https://cards.example.org/g/") for u in found)
    assert "https://cards.example.org/g/" in page.split('id="table-view-link"')[1]
    assert 'id="loopback"' not in page


def test_opened_on_loopback_the_links_name_the_network_address_and_say_why(
        app, client, game, monkeypatch):
    monkeypatch.setattr(public, "lan_address", lambda: "192.0.2.44")
    page = client.get(game.url("/share"), base_url="http://127.0.0.1:8000").get_data(as_text=True)
    assert all(u.startswith("http://192.0.2.44:8000/g/") for u in shared_links(page))
    assert 'id="loopback"' in page and "192.0.2.44" in page
    localhost = client.get(game.url("/share"), base_url="http://localhost:8000")
    assert "http://192.0.2.44:8000/g/" in localhost.get_data(as_text=True)


def test_opened_on_loopback_with_no_network_the_share_page_says_what_to_do(
        app, client, game, monkeypatch):
    monkeypatch.setattr(public, "lan_address", lambda: None)
    page = client.get(game.url("/share"), base_url="http://127.0.0.1:8000").get_data(as_text=True)
    assert "Connect it to the Wi-Fi the phones use" in page


def test_opened_on_a_network_address_the_links_follow_it(app, client, game, monkeypatch):
    monkeypatch.setattr(public, "lan_address", lambda: "192.0.2.44")
    page = client.get(game.url("/share"), base_url="http://192.0.2.9:8000").get_data(as_text=True)
    assert all(u.startswith("http://192.0.2.9:8000/g/") for u in shared_links(page))
    assert 'id="loopback"' not in page


def test_the_machines_network_address_is_read_from_its_interfaces():
    address = public.lan_address()
    assert address is None or not address.startswith("127.")


def test_replacing_a_link_asks_first_and_counts_the_phones_that_lose_the_game(app, client, game):
    for _ in range(2):  # two phones join with the code
        page = client.get(game.url("/share")).get_data(as_text=True)
        code = "".join(re.search(r'class="code" lang="en">(\w{3}) (\w{3})<', page).groups())
        assert app.test_client().post("/join", data={"code": code}).status_code == 302
    asked = client.get(game.url("/share/rotate?role=scorer"))
    text = asked.get_data(as_text=True)
    assert asked.status_code == 200 and "Replace the scorer link?" in text
    assert "2 other phones opened the game through it and will lose it." in text
    assert "The join code changes too" in text
    viewer = client.get(game.url("/share/rotate?role=viewer")).get_data(as_text=True)
    assert "No other phone has opened the game through it." in viewer
    assert "join code" not in viewer
    assert client.get(game.url("/share")).status_code == 200  # asking replaced nothing
    assert client.get(game.url("/share/rotate?role=admin")).status_code == 400
