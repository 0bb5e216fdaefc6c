"""A seeded fuzzer over every route of the app (tests/web/test_fuzz_routes.py).

Every rule of ``app.url_map`` is sent every method it allows (HEAD too) and
one it does not, through the real links of real games in several states
(:func:`build_scene`), with hostile values in each path segment, query
parameter and form field in turn, then in several at once. A route with no
entry in :data:`STRATEGIES` fails the test instead of going unfuzzed, and so
does a form field that a page shows but the strategy does not name.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import quote, urlsplit


class Raw(str):
    """A value sent exactly as written, already percent-encoded (bad escapes
    and bytes that are not UTF-8 can only be sent so)."""


#: Hostile values for any field, query parameter or path segment.
HOSTILE = [
    "9223372036854775807", "9223372036854775808", "2147483648", "2147483647", "-2147483649",
    "-9223372036854775809", "-1", "0", "00", "1" * 400, "1e3", "0x10", "nan", "inf", "+1",
    "²", "٣", "１", "Ⅻ", " ", "", "\x00", "a\x00b", "1\x00", "\t\r\n", "x" * 5000,
    "💥" * 50, "‮Ann", "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd",
    "//evil.example/", "None", "[]", "{\"a\":", "pick:", "pick:\x00", "remove-99999999999999999999",
    Raw("%ff%fe"), Raw("%"), Raw("%zz"), Raw("%c0%80"), Raw("%ed%a0%80"), Raw("a%00b"),
]
#: Hostile values for an ``<int:…>`` segment (the converter takes digits only).
HOSTILE_NUMBERS = ["0", "9223372036854775807", "9223372036854775808", "2147483647",
                   "2147483648", "4294967296", "1" * 40, "-1", "²", "٣", "01", "%00", "1%00"]
#: Hostile values for a text segment (a link, a player's name).
HOSTILE_SEGMENTS = ["%00", "a%00b", "%ff", "%c0%af", "%20", "x" * 3000, "%E2%80%AE", "%2F"]
#: Hosts a client may send: a label over 63 characters, an empty one, a bad port.
HOSTILE_HOSTS = ["a" * 64 + ".example", "b" * 300, "x." * 130 + "example", "a..b", "ü.example",
                 "localhost:99999", "localhost:abc", "[::1", "-bad-.example", ".", " "]
#: Hostile values for a JSON file's texts, and for any of its values.
HOSTILE_TEXTS = ["\x00", "A\x00nn", "\x1b[31mAnn", "", " ", "x" * 5000, "ann", "ANN", "‮", "²"]
HOSTILE_VALUES = [-1, 2**31, 2**63, -(2**63) - 1, 10**400, 1e308, 0.5, None, True, [], {}, "1"]
#: Cookies the app reads, with values no browser of ours would send.
HOSTILE_COOKIES = {"lang": ["xx", "\x00", "pl" * 300], "author": ["A" * 4000, "\x1b[31m"],
                   "theme": ["<b>", "dark\x00"], "session": ["garbage", "a.b.c"]}


@dataclass
class Strategy:
    """What a route reads besides its path: query parameters and form fields,
    each with a few plausible values (the fuzzer turns one or more hostile)."""

    query: dict[str, list] = field(default_factory=dict)
    form: dict[str, list] = field(default_factory=dict)
    #: file fields, each a function of the scene giving plausible file contents
    files: dict[str, object] = field(default_factory=dict)
    #: a fresh game for every request: the route replaces or deletes its links
    fresh_game: bool = False


PLAYER, SINCE, SEP = ["0", "1", "2", "3"], ["0", "3", "40"], [",", ";", "\t", "tab"]
FILTERS = {"preset": ["", "cardgames", "estonian"], "period": ["all", "30", "365"]}
WAS = ["", "0", "1", "unset", "none", "H"]
SETUP_BUTTONS = ["start", "preview", "add", "remove-1", "up-1", "down-2", "pick:Ann", "pick:Bob"]


def correction_fields() -> dict[str, list]:
    rows = {f"seats-{i}-{part}": ["0", "1", "3"] for i in range(4) for part in ("bid", "tricks")}
    return {"trump": ["H", "S", "none"], **rows}


STRATEGIES: dict[str, Strategy] = {
    "games.index": Strategy(query={"page": ["1", "2"]}),
    "games.favicon": Strategy(),
    "games.join": Strategy(form={"code": ["ABCDEF", "code"]}),
    "games.new_game": Strategy(query={"again": ["scorer", "viewer"]}, form={"setup": []}),
    "games.preview_rounds": Strategy(form={"setup": []}),
    "games.share": Strategy(),
    "games.rotate": Strategy(form={"role": ["scorer", "viewer", "seat"], "player": PLAYER},
                             query={"role": ["scorer", "viewer", "seat"], "player": PLAYER},
                             fresh_game=True),
    "games.pick_seat": Strategy(form={"player": PLAYER}, fresh_game=True),
    "games.delete_game": Strategy(fresh_game=True),
    "play.game_home": Strategy(),
    "play.round_page": Strategy(),
    "play.entry_panel": Strategy(query={"since": SINCE}),
    "play.table_view": Strategy(query={"since": SINCE}),
    "play.events": Strategy(query={"since": SINCE}),
    "play.trump": Strategy(form={"trump": ["H", "S", "none"], "was": WAS}),
    "play.bid": Strategy(form={"player": PLAYER, "bid": ["0", "1", "2"], "was": WAS}),
    "play.tricks": Strategy(form={"player": PLAYER, "tricks": ["0", "1", "2"], "was": WAS}),
    "play.close": Strategy(form={"player": PLAYER, "tricks": ["0", "1"]}),
    "play.undo": Strategy(form={"seq": ["1", "9", "40"], "reopen": ["", "1"], "round": ["1", "2"],
                                "next": ["/", "/players", "//evil.example/", "/g/x/players"]}),
    "play.edit_round": Strategy(form=correction_fields()),
    "play.standings": Strategy(),
    "play.stake": Strategy(form={"stake": ["0.05", "1,5", "", "0,005", "100.01"],
                                 "symbol": ["€", "", "zł", "12345"]}),
    "play.score_sheet": Strategy(),
    "play.next_game": Strategy(),
    "play.export_csv": Strategy(query={"sep": SEP}),
    "play.export_rules_csv": Strategy(query={"sep": SEP}),
    "play.export_json": Strategy(),
    "play.change_log": Strategy(query={"after": SINCE}),
    "play.conflicts": Strategy(query={"bid": ["1:2", "1:5", "1:7", "0:1", "2:0"],
                                      "tricks": ["1:1", "2:0"], "trump": ["H", "S", "none"]}),
    "play.keep_in_closed_round": Strategy(form={"player": PLAYER, "bid": ["0", "1", "2"],
                                                "was": WAS}),
    "play.keep_round": Strategy(form={"tricks-1": ["2", "4"], "was-tricks-1": ["3", ""],
                                      "tricks-2": ["4", "0"], "was-tricks-2": ["3"],
                                      "bid-1": ["5"], "was-bid-1": ["3"],
                                      "trump": ["S", "none"], "was-trump": ["H"]}),
    "manage.players": Strategy(),
    "manage.join": Strategy(form={"name": ["Eve"], "after": ["first", "0", "3"],
                                  "start_rule": ["zero", "lowest", "average", "number"],
                                  "start_number": ["", "5"]}),
    "manage.leave": Strategy(form={"player": PLAYER}),
    "manage.back": Strategy(form={"player": PLAYER}),
    "manage.sit_out": Strategy(form={"player": PLAYER, "round": ["2", "3"]}),
    "manage.adjust": Strategy(form={"player": PLAYER, "points": ["2", "-3"], "reason": ["late"]}),
    "manage.schedule": Strategy(),
    "manage.schedule_round": Strategy(form={"op": ["insert", "set", "remove"], "round": ["3", "4"],
                                            "cards": ["2", "5"]}),
    "manage.schedule_rebuild": Strategy(form={"shape": ["up-down", "down-up", "up", "down"],
                                              "start": ["", "1"], "peak": ["", "7"]}),
    "manage.schedule_fit": Strategy(),
    "manage.fit": Strategy(),
    "manage.decks": Strategy(form={"decks": ["1", "2", "3"]}),
    "manage.end": Strategy(),
    "manage.end_game": Strategy(form={"after": ["1", "2", "19"]}),
    "manage.compare": Strategy(),
    "manage.change_scoring": Strategy(form={"scoring": ["standard", "estonian", "x"]}),
    "manage.history": Strategy(),
    "manage.set_author": Strategy(form={"name": ["Zośka", ""], "next": ["/", "/players"]}),
    "games.play_again": Strategy(),
    "disputes.hand_page": Strategy(query={"deal": PLAYER, "at": ["0", "3"]}),
    "disputes.card": Strategy(form={"card": ["AS", "5C", "2H", "JD"], "at": ["", "0", "4"]}),
    "disputes.undo": Strategy(form={"at": ["", "4", "5"]}),
    "disputes.deal": Strategy(query={"deal": PLAYER}, form={"player": PLAYER, "card": ["AS", "5C"]}),
    "disputes.restart": Strategy(form={"at": ["", "4"]}),
    "disputes.apply": Strategy(form={"at": ["", "4"]}),
    "disputes.penalty": Strategy(form={"trick": ["1", "3"], "choice": ["0", "1"]}),
    "disputes.export": Strategy(),
    "disputes.import_record": Strategy(form={"text": ["record", ""]},
                                       files={"file": lambda scene: scene.hand_record}),
    "carry.carry_page": Strategy(),
    "carry.export_all": Strategy(),
    "carry.import_file": Strategy(files={"file": lambda scene: scene.archive}),
    "players.index": Strategy(query=FILTERS),
    "players.rename": Strategy(form={"name": ["Ann", "Bob"], "to": ["Anna", "Bob", "Cy"]}),
    "players.undo": Strategy(),
    "players.player": Strategy(query=FILTERS),
    "players.statistics_csv": Strategy(query=FILTERS),
    "language.choose": Strategy(form={"lang": ["en", "pl", "hi"], "next": ["/", "/players"]}),
    "health.healthz": Strategy(),
    "offline.page": Strategy(),
    "offline.service_worker": Strategy(),
    "engine.bundle_zip": Strategy(),
    "engine.worker": Strategy(),
    "static": Strategy(),
    "clubs.new_club": Strategy(form={"name": ["Thursday club", ""]}),
    "clubs.club_page": Strategy(),
    "clubs.add_member": Strategy(form={"name": ["Eve", "Ann"]}),
    "clubs.merge_members": Strategy(form={"name": ["P1", "P2"], "into": ["P2", "P3"]}),
    "clubs.replace_link": Strategy(form={"role": ["organiser", "viewer"]}, fresh_game=True),
    "clubs.ratings": Strategy(),
    "clubs.member": Strategy(),
    "clubs.analytics": Strategy(),
    "clubs.new_event": Strategy(form={
        "name": ["Friday"], "players": ["\n".join(f"P{n}" for n in range(1, 13)), "Ann"],
        "preset": ["cardgames", "estonian", "x"], "sizes": ["4", "5", "9"],
        "rule": ["total", "placement", "x"], "friendly": ["y", ""], "invitation": ["", "x"]}),
    "clubs.evening": Strategy(),
    "clubs.reseat": Strategy(form={"method": ["random", "standings", "new-opponents", "x"]},
                             fresh_game=True),
    "clubs.move": Strategy(form={"name": ["P1", "P9"], "table": ["1", "2", "9"]},
                           fresh_game=True),
    "clubs.swap": Strategy(form={"name": ["P1", "P9"], "other": ["P5", "P1", ""]},
                           fresh_game=True),
    "clubs.fix": Strategy(form={"table": ["1", "2"], "names": ["P1\nP2\nP3\nP4", "P1"]},
                          fresh_game=True),
    "clubs.start": Strategy(fresh_game=True),
    "clubs.next_part": Strategy(form={"method": ["random", "standings", "new-opponents"]},
                                fresh_game=True),
    "clubs.leaderboard": Strategy(),
    "clubs.events": Strategy(query={"since": SINCE}),
    "clubs.leaderboard_csv": Strategy(),
    "clubs.friendly": Strategy(form={"friendly": ["y", ""], "game": ["", "0" * 32]},
                               fresh_game=True),
    "clubs.new_season": Strategy(form={
        "name": ["Autumn"], "starts": ["2026-12-01", "2026-13-01"], "ends": ["2026-12-31", ""],
        "rule": ["total", "placement", "average", "best", "x"], "evenings": ["", "2", "100"]}),
    "clubs.season": Strategy(),
    "clubs.league": Strategy(),
    "clubs.season_events": Strategy(query={"since": SINCE}),
    "clubs.league_csv": Strategy(),
    "clubs.new_invitation": Strategy(form={
        "name": ["Friday"], "day": ["2026-12-11", "x"], "time": ["19:30", "25:00"],
        "sizes": ["4", "5", "9"]}),
    "clubs.invitation_page": Strategy(),
    "clubs.answer": Strategy(form={"answer": ["yes", "maybe", "no", "x"]}),
    "clubs.hand_member_link": Strategy(fresh_game=True),
    "clubs.take_seat": Strategy(),
    "clubs.printed": Strategy(),
}


@dataclass
class SceneGame:
    """One game of the scene: its links and the rounds worth visiting."""

    scorer: str
    viewer: str
    rounds: list[int]
    #: A club's organiser and viewer links, and an evening of it.
    club: str = ""
    club_viewer: str = ""
    event: str = ""
    #: A season of the club, and an evening it announced.
    season: str = ""
    invitation: str = ""


@dataclass
class Scene:
    """Real games in several states, reached through real links."""

    games: dict[str, SceneGame]
    replaced: str
    setup_fields: dict[str, list]
    archive: bytes = b""
    hand_record: bytes = b""
    #: Whether a write may have changed the fresh game (or its club) since it
    #: was made: the set-up game stands in for it at first.
    fresh_spent: bool = True

    def spend(self, request: "Request", status: int | None) -> None:
        """Note a request sent through the fresh game: one that may have
        written (not a read, not refused: a refused write stores nothing)
        spends it."""
        if request.method not in ("GET", "HEAD") and (status is None or status < 400):
            self.fresh_spent = True


class FormFields(HTMLParser):
    """The fields of every form a page shows, by the method and the path it
    sends them to (a form without an action sends them to the page itself)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[tuple[str, str], set[str]] = {}
        self.current: set[str] | None = None
        self.page = "/"

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            method = "POST" if (attrs.get("method") or "").lower() == "post" else "GET"
            action = attrs.get("action") or self.page
            if "hx-post" in attrs:
                method, action = "POST", attrs["hx-post"]
            self.current = self.forms.setdefault((method, urlsplit(action).path), set())
        elif tag in ("input", "select", "textarea", "button") and self.current is not None:
            if attrs.get("name"):
                self.current.add(attrs["name"])

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None


def form_fields_of(pages: dict[str, str]) -> dict[tuple[str, str], set[str]]:
    """The form fields of the pages (by path), by the method and path they are sent to."""
    parser = FormFields()
    for path, page in pages.items():
        parser.page = path
        parser.feed(page)
        parser.current = None
    return parser.forms


def normalized(name: str) -> str:
    """A row field as the strategy names it: ``players-7`` as ``players-0``."""
    return re.sub(r"^(players|seats)-\d+", r"\1-0", name)


def encode(value: str) -> str:
    return value if isinstance(value, Raw) else quote(value, safe="")


def urlencoded(pairs: list[tuple[str, str]]) -> str:
    return "&".join(f"{encode(k)}={encode(v)}" for k, v in pairs)


@dataclass
class Request:
    """One request the fuzzer sends, described well enough to repeat it."""

    method: str
    path: str
    query: list[tuple[str, str]]
    form: list[tuple[str, str]]
    files: dict[str, bytes]
    headers: dict[str, str]
    cookies: dict[str, str]

    def url(self) -> str:
        return self.path + (f"?{urlencoded(self.query)}" if self.query else "")

    def send(self, client):
        for name, value in self.cookies.items():
            client.set_cookie(name, value)
        try:
            kwargs: dict = {"method": self.method, "headers": self.headers}
            if self.files:
                data: dict = {k: v for k, v in self.form}
                data.update({k: (io.BytesIO(v), "fuzz.json") for k, v in self.files.items()})
                kwargs["data"] = data
            elif self.form:
                kwargs.update(data=urlencoded(self.form),
                              content_type="application/x-www-form-urlencoded")
            return client.open(self.url(), **kwargs)
        finally:
            for name in self.cookies:
                client.delete_cookie(name)

    def __str__(self) -> str:
        def cut(text: str) -> str:
            return text[:40] + "…" if len(text) > 40 else text

        url = self.url()
        form = {k: cut(v) for k, v in self.form}
        headers = {k: cut(v) for k, v in self.headers.items()}
        files = {k: cut(repr(v)) for k, v in self.files.items()}
        cookies = {k: cut(v) for k, v in self.cookies.items()}
        return (f"{self.method} {url[:200] + '…' if len(url) > 200 else url} form={form} "
                f"files={files} headers={headers} cookies={cookies}")


def json_leaves(node, path=()) -> Iterator[tuple[tuple, object, object]]:
    """Every value of a JSON document with the container and key that hold it,
    and its path with list positions left out (every player's name is one path)."""
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in list(items):
        here = path + ((key,) if isinstance(node, dict) else ())
        yield here, node, key
        if isinstance(value, (dict, list)):
            yield from json_leaves(value, here)


def hostile_files(rng: random.Random, contents: bytes) -> Iterator[bytes]:
    """A file that is not UTF-8, one nested past any limit, one cut short, and for
    a JSON file one copy per path of its values with a hostile value there. Ids
    and tokens are made new in each copy, so an import cannot take it for one
    it has already."""
    yield b"\xff\xfe\x00garbage"
    yield b"[" * 100_000
    yield contents[: rng.randrange(max(1, len(contents)))]
    if not contents.startswith((b"{", b"[")):
        return
    paths = sorted({path for path, _node, _key in json_leaves(json.loads(contents))}, key=str)
    for target in paths:
        for hostile in (rng.choice(HOSTILE_TEXTS), rng.choice(HOSTILE_VALUES)):
            data = json.loads(contents)
            for path, node, key in list(json_leaves(data)):
                if key in ("id", "token") and isinstance(node[key], str):
                    node[key] = "%032x" % rng.getrandbits(128)
                if path == target:
                    node[key] = hostile
            yield json.dumps(data, ensure_ascii=False).encode()


#: The plausible values of each kind of path segment, and its hostile ones.
SEGMENT_HOSTILE = {"gid": HOSTILE_SEGMENTS, "number": HOSTILE_NUMBERS, "name": HOSTILE_SEGMENTS,
                   "club": HOSTILE_SEGMENTS, "event": HOSTILE_SEGMENTS,
                   "season": HOSTILE_SEGMENTS, "invitation": HOSTILE_SEGMENTS,
                   "game": HOSTILE_SEGMENTS,
                   "version": HOSTILE_SEGMENTS,
                   "filename": ["../app.py", "%00", "a/%00/b", "..%2f..%2fapp.py", "x" * 3000,
                                "css/%ff.css"]}
SEGMENT = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")


def segment_values(name: str, game: SceneGame) -> list[str]:
    """Plausible values of a path segment, through ``game`` where a game is meant."""
    plausible = {"gid": [game.scorer, game.viewer], "number": [str(n) for n in game.rounds],
                 "club": [game.club, game.club_viewer], "event": [game.event],
                 "season": [game.season], "invitation": [game.invitation], "game": ["0" * 32],
                 "name": ["Ann", quote("Łucja"), "Bob"], "filename": ["favicon.svg"],
                 # (an engine bundle of another app version: the current one's digest is the app's)
                 "version": ["0123456789abcdef"]}
    return plausible[name]


class Fuzzer:
    """The requests for one rule and method, from a seeded random source.

    Each request starts from plausible values everywhere (a real link, a round
    the game has, a choice the form offers); then one variable is made hostile
    in turn (every hostile value of every path segment, ``per_field`` of every
    query parameter and form field), then ``extra`` requests mix several
    hostile variables, headers and cookies at once.
    """

    def __init__(self, scene: Scene, rng: random.Random, per_field: int = 2, extra: int = 5):
        self.scene, self.rng, self.per_field, self.extra = scene, rng, per_field, extra

    def requests(self, rule, method: str, strategy: Strategy) -> Iterator[Request]:
        """The requests for ``rule`` and ``method``, each made just before it is sent
        (a route that needs a fresh game gets one made between two requests)."""
        names = SEGMENT.findall(rule.rule)
        query = strategy.query
        form = self.form_fields(strategy) if method == "POST" else {}
        files = strategy.files if method == "POST" else {}
        args = (rule, method, strategy, names, query, form, files)
        yield self.build(*args)
        for name in names:
            for value in self.hostile_segments(name):
                yield self.build(*args, segments={name: value})
        # A long form (the set-up's thirty fields) gets one hostile value per field.
        per_field = self.per_field if len(form) < 12 else 1
        for name in [*query, *form]:
            for value in self.rng.sample(HOSTILE, per_field):
                yield self.build(*args, fields={name: value})
        for name, make in files.items():
            for contents in hostile_files(self.rng, make(self.scene)):
                yield self.build(*args, bodies={name: contents})
        for _ in range(self.extra):
            yield self.mixed(*args)
        yield self.build(*args, headers={"Host": self.rng.choice(HOSTILE_HOSTS)})

    def hostile_segments(self, name: str) -> list[str]:
        """The hostile values of a path segment; for a link, a replaced one too."""
        return SEGMENT_HOSTILE[name] + ([self.scene.replaced] if name == "gid" else [])

    def form_fields(self, strategy: Strategy) -> dict[str, list]:
        if "setup" in strategy.form:
            return self.scene.setup_fields
        return strategy.form

    def mixed(self, rule, method, strategy, names, query, form, files) -> Request:
        rng = self.rng
        variables = [*names, *query, *form]
        chosen = rng.sample(variables, min(len(variables), rng.randint(1, 3)))
        segments = {n: rng.choice(self.hostile_segments(n)) for n in chosen if n in names}
        fields = {n: rng.choice(HOSTILE) for n in chosen if n not in names}
        headers = {"HX-Request": "true"} if rng.random() < 0.4 else {}
        if rng.random() < 0.15:
            headers["Host"] = rng.choice(HOSTILE_HOSTS)
        if rng.random() < 0.15:
            headers["Referer"] = rng.choice(["http://localhost/%00", "http://localhost/" + "x" * 3000,
                                             "http://localhost/g/%ff/", "//evil/"])
        cookies = {}
        if rng.random() < 0.2:
            name = rng.choice(list(HOSTILE_COOKIES))
            cookies[name] = rng.choice(HOSTILE_COOKIES[name])
        return self.build(rule, method, strategy, names, query, form, files, segments=segments,
                          fields=fields, headers=headers, cookies=cookies,
                          dropped=rng.random() < 0.2)

    def build(self, rule, method, strategy, names, query, form, files, *, segments=None,
              fields=None, headers=None, cookies=None, bodies=None, dropped=False) -> Request:
        rng, scene = self.rng, self.scene
        game = scene.games["fresh" if strategy.fresh_game else rng.choice(list(scene.games))]
        segments, fields = segments or {}, fields or {}

        def segment(match):
            name = match.group(1)
            return segments.get(name) or rng.choice(segment_values(name, game))

        path = SEGMENT.sub(segment, rule.rule)
        pairs = {name: fields.get(name, self.plausible(values, game))
                 for name, values in [*query.items(), *form.items()]}
        if dropped and pairs:
            pairs.pop(rng.choice(list(pairs)))
        query_pairs = [(k, v) for k, v in pairs.items() if k in query]
        form_pairs = [(k, v) for k, v in pairs.items() if k not in query]
        bodies = {name: make(scene) for name, make in files.items()} | (bodies or {})
        return Request(method, path, query_pairs, form_pairs, bodies, dict(headers or {}),
                       dict(cookies or {}))

    def plausible(self, values: list, game: SceneGame) -> str:
        value = self.rng.choice(values) if values else ""
        if value in ("scorer", "viewer"):
            return getattr(game, value)
        if value == "record":
            return self.scene.hand_record.decode()
        return value
