"""A live stream of a game (scorekeeper/web/live.py) as a test reads it:
event by event, in a thread of its own, through a Flask test client."""

from __future__ import annotations

import queue
import threading
import time

import pytest

from scorekeeper.storage.links import open_link

#: Long enough for any machine: a wait that ends sooner passes sooner.
PATIENCE = 15


class Stream:
    """One screen's stream, read event by event in a thread of its own."""

    def __init__(self, client, path: str) -> None:
        self.response = client.get(path, buffered=False)
        assert self.response.status_code == 200, self.response.status_code
        assert self.response.mimetype == "text/event-stream"
        self.events: queue.Queue = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        try:
            for chunk in self.response.response:
                self.events.put(chunk.decode() if isinstance(chunk, bytes) else chunk)
        except Exception as error:  # noqa: BLE001  (told to the test)
            self.events.put(error)
        self.events.put(None)

    def next(self, timeout: float = PATIENCE):
        return self.events.get(timeout=timeout)

    def next_change(self) -> int:
        """The version of the next ``change`` (``alive`` events skipped)."""
        while True:
            event = self.next()
            assert isinstance(event, str), event
            if event.startswith("event: change"):
                return int(event.split("data: ")[1])

    def next_told(self) -> tuple[str, str]:
        """The next ``change`` or ``panel`` (``alive`` skipped): its name and
        its data as a browser's EventSource gives it (the lines joined)."""
        while True:
            event = self.next()
            assert isinstance(event, str), event
            name, _, rest = event.partition("\n")
            if name in ("event: change", "event: panel"):
                lines = [line.removeprefix("data: ") for line in rest.split("\n") if line]
                return name.removeprefix("event: "), "\n".join(lines)

    def next_panel(self) -> str:
        """The next event, which must be a ``panel``: its HTML."""
        name, data = self.next_told()
        assert name == "panel", (name, data)
        return data

    def quiet(self, seconds: float) -> bool:
        """Nothing but ``alive`` for ``seconds``."""
        try:
            while True:
                event = self.next(timeout=seconds)
                if not (isinstance(event, str) and event.startswith("event: alive")):
                    return False
        except queue.Empty:
            return True

    def ended(self) -> bool:
        """The stream ended (the reader read to its end)."""
        self.reader.join(timeout=PATIENCE)
        return not self.reader.is_alive()


def version_of(app, gid: str) -> int:
    """The game's version, as a poll reads it with the link."""
    with app.app_context():
        return open_link(gid).version


def eventually(holds) -> bool:
    """Whether ``holds()`` comes true within PATIENCE (asked every 50 ms): for
    a state that a background thread reaches in its own time."""
    deadline = time.monotonic() + PATIENCE
    while not holds() and time.monotonic() < deadline:
        time.sleep(0.05)
    return holds()


def watch_stops(watch) -> bool:
    """The watch's thread ends once no one watches (waited for, up to PATIENCE)."""
    return eventually(lambda: not watch.is_running())


@pytest.fixture
def streaming(app):
    """Open streams (``streaming(client, path)``) on an app whose streams last
    a minute and whose watch asks every 50 ms; every one has ended after the test."""
    app.config["LIVE_STREAM_SECONDS"] = 60
    app.config["WATCH_INTERVAL"] = 0.05
    opened = []

    def open_stream(client, path):
        opened.append(Stream(client, path))
        return opened[-1]

    yield open_stream
    app.extensions["watch"].end_all()
    assert all(stream.ended() for stream in opened)
