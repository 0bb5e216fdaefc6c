"""The table's regulars: play again, the device's roster, statistics across
games, and carrying all of a device's games to another."""
