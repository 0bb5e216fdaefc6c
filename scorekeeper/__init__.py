"""Scorekeeper: a scorekeeping companion for the card game Oh Hell.

The web app lives in :mod:`scorekeeper.app`; importing this package imports no
web library, so the rules engine (``scorekeeper.rules``, standard library
only) and its command line start without loading Flask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the web app (see :func:`scorekeeper.app.create_app`)."""
    from .app import create_app as create

    return create(test_config)
