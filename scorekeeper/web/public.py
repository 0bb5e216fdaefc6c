"""The addresses that other phones are given (the Share screen's links and QR
codes): ones they can open.

A host sets ``PUBLIC_URL`` (``https://cards.example.org``) and every shared
link starts with it. Without it a link follows the address this page was
opened on, except the machine's own loopback address (``make run`` on a
laptop opened at ``http://127.0.0.1:8000/``), which no other phone can open:
there the links name the machine's address on its network instead, and the
Share screen says so.
"""

from __future__ import annotations

import fcntl
import ipaddress
import socket
import struct
from functools import cache
from urllib.parse import urlsplit

import segno
from flask import current_app, request, url_for
from markupsafe import Markup

from .rendered import qr_codes

#: Linux's ioctl that reads an interface's IPv4 address.
SIOCGIFADDR = 0x8915


@cache
def lan_address() -> str | None:
    """This machine's first IPv4 address on a network (not loopback), read
    from its interfaces without sending anything; None where there is none
    (or the system does not tell)."""
    for _index, name in socket.if_nameindex():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                packed = fcntl.ioctl(probe.fileno(), SIOCGIFADDR,
                                     struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue
        address = ipaddress.ip_address(packed[20:24])
        if not address.is_loopback and not address.is_link_local:
            return str(address)
    return None


def opened_at() -> tuple[str, int | None]:
    """The host name and port this page was opened on."""
    parts = urlsplit("//" + request.host)
    try:
        return parts.hostname or "", parts.port
    except ValueError:  # a port that is no number: no port
        return parts.hostname or "", None


def is_opened_on_loopback() -> bool:
    """Whether this page was opened on the machine's own address."""
    host, _port = opened_at()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def shared_base() -> str | None:
    """Where shared links start, when not where this page was opened: the
    setting, or the network address in place of a loopback one."""
    public = current_app.config["PUBLIC_URL"]
    if public:
        return public.rstrip("/")
    if is_opened_on_loopback() and lan_address():
        _host, port = opened_at()
        return f"{request.scheme}://{lan_address()}" + (f":{port}" if port else "")
    return None


def shared_url(endpoint: str, **values) -> str:
    """The address of ``endpoint`` to give another phone."""
    base = shared_base()
    if base:
        return base + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


def qr_svg(url: str) -> Markup:
    """The address as a QR code, drawn here as SVG (no outside service); the
    same address is drawn once and kept (:func:`scorekeeper.web.rendered.qr_codes`)."""
    return Markup(qr_codes().get_or_make(url, None, lambda: _drawn_qr(url)))


def _drawn_qr(url: str) -> str:
    """The SVG of ``url``'s QR code (a pure function of the address)."""
    return segno.make(url, error="m").svg_inline(scale=5, border=2, title=url, omitsize=True)
