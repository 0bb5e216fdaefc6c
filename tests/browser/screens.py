"""What every browser test may use: where screenshots go, and the check that
a page fits the phone's width.

Its own module, not the conftest: ``from conftest import …`` finds whichever
conftest was imported last (tests/web has one too), so a whole-suite run
would import the wrong one.
"""

from __future__ import annotations

from pathlib import Path

#: Screenshots go here (gitignored); look at them after a run.
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def photograph(page, name: str) -> Path:
    """The whole page as ``test-artifacts/<name>.png``, one pixel for each CSS
    pixel. At the phone's own scale (2.625 device pixels to a CSS pixel on a
    Pixel 7) a photograph has 6.9 times the pixels to draw, encode and carry
    to the test: the suite's 559 photographs were 1.84 billion pixels, and
    a test page of 300 lines took four times as long (docs/testing.md)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True, scale="css")
    return path


def assert_fits_the_screen(page) -> None:
    """No sideways scrolling: the page is no wider than the viewport the test set.

    Not ``scrollWidth <= innerWidth``: on a phone (``is_mobile``) a page wider
    than its viewport widens the layout viewport, innerWidth and clientWidth
    with it, and that test passes on a page that overflows.
    """
    width = page.viewport_size["width"]
    sizes = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert sizes[0] <= width and sizes[1] == width, f"the page is wider than its {width} px: {sizes}"
