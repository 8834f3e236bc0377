"""What a Breaking Away seat sees: the shape of ``BreakingAwayState.view(seat)``.

With secret factors, a seat sees its own riders' sheets and only what the table knows of the others
(replacement factors, the values used, how much is left); in a Madison, a team's rider ranks stay
hidden until its sheet is sealed.  The scene, the guide and the bots read the view through these
types, so a renamed key is found by ``python -m mypy`` rather than at run time.  The form is the JSON
one (lists, not tuples), the same one ``from_view`` reads back.
"""
from __future__ import annotations

from typing import TypedDict


class RiderView(TypedDict):
    """One cyclist as the seat sees him."""

    id: int
    seat: int  #: his team
    number: int  #: within his team
    rank: int  #: 0 in a Madison while his team's sheet is not sealed and not the seat's own
    status: str  #: "racing", "finished", "retired", "resting" or "unplaced"
    progress: int  #: squares ridden since the start
    square: int  #: where he is drawn: square, slot on it, lane and lanes of his group
    slot: int
    lane: int
    lanes: int
    arrival: int  #: the lower arrived first on his square (the inside)
    lap: int  #: 0-based lap he is riding
    lapped: bool
    relief_square: int | None  #: a Madison rider's relief square, once chosen
    factors: list[int] | None  #: every factor he holds, highest first; None when hidden from the seat
    known: list[int]  #: replacement factors (announced to the table), highest first
    starting_used: list[int]  #: starting values already used
    #: how many starting values he holds still: only when hidden, sealed and the count is fixed by his rank
    hidden_count: int | None
    #: what his hidden starting values add up to: only for a hidden sheet that is sealed or the seat's own
    hidden_sum: int | None


class LineView(TypedDict):
    """A scoring line (the sprint lines and the finish)."""

    key: str
    label: str  #: English name
    progress: int  #: crossing it means going past this progress
    square: int
    points: list[int]  #: by place over it
    crossed: list[int]  #: rider ids in the order they crossed
    places_left: int  #: places still scoring


class RaceOptions(TypedDict):
    factors: str  #: "open" or "secret"
    rival_breakaway: bool
    overcrowding: bool
    staggered_start: bool


class RetireVote(TypedDict):
    """A proposal to retire a rider, while the other seats vote on it."""

    rider: int
    proposer: int
    waiting: list[int]  #: seats still to answer, in order
    agreed: list[int]


class BreakingAwayView(TypedDict):
    """The race as one seat sees it."""

    game: str
    mode: str  #: "race" or "madison"
    num_seats: int
    seat: int | None  #: whose eyes (None: a spectator)
    phase: str  #: "allocate", "place", "move", "vote", "change" or "over"
    turn: int
    options: RaceOptions
    setup_seat: int  #: whose sheet is being filled in the allocate phase
    sealed: list[bool]  #: per seat: its sheet is complete
    first_player: int | None  #: drawn once every sheet is sealed
    place_queue: list[int]  #: seats still to place a rider
    to_move: int | None  #: the rider id to move (only in the move phase)
    order: list[int]  #: rider ids still to move this turn
    arrivals: int
    sole_leader: int | None  #: rider id alone in front, if any
    riders: list[RiderView]
    lines: list[LineView]
    points: list[int]  #: per seat
    vote: RetireVote | None  #: only in the vote phase
    refused: list[int]  #: riders whose retirement was refused this turn
    change_queue: list[int]  #: Madison: seats still to decide on changing over
    changed_lap: list[int]  #: Madison: per seat, the lap of its last change-over
    overdue: list[bool]  #: Madison: per seat, a change-over is overdue (empty in a race)
    standings: list[int]  #: per seat, its rank (1 leads)
