"""The colours this device chose are in the page as the server sends it."""

from __future__ import annotations

import pytest

FOLLOW_THE_PHONE = ("(prefers-color-scheme: dark)", "light dark")
#: The theme cookie: the dark palette's media and the page's color-scheme it gives.
BY_COOKIE = {
    None: FOLLOW_THE_PHONE,
    "light": ("not all", "light"),
    "dark": ("all", "dark"),
    'dark" onload="alert(1)': FOLLOW_THE_PHONE,
}


@pytest.mark.parametrize("cookie", BY_COOKIE)
def test_the_theme_cookie_sets_the_dark_palettes_media_and_the_color_scheme(client, cookie):
    media, scheme = BY_COOKIE[cookie]
    if cookie is not None:
        client.set_cookie("theme", cookie)
    page = client.get("/new").get_data(as_text=True)
    assert f'id="dark-palette" media="{media}"' in page
    assert f'<meta name="color-scheme" content="{scheme}">' in page
    assert "alert" not in page
