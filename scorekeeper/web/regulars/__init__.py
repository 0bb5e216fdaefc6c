"""The table's regulars across games: the Players page with its statistics,
and carrying all of a device's games to another."""
