"""The rules engine's errors in the page's language.

The engine (:mod:`scorekeeper.rules`) speaks plain English and stays free of
Flask; each of its errors that can reach the table carries a ``kind`` and the
numbers it quotes (``details``). This module words each kind again with
Flask-Babel, so there is one place to look for how a rules error reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ...rules import RulesError, find_preset
from .presets import preset_title, variant_reason, variant_title


def _deck(details: Mapping[str, Any]) -> str:
    """What the deck holds: "one deck has 52 cards", with the trump card kept back."""
    if details.get("decks") == 2:
        text = _("two decks have 104 cards")
    else:
        text = _("one deck has 52 cards")
    if details.get("reserve_trump_card"):
        text = _("%(deck)s and one must stay to turn up for trump", deck=text)
    return text


def _too_few_players(d):
    return _("Oh Hell needs at least 2 players.")


def _bad_decks(d):
    return _("The game uses 1 or 2 decks.")


def _empty_schedule(d):
    return _("List the cards per round, for example 1 2 3 2 1.")


def _too_many_players(d):
    return ngettext(
        "%(num)s player is too many: %(deck)s, not enough for one card each.",
        "%(num)s players is too many: %(deck)s, not enough for one card each.",
        d["players"], deck=_deck(d),
    )


def _not_whole_cards(d):
    return _("Round %(round)s: enter the cards as a whole number.", round=d["round"])


def _round_too_small(d):
    return _("Round %(round)s deals %(cards)s cards: every round deals at least 1 card "
             "to each player.", round=d["round"], cards=d["cards"])


def _round_too_large(d):
    return ngettext(
        "Round %(round)s deals %(cards)s cards to each of %(players)s players, %(needed)s "
        "cards, but %(deck)s: at most %(num)s card each.",
        "Round %(round)s deals %(cards)s cards to each of %(players)s players, %(needed)s "
        "cards, but %(deck)s: at most %(num)s cards each.",
        d["limit"], round=d["round"], cards=d["cards"], players=d["players"],
        needed=d["needed"], deck=_deck(d),
    )


def _peak_too_large(d):
    return ngettext(
        "A largest hand of %(peak)s cards needs %(needed)s cards for %(players)s players, "
        "but %(deck)s: at most %(num)s card each.",
        "A largest hand of %(peak)s cards needs %(needed)s cards for %(players)s players, "
        "but %(deck)s: at most %(num)s cards each.",
        d["limit"], peak=d["peak"], needed=d["needed"], players=d["players"], deck=_deck(d),
    )


def _start_above_peak(d):
    return ngettext(
        "The schedule starts at %(start)s cards, but with %(players)s players the largest "
        "hand is %(num)s card: start at %(num)s or fewer.",
        "The schedule starts at %(start)s cards, but with %(players)s players the largest "
        "hand is %(num)s cards: start at %(num)s or fewer.",
        d["peak"], start=d["start"], players=d["players"],
    )


def _preset_players(d):
    """The range, the presets that fit, and this preset's own ways to fit, with reasons."""
    preset = find_preset(d["preset"])
    text = _("%(preset)s is for %(min)s to %(max)s players, not %(num)s.",
             preset=preset_title(preset), min=d["min_players"], max=d["max_players"],
             num=d["players"])
    fits = d.get("fits") or ()
    if fits:
        text += " " + ngettext(
            "For %(num)s player, these rules fit: %(presets)s.",
            "For %(num)s players, these rules fit: %(presets)s.",
            d["players"], presets="; ".join(preset_title(name) for name in fits))
    ways = [preset.variant(name) for name in d.get("ways") or ()]
    if ways:
        text += " " + _("Or keep them with a variant: %(ways)s.", ways="; ".join(
            _("%(title)s (%(reason)s)", title=variant_title(preset, v),
              reason=variant_reason(preset, v).rstrip(".")) for v in ways))
    else:
        text += " " + _("Or adjust the schedule or the decks.")
    return text


def _variant_players(d):
    preset = find_preset(d["preset"])
    return ngettext(
        "The variant “%(variant)s” is for %(min)s to %(max)s players, not %(num)s.",
        "The variant “%(variant)s” is for %(min)s to %(max)s players, not %(num)s.",
        d["players"], variant=variant_title(preset, preset.variant(d["variant"])),
        min=d["min_players"], max=d["max_players"],
    )


def _unknown_variant(d):
    return _("Choose one of the variants these rules offer, or none.")


def _empty_cycle(d):
    return _("List the trumps in order, for example ♠ ♦ ♣ ♥, or S D C H.")


def _two_zero_bid_rules(d):
    return _("A made 0 scores either 5 + cards in hand or a fixed number of points, not both.")


def _peak_below_start(d):
    return _("The largest hand (%(peak)s) is smaller than the smallest hand (%(start)s).",
             peak=d["peak"], start=d["start"])


#: Each kind of rules error that can reach the table, worded in the page's language.
RULES_MESSAGES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "too-few-players": _too_few_players,
    "bad-decks": _bad_decks,
    "empty-schedule": _empty_schedule,
    "too-many-players": _too_many_players,
    "not-whole-cards": _not_whole_cards,
    "round-too-small": _round_too_small,
    "round-too-large": _round_too_large,
    "peak-too-large": _peak_too_large,
    "start-above-peak": _start_above_peak,
    "preset-players": _preset_players,
    "variant-players": _variant_players,
    "unknown-variant": _unknown_variant,
    "empty-cycle": _empty_cycle,
    "two-zero-bid-rules": _two_zero_bid_rules,
    "peak-below-start": _peak_below_start,
}


def rules_message(error: RulesError) -> str:
    """The error as the table should read it, in the page's language.

    A kind without its own wording (a tampered form, say: the set-up page
    never offers a value the engine refuses) gets a general sentence.
    """
    word = RULES_MESSAGES.get(error.kind or "")
    if word is not None:
        return word(error.details)
    return _("These rules do not fit together; check the adjustments.")
