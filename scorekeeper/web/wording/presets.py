"""The named presets and their variants in the page's language: each one's
name, its summary, its variants with their reasons, and a game's rules summed
up as "<preset>, adjusted: …" for the set-up screen, the standings page and
the exports."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...rules import Adjustment, Preset, Ruleset, Variant, adjustments, find_preset
from ...rules.errors import UnknownPreset
from .ruleset import adjustment_text

#: Each preset's name and summary as the table says them. The rules engine
#: keeps its English ``title`` and ``summary``; a preset missing here shows those.
PRESET_TITLES = {
    "planowanie": _l("Planowanie"),
    "piekielko": _l("Piekiełko"),
    "cardgames": _l("Oh Hell, 10 to 1 to 10"),
    "estonian": _l("Estonian rules"),
    "ohhell": _l("Oh Hell"),
    "nomination-whist": _l("Nomination Whist"),
    "contract-whist": _l("Contract Whist"),
    "kachuful": _l("Kachuful (Judgement)"),
}
PRESET_SUMMARIES = {
    "planowanie": _l(
        "Hands go down from 13 cards to 1; the turned-up card sets trump, with no trump when "
        "every card is dealt. The dealer may not bid so that the bids add up to the tricks, "
        "and an exact bid scores 10 plus the bid."
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
    "ohhell": _l(
        "Hands go down from 10 cards to 1 and back up (from 8 with 6 players, from 7 with 7); "
        "the turned-up card sets trump. The dealer may not bid so that the bids add up to the "
        "tricks; an exact bid scores 10 plus the bid, and a missed bid loses 1 point for each "
        "trick over or under."
    ),
    "nomination-whist": _l(
        "Hands go down from 10 cards to 1 and back up (from 8 with 6 players); trumps follow "
        "a fixed order by round: spades, hearts, clubs, diamonds, no trump. The last bidder "
        "may not make the bids add up to the tricks; every trick scores 1 point, and an exact "
        "bid 10 more."
    ),
    "contract-whist": _l(
        "Hands go down from 13 cards to 1, 13 hands; trumps follow a fixed order by round: "
        "hearts, diamonds, clubs, spades, no trump. The last bidder may not make the bids add "
        "up to the tricks; every trick scores 1 point, and an exact bid 10 more."
    ),
    "kachuful": _l(
        "Hands go up from 1 card to as many as the deck allows (8 with 6 players); trumps "
        "follow a fixed order by round: spades, diamonds, clubs, hearts. The last bidder may "
        "not make the bids add up to the tricks, and an exact bid scores 10 plus the bid."
    ),
}
#: Each preset in one short line for the set-up list, as players tell the games
#: apart: the hands, the bidding or the trumps, the scoring. The summary above
#: is shown on demand.
PRESET_LINES = {
    "planowanie": _l("13 → 1 · hook rule · 10 + bid"),
    "piekielko": _l("Up from 1 · any bid · 10 + bid"),
    "cardgames": _l("10 → 1 → 10 · hook rule · tricks + 10"),
    "estonian": _l("Up from 1 · any bid · 10 + bid"),
    "ohhell": _l("10 → 1 → 10 · hook rule · 10 + bid, minus a miss"),
    "nomination-whist": _l("10 → 1 → 10 · trumps in a set order"),
    "contract-whist": _l("13 → 1 · trumps in a set order"),
    "kachuful": _l("Up from 1 · trumps ♠ ♦ ♣ ♥ in turn"),
}
#: Each variant's name and why a table would choose it, by (preset, variant).
VARIANT_TITLES = {
    ("planowanie", "from-17"): _l("Start at 17 cards"),
    ("planowanie", "down-then-up"): _l("Back up after the 1-card round"),
    ("piekielko", "last-card-trump"): _l("The last card dealt sets the last round's trump"),
    ("piekielko", "long-match"): _l("Long match: up to all the cards, then down"),
    ("piekielko", "from-all-cards"): _l("Down from all the cards"),
    ("piekielko", "named-trump"): _l("Trump named by a player"),
    ("cardgames", "two-decks"): _l("Two decks for 6 or 7 players"),
    ("cardgames", "one-deck-capped"): _l("One deck, topping out at 8 or 7 cards"),
    ("estonian", "hook"): _l("With the hook rule"),
    ("estonian", "simultaneous"): _l("Everyone bids at once"),
    ("estonian", "la-podrida"): _l("La Podrida: trump when out of the suit led"),
    ("estonian", "zero-bonus-hand"): _l("A made 0 scores 5 plus the cards in hand"),
    ("ohhell", "wikipedia-basic"): _l("Wikipedia's basic scoring: 1 a trick, 10 more when exact"),
    ("contract-whist", "navy-order"): _l("Trumps hearts, clubs, diamonds, spades, no trump"),
    ("contract-whist", "deck-allows"): _l("5 to 7 players: as many cards as the deck deals"),
    ("piekielko", "named-by-leader"): _l("Trump named by the player who leads"),
    ("piekielko", "named-by-highest-bidder"): _l("Trump named by the highest bidder"),
    ("piekielko", "hook"): _l("With the hook rule"),
    ("piekielko", "under-penalty"): _l("Minus 1 a trick short"),
    ("piekielko", "difference-penalty"): _l("Minus the difference"),
    ("piekielko", "progressive-misses"): _l("Penalty points that grow"),
    ("piekielko", "two-decks"): _l("Two decks for 6 or 7 players"),
    ("estonian", "trick-points"): _l("1 point a trick, 10 more when exact"),
    ("estonian", "up-down"): _l("Up to the largest hand, then down"),
    ("estonian", "down-up"): _l("Down from the largest hand, then up"),
    ("ohhell", "squares"): _l("Squares: 10 + the bid squared, minus the miss squared"),
    ("ohhell", "exact-penalty"): _l("A missed bid loses the bid"),
    ("ohhell", "ten-times"): _l("10 times the bid when exact"),
    ("ohhell", "ten-times-penalty"): _l("10 times the bid, won or lost"),
    ("ohhell", "ten-times-zero-five"): _l("10 times the bid, and a 0 bid worth 5"),
    ("ohhell", "cut-for-trump"): _l("Trump by cutting the pack"),
    ("ohhell", "extra-hands"): _l("A tie for first plays further hands"),
    ("kachuful", "zero-limit"): _l("No one bids 0 more than 5 times in a row"),
    ("kachuful", "times-ten"): _l("The bid with a 0 appended"),
    ("kachuful", "no-trump-round"): _l("A no-trump round after hearts"),
    ("kachuful", "fingers"): _l("Everyone bids at once, with fingers"),
}
VARIANT_REASONS = {
    ("planowanie", "from-17"): _l(
        "With 2 or 3 players the guide lets the table agree to start at 17 cards."),
    ("planowanie", "down-then-up"): _l(
        "The guide allows climbing back up once the 1-card round is played, if the table "
        "agrees before the game."),
    ("piekielko", "last-card-trump"): _l(
        "Instead of a last round without trump, the suit of the dealer's own last card is "
        "trump, however many play."),
    ("piekielko", "long-match"): _l(
        "The essay's long match climbs to the biggest hand and comes back down."),
    ("piekielko", "from-all-cards"): _l("The essay also plays the schedule the other way round."),
    ("piekielko", "named-trump"): _l("A player names trump instead of a turned card."),
    ("cardgames", "two-decks"): _l(
        "Ten cards each needs 60 or 70 cards; two decks shuffled together (104 cards) keep "
        "the 10-1-10 game whole."),
    ("cardgames", "one-deck-capped"): _l(
        "The same down-and-up shape with one deck: 8 cards at the top for 6 players and 7 for "
        "7, as much as 52 cards deal."),
    ("estonian", "hook"): _l("The page lists the hook rule as an option."),
    ("estonian", "simultaneous"): _l(
        "Bids shown with fingers on a count of three; nobody bids last."),
    ("estonian", "la-podrida"): _l(
        "A player who cannot follow suit must play a trump if they have one."),
    ("estonian", "zero-bonus-hand"): _l(
        "A scoring variation of the page that pays more for a made 0 in big hands."),
    ("ohhell", "wikipedia-basic"): _l(
        "Every trick scores 1 point and an exact bid 10 more, as Wikipedia's \"basic scoring\" "
        "gives it."),
    ("contract-whist", "navy-order"): _l(
        "The order a Royal Navy score sheet of the game marks: H, C, D, S, NT."),
    ("contract-whist", "deck-allows"): _l(
        "13 cards each fit one deck for up to 4 players; a bigger table starts from the largest "
        "hand the deck deals (10, 8 or 7) and goes down to 1."),
    ("piekielko", "named-by-leader"): _l(
        "The player who leads the first trick names trump."),
    ("piekielko", "named-by-highest-bidder"): _l(
        "Once the bids are in, the player who bid the most names trump."),
    ("piekielko", "hook"): _l(
        "The essay lists the hook rule as a variant: the dealer may not make the bids add up "
        "to the tricks."),
    ("piekielko", "under-penalty"): _l(
        "A bid missed by taking too few tricks loses a point for each trick short."),
    ("piekielko", "difference-penalty"): _l(
        "A missed bid loses a point for each trick over or under."),
    ("piekielko", "progressive-misses"): _l(
        "Only misses count: a player's first miss costs 1, the second 2, and so on; the "
        "lowest total wins."),
    ("piekielko", "two-decks"): _l(
        "The essay shuffles two decks together for 6 or 7 players, so the hands climb higher."),
    ("estonian", "trick-points"): _l(
        "A scoring variation of the page: every trick counts, the exact bid 10 more."),
    ("estonian", "up-down"): _l(
        "The page's schedule there and back: 1 up to the largest hand and down to 1 again."),
    ("estonian", "down-up"): _l(
        "The page's schedule the other way: from the largest hand down to 1 and back up."),
    ("ohhell", "squares"): _l(
        "A variation of the page: an exact bid scores 10 plus its square, a miss loses the "
        "square of the difference."),
    ("ohhell", "exact-penalty"): _l(
        "Exact scoring with penalty: 10 plus the bid when exact; missing a 3 bid scores -3, "
        "missing a 0 scores 0."),
    ("ohhell", "ten-times"): _l(
        "A made 4 scores 40, a missed bid nothing."),
    ("ohhell", "ten-times-penalty"): _l(
        "A made 4 scores 40, a missed 4 loses 40."),
    ("ohhell", "ten-times-zero-five"): _l(
        "As 10 times the bid, won or lost; a 0 bid scores 5 when no trick is taken and loses "
        "5 when one is."),
    ("ohhell", "cut-for-trump"): _l(
        "Instead of turning up the next card, a cut of the pack shows the trump suit."),
    ("ohhell", "extra-hands"): _l(
        "When the best total is shared after the last round, one more hand at the largest "
        "deal is played, and so on until one player leads."),
    ("kachuful", "zero-limit"): _l(
        "With more than 5 players, the article bars a sixth 0 bid in a row: the sixth must be "
        "at least 1."),
    ("kachuful", "times-ten"): _l(
        "Many tables score a made bid as ten times the bid (3 makes 30), and a made 0 as 10."),
    ("kachuful", "no-trump-round"): _l(
        "An earlier text of the article adds a fifth round without trump before the cycle "
        "starts again."),
    ("kachuful", "fingers"): _l(
        "The other bidding convention the article names; nobody bids last."),
}


#: The preset a new game starts from, by the reader's language: the one its
#: players know (Planowanie in Polish, the Estonian page's rules in Estonian,
#: Kachuful for a Hindi table). German, French, Spanish, Italian and Portuguese
#: tables have no preset from a text in their language: they get Oh Hell as
#: pagat.com gives it, the international reference (the Spanish "La Podrida"
#: rule of trumping is the Estonian rules' variant). English keeps the 10-1-10 game.
DEFAULT_PRESETS = {
    "en": "cardgames", "pl": "planowanie", "et": "estonian", "hi": "kachuful",
    "de": "ohhell", "fr": "ohhell", "es": "ohhell", "it": "ohhell", "pt": "ohhell",
}


def default_preset() -> str:
    """The preset the set-up form starts with, for the page's language."""
    from ..language import current_lang  # (the server's: the phone draws no set-up form)

    return DEFAULT_PRESETS.get(current_lang(), "cardgames")


def preset_title(preset: Preset | str) -> str:
    """The preset's name in the page's language (Planowanie, Do diabła, ...)."""
    if isinstance(preset, str):
        try:
            preset = find_preset(preset)
        except UnknownPreset:
            return preset
    return str(PRESET_TITLES.get(preset.name, preset.title))


def preset_summary(preset: Preset) -> str:
    """The preset in one or two sentences, in the page's language."""
    return str(PRESET_SUMMARIES.get(preset.name, preset.summary))


def preset_line(preset: Preset) -> str:
    """The preset in one short line for the set-up list; its summary where it has none."""
    return str(PRESET_LINES.get(preset.name, preset.summary))


def presets_in_order(presets: dict[str, Preset]) -> list[Preset]:
    """The presets as the set-up lists them: this language's usual one first."""
    usual = default_preset()
    return sorted(presets.values(), key=lambda preset: preset.name != usual)


def variant_title(preset: Preset, variant: Variant) -> str:
    return str(VARIANT_TITLES.get((preset.name, variant.name), variant.title))


def variant_reason(preset: Preset, variant: Variant) -> str:
    return str(VARIANT_REASONS.get((preset.name, variant.name), variant.reason))


def rules_summary(preset_name: str, ruleset: Ruleset) -> str:
    """ "Planowanie" as published, "Planowanie: Start at 17 cards" with a variant,
    or "Planowanie, adjusted: two decks; …"."""
    try:
        preset = find_preset(preset_name)
    except UnknownPreset:
        return preset_name
    changes = adjustments(preset, ruleset)
    title = preset_title(preset)
    if changes and changes[0].kind == "variant":
        # A variant is the preset as its source offers it: named, not "adjusted".
        title = _("%(preset)s: %(variant)s", preset=title,
                  variant=change_text(preset, changes[0]))
        changes = changes[1:]
    if not changes:
        return title
    return _("%(preset)s, adjusted: %(changes)s", preset=title,
             changes="; ".join(change_text(preset, change) for change in changes))


def change_text(preset: Preset, change: Adjustment) -> str:
    """One change a table made to ``preset``, in words (a variant by its name)."""
    if change.kind == "variant":
        return variant_title(preset, preset.variant(change.details["variant"]))
    return adjustment_text(change)
