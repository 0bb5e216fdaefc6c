"""The device's cookie: sent when the session changes and renewed once a
month, not with every poll."""

from __future__ import annotations

from datetime import date

HTMX = {"HX-Request": "true"}


def test_a_poll_sends_no_cookie_and_a_new_month_renews_it(htmx_table, client, app):
    gid = htmx_table.start()
    htmx_table.trump(1, "H")
    assert client.get(f"/g/{gid}/").status_code == 302
    poll = client.get(f"/g/{gid}/round/1/entry?since=0", headers=HTMX)
    assert poll.status_code == 200 and "Set-Cookie" not in poll.headers
    unchanged = client.get(f"/g/{gid}/round/1/entry?since=1", headers=HTMX)
    assert unchanged.status_code == 204 and "Set-Cookie" not in unchanged.headers
    assert "Set-Cookie" not in client.get("/").headers  # renewed this month already
    with client.session_transaction() as session:
        session["renewed"] = "2000-01"
    renewed = client.get("/")
    cookie = renewed.headers.get("Set-Cookie", "")
    assert "session=" in cookie and "Expires=" in cookie
    with client.session_transaction() as session:
        assert session["renewed"] == date.today().strftime("%Y-%m")
        assert session.permanent
