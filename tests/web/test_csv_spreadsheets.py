"""The CSV export as a spreadsheet opens it, in every language: the separator
its spreadsheets expect, one table that sorts and filters (the rules in a
file of their own), every letter of every name kept, in the cells and in the
file name.

The file is read back with pandas, whose C tokenizer is a CSV reader of its
own (not Python's csv module that wrote the file), with the separator and
encoding a spreadsheet of that language uses.
"""

from __future__ import annotations

import io
import re
from urllib.parse import unquote

import pandas
import pytest

from scorekeeper.config import LANGUAGES

NAMES = ("Łukasz", "Zośka", "Jędrek", "Õie-Müür")
SEPARATORS = {"en": ",", "hi": ",", **{lang: ";" for lang in ("pl", "et", "de", "fr", "es", "it", "pt")}}


@pytest.fixture
def played(table):
    table.start(names=NAMES, preset="cardgames")
    table.play_round(1, [1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    return table


def download_name(disposition: str) -> tuple[str, str]:
    """The ASCII ``filename`` and the decoded RFC 5987 ``filename*``."""
    plain = re.search(r'filename="([^"]*)"', disposition).group(1)
    full = re.search(r"filename\*=UTF-8''(\S+)", disposition).group(1)
    return plain, unquote(full)


def test_every_language_has_its_separator():
    assert set(SEPARATORS) == set(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_spreadsheet_reads_the_game_back_with_every_letter(client, played, lang):
    client.set_cookie("lang", lang)
    response = client.get(played.url("/export.csv"))
    sheet = pandas.read_csv(io.BytesIO(response.data), sep=SEPARATORS[lang], encoding="utf-8-sig",
                            dtype=str, keep_default_na=False)
    assert sheet.shape == (4, 11)
    player_column = sheet.columns[4]
    assert sorted(sheet[player_column]) == sorted(NAMES)
    assert sheet.iloc[0, 0] == "1" and sheet[sheet.columns[9]].astype(int).tolist() == [14, 13, 11, 2]
    plain, full = download_name(response.headers["Content-Disposition"])
    assert full.endswith("-Łukasz-Zośka-Jędrek-ÕieMüür.csv")
    assert plain.isascii() and plain.endswith("-Lukasz-Zoska-Jedrek-OieMuur.csv")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_come_as_a_file_of_their_own(client, played, lang):
    client.set_cookie("lang", lang)
    response = client.get(played.url("/rules.csv"))
    rows = pandas.read_csv(io.BytesIO(response.data), sep=SEPARATORS[lang], encoding="utf-8-sig",
                           header=None, dtype=str, keep_default_na=False)
    assert rows.iloc[0, 1:].tolist() == list(NAMES)
    assert rows.iloc[-1, 0] == "rules.json" and rows.iloc[-1, 1].startswith("{")
    assert "cardgames" not in rows.iloc[:-1].to_string()
    _plain, full = download_name(response.headers["Content-Disposition"])
    assert "-Łukasz-Zośka-Jędrek-ÕieMüür-" in full


def test_the_reader_may_ask_for_the_other_separator(client, played):
    client.set_cookie("lang", "pl")
    text = client.get(played.url("/export.csv?sep=comma")).get_data(as_text=True)
    assert pandas.read_csv(io.StringIO(text.lstrip("\ufeff")), sep=",").shape == (4, 11)
