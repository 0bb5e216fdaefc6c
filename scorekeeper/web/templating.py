"""Helpers that every template may use."""

from __future__ import annotations

from flask import Flask, request
from flask_babel import format_date, format_datetime, format_decimal

from ..config import LANGUAGE_NAMES
from ..rules.numbers import whole_from_text
from .language import current_lang
from .responses import author
from .wording.game import duration_text
from .wording.cards import card_label, card_name, rank_label, suit_name, suit_symbol, trump_label
from .wording.presets import (
    preset_line, preset_summary, preset_title, presets_in_order, rules_summary, variant_reason,
    variant_title,
)
from .wording.money import money, stake_input
from .wording.ruleset import ruleset_lines


def here() -> str:
    """The path of this page, for forms that come back to it (the language switcher)."""
    if request.method == "GET":
        return request.full_path.rstrip("?")
    return request.path


def register_template_helpers(app: Flask) -> None:
    app.jinja_env.globals.update(
        suit_symbol=suit_symbol, suit_name=suit_name, trump_label=trump_label, current_lang=current_lang, ruleset_lines=ruleset_lines,
        format_date=format_date, format_datetime=format_datetime, format_decimal=format_decimal, card_label=card_label, card_name=card_name,
        rank_label=rank_label, preset_title=preset_title, preset_summary=preset_summary,
        preset_line=preset_line, presets_in_order=presets_in_order,
        rules_summary=rules_summary, variant_title=variant_title, variant_reason=variant_reason,
        language_names=LANGUAGE_NAMES, here=here, duration_text=duration_text,
        device_author=author, whole_from_text=whole_from_text, money=money,
        stake_input=stake_input,
    )
