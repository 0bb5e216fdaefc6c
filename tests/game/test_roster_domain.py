"""The roster as data: names grouped by person, renames, merges and undos."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.game.regulars import Aliases, Regular, as_regular, regulars
from scorekeeper.game.names import look_alikes, name_key


@dataclass
class Alias:
    kind: str
    name: str | None = None
    to: str | None = None


def test_names_compare_without_case_or_extra_spaces_but_with_their_letters():
    assert name_key("Zośka") == name_key("ZOŚKA") == name_key(" zośka ")
    assert name_key("Łucja") == name_key("łUCJA")
    assert name_key("Märt") == name_key("Ma\u0308rt")  # one letter, however it is written
    assert name_key("Tõnu") != name_key("Tonu")
    assert name_key("Ülle") != name_key("Ulle") and name_key("Märt") != name_key("Mart")


def test_names_that_differ_only_by_accents_are_offered_as_one_person_never_merged():
    assert look_alikes(["Mart", "Ann", "Märt", "MART"]) == {"Märt": "Mart"}
    assert look_alikes(["Tõnu", "Tonu", "Tonü"]) == {"Tonu": "Tõnu", "Tonü": "Tõnu"}
    assert look_alikes(["Ülle", "Ulla"]) == {}
    games = [["Mart", "Ann"], ["Märt", "Ann"]]
    assert regulars(games) == [Regular("Ann", 2), Regular("Mart", 1), Regular("Märt", 1)]


def test_regulars_are_the_most_frequent_first_in_their_most_used_spelling():
    games = [["Ann", "Bob", "Zośka"], ["Ann", "zośka"], ["ann", "Cy", "Zośka"], ["Bob"]]
    # (case aside: "zośka" is Zośka; "Zoska" would be another person)
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
    assert as_regular("zośka", known) == "Zośka"
    assert as_regular("Zoska", known) == "Zoska"  # a look-alike, not the same name
    assert as_regular("Eve", known) == "Eve"
    assert as_regular("kasia", known, Aliases([Alias("rename", "Kasia", "Ann")])) == "Ann"


def test_the_games_undo_passes_over_a_rename_and_the_roster_takes_it_back():
    from scorekeeper.game import build_sheet, entries, history_of
    from scorekeeper.game.renames import renamed, renamed_back
    from scorekeeper.rules import find_preset
    from stored import Stored

    ruleset, players = find_preset("cardgames").ruleset, ["Kasia", "Ann", "Bob"]
    log: list = []

    def enter(build, *args):
        sheet = build_sheet(ruleset, players, 0, log)
        made = build(sheet, *args)
        for new in made if isinstance(made, list) else [made]:
            log.append(Stored(len(log) + 1, new.kind, new.round, new.player, new.value))

    enter(entries.trump, 1, "H")
    enter(renamed, lambda name: name == "Kasia", "Kate", 7)
    enter(entries.undo)  # takes back the trump, not the rename
    sheet = build_sheet(ruleset, players, 0, log)
    assert sheet.name(0) == "Kate" and not sheet.rounds[0].trump_entered
    assert sheet.last_entry is None  # nothing the game's undo could take back
    enter(renamed_back, 7)
    assert build_sheet(ruleset, players, 0, log).name(0) == "Kasia"
    assert renamed_back(build_sheet(ruleset, players, 0, log), 7) == []  # taken back once
    texts = [(entry.kind, entry.details) for entry in history_of(ruleset, players, 0, log)]
    assert texts[1] == ("name", {"before": "Kasia", "after": "Kate", "undo": False})
    assert texts[2][1]["undone"].kind == "trump"
    assert texts[3] == ("name", {"before": "Kate", "after": "Kasia", "undo": True})


def test_a_renamed_newcomer_whose_join_is_taken_back_leaves_a_sound_sheet():
    from scorekeeper.game import Fold, build_sheet, entries, history_of
    from scorekeeper.game.renames import rename_member, renamed_back
    from scorekeeper.rules import find_preset
    from stored import Stored

    ruleset, players = find_preset("cardgames").ruleset, ["Ann", "Bob", "Cy"]
    log: list = []
    for build, *args in [(entries.join, "Eve", 2, "zero", None), (rename_member, 3, "Eva", 1),
                         (entries.undo,)]:
        made = build(build_sheet(ruleset, players, 0, log), *args)
        for new in made if isinstance(made, list) else [made]:
            log.append(Stored(len(log) + 1, new.kind, new.round, new.player, new.value))
    sheet = build_sheet(ruleset, players, 0, log)
    assert list(sheet.players.values()) == players  # the join is taken back, the rename void
    assert Fold(ruleset, players, 0).extend(log).sheet == sheet
    assert renamed_back(sheet, 1) == []
    assert history_of(ruleset, players, 0, log)[1].details["before"] == "Eve"
