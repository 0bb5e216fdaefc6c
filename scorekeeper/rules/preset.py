"""What a named preset is (docs/rules.md section 9): a complete ruleset with the
published source that backs it, the players it is meant for, and the variants
its source offers. The presets themselves are :mod:`scorekeeper.rules.presets`.

A preset keeps its word: planned for a number of players outside its range
with its own schedule and decks, it refuses, saying which variants of its own
would fit (:meth:`Preset.check_players`). A table that adjusts the schedule or
the decks has made the game its own, and may play it with any number.

>>> from scorekeeper.rules.presets import find_preset
>>> preset = find_preset("cardgames")
>>> preset.check_players(6, preset.ruleset)
Traceback (most recent call last):
...
scorekeeper.rules.errors.InvalidSchedule: The cardgames preset is for 3 to 5 players, not 6; pick another preset or adjust its schedule or decks.
>>> preset.check_players(6, preset.variant("two-decks").apply(preset.ruleset))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import InvalidRuleOption, InvalidSchedule, UnknownPreset
from .ruleset import Ruleset
from .schedule import RoundPlan, plan_rounds

__all__ = ["Preset", "Variant"]

#: The parts of a ruleset whose change lets a preset play outside its player range.
DEALING_PARTS = ("schedule", "decks")


def _pairs(changes: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    items = changes.items() if isinstance(changes, Mapping) else changes
    known = {f.name for f in dataclasses.fields(Ruleset)}
    pairs = tuple(items)
    for name, _value in pairs:
        if name not in known:
            raise InvalidRuleOption("changes", f"{name!r} is not a part of a ruleset")
    return pairs


@dataclass(frozen=True)
class Variant:
    """A variant a preset's source names: a few parts of the ruleset replaced.

    ``title`` names it and ``reason`` says in a sentence why a table would
    choose it (plain English; the web edge words both again). It is offered
    for ``min_players`` to ``max_players``; ``None`` means as its preset is
    (see :meth:`Preset.variant_range`). A variant with a range of its own
    beyond its preset's is a way to play the preset with more or fewer
    players. ``changes`` maps ruleset parts to their new values (a mapping
    is accepted; it is kept as pairs).

    >>> v = Variant("decks", "Two decks", "[PL-piekielko]", "For 6 or 7 players.",
    ...             changes={"decks": 2}, min_players=6, max_players=7)
    >>> v.apply(Ruleset()).decks
    2
    """

    name: str
    title: str
    source: str
    reason: str
    changes: tuple[tuple[str, Any], ...]
    min_players: int | None = None
    max_players: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "changes", _pairs(self.changes))

    @property
    def has_own_range(self) -> bool:
        """Whether the variant names the players it is for (not just its preset's)."""
        return self.min_players is not None or self.max_players is not None

    def apply(self, ruleset: Ruleset) -> Ruleset:
        """``ruleset`` with this variant's parts replaced (validated again)."""
        return dataclasses.replace(ruleset, **dict(self.changes))

    @property
    def changes_dealing(self) -> bool:
        """Whether the variant changes the schedule or the decks."""
        return any(name in DEALING_PARTS for name, _value in self.changes)


@dataclass(frozen=True)
class Preset:
    """A named ruleset with the published source that backs it.

    ``source`` is the tag used in docs/rules.md (for example ``"[PL-planowanie]"``),
    ``source_description`` says what that text is and ``address`` where it can
    be read (empty for the texts known only by their description).
    ``summary`` is one or two plain sentences to show the table.

    >>> from scorekeeper.rules.presets import find_preset
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
    address: str = ""
    variants: tuple[Variant, ...] = ()

    def __post_init__(self) -> None:
        if not 2 <= self.min_players <= self.max_players:
            raise InvalidRuleOption(
                "min_players", f"{self.min_players}..{self.max_players} is not a player range"
            )
        object.__setattr__(self, "variants", tuple(self.variants))

    def supports(self, players: int) -> bool:
        """Whether the preset is meant for ``players`` players."""
        return self.min_players <= players <= self.max_players

    def variant(self, name: str) -> Variant:
        """The variant called ``name``.

        >>> from scorekeeper.rules.presets import find_preset
        >>> find_preset("planowanie").variant("from-17").title
        'Start at 17 cards'
        >>> find_preset("planowanie").variant("sideways")
        Traceback (most recent call last):
        ...
        scorekeeper.rules.errors.UnknownPreset: planowanie has no variant 'sideways'; its variants: from-17, down-then-up
        """
        for variant in self.variants:
            if variant.name == name:
                return variant
        known = ", ".join(v.name for v in self.variants) or "none"
        raise UnknownPreset(f"{self.name} has no variant {name!r}; its variants: {known}",
                            kind="unknown-variant", preset=self.name, variant=name)

    def variant_range(self, variant: Variant) -> tuple[int, int]:
        """The players ``variant`` is offered for: its own range, or this preset's."""
        low = self.min_players if variant.min_players is None else variant.min_players
        high = self.max_players if variant.max_players is None else variant.max_players
        return low, high

    def offers(self, variant: Variant, players: int) -> bool:
        """Whether ``variant`` is offered for ``players`` players."""
        low, high = self.variant_range(variant)
        return low <= players <= high

    def variants_for(self, players: int) -> list[Variant]:
        """The variants offered for ``players`` players."""
        return [v for v in self.variants if self.offers(v, players)]

    def deals_as_published(self, ruleset: Ruleset) -> bool:
        """Whether ``ruleset`` deals as the preset does: the same schedule and decks."""
        return all(getattr(ruleset, part) == getattr(self.ruleset, part) for part in DEALING_PARTS)

    def check_players(self, players: int, ruleset: Ruleset, fits: Iterable[str] = ()) -> None:
        """Refuse ``players`` outside the range when ``ruleset`` deals as published.

        ``fits`` names the presets that are meant for this many players (see
        :func:`scorekeeper.rules.presets.presets_for`); the error carries them,
        and the variants of this preset with a range of their own that deal
        this many players (``ways``).

        :raise InvalidSchedule: kind ``"preset-players"``.
        """
        if self.supports(players) or not self.deals_as_published(ruleset):
            return
        raise InvalidSchedule(
            f"The {self.name} preset is for {self.min_players} to {self.max_players} "
            f"players, not {players}; pick another preset or adjust its schedule or decks.",
            kind="preset-players", preset=self.name, min_players=self.min_players,
            max_players=self.max_players, players=players, fits=tuple(fits),
            ways=tuple(v.name for v in self.variants_for(players)
                       if v.has_own_range and v.changes_dealing
                       and self._deals(v.apply(self.ruleset), players)),
        )

    @staticmethod
    def _deals(ruleset: Ruleset, players: int) -> bool:
        """Whether ``ruleset`` can deal every round to ``players``."""
        try:
            plan_rounds(ruleset, players)
        except InvalidSchedule:
            return False
        return True

    def plan(self, players: int, ruleset: Ruleset | None = None) -> list[RoundPlan]:
        """:func:`~scorekeeper.rules.schedule.plan_rounds` for ``ruleset`` (the
        preset's own by default), after :meth:`check_players`.

        >>> from scorekeeper.rules.presets import find_preset
        >>> len(find_preset("cardgames").plan(4))
        19
        >>> find_preset("planowanie").plan(5)
        Traceback (most recent call last):
        ...
        scorekeeper.rules.errors.InvalidSchedule: The planowanie preset is for 2 to 4 players, not 5; pick another preset or adjust its schedule or decks.
        """
        ruleset = self.ruleset if ruleset is None else ruleset
        self.check_players(players, ruleset)
        return plan_rounds(ruleset, players)
