"""The players' own links on the Share screen, and the players a phone may
still say it is ("who are you?" after a join code)."""

from __future__ import annotations

from typing import Any

from ...game import Sheet
from ...storage import links
from ...storage.models import Game
from .. import public
from ..public import qr_svg


def seated(sheet: Sheet) -> list[int]:
    """The players at the table now, in seat order: those a seat link is for."""
    return [player for player in sheet.circle if sheet.is_present(player)]


def seat_cards(game: Game, sheet: Sheet, mine: int | None) -> list[dict[str, Any]]:
    """Each player's own link (made the first time), its address and QR code,
    whether a phone has opened it (or said it is that player), and whether
    it is the asking phone's own seat (``mine``)."""
    own = links.seat_links(game, seated(sheet))
    taken = links.taken_seats(game)
    cards = []
    for player in seated(sheet):
        url = public.shared_url("play.game_home", gid=own[player].token)
        cards.append({"player": player, "name": sheet.name(player), "url": url,
                      "qr": qr_svg(url), "taken": player in taken, "own": player == mine})
    return cards


def free_seats(game: Game, sheet: Sheet, own: int | None) -> list[int]:
    """The players no phone has taken the seat of yet (and the asking phone's own)."""
    taken = links.taken_seats(game) - {own}
    return [player for player in seated(sheet) if player not in taken]
