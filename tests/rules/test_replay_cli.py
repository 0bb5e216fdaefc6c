"""The replay command line: python -m scorekeeper.rules.replay FILE|- [--jsonl]."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from scorekeeper.rules.replay import main

from hand_record_example import EXAMPLE, EXAMPLE_OUTPUT

ROOT = Path(__file__).resolve().parents[2]

AGREEING = EXAMPLE | {"claimed_tricks": [0, 1, 0, 1]}
REVOKING = EXAMPLE | {"plays": [["AS", "4C", "2H", "3S"], ["5C", "TC", "QC", "KS"]], "claimed_tricks": None}


def run(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess:
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.rules.replay", *args],
        input=data, capture_output=True, cwd=ROOT, env=env, timeout=60,
    )


def run_here(*args: str, stdin: str | bytes = b"", capsys=None, monkeypatch=None) -> SimpleNamespace:
    """Run ``main`` in this process (fast), like :func:`run` does in a child."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    status = main(list(args))
    captured = capsys.readouterr()
    return SimpleNamespace(
        returncode=status, stdout=captured.out.encode("utf-8"), stderr=captured.err.encode("utf-8")
    )


def write(tmp_path: Path, obj: object, name: str = "hand.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return str(path)


def output(completed: subprocess.CompletedProcess) -> object:
    return json.loads(completed.stdout.decode("utf-8"))


def test_a_clean_agreeing_hand_prints_the_output_and_exits_0(tmp_path):
    completed = run(write(tmp_path, AGREEING))
    assert completed.returncode == 0
    assert output(completed)["tricks_won"] == [0, 1, 0, 1]
    assert completed.stderr == b""


def test_the_hand_record_example_has_disputes_and_exits_1(tmp_path):
    completed = run(write(tmp_path, EXAMPLE))
    assert completed.returncode == 1
    assert output(completed) == EXAMPLE_OUTPUT


def test_a_hand_with_a_violation_exits_1_and_explains_it(tmp_path, capsys, monkeypatch):
    completed = run_here(write(tmp_path, {k: v for k, v in REVOKING.items() if v is not None}),
                         capsys=capsys, monkeypatch=monkeypatch)
    assert completed.returncode == 1
    (violation,) = output(completed)["violations"]
    assert violation["rule"] == "revoke" and violation["seat"] == 2
    assert "Cy played 4♣ on a spade lead" in violation["detail"]


def test_standard_input_is_read_with_a_dash(capsys, monkeypatch):
    completed = run_here("-", stdin=json.dumps(AGREEING), capsys=capsys, monkeypatch=monkeypatch)
    assert completed.returncode == 0
    assert output(completed)["tricks_won"] == [0, 1, 0, 1]


@pytest.mark.parametrize(
    ("stdin", "field", "words"),
    [
        ('{"players": ["Ann"', "record", "not valid JSON"),
        ("[1, 2, 3]", "record", "must be a JSON object"),
        ('"just text"', "record", "must be a JSON object"),
        ("", "record", "not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "record", "not valid JSON"),
        ('{"dealer": 0, "dealer": 1}', "dealer", "appears twice"),
        (json.dumps(EXAMPLE | {"dealer": 9}), "dealer", "from 0 to 3"),
        (json.dumps(EXAMPLE | {"plays": [["AS", "KS", "2H", "3S"], ["5C", "XX", "QC", "2C"]]}),
         "plays[1][1]", "'XX' is not a card"),
        (json.dumps(EXAMPLE | {"rules": {"decks": 3}}), "rules.decks", "1 or 2"),
        (json.dumps(EXAMPLE | {"hands": [["AS"]]}), "hands", "one per seat"),
    ],
)
def test_a_malformed_record_exits_2_naming_the_field_without_a_traceback(
    stdin, field, words, capsys, monkeypatch
):
    completed = run_here("-", stdin=stdin, capsys=capsys, monkeypatch=monkeypatch)
    assert completed.returncode == 2
    error = output(completed)
    assert error["field"] == field
    assert error["error"].startswith(f"{field}: ") and words in error["error"]
    assert words in completed.stderr.decode("utf-8")
    assert b"Traceback" not in completed.stderr


def test_text_that_is_not_utf8_exits_2_without_a_traceback(capsys, monkeypatch):
    completed = run_here("-", stdin=b'{"players": ["\xff"]}', capsys=capsys, monkeypatch=monkeypatch)
    assert completed.returncode == 2
    assert b"UTF-8" in completed.stderr and b"Traceback" not in completed.stderr


def test_a_missing_file_exits_2_with_a_message(tmp_path):
    completed = run(str(tmp_path / "nowhere.json"))
    assert completed.returncode == 2
    assert b"cannot read" in completed.stderr and b"Traceback" not in completed.stderr


def test_a_directory_instead_of_a_file_exits_2_with_a_message(tmp_path, capsys, monkeypatch):
    completed = run_here(str(tmp_path), capsys=capsys, monkeypatch=monkeypatch)
    assert completed.returncode == 2
    assert b"cannot read" in completed.stderr and b"Traceback" not in completed.stderr


def test_no_file_argument_is_a_usage_error():
    completed = run()
    assert completed.returncode == 2
    assert b"usage:" in completed.stderr


def test_a_byte_order_mark_is_tolerated(tmp_path, capsys, monkeypatch):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(AGREEING).encode())
    assert run_here(str(path), capsys=capsys, monkeypatch=monkeypatch).returncode == 0


def test_jsonl_gives_one_result_per_record_in_order_and_goes_on_after_a_bad_line(tmp_path):
    lines = [
        json.dumps(AGREEING),
        "{broken",
        "",
        json.dumps(EXAMPLE),
        json.dumps([1]),
        json.dumps(AGREEING | {"trump": "H"}),
    ]
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    completed = run("--jsonl", str(path))
    results = [json.loads(line) for line in completed.stdout.decode("utf-8").splitlines()]
    assert len(results) == 5  # the blank line is skipped
    assert results[0]["tricks_won"] == [0, 1, 0, 1]
    assert results[1]["field"] == "record" and results[1]["line"] == 2 and "error" in results[1]
    assert results[2]["disputes"] == [0, -1, 1, 0]
    assert results[3]["error"].startswith("record: ") and results[3]["line"] == 5
    assert results[4]["tricks_won"] == [0, 1, 0, 1]
    assert completed.returncode == 2
    assert b"Traceback" not in completed.stderr


@pytest.mark.parametrize(
    ("records", "status"),
    [
        ([AGREEING, AGREEING], 0),
        ([AGREEING, EXAMPLE], 1),
        ([EXAMPLE, AGREEING], 1),
        ([AGREEING, {"players": []}, EXAMPLE], 2),
    ],
)
def test_jsonl_exits_with_the_worst_status_of_its_records(records, status, capsys, monkeypatch):
    stdin = "\n".join(json.dumps(r) for r in records)
    completed = run_here("--jsonl", "-", stdin=stdin, capsys=capsys, monkeypatch=monkeypatch)
    assert completed.returncode == status
    assert len(completed.stdout.decode("utf-8").splitlines()) == len(records)


def test_help_describes_the_exit_statuses():
    completed = run("--help")
    assert completed.returncode == 0
    assert b"Exit status" in completed.stdout
