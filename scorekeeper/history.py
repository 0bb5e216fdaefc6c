"""A game's history in plain words: every change with what it was before.

The history is not stored separately: it is the game's append-only list of
changes, described one by one against the state just before each of them
("Round 3: Ann's bid 2 → 3"). An undo is described as what it took back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from flask_babel import gettext as _
from flask_babel import ngettext

from .rules import Scoring
from .templating import suit_name

if TYPE_CHECKING:
    from .sheet import ChangeLike, HistoryEntry, _Fold


def describe_changes(new_fold: Callable[[], _Fold], changes: Sequence[ChangeLike]) -> list[HistoryEntry]:
    """Every change in plain words, oldest first.

    ``new_fold`` makes an empty fold of the game; the changes are applied to
    it one by one, and each is described against the state just before it.
    """
    from .sheet import HistoryEntry

    fold = new_fold()
    stack: list[tuple[ChangeLike, str]] = []
    entries: list[HistoryEntry] = []
    undone: set[int] = set()
    for change in changes:
        if change.kind == "undo":
            if not stack:
                text = _("Undo (nothing to undo)")
            else:
                target, target_text = stack.pop()
                undone.add(target.seq)
                text = _("Undone: %(change)s", change=target_text)
                fold = new_fold()
                for kept, _text in stack:
                    fold.apply(kept)
        else:
            text = describe(fold, change)
            fold.apply(change)
            stack.append((change, text))
        entries.append(HistoryEntry(
            seq=change.seq, kind=change.kind, text=text,
            created_at=getattr(change, "created_at", None),
            author=getattr(change, "author", None),
        ))
    return [
        HistoryEntry(e.seq, e.kind, e.text, e.created_at, e.author, e.seq in undone)
        for e in entries
    ]


def describe(fold: _Fold, change: ChangeLike) -> str:
    """One change, against the state just before it."""
    names = {pid: m.name for pid, m in fold.members.items()}
    number = change.round
    facts = fold.facts.get(number) if number else None
    kind = change.kind
    if kind == "trump":
        if facts and facts.trump_chosen and facts.trump != change.value:
            return _("Round %(number)s: trump %(before)s → %(after)s", number=number,
                     before=suit_name(facts.trump), after=suit_name(change.value))
        return _("Round %(number)s: trump %(trump)s", number=number, trump=suit_name(change.value))
    if kind == "bid":
        before = facts.bids.get(change.seat) if facts else None
        if before is not None:
            return _("Round %(number)s: %(name)s's bid %(before)s → %(after)s", number=number,
                     name=names[change.seat], before=before, after=change.value)
        return _("Round %(number)s: %(name)s bids %(bid)s", number=number,
                 name=names[change.seat], bid=change.value)
    if kind == "tricks":
        before = facts.tricks.get(change.seat) if facts else None
        if before is not None:
            return _("Round %(number)s: %(name)s's tricks %(before)s → %(after)s", number=number,
                     name=names[change.seat], before=before, after=change.value)
        return ngettext("Round %(number)s: %(name)s took %(num)s trick",
                        "Round %(number)s: %(name)s took %(num)s tricks", change.value,
                        number=number, name=names[change.seat])
    if kind == "close":
        return _("Round %(number)s closed and scored", number=number)
    if kind == "correct":
        return describe_correction(facts, change, names)
    if kind == "join":
        value = change.value
        where = (_("after %(name)s", name=names[value["after"]]) if value.get("after") in names
                 else _("at the first seat"))
        return _("%(name)s joins, seated %(where)s, from round %(number)s, starting with "
                 "%(points)s points", name=value["name"], where=where, number=value["from"],
                 points=value.get("start_score", 0))
    if kind == "leave":
        return _("%(name)s leaves the game from round %(number)s on", name=names[change.seat],
                 number=change.value["from"])
    if kind == "sitout":
        return _("%(name)s sits out round %(number)s", name=names[change.seat], number=number)
    if kind == "adjust":
        return _("%(name)s %(points)s points: %(reason)s", name=names[change.seat],
                 points="%+d" % change.value["points"], reason=change.value["reason"])
    if kind == "scoring":
        return _("Scoring changed: %(before)s → %(after)s", before=fold.ruleset.scoring.name,
                 after=Scoring.from_dict(change.value).name)
    if kind == "schedule":
        return describe_schedule(fold, change.value)
    return kind  # pragma: no cover - every stored kind is described above


def describe_correction(facts, change: ChangeLike, names: dict[int, str]) -> str:
    value = change.value
    parts = []
    if facts is None or facts.trump != value["trump"]:
        parts.append(_("trump %(before)s → %(after)s",
                       before=suit_name(facts.trump) if facts else "?",
                       after=suit_name(value["trump"])))
    for label, key in ((_("bid"), "bids"), (_("tricks"), "tricks")):
        before = getattr(facts, key) if facts else {}
        for seat, after in value[key].items():
            seat = int(seat)
            if before.get(seat) != after:
                parts.append(_("%(name)s's %(what)s %(before)s → %(after)s", name=names[seat],
                               what=label, before=before.get(seat, "?"), after=after))
    if not parts:
        return _("Round %(number)s: entered again, unchanged", number=change.round)
    return _("Round %(number)s corrected: %(changes)s", number=change.round,
             changes=", ".join(parts))


def describe_schedule(fold: _Fold, op: dict) -> str:
    sizes = fold.sizes
    if op["op"] == "insert":
        return _("Schedule: a round of %(cards)s cards inserted as round %(number)s",
                 cards=op["cards"], number=op["round"])
    if op["op"] == "set":
        return _("Schedule: round %(number)s deals %(after)s cards instead of %(before)s",
                 number=op["round"], after=op["cards"], before=sizes[op["round"] - 1])
    if op["op"] == "remove":
        return _("Schedule: round %(number)s (%(cards)s cards) removed",
                 number=op["round"], cards=sizes[op["round"] - 1])
    return _("Schedule: rounds from %(number)s on rebuilt: %(before)s → %(after)s",
             number=op["from"], before=" ".join(map(str, sizes[op["from"] - 1:])) or "–",
             after=" ".join(map(str, op["cards"])))
