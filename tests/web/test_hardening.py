"""What a server on the internet needs: security headers, no inline script,
cookies that stay on the site, HEAD answered as GET, and rate limits."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.storage.database import db

TEMPLATES = Path(__file__).resolve().parents[2] / "scorekeeper" / "templates"


def pages(table) -> list[str]:
    """A page of each kind, with the game through its scorer link."""
    table.start()
    table.trump(1, "H")
    return ["/", "/new", table.url("/"), table.url("/round/1"), table.url("/standings"),
            table.url("/history"), table.url("/players"), table.url("/share"),
            table.url("/round/1/hand/"), table.url("/export.csv"), "/no-such-page"]


def test_every_answer_carries_the_security_headers(client, table):
    for path in pages(table):
        response = client.get(path, follow_redirects=True)
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        # ('wasm-unsafe-eval' compiles WebAssembly, no script: the round screen's Pyodide.)
        assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
        assert response.headers["Referrer-Policy"] == "same-origin"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("template", sorted(TEMPLATES.rglob("*.html")),
                         ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_has_inline_script_style_or_handlers(template):
    text = template.read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), "inline <script>"
    assert not re.search(r"\son[a-z]+\s*=", text), "inline event handler"
    assert "style=" not in text and "<style" not in text, "inline style"
    assert not re.search(r"\shx-on[:-]", text), "htmx handler attribute"
    assert not re.search(r"""=\s*["']\s*(js|javascript):""", text), "script in an attribute"


def test_htmx_is_told_to_inject_no_style_and_evaluate_no_code(client):
    page = client.get("/new").get_data(as_text=True)
    assert '"includeIndicatorStyles":false' in page and '"allowEval":false' in page


def test_head_answers_as_get_on_every_page(client, table):
    for path in pages(table):
        get, head = client.get(path), client.head(path)
        assert head.status_code == get.status_code, path
        assert head.get_data() == b""


def test_cookies_stay_on_this_site(client, table):
    table.start()
    client.post("/language", data={"lang": "pl", "next": "/"})
    client.post(table.url("/author"), data={"name": "Ann"})
    cookies = {c.key: c for c in client._cookies.values()}
    assert {"session", "lang", "author"} <= set(cookies)
    for cookie in cookies.values():
        assert cookie.same_site == "Lax", cookie.key
        assert cookie.http_only, cookie.key
        assert not cookie.secure, cookie.key  # plain HTTP here


def test_behind_an_https_proxy_the_cookies_are_secure_and_links_say_https(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "BEHIND_PROXY": 1,
                      "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'p.sqlite3'}"})
    with app.app_context():
        db.create_all()
    client = app.test_client()
    proxy = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example",
             "X-Forwarded-For": "203.0.113.9"}
    data = {"players-0": "Ann", "players-1": "Bob", "players-2": "Cy", "preset": "cardgames",
            "first_dealer": "0",
            "action": "start"}
    response = client.post("/new", data=data, headers=proxy)
    assert response.status_code == 302
    assert all(c.secure for c in client._cookies.values())
    share = client.get(response.headers["Location"] + "share", headers=proxy)
    assert "https://cards.example/g/" in share.get_data(as_text=True)
    assert share.headers["Strict-Transport-Security"] == "max-age=31536000"
    plain = client.get(response.headers["Location"] + "share")  # not through the proxy
    assert "Strict-Transport-Security" not in plain.headers
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_creating_games_is_limited_per_client(app, client):
    app.config["LIMIT_NEW_GAMES"] = "2 per hour"
    data = {"players-0": "Ann", "players-1": "Bob", "players-2": "Cy", "preset": "cardgames",
            "first_dealer": "0",
            "action": "start"}
    statuses = [client.post("/new", data=data).status_code for _ in range(3)]
    assert statuses == [302, 302, 429]
    assert client.get("/new").status_code == 200  # looking is not limited
    response = client.post("/new", data=data, headers={"Accept-Language": "pl"})
    assert "Za dużo" in response.get_data(as_text=True)


def test_writes_are_limited_per_client_and_a_refused_write_stores_nothing(app, client, table):
    table.start()
    app.config["LIMIT_WRITES"] = "3 per minute"
    statuses = [table.bid(1, 1, n % 2).status_code for n in range(4)]
    assert statuses[-1] == 429
    with app.app_context():
        from scorekeeper.storage.models import Change

        stored = db.session.scalar(db.select(db.func.count()).select_from(Change))
    assert stored == statuses.count(302)
    assert client.get(table.url("/round/1")).status_code == 200


def test_counting_writes_starts_no_thread(app, table, monkeypatch):
    """limits' own memory:// store started a timer thread after nearly every
    write; the shared counters start none."""
    from scorekeeper.storage.rate_counts import SQLiteCounters
    assert isinstance(app.extensions["rate_limits"].storage, SQLiteCounters)
    table.start()
    started = []
    monkeypatch.setattr(threading.Thread, "start", lambda thread: started.append(thread))
    statuses = [table.bid(1, 1, n % 2).status_code for n in range(5)]
    assert statuses == [302] * 5
    assert started == []


def test_counts_past_their_window_start_again_and_are_swept(tmp_path, monkeypatch):
    from scorekeeper.storage import rate_counts

    now = [1000.0]
    monkeypatch.setattr(rate_counts.time, "time", lambda: now[0])
    counts = rate_counts.SQLiteCounters(f"sqlite:///{tmp_path / 'limits.sqlite3'}")
    assert [counts.incr("old", expiry=10) for _ in range(3)] == [1, 2, 3]
    counts.incr("live", expiry=3600)
    now[0] += 11
    assert counts.get("old") == 0 and counts.get("live") == 1
    counts.next_sweep = 0  # a minute has passed
    assert counts.incr("other", expiry=3600) == 1
    assert counts._run("SELECT key FROM counters ORDER BY key") == [("live",), ("other",)]
    assert counts.incr("old", expiry=10) == 1


def test_every_worker_of_a_server_counts_against_the_same_limit(tmp_path):
    """Two apps on one database are two gunicorn workers: a client's join
    guesses add up across them, so the documented figure holds."""
    database = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    workers = [create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                           "SQLALCHEMY_DATABASE_URI": database,
                           "LIMIT_JOIN_TRIES": "4 per minute"}) for _ in range(2)]
    with workers[0].app_context():
        db.create_all()
    clients = [worker.test_client() for worker in workers]
    statuses = [clients[n % 2].post("/join", data={"code": "XXXYYY"}).status_code
                for n in range(6)]
    assert statuses == [422, 422, 422, 422, 429, 429]
    for worker in workers:
        with worker.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.mark.parametrize("addresses, limited", [
    (["2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "2001:db8:1:2::abcd"], True),
    (["2001:db8:1:2::1", "2001:db8:1:3::1", "2001:db8:1:4::1"], False),
    (["::ffff:198.51.100.7", "198.51.100.7", "198.51.100.7"], True),
    (["198.51.100.7", "198.51.100.8", "198.51.100.9"], False),
])
def test_a_limit_counts_an_ipv6_slash_64_or_an_ipv4_address_as_one_client(
        app, addresses, limited):
    app.config["LIMIT_JOIN_TRIES"] = "2 per minute"
    client = app.test_client()
    statuses = [client.post("/join", data={"code": "XXXYYY"},
                            environ_base={"REMOTE_ADDR": address}).status_code
                for address in addresses]
    assert statuses[-1] == (429 if limited else 422)


def proxied_app(tmp_path, **settings):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "BEHIND_PROXY": 1,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'proxied.sqlite3'}",
                      **settings})
    with app.app_context():
        db.create_all()
    return app


def test_forwarded_headers_count_only_from_a_trusted_proxy(tmp_path):
    """A client that reaches the app directly cannot draw a new address per
    request from X-Forwarded-For; through the proxy, each client is its own."""
    app = proxied_app(tmp_path, WTF_CSRF_ENABLED=False, LIMIT_JOIN_TRIES="3 per minute")
    client = app.test_client()

    def guess(peer: str, n: int):
        return client.post("/join", data={"code": "XXXYYY"}, environ_base={"REMOTE_ADDR": peer},
                           headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code

    assert [guess("198.51.100.7", n) for n in range(4)] == [422, 422, 422, 429]
    assert [guess("127.0.0.1", n) for n in range(4)] == [422] * 4
    direct = client.get("/new", environ_base={"REMOTE_ADDR": "198.51.100.7"},
                        headers={"X-Forwarded-Host": "evil.example",
                                 "X-Forwarded-Proto": "https"})
    assert "evil.example" not in direct.get_data(as_text=True)


def test_behind_https_a_form_from_the_site_itself_passes_the_csrf_check(tmp_path):
    """Flask-WTF wants a Referer of this host on HTTPS; the Referrer-Policy
    lets the browser send it to the site itself, and only there."""
    app = proxied_app(tmp_path)
    client = app.test_client()
    proxy = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example"}
    page = client.get("/new", headers=proxy)
    assert page.headers["Referrer-Policy"] == "same-origin"
    token = re.search(r'name="csrf_token" value="([^"]+)"',
                      page.get_data(as_text=True)).group(1)
    data = {"csrf_token": token, "players-0": "Ann", "players-1": "Bob", "players-2": "Cy",
            "preset": "cardgames", "first_dealer": "0", "action": "start"}
    foreign = client.post("/new", data=data, headers={**proxy, "Referer": "https://evil.example/"})
    assert foreign.status_code == 400
    own = client.post("/new", data=data, headers={**proxy, "Referer": "https://cards.example/new"})
    assert own.status_code == 302
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
