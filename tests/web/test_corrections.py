"""Correcting a closed round: same checks as live entry, later rounds re-scored, history kept."""

from __future__ import annotations

import re

from scorekeeper.storage.models import Change

ORDER = [1, 2, 3, 0]
BIDS = {1: 4, 2: 3, 3: 1, 0: 1}
TRICKS = {1: 4, 2: 3, 3: 1, 0: 2}


def correction(trump="H", bids=BIDS, tricks=TRICKS):
    """The edit form's fields, rows in bidding order (Bob, Cy, Di, Ann)."""
    data = {"trump": trump}
    for row, seat in enumerate(ORDER):
        data[f"seats-{row}-bid"] = bids[seat]
        data[f"seats-{row}-tricks"] = tricks[seat]
    return data


def totals(client, table):
    import json

    data = json.loads(client.get(table.url("/export.json")).get_data(as_text=True))
    return {s["player"]: s["total"] for s in data["standings"]}


def test_the_edit_form_shows_the_round_as_entered(table, client):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    page = client.get(table.url("/round/1/edit")).get_data(as_text=True)
    # The live screen's chips, as radio buttons: Bob's bid 4 and the hearts chosen.
    assert '<input type="radio" name="seats-0-bid" value="4" checked>' in page
    assert '<input type="radio" name="trump" value="H" checked' in page
    assert 'type="number"' not in page


def test_a_correction_rescores_the_round_and_keeps_the_original(table, client, app):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    table.play_round(2, [2, 3, 0, 1], 9, {2: 2, 3: 2, 0: 2, 1: 2}, {2: 2, 3: 2, 0: 2, 1: 3})
    assert totals(client, table) == {"Ann": 2 + 12, "Bob": 14 + 3, "Cy": 13 + 12, "Di": 11 + 12}
    # Ann took 1 trick, not 2, and Di 2, not 1: both made their bids after all? Ann bid 1.
    fixed = {**TRICKS, 0: 1, 3: 2}
    response = client.post(table.url("/round/1/edit"), data=correction(tricks=fixed))
    assert response.status_code == 302 and response.headers["Location"].endswith("/round/1")
    # The round's screen confirms what the correction changed.
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r'<p class="notice" role="status">Round 1 corrected: [^<]*Ann[^<]*2 → 1', page)
    assert totals(client, table) == {"Ann": 11 + 12, "Bob": 14 + 3, "Cy": 13 + 12, "Di": 2 + 12}
    with app.app_context():
        kinds = [c.kind for c in Change.query.order_by(Change.seq)]
    assert kinds.count("tricks") == 8 and kinds[-1] == "correct"


def test_a_correction_is_checked_like_live_entry(table, client):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    forbidden = {**BIDS, 0: 2}  # 4 + 3 + 1 + 2 = 10: the hook forbids it
    response = client.post(table.url("/round/1/edit"), data=correction(bids=forbidden))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Ann deals and may not bid 2" in page
    # Kept as chosen, and struck out as the live screen does.
    assert '<input type="radio" name="seats-3-bid" value="2" checked\n' in page
    assert 'class="chip pick forbidden"' in page


def test_a_correction_with_tricks_that_do_not_add_up_is_refused(table, client):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    response = client.post(table.url("/round/1/edit"), data=correction(tricks={**TRICKS, 0: 5}))
    assert response.status_code == 422
    assert "Tricks total 13, but 10 were played" in response.get_data(as_text=True)


def test_a_correction_with_letters_or_gaps_is_refused_in_place(table, client):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    data = correction()
    data["seats-1-bid"] = "x"
    del data["seats-2-tricks"]
    response = client.post(table.url("/round/1/edit"), data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Enter a bid as a whole number" in page
    assert 'name="seats-1-bid" value="x" checked' in page
    assert "Enter the tricks as a whole number." in page  # the second mistake too


def test_a_correction_with_too_few_rows_is_refused(table, client):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    response = client.post(table.url("/round/1/edit"), data={"trump": "H", "seats-0-bid": 1, "seats-0-tricks": 1})
    assert response.status_code == 422
    assert "Enter a bid and the tricks for every player" in response.get_data(as_text=True)


def test_an_open_round_is_edited_on_the_round_screen(table, client):
    table.start()
    response = client.get(table.url("/round/1/edit"))
    assert response.status_code == 302 and response.headers["Location"].endswith("/round/1")


def test_undo_takes_back_a_correction(table, client):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    client.post(table.url("/round/1/edit"), data=correction(trump="none"))
    assert "No trump" in client.get(table.url("/round/1")).get_data(as_text=True)
    table.undo()
    page = client.get(table.url("/round/1")).get_data(as_text=True)
    assert 'aria-label="hearts">♥' in page


def test_every_mistake_of_a_correction_is_shown_at_once(table, client):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    # Ann's forbidden bid and tricks that do not add up, in one correction.
    response = client.post(table.url("/round/1/edit"),
                           data=correction(bids={**BIDS, 0: 2}, tricks={**TRICKS, 0: 5}))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    box = page[page.index('id="correction-errors"'):page.index("</ul>")]
    assert "2 things to fix" in box
    assert "Ann deals and may not bid 2" in box and "Tricks total 13, but 10 were played" in box


def test_a_closed_round_has_a_large_correct_action_on_its_screen_and_in_the_grid(table, client):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    page = client.get(table.url("/round/1")).get_data(as_text=True)
    assert re.search(r'<a class="button primary correct-round" href="[^"]*/round/1/edit">✎ Correct round 1</a>', page)
    grid = client.get(table.url("/standings")).get_data(as_text=True)
    assert re.search(r'<a class="button correct-round"[^>]*href="[^"]*/round/1/edit"[^>]*>✎ Correct round 1</a>', grid)
