"""What the parts of ``BreakingAwayState`` rely on: the state's fields and the methods they call on each other.

The parts (``rules_sheet.py``, ``rules_turn_end.py``, ``rules_results.py``) are mixins: each uses fields that
``BreakingAwayState.__init__`` sets and methods another part defines.  Declared here, a reader of one part sees
what it relies on, and the type check finds a misspelt or mistyped one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.protocol import Event

from .data import Line
from .riders import Rider


class BreakingAwayFields:
    """The state's fields and methods the mixins use, as annotations only: no values, no methods at run time,
    so the state is built, copied, saved and compared exactly as without it."""

    num_seats: int
    madison: bool
    overcrowding: bool
    rival_bonus: bool
    riders: list[Rider]
    by_id: dict[int, Rider]
    phase: str
    #: the team filling its sheet (allocate), and which teams have sealed theirs
    setup_seat: int
    sealed: list[bool]
    #: Madison: the teams still to name a starter and park the relief rider, in order
    place_queue: list[int]
    race_turn: int
    #: the riders still to move this turn (rider ids), the next one first
    order: list[int]
    #: the rider who led alone at the end of the last turn (None: nobody did)
    sole_leader: int | None
    #: the rider ids over each line (by line key) in crossing order, and each team's points
    crossings: dict[str, list[int]]
    points: list[int]
    #: Madison: the teams that may still decide to change over, and the lap of each team's last change-over
    change_queue: list[int]
    changed_lap: list[int]

    if TYPE_CHECKING:
        # defined by BreakingAwayState (rules.py)
        @property
        def lines(self) -> tuple[Line, ...]: ...

        @property
        def finish_line(self) -> Line: ...

        def team(self, seat: int) -> list[Rider]: ...

        def racing(self) -> list[Rider]: ...

        def _racing_this_turn(self) -> list[Rider]: ...

        def _begin_race(self) -> list[Event]: ...

        def _next_arrival(self) -> int: ...

        def _start_turn(self, in_race_order: list[Rider] | None = None,
                        racing_riders: list[Rider] | None = None) -> list[Event]: ...

        # defined by TurnEndRules (rules_turn_end.py)
        def relief_rests_at(self, square: int) -> bool: ...

        def active_rider(self, seat: int) -> Rider | None: ...
