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


def seat_cards(game: Game, sheet: Sheet) -> list[dict[str, Any]]:
    """Each player's own link (made the first time), its address and QR code,
    and whether a phone has opened it."""
    own = links.seat_links(game, seated(sheet))
    taken = links.taken_seats(game)
    cards = []
    for player in seated(sheet):
        url = public.shared_url("play.game_home", gid=own[player].token)
        cards.append({"player": player, "name": sheet.name(player), "url": url,
                      "qr": qr_svg(url), "taken": player in taken})
    return cards


def free_seats(game: Game, sheet: Sheet, own: int | None) -> list[int]:
    """The players no phone has taken the seat of yet (and the asking phone's own)."""
    taken = links.taken_seats(game) - {own}
    return [player for player in seated(sheet) if player not in taken]
