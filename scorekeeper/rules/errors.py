"""The errors the rules engine raises.

Every error is a :class:`ValueError`, so a caller that only wants to show the
message can catch ``ValueError``; a caller that wants to react to one kind of
mistake catches its subclass.
"""


class RulesError(ValueError):
    """Base class of every error the rules engine raises.

    The message is plain English. ``kind`` names the mistake and ``details``
    holds the values the message quotes, so that a caller can word it again
    (in another language, for instance) without parsing the message:

    >>> error = RulesError("Round 2 deals 0 cards.", kind="round-too-small", round=2, cards=0)
    >>> error.kind, error.details
    ('round-too-small', {'round': 2, 'cards': 0})
    >>> RulesError("plain").kind is None
    True
    """

    def __init__(self, message: str = "", *, kind: str | None = None, **details: object) -> None:
        super().__init__(message)
        self.kind = kind
        self.details = details


class InvalidCard(RulesError):
    """A card, rank or suit could not be read."""


class InvalidRuleset(RulesError):
    """A ruleset (or one of its parts) is inconsistent or unknown."""


class UnknownPreset(InvalidRuleset):
    """No rule or scoring preset has the given name."""


class InvalidSchedule(InvalidRuleset):
    """A round schedule cannot be played with this deck and player count."""


class InvalidBid(RulesError):
    """A bid is out of range or is the dealer's forbidden bid."""


class InvalidTricks(RulesError):
    """Trick counts are out of range or do not add up to the hand size."""


class MalformedRecord(RulesError):
    """A hand record does not follow docs/hand-record.md.

    ``field`` names the offending field (for example ``"plays[2][1]"``).
    """

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


class InvalidRuleOption(InvalidRuleset):
    """One option of a ruleset has a value that is not allowed.

    ``field`` is the dotted path of the option (for example
    ``"schedule.shape"``), so a form can show the message next to it.
    """

    def __init__(
        self, field: str, reason: str, *, kind: str | None = None, **details: object
    ) -> None:
        super().__init__(f"{field}: {reason}", kind=kind, **details)
        self.field = field
        self.reason = reason


class InvalidSeat(RulesError):
    """A seat number is out of range, or a seat that must play is absent."""
