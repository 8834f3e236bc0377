"""What the setup screen needs before a game is set up: the teams' names and the overtime rules.

Kept free of imports from the engine, so listing the game at start-up loads
nothing else of Breakaway Football (the cards and rules modules take these from here).
"""
from __future__ import annotations

TEAM_NAMES: tuple[str, ...] = ("Maulers", "Pharaohs", "Lightning", "Fire")
PRO_OVERTIME = "pro"
SUDDEN_DEATH = "sudden-death"
OVERTIME_RULES = (PRO_OVERTIME, SUDDEN_DEATH)
