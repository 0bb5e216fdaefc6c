"""The roles a link carries, named once: the storage layer stores them, the
domain reads them (who may see hidden bids), the web edge words them.

A game has one link of each of :data:`ROLES` and one seat link per
player; a club has one link of each of :data:`CLUB_ROLES`.
"""

from __future__ import annotations

#: May enter, correct, undo, delete and manage a game.
SCORER = "scorer"
#: Reads only (a game's or a club's).
VIEWER = "viewer"
#: One player's own link: reads what a viewer reads and enters that player's own bids.
SEAT = "seat"
#: Runs a club: its members, evenings and links.
ORGANISER = "organiser"
#: A club member's own link, claimed by one phone: reads what a club's viewer
#: reads, plus the member's own record; answers invitations, takes their seat.
MEMBER = "member"

#: The links a game has one of (a seat link belongs to one player).
ROLES = (SCORER, VIEWER)
#: The links a club has one of (besides one member link per member who was handed one).
CLUB_ROLES = (ORGANISER, VIEWER)
