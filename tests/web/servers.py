"""What the web tests that start servers share: the PostgreSQL binaries, the
mark for tests that need them, and a free port.

Its own module, not the conftest: ``from conftest import …`` finds whichever
conftest was imported last (tests/browser has one too).
"""

from __future__ import annotations

import os
import shutil
import socket
from pathlib import Path

import pytest

PG_BIN = Path("/usr/lib/postgresql/15/bin")
POSTGRES_AVAILABLE = ((PG_BIN / "initdb").exists() and shutil.which("runuser") is not None
                      and os.geteuid() == 0)

#: Marks a module or test that needs the cluster: skipped where the server
#: cannot run, except where ``REQUIRE_POSTGRES`` asks for it (then it fails).
needs_postgres = pytest.mark.skipif(
    not POSTGRES_AVAILABLE and not os.environ.get("REQUIRE_POSTGRES"),
    reason="PostgreSQL 15 server binaries (or root, to run them as postgres) not available",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
