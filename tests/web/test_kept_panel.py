"""The entry panel is drawn once per version of the game and kept: every phone
on the link gets it with its own session's CSRF token, in its own language,
with its link's rights, and never older than the game."""

from __future__ import annotations

import re

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Game, Link

HTMX = {"HX-Request": "true"}
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def version_of(app) -> int:
    with app.app_context():
        return db.session.scalars(db.select(Game.version)).one()


def poll(phone, gid: str, since: int = 0, **headers):
    response = phone.get(f"/g/{gid}/round/1/entry?since={since}", headers={**HTMX, **headers})
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def test_each_phone_gets_the_kept_panel_with_its_own_token_and_can_post_with_it(htmx_table, client, app):
    gid = htmx_table.start()
    htmx_table.trump(1, "H")
    app.config["WTF_CSRF_ENABLED"] = True
    other = app.test_client()
    first, second = poll(client, gid), poll(other, gid)
    tokens = set(TOKEN.findall(first)), set(TOKEN.findall(second))
    assert all(len(found) == 1 for found in tokens) and tokens[0] != tokens[1]
    assert "\x00" not in first + second
    # The same panel apart from the token.
    assert TOKEN.sub("", first) == TOKEN.sub("", second)
    # The other phone's token is its own session's: its tap is taken.
    answer = other.post(f"/g/{gid}/round/1/bid", headers=HTMX,
                        data={"player": "1", "bid": "1", "csrf_token": tokens[1].pop()})
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    # ... and with the first phone's token it would not have been.
    refused = other.post(f"/g/{gid}/round/1/bid", headers=HTMX,
                         data={"player": "2", "bid": "1", "csrf_token": tokens[0].pop()})
    assert refused.status_code == 400


def test_a_kept_panel_is_never_older_than_the_game(htmx_table, client, app):
    gid = htmx_table.start()
    htmx_table.trump(1, "H")
    other = app.test_client()
    poll(other, gid)
    htmx_table.bid(1, 1, 2)  # drawn for the tapping phone, kept for the others
    seen = poll(other, gid, since=version_of(app) - 1)
    assert f'data-version="{version_of(app)}"' in seen
    assert re.search(r'id="bid-1".*?<b class="seat-value">2</b>', seen, re.S)
    htmx_table.undo()
    seen = poll(other, gid, since=version_of(app) - 1)
    assert not re.search(r'id="bid-1".*?<b class="seat-value">2</b>', seen, re.S)


def test_a_refused_tap_is_told_to_its_phone_only(htmx_table, client, app):
    gid = htmx_table.start()
    htmx_table.trump(1, "H")
    refused = htmx_table.bid(1, 1, 99)
    assert refused.status_code == 422 and 'class="error"' in refused.get_data(as_text=True)
    assert 'class="error"' not in poll(app.test_client(), gid)


def test_the_kept_panel_follows_the_link_and_the_language(htmx_table, client, app):
    gid = htmx_table.start()
    htmx_table.trump(1, "H")
    with app.app_context():
        game_id = db.session.scalar(db.select(Link.game_id).where(Link.token == gid))
        viewer = db.session.scalar(db.select(Link.token).where(
            Link.game_id == game_id, Link.role == "viewer"))
    scorer_panel = poll(client, gid)
    viewer_panel = poll(app.test_client(), viewer)
    assert 'id="read-only"' not in scorer_panel and 'id="read-only"' in viewer_panel
    assert f"/g/{gid}/" not in viewer_panel
    polish = poll(app.test_client(), gid, **{"Accept-Language": "pl"})
    english = poll(app.test_client(), gid, **{"Accept-Language": "en"})
    assert "Cofnij: Atut: kiery" in polish and "Undo: Trump: hearts" in english


def test_the_phones_of_a_table_share_one_drawing_per_version(htmx_table, client, app):
    from flask import template_rendered

    gid = htmx_table.start()
    drawn = []

    def count(sender, template, context, **extra):
        if template.name == "play/_entry.html":
            drawn.append(context["game"].version)

    template_rendered.connect(count, app)
    try:
        htmx_table.trump(1, "H")  # the tapping phone's answer is drawn and kept
        phones = [app.test_client() for _ in range(3)]
        for phone in phones:
            poll(phone, gid)
        htmx_table.bid(1, 1, 1)
        for phone in phones:
            poll(phone, gid, since=version_of(app) - 1)
    finally:
        template_rendered.disconnect(count, app)
    assert drawn == [1, 2]
