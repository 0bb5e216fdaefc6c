"""The set-up form filled in for the next game of a finished one (Play again,
when the same rules can no longer deal to the table)."""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from ...game.rule_adjustments import adjustments_for
from ...game.series import rematch_seats
from ...rules import UnknownPreset, find_preset
from ...storage import games as store
from ...storage import links
from ..wording.money import stake_input


def prefill(form, token: str) -> None:
    """The set-up form filled in for the next game of the game behind
    ``token`` (a link of it): its players in their seats, its preset, its
    variant, every adjustment and its stake as the game had them (so that the
    form sent unchanged starts the game Play again would), the next first dealer. An
    unknown or replaced link fills in nothing."""
    try:
        game = links.open_link(token).game
    except LookupError:  # GameNotFound, LinkReplaced
        return
    sheet = store.load_sheet(game)
    names, first_dealer = rematch_seats(sheet, game.first_dealer)
    entered = {f"players-{seat}": name for seat, name in enumerate(names)}
    entered.update(preset=game.preset, first_dealer=str(first_dealer), again=token)
    if sheet.stake is not None:
        entered.update(stake=stake_input(sheet.stake.per_point), stake_symbol=sheet.stake.symbol)
    try:
        adjustments = adjustments_for(find_preset(game.preset), store.ruleset_of(game),
                                      len(names))
    except UnknownPreset:  # a preset this version no longer has
        adjustments = None
    if adjustments is not None:
        entered.update(adjustments.as_form_data())
    form.process(MultiDict(entered))
