"""Breaking Away's numbers: the circuit, the lines, the points tables, the sheets.

Everything a rule counts with lives here as data, so a ruling can be changed in
one place and the rules help, the bots and the tests all follow.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.i18n import N_, Message, SeatName

# team colours live with what start-up reads (setup_facts.py, with the table sizes)
from .setup_facts import TEAM_COLOURS

#: squares round the circuit; a rider's square is ``progress % SQUARES``
SQUARES = 40
START_SQUARE = 0
SPRINT_SQUARE = 33
FINISH_SQUARE = 20

#: every replacement factor starts from this many squares
BASE_REPLACEMENT = 3
#: the first-turn overcrowding option: this many riders on a square is overcrowded
OVERCROWDED = 5
#: a cyclist this many squares behind another has been lapped by him
LAP = SQUARES

#: starting values of a sheet: each whole number in this range (FAQ rulings)
LOWEST_START_VALUE = 1
HIGHEST_START_VALUE = 15

NORMAL_TEAM_SIZE = 4
MADISON_TEAM_SIZE = 2


@dataclass(frozen=True)
class SheetLimit:
    """How many points a cyclist rated ``rank`` spreads over how many values."""

    rank: int
    total: int
    counts: tuple[int, ...]

    def counts_text(self) -> Message | str:
        """'3 or 4', '3': how many values the sheet takes."""
        if len(self.counts) == 1:
            return str(self.counts[0])
        return Message("{some} or {last}", some=", ".join(map(str, self.counts[:-1])), last=self.counts[-1])


SHEET_LIMITS: dict[int, SheetLimit] = {
    1: SheetLimit(1, 30, (3, 4)),
    2: SheetLimit(2, 25, (3,)),
    3: SheetLimit(3, 20, (3,)),
    4: SheetLimit(4, 16, (3,)),
}


@dataclass(frozen=True)
class Line:
    """A scoring line: crossing it means going past ``progress`` (stopping on it is not crossing).

    ``label`` is the English name (the view and the command line); :attr:`name` is it as words.
    """

    key: str
    label: str
    progress: int
    points: tuple[int, ...]

    @property
    def name(self) -> Message:
        """The line's name in the reader's language ('first sprint', 'lap 2 sprint')."""
        return line_name(self.key, self.label)

    @property
    def square(self) -> int:
        return self.progress % SQUARES

    @property
    def is_finish(self) -> bool:
        return self.key == "finish"


SPRINT_POINTS = (10, 8, 6, 5, 4, 3, 2, 1)
FINISH_POINTS = (20, 16, 12, 10, 8, 6, 4, 2)
#: two and a half laps: the first sprint at 33, the second a lap later, the finish at square 20
NORMAL_LINES: tuple[Line, ...] = (
    Line("sprint1", N_("first sprint"), SPRINT_SQUARE, SPRINT_POINTS),
    Line("sprint2", N_("second sprint"), SPRINT_SQUARE + SQUARES, SPRINT_POINTS),
    Line("finish", N_("finish"), 2 * SQUARES + FINISH_SQUARE, FINISH_POINTS),
)

MADISON_LAPS = 4
MADISON_LAP_POINTS = (5, 3, 2, 1)
MADISON_FINAL_POINTS = (10, 6, 4, 2)
#: the Madison scores only at the start line, once a lap; the last crossing is the final sprint
MADISON_LINES: tuple[Line, ...] = tuple(
    Line(f"lap{lap}", f"lap {lap} sprint", lap * SQUARES, MADISON_LAP_POINTS) for lap in range(1, MADISON_LAPS)
) + (Line("finish", N_("final sprint"), MADISON_LAPS * SQUARES, MADISON_FINAL_POINTS),)


@cache
def line_name(key: str, label: str) -> Message:
    """A line's name as a message: a Madison lap sprint carries its lap as a field."""
    if key.startswith("lap"):
        return Message("lap {number} sprint", number=int(key[3:]))
    return Message(label)

#: the staggered start: cyclist number -> starting progress (square 0, 39, 38, 37)
STAGGERED_START = {1: 0, 2: -1, 3: -2, 4: -3}


def rider_id(seat: int, number: int) -> int:
    """Riders are numbered by team band: team 1 has 11-14, team 2 has 21-24, team 10 has 101-102."""
    return (seat + 1) * 10 + number


def rider_seat(rider: int) -> int:
    return rider // 10 - 1


def rider_number(rider: int) -> int:
    return rider % 10


@cache
def team_colour_name(seat: int) -> Message:
    """The engine's own name for a team: the colour of the box's order at its seat ('Orange')."""
    return Message(TEAM_COLOURS[seat % len(TEAM_COLOURS)][0])


@cache
def team_name(seat: int) -> SeatName:
    """A team in a message: the screen calls it by its player's colour, else :func:`team_colour_name`."""
    return SeatName(seat, team_colour_name(seat))


@cache
def rider_name(rider: int) -> Message:
    """'Orange 12': the team and the number on the rear wheel."""
    return Message("{team} {number}", team=team_name(rider_seat(rider)), number=rider)
