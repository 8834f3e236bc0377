"""What the parts of ``Leader1State`` rely on: the state's fields and the methods they call on each other.

The parts (``rules_riding.py``, ``rules_peloton.py``, ``rules_stages.py``, ``rules_refusals.py``) are mixins:
each uses fields that ``Leader1State.__init__`` sets and methods another part defines.  Declared here, a reader
of one part sees what it relies on, and the type check finds a misspelt or mistyped one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from game.core.protocol import Event
from game.core.rng import Rng
from game.i18n import Message

from .course import Course
from .movement import MoveOption
from .rider import Rider
from .views import StageResult


class Leader1Fields:
    """The state's fields and methods the mixins use, as annotations only: no values, no methods at run time,
    so the state is built, copied, saved and compared exactly as without it."""

    riders_per_player: int
    #: the races of the game (one, or a stage race's calendar), the current one, and each finished stage
    calendar: tuple[str, ...]
    stage: int
    stage_results: list[StageResult]
    stage_turns: list[int]
    phase: str
    #: game turns of this stage so far, and of the stages before it
    turn_in_stage: int
    turns_before: int
    #: the seat holding the peloton token, and the seat choosing its riders at setup
    leader_seat: int
    setup_seat: int
    #: riders by id
    riders: list[Rider]
    #: the peloton's place on the course's line, and the turn it crossed the finish (-1 while on the road)
    peloton: int
    peloton_arrived_turn: int
    #: the riders still to move in this phase (ids), and the seats still to send riders out of the peloton
    pending: list[int]
    breakaway_seats: list[int]
    #: counters that order the riders' arrivals on a square and over the finish
    stamp_counter: int
    finish_counter: int
    #: per bonus-time line, the rider who took it (-1: nobody yet, -2: the peloton crossed it first)
    bonus_taken: list[int]
    #: the feed tiles left in each colour's pile, and those eaten
    piles: dict[str, list[int]]
    eaten: dict[str, list[int]]
    #: the peloton die's last face
    last_roll: str
    punctures_due: bool
    rng: Rng
    #: what was worked out for the position (see ``Leader1State.__init__``)
    _options: dict[tuple[int, bool, bool], dict[tuple[str, int], MoveOption]]
    _found: dict[tuple[int, bool, bool], tuple[Mapping[tuple[str, int], tuple], int]]
    _occupancy: tuple[frozenset[int], frozenset[int]] | None
    _first_squares: tuple[tuple[int, int], tuple[int, ...]]

    if TYPE_CHECKING:
        # defined by Leader1State (rules.py)
        @property
        def course(self) -> Course: ...

        @property
        def is_stage_race(self) -> bool: ...

        def current_rider_id(self) -> int: ...

        def seat_riders(self, seat: int) -> list[Rider]: ...

        def front_grow(self) -> int: ...

        def rear_grow(self) -> int: ...

        def peloton_rank(self, rider: Rider) -> tuple[int, int]: ...

        def classification(self) -> list[int]: ...

        def _types_available(self, seat: int) -> list[str]: ...

        def _start_stage(self) -> list[Event]: ...

        def _start_behind_phase(self) -> None: ...

        def _next_leader(self) -> int: ...

        # defined by RidingRules (rules_riding.py)
        def occupied_squares(self, exclude: int = -1) -> tuple[set[int], set[int]]: ...

        def move_options(self, rider_id: int) -> dict[tuple[str, int], MoveOption]: ...

        def refusal(self, rider: Rider, option: MoveOption) -> Message: ...

        def riders_behind(self, square: int) -> list[Rider]: ...

        def _take_tile(self, rider: Rider) -> list[Event]: ...

        def _eat_tile(self, rider: Rider, value: int) -> list[Event]: ...

        def _finish(self, rider: Rider, beyond: int, in_peloton: bool) -> list[Event]: ...

        # defined by PelotonRules (rules_peloton.py)
        def _pass_feed_zones(self, rider: Rider, start_grow: int, end_grow: int) -> list[Event]: ...
