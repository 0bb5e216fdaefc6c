"""What the rate limits let through, against gunicorn as ``make run`` starts it
(``gunicorn.conf.py``, two workers, the default limits and counters).

Run: ``.venv/bin/python bench/rate_limits.py``. It prints, for one client:

- wrong join codes answered as wrong before the first "too many" (documented:
  10 a minute);
- games set up before the first "too many" (documented: 60 an hour);
- with ``BEHIND_PROXY=1`` and only 127.0.0.1 trusted, a stranger on 127.0.0.2
  that reaches gunicorn directly and sends a new ``X-Forwarded-For`` with
  each of 300 guesses: how many were answered as wrong rather than refused.

Each figure counts requests, not time, so it does not move with the machine.
Every request goes to loopback; the script ends by itself.
"""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
sys.path.insert(0, str(ROOT / "bench"))
from load import free_port  # noqa: E402  (a sibling script)


class Client:
    """One phone: its own address, its cookie and CSRF token."""

    def __init__(self, port: int, source: str = "127.0.0.1", headers=None) -> None:
        self.port, self.source = port, source
        self.extra = headers or (lambda: {})
        self.cookie = self.token = ""

    def request(self, method: str, path: str, form: dict | None = None) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                                source_address=(self.source, 0))
        headers = {"Cookie": self.cookie, "X-CSRFToken": self.token, **self.extra()}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body, headers)
        answer = connection.getresponse()
        data = answer.read()
        cookie = answer.getheader("Set-Cookie")
        if cookie and cookie.startswith("session="):
            self.cookie = cookie.split(";")[0]
        connection.close()
        return answer.status, data

    def open_front_page(self) -> None:
        _, page = self.request("GET", "/")
        self.token = re.search(rb'"X-CSRFToken": "([^"]+)"', page).group(1).decode()

    def until_refused(self, path: str, form: dict, most: int) -> tuple[int, list[int]]:
        """How many answers came before the first 429, and every status seen."""
        statuses = []
        for _ in range(most):
            statuses.append(self.request("POST", path, form)[0])
            if statuses[-1] == 429:
                break
        return statuses.index(429) if 429 in statuses else len(statuses), statuses


def serve(folder: Path, **settings: str) -> tuple[subprocess.Popen, int]:
    """gunicorn as make run starts it, on a new database in ``folder``."""
    folder.mkdir()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'limits.sqlite3'}",
           "SECRET_KEY": "bench-limits", **settings}
    subprocess.run([str(BIN / "flask"), "--app", "scorekeeper", "db", "upgrade"], env=env,
                   cwd=ROOT, check=True, capture_output=True)
    port = free_port()
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "--config", str(ROOT / "gunicorn.conf.py"), "--workers", "2",
         "--bind", f"127.0.0.1:{port}", "--access-logfile", "/dev/null",
         "scorekeeper:create_app()"],
        env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _try in range(300):
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/healthz")
            return server, port
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("gunicorn did not start")


def main() -> int:
    setup = {f"players-{i}": name for i, name in enumerate(["Ann", "Bob", "Cy"])}
    setup.update(preset="cardgames", first_dealer="0", action="start")
    with tempfile.TemporaryDirectory() as folder:
        server, port = serve(Path(folder) / "plain")
        try:
            phone = Client(port)
            phone.open_front_page()
            joins, _ = phone.until_refused("/join", {"code": "QQQQQQ"}, 100)
            games, _ = phone.until_refused("/new", setup, 200)
        finally:
            server.terminate()
            server.wait(timeout=30)
        print("make run's gunicorn, 2 workers, default limits:")
        print(f"  wrong join codes answered before 'too many': {joins} (documented: 10 a minute)")
        print(f"  games set up before 'too many': {games} (documented: 60 an hour)")

        server, port = serve(Path(folder) / "proxied", BEHIND_PROXY="1",
                             TRUSTED_PROXIES="127.0.0.1/32")
        try:
            drawn = iter(range(1000))
            stranger = Client(port, source="127.0.0.2", headers=lambda: {
                "X-Forwarded-For": f"198.51.{next(drawn) % 256}.7"})
            stranger.open_front_page()
            statuses = [stranger.request("POST", "/join", {"code": "QQQQQQ"})[0]
                        for _ in range(300)]
        finally:
            server.terminate()
            server.wait(timeout=30)
        print("BEHIND_PROXY=1, gunicorn reached directly from 127.0.0.2 with a new "
              "X-Forwarded-For per request:")
        print(f"  guesses answered as wrong: {statuses.count(422)} of {len(statuses)}; "
              f"refused as too many: {statuses.count(429)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
