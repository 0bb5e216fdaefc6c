"""Hosted as the README says: Debian's nginx terminates TLS (a certificate the
test makes) in front of gunicorn with ``gunicorn.conf.py``, two workers and
``BEHIND_PROXY=1``, on a database brought up by the migrations. A real
Chromium at a phone's viewport sets up a game, taps trump, bids and tricks,
closes the round, shares the game, joins it by code on a second phone and
undoes, with CSRF on, as every phone meets a hosted server.

It also checks, through the proxy, what only a hosted server shows: the
cookies are ``Secure``, no Referer leaves the site, and a client's join
guesses count against one limit across both workers. And a scorer's round
screen served through it gets ready without network, plays a bid offline and
sends it when the connection is back (docs/offline.md).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from test_offline_game import close_round, enter_bids, seats, standings_shown, tap

pytestmark = pytest.mark.browser

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
# .ci/run and make test install nginx: there a missing one is a failure, never a skip.
if not os.path.exists(NGINX) and not os.environ.get("REQUIRE_NGINX"):
    pytestmark = [pytestmark, pytest.mark.skip(reason="nginx is not installed (make nginx)")]

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ann", "Bob", "Cy", "Di"]
JOIN_TRIES = 10  # the documented LIMIT_JOIN_TRIES per minute
#: Starting Python from the cache takes a few seconds here, many more under load.
OFFLINE_START = 180_000
#: The proxy configuration of the README's hosting section, on test ports.
NGINX_CONF = """
{user}
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log;
events {{}}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    server {{
        listen 127.0.0.1:{https_port} ssl;
        server_name localhost;
        ssl_certificate {folder}/cert.pem;
        ssl_certificate_key {folder}/key.pem;
        client_max_body_size 20m;
        location / {{
            proxy_pass http://127.0.0.1:{app_port};
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-Host $http_host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-For $remote_addr;
        }}
    }}
}}
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_answering(url: str, process: subprocess.Popen, seconds: float = 60) -> None:
    """Until ``url`` answers (whatever the status), or fail if ``process`` ends."""
    unverified = ssl._create_unverified_context()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, f"{process.args[0]} ended with {process.returncode}"
        try:
            urllib.request.urlopen(url, timeout=2, context=unverified)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer within {seconds} s")


@pytest.fixture
def hosted(tmp_path_factory):
    """The app as a host runs it; yields the proxy's https:// root URL."""
    folder = tmp_path_factory.mktemp("hosted")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", folder / "key.pem", "-out", folder / "cert.pem"],
                   check=True, capture_output=True)
    app_port, https_port = free_port(), free_port()
    url = f"https://localhost:{https_port}"
    env = {**os.environ, "SECRET_KEY": "hosted-test", "BEHIND_PROXY": "1", "PUBLIC_URL": url,
           "DATABASE_URL": f"sqlite:///{folder / 'hosted.sqlite3'}", "FLASK_APP": "scorekeeper"}
    subprocess.run([sys.executable, "-m", "flask", "db", "upgrade"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    app = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "--workers", "2",
         "--bind", f"127.0.0.1:{app_port}", "scorekeeper:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(folder / "gunicorn.log", "w"))
    (folder / "nginx.conf").write_text(NGINX_CONF.format(
        folder=folder, app_port=app_port, https_port=https_port,
        user="user root;" if os.geteuid() == 0 else ""))
    proxy = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"),
                              "-e", str(folder / "nginx-error.log")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_answering(f"http://127.0.0.1:{app_port}/healthz", app)
        wait_until_answering(f"{url}/healthz", proxy)
        yield url
    finally:
        # At once: nginx's TERM is its fast stop, and gunicorn's QUIT its quick
        # one (its TERM would wait graceful_timeout, 5 s, for the streams of
        # phones already closed, which it notices only at their next heartbeat).
        proxy.terminate()
        app.send_signal(signal.SIGQUIT)
        for process in (proxy, app):
            process.wait(timeout=30)


def phones_of(browser: Browser, browser_context_args, hosted: str):
    """Yields a maker of new phones of the table in ``browser``, trusting
    the test's certificate as a host's real one is; closes them after."""
    opened = []

    def new_phone() -> Page:
        context = browser.new_context(**{**browser_context_args, "base_url": hosted,
                                         "ignore_https_errors": True, "locale": "en-GB"})
        opened.append(context)
        return context.new_page()

    yield new_phone
    for context in opened:
        context.close()


@pytest.fixture
def phones(browser: Browser, browser_context_args, hosted):
    """New phones of the table (see :func:`phones_of`)."""
    yield from phones_of(browser, browser_context_args, hosted)


@pytest.fixture
def phones_with_worker(playwright, browser_type_launch_args, browser_context_args, hosted):
    """New phones in a Chromium of their own that trusts the test's
    certificate for its service worker too. ``ignore_https_errors`` does not
    reach the worker's script: Chromium refuses to register a worker from a
    site whose certificate it does not trust ("An SSL certificate error
    occurred when fetching the script"), so the round screen would never be
    ready without network. A host's real certificate is trusted anyway."""
    args = [*browser_type_launch_args.get("args", []), "--ignore-certificate-errors"]
    browser = playwright.chromium.launch(**{**browser_type_launch_args, "args": args})
    try:
        yield from phones_of(browser, browser_context_args, hosted)
    finally:
        browser.close()


def referers_leaving(page: Page, origin: str) -> list[str]:
    """Every Referer the page sends, to record where it goes."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(f"{r.url} <- {r.headers.get('referer')}"))
    return sent


def start_game(scorer: Page, hosted: str) -> None:
    """A 4-player game set up on the phone, to its first round screen."""
    scorer.goto("/new")
    for i, name in enumerate(NAMES):
        scorer.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
    scorer.locator("input[name=preset][value=cardgames]").check()
    scorer.get_by_role("button", name="Start the game").click()
    expect(scorer.locator("h1")).to_have_text(re.compile(r"Round 1 of \d+"))
    assert scorer.url.startswith(f"{hosted}/g/")


def test_a_table_plays_a_round_shares_joins_and_undoes_through_an_https_proxy(
        phones, hosted, shoot):
    scorer = phones()
    sent = referers_leaving(scorer, hosted)
    start_game(scorer, hosted)

    scorer.locator("#entry button[name=trump][value=H]").click()
    expect(scorer.locator("#entry button[name=trump][value=H]")).to_have_attribute(
        "aria-pressed", "true")
    bidders = scorer.locator("#entry form.seat[id^=bid-]")
    for n in range(4):
        row = bidders.nth(n)
        row.locator("button:not([disabled])").first.click()
        expect(row.locator("button[aria-pressed=true]")).to_have_count(1)
    rows = scorer.locator("#entry form.seat[id^=tricks-]").all()
    for n, row in enumerate(rows):
        taken = "0" if n < len(rows) - 1 else scorer.locator("#tricks-left").inner_text()
        row.locator(f"button[value='{taken}']").click()
        expect(row.locator(f"button[value='{taken}']")).to_have_attribute("aria-pressed", "true")
    expect(scorer.locator("#tricks-left")).to_have_text("0")
    scorer.get_by_role("button", name=re.compile(r"Close round 1 and score it")).click()
    expect(scorer.locator("h1")).to_have_text(re.compile(r"Round 2 of \d+"))
    shoot("https-round-2", scorer)

    # Share, and a second phone joins by the code through the proxy.
    scorer.locator("#more-menu > summary").click()
    scorer.get_by_role("link", name="Share").click()
    expect(scorer.locator("h1")).to_have_text("Share this game")
    assert scorer.locator("#url-scorer").input_value().startswith(f"{hosted}/g/")
    code = scorer.locator("#join-code .code").inner_text().replace(" ", "")
    shoot("https-share", scorer)
    joiner = phones()
    joiner.goto("/")
    joiner.get_by_label("Join a game at this table with its code").fill(code)
    joiner.get_by_role("button", name="Join", exact=True).click()
    expect(joiner.locator("h1")).to_have_text(re.compile(r"Round 2 of \d+"))
    joiner.locator("#entry button[name=trump][value=S]").click()
    expect(joiner.locator("#entry button[name=trump][value=S]")).to_have_attribute(
        "aria-pressed", "true")

    # Undo on the joined phone takes the trump back.
    joiner.get_by_role("button", name=re.compile("Undo")).first.click()
    expect(joiner.locator("#entry button[name=trump][aria-pressed=true]")).to_have_count(0)
    shoot("https-undone", joiner)

    # The colours' choice is remembered in a Secure cookie too.
    scorer.goto("/")
    scorer.locator("#device-settings > summary").click()  # this phone's settings, folded
    scorer.locator("#theme button[value=dark]").click()
    cookies = {c["name"]: c for c in scorer.context.cookies()}
    assert {"session", "theme"} <= set(cookies)
    assert all(cookie["secure"] for cookie in cookies.values()), cookies
    # A Referer went only to the site itself.
    assert all(line.split(" <- ")[0].startswith(hosted) for line in sent
               if not line.endswith("<- None")), sent


def test_join_guesses_count_against_one_limit_across_both_workers(phones, hosted):
    """Eleven wrong codes from one phone: the documented ten are refused as
    wrong, the eleventh as too many, whichever worker answers each."""
    page = phones()
    page.goto("/")
    token = page.locator("#join input[name=csrf_token]").input_value()
    statuses = [page.request.post(f"{hosted}/join", form={"csrf_token": token, "code": "QQQQQQ"},
                                  headers={"Referer": f"{hosted}/"}).status
                for _ in range(JOIN_TRIES + 1)]
    assert statuses == [422] * JOIN_TRIES + [429]


#: No Python started in the background while online (js/offline-engine.js):
#: it starts when the connection drops.
NO_BACKGROUND_START = "window.requestIdleCallback = function () { return 0; };"


def test_a_round_screen_through_the_proxy_plays_a_round_offline_and_sends_it_when_back(
        phones_with_worker, hosted, shoot):
    """The round screen gets ready without network through the proxy
    (docs/offline.md: Pyodide, the engine bundle and the service worker, all
    served behind it), keeps the score with the network cut through a whole
    round (trump, bids with the hook rule, tricks with the countdown, the
    close, the standings) and into the next, and sends what it kept once the
    connection is back, each entry once: the server then holds what the
    phone showed.

    The phone that keeps the score opens the game's link as its first visit
    (the service worker does not hold that page yet), and Python starts only
    after the cut: every file it needs comes from the worker's cache (the
    browser keeps nothing of a site whose certificate it had to be told to
    accept, so no other cache stands in for it here)."""
    setter = phones_with_worker()
    start_game(setter, hosted)
    scorer = phones_with_worker()
    scorer.add_init_script(NO_BACKGROUND_START)
    errors = []
    scorer.on("pageerror", lambda error: errors.append(error))
    scorer.goto(setter.url)
    gid = re.search(r"/g/([^/]+)/", scorer.url).group(1)
    expect(scorer.locator("html")).to_have_attribute("data-offline", "ready", timeout=OFFLINE_START)

    scorer.context.set_offline(True)
    expect(scorer.locator("html")).to_have_attribute("data-offline", "keeping", timeout=OFFLINE_START)
    bids = enter_bids(scorer, "H")  # the last to bid, who deals, has one struck out
    close_round(scorer)
    expect(scorer.locator(".round-head h1")).to_have_text(re.compile(r"Round 2 of \d+"))
    tap(scorer, "#entry button[name=trump][value=C]")
    first = seats(scorer, "bid")[0]
    tap(scorer, f"#bid-{first} button[name=bid][value='1']")
    shoot("https-offline-round", scorer)
    scorer.locator("header nav a", has_text="Standings").click()
    shown = standings_shown(scorer)

    scorer.context.set_offline(False)
    scorer.wait_for_function(
        f"() => !(JSON.parse(localStorage.getItem('scorekeeper-offline-taps:{gid}')) || []).length",
        timeout=OFFLINE_START)
    expect(scorer.locator("html")).not_to_have_attribute("data-offline", "keeping", timeout=OFFLINE_START)
    exported = scorer.request.get(f"{hosted}/g/{gid}/export.json").json()
    kinds = [c["kind"] for c in exported["stored"]["changes"]]
    # Three players' tricks tapped, the last one's filled in by the countdown and stored with the close.
    assert kinds == ["trump", *["bid"] * 4, *["tricks"] * 4, "close", "trump", "bid"]
    first_round, second_round = exported["rounds"][:2]
    assert first_round["trump"] == "H" and first_round["bids"] == {NAMES[p]: b for p, b in bids.items()}
    assert second_round["trump"] == "C" and second_round["bids"] == {NAMES[first]: 1}
    assert shown == {s["player"]: s["total"] for s in exported["standings"]}
    assert errors == []
