"""Every setting's default in one table, scorekeeper/config.py (issue 42): no
view or extension sets a default of its own, and what a process keeps is
sized by a setting of that table."""

from __future__ import annotations

import re
from pathlib import Path

import scorekeeper
from scorekeeper import config, create_app
from scorekeeper.web import public
from scorekeeper.web.rendered import qr_codes

SOURCES = [path for path in Path(scorekeeper.__file__).parent.rglob("*.py")
           if "migrations" not in path.parts]
#: Read by the code, with their defaults elsewhere on purpose: the database
#: and the file beside it (config.fill_derived: where the instance folder is)
#: and Flask-WTF's own switch.
NOT_IN_THE_TABLE = {"SQLALCHEMY_DATABASE_URI", "SHARED_PAGES", "WTF_CSRF_ENABLED"}


def source_text() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in SOURCES)


def test_every_setting_the_code_reads_has_its_default_in_the_table():
    read = set(re.findall(r"config\[\"([A-Z_]+)\"\]", source_text()))
    assert read and read - NOT_IN_THE_TABLE <= set(config.DEFAULTS)


def test_no_setting_is_given_a_default_beside_the_table():
    assert not re.findall(r"config\.(setdefault|get)\(", source_text())


def test_every_kept_size_is_a_setting_of_the_table():
    assert set(config.KEPT_SIZES) <= set(config.DEFAULTS)
    assert not re.findall(r"^KEPT_[A-Z_]+ = \d", source_text(), re.MULTILINE)  # no size of its own


def test_the_qr_codes_are_kept_as_many_as_the_setting_says(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "KEPT_QR_CODES": 2,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'qr.sqlite3'}"})
    with app.test_request_context():
        first = public.qr_svg("https://example.org/g/a")
        assert public.qr_svg("https://example.org/g/a") == first and "<svg" in first
        for name in "bc":
            public.qr_svg(f"https://example.org/g/{name}")
        assert qr_codes().size == 2 and len(qr_codes()) == 2
        assert qr_codes().latest("https://example.org/g/a") is None  # the oldest went


def test_behind_a_proxy_the_session_cookie_goes_over_https_only(tmp_path):
    database = f"sqlite:///{tmp_path / 'proxy.sqlite3'}"
    behind = create_app({"TESTING": True, "SECRET_KEY": "test", "BEHIND_PROXY": 1,
                         "SQLALCHEMY_DATABASE_URI": database})
    direct = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": database})
    assert behind.config["SESSION_COOKIE_SECURE"] and not direct.config["SESSION_COOKIE_SECURE"]


def test_a_redis_store_is_given_short_timeouts_unless_set(tmp_path):
    database = f"sqlite:///{tmp_path / 'redis.sqlite3'}"
    given = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": database,
                        "RATELIMIT_STORAGE_URI": "redis://localhost:1"})
    own = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": database,
                      "RATELIMIT_STORAGE_URI": "redis://localhost:1",
                      "RATELIMIT_STORAGE_OPTIONS": {"socket_timeout": 2}})
    assert given.config["RATELIMIT_STORAGE_OPTIONS"] == config.REDIS_OPTIONS
    assert own.config["RATELIMIT_STORAGE_OPTIONS"] == {"socket_timeout": 2}
