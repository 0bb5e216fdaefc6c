"""Kachuful's limit on 0 bids in a row on the round screen, live like the hook:
the 0 chip struck out for a player who bid 0 in each of the last 5 rounds, and
a 0 posted anyway refused in words (issue 30)."""

from __future__ import annotations

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def _order(number: int) -> list[int]:
    dealer = (number - 1) % len(NAMES)  # Ann deals round 1
    return [(dealer + k) % len(NAMES) for k in range(1, len(NAMES) + 1)]


def _five_rounds_of_zeros(table) -> None:
    """Rounds 1 to 5 (1 to 5 cards): everyone bids 0, the dealer takes every trick."""
    for number in range(1, 6):
        order = _order(number)
        for player in order:
            assert table.bid(number, player, 0).status_code in (200, 302)
        for player in order:
            taken = number if player == order[-1] else 0
            assert table.tricks(number, player, taken).status_code in (200, 302)
        assert table.close(number).status_code in (204, 302)


def test_a_sixth_zero_in_a_row_is_struck_out_and_refused(any_table):
    table, client = any_table, any_table.client
    table.start(names=NAMES, preset="kachuful", variant="zero-limit")
    _five_rounds_of_zeros(table)
    page = client.get(table.url("/round/6")).get_data(as_text=True)
    assert page.count("data-zero-barred") == len(NAMES)
    assert "no one bids 0 more than 5 times in a row" in page
    first = _order(6)[0]
    refused = table.bid(6, first, 0)
    assert refused.status_code == 422
    assert (f"{NAMES[first]} may not bid 0 again: no one bids 0 more than 5 times in a row."
            in refused.get_data(as_text=True))
    assert table.bid(6, first, 1).status_code in (200, 302)


def test_without_the_variant_no_zero_chip_is_struck_out(table):
    table.start(names=NAMES, preset="kachuful")
    _five_rounds_of_zeros(table)
    page = table.client.get(table.url("/round/6")).get_data(as_text=True)
    assert "data-zero-barred" not in page
    assert table.bid(6, _order(6)[0], 0).status_code == 302


def test_the_correction_form_strikes_out_the_barred_zero_as_the_live_chips_do(table):
    table.start(names=NAMES, preset="kachuful", variant="zero-limit")
    _five_rounds_of_zeros(table)
    order = _order(6)
    for player in order:  # nobody may bid 0: 1 each, the dealer 2 (the hook bars 1)
        assert table.bid(6, player, 2 if player == order[-1] else 1).status_code == 302
    for player in order:
        assert table.tricks(6, player, 1).status_code == 302
    assert table.close(6).status_code == 302
    page = table.client.get(table.url("/round/6/edit")).get_data(as_text=True)
    assert page.count("data-zero-barred") == len(NAMES)
    assert "no one bids 0 more than 5 times in a row" in page
    # Round 1 comes after no zeros: nothing is struck out there.
    assert "data-zero-barred" not in table.client.get(table.url("/round/1/edit")).get_data(as_text=True)
