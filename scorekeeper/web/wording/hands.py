"""The hand recorder's verdict and import problems in the page's language."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ...game import ImportProblem
from ...game.hand import Flag
from ...rules import RevokePenalty
from .cards import card_label, suit_name
from .ruleset import SOURCE_NAMES, penalty_text

#: Each rule a play can break, by its short name.
RULE_NAMES = {
    "revoke": _l("revoke"),
    "must-trump": _l("must trump"),
    "not-in-hand": _l("card not in hand"),
    "played-twice": _l("card played twice"),
    "wrong-count": _l("wrong number of cards"),
}


def rule_name(rule: str) -> str:
    return str(RULE_NAMES[rule])


def flag_text(flag: Flag) -> str:
    """A violation in words a player understands."""
    values = {"trick": flag.trick, "name": flag.name,
              "card": card_label(str(flag.card)) if flag.card else ""}
    if flag.rule == "revoke":
        # The suit stands after a label, as it does mid-sentence in most languages:
        # its name is never capitalised here.
        text = _("Trick %(trick)s, %(name)s: did not follow suit. Suit led: %(suit)s; "
                 "%(card)s played while holding %(held)s.",
                 suit=suit_name(flag.led.value), held=card_label(str(flag.held)), **values)
    elif flag.rule == "must-trump":
        text = _("Trick %(trick)s, %(name)s: no %(suit)s to follow, the trump %(held)s in "
                 "hand, and %(card)s played. With these rules a player who cannot follow "
                 "suit must trump.",
                 suit=suit_name(flag.led.value), held=card_label(str(flag.held)), **values)
    elif flag.rule == "not-in-hand":
        return _("Trick %(trick)s, %(name)s: %(card)s, which is not in the hand dealt.",
                 **values)
    elif flag.rule == "played-twice":
        return _("Trick %(trick)s, %(name)s: %(card)s, but every copy of that card had "
                 "already been played.", **values)
    else:
        return _("Trick %(trick)s, %(name)s: a different number of cards played from the "
                 "hand dealt.", **values)
    if flag.later is not None:
        text += " " + _("%(name)s: %(held)s played later, in trick %(later)s.",
                        name=flag.name, held=card_label(str(flag.held)), later=flag.later)
    return text


#: Why an imported hand record was refused, by the problem's kind.
PROBLEM_MESSAGES = {
    "empty": _l("The file or the pasted text is empty."),
    "not-json-at": _l("This is not valid JSON: %(msg)s (line %(line)s, column %(col)s)."),
    "not-json": _l("This is not valid JSON."),
    "not-playing": _l("%(name)s does not play round %(number)s."),
    "left-out": _l("The record leaves out %(names)s, who play round %(number)s."),
    "other-dealer": _l("%(name)s deals round %(number)s, not %(other)s."),
    "other-order": _l("The players sit in another order than in this game: %(order)s."),
    "other-trump": _l("Round %(number)s is played with %(trump)s, not %(other)s."),
    "unfinished-trick": _l("Only the last trick may be unfinished: this one has %(count)s "
                           "cards for %(players)s players."),
    "other-must-trump": _l("The record's must-trump rule differs from this game's."),
}


def problem_text(problem: ImportProblem) -> str:
    """Why an imported hand record was refused, in words."""
    d = dict(problem.details)
    kind = problem.kind
    if kind == "malformed":
        return d["reason"]  # the rules engine's own words (see docs/hand-record.md)
    if kind == "too-many-tricks":
        return ngettext(
            "The record has %(num)s trick, but round %(number)s deals %(cards)s cards each.",
            "The record has %(num)s tricks, but round %(number)s deals %(cards)s cards each.",
            d["num"], number=d["number"], cards=d["cards"])
    if kind == "hand-size":
        return ngettext(
            "Round %(number)s deals %(cards)s cards each, but this hand has %(num)s.",
            "Round %(number)s deals %(cards)s cards each, but this hand has %(num)s.",
            d["num"], number=d["number"], cards=d["cards"])
    if kind == "other-decks":
        return ngettext("This game is played with %(num)s deck, not %(other)s.",
                        "This game is played with %(num)s decks, not %(other)s.",
                        d["num"], other=d["other"])
    if kind == "other-trump":
        d["trump"], d["other"] = suit_name(d["trump"]), suit_name(d["other"])
    return str(PROBLEM_MESSAGES[kind]) % d


def source_name(source: str | None) -> str:
    """Where a penalty comes from: a published text by name, or the table's own rule."""
    if source is None:
        return _("the rules of this game")
    return str(SOURCE_NAMES.get(source, source))


def penalty_reason(number: int, trick: int, penalty: RevokePenalty, source: str | None) -> str:
    """The reason a revoke's penalty shows in the grid, the history and the export."""
    return _("Revoke in round %(number)s, trick %(trick)s: %(penalty)s (%(source)s)",
             number=number, trick=trick, penalty=penalty_text(penalty),
             source=source_name(source))
