"""Breakaway Rider: a card race for 2-6 riders over 3 to 5 stages."""
