"""Text cells a spreadsheet reads as text: the CSV of a game and of the
statistics both write names that come from the table."""

from __future__ import annotations

import csv
import io


#: A spreadsheet reads a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: object) -> object:
    """Text that a spreadsheet would run as a formula, quoted as plain text.

    Names and reasons come from the table; a name such as ``=HYPERLINK(...)``
    must stay a name in the export. Numbers are left as they are.
    """
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


class SheetWriter:
    """A CSV writer whose every text cell is :func:`spreadsheet_safe`."""

    def __init__(self, out: io.StringIO, delimiter: str = ",") -> None:
        self.writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")

    def writerow(self, row: list) -> None:
        self.writer.writerow([spreadsheet_safe(cell) for cell in row])
