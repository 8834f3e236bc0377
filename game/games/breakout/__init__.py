"""Breakout: rope pieces pushed into a wall until one colour links the bottom slot to the top."""
