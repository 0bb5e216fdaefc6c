"""Undo on every screen that shows it, on a 360 × 740 phone: the live round,
a closed round after a correction, the players after a join and the round
plan after a change. Each names what it takes back, takes it back at once,
and is never called "not saved" or offline while the server answers."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di"]
SMALL = {"width": 360, "height": 740}
#: What each language calls the undo bar's action, and what a taken-back change says.
WORDS = {
    "en": ("en-GB", "Undo:", "Undone:"),
    "pl": ("pl-PL", "Cofnij:", "Cofnięto:"),
    "de": ("de-DE", "Rückgängig:", "Rückgängig gemacht:"),
}


@pytest.fixture
def phone(browser: Browser, browser_context_args, base_url):
    contexts = []

    def open_phone(lang: str = "en") -> Page:
        context = browser.new_context(**{**browser_context_args, "base_url": base_url,
                                         "viewport": SMALL, "locale": WORDS[lang][0]})
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda message: message.type == "error" and pytest.fail(message.text))
        return page

    yield open_phone
    for context in contexts:
        context.close()


def assert_answered_online(page: Page) -> None:
    expect(page.locator(".tap-unsaved")).to_have_count(0)
    expect(page.locator("#connection")).to_be_hidden()


def assert_axe_clean(page: Page) -> None:
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_the_live_round_undoes_its_last_entry_in_place(phone, seeder, shoot):
    gid = seeder.start(NAMES)
    page = phone()
    page.goto(f"/g/{gid}/round/1")
    page.locator("#entry button[name=trump][value=H]").click()
    undo = page.locator("#undo button")
    expect(undo).to_have_text("↶ Undo: Trump: hearts")
    tapped = int(page.locator("#entry").get_attribute("data-version"))
    undo.click()
    expect(page.locator("#entry p.notice")).to_contain_text("Undone: Trump: hearts")
    # The answer takes the panel's place (one panel, at the undo's version), so
    # that the stream's panel of that version, sent too, is not drawn over it.
    expect(page.locator("#entry")).to_have_attribute("data-version", str(tapped + 1))
    expect(page.locator("#entry p.notice")).to_contain_text("Undone: Trump: hearts")
    expect(page.locator("#entry button[name=trump][aria-pressed=true]")).to_have_count(0)
    assert_answered_online(page)
    shoot("undo-live-round-en", page)


@pytest.mark.parametrize("lang", WORDS)
def test_a_correction_is_undone_on_the_closed_rounds_screen(phone, seeder, shoot, lang):
    gid = seeder.start(NAMES)
    seeder.play_rounds(gid, 2)
    page = phone(lang)
    page.goto(f"/g/{gid}/round/2/edit")
    page.locator("#trump label.pick:has(input[value=S])").click()
    page.locator("#correction button.primary[type=submit]").click()
    expect(page.locator("h1")).to_contain_text("2")
    undo = page.locator("#undo button")
    expect(undo).to_contain_text(WORDS[lang][1])
    shoot(f"undo-after-correction-{lang}", page)
    undo.click()
    expect(page.locator("p.notice[role=status]").first).to_contain_text(WORDS[lang][2])
    assert re.search(r"/round/2$", page.url), page.url
    assert_answered_online(page)
    shoot(f"undo-after-correction-done-{lang}", page)
    assert_axe_clean(page)


@pytest.mark.parametrize("path, act, named", [
    ("/players", lambda page: (page.locator("#join-name").fill("Eve"),
                               page.locator("#join button[type=submit]").click()),
     "New player: Eve"),
    ("/schedule", lambda page: page.locator("form[action$='/schedule/round'] button[value=remove]")
     .last.click(), "removed"),
])
def test_a_change_on_a_manage_screen_is_named_in_the_undo_bar_and_undone_there(
        phone, seeder, shoot, path, act, named):
    gid = seeder.start(NAMES)
    seeder.play_rounds(gid, 1)
    page = phone()
    page.goto(f"/g/{gid}{path}")
    act(page)
    undo = page.locator("#undo button")
    expect(undo).to_contain_text(named)
    shoot(f"undo-bar{path.replace('/', '-')}-en", page)
    undo.click()
    expect(page.locator("p.notice[role=status]").first).to_contain_text("Undone: ")
    assert page.url.endswith(path)
    expect(page.locator("#undo button")).to_have_count(1)  # the round 1 entries are still there
    assert_answered_online(page)
    assert_axe_clean(page)


#: Hands the stream's panel event a copy of the undo's own answer without its
#: notice (what the stream sends for that version) at the worst moment: right
#: after the answer is swapped in, before the swap settles (htmx's 20 ms),
#: while the morph still holds the old panel beside the new one.
PANEL_WHILE_SETTLING = r"""
(() => {
  const Source = window.EventSource;
  window.EventSource = function (url, options) {
    const source = new Source(url, options);
    window.roundStream = source;
    return source;
  };
  window.EventSource.prototype = Source.prototype;
  let plain = null;
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (/\/undo$/.test(event.detail.requestConfig.path)) {
      plain = event.detail.serverResponse.replace(/<p class="notice" role="status">[^<]*<\/p>/, "");
    }
  });
  document.addEventListener("htmx:afterSwap", () => {
    if (plain && window.roundStream) {
      const html = plain;
      plain = null;
      window.roundStream.dispatchEvent(new MessageEvent("panel", { data: html }));
      window.panelHandedOver = true;
    }
  });
})();
"""


def test_the_undo_notice_stays_when_the_streams_panel_of_that_version_comes_while_it_settles(
        phone, seeder):
    gid = seeder.start(NAMES)
    page = phone()
    page.add_init_script(PANEL_WHILE_SETTLING)
    page.goto(f"/g/{gid}/round/1")
    page.wait_for_function("() => window.roundStream && window.roundStream.readyState === 1")
    page.locator("#entry button[name=trump][value=H]").click()
    undo = page.locator("#undo button")
    expect(undo).to_have_text("↶ Undo: Trump: hearts")
    undo.click()
    page.wait_for_function("() => window.panelHandedOver === true")
    expect(page.locator("#entry p.notice")).to_contain_text("Undone: Trump: hearts")
    expect(page.locator("#entry button[name=trump][aria-pressed=true]")).to_have_count(0)
    expect(page.locator("#entry")).to_have_count(1)
