"""What a server on the internet needs: security headers on every answer,
cookies that stay on this site, the proxy in front of it, and rate limits.

Settings (see the README's hosting section):

- ``BEHIND_PROXY``: the number of proxies in front of the app that set
  ``X-Forwarded-For``/``-Proto``/``-Host`` (Werkzeug's ProxyFix); with it,
  cookies are ``Secure``. Those headers are believed only from the addresses
  in ``TRUSTED_PROXIES`` (loopback by default): a client that reaches the app
  directly cannot choose its own address for the rate limits.
- ``RATELIMIT_STORAGE_URI``: where Flask-Limiter counts; by default a small
  SQLite file beside the database that every worker of the server shares
  (:mod:`scorekeeper.storage.rate_counts`); one Redis,
  ``redis://host:6379/0``, for several app servers (tests/web/test_shared_limits.py).

  When the store fails (Redis stopped, unreachable or frozen), writes still go
  through: each process counts in its own memory instead (Flask-Limiter's
  in-memory fallback, ``RATELIMIT_IN_MEMORY_FALLBACK_ENABLED``), says so in
  the server's error log, and asks the store again after 1, 2, 4 ... 32 seconds, counting
  there again once it answers. The counters are no facts of a game: a table
  must not lose its scoring to them, and a script is still held to the limit
  per process. Refusing every write instead (no fallback) would stop every
  table for a counter; swallowing the errors (``RATELIMIT_SWALLOW_ERRORS``)
  would drop the limits altogether. So that a frozen Redis holds a write up
  for about a second (its count, then the check whether it is back), not
  redis-py's ten, ``redis://`` stores are given :data:`scorekeeper.config.REDIS_OPTIONS` unless
  ``RATELIMIT_STORAGE_OPTIONS`` is set (a ``?socket_timeout=`` in the URL
  wins over both).
- ``LIMIT_NEW_GAMES``, ``LIMIT_JOIN_TRIES``, ``LIMIT_WRITES``: the limits per
  client: an IPv4 address, or an IPv6 /64 (what one home or phone is given).
"""

from __future__ import annotations

import ipaddress

from flask import Flask, current_app, render_template, request
from flask.logging import default_handler
from flask_babel import gettext as _
from flask_limiter import Limiter
from werkzeug.middleware.proxy_fix import ProxyFix

from ..storage import rate_counts  # noqa: F401  (registers the sqlite:// counters with limits)

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

#: The round screen that plays on without network starts Python compiled to
#: WebAssembly (Pyodide: scorekeeper/web/engine.py): it may compile
#: WebAssembly, which 'wasm-unsafe-eval' allows and nothing more (no eval of
#: JavaScript). No other page has it.
ENGINE_POLICY = CONTENT_SECURITY_POLICY.replace("script-src 'self'",
                                                "script-src 'self' 'wasm-unsafe-eval'")

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    # Capability links never leave the site in a Referer header; a request to
    # the site itself carries one, which Flask-WTF's CSRF check wants on HTTPS.
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}

#: Over HTTPS: a phone that has been here once never asks over plain HTTP
#: again for a year (a capability link sent in clear could be read on the way).
STRICT_TRANSPORT_SECURITY = "max-age=31536000"


def writes_limit() -> str:
    return current_app.config["LIMIT_WRITES"]


#: The methods that only read; any other is a write.
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def is_not_write() -> bool:
    return request.method in READ_METHODS


def client_key() -> str:
    """Who a limit counts: the client's IPv4 address, or the /64 network of
    its IPv6 address (a home or a phone is given a whole /64, so counting
    single addresses would give it 2**64 allowances)."""
    address = request.remote_addr or ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def limited(setting: str, methods: list[str] | None = None):
    """Marks a view as limited per client by the app's setting ``setting``
    (for ``methods`` only, if given), besides the limit on every write. The
    limit is applied when the app is made (:func:`register_limits`)."""
    def mark(view):
        view.rate_limit = (setting, methods)
        return view
    return mark


def unlimited(view):
    """Marks a view that no limit counts (the health check)."""
    view.rate_limit_exempt = True
    return view


def register_limits(app: Flask) -> Limiter:
    """The rate limits of ``app``, with the views already registered.

    Every write of a client counts against one limit for the whole app; the
    views marked :func:`limited` have their own, stricter ones. A read is never
    limited, so it is let through before any limit is looked at (a poll asks
    every second). Each app has its own Limiter: Flask-Limiter keeps its
    storage and its on/off switch on the instance, so one shared by two apps
    (a test's live server and its seeder) would count in the other's store."""
    limiter = Limiter(key_func=client_key, application_limits=[writes_limit])
    # Its warnings (the store failed, counting in memory now) go where the
    # app's own do, the server's error log; it gives them no handler itself.
    limiter.logger.addHandler(default_handler)
    limiter.request_filter(is_not_write)
    limiter.init_app(app)
    for endpoint, view in list(app.view_functions.items()):
        if getattr(view, "rate_limit_exempt", False):
            limiter.exempt(view)
        if hasattr(view, "rate_limit"):
            setting, methods = view.rate_limit
            limit = limiter.limit(lambda setting=setting: current_app.config[setting],
                                  methods=methods)
            app.view_functions[endpoint] = limit(view)
    app.extensions["rate_limits"] = limiter
    return limiter


class TrustedProxyFix:
    """Werkzeug's ProxyFix for requests that come from a trusted proxy only.

    ``X-Forwarded-For``, ``-Proto`` and ``-Host`` say who the client is and
    how it reached the proxy; from anyone else they are dropped, so a client
    that reaches the app directly is known by its own address (and cannot
    draw a new one per request to escape the rate limits). ``trusted`` lists
    networks separated by commas, or ``*`` for every peer (only where nothing
    but the proxy can reach the app); a Unix socket's peer (no address) is
    the proxy by construction."""

    FORWARDED = ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST",
                 "HTTP_X_FORWARDED_PORT", "HTTP_X_FORWARDED_PREFIX")

    def __init__(self, app, proxies: int, trusted: str) -> None:
        self.app = app
        self.fixed = ProxyFix(app, x_for=proxies, x_proto=proxies, x_host=proxies)
        self.trust_all = trusted.strip() == "*"
        self.trusted = [] if self.trust_all else [
            ipaddress.ip_network(part.strip(), strict=False)
            for part in trusted.split(",") if part.strip()]

    def is_trusted(self, peer: str | None) -> bool:
        if self.trust_all or not peer:
            return True
        try:
            ip = ipaddress.ip_address(peer)
        except ValueError:
            return False
        return any(ip in network for network in self.trusted)

    def __call__(self, environ, start_response):
        if self.is_trusted(environ.get("REMOTE_ADDR")):
            return self.fixed(environ, start_response)
        for name in self.FORWARDED:
            environ.pop(name, None)
        return self.app(environ, start_response)


def register_security(app: Flask) -> None:
    """Headers, cookies, proxy and limits for ``app`` (settings already loaded)."""
    proxies = int(app.config["BEHIND_PROXY"] or 0)
    if proxies:
        app.wsgi_app = TrustedProxyFix(app.wsgi_app, proxies, app.config["TRUSTED_PROXIES"])

    @app.after_request
    def add_security_headers(response):
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        if request.is_secure:  # reached over HTTPS (through the proxy, with BEHIND_PROXY)
            response.headers.setdefault("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY)
        return response

    @app.errorhandler(429)
    def too_many(error):
        return render_template("error.html", title=_(
            "Too many requests from this network at once. Wait a minute and try again."),
            error=error), 429
