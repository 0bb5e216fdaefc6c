"""Playing a game: the round screen, corrections, standings and export."""
