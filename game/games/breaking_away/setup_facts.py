"""What the launcher and the setup screen need before a race is set up: table sizes and team colours.

Kept free of imports from the engine and of the rest of the game's data, so listing
the game at start-up loads nothing else of Breaking Away (``data`` takes these from here).
"""
from __future__ import annotations

#: teams allowed, lowest and highest: the rulebook's race, and the Madison variant
NORMAL_SEATS = (3, 9)
MADISON_SEATS = (9, 14)

#: team colours: the box's shared palette first, then the FAQ's extra colours for a 10th to 14th team
TEAM_COLOURS: tuple[tuple[str, str], ...] = (
    ("Orange", "#E69F00"), ("Sky", "#56B4E9"), ("Green", "#009E73"),
    ("Yellow", "#F0E442"), ("Blue", "#0072B2"), ("Red", "#D55E00"),
    ("Purple", "#CC79A7"), ("Black", "#2B2B2B"), ("White", "#F4F4F4"),
    ("Pink", "#FF9EC4"), ("Brown", "#7B4A21"), ("Silver", "#A7B1BA"),
    ("Lime", "#A6D854"), ("Maroon", "#7F1734"),
)
