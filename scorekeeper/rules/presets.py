"""Named rule presets (docs/rules.md section 9): complete rulesets with stable names.

The table picks a preset and may adjust any part with :func:`dataclasses.replace`:

>>> import dataclasses
>>> preset = find_preset("piekielko")
>>> [plan.cards for plan in preset.plan(5)]
[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
>>> hooked = dataclasses.replace(preset.ruleset, hook=HookRule("on"))
>>> hooked.hook.mode
'on'
>>> find_preset("bridge")
Traceback (most recent call last):
...
scorekeeper.rules.errors.UnknownPreset: unknown preset: 'bridge'; known: cardgames, estonian, piekielko, planowanie
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .errors import InvalidRuleOption, InvalidSchedule, UnknownPreset
from .options import HookRule, ScheduleSpec, TrumpRule
from .ruleset import Ruleset
from .schedule import RoundPlan, plan_rounds
from .scoring import SCORING_PRESETS

__all__ = ["PRESETS", "Preset", "find_preset"]


@dataclass(frozen=True)
class Preset:
    """A named ruleset with the published source that backs it.

    ``source`` is the tag used in docs/rules.md (for example ``"[PL-planowanie]"``)
    and ``source_description`` says what that text is. ``summary`` is one or
    two plain sentences to show the table.

    >>> find_preset("estonian").supports(8)
    False
    """

    name: str
    title: str
    source: str
    source_description: str
    min_players: int
    max_players: int
    summary: str
    ruleset: Ruleset

    def __post_init__(self) -> None:
        if not 2 <= self.min_players <= self.max_players:
            raise InvalidRuleOption(
                "min_players", f"{self.min_players}..{self.max_players} is not a player range"
            )

    @property
    def source_tag(self) -> str:
        """Alias of :attr:`source`."""
        return self.source

    def supports(self, players: int) -> bool:
        """Whether the preset is meant for ``players`` players."""
        return self.min_players <= players <= self.max_players

    def plan(self, players: int) -> list[RoundPlan]:
        """:func:`~scorekeeper.rules.schedule.plan_rounds` for a supported player count.

        >>> len(find_preset("cardgames").plan(4))
        19
        >>> find_preset("planowanie").plan(5)
        Traceback (most recent call last):
        ...
        scorekeeper.rules.errors.InvalidSchedule: The planowanie preset is for 2 to 4 players, not 5; pick another preset or adjust its schedule.
        """
        if not self.supports(players):
            raise InvalidSchedule(
                f"The {self.name} preset is for {self.min_players} to {self.max_players} "
                f"players, not {players}; pick another preset or adjust its schedule.",
                kind="preset-players", preset=self.name, min_players=self.min_players,
                max_players=self.max_players, players=players,
            )
        return plan_rounds(self.ruleset, players)


_STANDARD = SCORING_PRESETS["standard"]

PRESETS: Final[dict[str, Preset]] = {
    preset.name: preset
    for preset in (
        Preset(
            name="planowanie",
            title="Planowanie",
            source="[PL-planowanie]",
            source_description='A Polish beginners\' guide, "Planowanie" (2-4 players).',
            min_players=2,
            max_players=4,
            summary=(
                "Hands go down from 13 cards to 1 (from 17 with 2 or 3 players); the "
                "turned-up card sets trump, with no trump when every card is dealt. The "
                "dealer may not bid so that the bids add up to the tricks, and an exact "
                "bid scores 10 plus the bid."
            ),
            ruleset=Ruleset(
                schedule=ScheduleSpec("down", peak_by_players={2: 17, 3: 17, 4: 13}),
                trump=TrumpRule("turned-card", when_no_card_left="no-trump"),
                hook=HookRule("on"),
                scoring=_STANDARD,
            ),
        ),
        Preset(
            name="piekielko",
            title="Piekiełko",
            source="[PL-piekielko]",
            source_description='A Polish essay, "Piekiełko" (3-7 players), with a list of variants.',
            min_players=3,
            max_players=7,
            summary=(
                "Hands go up from 1 card to as many as the deck allows (13 with 4 "
                "players, 10 with 5); the turned-up card sets trump, and the last round "
                "has no trump. Any bid is allowed, and an exact bid scores 10 plus the bid."
            ),
            ruleset=Ruleset(
                schedule=ScheduleSpec("up"),
                trump=TrumpRule("turned-card", no_trump_last_round=True),
                hook=HookRule("off"),
                scoring=_STANDARD,
            ),
        ),
        Preset(
            name="cardgames",
            title="Oh Hell, 10 to 1 to 10",
            source="[PL-cardgames]",
            source_description=(
                "The Polish rules page of an online card-games site (4 players, 10-1-10)."
            ),
            min_players=3,
            # docs/rules.md lists 3-7, but 10 cards each needs 60 cards for 6 players:
            # one deck only fits the 10-1-10 schedule up to 5 players.
            max_players=5,
            summary=(
                "Hands go down from 10 cards to 1 and back up to 10, 19 rounds; the "
                "turned-up card sets trump. The dealer may not bid so that the bids add "
                "up to the tricks; every trick scores 1 point, and an exact bid 10 more."
            ),
            ruleset=Ruleset(
                schedule=ScheduleSpec("down-up", peak=10),
                trump=TrumpRule("turned-card"),
                hook=HookRule("on"),
                scoring=SCORING_PRESETS["trick-points"],
            ),
        ),
        Preset(
            name="estonian",
            title="Estonian rules",
            source="[ET-full]",
            source_description="An Estonian full rules page (3-7 players) with variations.",
            min_players=3,
            max_players=7,
            summary=(
                "Hands go up from 1 card to 15, 13, 10, 8 or 7 cards for 3 to 7 players; "
                "the turned-up card sets trump, and the last round has no trump. Any bid "
                "is allowed, and an exact bid scores 10 plus the bid."
            ),
            ruleset=Ruleset(
                schedule=ScheduleSpec(
                    "up", peak_by_players={3: 15, 4: 13, 5: 10, 6: 8, 7: 7}
                ),
                trump=TrumpRule("turned-card", no_trump_last_round=True),
                hook=HookRule("off"),
                scoring=_STANDARD,
            ),
        ),
    )
}
"""The rule presets by name. The names are stable: games store them."""


def find_preset(name: str) -> Preset:
    """Return the preset called ``name``.

    >>> find_preset("cardgames").ruleset.scoring.name
    'trick-points'
    """
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(PRESETS))
        raise UnknownPreset(f"unknown preset: {name!r}; known: {known}") from None
