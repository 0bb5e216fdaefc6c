"""A table that changes during the game, at a phone's viewport: a sixth player
joins in round 3, one leaves in round 6, a round is inserted, round 2 is
corrected, and the standings, the history and the CSV export all agree."""

from __future__ import annotations

import csv
import io
import json

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.rules import find_scoring, score_game

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


def export(page: Page, gid: str, kind: str, tmp_path) -> str:
    page.goto(f"/g/{gid}/standings")
    with page.expect_download() as info:
        page.get_by_role("link", name=f"Export {kind}").click()
    path = tmp_path / f"game.{kind.lower()}"
    info.value.save_as(path)
    return path.read_text(encoding="utf-8")


def test_join_leave_insert_and_correct_keep_standings_history_and_export_in_step(
    page: Page, seeder, shoot, tmp_path
):
    gid = seeder.start(NAMES, preset="estonian")  # 1, 2, ... 10 cards for 5 players
    seeder.play_rounds(gid, 2)

    # Round 3: Fay sits down between Cy and Di, starting with the average total.
    page.goto(f"/g/{gid}/players")
    form = page.locator("#join")
    form.get_by_label("Name").fill("Fay")
    form.get_by_label("Sits after").select_option(label="Cy")
    form.get_by_label("Starting score", exact=True).select_option("average")
    form.get_by_role("button", name="Add to the table").click()
    expect(page.locator("#roster")).to_contain_text("Fay")
    expect(page.locator("#roster")).to_contain_text("plays from round 3")

    # Six players cannot get 9 or 10 cards each from one deck: the table is told and fixes it.
    page.goto(f"/g/{gid}/schedule")
    expect(page.get_by_role("alert")).to_contain_text("cannot deal round 9, 10")
    shoot("schedule-unfit")
    page.get_by_role("button", name="Lower those rounds to what the deck can deal").click()
    expect(page.get_by_role("alert")).to_have_count(0)

    page.goto(f"/g/{gid}/round/3")
    expect(page.locator("#entry")).to_contain_text("Fay")
    # Off the open round screen before the rounds are played: it would follow
    # them (its stream) and could be on its way to the next round at the next goto.
    page.goto(f"/g/{gid}/players")
    seeder.play_rounds(gid, 3)  # rounds 3, 4, 5

    # Round 6: Bob leaves.
    page.goto(f"/g/{gid}/players")
    bob = page.locator("#roster li", has_text="Bob")
    bob.get_by_role("button", name="Leaves the game").click()
    expect(page.locator("#roster li", has_text="Bob")).to_contain_text("left before round 6")
    page.goto(f"/g/{gid}/round/6")
    expect(page.locator("#entry")).not_to_contain_text("Bob")

    # A last one-card round for suspense.
    page.goto(f"/g/{gid}/schedule")
    insert = page.locator("#insert")
    insert.get_by_label("Round number").fill("11")
    insert.get_by_label("Cards each").fill("1")
    insert.get_by_role("button", name="Insert").click()
    expect(page.locator("#rounds tbody tr")).to_have_count(11)

    # Round 2 was entered wrong: Cy (who led) took both tricks as written, but
    # Ann took one of them.
    page.goto(f"/g/{gid}/standings")
    page.locator("#corrections").get_by_role("link", name="✎ Correct round 2").click()
    expect(page.locator("h1")).to_have_text("Correct round 2")
    ann = page.get_by_role("group", name="Ann: tricks")
    cy = page.get_by_role("group", name="Cy: tricks")
    expect(ann.locator("input:checked")).to_have_value("0")
    expect(cy.locator("input:checked")).to_have_value("2")
    ann.locator("label.pick", has_text="1").click()
    cy.locator("label.pick", has_text="1").click()
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("h1")).to_have_text("Round 2 of 11")
    expect(page.locator("p.notice[role=status]").first).to_contain_text("Round 2 corrected")
    page.goto(f"/g/{gid}/standings")
    shoot("changing-table-standings")

    standings = {}
    for row in page.locator("#standings tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        name = cells[1].replace("★", "").strip()
        if name.endswith(" left"):
            assert name == "Bob left", "only Bob has left"
            name = "Bob"
        standings[name] = int(cells[2])

    # The engine, from the exported facts: round points plus the starting score.
    data = json.loads(export(page, gid, "JSON", tmp_path))
    rounds = [r for r in data["rounds"] if r["closed"]]
    game = score_game(find_scoring("standard"), [
        {name: (r["bids"][name], r["tricks"][name], r["cards"]) for name in r["players"]}
        for r in rounds
    ])
    expected = {name: game.totals.get(name, 0) for name in NAMES + ["Fay"]}
    for adjustment in data["adjustments"]:
        expected[adjustment["player"]] += adjustment["points"]
    assert standings == expected
    assert [r["cards"] for r in data["rounds"]] == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 1]
    assert "Bob" not in data["rounds"][5]["players"] and "Fay" in data["rounds"][2]["players"]

    text = export(page, gid, "CSV", tmp_path)
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    header, body = rows[0], rows[1:]  # one table: the rules are a file of their own
    totals = {}
    for row in map(lambda r: dict(zip(header, r)), body):
        totals[row["Player"]] = int(row["Total"])
    assert totals == standings
    assert any(r[header.index("Note")] == "Starting score" for r in body)

    page.goto(f"/g/{gid}/history")
    history = page.locator("#history")
    expect(history).to_contain_text("New player: Fay, from round 3")
    expect(history).to_contain_text("Bob: leaves the game from round 6 on")
    expect(history).to_contain_text("Schedule: a round of 1 cards inserted as round 11")
    expect(history).to_contain_text("Round 2 corrected: Cy: tricks 2 → 1, Ann: tricks 0 → 1")
    # By round, newest first: round 2's group opens on its correction, the last change made to it.
    round_2 = history.locator("#history-2")
    round_2.locator("summary").click()
    expect(round_2.locator("li").first).to_contain_text("Round 2 corrected")
    expect(history.locator("details").first).to_have_attribute("id", "history-5")
    shoot("changing-table-history")
