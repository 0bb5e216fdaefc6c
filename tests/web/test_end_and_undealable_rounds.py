"""Ending a game early from the round screen's menu, and a round the deck
cannot deal: what the table sees, what is stored, and where it shows."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

NAMES = ("Ann", "Bob", "Cy", "Di")


def export(table) -> dict:
    return json.loads(table.client.get(table.url("/export.json")).get_data(as_text=True))


def play(table, count: int) -> None:
    """Close the next rounds: the first bidder bids and takes every trick,
    the dealer bids 1 and the others 0."""
    for _ in range(count):
        data = export(table)
        number = next(r["number"] for r in data["rounds"] if not r["closed"])
        page = table.client.get(table.url(f"/round/{number}")).get_data(as_text=True)
        order = [int(s) for s in re.findall(r'id="bid-(\d+)"', page)]
        cards = data["rounds"][number - 1]["cards"]
        table.play_round(number, order, cards,
                         {s: cards if i == 0 else (1 if i == len(order) - 1 else 0)
                          for i, s in enumerate(order)},
                         {s: cards if i == 0 else 0 for i, s in enumerate(order)})


def end(table, after: int):
    return table.client.post(table.url("/end"), data={"after": after}, headers=table.headers)


@pytest.fixture
def started(table):
    table.start(names=NAMES)  # the 10-1-10 game: 19 rounds
    return table


def test_the_round_menu_leads_to_both_ways_to_end_each_said_in_words(started):
    play(started, 2)
    page = started.client.get(started.url("/round/3")).get_data(as_text=True)
    assert f'href="/g/{started.gid}/end"' in page
    page = started.client.get(started.url("/end")).get_data(as_text=True)
    assert "Round 3 of 19 is being played." in page
    assert "Finish after this round" in page and "End the game now" in page
    assert "The winners are declared from the 2 rounds closed so far; round 3 is not played." in page
    assert 'name="after" value="3"' in page and 'name="after" value="2"' in page


def test_ending_now_declares_the_winners_and_keeps_the_plan_in_the_history(started):
    play(started, 2)
    response = end(started, 2)
    assert response.status_code == 302
    standings = started.client.get(started.url("/standings")).get_data(as_text=True)
    assert "wins the game!" in standings
    assert "The game ended after round 2 of the 19 planned." in standings
    assert "↶ Undo: the end of the game after round 2" in standings
    history = started.client.get(started.url("/history")).get_data(as_text=True)
    assert "The game ends after round 2 instead of round 19" in history
    data = export(started)
    assert data["finished"] and len(data["rounds"]) == 2
    assert data["ended_after"] == 2 and data["planned_rounds"] == 19
    rows = list(csv.reader(io.StringIO(
        started.client.get(started.url("/export.csv")).get_data(as_text=True).lstrip("\ufeff"))))
    assert {row[0] for row in rows[1:]} <= {"1", "2"}


def test_the_end_is_taken_back_with_undo_and_the_planned_rounds_come_back(started):
    play(started, 2)
    end(started, 2)
    seq = started.client.get(started.url("/standings")).get_data(as_text=True)
    seq = re.search(r'name="seq" value="(\d+)"', seq).group(1)
    response = started.undo(seq=seq)
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/round/3")
    data = export(started)
    assert not data["finished"] and len(data["rounds"]) == 19


def test_finishing_after_this_round_plays_it_and_then_declares_the_winners(any_table):
    any_table.start(names=NAMES)
    play(any_table, 1)
    response = end(any_table, 2)
    assert response.status_code == 302  # a plain form, whatever sent it
    page = any_table.client.get(any_table.url("/round/2")).get_data(as_text=True)
    assert "Round 2 of 2" in page and "The game ends after this round." in page
    play(any_table, 1)
    data = export(any_table)
    assert data["finished"] and [r["closed"] for r in data["rounds"]] == [True, True]


def test_a_refused_end_stores_nothing_and_says_why(started):
    play(started, 2)
    response = end(started, 7)
    assert response.status_code == 422
    assert "Round 3 is being played: the game can end after it or before it." in \
        response.get_data(as_text=True)
    assert not export(started)["finished"]


def test_a_game_ended_early_is_finished_on_the_front_page_in_the_statistics_and_for_the_operator(
        started, runner):
    play(started, 1)
    end(started, 1)
    front = started.client.get("/").get_data(as_text=True)
    assert "Finished, first place:" in front
    stats = started.client.get("/players/Bob").get_data(as_text=True)
    assert '<dd data-figure="played">1</dd>' in stats  # counted, with its one round
    assert '<dd data-figure="won">1</dd>' in stats
    assert '<dd data-figure="made">1/1 (' in stats
    listed = runner.invoke(args=["games", "list"]).output
    assert "1/1 rounds" in listed and "finished" in listed


def unfit(table) -> None:
    """Planowanie for 4 (13, 12, 11, ... cards); Ed joins after round 2, so
    round 3 would deal 11 cards to 5 players: 55 of 52."""
    table.start(names=NAMES, preset="planowanie")
    play(table, 2)
    response = table.client.post(table.url("/players/join"),
                                 data={"name": "Ed", "after": "3", "start_rule": "zero"})
    assert response.status_code == 302


def test_an_undealable_round_says_why_and_offers_the_fix_instead_of_the_bids(any_table):
    unfit(any_table)
    page = any_table.client.get(any_table.url("/round/3"), headers=any_table.headers)
    text = page.get_data(as_text=True)
    assert "Round 3 cannot be dealt" in text
    assert "Cards needed: 11 × 5 = 55. Cards in the deck: 52." in text
    assert "Deal 10 cards each" in text and "Play with two decks" in text
    assert 'id="step-bids"' not in text and 'id="step-trump"' not in text


def test_the_server_refuses_entries_on_an_undealable_round_and_stores_nothing(any_table):
    unfit(any_table)
    version = export(any_table)
    response = any_table.trump(3)
    assert response.status_code == 422
    assert "more than the deck holds" in response.get_data(as_text=True)
    assert export(any_table) == version


@pytest.mark.parametrize(("path", "data", "cards", "decks"), [
    ("/fit", {}, 10, 1),
    ("/decks", {"decks": 2}, 11, 2),
])
def test_one_tap_makes_the_round_dealable_and_goes_back_to_it(table, path, data, cards, decks):
    unfit(table)
    response = table.client.post(table.url(path), data=data)
    assert response.status_code == 302
    page = table.client.get(response.headers["Location"], follow_redirects=True)
    text = page.get_data(as_text=True)
    assert "Round 3 of" in text and 'id="step-trump"' in text
    assert ("Schedule: rounds from 3 on rebuilt" if decks == 1
            else "Played with 2 decks from now on") in text  # what the tap changed
    data = export(table)
    assert data["rounds"][2]["cards"] == cards and data["rules"]["decks"] == decks
    assert table.trump(3).status_code == 302


def test_a_refused_deck_change_shows_the_round_with_the_reason(table):
    unfit(table)
    response = table.client.post(table.url("/decks"), data={"decks": 1})
    assert response.status_code == 422
    assert "The game already plays with that many decks." in response.get_data(as_text=True)


def test_a_game_ended_early_travels_through_the_operators_export_and_import(
        started, runner, tmp_path):
    play(started, 1)
    end(started, 1)
    target = tmp_path / "all.json"
    assert runner.invoke(args=["games", "export", "--all", "-o", str(target)]).exit_code == 0
    game_id = export(started)["id"]
    assert runner.invoke(args=["games", "delete", game_id, "--yes"]).exit_code == 0
    result = runner.invoke(args=["games", "import", str(target)])
    assert result.exit_code == 0, result.output
    data = export(started)
    assert data["finished"] and data["ended_after"] == 1 and data["planned_rounds"] == 19


def test_a_game_ending_after_an_undealable_round_is_offered_two_decks_not_other_rounds(table):
    table.start(names=NAMES, preset="planowanie")
    play(table, 2)
    assert end(table, 3).status_code == 302  # finish after round 3
    table.client.post(table.url("/players/join"),
                      data={"name": "Ed", "after": "3", "start_rule": "zero"})
    text = table.client.get(table.url("/round/3")).get_data(as_text=True)
    assert "Round 3 cannot be dealt" in text
    assert 'id="two-decks"' in text and 'id="fit-round"' not in text


# -- every phone follows: a game ended on another phone, a schedule fixed there --

GAME_OVER = {"en": "The game is over; nothing more can be entered.",
             "pl": "Gra się skończyła; niczego więcej nie można już wpisać."}


@pytest.mark.parametrize("lang", sorted(GAME_OVER))
def test_a_tap_on_a_game_ended_meanwhile_is_told_so_in_place_in_the_pages_language(
        htmx_table, lang):
    htmx_table.start(names=NAMES)
    play(htmx_table, 2)
    end(htmx_table, 2)  # on another phone, while this one still shows round 3
    before = export(htmx_table)
    response = htmx_table.client.post(
        htmx_table.url("/round/3/bid"), data={"player": 1, "bid": 2, "was": ""},
        headers={**htmx_table.headers, "Accept-Language": lang})
    assert response.status_code == 409  # a status htmx swaps (base.html's responseHandling)
    text = response.get_data(as_text=True)
    assert GAME_OVER[lang] in text
    assert text.lstrip().startswith('<section id="entry"')  # in place of the entry panel
    assert f'href="/g/{htmx_table.gid}/standings"' in text and "data-poll" not in text
    assert export(htmx_table) == before


def test_a_plain_tap_on_a_game_ended_meanwhile_goes_to_the_result_which_says_so(table):
    table.start(names=NAMES)
    play(table, 2)
    end(table, 2)
    response = table.close(3)
    assert response.status_code == 302
    assert response.headers["Location"] == table.url("/standings")
    page = table.client.get(response.headers["Location"]).get_data(as_text=True)
    assert GAME_OVER["en"] in page and "wins the game!" in page


@pytest.mark.parametrize("kind", ["trump", "bid", "tricks", "close"])
def test_every_live_entry_on_a_finished_game_is_refused_as_over_not_as_missing(htmx_table, kind):
    htmx_table.start(names=NAMES)
    play(htmx_table, 2)
    end(htmx_table, 2)  # round 3 is not played
    data = {"trump": {"trump": "H"}, "bid": {"player": 1, "bid": 0},
            "tricks": {"player": 1, "tricks": 0}, "close": {}}[kind]
    response = htmx_table.client.post(htmx_table.url(f"/round/3/{kind}"), data=data,
                                      headers=htmx_table.headers)
    assert response.status_code == 409
    assert GAME_OVER["en"] in response.get_data(as_text=True)


def test_a_tap_on_the_last_round_after_it_closed_is_refused_as_over_and_a_close_is_done(htmx_table):
    htmx_table.start(names=NAMES)
    play(htmx_table, 1)
    assert end(htmx_table, 2).status_code == 302  # round 2 is still played
    play(htmx_table, 1)
    response = htmx_table.bid(2, 1, 0)
    assert response.status_code == 409 and GAME_OVER["en"] in response.get_data(as_text=True)
    again = htmx_table.close(2)  # the close sent again: done, and on to the result
    assert again.status_code == 204 and again.headers["HX-Redirect"] == htmx_table.url("/standings")


def test_a_seat_phones_tap_on_a_game_ended_meanwhile_is_told_so(app, htmx_table):
    from game_links import seat_tokens

    htmx_table.start(names=NAMES)
    seat = seat_tokens(htmx_table.client, htmx_table)["Bob"]
    play(htmx_table, 2)
    end(htmx_table, 2)
    response = app.test_client().post(f"/g/{seat}/round/3/bid", data={"player": 1, "bid": 1},
                                      headers=htmx_table.headers)
    assert response.status_code == 409
    assert GAME_OVER["en"] in response.get_data(as_text=True)


@pytest.mark.parametrize("ended_now", [True, False])
def test_a_phone_still_on_the_last_round_is_taken_to_the_result_however_the_game_ended(
        htmx_table, ended_now):
    htmx_table.start(names=NAMES)
    play(htmx_table, 2)
    if ended_now:
        end(htmx_table, 2)  # round 3 is gone
    else:
        end(htmx_table, 3)
        play(htmx_table, 1)  # round 3 played and closed
    asked = htmx_table.client.get(htmx_table.url("/round/3/entry?since=1"), headers=htmx_table.headers)
    assert asked.status_code == 204
    assert asked.headers["HX-Redirect"] == htmx_table.url("/")
    assert htmx_table.client.get(htmx_table.url("/")).headers["Location"] == htmx_table.url("/standings")
    if ended_now:  # opened again (a reload): the result too, not "Not found"
        page = htmx_table.client.get(htmx_table.url("/round/3"))
        assert page.status_code == 302 and page.headers["Location"] == htmx_table.url("/")


def round_head(html: str) -> str:
    """The round's head as a panel carries it out of band."""
    found = re.search(r'<div id="round-head" hx-swap-oob="morph">.*?</div>\s*</div>\s*</div>', html, re.S)
    assert found, html
    return found.group(0)


def test_the_panel_carries_the_rounds_head_so_a_fix_and_its_undo_show_on_every_phone(
        app, htmx_table):
    unfit(htmx_table)
    watcher = app.test_client()  # another phone, asking as its stream tells it to
    htmx_table.client.post(htmx_table.url("/fit"))
    head = round_head(watcher.get(htmx_table.url("/round/3/entry?since=1"),
                                  headers=htmx_table.headers).get_data(as_text=True))
    assert "Round 3 of" in head and "<span>Cards each</span><b>10</b>" in head
    seq = re.search(r'name="seq" value="(\d+)"', htmx_table.client.get(
        htmx_table.url("/round/3")).get_data(as_text=True)).group(1)
    undone = htmx_table.undo(seq=seq, round=3)  # the undo bar's own tap, answered in place
    assert undone.status_code == 200
    for html in (undone.get_data(as_text=True),
                 watcher.get(htmx_table.url("/round/3/entry?since=1"),
                             headers=htmx_table.headers).get_data(as_text=True)):
        assert "<span>Cards each</span><b>11</b>" in round_head(html)
        assert "11 × 5 = 55" in html
