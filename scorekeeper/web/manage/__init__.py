"""Changing a game while it runs: players, schedule, adjustments, scoring, history."""
