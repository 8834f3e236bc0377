"""Breakaway Football: a two-coach card game of play calls, breakaways and a card clock."""
