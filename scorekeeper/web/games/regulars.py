"""The device's regulars at set-up: the names offered, one seated with a tap,
and the typed names matched to the regulars they are."""

from __future__ import annotations

from ...game import MAX_PLAYERS_TWO_DECKS
from ...game.regulars import as_regular
from ...game.names import NAME_LENGTH, name_key
from ...storage import regulars as store
from .. import access
from ..fields import without_control_characters


def offered_regulars(form) -> list:
    """The regulars the set-up offers: those not seated yet, most games first."""
    seated = {name_key(name) for name in form.names()}
    return [r for r in store.device_regulars(access.device_id())
            if name_key(r.name) not in seated]


def seat_regular(form, name: str) -> None:
    """Seat a regular in the next empty seat (a new one when all are taken)."""
    name = " ".join((without_control_characters(name) or "").split())[:NAME_LENGTH]
    if not name or name_key(name) in {name_key(n) for n in form.names()}:
        return
    for field in form.players:
        if not (field.data or "").strip():
            field.data = name
            return
    if len(form.players) < MAX_PLAYERS_TWO_DECKS:
        form.players.append_entry(name)


def as_regulars(names: list[str]) -> list[str]:
    """Typed names as the regulars they match (case, accents and renames aside)."""
    device = access.device_id()
    aliases = store.aliases(device)
    known = store.device_regulars(device, aliases)
    return [as_regular(name, known, aliases) for name in names]


def twice_named(names: list[str]) -> int | None:
    """The index of the first name that a seat before it already has, or None."""
    seen = set()
    for index, name in enumerate(names):
        if name_key(name) in seen:
            return index
        seen.add(name_key(name))
    return None
