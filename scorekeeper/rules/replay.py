"""The command line that replays hand records (docs/hand-record.md)::

    python -m scorekeeper.rules.replay FILE      # or - for standard input
    python -m scorekeeper.rules.replay --jsonl FILE

It prints the output object of each record (one per line with ``--jsonl``;
a malformed line gives ``{"error": ..., "field": ..., "line": ...}`` and the
run goes on). Exit status: 0 every hand is legal and agrees with the claims,
1 a hand has violations or disputes, 2 a record is malformed or the input
cannot be read. Never a traceback.

The engine itself lives in :mod:`scorekeeper.rules.records` and
:mod:`scorekeeper.rules.hand_replay` (re-exported here). It is a separate module
so that the package can import the engine without importing this one, which
``python -m`` runs as ``__main__``. It is the command docs/hand-record.md
names; replaying one record is :func:`~scorekeeper.rules.hand_replay.replay_hand`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import IO, Any, Final

from .errors import MalformedRecord, RulesError
from .records import FORMAT, HandRecord, parse_record, record_to_dict
from .hand_replay import ReplayResult, replay_hand, replay_to_json

__all__ = [
    "EXIT_CLEAN",
    "EXIT_MALFORMED",
    "EXIT_VIOLATIONS",
    "FORMAT",
    "HandRecord",
    "ReplayResult",
    "main",
    "parse_record",
    "record_to_dict",
    "replay",
]

EXIT_CLEAN: Final = 0
EXIT_VIOLATIONS: Final = 1
EXIT_MALFORMED: Final = 2


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) < len(pairs):  # some key appears twice: name the first one repeated
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise MalformedRecord(key, "appears twice in the same object")
            seen.add(key)
    return out


_DECODER: Final = json.JSONDecoder(object_pairs_hook=_reject_duplicates)


def _decode(text: str) -> object:
    """Decode JSON, turning every way it can fail into MalformedRecord."""
    try:
        if text.startswith("\ufeff"):  # json.loads refuses it, in its own words
            return json.loads(text, object_pairs_hook=_reject_duplicates)
        return _DECODER.decode(text)
    except json.JSONDecodeError as error:
        raise MalformedRecord(
            "record", f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise MalformedRecord("record", "not valid JSON: nested too deeply") from None
    except ValueError as error:  # e.g. a number too long to convert
        if isinstance(error, MalformedRecord):
            raise
        raise MalformedRecord("record", f"not valid JSON: {error}") from None


def _replay_text(text: str, *, as_line: bool = False) -> tuple[str | dict[str, Any], int]:
    """Replay one JSON record: (its output object, or with ``as_line`` the
    object's JSON line, or the error object; exit status)."""
    try:
        record = parse_record(_decode(text))
        if as_line:
            out, is_clean = replay_to_json(record)
        else:
            result = replay_hand(record)
            out, is_clean = result.to_dict(), result.is_clean
    except MalformedRecord as error:
        return {"error": str(error), "field": error.field}, EXIT_MALFORMED
    except RulesError as error:  # pragma: no cover - parse_record rules these out
        return {"error": str(error)}, EXIT_MALFORMED
    return out, EXIT_CLEAN if is_clean else EXIT_VIOLATIONS


def _read(path: str, stdin: IO[bytes]) -> str:
    data = stdin.read() if path == "-" else open(path, "rb").read()
    return data.decode("utf-8-sig")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 clean, 1 violations or
    disputes, 2 a malformed record or unreadable input)."""
    parser = argparse.ArgumentParser(
        prog="python -m scorekeeper.rules.replay",
        description="Replay Oh Hell hand records (docs/hand-record.md) and print what happened: "
        "trick winners, tricks won, rule violations, disputes and scores.",
        epilog="Exit status: 0 every hand is legal and agrees with the claims; "
        "1 a hand has violations or disputes; 2 a record is malformed.",
    )
    parser.add_argument("file", help="the hand record (JSON), or - for standard input")
    parser.add_argument(
        "--jsonl", action="store_true",
        help="one record per line in, one result per line out (a malformed line gives "
        "{\"error\": ...} and the run goes on); blank lines are skipped",
    )
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")

    try:
        text = _read(args.file, sys.stdin.buffer)
    except OSError as error:
        print(f"replay: cannot read {args.file}: {error.strerror or error}", file=sys.stderr)
        return EXIT_MALFORMED
    except UnicodeDecodeError as error:
        print(
            f"replay: {args.file} is not UTF-8 text: {error.reason} at byte {error.start}",
            file=sys.stderr,
        )
        return EXIT_MALFORMED

    if not args.jsonl:
        out, status = _replay_text(text)
        print(json.dumps(out, ensure_ascii=False, indent=2))
        if isinstance(out, dict) and status == EXIT_MALFORMED:
            print(f"replay: {args.file}: {out['error']}", file=sys.stderr)
        return status

    status = EXIT_CLEAN
    write = sys.stdout.write
    for number, line in enumerate(text.splitlines(), start=1):
        if not line or line.isspace():
            continue
        out, line_status = _replay_text(line, as_line=True)
        if isinstance(out, str):
            write(out + "\n")
        else:
            out["line"] = number
            print(f"replay: {args.file} line {number}: {out['error']}", file=sys.stderr)
            write(json.dumps(out, ensure_ascii=False) + "\n")
        status = max(status, line_status)
    return status


if __name__ == "__main__":
    sys.exit(main())
