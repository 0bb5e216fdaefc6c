"""Recording a hand card by card, its verdict, applying it, and hand records in and out.

The hand used throughout: Ann deals round 1 (5 cards, hearts trump) to Bob,
Cy, Di and Ann, in that order. Di revokes in the first trick (a club on a
spade lead) and proves it by leading a spade in the third. Replayed: Bob 1,
Cy 1, Di 2, Ann 1; the table wrote Di 1 and Ann 2.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

import pytest

from scorekeeper.storage.models import Change, HandEvent

ORDER = [1, 2, 3, 0]  # Bob, Cy, Di, Ann: Ann deals round 1
NAMES = {0: "Ann", 1: "Bob", 2: "Cy", 3: "Di"}
PLAYS = [
    ["AS", "KS", "2C", "4S"],  # Di revokes: holds 3S; Bob wins
    ["5C", "6C", "9C", "7C"],  # Di wins
    ["3S", "5S", "6S", "7S"],  # Di leads the spade she held; Cy wins
    ["2H", "3H", "4H", "8D"],  # Cy leads trump; Ann wins with 4H
    ["TD", "9D", "JD", "QD"],  # Ann leads; Di wins
]
CARDS = [card for trick in PLAYS for card in trick]
HANDS = {  # as dealt, by player id
    1: ["AS", "5C", "6S", "8D", "9D"],
    2: ["KS", "6C", "7S", "2H", "JD"],
    3: ["2C", "9C", "3S", "3H", "QD"],
    0: ["4S", "7C", "5S", "4H", "TD"],
}
BIDS = {1: 1, 2: 1, 3: 1, 0: 1}
WRITTEN = {1: 1, 2: 1, 3: 1, 0: 2}
REPLAYED = {1: 1, 2: 1, 3: 2, 0: 1}
HTMX = {"HX-Request": "true"}


def start(table, **adjust):
    adjust.setdefault("shape", "custom")
    adjust.setdefault("custom", "5 4")
    adjust.setdefault("scoring", "standard")
    return table.start(**adjust)


def hand_url(table, number=1, path=""):
    return table.url(f"/round/{number}/hand{path or '/'}")


def play(table, cards, number=1, htmx=False):
    for card in cards:
        response = table.client.post(hand_url(table, number, "/card"), data={"card": card},
                                     headers=HTMX if htmx else {})
        assert response.status_code in (200, 204, 302), response.get_data(as_text=True)
    return response


def closed_round_one(table, written=WRITTEN):
    start(table)
    table.play_round(1, ORDER, 5, BIDS, written)


def page(client, table, number=1):
    response = client.get(hand_url(table, number))
    assert response.status_code == 200
    return response.get_data(as_text=True)


def totals(client, table):
    data = json.loads(client.get(table.url("/export.json")).get_data(as_text=True))
    return {s["player"]: s["total"] for s in data["standings"]}


# --- Reaching the page ------------------------------------------------------------


def test_the_round_screen_links_to_recording_its_hand(table, client):
    start(table)
    round_page = client.get(table.url("/round/1")).get_data(as_text=True)
    assert f'href="/g/{table.gid}/round/1/hand/"' in round_page and "Record the hand" in round_page


def test_a_closed_round_can_have_its_hand_recorded_too(table, client):
    closed_round_one(table)
    assert f'href="/g/{table.gid}/round/1/hand/"' in client.get(table.url("/round/1")).get_data(as_text=True)
    text = page(client, table)
    assert "Bob to play" in text and text.count('name="card"') == 52


def test_a_round_not_yet_begun_cannot_be_recorded(table, client):
    start(table)
    response = client.get(hand_url(table, 2))
    assert response.status_code == 422 and "has not started yet" in response.get_data(as_text=True)
    assert client.get(hand_url(table, 9)).status_code == 404


def test_a_card_needs_the_trump_chosen_first(table, client):
    start(table)
    response = client.post(hand_url(table, 1, "/card"), data={"card": "AS"}, headers=HTMX)
    assert response.status_code == 422
    assert "Choose the trump on the round screen first." in response.get_data(as_text=True)


# --- Recording cards ---------------------------------------------------------------


def test_a_card_as_htmx_returns_only_the_small_recorder(htmx_table, client):
    start(htmx_table)
    htmx_table.trump(1, "H")
    response = play(htmx_table, ["AS"], htmx=True)
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and "HX-Request" in response.headers["Vary"]
    assert body.lstrip().startswith('<section id="recorder"') and "<html" not in body
    assert len(response.data) < 10_000
    assert "Cy to play" in body and 'name="at" value="1"' in body
    assert 'value="AS" disabled' in body


def test_a_card_as_a_plain_post_redirects_to_the_page(table, client):
    start(table)
    table.trump(1, "H")
    response = client.post(hand_url(table, 1, "/card"), data={"card": "10s"})
    assert response.status_code == 302 and response.headers["Location"].endswith("/round/1/hand/")
    assert "Cy to play" in page(client, table)


def test_the_page_shows_the_trick_so_far_and_who_won_the_last(table, client):
    start(table)
    table.trump(1, "H")
    play(table, PLAYS[0] + ["5C"])
    text = page(client, table)
    assert "Trick 1: Bob takes it." in text and "Trick 2" in text and "Cy to play" in text
    assert "5♣" in text
    play(table, ["6C", "9C", "7C"])
    assert "Trick 2: Di takes it. Di leads next." in page(client, table)


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("text", ["1S", "ZZ", "", "AS AS", "x" * 40])
def test_a_card_text_that_is_not_a_card_is_refused_in_place(table, client, htmx, text):
    start(table)
    table.trump(1, "H")
    response = client.post(hand_url(table, 1, "/card"), data={"card": text},
                           headers=HTMX if htmx else {})
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert 'class="error"' in body and ("is not a card" in body or "Tap a card" in body)
    assert body.lstrip().startswith('<section id="recorder"') == htmx


def test_a_card_played_twice_is_accepted_and_flagged(table, client, app):
    start(table)
    table.trump(1, "H")
    response = play(table, ["AS", "AS"], htmx=True)
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert "card played twice" in body and "Trick 1, Cy: A♠" in body
    with app.app_context():
        assert HandEvent.query.filter_by(kind="card").count() == 2


def test_a_stale_tap_or_double_tap_records_nothing(table, client, app):
    start(table)
    table.trump(1, "H")
    url = hand_url(table, 1, "/card")
    assert client.post(url, data={"card": "AS", "at": "0"}, headers=HTMX).status_code == 200
    again = client.post(url, data={"card": "AS", "at": "0"}, headers=HTMX)
    assert again.status_code == 409 and "double tap" in again.get_data(as_text=True)
    with app.app_context():
        assert HandEvent.query.count() == 1


def test_after_the_last_card_the_page_is_reloaded_with_the_verdict(htmx_table, client):
    closed_round_one(htmx_table)
    response = play(htmx_table, CARDS, htmx=True)
    assert response.status_code == 204 and response.headers["HX-Redirect"].endswith("/hand/?at=20#verdict")
    extra = client.post(hand_url(htmx_table, 1, "/card"), data={"card": "AH"}, headers=HTMX)
    assert extra.status_code == 422 and "All 5 tricks are recorded" in extra.get_data(as_text=True)


# --- Undo and restart ----------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_undo_takes_back_the_last_card(table, client, htmx):
    start(table)
    table.trump(1, "H")
    play(table, ["AS", "KS"])
    response = client.post(hand_url(table, 1, "/undo"), headers=HTMX if htmx else {})
    assert response.status_code == (200 if htmx else 302)
    text = page(client, table)
    assert "Di to play" not in text and "Cy to play" in text and 'value="KS">' in text


def test_undo_with_nothing_recorded_is_refused(table, client):
    start(table)
    table.trump(1, "H")
    response = client.post(hand_url(table, 1, "/undo"), headers=HTMX)
    assert response.status_code == 422 and "nothing to undo" in response.get_data(as_text=True)


def test_undo_of_the_last_card_takes_the_verdict_away(htmx_table, client):
    closed_round_one(htmx_table)
    play(htmx_table, CARDS)
    response = client.post(hand_url(htmx_table, 1, "/undo"), headers=HTMX)
    assert response.status_code == 204 and "HX-Redirect" in response.headers
    assert 'id="verdict"' not in page(client, htmx_table)


def test_starting_over_keeps_the_events_but_clears_the_hand(table, client, app):
    start(table)
    table.trump(1, "H")
    play(table, ["AS", "KS"])
    assert client.post(hand_url(table, 1, "/restart")).status_code == 302
    assert "Bob to play" in page(client, table)
    with app.app_context():
        assert [e.kind for e in HandEvent.query.order_by(HandEvent.seq)] == ["card", "card", "reset"]


# --- Dealt hands -------------------------------------------------------------------------


def deal(table, player, cards, htmx=False):
    for card in cards:
        response = table.client.post(hand_url(table, 1, "/deal"), data={"player": player, "card": card},
                                     headers=HTMX if htmx else {})
        assert response.status_code in (200, 302), response.get_data(as_text=True)
    return response


def test_entering_a_dealt_hand_as_htmx_and_as_plain_posts(table, client):
    start(table)
    table.trump(1, "H")
    response = deal(table, 1, HANDS[1][:2], htmx=True)
    body = response.get_data(as_text=True)
    assert "Bob: cards dealt" in body and "2 of 5 cards" in body
    assert 'value="AS" aria-pressed="true"' in body
    plain = client.post(hand_url(table, 1, "/deal"), data={"player": 1, "card": "8D"})
    assert plain.status_code == 302 and plain.headers["Location"].endswith("/hand/?deal=1")
    # A second tap on a card takes it out again.
    body = deal(table, 1, ["AS"], htmx=True).get_data(as_text=True)
    assert "2 of 5 cards" in body and 'value="AS" aria-pressed="false"' in body


def test_a_dealt_hand_cannot_hold_too_many_cards_or_another_players_card(table, client):
    start(table)
    table.trump(1, "H")
    deal(table, 1, HANDS[1])
    full = client.post(hand_url(table, 1, "/deal"), data={"player": 1, "card": "2S"}, headers=HTMX)
    assert full.status_code == 422 and "already has all 5 cards" in full.get_data(as_text=True)
    taken = client.post(hand_url(table, 1, "/deal"), data={"player": 2, "card": "AS"}, headers=HTMX)
    assert taken.status_code == 422 and "Bob: " in taken.get_data(as_text=True) and "is already in the hand" in taken.get_data(as_text=True)
    absent = client.post(hand_url(table, 1, "/deal"), data={"player": 7, "card": "2S"}, headers=HTMX)
    assert absent.status_code == 422


def test_with_known_hands_a_revoke_and_a_card_not_in_hand_are_flagged_at_once(table, client):
    start(table)
    table.trump(1, "H")
    for player, cards in HANDS.items():
        deal(table, player, cards)
    body = play(table, ["AS", "KS", "2C"], htmx=True).get_data(as_text=True)
    assert "revoke" in body and "Trick 1, Di: did not follow suit" in body and "3♠" in body
    body = play(table, ["QH"], htmx=True).get_data(as_text=True)  # Ann never held it
    assert "card not in hand" in body and "Trick 1, Ann: Q♥, which is not in the hand dealt" in body


def test_with_a_known_hand_the_picker_marks_the_cards_that_do_not_follow(table, client):
    start(table)
    table.trump(1, "H")
    for player, cards in HANDS.items():
        deal(table, player, cards)
    body = play(table, ["AS"], htmx=True).get_data(as_text=True)
    assert 'class="card" name="card" value="KS"' in body  # Cy's spades are legal
    assert 'class="card off" name="card" value="6C"' in body  # flagged, never blocked


# --- The verdict and applying it -------------------------------------------------------


def test_the_verdict_gives_tricks_counts_revoke_and_points(table, client):
    closed_round_one(table)
    play(table, CARDS)
    text = page(client, table)
    verdict = text[text.index('id="verdict"'):]
    assert "Trick 1, Di: did not follow suit" in verdict
    assert "Di: 3♠ played later, in trick 3." in verdict
    assert verdict.count("trick to Bob") == 1 and verdict.count("trick to Di") == 2
    assert "differs from the replay for Di, Ann" in verdict
    assert "<del class=\"muted\" title=\"Points now\">+0</del> <b>+11</b>" in verdict  # Ann
    assert "Apply the replayed tricks to round 1" in verdict


@pytest.mark.parametrize("htmx", [False, True])
def test_applying_corrects_a_closed_round_and_keeps_it_in_the_history(table, client, app, htmx):
    closed_round_one(table)
    before = totals(client, table)
    play(table, CARDS)
    response = client.post(hand_url(table, 1, "/apply"), headers=HTMX if htmx else {})
    where = response.headers["HX-Redirect" if htmx else "Location"]
    assert response.status_code == (204 if htmx else 302) and where.endswith("/hand/#verdict")
    # The verdict says what changed, once, with the round's new tricks.
    shown = client.get(where.split("#")[0]).get_data(as_text=True)
    applied = shown[shown.index('id="verdict-applied"'):]
    applied = applied[:applied.index("</div>")]
    assert "Applied to round 1:" in applied and "Round 1 corrected" in applied
    assert "Applied to round 1:" not in page(client, table)
    after = totals(client, table)
    assert before == {"Ann": 0, "Bob": 11, "Cy": 11, "Di": 11}
    assert after == {"Ann": 11, "Bob": 11, "Cy": 11, "Di": 0}
    with app.app_context():
        last = Change.query.order_by(Change.seq.desc()).first()
        assert last.kind == "correct" and last.value["tricks"] == {str(k): v for k, v in REPLAYED.items()}
    assert "Apply the replayed" not in page(client, table)
    again = client.post(hand_url(table, 1, "/apply"))
    assert again.status_code == 422 and "already has the replayed tricks" in again.get_data(as_text=True)


def test_applying_to_the_round_being_played_enters_the_tricks_and_leaves_it_open(table, client, app):
    start(table)
    table.trump(1, "H")
    for seat in ORDER:
        table.bid(1, seat, BIDS[seat])
    play(table, CARDS)
    response = client.post(hand_url(table, 1, "/apply"))
    assert response.status_code == 302 and response.headers["Location"].endswith("/hand/#verdict")
    shown = client.get(response.headers["Location"].split("#")[0]).get_data(as_text=True)
    applied = shown[shown.index('id="verdict-applied"'):]
    applied = applied[:applied.index("</div>")]
    assert [f"Round 1, {name}:" in applied for name in ("Ann", "Bob", "Cy", "Di")] == [True] * 4
    with app.app_context():
        entered = {c.player: c.value for c in Change.query.filter_by(kind="tricks")}
    assert entered == REPLAYED
    assert table.close(1).status_code == 302
    assert totals(client, table) == {"Ann": 11, "Bob": 11, "Cy": 11, "Di": 0}


def test_applying_needs_a_complete_hand_and_every_bid(table, client):
    start(table)
    table.trump(1, "H")
    play(table, CARDS)
    response = client.post(hand_url(table, 1, "/apply"))
    assert response.status_code == 422 and "Enter every bid" in response.get_data(as_text=True)
    client.post(hand_url(table, 1, "/undo"))
    for seat in ORDER:
        table.bid(1, seat, BIDS[seat])
    response = client.post(hand_url(table, 1, "/apply"))
    assert response.status_code == 422 and "Record every card" in response.get_data(as_text=True)


# --- Variants ------------------------------------------------------------------------------


def test_two_decks_with_must_trump(table, client):
    start(table, decks="2", must_trump="yes")
    table.trump(1, "H")
    hands = {1: ["AS", "2C", "3C", "4C", "5C"], 2: ["2H", "6C", "7C", "8C", "9D"],
             3: ["AS", "9C", "TC", "JC", "QC"], 0: ["QS", "KC", "AC", "2D", "3D"]}
    for player, cards in hands.items():
        deal(table, player, cards)
    body = play(table, ["AS"], htmx=True).get_data(as_text=True)
    assert 'value="AS">A♠</button>' in body and 'value="KS">K♠<sup>×2</sup>' in body
    # Cy has no spade but holds the 2 of hearts: with must-trump, a club is flagged.
    body = play(table, ["6C"], htmx=True).get_data(as_text=True)
    assert "must trump" in body and "the trump 2♥ in hand" in body
    client.post(hand_url(table, 1, "/undo"))
    body = play(table, ["2H", "AS", "QS"], htmx=True).get_data(as_text=True)
    assert "Trick 1: Cy takes it." in body
    assert "card played twice" not in body and "must trump" not in body  # two aces of spades
    assert 'value="AS">A♠</button>' not in body and 'value="AS" disabled' in body


def test_two_identical_cards_the_first_played_wins(table, client):
    start(table, decks="2")
    table.trump(1, "none")
    play(table, ["KD", "AD", "AD", "2D"])
    assert "Trick 1: Cy takes it." in page(client, table)


def test_a_round_without_trump(table, client):
    start(table)
    table.trump(1, "none")
    play(table, ["2C", "AH", "3C", "4C"])
    assert "Trick 1: Ann takes it." in page(client, table)


def test_a_player_sitting_out_is_not_in_the_hand(table, client):
    start(table, names=("Ann", "Bob", "Cy", "Di", "Ed"))
    assert client.post(table.url("/players/sit-out"), data={"player": "2", "round": "1"}).status_code == 302
    table.trump(1, "H")
    play(table, ["AS", "KS", "QS"])  # Bob, Di, Ed; Cy sits out
    text = page(client, table)
    assert "Ann to play" in text
    play(table, ["2S"])
    assert "Trick 1: Bob takes it. Bob leads next." in page(client, table)
    record = json.loads(client.get(hand_url(table, 1, "/record.json")).get_data(as_text=True))
    assert record["players"] == ["Ann", "Bob", "Di", "Ed"] and record["dealer"] == 0


# --- Hand records out and in -----------------------------------------------------------


def test_export_downloads_a_hand_record(table, client):
    closed_round_one(table)
    assert client.get(hand_url(table, 1, "/record.json")).status_code == 404  # nothing yet
    play(table, CARDS)
    response = client.get(hand_url(table, 1, "/record.json"))
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    record = json.loads(response.get_data(as_text=True))
    assert record["format"] == "ohhell-hand/1"
    assert record["players"] == ["Ann", "Bob", "Cy", "Di"] and record["dealer"] == 0
    assert record["trump"] == "H" and record["plays"] == PLAYS
    assert record["bids"] == [1, 1, 1, 1] and record["claimed_tricks"] == [2, 1, 1, 1]
    assert record["rules"]["scoring"] == "standard" and "hands" not in record


@pytest.mark.parametrize("with_hands", [False, True])
def test_the_command_line_replay_agrees_with_the_page(table, client, tmp_path, with_hands):
    closed_round_one(table)
    table.trump(1, "H")
    if with_hands:
        for player, cards in HANDS.items():
            deal(table, player, cards)
    play(table, CARDS)
    path = tmp_path / "hand.json"
    path.write_bytes(client.get(hand_url(table, 1, "/record.json")).data)
    assert ("hands" in json.loads(path.read_text())) == with_hands
    run = subprocess.run([sys.executable, "-m", "scorekeeper.rules.replay", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1, run.stderr  # a revoke and a dispute
    out = json.loads(run.stdout)
    players = json.loads(path.read_text())["players"]
    cli_won = dict(zip(players, out["tricks_won"]))
    cli_flags = [(v["rule"], v["trick"] + 1, players[v["seat"]], v["card"]) for v in out["violations"]]
    cli_scores = dict(zip(players, out["scores"]))

    text = page(client, table)
    verdict = text[text.index('id="verdict"'):]
    assert cli_won == {NAMES[p]: n for p, n in REPLAYED.items()}
    assert cli_flags == [("revoke", 1, "Di", "2C")]
    assert "Trick 1, Di: did not follow suit" in verdict and "2♣" in verdict
    for name, won in cli_won.items():
        assert f"<td>{name}</td>" in verdict
    counts = verdict[verdict.index('id="verdict-counts"'):verdict.index("</table>")]
    rows = {row.split("<td>")[1].split("</td>")[0]: row for row in counts.split("<tr")[2:]}
    for name in players:
        assert f"<b>{cli_won[name]}</b>" in rows[name]
        assert "%+d" % cli_scores[name] in rows[name]
    assert [(d, n) for d, n in zip(out["disputes"], players) if d] == [(1, "Ann"), (-1, "Di")]


def record_json(**changes):
    record = {"players": ["Ann", "Bob", "Cy", "Di"], "dealer": 0, "trump": "H", "plays": PLAYS}
    record.update(changes)
    return json.dumps(record)


def test_importing_a_pasted_record_replaces_the_hand(table, client, app):
    closed_round_one(table)
    play(table, ["AS"])
    response = client.post(hand_url(table, 1, "/import"), data={"text": record_json()})
    assert response.status_code == 302 and response.headers["Location"].endswith("/round/1/hand/")
    assert "differs from the replay for Di, Ann" in page(client, table)
    with app.app_context():
        kinds = [e.kind for e in HandEvent.query.order_by(HandEvent.seq)]
    assert kinds == ["card", "reset"] + ["card"] * 20


def test_importing_an_uploaded_file_with_hands(table, client):
    closed_round_one(table)
    hands = [HANDS[0], HANDS[1], HANDS[2], HANDS[3]]
    data = {"file": (io.BytesIO(record_json(hands=hands).encode()), "hand.json"), "text": ""}
    response = client.post(hand_url(table, 1, "/import"), data=data, content_type="multipart/form-data")
    assert response.status_code == 302
    text = page(client, table)
    assert "Bob · 5/5" in text and "Trick 1, Di: did not follow suit" in text


def test_the_import_page_offers_upload_and_paste(table, client):
    closed_round_one(table)
    text = client.get(hand_url(table, 1, "/import")).get_data(as_text=True)
    assert 'type="file"' in text and "<textarea" in text and 'enctype="multipart/form-data"' in text
    # It speaks of the file a table has (what "Export the hand" saves), not of a command-line tool.
    assert "Export the hand" in text
    assert not re.search(r"command|python|scorekeeper\.rules|terminal", text.split("<main")[1], re.I)


@pytest.mark.parametrize(
    "text, field, reason",
    [
        ("", "record", "empty"),
        ("{not json", "record", "not valid JSON"),
        ("[1, 2]", "record", "must be a JSON object"),
        (json.dumps({"players": ["Ann"], "dealer": 0, "trump": "H"}), "plays", "is required"),
        (record_json(plays=[["AS", "1S"]]), "plays[0][1]", "'1S' is not a card"),
        (record_json(dealer=7), "dealer", "from 0 to 3"),
        (record_json(trump="X"), "trump", "neither a card"),
        (record_json(colour="red"), "colour", "is not a field"),
        (record_json(hands=[["AS"], ["AS"], [], []]), "hands[1][0]", "dealt twice"),
        (record_json(rules={"decks": 3}), "rules.decks", "must be 1 or 2"),
        (record_json(players=["Ann", "Bob", "Cy", "Zed"]), "players[3]", "Zed does not play round 1"),
        (record_json(dealer=1), "dealer", "Ann deals round 1, not Bob"),
        (record_json(players=["Ann", "Cy", "Bob", "Di"]), "players", "another order"),
        (record_json(trump="S"), "trump", "played with hearts, not spades"),
        (record_json(plays=PLAYS + [["AH", "KH", "QH", "JH"]]), "plays", "has 6 tricks"),
        (record_json(plays=[["AS", "KS"], ["2C", "3C", "4C", "5C"]]), "plays[0]", "Only the last trick"),
        (record_json(hands=[["AS"], ["KS"], ["QS"], ["JS"]]), "hands[0]", "this hand has 1"),
        (record_json(rules={"decks": 2}), "rules.decks", "played with 1 deck, not 2"),
        (record_json(rules={"must_trump": True}), "rules.must_trump", "must-trump rule differs"),
    ],
)
def test_a_malformed_record_is_refused_naming_the_field_and_nothing_is_lost(
    table, client, app, text, field, reason
):
    closed_round_one(table)
    play(table, ["AS", "KS"])
    response = client.post(hand_url(table, 1, "/import"), data={"text": text})
    body = response.get_data(as_text=True)
    assert response.status_code == 422
    assert f"<code>{field}</code>" in body and reason in body.replace("&#39;", "'"), body[-2000:]
    with app.app_context():
        assert HandEvent.query.count() == 2  # the recorded cards are untouched
    assert "Di to play" in page(client, table)


def test_every_problem_of_a_record_of_another_round_is_named_together(table, client):
    closed_round_one(table)
    text = record_json(dealer=1, trump="S", rules={"decks": 2})
    body = client.post(hand_url(table, 1, "/import"), data={"text": text}).get_data(as_text=True)
    assert "3 problems" in body
    assert body.index("<code>dealer</code>") < body.index("<code>trump</code>") < body.index("<code>rules.decks</code>")
    assert "&#34;dealer&#34;: 1" in body or '"dealer": 1' in body  # the pasted text is kept


def test_an_uploaded_file_that_is_not_utf8_is_refused(table, client):
    closed_round_one(table)
    data = {"file": (io.BytesIO(b"\xff\xfe\x00"), "hand.json"), "text": ""}
    response = client.post(hand_url(table, 1, "/import"), data=data, content_type="multipart/form-data")
    assert response.status_code == 422 and "not UTF-8" in response.get_data(as_text=True)


def test_deleting_a_game_deletes_its_recorded_hands(table, client, app):
    closed_round_one(table)
    play(table, ["AS"])
    assert client.post(table.url("/delete")).status_code == 302
    with app.app_context():
        assert HandEvent.query.count() == 0


def test_applying_while_another_phone_closes_the_round_is_checked_again(table, client, app,
                                                                       monkeypatch):
    """Phone A applies the replayed tricks to the round being played; phone B
    closes the round between A reading the game and A writing. A's tricks must
    not slip into the closed round uncorrected: A sees the closed round and
    stores a correction instead."""
    from scorekeeper.storage import hands

    start(table)
    table.trump(1, "H")
    for seat in ORDER:
        table.bid(1, seat, BIDS[seat])
    for seat in ORDER:
        table.tricks(1, seat, WRITTEN[seat])
    play(table, CARDS)
    load_events = hands.load_events
    other_phone = app.test_client()
    calls = []

    def load_then_other_phone_closes(game, number):
        """The page loads the hand, then apply_replay does: B closes in between
        apply_replay's reading and its writing."""
        events = load_events(game, number)
        calls.append(number)
        if len(calls) == 2:
            assert other_phone.post(table.url("/round/1/close")).status_code == 302
        return events

    monkeypatch.setattr(hands, "load_events", load_then_other_phone_closes)
    response = client.post(hand_url(table, 1, "/apply"))
    assert response.status_code == 302
    with app.app_context():
        kinds = [c.kind for c in Change.query.order_by(Change.seq)][-2:]
    assert kinds == ["close", "correct"]
    assert totals(client, table) == {"Ann": 11, "Bob": 11, "Cy": 11, "Di": 0}
