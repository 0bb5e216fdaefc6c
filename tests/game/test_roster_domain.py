"""The roster as data: names grouped by person, renames, merges and undos."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.game.roster import Aliases, Regular, as_regular, regulars
from scorekeeper.game.series import name_key


@dataclass
class Alias:
    kind: str
    name: str | None = None
    to: str | None = None


def test_names_compare_without_case_accents_or_extra_spaces():
    assert name_key("Zośka") == name_key("ZOSKA") == name_key(" zoska ")
    assert name_key("Łucja") == name_key("lucja")
    assert name_key("Ülle") == name_key("ulle") != name_key("Ulla")


def test_regulars_are_the_most_frequent_first_in_their_most_used_spelling():
    games = [["Ann", "Bob", "Zośka"], ["Ann", "zośka"], ["ann", "Cy", "Zośka"], ["Bob"]]
    assert regulars(games) == [Regular("Ann", 3), Regular("Zośka", 3), Regular("Bob", 2),
                               Regular("Cy", 1)]


def test_a_merge_counts_two_names_as_one_person_and_an_undo_takes_it_back():
    games = [["Kasia", "Ann"], ["Katarzyna", "Ann"], ["Katarzyna"]]
    merged = Aliases([Alias("merge", "Kasia", "Katarzyna")])
    assert regulars(games, merged) == [Regular("Katarzyna", 3), Regular("Ann", 2)]
    undone = Aliases([Alias("merge", "Kasia", "Katarzyna"), Alias("undo")])
    assert regulars(games, undone) == [Regular("Ann", 2), Regular("Katarzyna", 2),
                                       Regular("Kasia", 1)]


def test_renames_are_followed_to_the_last_and_a_circle_does_not_loop():
    chain = Aliases([Alias("rename", "Kasia", "Kate"), Alias("rename", "kate", "Katarzyna")])
    assert chain.resolve("KASIA") == "Katarzyna"
    circle = Aliases([Alias("rename", "A", "B"), Alias("rename", "B", "A")])
    assert circle.resolve("A") in ("A", "B")


def test_a_typed_name_is_the_regular_it_matches():
    known = [Regular("Zośka", 3), Regular("Ann", 1)]
    assert as_regular("zoska", known) == "Zośka"
    assert as_regular("Eve", known) == "Eve"
    assert as_regular("kasia", known, Aliases([Alias("rename", "Kasia", "Ann")])) == "Ann"
