"""Settling disputes at the table: record a round's hand card by card, replay it
with the rules engine, and apply the replayed tricks (issue 4)."""
