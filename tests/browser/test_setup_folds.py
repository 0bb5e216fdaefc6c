"""The set-up page on a 360 px phone in each language: its folds show that
they open (a chevron that turns), and no list's chosen option is cut (a list that opens shows its options whole)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

#: The width of each shown select's chosen text against the room the select gives it.
CUT_OPTIONS = """() => {
  const canvas = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('select')].filter(s => s.offsetParent !== null).map(s => {
    const style = getComputedStyle(s);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const longest = canvas.measureText(s.options[s.selectedIndex].text).width;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return [s.name, Math.round(longest), Math.round(room)];
  }).filter(([, longest, room]) => longest > room);
}"""


@pytest.mark.parametrize("lang,button", [("en", "English"), ("pl", "Polski"), ("et", "Eesti")])
def test_the_set_up_folds_show_they_open_and_no_option_is_cut_at_360_px(page: Page, shoot, lang, button):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto("/new")
    page.locator("#language-menu > summary").click()  # the menu opens first
    page.locator("#languages").get_by_role("button", name=button).click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    chevron = "s => getComputedStyle(s, '::after').transform"
    # The chosen preset's details and variants, then the adjustments (the fold with the lists).
    for fold in (page.locator("#about-rules"), page.locator("#adjust")):
        closed = fold.locator("summary").evaluate(chevron)
        assert fold.locator("summary").evaluate("s => getComputedStyle(s, '::after').content") == '""'
        fold.locator("summary").click()
        expect(fold).to_have_attribute("open", "")
        assert fold.locator("summary").evaluate(chevron) != closed, "the chevron turns when it opens"
    cut = page.evaluate(CUT_OPTIONS)
    assert not cut, f"options cut (name, text px, room px): {cut}"
    shoot(f"setup-open-360-{lang}")
