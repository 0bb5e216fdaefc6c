"""Games with corrections, undos, joins and leaves, played through the web
(shared by the carry and statistics tests)."""

from __future__ import annotations

import json

ONE_ROUND = {"preset": "estonian", "shape": "custom", "custom": "1"}


def sheet_json(table):
    return json.loads(table.client.get(table.url("/export.json")).get_data(as_text=True))


def play(table, number, bids, tricks, trump="H"):
    """Play a round with the players in the order the app asks for them
    (``bids`` and ``tricks`` by name)."""
    data = sheet_json(table)
    rnd = data["rounds"][number - 1]
    names = rnd["players"]
    order = names[names.index(rnd["dealer"]) + 1:] + names[:names.index(rnd["dealer"]) + 1]
    seat = {name: i for i, name in enumerate(data["players"])}
    table.play_round(number, [seat[n] for n in order], rnd["cards"],
                     {seat[n]: bids[n] for n in order}, {seat[n]: tricks[n] for n in order},
                     trump)


def post(table, path, **data):
    response = table.client.post(table.url(path), data=data)
    assert response.status_code in (200, 302), response.get_data(as_text=True)
    return response


def eventful_game(table):
    """Ann, Bob, Cy, Di; four rounds of 2 cards, Ann dealing first (Estonian
    scoring: a made bid scores 10 + 1 a trick... as the engine says).

    Round 1 is corrected afterwards; in round 2 a bid is undone and entered
    again; Eve joins after Bob from round 3 with zero; Bob leaves from round 4.
    """
    table.start(names=("Ann", "Bob", "Cy", "Di"), preset="estonian", shape="custom",
                custom="2 2 2 2", first_dealer="0")
    play(table, 1, {"Bob": 1, "Cy": 0, "Di": 0, "Ann": 0},
         {"Bob": 1, "Cy": 1, "Di": 0, "Ann": 0})
    # Correction: Cy had in fact bid 1 (and so made it); Ann took no trick.
    data = {"trump": "H"}
    for row, (bid, taken) in enumerate([(1, 1), (1, 1), (0, 0), (0, 0)]):  # Bob Cy Di Ann
        data[f"seats-{row}-bid"], data[f"seats-{row}-tricks"] = bid, taken
    post(table, "/round/1/edit", **data)
    # Round 2 (Bob deals; Cy bids first): Cy's bid of 2 is undone, then 0.
    assert table.trump(2, "S").status_code in (200, 302)
    assert table.bid(2, 2, 2).status_code in (200, 302)
    post(table, "/undo")
    for seat, bid in [(2, 0), (3, 1), (0, 1), (1, 1)]:
        assert table.bid(2, seat, bid).status_code in (200, 302)
    for seat, taken in [(2, 0), (3, 1), (0, 1), (1, 0)]:
        assert table.tricks(2, seat, taken).status_code in (200, 302)
    assert table.close(2).status_code in (204, 302)
    post(table, "/players/join", name="Eve", after="1", start_rule="zero")
    play(table, 3, {"Ann": 0, "Bob": 1, "Eve": 0, "Cy": 1, "Di": 0},
         {"Ann": 0, "Bob": 1, "Eve": 0, "Cy": 0, "Di": 1})
    post(table, "/players/leave", player="1")
    play(table, 4, {"Ann": 2, "Eve": 0, "Cy": 0, "Di": 0},
         {"Ann": 2, "Eve": 0, "Cy": 0, "Di": 0})
    return table.gid
