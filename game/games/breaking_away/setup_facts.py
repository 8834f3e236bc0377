"""What the launcher and the setup screen need before a race is set up: table sizes and team colours.

Kept free of imports from the engine and of the rest of the game's data, so listing
the game at start-up loads nothing else of Breaking Away (``data`` takes these from here).
"""
from __future__ import annotations

from game.i18n import N_

#: teams allowed, lowest and highest: the rulebook's race, and the Madison variant
NORMAL_SEATS = (3, 9)
MADISON_SEATS = (9, 14)

#: team colours: the box's shared palette first, then the FAQ's extra colours for a 10th to 14th team
TEAM_COLOURS: tuple[tuple[str, str], ...] = (
    (N_("Orange"), "#E69F00"), (N_("Sky"), "#56B4E9"), (N_("Green"), "#009E73"),
    (N_("Yellow"), "#F0E442"), (N_("Blue"), "#0072B2"), (N_("Red"), "#D55E00"),
    (N_("Purple"), "#CC79A7"), (N_("Black"), "#2B2B2B"), (N_("White"), "#F4F4F4"),
    (N_("Pink"), "#FF9EC4"), (N_("Brown"), "#7B4A21"), (N_("Silver"), "#A7B1BA"),
    (N_("Lime"), "#A6D854"), (N_("Maroon"), "#7F1734"),
)
