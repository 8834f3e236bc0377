"""The few facts the setup screen needs before a race is set up: race names, seat colours, rider limits.

Kept free of imports from the engine, so listing the game at start-up loads
nothing else of Leader 1 (the rules and races modules take these from here).
"""
from __future__ import annotations

from game.core.spec import TEAM_COLOURS
from game.i18n import N_

#: the shipped races in the order the setup offers them; the first is the default
SHIPPED_RACES = ("first-race", "coast-road", "three-valleys", "grand-loop", "summit-finish")
USER_PREFIX = "user:"
#: nine team colours plus a tenth for ten players
SEAT_COLOURS: tuple[tuple[str, str], ...] = TEAM_COLOURS + ((N_("Grey"), "#8C8C8C"),)
MAX_RIDERS = 12


def riders_allowed(num_seats: int) -> tuple[int, ...]:
    """A.2: riders per player the table may choose, by number of players."""
    if num_seats <= 4:
        return (1, 2, 3)
    if num_seats == 5:
        return (1, 2)
    return (1,)
