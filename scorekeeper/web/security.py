"""What a server on the internet needs: security headers on every answer,
cookies that stay on this site, the proxy in front of it, and rate limits.

Settings (see the README's hosting section):

- ``BEHIND_PROXY``: the number of proxies in front of the app that set
  ``X-Forwarded-For``/``-Proto``/``-Host`` (Werkzeug's ProxyFix); with it,
  cookies are ``Secure`` when the proxy speaks HTTPS.
- ``RATELIMIT_STORAGE_URI``: where Flask-Limiter counts, ``memory+swept://``
  by default (in each process, see :class:`SweptMemoryStorage`); a shared
  store such as ``redis://host:6379`` for several app servers.
- ``LIMIT_NEW_GAMES``, ``LIMIT_JOIN_TRIES``, ``LIMIT_WRITES``: the limits per
  client address.
"""

from __future__ import annotations

import time
from datetime import timedelta

from flask import Flask, current_app, render_template, request
from flask_babel import gettext as _
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits.storage import MemoryStorage
from werkzeug.middleware.proxy_fix import ProxyFix

#: No inline script or style, nothing from another site, no framing.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    # Capability links must never leave in a Referer header.
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}

DEFAULTS = {
    "SESSION_COOKIE_SAMESITE": "Lax",
    "PERMANENT_SESSION_LIFETIME": timedelta(days=2 * 365),
    # Not with every answer: see scorekeeper.web.access.device_id.
    "SESSION_REFRESH_EACH_REQUEST": False,
    "BEHIND_PROXY": 0,
    "RATELIMIT_STORAGE_URI": "memory+swept://",
    "RATELIMIT_HEADERS_ENABLED": False,
    "LIMIT_NEW_GAMES": "60 per hour",
    "LIMIT_JOIN_TRIES": "10 per minute;60 per day",
    # A table taps about once a second; this bounds a script, not a table.
    "LIMIT_WRITES": "1200 per minute",
}


class SweptMemoryStorage(MemoryStorage):
    """limits' in-process counters (``memory://``) without a thread per write.

    After every write ``MemoryStorage`` calls its hook ``__schedule_expiry``,
    which starts a timer thread (10 ms) whenever the last one has ended: at a
    table's pace, a new thread for nearly every tap. The fixed windows the
    app counts in need no timer (a count past its window is dropped when it
    is read), so here the hook runs limits' own expiry in place, at most once
    a minute: the addresses that never come back still cost nothing. The hook
    is private to limits; tests/web/test_hardening.py fails if a write starts
    a thread again. Registered by its scheme (limits' registry of storages)."""

    STORAGE_SCHEME = ["memory+swept"]
    SWEEP_EVERY = 60.0

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.next_sweep = time.time() + self.SWEEP_EVERY

    def _MemoryStorage__schedule_expiry(self) -> None:
        now = time.time()
        if now >= self.next_sweep:
            self.next_sweep = now + self.SWEEP_EVERY
            self._MemoryStorage__expire_events()


def writes_limit() -> str:
    return current_app.config["LIMIT_WRITES"]


def is_not_write() -> bool:
    return request.method in ("GET", "HEAD", "OPTIONS")


#: Every write of a client counts against one limit for the whole app; the
#: set-up and the join code have their own, stricter ones. A read is never
#: limited, so it is let through before any limit is looked at (a poll asks
#: every second).
limiter = Limiter(key_func=get_remote_address, application_limits=[writes_limit])
limiter.request_filter(is_not_write)


def register_security(app: Flask) -> None:
    """Headers, cookies, proxy and limits for ``app`` (settings already loaded)."""
    proxies = int(app.config["BEHIND_PROXY"] or 0)
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
        app.config["SESSION_COOKIE_SECURE"] = True
    limiter.init_app(app)

    @app.after_request
    def add_security_headers(response):
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    @app.errorhandler(429)
    def too_many(error):
        return render_template("error.html", title=_(
            "Too many requests from this network at once. Wait a minute and try again."),
            error=error), 429
