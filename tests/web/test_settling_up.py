"""Settling up: a stake per point set at the start or later, and who pays
whom in the standings, the CSV and the history once the game is over, taken
back with the end."""

from __future__ import annotations

import csv
import io
import re

from test_end_and_undealable_rounds import NAMES, end, export, play

POLISH = {"Accept-Language": "pl"}


def page(table, path: str, **headers) -> str:
    return table.client.get(table.url(path), headers=headers).get_data(as_text=True)


def stake(table, amount: str, symbol: str = "", **headers):
    return table.client.post(table.url("/stake"), data={"stake": amount, "symbol": symbol},
                             headers={**table.headers, **headers})


def transfers(html: str) -> list[str]:
    block = re.search(r'id="transfers">(.*?)</(ul|p)>', html, re.S)
    return [re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", "", li)).strip()
            for li in re.findall(r"<li>(.*?)</li>", block.group(1), re.S)] if block else []


def test_a_stake_set_up_with_the_game_settles_its_end_in_the_standings(table):
    table.start(names=NAMES, stake="0.05", stake_symbol="€")
    play(table, 2)
    assert 'id="transfers"' not in page(table, "/standings")  # not before the end
    assert end(table, 2).status_code == 302
    html = page(table, "/standings")
    assert "Stake per point: 0.05\u00a0€" in html
    # Ann 10, Bob 20, Cy 29, Di 20: Ann owes 1.95, Cy gets 1.85, Bob and Di 0.05
    # each; no two of them cancel out, so three transfers.
    assert transfers(html) == ["Ann → Bob: 0.05\u00a0€", "Ann → Cy: 1.85\u00a0€",
                               "Ann → Di: 0.05\u00a0€"]


def test_the_transfers_pay_each_pair_s_difference_at_the_stake(table):
    table.start(names=("Ann", "Bob", "Cy"), stake="1", preset="cardgames")
    play(table, 1)
    end(table, 1)
    data = export(table)
    points = data["rounds"][0]["points"]
    html = page(table, "/standings")
    lines = transfers(html)
    # Balances: each player gets 1.00 per point of every lead over another.
    balance = {name: sum(points[name] - points[other] for other in points) * 100
               for name in points}
    paid = dict.fromkeys(points, 0)
    for line in lines:
        payer, rest = line.split(" → ")
        payee, amount = rest.split(": ")
        cents = int(amount.replace(".", "").replace(",", ""))
        paid[payer] -= cents
        paid[payee] += cents
    assert paid == balance
    assert len(lines) <= len([b for b in balance.values() if b]) - 1


def test_undo_of_the_end_takes_the_settlement_away_and_keeps_the_stake(table):
    table.start(names=NAMES, stake="2")
    play(table, 2)
    end(table, 2)
    assert transfers(page(table, "/standings"))
    html = page(table, "/standings")
    seq = re.search(r'name="seq" value="(\d+)"', html.split('id="undo"')[1]).group(1)
    assert table.undo(seq=seq).status_code in (200, 302)
    html = page(table, "/standings")
    assert 'id="transfers"' not in html and "Stake per point: 2.00" in html


def test_the_scorer_sets_the_stake_later_as_fragment_and_as_plain_post(any_table):
    table, htmx = any_table, any_table.htmx
    table.start(names=NAMES)
    response = stake(table, "0,25", "zł")
    if htmx:
        assert response.status_code == 200 and "HX-Request" in response.headers["Vary"]
        body = response.get_data(as_text=True)
        assert body.lstrip().startswith('<section class="panel" id="settling"')
        assert "Stake per point: 0.25\u00a0zł" in body
    else:
        assert response.status_code == 302
        assert response.headers["Location"].endswith(table.url("/standings"))
    assert "Stake per point: 0.25\u00a0zł" in page(table, "/history")


def test_a_refused_stake_keeps_what_was_typed_in_the_reader_s_language(any_table):
    table = any_table
    table.start(names=NAMES)
    response = stake(table, "0,005", "zł", **POLISH)
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert 'value="0,005"' in body and 'value="zł"' in body
    assert 'id="stake-error"' in body and "Enter the amount" not in body  # worded in Polish
    assert 'id="stake-line"' not in page(table, "/standings")  # nothing stored


def test_a_stake_is_shown_in_the_page_s_number_format(table):
    table.start(names=NAMES, stake="1.5", stake_symbol="zł")
    assert "Stake per point: 1.50\u00a0zł" in page(table, "/standings")
    assert "1,50\u00a0zł" in page(table, "/standings", **POLISH)


def test_a_refused_stake_at_set_up_keeps_the_form_and_opens_its_fold(client):
    data = {f"players-{i}": name for i, name in enumerate(NAMES)}
    data.update(preset="cardgames", first_dealer="0", action="start", stake="abc",
                stake_symbol="€")
    response = client.post("/new", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert '<details class="panel" id="adjust" open>' in html
    assert 'value="abc"' in html and "at most two decimals" in html


def test_the_csv_and_the_rules_csv_carry_the_stake_and_the_transfers(table):
    table.start(names=NAMES, stake="0.10", stake_symbol="$")
    play(table, 2)
    end(table, 2)
    rows = list(csv.reader(io.StringIO(
        table.client.get(table.url("/export.csv")).get_data(as_text=True).lstrip("\ufeff"))))
    settling = [row for row in rows if row[-1].startswith("Settling up: ")]
    assert settling and all(row[4] == row[-1].split(": ")[1].split(" → ")[0] for row in settling)
    assert transfers(page(table, "/standings")) == \
        [row[-1].removeprefix("Settling up: ") for row in settling]
    rules = table.client.get(table.url("/rules.csv")).get_data(as_text=True)
    assert "Stake per point,0.10\u00a0$" in rules


def test_a_viewer_sees_the_settlement_and_no_stake_form(table):
    table.start(names=NAMES, stake="1")
    play(table, 2)
    end(table, 2)
    share = page(table, "/share")
    viewer = re.search(r"/g/([A-Za-z0-9_-]{20,})/", share.split("viewer", 1)[1]).group(1)
    html = table.client.get(f"/g/{viewer}/standings").get_data(as_text=True)
    assert 'id="transfers"' in html and 'id="stake-form"' not in html
    assert table.client.post(f"/g/{viewer}/stake", data={"stake": "3"}).status_code == 403
    assert "Stake per point: 1.00" in table.client.get(f"/g/{viewer}/history").get_data(
        as_text=True)


def test_play_again_and_change_players_or_rules_keep_the_stake(table):
    table.start(names=NAMES, stake="0.5", stake_symbol="€")
    play(table, 2)
    end(table, 2)
    again = table.client.post(table.url("/again"))
    assert again.status_code == 302
    rematch = re.search(r"/g/([^/]+)/", again.headers["Location"]).group(1)
    html = table.client.get(f"/g/{rematch}/standings").get_data(as_text=True)
    assert "Stake per point: 0.50\u00a0€" in html
    setup = table.client.get(f"/new?again={table.gid}").get_data(as_text=True)
    assert 'value="0.50"' in setup and 'value="€"' in setup


def test_an_empty_amount_takes_the_stake_away_and_the_history_says_so(table):
    table.start(names=NAMES, stake="1")
    assert stake(table, "").status_code == 302
    assert 'id="settling"' in page(table, "/standings") and 'id="stake-line"' not in page(
        table, "/standings")
    assert "No stake" in page(table, "/history")
