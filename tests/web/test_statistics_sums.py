"""The statistics' SQL sums against a plain count over every round.

Random games (random players among spellings of the same people and a merge,
rounds, scoring of both kinds, starting scores of late joins, presets, dates,
devices, replaced links, unfinished games)
are stored as the kept lines a fold would leave; every figure the storage
adds up, for everyone and for each person, with and without the filters, is
then checked against the same figure counted round by round in the order of
the games, the runs of bids made across games included.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest

from scorekeeper.game.regulars import Aliases
from scorekeeper.game.names import name_key
from scorekeeper.rules.totals import standings
from scorekeeper.storage import statistics
from scorekeeper.storage.database import db
from scorekeeper.storage.models import (DeviceGame, Game, GameFactsKept, Link, PlayerLine,
                                        PlayerLineSize, PlayerPair, RosterChange)

SPELLINGS = ["Ann", "ann", "Bob", "Cy", "Zośka", "ZOSKA", "Kasia", "Katarzyna", "Di"]
START = datetime(2026, 1, 1)
MERGE = [RosterChange(device="dev", seq=1, kind="merge", name="Katarzyna", to="Kasia")]


def random_games(rng: random.Random, count: int) -> list[dict]:
    games = []
    for number in range(count):
        names = rng.sample(SPELLINGS, rng.randint(2, 5))
        if len({name_key(n) for n in names}) < len(names):  # one key once a game
            names = list({name_key(n): n for n in names}.values())
        lowest = rng.random() < 0.25
        players = []
        for name in names:
            rounds = [(rng.randint(1, 4), rng.randint(0, 2), rng.randint(0, 2), rng.randint(-5, 12))
                      for _ in range(rng.randint(0, 6))]  # cards, bid, taken, points
            start = rng.choice([0, 0, 0, rng.randint(1, 30)])  # a late join's starting score
            players.append({"name": name, "rounds": rounds, "start": start,
                            "total": start + sum(points for *_rest, points in rounds)})
        ranked = {s.player: s for s in standings(
            {i: p["total"] for i, p in enumerate(players)}, lowest)}
        for i, player in enumerate(players):
            player["rank"], player["shared"] = ranked[i].rank, ranked[i].is_shared
        games.append({
            "players": players, "lowest": lowest,
            "preset": rng.choice(["estonian", "cardgames"]),
            "created": START + timedelta(days=rng.randint(0, 60), minutes=number),
            "finished": rng.random() < 0.9,
            "device": "dev" if rng.random() < 0.85 else "other",
            "replaced": rng.random() < 0.1})
    return games


def runs(made: list[bool]) -> tuple[int, int, int, bool]:
    first = next((i for i, hit in enumerate(made) if not hit), len(made))
    last = next((i for i, hit in enumerate(reversed(made)) if not hit), len(made))
    best = current = 0
    for hit in made:
        current = current + 1 if hit else 0
        best = max(best, current)
    return first, last, best, all(made)


def store(games: list[dict]) -> None:
    for game in games:
        row = Game(preset=game["preset"], ruleset={}, first_dealer=0, finished=game["finished"],
                   created_at=game["created"], version=3)
        db.session.add(row)
        link = Link(game=row, role="scorer", replaced_at=START if game["replaced"] else None)
        db.session.add(link)
        db.session.flush()
        game["id"] = row.id
        db.session.add(DeviceGame(device=game["device"], game_id=row.id, link_id=link.id))
        db.session.add(GameFactsKept(game_id=row.id, version=3))
        for player in game["players"]:
            rounds = player["rounds"]
            made = [bid == taken for _cards, bid, taken, _points in rounds]
            first, last, best, made_all = runs(made)
            sign = -1 if game["lowest"] else 1  # the worst: the fewest points, or the most
            worst = min(range(len(rounds)), key=lambda i: (sign * rounds[i][3], i), default=None)
            top = min(range(len(rounds)), key=lambda i: (-sign * rounds[i][3], i), default=None)
            w = rounds[worst] if worst is not None else None
            b = rounds[top] if top is not None else None
            key = name_key(player["name"])
            db.session.add(PlayerLine(
                game_id=row.id, name=player["name"], key=key, total=player["total"],
                rank=player["rank"], shared=player["shared"], lowest_wins=game["lowest"],
                rounds=len(rounds), made=sum(made),
                zero_made=sum(1 for _c, bid, taken, _p in rounds if bid == 0 == taken),
                zero_bids=sum(1 for _c, bid, _t, _p in rounds if bid == 0),
                diff=sum(abs(bid - taken) for _c, bid, taken, _p in rounds),
                run_first=first, run_last=last, run_best=best, run_all=made_all,
                start_points=player["start"],
                worst_points=w and w[3], worst_round=worst + 1 if w else None,
                worst_cards=w and w[0], worst_bid=w and w[1], worst_tricks=w and w[2],
                worst_at=w and closed_at(game, worst + 1),
                best_points=b and b[3], best_round=top + 1 if b else None,
                best_cards=b and b[0], best_bid=b and b[1], best_tricks=b and b[2],
                best_at=b and closed_at(game, top + 1)))
            sizes: dict[int, list[int]] = {}
            for cards, bid, taken, _points in rounds:
                size = sizes.setdefault(cards, [0, 0])
                size[0] += bid == taken
                size[1] += 1
            db.session.add_all(PlayerLineSize(game_id=row.id, key=key, cards=cards, made=m,
                                              rounds=n) for cards, (m, n) in sizes.items())
            # Head to head: every two of these players played the same rounds (the ranks say it).
            db.session.add_all(PlayerPair(
                game_id=row.id, key=key, other=other["name"], other_key=name_key(other["name"]),
                outcome=(other["rank"] > player["rank"]) - (other["rank"] < player["rank"]))
                for other in game["players"] if other is not player)
            db.session.flush()
    db.session.commit()


def closed_at(game: dict, number: int) -> datetime:
    """When a round of a game was closed: a day and some minutes after its start."""
    return game["created"] + timedelta(days=1, minutes=number)


def counted(games: list[dict], choice: statistics.Choice, aliases: Aliases) -> dict:
    """Every figure counted round by round over the chosen games, oldest first."""
    chosen = sorted((g for g in games if g["finished"] and g["device"] == choice.device
                     and not g["replaced"] and choice.preset in (None, g["preset"])
                     and (choice.since is None or g["created"] >= choice.since)),
                    key=lambda g: (g["created"], g["id"]))
    people: dict[str, dict] = {}
    for game in chosen:
        for player in game["players"]:
            person = name_key(aliases.resolve(player["name"]))
            p = people.setdefault(person, {
                "played": 0, "won": 0, "shared": 0, "highest": None, "lowest": None,
                "made_list": [], "zero": [0, 0], "diff": 0, "sizes": {}, "sides": {},
                "rounds_found": {}, "pairs": {}})
            p["played"] += 1
            p["won"] += player["rank"] == 1
            p["shared"] += player["rank"] == 1 and player["shared"]
            kind = p["sides"].setdefault(game["lowest"], {
                "played": 0, "total": 0, "start": 0, "started": 0, "worst": None, "best": None})
            kind["played"] += 1
            kind["total"] += player["total"] - player["start"]
            kind["start"] += player["start"]
            kind["started"] += player["start"] != 0
            side = "lowest" if game["lowest"] else "highest"
            pick = min if game["lowest"] else max
            p[side] = player["total"] if p[side] is None else pick(p[side], player["total"])
            for number, (cards, bid, taken, points) in enumerate(player["rounds"], start=1):
                p["made_list"].append(bid == taken)
                p["zero"][0] += bid == 0 == taken
                p["zero"][1] += bid == 0
                p["diff"] += abs(bid - taken)
                size = p["sizes"].setdefault(cards, [0, 0])
                size[0] += bid == taken
                size[1] += 1
                found = {"points": points, "round": number, "cards": cards, "bid": bid,
                         "tricks": taken, "when": closed_at(game, number)}
                # Where the lowest total wins, the most points are the worst.
                badness = points if game["lowest"] else -points
                if kind["worst"] is None or badness > (
                        kind["worst"] if game["lowest"] else -kind["worst"]):
                    kind["worst"] = points
                    p["rounds_found"][game["lowest"], "worst"] = found
                if kind["best"] is None or badness < (
                        kind["best"] if game["lowest"] else -kind["best"]):
                    kind["best"] = points
                    p["rounds_found"][game["lowest"], "best"] = found
            for other in game["players"]:
                if name_key(aliases.resolve(other["name"])) != person:
                    pair = p["pairs"].setdefault(other["name"], [0, 0, 0])
                    pair[0] += 1
                    pair[1] += player["rank"] < other["rank"]
                    pair[2] += player["rank"] > other["rank"]
    for p in people.values():
        longest = current = 0
        for hit in p["made_list"]:
            current = current + 1 if hit else 0
            longest = max(longest, current)
        p["longest"] = longest
    return people


def as_counted(fig) -> dict:
    return {"played": fig.played, "won": fig.won, "shared": fig.shared,
            "highest": fig.highest, "lowest": fig.lowest, "rounds": fig.rounds, "made": fig.made, "zero": fig.zero,
            "diff": fig.diff, "longest": fig.longest_run,
            "sides": {side.lowest_wins: {"played": side.played, "total": side.total,
                                         "start": side.start, "started": side.started,
                                         "worst": side.worst, "best": side.best}
                      for side in fig.kinds}}


def expected(p: dict) -> dict:
    return {"played": p["played"], "won": p["won"], "shared": p["shared"],
            "highest": p["highest"], "lowest": p["lowest"],
            "rounds": len(p["made_list"]), "made": sum(p["made_list"]), "zero": p["zero"],
            "diff": p["diff"], "longest": p["longest"], "sides": p["sides"]}


@pytest.mark.parametrize("seed", range(6))
def test_every_sum_is_the_count_over_every_round(app, seed):
    rng = random.Random(seed)
    games = random_games(rng, 60)
    aliases = Aliases(MERGE)
    with app.app_context():
        store(games)
        for choice in (statistics.choose("dev"), statistics.choose("dev", preset="estonian"),
                       statistics.choose("dev", since=START + timedelta(days=30)),
                       statistics.choose("other")):
            truth = counted(games, choice, aliases)
            found = statistics.figures(choice, aliases)
            assert {key: as_counted(fig) for key, fig in found.items()} == {
                key: expected(p) for key, p in truth.items()}
            for person, p in truth.items():
                keys = aliases.sources(person)
                fig, rounds = statistics.player_figures(choice, aliases, keys)
                assert as_counted(fig) == expected(p)
                assert fig.sizes == p["sizes"]
                assert rounds == p["rounds_found"]
                pairs = {name: [games_together, ahead, behind] for name, games_together, ahead,
                         behind in statistics.pair_counts(choice, keys)}
                assert pairs == p["pairs"]
        everyone = statistics.figures(statistics.choose("dev"), aliases)
        assert "kasia" in everyone and "katarzyna" not in everyone  # the merge: one person
