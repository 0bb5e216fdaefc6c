"""Club ratings against openskill's own Plackett-Luce functions fed by hand."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scorekeeper.game.ratings import Match, certainty, rate


def test_full_games_rate_exactly_as_openskill_does_by_hand():
    matches = [Match("g1", [("ann", 1, 8), ("bob", 2, 8), ("cy", 2, 8), ("dan", 4, 8)], 8),
               Match("g2", [("bob", 1, 8), ("dan", 2, 8), ("ann", 3, 8)], 8)]
    board = rate(matches)

    model = PlackettLuce()
    ann, bob, cy, dan = (model.rating(name=n) for n in ("ann", "bob", "cy", "dan"))
    [ann], [bob], [cy], [dan] = model.rate([[ann], [bob], [cy], [dan]], ranks=[1, 2, 2, 4])
    [bob], [dan], [ann] = model.rate([[bob], [dan], [ann]], ranks=[1, 2, 3])

    for key, expected in {"ann": ann, "bob": bob, "cy": cy, "dan": dan}.items():
        assert board[key].mu == pytest.approx(expected.mu, abs=1e-12)
        assert board[key].sigma == pytest.approx(expected.sigma, abs=1e-12)
        assert board[key].ordinal == pytest.approx(expected.ordinal(), abs=1e-12)
    assert [point.game for point in board["ann"].history] == ["g1", "g2"]
    assert [point.game for point in board["cy"].history] == ["g1"]


def test_a_late_joiner_moves_the_share_of_openskills_change_they_played():
    board = rate([Match("g1", [("ann", 1, 10), ("bob", 2, 10), ("cy", 3, 4)], 10)])

    model = PlackettLuce()
    start = model.rating()
    [ann], [bob], [cy] = model.rate([[model.rating()], [model.rating()], [model.rating()]],
                                    ranks=[1, 2, 3])
    assert board["ann"].mu == pytest.approx(ann.mu)
    assert board["cy"].mu == pytest.approx(start.mu + 0.4 * (cy.mu - start.mu))
    assert board["cy"].sigma == pytest.approx(start.sigma + 0.4 * (cy.sigma - start.sigma))
    assert board["cy"].mu > cy.mu  # a loss over 4 rounds of 10 costs less than over all 10


def test_a_player_who_played_no_round_is_not_rated_by_that_game():
    board = rate([Match("g1", [("ann", 1, 5), ("bob", 2, 5), ("cy", 3, 0)], 5)])
    assert "cy" not in board


def test_the_uncertainty_in_words_settles_as_games_are_played():
    matches = [Match(f"g{n}", [("ann", 1 + n % 2, 10), ("bob", 2 - n % 2, 10),
                               ("cy", 3, 10)], 10) for n in range(40)]
    sigmas = [rate(matches[:count])["ann"].sigma for count in (1, 5, 40)]
    assert sigmas[0] > sigmas[1] > sigmas[2]
    assert certainty(sigmas[0]) == "new" and certainty(sigmas[2]) in {"fair", "settled"}
