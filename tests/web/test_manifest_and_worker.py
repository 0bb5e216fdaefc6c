"""The web manifest, the icons, the service worker's route and the offline page."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest

from scorekeeper.web import offline

STATIC = Path(__file__).resolve().parents[2] / "scorekeeper" / "static"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "a PNG file"
    return struct.unpack(">II", data[16:24])


def worker_settings(client) -> dict:
    body = client.get("/sw.js").get_data(as_text=True)
    first_line = body.split("\n", 1)[0]
    return json.loads(re.fullmatch(r"self\.SCOREKEEPER = (.*);", first_line).group(1))


@pytest.mark.parametrize("path", ["/", "/new"])
def test_every_page_links_the_manifest_and_registers_the_worker(client, path):
    page = client.get(path).get_data(as_text=True)
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page
    assert 'src="/static/js/register-sw.js" data-service-worker="/sw.js"' in page


def test_the_manifest_is_valid_json_with_what_an_install_needs(client):
    response = client.get("/static/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    icons = {(icon["sizes"], icon.get("purpose", "any")): icon for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(icons)
    for (sizes, _purpose), icon in icons.items():
        served = client.get(icon["src"])
        assert served.status_code == 200 and served.mimetype == icon["type"] == "image/png"
        assert "x".join(map(str, png_size(served.get_data()))) == sizes


def test_the_worker_is_served_at_the_root_scope_and_always_fresh(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Cache-Control"] == "no-cache"
    assert "addEventListener(\"fetch\"" in response.get_data(as_text=True)


def test_the_worker_caches_every_static_file_and_the_offline_page_and_nothing_else(client):
    settings = worker_settings(client)
    # Pyodide (static/vendor/, 14 MB) is cached when a round screen fetches it, never on install.
    files = sorted(
        "/static/" + p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*")
        if p.is_file() and p.name != "sw.js" and not p.relative_to(STATIC).as_posix().startswith("vendor/")
    )
    assert settings["precache"] == [*files, "/offline"]
    assert "/static/css/app.css" in files and "/static/js/htmx-2.0.11.min.js" in files
    assert settings["static"] == "/static/" and settings["offline"] == "/offline"
    assert re.fullmatch(r"[0-9a-f]{16}", settings["version"])


def test_the_workers_version_changes_with_any_static_file(client, app, tmp_path):
    before = worker_settings(client)["version"]
    hashed = offline._digest.cache_info().misses
    assert worker_settings(client)["version"] == before, "the same files, the same version"
    assert offline._digest.cache_info().misses == hashed, "the same files are not read again"
    copy = tmp_path / "static"
    copy.mkdir()
    for path in STATIC.rglob("*"):
        if path.is_file():
            target = copy / path.relative_to(STATIC)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    app.static_folder = str(copy)
    assert worker_settings(client)["version"] == before, "the version is of the contents, not the place"
    (copy / "css" / "app.css").write_text("body { color: red; }\n")
    assert worker_settings(client)["version"] != before


@pytest.mark.parametrize(
    "lang, heading", [("en", "No connection"), ("pl", "Brak połączenia"), ("et", "Ühendus puudub")]
)
def test_the_offline_page_is_in_the_devices_language(client, lang, heading):
    client.set_cookie("lang", lang)
    response = client.get("/offline")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in page and heading in page
