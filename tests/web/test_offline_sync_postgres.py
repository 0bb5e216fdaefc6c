"""The sync path of a phone back online (tests/web/test_offline_sync.py) on
PostgreSQL: its own log through the one write path in order, each entry once;
two phones' logs at once; a conflict offered and settled, also in a round
closed meanwhile (a correction of it); a seat's log as its
link sees it. The module has a database of its own on a throwaway cluster
(``postgres_url`` in this folder's conftest.py, docs/testing.md)."""

from __future__ import annotations

import pytest
from servers import needs_postgres
from test_offline_sync import closed, started  # noqa: F401  (fixtures: round 1 begun, closed)
from test_offline_sync import (
    test_a_bid_of_a_round_closed_meanwhile_is_offered_and_kept_as_one_correction as closed_kept,
    test_a_closed_rounds_entry_a_third_phone_corrected_since_is_refused_again as third_closed,
    test_a_phones_offline_bids_land_in_order_each_once_even_sent_twice as each_once,
    test_a_seat_phones_log_is_the_games_log_as_its_link_sees_it as seat_log,
    test_the_conflict_is_offered_with_both_values_and_the_one_to_keep_is_one_tap as settled,
    test_two_phones_offline_at_once_both_land_and_the_same_entry_is_offered_to_the_later as two,
)

pytestmark = needs_postgres


@pytest.fixture
def client(postgres_app):
    """The test client of an app on PostgreSQL (the ``table`` fixture drives it)."""
    return postgres_app.test_client()


def test_a_phones_offline_log_lands_in_order_each_entry_once_on_postgresql(client, started):
    each_once(client, started)


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_a_conflict_is_offered_and_settled_with_one_tap_on_postgresql(
        postgres_app, client, started, htmx):
    settled(postgres_app, client, started, htmx)


def test_two_phones_offline_at_once_both_land_on_postgresql(postgres_app, client, started):
    two(postgres_app, client, started)


def test_a_seat_phones_log_is_what_its_link_sees_on_postgresql(postgres_app, client, started):
    seat_log(postgres_app, client, started)


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_a_bid_of_a_round_closed_meanwhile_is_kept_as_one_correction_on_postgresql(
        postgres_app, client, closed, htmx):
    closed_kept(postgres_app, client, closed, htmx)


def test_a_third_phones_correction_meanwhile_is_refused_again_on_postgresql(
        postgres_app, client, closed):
    third_closed(postgres_app, client, closed)
