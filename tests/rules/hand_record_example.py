"""The worked example of docs/hand-record.md and the output it documents, shared by
the engine's tests and the command line's."""

EXAMPLE = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "dealer": 0,
    "trump": "7H",
    "bids": [0, 1, 1, 1],
    "plays": [["AS", "KS", "2H", "3S"], ["5C", "TC", "QC", "2C"]],
    "claimed_tricks": [0, 0, 1, 1],
}

#: Bob leads AS, Di trumps with 2H and wins, Bob wins the clubs; Bob and Cy's
#: claims are disputed; standard scoring gives Ann 10, Bob 11, Cy 0, Di 11.
EXAMPLE_OUTPUT = {
    "tricks": [
        {"leader": 1, "cards": ["AS", "KS", "2H", "3S"], "winner": 3},
        {"leader": 3, "cards": ["5C", "TC", "QC", "2C"], "winner": 1},
    ],
    "tricks_won": [0, 1, 0, 1],
    "violations": [],
    "disputes": [0, -1, 1, 0],
    "scores": [10, 11, 0, 11],
}
