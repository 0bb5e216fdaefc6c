"""A game's history as data: every change with what it changed from.

The history is not stored separately: it is the game's append-only list of
changes, each described against the state just before it. An entry says what
kind of change it was and the facts a sentence about it needs (names, round
numbers, before and after); the web edge words it
(:mod:`scorekeeper.web.wording.history`). An undo carries the entry it took back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..rules import Ruleset, Scoring
from .fold import GameState
from .rounds import ChangeLike, take_back


@dataclass(frozen=True)
class HistoryEntry:
    """One stored change: its kind, and the facts its description quotes.

    For an ``undo``, ``details["undone"]`` is the entry it took back (absent
    when there was nothing to undo).
    """

    seq: int
    kind: str
    details: dict[str, Any] = field(default_factory=dict)
    created_at: Any = None
    author: str | None = None
    undone: bool = False
    #: The undo that took this entry back, if one did.
    undone_by: HistoryEntry | None = None
    #: The player the change is about, if any (a bid's bidder).
    player: int | None = None
    #: Whether the player entered it through their own link.
    by_player: bool = False

    @property
    def round(self) -> int | None:
        """The round a live entry, a correction or a revoke's penalty belongs
        to (None for changes to the whole game: players, schedule, scoring,
        other adjustments)."""
        return self.details.get("round") if self.kind in ROUND_KINDS else None


#: The kinds of change that belong to one round (an adjustment only when it
#: is a revoke's penalty: its details then name the round).
ROUND_KINDS = ("trump", "bid", "tricks", "close", "correct", "adjust")


@dataclass(frozen=True)
class HistoryGroup:
    """The entries of one round (``round`` None: changes to the whole game), newest first."""

    round: int | None
    entries: list[HistoryEntry]


def history_of(
    ruleset: Ruleset, players: Sequence[str], first_dealer: int, changes: Sequence[ChangeLike]
) -> list[HistoryEntry]:
    """Every change described against the state just before it, oldest first;
    the players by the names they have now (a rename reaches the whole history,
    and is itself an entry of it)."""
    now = names_now(players, changes)
    state = GameState(ruleset, players, first_dealer)
    stack: list[tuple[ChangeLike, HistoryEntry]] = []
    entries: list[HistoryEntry] = []
    undone: dict[int, HistoryEntry] = {}
    for change in changes:
        if change.kind == "undo":
            details: dict[str, Any] = {}
            index = take_back(stack, lambda pair: pair[0])
            if index is not None:
                target, target_entry = stack.pop(index)
                details["undone"] = target_entry
                state = GameState(ruleset, players, first_dealer)
                for kept, _entry in stack:
                    state.apply(kept)
            entry = _entry_of(change, details)
            if index is not None:
                undone[target.seq] = entry
        else:
            entry = _entry_of(change, change_details(state, change, now))
            state.apply(change)
            stack.append((change, entry))
        entries.append(entry)
    return [replace(e, undone=True, undone_by=undone[e.seq]) if e.seq in undone else e
            for e in entries]


def grouped(entries: Sequence[HistoryEntry]) -> list[HistoryGroup]:
    """The history by round, the latest round first and the changes to the
    whole game last, each group newest first. An undo that took an entry back
    is not an entry of its own: it is told with the entry (``undone_by``)."""
    groups: dict[int | None, list[HistoryEntry]] = {}
    for entry in reversed(entries):
        if entry.kind == "undo" and "undone" in entry.details:
            continue
        groups.setdefault(entry.round, []).append(entry)
    rounds = sorted((key for key in groups if key is not None), reverse=True)
    return [HistoryGroup(key, groups[key]) for key in [*rounds, *([None] if None in groups else [])]]


def _entry_of(change: ChangeLike, details: dict[str, Any]) -> HistoryEntry:
    return HistoryEntry(
        seq=change.seq, kind=change.kind, details=details,
        created_at=getattr(change, "created_at", None), author=getattr(change, "author", None),
        player=change.player, by_player=getattr(change, "by_player", False),
    )


def names_now(players: Sequence[str], changes: Sequence[ChangeLike]) -> dict[int, str]:
    """Each player's name after every change (a ``name`` change is never undone)."""
    names = dict(enumerate(players))
    for change in changes:
        if change.kind in ("join", "name"):
            names[change.player] = change.value["name"]
    return names


def change_details(state: GameState, change: ChangeLike,
                   now: dict[int, str] | None = None) -> dict[str, Any]:
    """The facts of one change, against the state just before it; the players
    by the names ``now`` gives (their names at the time without it)."""
    names = {pid: (now or {}).get(pid, m.name) for pid, m in state.members.items()}
    number = change.round
    facts = state.facts.get(number) if number else None
    kind = change.kind
    if kind == "trump":
        before = facts.trump if facts and facts.trump_chosen else "unset"
        return {"round": number, "before": before, "after": change.value}
    if kind in ("bid", "tricks"):
        entered = (facts.bids if kind == "bid" else facts.tricks) if facts else {}
        return {"round": number, "name": names[change.player],
                "before": entered.get(change.player), "after": change.value}
    if kind == "close":
        return {"round": number}
    if kind == "correct":
        return _correction(facts, change, names)
    if kind == "join":
        value = change.value
        return {"name": (now or {}).get(change.player, value["name"]),
                "after": names.get(value.get("after")),
                "round": value["from"], "points": value.get("start_score", 0)}
    if kind in ("leave", "back"):
        return {"name": names[change.player], "round": change.value["from"]}
    if kind == "sitout":
        return {"name": names[change.player], "round": number}
    if kind == "adjust":
        revoke = change.value.get("revoke")
        return {"name": names[change.player], "points": change.value["points"],
                "reason": change.value["reason"], **({"round": revoke["round"]} if revoke else {})}
    if kind == "scoring":
        return {"before": state.ruleset.scoring.name,
                "after": Scoring.from_dict(change.value).name}
    if kind == "schedule":
        return _schedule(state, change.value)
    if kind == "decks":
        return {"before": state.ruleset.decks, "after": change.value}
    if kind == "end":
        return {"round": number, "planned": len(state.sizes)}
    if kind == "stake":
        return {"per_point": change.value["per_point"], "symbol": change.value["symbol"]}
    if kind == "name":
        member = state.members.get(change.player)
        return {"before": member.name if member else change.value.get("was", ""),
                "after": change.value["name"],
                "undo": bool(change.value.get("undo"))}
    raise ValueError(f"unknown change kind {kind!r}")  # pragma: no cover


def _correction(facts, change: ChangeLike, names: dict[int, str]) -> dict[str, Any]:
    """What a correction changed: the trump (before, after) if it changed, and
    each player's bid or tricks that changed as (name, "bid"|"tricks", before, after)."""
    value = change.value
    trump = None
    if facts is None or facts.trump != value["trump"]:
        trump = (facts.trump if facts else "unknown", value["trump"])
    changed = []
    for what, key in (("bid", "bids"), ("tricks", "tricks")):
        before = getattr(facts, key) if facts else {}
        for player, after in value[key].items():
            player = int(player)
            if before.get(player) != after:
                changed.append((names[player], what, before.get(player), after))
    return {"round": change.round, "trump": trump, "changed": changed,
            "reason": value.get("reason")}


def _schedule(state: GameState, op: dict) -> dict[str, Any]:
    sizes = state.sizes
    details = dict(op)
    if op["op"] in ("set", "remove"):
        details["before"] = sizes[op["round"] - 1]
    elif op["op"] == "replace":
        details["before"] = sizes[op["from"] - 1:]
    return details
