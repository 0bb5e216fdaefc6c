"""An independent, deliberately simple oracle for hand-record replay.

Written from docs/hand-record.md (the hand record format, version 1) and
docs/rules.md sections 1, 4, 6 and 7 alone, plus the choices the format leaves
open that the engine documents in the ``scorekeeper.rules.records`` and
``scorekeeper.rules.hand_replay`` module docstrings. It shares no code with
``scorekeeper.rules``: cards are plain two-letter strings, hands are lists, and
every rule is checked the slow, obvious way. The differential test
(``test_replay_oracle.py``) compares it with the engine on many random records.

The open points it follows (the engine's choices):

- a short trick lacks its last seats in turn; each such seat gets one
  ``wrong-count`` (card ``null``) at the first trick it missed, also with the
  hands given when its card count agrees with its hand;
- with the hands given, a seat that played more cards than dealt gets its
  ``wrong-count`` at its (dealt + 1)-th card; one that played fewer, at the
  first trick it missed (else after the last trick), naming the first card,
  in dealt order, of which it kept a copy;
- one card can break several rules; they come in the order: not-in-hand or
  played-twice, wrong-count, revoke or must-trump; a seat's missed turns come
  after the trick's cards, in turn order;
- revoke and must-trump are judged against what the seat still held (the
  dealt hand less the cards it played from it; without hands, the cards it
  played later), also for a card that itself was not held;
- must-trump only applies when the seat cannot follow suit;
- ``disputes`` is claimed minus replayed tricks; ``disputes`` and ``scores``
  are left out when there are no claims or bids;
- scoring uses ``n`` = the seat's dealt hand size (hands given) or the number
  of tricks; in ``progressive-misses`` a missed bid is the round's first
  miss: 1 penalty point.

Each violation's ``detail`` is written here too, from the wording the engine
documents (``scorekeeper.rules.playout``): what was played, what the seat still
held (its highest card of the suit) and, without hands, the later trick that
proves it; the earlier copies of a card played twice; the counts of a
wrong-count.

Only well-formed records are modelled here; malformed ones are checked by the
differential test with explicit expectations.
"""

from __future__ import annotations

from collections import Counter

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
PRESETS = (
    "standard",
    "trick-points",
    "zero-bonus-hand",
    "under-penalty",
    "difference-penalty",
    "progressive-misses",
    "five-bonus",
    "wizard",
)


def suit_of(text: str) -> str:
    text = SYMBOLS.get(text, text).upper()
    assert text in SUITS, text
    return text


def card_of(text: str) -> str:
    """Canonical two-letter form of a card: '10h' -> 'TH', 'q♥' -> 'QH'."""
    rank, suit = text[:-1].upper(), suit_of(text[-1])
    if rank == "10":
        rank = "T"
    assert rank in RANKS, text
    return rank + suit


def rank_value(card: str) -> int:
    return RANKS.index(card[0])


NOUNS = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}


def symbol(card: str) -> str:
    """The card as players write it: 'TH' -> '10♥'."""
    rank = "10" if card[0] == "T" else card[0]
    return rank + {v: k for k, v in SYMBOLS.items()}[card[1]]


def ordinal(n: int) -> str:
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def count_of(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def highest(cards: list[str], suit: str) -> str:
    """The highest card of ``suit`` among ``cards`` (there is one)."""
    return max((c for c in cards if c[1] == suit), key=rank_value)


def trick_winner(cards: list[str], first_seat: int, players: int, trump: str | None, last_wins: bool) -> int:
    """Seat that wins a trick whose j-th card was played by ``first_seat + j``."""
    led = cards[0][1]
    trumps = [j for j, c in enumerate(cards) if trump is not None and c[1] == trump]
    candidates = trumps if trumps else [j for j, c in enumerate(cards) if c[1] == led]
    best = max(rank_value(cards[j]) for j in candidates)
    top = [j for j in candidates if rank_value(cards[j]) == best]
    j = top[-1] if last_wins else top[0]
    return (first_seat + j) % players


def score(preset: str, bid: int, took: int, cards: int) -> int:
    exact = bid == took
    if preset == "standard":
        return 10 + bid if exact else 0
    if preset == "trick-points":
        return 10 + took if exact else took
    if preset == "zero-bonus-hand":
        if exact:
            return 5 + cards if bid == 0 else 10 + bid
        return 0
    if preset == "under-penalty":
        if exact:
            return 10 + bid
        return -(bid - took) if took < bid else 0
    if preset == "difference-penalty":
        return 10 + bid if exact else -abs(bid - took)
    if preset == "progressive-misses":
        # one round: a miss is this round's only, so the player's k-th miss
        # counted within the record is the 1st: 1 penalty point; lowest wins.
        return 0 if exact else 1
    if preset == "five-bonus":
        return took + 5 if exact else took
    if preset == "wizard":
        return 20 + 10 * bid if exact else -10 * abs(bid - took)
    raise AssertionError(preset)


def replay(record: dict) -> dict:
    """The output object and the exit status."""
    players = len(record["players"])
    dealer = record["dealer"]
    rules = record.get("rules") or {}
    decks = rules.get("decks", 1)
    must_trump = rules.get("must_trump", False)
    last_wins = rules.get("identical_cards", "first-wins") == "last-wins"
    preset = rules.get("scoring", "standard")

    trump_text = record["trump"]
    turned = None
    if trump_text is None:
        trump = None
    elif len(trump_text) == 1:
        trump = suit_of(trump_text)
    else:
        turned = card_of(trump_text)
        trump = turned[1]

    plays = [[card_of(c) for c in trick] for trick in record["plays"]]

    # Who played each card: the first trick is led by the dealer's left,
    # each later one by the winner of the one before.
    seats: list[list[int]] = []
    winners: list[int] = []
    leaders: list[int] = []
    leader = (dealer + 1) % players
    for cards in plays:
        leaders.append(leader)
        seats.append([(leader + j) % players for j in range(len(cards))])
        leader = trick_winner(cards, leader, players, trump, last_wins)
        winners.append(leader)

    hands_given = record.get("hands") is not None
    if hands_given:
        dealt = [[card_of(c) for c in hand] for hand in record["hands"]]
    else:
        dealt = [[] for _ in range(players)]
        for t, cards in enumerate(plays):
            for j, card in enumerate(cards):
                dealt[seats[t][j]].append(card)
    holding = [list(hand) for hand in dealt]  # what each seat still holds
    copies_gone = Counter()  # copies of each card already out of play
    if turned is not None:
        copies_gone[turned] += 1

    # wrong-count, decided per seat up front: (trick, place in trick or
    # None for "after the trick's cards", card) where it is reported.
    played_by = [[(t, j, plays[t][j]) for t in range(len(plays)) for j in range(len(plays[t]))
                  if seats[t][j] == seat] for seat in range(players)]
    first_missed = [next((t for t in range(len(plays)) if seat not in seats[t]), None)
                    for seat in range(players)]
    names = record["players"]
    wrong_count: dict[int, tuple[int, int | None, str | None, str]] = {}
    for seat in range(players):
        mine = played_by[seat]
        name = names[seat]
        if hands_given and len(mine) > len(dealt[seat]):
            t, j, card = mine[len(dealt[seat])]  # the first card too many
            wrong_count[seat] = (t, j, card, (
                f"{name} was dealt {count_of(len(dealt[seat]))} but played {len(mine)}; "
                f"{symbol(card)} in the {ordinal(t + 1)} trick was one card too many."))
        elif hands_given and len(mine) < len(dealt[seat]):
            left = Counter(dealt[seat])
            for _, _, card in mine:
                if left[card]:
                    left[card] -= 1
            # it names the first card, in dealt order, of which a copy is left
            never = next(card for card in dealt[seat] if left[card])
            t = first_missed[seat]
            wrong_count[seat] = (len(plays) - 1 if t is None else t, None, never, (
                f"{name} was dealt {count_of(len(dealt[seat]))} but played only {len(mine)}; "
                f"{symbol(never)} was never played."))
        elif first_missed[seat] is not None:
            # a short trick is a missed turn even when the counts agree
            t = first_missed[seat]
            wrong_count[seat] = (t, None, None, (
                f"{name} played no card to the {ordinal(t + 1)} trick, so played "
                f"{count_of(len(mine))} in {len(plays)} tricks."))

    def earlier_copies(t: int, j: int, card: str) -> list[str]:
        copies = ["the turned-up trump card"] if card == turned else []
        for u in range(len(plays)):
            for k in range(len(plays[u])):
                if (u, k) < (t, j) and plays[u][k] == card:
                    copies.append(f"played by {names[seats[u][k]]} in the {ordinal(u + 1)} trick")
        return copies

    def played_twice(t: int, j: int, seat: int, card: str) -> str:
        copies, name, sym = earlier_copies(t, j, card), names[seat], symbol(card)
        if decks == 1 and copies[0] == "the turned-up trump card":
            return f"{name} played {sym}, but the only {sym} is the turned-up trump card."
        if decks == 1:
            return f"{name} played {sym}, but the only {sym} was already {copies[0]}."
        both = "both copies" if decks == 2 else f"all {decks} copies"
        return f"{name} played {sym}, but {both} of {sym} were already out: " + " and ".join(copies[:decks]) + "."

    def not_in_hand(seat: int, card: str) -> str:
        name, times = names[seat], dealt[seat].count(card)
        if times:
            return f"{name} played {symbol(card)} again, but was dealt only {'one' if times == 1 else times}."
        return f"{name} played {symbol(card)}, which was not in {name}'s hand."

    def proof(t: int, seat: int, card: str) -> str:
        """Without hands: the later trick in which the seat played the card it held."""
        if hands_given:
            return ""
        later = next(u for u, k, c in played_by[seat] if u > t and c == card)
        return f", which {names[seat]} played later, in the {ordinal(later + 1)} trick"

    violations: list[tuple[int, int, str | None, str, str]] = []
    for t, cards in enumerate(plays):
        led = cards[0][1]
        for j, card in enumerate(cards):
            seat = seats[t][j]
            name = names[seat]
            if card in holding[seat]:
                holding[seat].remove(card)
                # without hands every card comes from its player's hand; a
                # copy that was already out of play makes it a second play
                if not hands_given and copies_gone[card] >= decks:
                    violations.append((t, seat, card, "played-twice", played_twice(t, j, seat, card)))
            elif copies_gone[card] >= decks:
                violations.append((t, seat, card, "played-twice", played_twice(t, j, seat, card)))
            else:
                violations.append((t, seat, card, "not-in-hand", not_in_hand(seat, card)))
            copies_gone[card] += 1
            where = wrong_count.get(seat)
            if where is not None and where[:3] == (t, j, card):
                violations.append((t, seat, card, "wrong-count", where[3]))
            if j > 0 and card[1] != led:
                suits_held = {c[1] for c in holding[seat]}
                if led in suits_held:
                    held = highest(holding[seat], led)
                    violations.append((t, seat, card, "revoke", (
                        f"{name} played {symbol(card)} on a {NOUNS[led]} lead while holding "
                        f"{symbol(held)}{proof(t, seat, held)}.")))
                elif must_trump and trump is not None and card[1] != trump and trump in suits_held:
                    held = highest(holding[seat], trump)
                    violations.append((t, seat, card, "must-trump", (
                        f"{name} played {symbol(card)} on a {NOUNS[led]} lead while holding the "
                        f"trump {symbol(held)}{proof(t, seat, held)}; a player who cannot follow "
                        "suit must trump.")))
        # seats that missed their turn in this trick (they come last, in turn)
        for j in range(len(cards), players):
            seat = (leaders[t] + j) % players
            where = wrong_count.get(seat)
            if where is not None and where[0] == t and where[1] is None:
                violations.append((t, seat, where[2], "wrong-count", where[3]))
                del wrong_count[seat]
    # a seat that played too few cards without missing a turn: after the last trick
    for seat in range(players):
        where = wrong_count.get(seat)
        if where is not None and where[1] is None:
            violations.append((where[0], seat, where[2], "wrong-count", where[3]))

    tricks_won = [0] * players
    for w in winners:
        tricks_won[w] += 1
    out: dict = {
        "tricks": [
            {"leader": leaders[t], "cards": plays[t], "winner": winners[t]} for t in range(len(plays))
        ],
        "tricks_won": tricks_won,
        "violations": [
            {"trick": t, "seat": s, "card": c, "rule": r, "detail": d} for (t, s, c, r, d) in violations
        ],
    }
    disputes = None
    if record.get("claimed_tricks") is not None:
        disputes = [c - w for c, w in zip(record["claimed_tricks"], tricks_won)]
        out["disputes"] = disputes
    if record.get("bids") is not None:
        # n, the cards per player: as dealt when the hands are given
        sizes = [len(h) for h in dealt] if hands_given else [len(plays)] * players
        out["scores"] = [
            score(preset, b, w, n) for b, w, n in zip(record["bids"], tricks_won, sizes)
        ]
    status = 1 if violations or (disputes and any(disputes)) else 0
    return {"output": out, "status": status}
