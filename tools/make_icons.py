"""Draw the app's PNG icons from the design of ``static/favicon.svg``, once.

Run: ``.venv/bin/python tools/make_icons.py`` after changing the design, and
commit the PNGs it writes to ``scorekeeper/static/icons/``. Nothing at run
time needs this script or what it uses.

Chromium draws them (through Playwright, already a test dependency; Debian's
Chromium at ``/usr/bin/chromium``), so no image library is added:

- ``icon-192.png``, ``icon-512.png``: the favicon as it is, rounded corners and
  a transparent outside (the manifest's "any" icons);
- ``maskable-512.png``: the same spade on a full-bleed square, the spade
  inside the central 80 % circle that every launcher mask keeps;
- ``apple-touch-icon.png`` (180 px): full-bleed too, as iOS rounds the corners itself.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parents[1] / "scorekeeper" / "static"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def full_bleed(svg: str, spade_scale: float) -> str:
    """The favicon with square corners and its spade scaled about the centre."""
    svg = re.sub(r'\srx="[^"]*"', "", svg, count=1)
    offset = 32 * (1 - spade_scale)
    return svg.replace("<path ", f'<path transform="translate({offset:g} {offset:g}) scale({spade_scale:g})" ', 1)


def main() -> None:
    favicon = (STATIC / "favicon.svg").read_text(encoding="utf-8")
    # The spade spans y 12..52 of 64 (and x 16..48): scaled by 0.8 about the
    # centre it stays within a circle of radius 0.4 x 64 around it.
    icons = {
        "icon-192.png": (favicon, 192),
        "icon-512.png": (favicon, 512),
        "maskable-512.png": (full_bleed(favicon, 0.8), 512),
        "apple-touch-icon.png": (full_bleed(favicon, 0.9), 180),
    }
    out = STATIC / "icons"
    out.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, (svg, size) in icons.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f'<html><body style="margin:0;background:transparent">{sized}</body></html>')
            page.screenshot(path=str(out / name), omit_background=True,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(f"wrote {out / name} ({size} x {size})")
        browser.close()


if __name__ == "__main__":
    main()
