"""Shared pieces of the pure rules engines: errors, turn order, dice-as-data, places."""
