"""Statistics across a device's finished games, from their folded sheets.

Two steps, so that a page over a thousand games stays fast and can never
drift from the fold: :func:`game_facts` sums up one finished game's sheet
(scored by the rules engine) per player as plain data, kept with the number
of the game's latest change and made again whenever a change comes after;
:func:`player_figures` and :func:`head_to_head` add those up for the
regulars, through the device's renames and merges.

Definitions (the page says them too):

- a game is won when the player is ranked first alone, shared when first
  with others; the win rate counts both;
- the best total is the highest (the lowest in a game whose lowest total wins);
- bids made, by hand size, bids of 0 made, and the average difference
  between bid and tricks count every round the player played;
- the longest run of bids made runs across games, oldest first;
- the worst round is the one with the fewest points (the first of equals).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .series import name_key
from .sheet import Sheet


def _runs(made: Sequence[bool]) -> dict[str, Any]:
    """The leading, trailing and longest runs of True, and whether all are."""
    best = current = 0
    for hit in made:
        current = current + 1 if hit else 0
        best = max(best, current)
    first = next((i for i, hit in enumerate(made) if not hit), len(made))
    last = next((i for i, hit in enumerate(reversed(made)) if not hit), len(made))
    return {"first": first, "last": last, "best": best, "all": all(made)}


def game_facts(sheet: Sheet) -> dict[str, Any]:
    """One game summed up per player (JSON-able)."""
    by_rank = {s.player: s for s in sheet.standings}
    closed = sheet.closed_rounds
    players = []
    for pid, member in sheet.members.items():
        made_list: list[bool] = []
        sizes: dict[str, list[int]] = {}
        zero = [0, 0]
        diff = 0
        worst = None
        for rnd, points in zip(closed, sheet.score.rounds):
            if pid not in rnd.order:
                continue
            bid, taken = rnd.bids[pid], rnd.tricks[pid]
            hit = bid == taken
            made_list.append(hit)
            size = sizes.setdefault(str(rnd.cards), [0, 0])
            size[0] += hit
            size[1] += 1
            if bid == 0:
                zero[0] += hit
                zero[1] += 1
            diff += abs(bid - taken)
            if worst is None or points[pid] < worst[0]:
                worst = [points[pid], rnd.number, rnd.cards, bid, taken]
        standing = by_rank[pid]
        players.append({
            "name": member.name, "total": standing.total, "rank": standing.rank,
            "shared": standing.is_shared, "rounds": len(made_list), "made": sum(made_list),
            "sizes": sizes, "zero": zero, "diff": diff, "run": _runs(made_list), "worst": worst,
        })
    return {"lowest_wins": sheet.ruleset.scoring.lowest_wins, "players": players}


@dataclass(frozen=True)
class GameFacts:
    """A finished game's facts with what the filters and the page need."""

    facts: dict[str, Any]
    preset: str
    when: Any  # the game's start, a datetime
    gid: int


@dataclass
class Figures:
    """One player's figures over the games chosen."""

    name: str
    played: int = 0
    won: int = 0
    shared: int = 0
    totals: list[int] = field(default_factory=list)
    best: int | None = None
    rounds: int = 0
    made: int = 0
    sizes: dict[int, list[int]] = field(default_factory=dict)
    zero: list[int] = field(default_factory=lambda: [0, 0])
    diff: int = 0
    longest_run: int = 0
    worst: dict[str, Any] | None = None

    @property
    def win_rate(self) -> float | None:
        return (self.won + self.shared) / self.played if self.played else None

    @property
    def average(self) -> float | None:
        return sum(self.totals) / len(self.totals) if self.totals else None

    @property
    def made_rate(self) -> float | None:
        return self.made / self.rounds if self.rounds else None

    @property
    def zero_rate(self) -> float | None:
        return self.zero[0] / self.zero[1] if self.zero[1] else None

    @property
    def average_diff(self) -> float | None:
        return self.diff / self.rounds if self.rounds else None


class _Shown:
    """Each stored name as shown and its key, worked out once per name."""

    def __init__(self, resolve: Callable[[str], str]) -> None:
        self.resolve = resolve
        self.known: dict[str, tuple[str, str]] = {}

    def __call__(self, name: str) -> tuple[str, str]:
        found = self.known.get(name)
        if found is None:
            shown = self.resolve(name)
            found = self.known[name] = (shown, name_key(shown))
        return found


def player_figures(games: Iterable[GameFacts],
                   resolve: Callable[[str], str] = str) -> dict[str, Figures]:
    """Every player's figures by name key, over ``games`` oldest first."""
    figures: dict[str, Figures] = {}
    running: dict[str, int] = {}
    shown_as = _Shown(resolve)
    for game in games:
        lowest = game.facts["lowest_wins"]
        for line in game.facts["players"]:
            shown, key = shown_as(line["name"])
            fig = figures.setdefault(key, Figures(shown))
            fig.played += 1
            if line["rank"] == 1:
                if line["shared"]:
                    fig.shared += 1
                else:
                    fig.won += 1
            total = line["total"]
            fig.totals.append(total)
            if fig.best is None or (total < fig.best if lowest else total > fig.best):
                fig.best = total
            fig.rounds += line["rounds"]
            fig.made += line["made"]
            for cards, (made, count) in line["sizes"].items():
                size = fig.sizes.setdefault(int(cards), [0, 0])
                size[0] += made
                size[1] += count
            fig.zero[0] += line["zero"][0]
            fig.zero[1] += line["zero"][1]
            fig.diff += line["diff"]
            run = line["run"]
            current = running.get(key, 0)
            if run["all"]:
                current += line["rounds"]
                fig.longest_run = max(fig.longest_run, current)
            else:
                fig.longest_run = max(fig.longest_run, current + run["first"], run["best"])
                current = run["last"]
            running[key] = current
            worst = line["worst"]
            if worst is not None and (fig.worst is None or worst[0] < fig.worst["points"]):
                fig.worst = {"points": worst[0], "round": worst[1], "cards": worst[2],
                             "bid": worst[3], "tricks": worst[4], "when": game.when,
                             "game": game.gid}
    return figures


@dataclass
class Pairing:
    """Two players' games together and who finished ahead."""

    name: str
    other: str
    games: int = 0
    ahead: int = 0
    behind: int = 0

    @property
    def level(self) -> int:
        return self.games - self.ahead - self.behind


def pairings(rows: Iterable[tuple[str, int, int, int]], key: str,
             resolve: Callable[[str], str] = str) -> list[Pairing]:
    """Head to head for the player with this name key: ``rows`` are (another
    player's stored name, games together, games the player finished ahead,
    games behind), merged by person. Most games together first."""
    pairs: dict[str, Pairing] = {}
    shown_as = _Shown(resolve)
    for name, games, ahead, behind in rows:
        shown, other_key = shown_as(name)
        if other_key == key:
            continue
        pair = pairs.setdefault(other_key, Pairing("", shown))
        pair.games += games
        pair.ahead += ahead
        pair.behind += behind
    return sorted(pairs.values(), key=lambda p: (-p.games, name_key(p.other)))


def sizes_text(sizes: dict[str, list[int]]) -> str:
    """Bids made by hand size as kept: "cards:made/rounds" each, space-separated."""
    return " ".join(f"{cards}:{made}/{count}" for cards, (made, count) in sorted(
        sizes.items(), key=lambda item: int(item[0])))


def sizes_of(text: str) -> dict[str, list[int]]:
    """:func:`sizes_text` read back."""
    sizes = {}
    for part in text.split():
        cards, _sep, counts = part.partition(":")
        made, _sep, count = counts.partition("/")
        sizes[cards] = [int(made), int(count)]
    return sizes
