"""The named rule presets (docs/rules.md section 9), each with its published
source, and planning a game from one.

Each preset's rules, rule by rule, with its source and the passage (a few
quoted words) or "our choice" and why, are the table "Each preset's rules, as
its source says them" in docs/rules.md section 9, which
tests/rules/test_preset_sources.py checks row by row against these presets;
the comments below cite the passages behind the rules issue 30 changed.

Most of its length is the presets themselves (the ``PRESETS`` table, each
rule beside the words of its source); the code is the few functions that
find a preset and plan a game from it. It stays one module so that a
preset's rules, their citations and its planning are read in one place.

The table picks a preset, may pick one of its variants, and may adjust any part
with :func:`dataclasses.replace`:

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
scorekeeper.rules.errors.UnknownPreset: unknown preset: 'bridge'; known: cardgames, contract-whist, estonian, kachuful, nomination-whist, ohhell, piekielko, planowanie
"""

from __future__ import annotations

from typing import Final

from .errors import InvalidSchedule, UnknownPreset
from .options import HookRule, ScheduleSpec, TrumpRule
from .preset import Preset, Variant
from .ruleset import Ruleset
from .schedule import RoundPlan, plan_rounds
from .scoring import SCORING_PRESETS

__all__ = ["PRESETS", "Preset", "Variant", "find_preset", "plan_game", "presets_for"]

_STANDARD = SCORING_PRESETS["standard"]
_TRICK_POINTS = SCORING_PRESETS["trick-points"]
#: Kachuful's cycle of trumps, round by round [EN-wikipedia-kachufool].
KACHUFUL_CYCLE: Final = ("S", "D", "C", "H")
#: The largest hand of the Estonian page, by players [ET-full].
_ESTONIAN_PEAKS: Final = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}
#: Contract Whist's trumps, the Guardian's "predetermined list" [EN-guardian-ohhell].
CONTRACT_WHIST_CYCLE: Final = ("H", "D", "C", "S", None)



def _scored(name: str, title: str, source: str, reason: str) -> Variant:
    """A variant that plays the scoring preset of the same name."""
    return Variant(name, title, source, reason, changes={"scoring": SCORING_PRESETS[name]})


def _published(
    name: str, title: str, source: str, players: tuple[int, int], address: str,
    description: str, summary: str, ruleset: Ruleset, variants: tuple[Variant, ...] = (),
) -> Preset:
    """A preset from a text that can be read at ``address`` (the newer presets)."""
    return Preset(name=name, title=title, source=source, source_description=description,
                  min_players=players[0], max_players=players[1], summary=summary,
                  ruleset=ruleset, address=address, variants=variants)


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
                "Hands go down from 13 cards to 1; the turned-up card sets trump, with no "
                "trump when every card is dealt. The dealer may not bid so that the bids add "
                "up to the tricks, and an exact bid scores 10 plus the bid."
            ),
            ruleset=Ruleset(
                schedule=ScheduleSpec("down", peak=13),
                trump=TrumpRule("turned-card", when_no_card_left="no-trump"),
                hook=HookRule("on"),
                scoring=_STANDARD,
            ),
            variants=(
                Variant(
                    "from-17", "Start at 17 cards", "[PL-planowanie]",
                    "With 2 or 3 players the guide lets the table agree to start at 17 cards.",
                    changes={"schedule": ScheduleSpec("down", peak=13,
                                                      peak_by_players={2: 17, 3: 17})},
                    min_players=2, max_players=3,
                ),
                Variant(
                    "down-then-up", "Back up after the 1-card round", "[PL-planowanie]",
                    "The guide allows climbing back up once the 1-card round is played, "
                    "if the table agrees before the game.",
                    changes={"schedule": ScheduleSpec("down-up", peak=13)},
                ),
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
            variants=(
                # The essay: "Ostatnie rozdanie można rozegrać z kolorem atutowym
                # wyznaczonym przez ostatnią rozdaną kartę" (the seed text's words):
                # at every player count, the dealer's own last card names the trump.
                Variant(
                    "last-card-trump", "The last card dealt sets the last round's trump",
                    "[PL-piekielko]",
                    "Instead of a last round without trump, the suit of the dealer's own last "
                    "card is trump, however many play.",
                    changes={"trump": TrumpRule("turned-card", last_round_dealer_card=True)},
                ),
                Variant(
                    "long-match", "Long match: up to all the cards, then down", "[PL-piekielko]",
                    "The essay's long match climbs to the biggest hand and comes back down.",
                    changes={"schedule": ScheduleSpec("up-down")},
                ),
                Variant(
                    "from-all-cards", "Down from all the cards", "[PL-piekielko]",
                    "The essay also plays the schedule the other way round.",
                    changes={"schedule": ScheduleSpec("down")},
                ),
                Variant(
                    "named-trump", "Trump named by a player", "[PL-piekielko]",
                    "A player names trump instead of a turned card.",
                    changes={"trump": TrumpRule("named", no_trump_last_round=True)},
                ),
                # The essay's other variants (seed 004), each as the preset with one
                # part replaced.
                Variant(
                    "named-by-leader", "Trump named by the player who leads", "[PL-piekielko]",
                    "The player who leads the first trick names trump.",
                    changes={"trump": TrumpRule("named", no_trump_last_round=True,
                                                named_by="leader")},
                ),
                Variant(
                    "named-by-highest-bidder", "Trump named by the highest bidder",
                    "[PL-piekielko]",
                    "Once the bids are in, the player who bid the most names trump.",
                    changes={"trump": TrumpRule("named", no_trump_last_round=True,
                                                named_by="highest-bidder")},
                ),
                Variant(
                    "hook", "With the hook rule", "[PL-piekielko]",
                    "The essay lists the hook rule as a variant: the dealer may not make "
                    "the bids add up to the tricks.",
                    changes={"hook": HookRule("on")},
                ),
                _scored(
                    "under-penalty", "Minus 1 a trick short", "[PL-piekielko]",
                    "A bid missed by taking too few tricks loses a point for each trick short.",
                ),
                _scored(
                    "difference-penalty", "Minus the difference", "[PL-piekielko]",
                    "A missed bid loses a point for each trick over or under.",
                ),
                _scored(
                    "progressive-misses", "Penalty points that grow", "[PL-piekielko]",
                    "Only misses count: a player's first miss costs 1, the second 2, and so "
                    "on; the lowest total wins.",
                ),
                Variant(
                    "two-decks", "Two decks for 6 or 7 players", "[PL-piekielko]",
                    "The essay shuffles two decks together for 6 or 7 players, so the "
                    "hands climb higher.",
                    changes={"decks": 2}, min_players=6, max_players=7,
                ),
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
            # The source says 3-7, but 10 cards each needs 60 cards for 6 players:
            # one deck only fits the 10-1-10 schedule up to 5 players. The two
            # variants below are the honest ways to seat 6 or 7.
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
                scoring=_TRICK_POINTS,
            ),
            variants=(
                Variant(
                    "two-decks", "Two decks for 6 or 7 players", "[PL-piekielko]",
                    "Ten cards each needs 60 or 70 cards; two decks shuffled together "
                    "(104 cards) keep the 10-1-10 game whole.",
                    changes={"decks": 2}, min_players=6, max_players=7,
                ),
                Variant(
                    "one-deck-capped", "One deck, topping out at 8 or 7 cards",
                    "[EN-pagat-ohhell]",
                    "The same down-and-up shape with one deck: 8 cards at the top for 6 "
                    "players and 7 for 7, as much as 52 cards deal.",
                    changes={"schedule": ScheduleSpec("down-up", peak=10,
                                                      peak_by_players={6: 8, 7: 7})},
                    min_players=6, max_players=7,
                ),
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
                schedule=ScheduleSpec("up", peak_by_players=_ESTONIAN_PEAKS),
                trump=TrumpRule("turned-card", no_trump_last_round=True),
                hook=HookRule("off"),
                scoring=_STANDARD,
            ),
            variants=(
                Variant(
                    "hook", "With the hook rule", "[ET-full]",
                    "The page lists the hook rule as an option.",
                    changes={"hook": HookRule("on")},
                ),
                Variant(
                    "simultaneous", "Everyone bids at once", "[ET-full]",
                    "Bids shown with fingers on a count of three; nobody bids last.",
                    changes={"bidding": "simultaneous"},
                ),
                Variant(
                    "la-podrida", "La Podrida: trump when out of the suit led", "[ET-full]",
                    "A player who cannot follow suit must play a trump if they have one.",
                    changes={"must_trump": True},
                ),
                Variant(
                    "zero-bonus-hand", "A made 0 scores 5 plus the cards in hand", "[ET-full]",
                    "A scoring variation of the page that pays more for a made 0 in big hands.",
                    changes={"scoring": SCORING_PRESETS["zero-bonus-hand"]},
                ),
                # The page's other variations (seed 002).
                Variant(
                    "trick-points", "1 point a trick, 10 more when exact", "[ET-full]",
                    "A scoring variation of the page: every trick counts, the exact bid 10 "
                    "more.",
                    changes={"scoring": _TRICK_POINTS},
                ),
                Variant(
                    "up-down", "Up to the largest hand, then down", "[ET-full]",
                    "The page's schedule there and back: 1 up to the largest hand and down "
                    "to 1 again.",
                    changes={"schedule": ScheduleSpec("up-down", peak_by_players=_ESTONIAN_PEAKS)},
                ),
                Variant(
                    "down-up", "Down from the largest hand, then up", "[ET-full]",
                    "The page's schedule the other way: from the largest hand down to 1 "
                    "and back up.",
                    changes={"schedule": ScheduleSpec("down-up", peak_by_players=_ESTONIAN_PEAKS)},
                ),
            ),
        ),
        # [EN-pagat-ohhell], the page the preset is named for. Schedule: 10 cards
        # down to 1 and back up, 8 for 6 players and 7 for 7. Scoring, from the
        # rules of Carter Hoerr the page follows, as the issue quotes them: points
        # "deducted for missing the bid, either over or under"; our reading is
        # 10 + bid for an exact bid and minus 1 a trick off (the page's own text
        # could not be retrieved here to check the amounts). Hook: the dealer may
        # not make the bids add up. Wikipedia's basic scoring (1 a trick, 10 more
        # when exact) [EN-wikipedia-ohhell], which this preset scored by before,
        # is its own variant, so stored games started from it still read as a
        # variant of the preset; pagat's squares are another.
        _published(
            "ohhell", "Oh Hell", "[EN-pagat-ohhell]", (3, 7),
            "https://www.pagat.com/exact/ohhell.html",
            'John McLeod, "Oh Hell!", pagat.com, after the rules of Carter Hoerr of the Oh '
            "Hell! Club of America: points deducted for a missed bid, over or under.",
            "Hands go down from 10 cards to 1 and back up (from 8 with 6 players, from 7 "
            "with 7); the turned-up card sets trump. The dealer may not bid so that the bids "
            "add up to the tricks; an exact bid scores 10 plus the bid, and a missed bid "
            "loses 1 point for each trick over or under.",
            Ruleset(schedule=ScheduleSpec("down-up", peak=10, peak_by_players={6: 8, 7: 7}),
                    scoring=SCORING_PRESETS["difference-penalty"]),
            variants=(
                Variant(
                    "wikipedia-basic", "Wikipedia's basic scoring: 1 a trick, 10 more when exact",
                    "[EN-wikipedia-ohhell]",
                    "Every trick scores 1 point and an exact bid 10 more, as Wikipedia's "
                    "\"basic scoring\" gives it.",
                    changes={"scoring": _TRICK_POINTS},
                ),
                Variant(
                    "squares", "Squares: 10 + the bid squared, minus the miss squared",
                    "[EN-pagat-ohhell]",
                    "A variation of the page: an exact bid scores 10 plus its square, a miss "
                    "loses the square of the difference.",
                    changes={"scoring": SCORING_PRESETS["squares"]},
                ),
                _scored(
                    "exact-penalty", "A missed bid loses the bid", "[EN-wikipedia-ohhell]",
                    "Exact scoring with penalty: 10 plus the bid when exact; missing a 3 bid "
                    "scores -3, missing a 0 scores 0.",
                ),
                _scored(
                    "ten-times", "10 times the bid when exact", "[EN-wikipedia-ohhell]",
                    "A made 4 scores 40, a missed bid nothing.",
                ),
                _scored(
                    "ten-times-penalty", "10 times the bid, won or lost", "[EN-wikipedia-ohhell]",
                    "A made 4 scores 40, a missed 4 loses 40.",
                ),
                _scored(
                    "ten-times-zero-five", "10 times the bid, and a 0 bid worth 5",
                    "[EN-wikipedia-ohhell]",
                    "As 10 times the bid, won or lost; a 0 bid scores 5 when no trick is "
                    "taken and loses 5 when one is.",
                ),
                Variant(
                    "cut-for-trump", "Trump by cutting the pack", "[EN-wikipedia-ohhell]",
                    "Instead of turning up the next card, a cut of the pack shows the trump "
                    "suit.",
                    changes={"trump": TrumpRule("cut")},
                ),
                # Ties: "further hands at the largest deal until one player leads",
                # as issue 30 reports the page (its text not retrieved here).
                Variant(
                    "extra-hands", "A tie for first plays further hands", "[EN-pagat-ohhell]",
                    "When the best total is shared after the last round, one more hand at the "
                    "largest deal is played, and so on until one player leads.",
                    changes={"tie_break": "extra-hands"},
                ),
            ),
        ),
        _published(
            "nomination-whist", "Nomination Whist", "[EN-nommy]", (3, 6),
            "http://www.nommy.co.uk/nommyrules.htm",
            '"Nomination Whist: rules", nommy.co.uk (3 to 6 players).',
            "Hands go down from 10 cards to 1 and back up (from 8 with 6 players); trumps "
            "follow a fixed order by round: spades, hearts, clubs, diamonds, no trump. The "
            "last bidder may not make the bids add up to the tricks; every trick scores 1 "
            "point, and an exact bid 10 more.",
            Ruleset(schedule=ScheduleSpec("down-up", peak=10, peak_by_players={6: 8}),
                    trump=TrumpRule("cycle", cycle=("S", "H", "C", "D", None)),
                    scoring=_TRICK_POINTS),
        ),
        # [EN-godtland-contract-whist]: "played in 13 hands: everyone is dealt 13
        # cards for the first hand", down to 1, for "2-8 players"; the last bidder
        # may not make the bids equal the tricks. 13 cards each fit one deck for 2
        # to 4 players only (our choice: the preset is for 2-4, and a variant deals
        # 5 to 7 players as many cards as the deck allows; 8 players need more than
        # the one deck the app allows 8 players with). Trumps: the Guardian's
        # "predetermined list (hearts, diamonds, clubs, spades, then no trumps)"
        # [EN-guardian-ohhell]; the order of the navy's score sheet, "H,C,D,S,NT"
        # [EN-navysong-noms], is a variant. Scoring: 1 a trick, 10 more when
        # exact, as the Guardian's "10 points, plus one point for each trick won".
        _published(
            "contract-whist", "Contract Whist", "[EN-godtland-contract-whist]", (2, 4),
            "http://www.godtlandsoftware.com/games/ContractWhist.html",
            'Godtland Software, "Contract Whist" (13 hands from 13 cards down to 1, 2-8 '
            "players); four players as individuals, as the Kings Hill U3A group plays "
            "[EN-kingshill-contract-whist]; trumps in the Guardian's order, hearts, "
            "diamonds, clubs, spades, then no trumps [EN-guardian-ohhell].",
            "Hands go down from 13 cards to 1, 13 hands; trumps follow a fixed order by "
            "round: hearts, diamonds, clubs, spades, no trump. The last bidder may not make "
            "the bids add up to the tricks; every trick scores 1 point, and an exact bid 10 "
            "more.",
            Ruleset(schedule=ScheduleSpec("down", peak=13),
                    trump=TrumpRule("cycle", cycle=CONTRACT_WHIST_CYCLE),
                    scoring=_TRICK_POINTS),
            variants=(
                Variant(
                    "navy-order", "Trumps hearts, clubs, diamonds, spades, no trump",
                    "[EN-navysong-noms]",
                    "The order a Royal Navy score sheet of the game marks: H, C, D, S, NT.",
                    changes={"trump": TrumpRule("cycle", cycle=("H", "C", "D", "S", None))},
                ),
                Variant(
                    "deck-allows", "5 to 7 players: as many cards as the deck deals",
                    "[EN-godtland-contract-whist]",
                    "13 cards each fit one deck for up to 4 players; a bigger table starts "
                    "from the largest hand the deck deals (10, 8 or 7) and goes down to 1.",
                    changes={"schedule": ScheduleSpec("down")}, min_players=5, max_players=7,
                ),
            ),
        ),
        _published(
            "kachuful", "Kachuful (Judgement)", "[EN-wikipedia-kachufool]", (3, 7),
            "https://en.wikipedia.org/wiki/Kachufool",
            '"Kachufool", Wikipedia: the Indian game, also called Judgement.',
            "Hands go up from 1 card to as many as the deck allows (8 with 6 players); trumps "
            "follow a fixed order by round: spades, diamonds, clubs, hearts. The last bidder "
            "may not make the bids add up to the tricks, and an exact bid scores 10 plus the "
            "bid.",
            Ruleset(trump=TrumpRule("cycle", cycle=KACHUFUL_CYCLE), scoring=_STANDARD),
            variants=(
                Variant(
                    "times-ten", "The bid with a 0 appended", "[EN-wikipedia-kachufool]",
                    "Many tables score a made bid as ten times the bid (3 makes 30), and a "
                    "made 0 as 10.",
                    changes={"scoring": SCORING_PRESETS["times-ten"]},
                ),
                Variant(
                    "no-trump-round", "A no-trump round after hearts", "[EN-whe-kachufool]",
                    "An earlier text of the article adds a fifth round without trump before "
                    "the cycle starts again.",
                    changes={"trump": TrumpRule("cycle", cycle=(*KACHUFUL_CYCLE, None))},
                ),
                Variant(
                    "fingers", "Everyone bids at once, with fingers", "[EN-wikipedia-kachufool]",
                    "The other bidding convention the article names; nobody bids last.",
                    changes={"bidding": "simultaneous"},
                ),
                # "If more than 5 players are playing, no player can bid zero more than
                # 5 times in a row" [EN-wikipedia-kachufool].
                Variant(
                    "zero-limit", "No one bids 0 more than 5 times in a row",
                    "[EN-wikipedia-kachufool]",
                    "With more than 5 players, the article bars a sixth 0 bid in a row: the "
                    "sixth must be at least 1.",
                    changes={"zero_bid_limit": 5, "zero_bid_limit_players": 6},
                    min_players=6, max_players=7,
                ),
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


def presets_for(players: int) -> list[str]:
    """The names of the presets meant for ``players`` players, in the registry's order.

    >>> presets_for(2)
    ['planowanie', 'contract-whist']
    """
    return [name for name, preset in PRESETS.items() if preset.supports(players)]


def plan_game(
    preset: Preset, ruleset: Ruleset, players: int, variant: str | None = None
) -> list[RoundPlan]:
    """Plan a game of ``ruleset`` (the preset, maybe one of its variants, and the
    table's adjustments) for ``players``: the one check set-up makes.

    A preset outside its player range with its own schedule and decks is
    refused (kind ``"preset-players"``, naming the presets that fit); a variant
    outside its own range too (kind ``"variant-players"``).

    >>> plan_game(find_preset("kachuful"), find_preset("kachuful").ruleset, 6)[-1].cards
    8
    >>> plan_game(find_preset("planowanie"), find_preset("planowanie").ruleset, 4, "from-17")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidSchedule: The from-17 variant of planowanie is for 2 to 3 players, not 4.
    """
    if variant:
        chosen = preset.variant(variant)
        if not preset.offers(chosen, players):
            low, high = preset.variant_range(chosen)
            raise InvalidSchedule(
                f"The {chosen.name} variant of {preset.name} is for {low} to {high} "
                f"players, not {players}.",
                kind="variant-players", preset=preset.name, variant=chosen.name,
                min_players=low, max_players=high, players=players,
            )
    preset.check_players(players, ruleset, fits=presets_for(players))
    return plan_rounds(ruleset, players)
