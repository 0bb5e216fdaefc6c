"""The device's regular players: the names of its games, grouped by person,
most frequent first, with the renames and merges the device recorded.

A rename ("Kasia" is now "Katarzyna") and a merge ("Kasia" is the same person
as "Katarzyna") are both an alias from one name to another; they are stored
append-only, and an undo takes back the latest one still in force, as in a
game's change log (:func:`scorekeeper.game.effective_changes`). Each one
also reaches the games the device scores, as ``name`` changes in their own
logs (:mod:`scorekeeper.game.renames`); the aliases still match a name typed
at set-up, and the names of games the device only views, to the name shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .fold import effective_changes
from .names import name_key


class AliasLike(Protocol):
    kind: str  # "rename", "merge" or "undo"
    name: str | None
    to: str | None


@dataclass(frozen=True)
class Regular:
    """A person who played on this device: the name shown, how many games
    they sat down to, and how many of those were finished (the rest are being
    played, or were left unfinished)."""

    name: str
    games: int
    finished: int = 0

    @property
    def unfinished(self) -> int:
        return self.games - self.finished


class Aliases:
    """The renames and merges in force: any spelling of a name to the name shown."""

    def __init__(self, changes: Iterable[AliasLike] = ()) -> None:
        self.targets: dict[str, str] = {}
        for change in effective_changes(changes):
            self.targets[name_key(change.name)] = change.to

    def resolve(self, name: str) -> str:
        """The name ``name`` is shown as (renames followed to the last one)."""
        seen = set()
        key = name_key(name)
        while key in self.targets and key not in seen:
            seen.add(key)
            name = self.targets[key]
            key = name_key(name)
        return name


    def sources(self, key: str) -> set[str]:
        """The name keys shown as the person with this key: theirs (unless it
        is shown as another's) and every name renamed or merged into it."""
        keys = {source for source in self.targets if name_key(self.resolve(source)) == key}
        if name_key(self.resolve(key)) == key:
            keys.add(key)
        return keys


def regulars(games: Iterable[Sequence[str]], aliases: Aliases | None = None,
             finished: Iterable[bool] | None = None) -> list[Regular]:
    """The people of these games (each a list of its players' names), most
    games first, then by name; ``finished`` says of each game, in the same
    order, whether it is finished (none: no game is). One person may be
    spelled several ways: the spelling used most often is shown, unless an
    alias names them."""
    aliases = aliases or Aliases()
    games = list(games)
    finished = [False] * len(games) if finished is None else list(finished)
    counts: Counter[str] = Counter()
    ended: Counter[str] = Counter()
    spellings: dict[str, Counter[str]] = {}
    for names, is_finished in zip(games, finished, strict=True):
        people = {}
        for name in names:
            shown = aliases.resolve(name)
            people.setdefault(name_key(shown), shown)
        for key, shown in people.items():
            counts[key] += 1
            ended[key] += is_finished
            spellings.setdefault(key, Counter())[shown] += 1
    ordered = sorted(counts, key=lambda key: (-counts[key], key))
    return [Regular(spellings[key].most_common(1)[0][0], counts[key], ended[key])
            for key in ordered]


def as_regular(name: str, known: Iterable[Regular], aliases: Aliases | None = None) -> str:
    """A typed name as the regular it matches (case and accents aside, and
    through the aliases), or as typed when it matches none."""
    shown = (aliases or Aliases()).resolve(name)
    by_key = {name_key(r.name): r.name for r in known}
    return by_key.get(name_key(shown), shown)
