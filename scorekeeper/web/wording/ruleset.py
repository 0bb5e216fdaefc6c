"""A ruleset in plain words, in the page's language, for the set-up screen,
the standings page and the CSV export."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ...rules import Preset, Ruleset, Scoring

#: Each preset's name and summary as the table says them. The rules engine
#: keeps its English ``title`` and ``summary``; a preset missing here shows those.
PRESET_TITLES = {
    "planowanie": _l("Planowanie"),
    "piekielko": _l("Piekiełko"),
    "cardgames": _l("Oh Hell, 10 to 1 to 10"),
    "estonian": _l("Estonian rules"),
}
PRESET_SUMMARIES = {
    "planowanie": _l(
        "Hands go down from 13 cards to 1 (from 17 with 2 or 3 players); the turned-up card "
        "sets trump, with no trump when every card is dealt. The dealer may not bid so that "
        "the bids add up to the tricks, and an exact bid scores 10 plus the bid."
    ),
    "piekielko": _l(
        "Hands go up from 1 card to as many as the deck allows (13 with 4 players, 10 with 5); "
        "the turned-up card sets trump, and the last round has no trump. Any bid is allowed, "
        "and an exact bid scores 10 plus the bid."
    ),
    "cardgames": _l(
        "Hands go down from 10 cards to 1 and back up to 10, 19 rounds; the turned-up card "
        "sets trump. The dealer may not bid so that the bids add up to the tricks; every trick "
        "scores 1 point, and an exact bid 10 more."
    ),
    "estonian": _l(
        "Hands go up from 1 card to 15, 13, 10, 8 or 7 cards for 3 to 7 players; the turned-up "
        "card sets trump, and the last round has no trump. Any bid is allowed, and an exact "
        "bid scores 10 plus the bid."
    ),
}


def preset_title(preset: Preset) -> str:
    """The preset's name in the page's language (Planowanie, Do diabła, ...)."""
    return str(PRESET_TITLES.get(preset.name, preset.title))


def preset_summary(preset: Preset) -> str:
    """The preset in one or two sentences, in the page's language."""
    return str(PRESET_SUMMARIES.get(preset.name, preset.summary))


def rounds_text(sizes: list[int]) -> str:
    """ "19 rounds: 10 9 ... 10 cards" in the page's language."""
    return ngettext("%(num)s round: %(sizes)s cards", "%(num)s rounds: %(sizes)s cards",
                    len(sizes), sizes=" ".join(map(str, sizes)))

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


def ruleset_lines(ruleset: Ruleset, sizes: list[int] | None = None) -> list[tuple[str, str]]:
    """Label and text for each part of the ruleset."""
    lines = []
    if sizes:
        lines.append((_("Rounds"), rounds_text(sizes)))
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
        hook = ngettext("on from %(num)s card in hand", "on from %(num)s cards in hand",
                        ruleset.hook.min_cards)
    lines.append((_("Hook rule"), hook))
    lines.append((_("Bidding"), str(BIDDING_NAMES[ruleset.bidding])))
    lines.append((_("Scoring"), scoring_name(ruleset.scoring)))
    lines.append((_("Must trump"), _("yes") if ruleset.must_trump else _("no")))
    decks = _("one deck") if ruleset.decks == 1 else _(
        "two decks; of two identical cards %(rule)s", rule=IDENTICAL_NAMES[ruleset.identical_cards])
    lines.append((_("Cards"), decks))
    return lines
