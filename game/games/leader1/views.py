"""What one seat sees of a Leader 1 race (``Leader1State.view``), as types.

The view is plain JSON data (saves, replays and ``from_view`` read it as it is); these types only name its
keys for the scene, the guide and the bots.  Every key is in every view; a stage's result holds the
general classification's keys only in a stage race.
"""
from __future__ import annotations

from typing import NotRequired, TypedDict


class RiderView(TypedDict):
    """One rider as every seat sees him: his feed tiles only as a count (his owner's are in ``my_tiles``).

    ``place`` is peloton, road, finished or out; turns and squares are -1 (or -9 for a fall or a flat)
    while they have not happened.
    """

    id: int
    seat: int
    kind: str
    speciality: str
    energy: int
    place: str
    square: int
    stamp: int
    risks: int
    slipstream: bool
    fallen: bool
    fallen_turn: int
    punctured: bool
    punctured_turn: int
    dropping: bool
    tiles: int
    feed_zones: int
    finish_turn: int
    finish_beyond: int
    finish_seq: int
    in_peloton_at_finish: bool
    attack_turn: int
    bonuses: int
    gc: int
    energy_left: int
    out_stage: int
    out_reason: str
    #: "Green rouleur": the team's colour and the rider's type, in English
    name: str


class StageResult(TypedDict):
    """One finished stage: its race, the riders in finishing order (ids), its length in turns and whether a
    breakaway won it (with the turns the winner finished clear of the peloton).

    In a stage race, also by rider id: the general classification after it (``gc``, rider ids in order),
    the squares behind the leader, bonus times, the energy carried to the next stage, the stage each rider
    left the race (-1: still in it), and the turns each finisher came in behind the winner.
    """

    race: str
    finish_order: list[int]
    turns: int
    breakaway_win: bool
    winner_turns_clear: int
    gc: NotRequired[list[int]]
    gc_squares: NotRequired[list[int]]
    bonuses: NotRequired[list[int]]
    carried: NotRequired[list[int]]
    out_stage: NotRequired[list[int]]
    turns_behind: NotRequired[list[int]]


class Leader1View(TypedDict):
    """The race as ``seat`` sees it (``seat`` None: a spectator, whose ``my_tiles`` is empty).

    ``phase`` is setup, ahead, breakaway, pursuit, behind or over; ``peloton`` is the peloton's place on
    the course's line; ``pending`` the riders (ids) still to move in the ahead and behind phases,
    ``current_rider`` the one moving now (-1 otherwise); ``eaten`` and ``pile_sizes`` hold feed tiles by
    colour, ``my_tiles`` the seat's own by rider id (as text).
    """

    game: str
    num_seats: int
    seat: int | None
    riders_per_player: int
    calendar: list[str]
    stage: int
    phase: str
    turn_in_stage: int
    turns_before: int
    stage_turns: list[int]
    leader_seat: int
    setup_seat: int
    setup_done: list[int]
    peloton: int
    peloton_arrived_turn: int
    pending: list[int]
    behind_group: list[int]
    breakaway_seats: list[int]
    stamp_counter: int
    finish_counter: int
    bonus_taken: list[int]
    eaten: dict[str, list[int]]
    stage_results: list[StageResult]
    #: the peloton die's last face ("" before the first roll)
    last_roll: str
    punctures_due: bool
    riders: list[RiderView]
    my_tiles: dict[str, list[int]]
    pile_sizes: dict[str, int]
    current_rider: int
