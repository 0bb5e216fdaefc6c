"""Each preset as its source says it (issue 30): the rule table of docs/rules.md
section 9, "Each preset's rules, as its source says them", read from the docs'
own rows and checked against the engine, row by row."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.rules import PRESETS, find_preset, plan_game

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text()
HEADING = "### Each preset's rules, as its source says them"
#: The rules every preset's rows must cover (the issue's list).
REQUIRED = ("players", "schedule", "exact", "over", "under", "zero", "trumps", "hook", "ties")


def _rows() -> list[dict[str, str]]:
    section = DOCS.split(HEADING, 1)[1].split("\n### ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| `")]
    names = ("preset", "variant", "rule", "source", "passage", "value", "check")
    rows = []
    for line in lines:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        assert len(cells) == len(names), line
        rows.append(dict(zip(names, cells)))
    return rows


ROWS = _rows()


def _expand(value: str) -> list[int]:
    """ "10..1..10" → 10 down to 1 and back up to 10, the turning point once."""
    ends = [int(n) for n in value.split("..")]
    sizes = [ends[0]]
    for end in ends[1:]:
        step = 1 if end > sizes[-1] else -1
        sizes += list(range(sizes[-1] + step, end + step, step))
    return sizes


def _trump_words(trump, last_round: bool) -> str:
    if trump.method == "cycle":
        return "cycle " + " ".join("NT" if suit is None else suit for suit in trump.cycle)
    words = {"turned-card": "turned card", "cut": "a cut", "named": "named by a player",
             "spades": "spades", "dealer-last-card": "the dealer's last card"}[trump.method]
    if trump.method == "turned-card":
        words += {"no-trump": "; no trump when no card is left",
                  "dealer-last-card": "; the dealer's last card when no card is left",
                  "spades": "; spades when no card is left"}[trump.when_no_card_left]
    if trump.no_trump_last_round:
        words = words.split(";")[0] + "; no trump in the last round"
    if trump.last_round_dealer_card:
        words = words.split(";")[0] + "; the dealer's last card in the last round"
    return words


def engine_value(row: dict[str, str]) -> str:
    """What the engine plays for the row's rule, written as the table writes it."""
    preset = find_preset(row["preset"].strip("`"))
    variant = None if row["variant"] == "—" else row["variant"].strip("`")
    rules = preset.variant(variant).apply(preset.ruleset) if variant else preset.ruleset
    kind, _, arg = row["rule"].partition(" ")
    scoring = rules.scoring
    if kind == "players":
        low, high = (preset.variant_range(preset.variant(variant)) if variant
                     else (preset.min_players, preset.max_players))
        return f"{low}–{high}"
    if kind == "schedule":
        return " ".join(str(plan.cards) for plan in plan_game(preset, rules, int(arg), variant))
    if kind == "exact":
        return str(scoring.points(int(arg), int(arg), 10))
    if kind in ("over", "under"):
        bid, tricks = map(int, arg.split("/"))
        assert (tricks > bid) == (kind == "over"), row
        return str(scoring.points(bid, tricks, 10))
    if kind == "zero" and arg == "made":
        return str(scoring.points(0, 0, 10))
    if kind == "zero" and arg == "missed":
        return str(scoring.points(0, 1, 10))
    if kind == "zero" and arg.startswith("limit"):
        return str(rules.zero_bid_limit_for(int(arg.split()[1])))
    if kind == "trumps":
        return _trump_words(rules.trump, True)
    if kind == "hook":
        return "on" if rules.hook.mode == "on" else rules.hook.mode
    if kind == "ties":
        return rules.tie_break
    raise AssertionError(f"unknown rule {row['rule']!r}")


def _written(row: dict[str, str]) -> str:
    if row["rule"].startswith("schedule"):
        return " ".join(map(str, _expand(row["value"])))
    return row["value"]


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r['preset']}-{r['variant']}-{r['rule']}")
def test_each_row_of_the_rule_table_is_what_the_engine_plays(row):
    assert engine_value(row) == _written(row)


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r['preset']}-{r['variant']}-{r['rule']}")
def test_each_row_cites_a_listed_source_and_says_matches_or_why_not(row):
    assert re.fullmatch(r"\[[A-Z]{2}-[a-z-]+\]", row["source"]), row["source"]
    assert row["source"] in DOCS.split("## 1. Cards and deck")[0]  # the sources list
    assert row["passage"]
    assert row["check"].startswith(("matches", "our choice: ")), row["check"]
    quoted = '"' in row["passage"]
    assert quoted or "not" in row["passage"] or "silent" in row["passage"], row["passage"]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_has_a_row_for_each_rule_the_issue_lists(name):
    rules = {row["rule"].split()[0] for row in ROWS
             if row["preset"] == f"`{name}`" and row["variant"] == "—"}
    assert set(REQUIRED) <= rules, set(REQUIRED) - rules


def test_every_variant_issue_30_added_has_a_row():
    added = {("ohhell", "wikipedia-basic"), ("ohhell", "squares"), ("ohhell", "exact-penalty"),
             ("ohhell", "ten-times"), ("ohhell", "ten-times-penalty"),
             ("ohhell", "ten-times-zero-five"), ("ohhell", "cut-for-trump"),
             ("contract-whist", "navy-order"), ("contract-whist", "deck-allows"),
             ("piekielko", "last-card-trump"), ("piekielko", "difference-penalty"),
             ("piekielko", "under-penalty"), ("estonian", "trick-points"),
             ("estonian", "up-down"), ("estonian", "down-up"), ("kachuful", "zero-limit")}
    rows = {(row["preset"].strip("`"), row["variant"].strip("`")) for row in ROWS}
    assert added <= rows, added - rows
