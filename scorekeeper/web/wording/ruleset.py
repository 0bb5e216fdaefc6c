"""A ruleset in plain words, in the page's language, for the set-up screen,
the standings page and the CSV export: each option's values by name, each
part of a ruleset, and each change a table made to its preset."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ...rules import Adjustment, RevokePenalty, Ruleset, Scoring, TrumpRule
from .cards import suit_name


def rounds_text(sizes: list[int]) -> str:
    """ "19 rounds: 10 9 ... 10 cards" in the page's language."""
    return ngettext("%(num)s round: %(sizes)s cards", "%(num)s rounds: %(sizes)s cards",
                    len(sizes), sizes=" ".join(map(str, sizes)))

#: How a player who joins starts (the players page's join form).
START_RULE_NAMES = {
    # A number, not a word: German and Estonian "null" read like a missing value.
    "zero": _l("0 points"),
    "lowest": _l("the lowest total"),
    "average": _l("the average total"),
    "number": _l("this number:"),
}

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
    "cycle": _l("a fixed order of suits, round by round"),
    "cut": _l("a cut of the pack"),
}
NAMED_BY_NAMES = {
    "": _l("named by a player"),
    "leader": _l("named by the player who leads"),
    "highest-bidder": _l("named by the highest bidder, after the bids"),
}
TIE_BREAK_NAMES = {
    "share": _l("equal totals share the win"),
    "most-bid": _l("of equal totals, who bid the most wins"),
    "extra-hands": _l("equal totals play further hands at the largest deal"),
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
    "times-ten": _l("The bid with a 0 appended: 10 a trick bid when exact, 10 for a made 0"),
    "squares": _l("Squares: 10 + the bid squared when exact, minus the miss squared"),
    "exact-penalty": _l("10 + bid when exact, minus the bid otherwise"),
    "ten-times": _l("10 times the bid when exact, 0 otherwise"),
    "ten-times-penalty": _l("10 times the bid when exact, minus 10 times the bid otherwise"),
    "ten-times-zero-five": _l("10 times the bid, won or lost; a 0 bid plus or minus 5"),
}
#: Each scoring preset's short name, where a list or a table names it (the
#: comparison page, the history); :data:`SCORING_NAMES` explains it in a line.
SCORING_TITLES = {
    "standard": _l("Standard"),
    "trick-points": _l("Trick points"),
    "zero-bonus-hand": _l("Standard, bonus for a made 0"),
    "under-penalty": _l("Minus for tricks short"),
    "difference-penalty": _l("Minus the difference"),
    "progressive-misses": _l("Penalty points"),
    "five-bonus": _l("Five for exact"),
    "wizard": _l("Wizard"),
    "times-ten": _l("The bid with a 0 appended"),
    "squares": _l("Squares"),
    "exact-penalty": _l("Minus the bid"),
    "ten-times": _l("10 times the bid"),
    "ten-times-penalty": _l("10 times the bid, won or lost"),
    "ten-times-zero-five": _l("10 times the bid, 0 worth 5"),
}
REVOKE_PENALTY_NAMES = {
    "none": _l("none"),
    "revoker-loses": _l("the revoker loses points"),
    "others-gain": _l("every other player gains points"),
    "tricks-to-harmed": _l("three tricks go from the revoker to the player harmed"),
}
#: What the tags of the published texts stand for, where the page shows them in words.
SOURCE_NAMES = {
    "[EN-whist-laws]": _l("the laws of whist"),
}


def penalty_text(penalty: RevokePenalty) -> str:
    """ "the revoker loses 3 points" in the page's language."""
    if penalty.mode == "revoker-loses":
        return ngettext("the revoker loses %(num)s point", "the revoker loses %(num)s points",
                        penalty.points)
    if penalty.mode == "others-gain":
        return ngettext("every other player gains %(num)s point",
                        "every other player gains %(num)s points", penalty.points)
    if penalty.mode == "tricks-to-harmed":
        return ngettext("%(num)s trick goes from the revoker to the player harmed",
                        "%(num)s tricks go from the revoker to the player harmed", penalty.points)
    return _("none")


def cycle_text(cycle: tuple[str | None, ...]) -> str:
    """ "spades, diamonds, clubs, hearts, no trump"."""
    return ", ".join(suit_name(entry) for entry in cycle)


def trump_text(trump: TrumpRule) -> str:
    """How trump is chosen, in words."""
    if trump.method == "cycle":
        text = _("in this order, round by round: %(cycle)s", cycle=cycle_text(trump.cycle))
    elif trump.method == "named":
        text = str(NAMED_BY_NAMES[trump.named_by])
    else:
        text = str(TRUMP_METHOD_NAMES[trump.method])
    if trump.method == "turned-card":
        text += "; " + _("when no card is left: %(rule)s",
                         rule=NO_CARD_LEFT_NAMES[trump.when_no_card_left])
    if trump.no_trump_last_round:
        text += "; " + _("no trump in the last round")
    if trump.last_round_dealer_card:
        text += "; " + _("the dealer's last card sets the last round's trump")
    return text


def scoring_parts_text(scoring: Scoring) -> str:
    """A scoring made of parts, part by part."""
    exact = scoring.exact_points_per_bid + scoring.exact_points_per_trick
    parts = [_("exact: %(bonus)s + %(per)s a trick", bonus=scoring.exact_bonus, per=exact),
             _("missed: %(per)s a trick", per=scoring.miss_points_per_trick)]
    if scoring.over_penalty_per_trick:
        parts.append(_("minus %(num)s a trick over", num=scoring.over_penalty_per_trick))
    if scoring.under_penalty_per_trick:
        parts.append(_("minus %(num)s a trick under", num=scoring.under_penalty_per_trick))
    if scoring.zero_bid_points is not None:
        parts.append(_("a made 0 scores %(num)s", num=scoring.zero_bid_points))
    elif scoring.zero_bid_bonus_plus_hand:
        parts.append(_("a made 0 scores 5 + cards in hand"))
    if scoring.exact_points_per_bid_squared:
        parts.append(_("plus %(num)s times the bid squared when exact",
                       num=scoring.exact_points_per_bid_squared))
    if scoring.miss_penalty_per_bid:
        parts.append(_("minus %(num)s a trick bid when missed", num=scoring.miss_penalty_per_bid))
    if scoring.miss_penalty_squared:
        parts.append(_("minus %(num)s times the miss squared", num=scoring.miss_penalty_squared))
    if scoring.zero_bid_miss_points is not None:
        parts.append(_("a missed 0 scores %(num)s", num=scoring.zero_bid_miss_points))
    if scoring.progressive_misses:
        parts.append(_("the k-th missed bid adds k"))
    parts.append(_("lowest total wins") if scoring.lowest_wins else _("highest total wins"))
    return "; ".join(parts)


def scoring_name(scoring: Scoring) -> str:
    """A preset's name in words, or a custom scoring part by part."""
    name = SCORING_NAMES.get(scoring.name)
    if name:
        return str(name)
    return _("Custom scoring (%(parts)s)", parts=scoring_parts_text(scoring))


def scoring_title(name: str) -> str:
    """A scoring preset's short name ("Trick points"); a custom one is "Custom scoring"."""
    title = SCORING_TITLES.get(name)
    return str(title) if title else _("Custom scoring")


def hook_text(mode: str, min_cards: int) -> str:
    if mode == "from-cards":
        return ngettext("on from %(num)s card in hand", "on from %(num)s cards in hand",
                        min_cards)
    return str(HOOK_NAMES[mode])


def adjustment_text(change: Adjustment) -> str:
    """One change from the preset (see :func:`scorekeeper.rules.adjustments`) in words.

    A variant's name is worded by :mod:`.presets`, which knows the preset.
    """
    d = change.details
    words = {
        "quick": lambda: ngettext("quick game: %(num)s round", "quick game: %(num)s rounds",
                                  d.get("rounds", 0)),
        "shape": lambda: _("schedule %(shape)s", shape=SHAPE_NAMES[d.get("shape", "up")]),
        "start": lambda: ngettext("smallest hand %(num)s card", "smallest hand %(num)s cards",
                                  d.get("start", 1)),
        "peak": lambda: (ngettext("largest hand %(num)s card", "largest hand %(num)s cards",
                                  d["peak"]) if d.get("peak")
                         else _("largest hand as big as the deck allows")),
        "peak-table": lambda: _("largest hand by players: %(table)s", table=", ".join(
            f"{players} → {peak}" for players, peak in d.get("table", ()))),
        "cards": lambda: _("cards per round: %(cards)s",
                           cards=" ".join(map(str, d.get("cards", ())))),
        "decks": lambda: _("two decks") if d.get("decks") == 2 else _("one deck"),
        "trump-method": lambda: _("trump: %(method)s",
                                  method=TRUMP_METHOD_NAMES[d.get("method", "turned-card")]),
        "cycle": lambda: _("trumps in this order: %(cycle)s",
                           cycle=cycle_text(d.get("cycle", ()))),
        "when-no-card-left": lambda: _("when no card is left: %(rule)s",
                                       rule=NO_CARD_LEFT_NAMES[d.get("rule", "no-trump")]),
        "no-trump-last-round": lambda: (_("no trump in the last round") if d.get("value")
                                        else _("trump in the last round too")),
        "named-by": lambda: _("trump: %(method)s", method=NAMED_BY_NAMES[d.get("value", "")]),
        "tie-break": lambda: str(TIE_BREAK_NAMES[d.get("value", "share")]),
        "zero-bid-limit": lambda: (
            ngettext("at most %(num)s 0 bid in a row", "at most %(num)s 0 bids in a row",
                     d.get("limit", 0)) if d.get("limit") else _("no limit on 0 bids in a row")),
        "last-round-dealer-card": lambda: (
            _("the dealer's last card sets the last round's trump") if d.get("value")
            else _("the last round's trump as in the other rounds")),
        "hook": lambda: _("hook rule %(hook)s",
                          hook=hook_text(d.get("mode", "on"), d.get("min_cards", 1))),
        "bidding": lambda: _("bidding %(style)s", style=BIDDING_NAMES[d.get("value", "in-turn")]),
        "must-trump": lambda: (_("must trump when out of the suit led") if d.get("value")
                               else _("no duty to trump")),
        "identical-cards": lambda: _("of two identical cards %(rule)s",
                                     rule=IDENTICAL_NAMES[d.get("value", "first-wins")]),
        "scoring": lambda: _("scoring: %(name)s", name=scoring_name(d["scoring"])),
        "revoke-penalty": lambda: _("revoke penalty: %(penalty)s",
                                    penalty=penalty_text(d["penalty"])),
    }
    word = words.get(change.kind)
    return word() if word else change.kind


def ruleset_lines(ruleset: Ruleset, sizes: list[int] | None = None,
                  summary: str | None = None) -> list[tuple[str, str]]:
    """Label and text for each part of the ruleset; ``summary`` first, when
    given (the preset and what the table adjusted)."""
    lines = []
    if summary:
        lines.append((_("Rules"), summary))
    if sizes:
        lines.append((_("Rounds"), rounds_text(sizes)))
    else:
        lines.append((_("Schedule"), str(SHAPE_NAMES[ruleset.schedule.shape])))
    lines.append((_("Trump"), trump_text(ruleset.trump)))
    hook = ruleset.hook_in_play  # none where everyone bids at once
    lines.append((_("Hook rule"), hook_text(hook.mode, hook.min_cards)))
    lines.append((_("Bidding"), str(BIDDING_NAMES[ruleset.bidding])))
    lines.append((_("Scoring"), scoring_name(ruleset.scoring)))
    lines.append((_("Must trump"), _("yes") if ruleset.must_trump else _("no")))
    decks = _("one deck") if ruleset.decks == 1 else _(
        "two decks; of two identical cards %(rule)s", rule=IDENTICAL_NAMES[ruleset.identical_cards])
    lines.append((_("Cards"), decks))
    lines.append((_("Revoke penalty"), penalty_text(ruleset.revoke_penalty)))
    return lines
