"""The engine bundle a phone runs with no network (scorekeeper/web/engine.py),
and the round screen it draws (scorekeeper/web/phone.py), run here in a plain
Python that has nothing but the standard library and the bundle."""

from __future__ import annotations

import _imp
import hashlib
import html
import io
import json
import pickle
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from jinja2.bccache import bc_version
from page_text import as_drawn_offline

from scorekeeper.storage import clubs
from scorekeeper.web import engine
from scorekeeper.web.security import ENGINE_POLICY

ROOT = Path(__file__).resolve().parents[2]

# cardgames with Ann dealing first: bidding order Bob, Cy, Di, Ann; 10 cards.
ORDER = [1, 2, 3, 0]


def bundle_url(client, gid: str) -> str:
    page = client.get(f"/g/{gid}/round/1").get_data(as_text=True)
    return re.search(r'data-bundle="([^"]+)"', page).group(1)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory, module_table) -> Path:
    """The bundle as the phone gets it (the same for every game of an app
    version), unpacked once for the module, its modules imported once by the
    bare Python below: each test's copy then imports them from their
    bytecode instead of compiling every module again."""
    folder = tmp_path_factory.mktemp("bundle")
    gid = module_table.start(names=("Ann", "Bob", "Cy"))
    client = module_table.client
    data = client.get(bundle_url(client, gid)).get_data()
    zipfile.ZipFile(io.BytesIO(data)).extractall(folder / "bundle")
    run_bare(folder / "bundle", "import scorekeeper.rules, scorekeeper.game.entries, scorekeeper.web.phone")
    return folder / "bundle"


@pytest.fixture
def unpacked(bundle, tmp_path) -> Path:
    """The bundle unpacked into a folder of the test's own (a test may write there)."""
    return shutil.copytree(bundle, tmp_path / "bundle")


def run_bare(folder: Path, code: str) -> str:
    """Run ``code`` in a Python with only the standard library (-I -S: no
    site-packages, no user site, no environment) and ``folder`` on its path."""
    prelude = f"import sys; sys.path.insert(0, {str(folder)!r})\n"
    done = subprocess.run([sys.executable, "-I", "-S", "-c", prelude + code],
                          capture_output=True, text=True, timeout=120, cwd=folder)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_makefile_vendors_the_pyodide_the_app_names():
    makefile = (ROOT / "Makefile").read_text()
    assert f"PYODIDE_VERSION := {engine.PYODIDE_VERSION}\n" in makefile
    assert "pyodide" in re.search(r"^setup:.*$", makefile, re.M).group(0)
    assert "pyodide" in re.search(r"^setup-test:.*$", makefile, re.M).group(0)
    # From the npm registry through npm itself, checked against the digest kept here.
    assert "npm pack --silent pyodide@$(PYODIDE_VERSION)" in makefile
    assert "sha256sum -c" in makefile and "jsdelivr" not in makefile
    # And the bundle's Python compiled to bytecode by that Pyodide (tools/engine_bytecode.py).
    assert "engine-bytecode" in re.search(r"^setup:.*$", makefile, re.M).group(0)
    assert "engine-bytecode" in re.search(r"^setup-test:.*$", makefile, re.M).group(0)
    # And its standard library (tools/stdlib_bytecode.mjs).
    assert "stdlib-bytecode" in re.search(r"^setup:.*$", makefile, re.M).group(0)
    assert "stdlib-bytecode" in re.search(r"^setup-test:.*$", makefile, re.M).group(0)
    assert f"STDLIB_BYTECODE := scorekeeper/static/{engine.STDLIB_BYTECODE}".replace(
        engine.PYODIDE_VERSION, "$(PYODIDE_VERSION)") in makefile


def test_the_bundle_is_served_once_per_version_with_a_long_cache(client, table):
    gid = table.start()
    url = bundle_url(client, gid)
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/zip"
    assert "immutable" in response.headers["Cache-Control"]
    assert "max-age=31536000" in response.headers["Cache-Control"]
    assert client.get(url.replace("/engine/", "/engine/0").replace("/engine.zip", "x/engine.zip")
                      ).status_code == 404
    # The same address for every game: one download per app version.
    assert bundle_url(client, table.start()) == url


def test_pythons_worker_is_served_at_the_bundles_version_allowed_to_compile_webassembly(
        client, table):
    gid = table.start()
    page = client.get(f"/g/{gid}/round/1").get_data(as_text=True)
    settings = json.loads(html.unescape(re.search(r'data-settings="([^"]+)"', page).group(1)))
    version = settings["bundle"].split("/")[-2]
    assert settings["worker"] == f"/engine/{version}/python.js"
    response = client.get(settings["worker"])
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/javascript")
    assert response.headers["Content-Security-Policy"] == ENGINE_POLICY
    assert "max-age=31536000" in response.headers["Cache-Control"]
    assert response.get_data() == (ROOT / "scorekeeper/static/js/offline-python.js").read_bytes()
    assert client.get(f"/engine/x{version[1:]}/python.js").status_code == 404


def test_pyodide_is_vendored_with_its_licence_and_its_wasm_served_as_wasm(client):
    folder = ROOT / "scorekeeper" / "static" / engine.PYODIDE_DIR
    assert "Mozilla Public License Version 2.0" in (folder / "LICENSE").read_text()
    assert json.loads((folder / "package.json").read_text())["version"] == engine.PYODIDE_VERSION
    response = client.get(f"/static/{engine.PYODIDE_DIR}/pyodide.asm.wasm")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/wasm"
    response.close()
    # No file of it names an address off the app's: pyodide.js's CDN for packages
    # it lacks (setCdnUrl) is emptied when it is vendored (the Makefile).
    for name in ("pyodide.js", "pyodide.asm.js"):
        assert not re.search(r"https?://", (folder / name).read_text()), name
    assert "setCdnUrl(``)" in (folder / "pyodide.js").read_text()


def test_every_module_of_the_bundle_comes_with_pyodides_bytecode_of_its_source(unpacked):
    """A phone's first start of Python imports bytecode instead of compiling
    each module: ``make setup`` has the vendored Pyodide compile the bundle's
    Python, and each file holds its source's hash, which Python checks."""
    lock = ROOT / "scorekeeper" / "static" / engine.PYODIDE_DIR / "pyodide-lock.json"
    tag = "cpython-" + "".join(json.loads(lock.read_text())["info"]["python"].split(".")[:2])
    sources = sorted(unpacked.rglob("*.py"))
    assert len(sources) > 80 and unpacked / "flask_babel.py" in sources
    for source in sources:
        data = (source.parent / "__pycache__" / f"{source.stem}.{tag}.pyc").read_bytes()
        assert data[4:8] == engine.CHECKED_HASH, source
        assert data[8:16] == _imp.source_hash(int.from_bytes(data[:4], "little"), source.read_bytes())


def test_pyodides_standard_library_comes_compiled_by_pyodides_python():
    """Each module of Pyodide's own python_stdlib.zip (sources) is, in the zip
    the phone is given, its bytecode as Pyodide's Python 3.12 compiles that
    very source (the hash it holds), where zipimport looks for it, and never
    checked against a source it no longer has; every other file is the same."""
    static = ROOT / "scorekeeper" / "static"
    with zipfile.ZipFile(static / engine.PYODIDE_DIR / "python_stdlib.zip") as given, \
            zipfile.ZipFile(static / engine.STDLIB_BYTECODE) as compiled:
        sources = {entry: given.read(entry) for entry in given.namelist()}
        made = {entry: compiled.read(entry) for entry in compiled.namelist()}
    modules = {name: data for name, data in sources.items() if name.endswith(".py")}
    assert len(modules) > 500 and "asyncio/base_events.py" in modules
    assert set(made) == {name[:-3] + ".pyc" if name in modules else name for name in sources}
    magic = (3531).to_bytes(2, "little") + b"\r\n"  # Python 3.12's, as in the engine's bytecode
    for name, source in modules.items():
        data = made[name[:-3] + ".pyc"]
        assert data[:4] == magic and data[4:8] == (1).to_bytes(4, "little"), name
        assert data[8:16] == _imp.source_hash(int.from_bytes(magic, "little"), source), name
    assert all(made[name] == data for name, data in sources.items() if name not in modules)


def test_the_phone_is_given_the_compiled_standard_library_where_it_was_made(
        app, client, table, monkeypatch):
    """Its Pyodide's files, for the service worker to keep, and the snapshot's
    key name the standard library given (a snapshot's Python reads the zip it
    started with by that zip's listing)."""
    gid = table.start()

    def settings() -> dict:
        page = client.get(f"/g/{gid}/round/1").get_data(as_text=True)
        return json.loads(html.unescape(re.search(r'data-settings="([^"]+)"', page).group(1)))

    compiled = settings()
    assert compiled["stdlib"] == f"/static/{engine.STDLIB_BYTECODE}"
    assert compiled["files"] == [f"/static/{engine.PYODIDE_DIR}/{name}" for name in engine.PYODIDE_FILES
                                 if name != "python_stdlib.zip"] + [compiled["stdlib"]]
    assert client.get(compiled["stdlib"]).status_code == 200
    monkeypatch.setattr(engine, "STDLIB_BYTECODE", "vendor/never-made.zip")  # no Node.js at set-up
    sources = settings()
    assert sources["stdlib"] == f"/static/{engine.PYODIDE_DIR}/python_stdlib.zip"
    assert sources["stdlib"] in sources["files"] and compiled["stdlib"] not in sources["files"]
    assert sources["snapshot"]["key"] != compiled["snapshot"]["key"]
    assert {key: compiled[key] for key in compiled if key not in ("stdlib", "files", "snapshot")} \
        == {key: sources[key] for key in sources if key not in ("stdlib", "files", "snapshot")}


def test_every_template_the_phone_draws_comes_compiled_by_pyodides_python(unpacked):
    """Jinja's bytecode of each template, made by Pyodide's Python 3.12 with
    the bundle's Jinja: the magic Jinja checks (its own version and Python's),
    then the checksum of the source it was compiled from."""
    magic = b"j2" + pickle.dumps(bc_version, 2) + pickle.dumps((3 << 24) | 12, 2)
    phone_sources = [path.read_bytes() for path in (unpacked / "scorekeeper" / "templates").rglob("*.html")]
    base = run_bare(unpacked, "from scorekeeper.web import phone_pages; print(phone_pages.BASE, end='')")
    # Where the bundle puts them is where the phone reads them (two names of one folder:
    # the server never imports the phone's module).
    shipped = run_bare(unpacked, "from scorekeeper.web import phone; print(phone.SHIPPED, end='')")
    assert Path(shipped) == (unpacked / engine.TEMPLATES_COMPILED).resolve()
    checksums = set()
    for path in (unpacked / engine.TEMPLATES_COMPILED).iterdir():
        data = io.BytesIO(path.read_bytes())
        assert data.read(len(magic)) == magic, path.name
        checksums.add(pickle.load(data))
    assert checksums == {hashlib.sha1(source).hexdigest() for source in [*phone_sources, base.encode()]}


def test_the_phone_draws_with_the_templates_shipped_compiled_and_compiles_none(
        client, table, unpacked):
    """Here with this Python's own bytecode of them (the bundle's is Python
    3.12's, which Jinja here does not take): where the bundle holds a template
    compiled, the phone's Jinja compiles nothing."""
    gid = table.start()
    stored = json.loads(client.get(f"/g/{gid}/export.json").get_data(as_text=True))["stored"]
    (unpacked / "input.json").write_text(json.dumps(stored))
    rules = {rule.endpoint: rule.rule for rule in client.application.url_map.iter_rules()
             if rule.endpoint in engine.PHONE_ENDPOINTS}
    draw = f"""
import json, jinja2
from scorekeeper.web import phone
compiled = []
original = jinja2.Environment.compile
jinja2.Environment.compile = lambda self, *args, **kwargs: compiled.append(1) or original(self, *args, **kwargs)
stored = json.loads(open("input.json").read())
screen = phone.Phone(stored, "en", {rules!r}, "G", "T").screen()
"""
    shipped = unpacked / engine.TEMPLATES_COMPILED
    for old in shipped.iterdir():
        old.unlink()
    assert json.loads(run_bare(unpacked, draw + """
phone.warm()
for key, code in phone.COMPILED.kept.items():
    (phone.SHIPPED / key).write_bytes(code)
print(json.dumps(len(compiled)))""")) > 10
    drawn = json.loads(run_bare(unpacked, draw + "print(json.dumps([len(compiled), screen]))"))
    assert drawn[0] == 0 and "Round 1 of 19" in drawn[1]["panel"]


def pyc(source: bytes, flags: bytes = engine.CHECKED_HASH) -> bytes:
    """A bytecode file of Python 3.12 (magic number 3531) as ``source`` compiled."""
    magic = (3531).to_bytes(2, "little") + b"\r\n"
    return magic + flags + _imp.source_hash(int.from_bytes(magic, "little"), source) + b"code"


def test_bytecode_older_than_its_source_stays_out_of_the_bundle(tmp_path):
    sources = {"pkg/a.py": b"A = 1\n", "pkg/b.py": b"B = 2\n", "pkg/c.py": b"C = 3\n",
               "top.py": b"TOP = 4\n"}
    archive = tmp_path / "bytecode.zip"
    assert engine.bytecode_of(sources, archive) == []  # none made: the phone compiles
    kept = {"pkg/__pycache__/a.cpython-312.pyc": pyc(b"A = 1\n"),
            "__pycache__/top.cpython-312.pyc": pyc(b"TOP = 4\n")}
    with zipfile.ZipFile(archive, "w") as made:
        for name, data in {
            **kept,
            "pkg/__pycache__/b.cpython-312.pyc": pyc(b"B = 1\n"),  # B changed since
            "pkg/__pycache__/c.cpython-312.pyc": pyc(b"C = 3\n", flags=bytes(4)),  # not checked
            "pkg/__pycache__/gone.cpython-312.pyc": pyc(b"GONE = 5\n"),  # not in the bundle
        }.items():
            made.writestr(name, data)
    assert dict(engine.bytecode_of(sources, archive)) == kept


def test_the_engine_imports_with_nothing_but_the_standard_library_and_what_it_ships(unpacked):
    shipped = set(run_bare(unpacked, """
import sys
import scorekeeper.rules, scorekeeper.game, scorekeeper.game.entries, scorekeeper.web.phone
outside = {name.split(".")[0] for name in sys.modules} - set(sys.stdlib_module_names) - {"__main__"}
print("\\n".join(sorted(outside)))
""").split())
    assert shipped == {"scorekeeper", "jinja2", "markupsafe", "flask_babel"}
    assert (unpacked / "flask_babel.py").read_text() == (
        ROOT / "scorekeeper" / "web" / "phone_babel.py").read_text()
    # No compiled code: MarkupSafe's pure-Python fallback is what the phone runs.
    assert not list(unpacked.rglob("*.so"))
    assert (unpacked / "markupsafe" / "_native.py").exists()


def test_the_rules_and_the_game_import_no_web_module_in_the_bare_python(unpacked):
    loaded = run_bare(unpacked, """
import sys
import scorekeeper.rules, scorekeeper.game, scorekeeper.game.entries
print(" ".join(sorted(n for n in sys.modules if n.split(".")[0] in ("jinja2", "markupsafe", "flask_babel") or n.startswith("scorekeeper.web"))))
""")
    assert loaded.strip() == ""


PLAY = """
import json
from scorekeeper.web.phone import Phone
stored, taps, language = json.loads(sys.stdin.read()) if False else json.loads(open("input.json").read())
phone = Phone(stored, language, RULES, GID, "TOKEN")
shown = [phone.tap(path, values) for path, values in taps]
print(json.dumps({"shown": shown, "version": phone.version}))
"""


def play_on_phone(client, unpacked: Path, gid: str, taps: list, language: str = "en") -> dict:
    """The phone's screens after each tap, from the game's export as it stands."""
    stored = json.loads(client.get(f"/g/{gid}/export.json").get_data(as_text=True))["stored"]
    (unpacked / "input.json").write_text(json.dumps([stored, taps, language]))
    rules = {rule.endpoint: rule.rule for rule in client.application.url_map.iter_rules()
             if rule.endpoint in engine.PHONE_ENDPOINTS}
    return json.loads(run_bare(unpacked, f"RULES = {rules!r}\nGID = {gid!r}\n" + PLAY))


def whole_round(gid: str, bids: dict, tricks: dict, trump: str = "H") -> list:
    """The taps of round 1 (the bids and tricks given, in bidding order; then
    Close once every player has their tricks)."""
    taps = [(f"/g/{gid}/round/1/trump", {"trump": trump, "was": "unset"})]
    taps += [(f"/g/{gid}/round/1/bid", {"player": str(p), "bid": str(bids[p]), "was": ""})
             for p in ORDER if p in bids]
    taps += [(f"/g/{gid}/round/1/tricks", {"player": str(p), "tricks": str(tricks[p]), "was": ""})
             for p in ORDER if p in tricks]
    return taps + ([(f"/g/{gid}/round/1/close", {})] if len(tricks) == len(ORDER) else [])


def test_a_round_played_on_the_phone_scores_as_the_server_does(client, htmx_table, unpacked):
    gid = htmx_table.start()
    bids, tricks = {1: 3, 2: 2, 3: 4, 0: 0}, {1: 3, 2: 3, 3: 4, 0: 0}
    taps = whole_round(gid, bids, tricks)
    phone = play_on_phone(client, unpacked, gid, taps)
    for path, values in taps:
        assert client.post(path, data=values, headers={"HX-Request": "true"}).status_code in (
            200, 204)
    server = json.loads(client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    last = phone["shown"][-1]
    assert last["totals"] == {s["player"]: s["total"] for s in server["standings"]}
    assert phone["version"] == server["stored"]["changes"][-1]["seq"]
    assert last["round"] == 2 and last["head"]["title"] == "Round 2 of 19"
    assert "Round 1 scored" in last["panel"]


def test_the_phones_panel_is_the_servers_panel(client, htmx_table, unpacked):
    gid = htmx_table.start()
    taps = whole_round(gid, {1: 3, 2: 2, 3: 4, 0: 0}, {1: 3, 2: 3, 3: 4, 0: 0})[:4]
    phone = play_on_phone(client, unpacked, gid, taps)
    for path, values in taps:
        server = client.post(path, data=values, headers={"HX-Request": "true"})
    same_token = re.sub(r'name="csrf_token" value="[^"]*"', "",
                        as_drawn_offline(server.get_data(as_text=True)))
    assert re.sub(r'name="csrf_token" value="[^"]*"', "", phone["shown"][-1]["panel"]) == same_token


def test_the_phones_next_round_is_the_servers_undo_bar_and_all(client, htmx_table, unpacked):
    gid = htmx_table.start()
    taps = whole_round(gid, {1: 3, 2: 2, 3: 4, 0: 0}, {1: 3, 2: 3, 3: 4, 0: 0})
    phone = play_on_phone(client, unpacked, gid, taps)
    for path, values in taps:
        client.post(path, data=values, headers={"HX-Request": "true"})
    server = client.get(f"/g/{gid}/round/2/entry", headers={"HX-Request": "true"})
    assert "Undo: Round 1 closed" in phone["shown"][-1]["panel"]
    assert re.sub(r'name="csrf_token" value="[^"]*"', "", phone["shown"][-1]["panel"]) == re.sub(
        r'name="csrf_token" value="[^"]*"', "", as_drawn_offline(server.get_data(as_text=True)))


def test_the_hook_rule_strikes_out_the_dealers_bid_on_the_phone_and_refuses_it(
        client, htmx_table, unpacked):
    gid = htmx_table.start()
    taps = whole_round(gid, {1: 3, 2: 2, 3: 4, 0: 1}, {})[:4]  # Bob, Cy, Di have bid: 9 of 10
    taps.append((f"/g/{gid}/round/1/bid", {"player": "0", "bid": "1", "was": ""}))
    shown = play_on_phone(client, unpacked, gid, taps)["shown"]
    struck = re.search(r'<form[^>]*id="bid-0".*?</form>', shown[3]["panel"], re.S).group(0)
    assert re.search(r'class="chip forbidden" name="bid" value="1" disabled', struck)
    assert shown[4]["status"] == 422
    assert "Ann cannot bid 1" in shown[4]["panel"] or "forbidden" in shown[4]["panel"].lower()


def test_undo_on_the_phone_takes_back_its_last_entry(client, htmx_table, unpacked):
    gid = htmx_table.start()
    taps = whole_round(gid, {1: 3, 2: 2, 3: 4, 0: 0}, {})[:3]
    taps.append((f"/g/{gid}/undo", {"seq": "3", "round": "1"}))
    shown = play_on_phone(client, unpacked, gid, taps)["shown"]
    assert "Undone: Cy: bid 2" in shown[-1]["panel"]
    assert 'id="bid-2"' in shown[-1]["panel"]
    assert "Undo: Bob: bid 3" in shown[-1]["panel"]


def test_the_phone_words_its_screen_in_the_pages_language(client, htmx_table, unpacked):
    gid = htmx_table.start()
    shown = play_on_phone(client, unpacked, gid, whole_round(gid, {}, {})[:1], "pl")["shown"]
    assert "Rozdanie 1 z 19" == shown[-1]["head"]["title"]
    assert 'lang' not in shown[-1]  # (the page keeps its own)
    assert "Atut" in shown[-1]["panel"]


ENGINE_MARKS = ("offline-engine", "pyodide", "/engine/", "wasm-unsafe-eval")


def engine_marks(response) -> list[str]:
    text = response.get_data(as_text=True) + response.headers["Content-Security-Policy"]
    return [mark for mark in ENGINE_MARKS if mark in text]


def test_only_a_scorers_screen_of_the_round_being_played_carries_the_engine(app, client, table):
    from game_links import links_of

    gid = table.start()
    table.play_round(1, ORDER, 10, {1: 3, 2: 2, 3: 4, 0: 0}, {1: 3, 2: 3, 3: 4, 0: 0})
    assert engine_marks(client.get(f"/g/{gid}/round/2")) == list(ENGINE_MARKS)
    # A closed round, a round not begun, the standings: no panel to play on.
    for path in ("/round/1", "/round/3", "/standings", "/history", "/table"):
        assert engine_marks(client.get(f"/g/{gid}{path}")) == [], path
    viewer = links_of(app, gid)["viewer"]
    assert engine_marks(client.get(f"/g/{viewer}/round/2")) == []
    # The panel an htmx tap gets back names nothing of it either.
    assert engine_marks(client.get(f"/g/{gid}/round/2/entry", headers={"HX-Request": "true"})) == []


@pytest.mark.parametrize("path", ["/", "/new", "/clubs/new", "/players", "/offline"])
def test_pages_that_never_go_offline_name_no_engine(client, table, path):
    table.start()
    assert engine_marks(client.get(path)) == []


def test_a_scorers_round_screen_gets_the_changes_after_the_ones_it_keeps(app, client, table):
    from game_links import links_of

    gid = table.start()
    table.trump(1, "S")
    table.bid(1, 1, 3)
    answer = client.get(f"/g/{gid}/log.json?after=1")
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    exported = json.loads(client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert answer.get_json()["changes"] == exported["stored"]["changes"][1:]
    assert [c["kind"] for c in client.get(f"/g/{gid}/log.json").get_json()["changes"]] == [
        "trump", "bid"]
    # A viewer's link never gets it (refused as any write route refuses it).
    assert client.get(f"/g/{links_of(app, gid)['viewer']}/log.json").status_code == 403


# -- the game's other pages, drawn on the phone (web/phone_pages.py) --------------

PAGES = """
import json
from scorekeeper.web.phone import Phone
stored, steps, language = json.loads(open("input.json").read())
phone = Phone(stored, language, RULES, GID, "TOKEN", friendly=FRIENDLY)
shown = []
for kind, path, values in steps:
    if kind == "tap":
        shown.append(phone.tap("/g/" + GID + path, values))
    elif kind == "post":
        shown.append(phone.post(path, values))
    else:
        shown.append(phone.page(path, values))
print(json.dumps({"shown": shown, "version": phone.version}))
"""

TOKEN = re.compile(r'(name="csrf_token" type="hidden" value="|name="csrf_token" value=")[^"]*"')


def phone_steps(client, unpacked: Path, gid: str, steps: list, language: str = "en",
                friendly: bool = False) -> dict:
    """What the phone shows after each step: ("tap", path, fields) on the
    round screen, ("post", path, fields) a plain form, ("page", path, query).
    ``friendly``: what the round screen told the phone of the game's club."""
    stored = json.loads(client.get(f"/g/{gid}/export.json").get_data(as_text=True))["stored"]
    (unpacked / "input.json").write_text(json.dumps([stored, steps, language]))
    rules = {rule.endpoint: rule.rule for rule in client.application.url_map.iter_rules()
             if rule.endpoint in engine.PHONE_ENDPOINTS}
    return json.loads(run_bare(unpacked, f"RULES = {rules!r}\nGID = {gid!r}\n"
                                         f"FRIENDLY = {friendly!r}\n" + PAGES))


#: A WTForms form's token: drawn by the phone, not by the tests' server (no CSRF in tests).
FORM_TOKEN = re.compile(r'<input id="csrf_token" name="csrf_token" type="hidden" value="[^"]*">')


def main_of(html: str) -> str:
    """A page's content (its <main>), its CSRF tokens left out, and what the
    round screen says of the phone's engine (its scripts run already, and it
    keeps its own log: :func:`page_text.as_drawn_offline`; its
    "Ready without network" is hidden while the phone keeps the score)."""
    main = re.search(r'<main id="main">(.*)</main>', as_drawn_offline(html), re.S).group(1)
    engine_part = r'<script src="[^"]*offline-engine.js".*?id="offline-ready"[^>]*>[^<]*</p>'
    return TOKEN.sub(r'\1"', re.sub(engine_part, "", main, flags=re.S)).strip()


def same_main(shown: dict) -> str:
    """The phone's page content, compared as :func:`main_of`."""
    return TOKEN.sub(r'\1"', FORM_TOKEN.sub("", shown["main"])).strip()



def played_round(table) -> None:
    table.play_round(1, ORDER, 10, {1: 3, 2: 2, 3: 4, 0: 0}, {1: 3, 2: 3, 3: 4, 0: 0})


@pytest.mark.parametrize("path", ["/round/1", "/round/2", "/round/3", "/round/1/edit",
                                  "/standings", "/end", "/players"])
def test_the_phones_pages_of_the_game_are_the_servers(client, table, unpacked, path):
    gid = table.start()
    played_round(table)
    table.trump(2, "S")
    shown = phone_steps(client, unpacked, gid, [("page", path, {})])["shown"][0]
    server = client.get(f"/g/{gid}{path}").get_data(as_text=True)
    assert same_main(shown) == main_of(server)
    assert shown["title"] + " · Scorekeeper" in server
    assert shown["nav"] in server


def test_a_friendly_games_standings_say_so_on_the_phone_as_on_the_server(
        client, table, unpacked, monkeypatch):
    gid = table.start()
    played_round(table)
    monkeypatch.setattr(clubs, "is_friendly", lambda game: True)  # a club's friendly game
    told = re.search(r'data-settings="([^"]*)"', client.get(f"/g/{gid}/round/2").get_data(
        as_text=True)).group(1)
    assert json.loads(html.unescape(told))["friendly"] is True
    shown = phone_steps(client, unpacked, gid, [("page", "/standings", {})],
                        friendly=True)["shown"][0]
    server = client.get(f"/g/{gid}/standings").get_data(as_text=True)
    assert 'id="friendly-note"' in shown["main"] and same_main(shown) == main_of(server)


def test_the_phones_standings_write_percentages_in_the_pages_language(client, table, unpacked):
    gid = table.start()
    played_round(table)
    shown = phone_steps(client, unpacked, gid, [("page", "/standings", {})], "de")["shown"][0]
    client.post("/language", data={"lang": "de", "next": "/"})
    server = client.get(f"/g/{gid}/standings").get_data(as_text=True)
    assert "100\xa0%" in shown["main"] and same_main(shown) == main_of(server)


def correction_fields(trump: str, bids: dict, tricks: dict) -> dict:
    fields = {"trump": trump, "csrf_token": "x"}
    for index, player in enumerate(ORDER):
        fields[f"seats-{index}-bid"] = str(bids[player])
        fields[f"seats-{index}-tricks"] = str(tricks[player])
    return fields


def test_a_correction_on_the_phone_is_stored_and_said_as_the_servers(client, table, unpacked):
    gid = table.start()
    played_round(table)
    fields = correction_fields("C", {1: 3, 2: 2, 3: 4, 0: 0}, {1: 2, 2: 4, 3: 4, 0: 0})
    check = {key: value for key, value in fields.items() if key != "csrf_token"}
    check["seats-3-bid"] = "2"  # Ann deals: with 2 the bids total 11, so 1 is open again
    shown = phone_steps(client, unpacked, gid, [
        ("page", "/round/1/edit", check), ("post", f"/g/{gid}/round/1/edit", fields)])["shown"]
    server_check = client.get(f"/g/{gid}/round/1/edit", query_string=check).get_data(as_text=True)
    assert same_main(shown[0]) == main_of(server_check)
    saved = client.post(f"/g/{gid}/round/1/edit", data=fields, follow_redirects=True)
    assert shown[1]["go"] == f"/g/{gid}/round/1"
    assert same_main(shown[1]) == main_of(saved.get_data(as_text=True))
    assert "Round 1 corrected" in shown[1]["main"]


def test_a_refused_correction_on_the_phone_lists_the_servers_reasons(client, table, unpacked):
    gid = table.start()
    played_round(table)
    fields = correction_fields("C", {1: 3, 2: 2, 3: 4, 0: 1}, {1: 2, 2: 4, 3: 4, 0: 1})
    shown = phone_steps(client, unpacked, gid, [("post", f"/g/{gid}/round/1/edit", fields)])
    server = client.post(f"/g/{gid}/round/1/edit", data=fields)
    assert server.status_code == 422 and shown["shown"][0]["status"] == 422
    assert same_main(shown["shown"][0]) == main_of(server.get_data(as_text=True))


def test_ending_the_game_and_sitting_out_on_the_phone_store_the_servers_changes(
        client, table, unpacked):
    gid = table.start()
    played_round(table)
    steps = [("post", f"/g/{gid}/players/sit-out", {"player": "2", "round": "2"}),
             ("post", f"/g/{gid}/end", {"after": "2"})]
    shown = phone_steps(client, unpacked, gid, steps)["shown"]
    players = client.post(f"/g/{gid}/players/sit-out", data=steps[0][2], follow_redirects=True)
    assert shown[0]["go"] == f"/g/{gid}/players"
    assert same_main(shown[0]) == main_of(players.get_data(as_text=True))
    ended = client.post(f"/g/{gid}/end", data=steps[1][2], follow_redirects=True)
    assert shown[1]["go"] == f"/g/{gid}/round/2"
    assert same_main(shown[1]).replace("\n", "") and "The game ends after this round." in shown[1]["main"]
    assert same_main(shown[1]) == main_of(ended.get_data(as_text=True))
    exported = json.loads(client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert [c["kind"] for c in exported["stored"]["changes"]][-2:] == ["sitout", "end"]


def test_only_the_open_round_screen_of_a_link_that_enters_is_kept_by_the_service_worker(
        app, client, table):
    from game_links import links_of, seat_tokens

    gid = table.start()
    played_round(table)
    assert client.get(f"/g/{gid}/round/2").headers.get("Scorekeeper-Offline") == "round"
    bob = seat_tokens(client, table)["Bob"]
    assert app.test_client().get(f"/g/{bob}/round/2").headers.get("Scorekeeper-Offline") == "round"
    for path in ("/round/1", "/round/3", "/standings", "/players", "/end"):
        assert "Scorekeeper-Offline" not in client.get(f"/g/{gid}{path}").headers, path
    viewer = links_of(app, gid)["viewer"]
    assert "Scorekeeper-Offline" not in client.get(f"/g/{viewer}/round/2").headers
    panel = client.get(f"/g/{gid}/round/2/entry", headers={"HX-Request": "true"})
    assert "Scorekeeper-Offline" not in panel.headers


def test_undo_from_the_players_page_on_the_phone_comes_back_to_it_as_the_servers(
        client, table, unpacked):
    gid = table.start()
    played_round(table)
    stored = json.loads(client.get(f"/g/{gid}/export.json").get_data(as_text=True))["stored"]
    sit_out = {"player": "2", "round": "2"}
    undo = {"seq": str(stored["changes"][-1]["seq"] + 1), "next": f"/g/{gid}/players"}
    shown = phone_steps(client, unpacked, gid, [("post", f"/g/{gid}/players/sit-out", sit_out),
                                                ("post", f"/g/{gid}/undo", undo)])["shown"]
    client.post(f"/g/{gid}/players/sit-out", data=sit_out)
    server = client.post(f"/g/{gid}/undo", data=undo, follow_redirects=True)
    assert shown[1]["go"] == f"/g/{gid}/players"
    assert "Undone:" in shown[1]["main"]
    assert same_main(shown[1]) == main_of(server.get_data(as_text=True))


def test_the_templates_compiled_ahead_draw_the_same_screen(client, table, unpacked):
    gid = table.start()
    played_round(table)
    stored = json.loads(client.get(f"/g/{gid}/export.json").get_data(as_text=True))["stored"]
    (unpacked / "input.json").write_text(json.dumps(stored))
    rules = {rule.endpoint: rule.rule for rule in client.application.url_map.iter_rules()
             if rule.endpoint in engine.PHONE_ENDPOINTS}
    drawn = run_bare(unpacked, f"""
import json
from scorekeeper.web import phone
stored = json.loads(open("input.json").read())
cold = phone.Phone(stored, "en", {rules!r}, "G", "T").screen()
phone.warm()
assert phone.COMPILED.kept, "nothing compiled ahead"
warm = phone.Phone(stored, "en", {rules!r}, "G", "T").screen()
print(json.dumps([cold, warm]))
""")
    cold, warm = json.loads(drawn)
    assert cold == warm and "Round 2 of 19" in warm["panel"]


AMOUNTS = (0, 5, 150, 99_999, 123_456, 100_000_000)


def test_the_phone_writes_an_amount_of_money_as_the_server_does_in_every_language(app, unpacked):
    """A settlement's amounts (web/wording/money.py) on the phone, through its
    stand-in for Flask-Babel, are the server's: decimal mark and thousands."""
    from flask_babel import force_locale

    from scorekeeper.config import LANGUAGES
    from scorekeeper.web.wording.money import money, stake_input

    with app.test_request_context():
        server = {}
        for language in LANGUAGES:
            with force_locale(language):
                server[language] = [[money(amount, "zł"), stake_input(amount)] for amount in AMOUNTS]
    phone = json.loads(run_bare(unpacked, f"""
import json, flask_babel
from scorekeeper.web.wording.money import money, stake_input
shown = {{}}
for language in {list(LANGUAGES)!r}:
    flask_babel._language = language
    shown[language] = [[money(amount, "zł"), stake_input(amount)] for amount in {AMOUNTS!r}]
print(json.dumps(shown))
"""))
    assert phone == server
    assert server["de"][4][0] == "1.234,56\u00a0zł" and server["en"][5][0] == "1,000,000.00\u00a0zł"
