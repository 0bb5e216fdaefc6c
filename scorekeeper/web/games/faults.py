"""Where a refused set-up points: each field to fix, the first of them to put
the keyboard on, and the folds to open for them.

A refusal opens only its own part of the page (the adjustments stay folded
unless a mistake is in them) and comes back with the first field to fix
focused by ``autofocus``, so no script is needed. Each rules error the engine
raises at set-up is shown beside the field it points at (:data:`RULES_FIELDS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules import RulesError, UnknownPreset
from .forms import ADJUSTMENTS, SetupForm

#: The folds of the set-up page a field can sit in.
ADJUST = "adjust"
ABOUT = "about"

#: The field each kind of rules error points at (one the table can change to fix it).
RULES_FIELDS = {
    "too-few-players": "players",
    "too-many-players": "players",
    "preset-players": "preset",
    "variant-players": "variant",
    "unknown-variant": "variant",
    "bad-decks": "decks",
    "empty-schedule": "custom",
    "not-whole-cards": "custom",
    "round-too-small": "custom",
    "round-too-large": "peak",
    "peak-too-large": "peak",
    "start-above-peak": "start",
    "peak-below-start": "peak",
    "empty-cycle": "trump_cycle",
    "two-zero-bid-rules": "zero_bid",
}


@dataclass(frozen=True)
class Fault:
    """A field to fix: its name in the form, the id of the element to focus
    and the fold it sits in (None: always shown)."""

    name: str
    target: str
    fold: str | None


def rules_field(form: SetupForm, error: RulesError) -> str:
    """The name of the field a rules error points at; the schedule's own list
    when the table typed one, the first adjustment otherwise."""
    name = RULES_FIELDS.get(error.kind or "", ADJUSTMENTS[0])
    if name in ("peak", "start") and form.custom.data:
        return "custom"
    return name


def blame(form: SetupForm, name: str, message: str) -> None:
    """Show ``message`` beside the field ``name`` (after the form validated)."""
    field = getattr(form, name)
    field.errors = [*field.errors, message]


def faults(form: SetupForm) -> list[Fault]:
    """Every field in error, in the order the page shows them."""
    found = []
    if form.players.errors:
        entries = [i for i, f in enumerate(form.players) if f.errors]
        seat = entries[0] if entries else form.faulty_seat
        found.append(Fault("players", f"players-{seat}", None))
    if form.first_dealer.errors:
        found.append(Fault("first_dealer", form.first_dealer.id, None))
    if form.preset.errors:
        found.append(Fault("preset", f"preset-{form.preset.data}", preset_fold(form)))
    if form.variant.errors:
        found.append(Fault("variant", f"variant-{form.variant.data or 'none'}", ABOUT))
    found += [Fault(name, getattr(form, name).id, ADJUST)
              for name in ADJUSTMENTS if getattr(form, name).errors]
    found += [Fault(name, getattr(form, name).id, ADJUST)
              for name in ("stake", "stake_symbol") if getattr(form, name).errors]
    return found


def preset_fold(form: SetupForm) -> str | None:
    """A refused preset opens its variants when one of them seats the table."""
    try:
        preset = form.chosen_preset()
    except UnknownPreset:
        return None
    return ABOUT if preset.variants_for(len(form.names())) else None


__all__ = ["ABOUT", "ADJUST", "Fault", "blame", "faults", "rules_field"]
