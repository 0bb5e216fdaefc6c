"""A player who left comes back to their own column; the CSV is named after
every player of the game; head to head is fair to a player who left."""

from __future__ import annotations

import re
from urllib.parse import unquote

from test_manage import history, play, post, sheet_json

THREE_ROUNDS = {"preset": "estonian", "shape": "custom", "custom": "1 1 1"}
NAMES = ("Ann", "Bob", "Cy", "Heinz")


def test_a_player_who_left_comes_back_to_their_seat_with_their_points(table):
    table.start(names=NAMES, preset="estonian")
    play(table, 1, {"Bob": 0, "Cy": 0, "Heinz": 1, "Ann": 1},
         {"Bob": 0, "Cy": 0, "Heinz": 1, "Ann": 0})
    assert post(table, "/players/leave", player="3").status_code == 302
    play(table, 2, {"Cy": 0, "Ann": 0, "Bob": 1}, {"Cy": 0, "Ann": 1, "Bob": 1})
    before = {s["player"]: s["total"] for s in sheet_json(table)["standings"]}["Heinz"]
    response = post(table, "/players/join", name="heinz", after="0", start_rule="zero")
    assert response.status_code == 302
    data = sheet_json(table)
    assert data["players"] == ["Ann", "Bob", "Cy", "Heinz"]  # one column, not a second Heinz
    assert data["rounds"][2]["players"] == ["Ann", "Bob", "Cy", "Heinz"]  # back in their seat
    assert {s["player"]: s["total"] for s in data["standings"]}["Heinz"] == before
    assert "Heinz: back in the game from round 3 on" in history(table)
    page = table.client.get(table.url("/players")).get_data(as_text=True)
    assert "sits out round 2" in page and "left before round" not in page


def test_a_second_player_of_the_same_name_at_the_table_is_still_refused(table):
    table.start(names=NAMES, preset="estonian")
    response = post(table, "/players/join", name="HEINZ", after="0", start_rule="zero")
    assert response.status_code == 422 and "Two players are called HEINZ" in response.get_data(
        as_text=True)


def download_names(response) -> str:
    return unquote(re.search(r"filename\*=UTF-8''(.+)$",
                             response.headers["Content-Disposition"]).group(1))


def test_the_files_are_named_after_every_player_newcomers_included(table):
    table.start(names=("Ann", "Bob", "Cy"), preset="estonian")
    post(table, "/players/join", name="Õie", after="0", start_rule="zero")
    for path, end in (("/export.csv", "-Ann-Õie-Bob-Cy.csv"),
                      ("/rules.csv", "-Ann-Õie-Bob-Cy-rules.csv"),
                      ("/export.json", "-Ann-Õie-Bob-Cy.json")):
        assert download_names(table.client.get(table.url(path))).endswith(end)


def pairs(client, name) -> dict[str, tuple[int, int, int]]:
    """A player's head to head: each other's name, games together, ahead and behind."""
    page = client.get(f"/players/{name}").get_data(as_text=True)
    found = re.findall(r'<li>\s*<a href="[^"]+"><span class="visually-hidden">[^<]*</span>'
                       r'([^<]+)</a>.*?data-pair="games">(\d+)<.*?data-pair="ahead">(\d+)<'
                       r'.*?data-pair="behind">(\d+)<', page, re.S)
    return {other: (int(g), int(a), int(b)) for other, g, a, b in found}


def test_head_to_head_counts_a_leaver_by_the_rounds_played_together(table, client):
    table.start(names=NAMES, **THREE_ROUNDS)
    # Round 1: Heinz makes his bid, Ann does not.
    play(table, 1, {"Bob": 0, "Cy": 0, "Heinz": 1, "Ann": 1},
         {"Bob": 0, "Cy": 0, "Heinz": 1, "Ann": 0})
    post(table, "/players/leave", player="3")
    play(table, 2, {"Cy": 0, "Ann": 0, "Bob": 0}, {"Cy": 1, "Ann": 0, "Bob": 0})
    play(table, 3, {"Ann": 0, "Bob": 1, "Cy": 1}, {"Ann": 0, "Bob": 0, "Cy": 1})
    data = sheet_json(table)
    assert data["standings"][-1]["player"] == "Heinz"  # last of the final ranks (11 points)...
    # ...yet ahead of everyone in the round they played together (11 against 0 and 10).
    assert pairs(client, "Heinz") == {"Ann": (1, 1, 0), "Bob": (1, 1, 0), "Cy": (1, 1, 0)}
    assert pairs(client, "Ann")["Heinz"] == (1, 0, 1)
    # Those who played every round are told apart by their totals: Cy 21, Ann and Bob 20.
    assert pairs(client, "Ann")["Cy"] == (1, 0, 1) and pairs(client, "Ann")["Bob"] == (1, 0, 0)


def test_a_leaver_has_a_button_that_brings_them_back(table):
    table.start(names=NAMES, preset="estonian")
    post(table, "/players/leave", player="3")
    page = table.client.get(table.url("/players")).get_data(as_text=True)
    heinz = page[page.index("<strong>Heinz</strong>"):]
    heinz = heinz[:heinz.index("</li>")]
    assert "Back in the game" in heinz and "Leaves the game" not in heinz
    assert post(table, "/players/back", player="3").status_code == 302
    assert sheet_json(table)["rounds"][0]["players"] == ["Ann", "Bob", "Cy", "Heinz"]
    again = post(table, "/players/back", player="3")  # a repeated tap: back already
    assert again.status_code == 302 and history(table).count("back in the game") == 1
