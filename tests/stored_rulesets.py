"""Rulesets as games stored them before issue 30, for the tests that promise
they still read back, write out and score as they did."""

#: A ruleset as a game stored it before issue 30 (the ohhell preset's, trick points).
STORED = {
    "decks": 1,
    "schedule": {"shape": "down-up", "start": 1, "peak": 10, "peak_by_players": {"6": 8, "7": 7},
                 "cards": []},
    "trump": {"method": "turned-card", "no_trump_last_round": False,
              "when_no_card_left": "no-trump", "cycle": []},
    "hook": {"mode": "on", "min_cards": 1},
    "bidding": "in-turn", "must_trump": False, "identical_cards": "first-wins",
    "scoring": {"name": "trick-points", "exact_bonus": 10, "exact_points_per_bid": 0,
                "exact_points_per_trick": 1, "miss_points_per_trick": 1,
                "over_penalty_per_trick": 0, "under_penalty_per_trick": 0,
                "zero_bid_bonus_plus_hand": False, "progressive_misses": False,
                "lowest_wins": False, "zero_bid_points": None},
    "revoke_penalty": {"mode": "none", "points": 3},
}
