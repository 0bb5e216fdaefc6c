"""What a page says, for a test that checks a name is not on it.

A page carries random CSRF tokens (base64: letters and digits), and a token
may hold "Ann" by chance; these checks read the page without them."""

from __future__ import annotations

import re

TOKENS = re.compile(r'("X-CSRFToken": "|name="csrf_token" value=")[^"]*"')


def without_tokens(html: str) -> str:
    """The page with every CSRF token blanked."""
    return TOKENS.sub(r'\1"', html)


#: The game's last changes the server's entry panel carries for the page to
#: keep its log with (web/round_screen.py's log_tail, js/offline-engine.js).
LOG_TAIL = re.compile(r" data-log='[^']*'")


def as_drawn_offline(html: str) -> str:
    """The server's round screen as a phone keeping the score itself draws it:
    without the log's tail, which that phone has no use for (it keeps its own
    log) and does not draw."""
    return LOG_TAIL.sub("", html)
