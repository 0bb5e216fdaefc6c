"""A ruleset in plain words, in the page's language, for the set-up screen,
the standings page and the CSV export."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from .rules import Ruleset, Scoring

SHAPE_NAMES = {
    "up": _l("up"),
    "down": _l("down"),
    "up-down": _l("up, then down"),
    "down-up": _l("down, then up"),
    "custom": _l("custom list"),
}
HOOK_NAMES = {
    "off": _l("off"),
    "on": _l("on: the dealer may not make the bids add up to the tricks"),
    "not-final-round": _l("on, except in the final round"),
    "from-cards": _l("on from a number of cards in hand"),
}
BIDDING_NAMES = {
    "in-turn": _l("in turn, the dealer last"),
    "simultaneous": _l("all at once (no hook rule)"),
}
TRUMP_METHOD_NAMES = {
    "turned-card": _l("the card turned up after the deal"),
    "spades": _l("always spades"),
    "dealer-last-card": _l("the dealer's last card"),
    "named": _l("named by a player"),
}
NO_CARD_LEFT_NAMES = {
    "no-trump": _l("no trump"),
    "dealer-last-card": _l("the dealer's last card sets trump"),
    "spades": _l("spades are trump"),
}
IDENTICAL_NAMES = {
    "first-wins": _l("the first played wins"),
    "last-wins": _l("the last played wins"),
}
SCORING_NAMES = {
    "standard": _l("Standard: 10 + bid when exact, 0 otherwise"),
    "trick-points": _l("Trick points: 10 + tricks when exact, 1 a trick otherwise"),
    "zero-bonus-hand": _l("Standard, but a made 0 bid scores 5 + cards in hand"),
    "under-penalty": _l("10 + bid when exact, minus 1 a trick short"),
    "difference-penalty": _l("10 + bid when exact, minus the difference otherwise"),
    "progressive-misses": _l("Penalty points: the k-th missed bid costs k; lowest wins"),
    "five-bonus": _l("One point a trick, 5 more when exact"),
    "wizard": _l("Wizard: 20 + 10 a trick when exact, minus 10 a trick off"),
}


def scoring_name(scoring: Scoring) -> str:
    name = SCORING_NAMES.get(scoring.name)
    return str(name) if name else _("Custom scoring")


def describe(ruleset: Ruleset, sizes: list[int] | None = None) -> list[tuple[str, str]]:
    """Label and text for each part of the ruleset."""
    lines = []
    if sizes:
        lines.append((
            _("Rounds"),
            _("%(count)s rounds: %(sizes)s cards", count=len(sizes),
              sizes=" ".join(map(str, sizes))),
        ))
    else:
        lines.append((_("Schedule"), str(SHAPE_NAMES[ruleset.schedule.shape])))
    trump = str(TRUMP_METHOD_NAMES[ruleset.trump.method])
    if ruleset.trump.method == "turned-card":
        trump += "; " + _("when no card is left: %(rule)s",
                          rule=NO_CARD_LEFT_NAMES[ruleset.trump.when_no_card_left])
    if ruleset.trump.no_trump_last_round:
        trump += "; " + _("no trump in the last round")
    lines.append((_("Trump"), trump))
    hook = str(HOOK_NAMES[ruleset.hook.mode])
    if ruleset.hook.mode == "from-cards":
        hook = _("on from %(cards)s cards in hand", cards=ruleset.hook.min_cards)
    lines.append((_("Hook rule"), hook))
    lines.append((_("Bidding"), str(BIDDING_NAMES[ruleset.bidding])))
    lines.append((_("Scoring"), scoring_name(ruleset.scoring)))
    lines.append((_("Must trump"), _("yes") if ruleset.must_trump else _("no")))
    decks = _("one deck") if ruleset.decks == 1 else _(
        "two decks; of two identical cards %(rule)s", rule=IDENTICAL_NAMES[ruleset.identical_cards])
    lines.append((_("Cards"), decks))
    return lines
