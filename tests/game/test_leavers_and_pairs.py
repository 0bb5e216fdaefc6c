"""Players who leave and come back, and head to head for those who did not
play every round (no app, no database)."""

from __future__ import annotations

import pytest

from scorekeeper.game import GameError, NewChange, entries, history_of
from scorekeeper.game.checking import check_log
from scorekeeper.game.statistics import game_facts
from test_end_and_decks import Game


def left_after_two() -> Game:
    """Ann, Bob, Cy and Di play two rounds; Di leaves; two more rounds are played."""
    game = Game().play(2)
    game.enter(entries.leave, 3)
    return game.play(2)


def test_a_player_who_left_comes_back_to_their_own_seat_and_column():
    game = left_after_two()
    before = game.sheet.totals[3]
    assert game.enter(entries.join, " di ", 0, "average", None) == NewChange(
        "back", player=3, value={"from": 5})
    game.play(1)
    sheet = game.sheet
    assert sorted(sheet.members) == [0, 1, 2, 3] and sheet.circle == [0, 1, 2, 3]
    di = sheet.members[3]
    assert di.left is None and di.sits_out == {3, 4}
    assert [3 in rnd.order for rnd in sheet.closed_rounds] == [True, True, False, False, True]
    assert sheet.totals[3] == before + sheet.score.rounds[4][3]  # no new starting score
    assert check_log(game.rules, game.players, 0, game.changes) is None  # an import takes it
    back = [e for e in history_of(game.rules, game.players, 0, game.changes) if e.kind == "back"]
    assert [entry.details for entry in back] == [{"name": "Di", "round": 5}]


def test_a_player_at_the_table_is_still_refused_as_a_second_of_the_same_name():
    game = left_after_two()
    with pytest.raises(GameError) as refused:
        game.enter(entries.join, "ANN", None, "zero", None)
    assert refused.value.kind == "same-name"
    assert entries.back(game.sheet, 0) == []  # at the table: nothing to bring back
    with pytest.raises(GameError) as refused:
        game.enter(entries.back, 9)
    assert refused.value.kind == "not-at-table"


def test_coming_back_is_undone_like_any_change():
    game = left_after_two()
    game.enter(entries.join, "Di", None, "zero", None)
    game.enter(entries.undo)
    assert game.sheet.members[3].left == 3 and not game.sheet.members[3].sits_out


def test_head_to_head_is_decided_by_the_rounds_two_players_played_together():
    game = left_after_two()
    game.enter(entries.join, "Eve", 2, "number", 200)
    game.play(2)
    game.enter(entries.end_game, 6)
    sheet = game.sheet
    points = sheet.score.rounds  # Di played rounds 1 and 2, Eve rounds 5 and 6
    facts = {line["name"]: line for line in game_facts(sheet)["players"]}
    assert [s.player for s in sheet.standings][-1] == 3  # Di is last of the final ranks
    di = facts["Di"]["pairs"]
    for other, pid in (("Ann", 0), ("Bob", 1), ("Cy", 2)):
        diff = sum(points[n][3] - points[n][pid] for n in (0, 1))
        assert di[other] == (diff > 0) - (diff < 0)
        assert facts[other]["pairs"]["Di"] == -di[other]
    assert di == {"Ann": 1, "Bob": 0, "Cy": -1}  # ahead of Ann although ranked below her
    assert "Eve" not in di and "Di" not in facts["Eve"]["pairs"]  # they never met
    # Those who played the same rounds are told apart by the final ranks.
    rank = {s.player: s.rank for s in sheet.standings}
    assert facts["Ann"]["pairs"]["Bob"] == (1 if rank[0] < rank[1] else -1)
