"""What a Breakaway Rider seat sees: the shape of ``BreakawayRiderState.view(seat)``.

A seat sees its own hand and the open table (piles, minutes, the pace); a spectator (seat None) sees
no hand.  The scene, the guide and the bots read the view through these types, so a renamed key is
found by ``python -m mypy`` rather than at run time.  The form is the JSON one (lists, not tuples),
the same one ``from_view`` reads back.
"""
from __future__ import annotations

from typing import TypedDict

from .cards import Card


class LastPlay(TypedDict):
    """What a seat played last in the stage, and how it came out against the pace."""

    speed: int | None  #: the speed card (None: a stall at the slowest speed)
    sprints: int
    headwinds: int  #: headwinds that slowed it
    climb: bool  #: a climb card was laid with it
    effective: int  #: the speed after sprints, headwinds and a climb
    result: str  #: the resolution's category ("sets-pace", "slipstream", "takes-jersey"…)
    on_climb: bool  #: a climb applied to it


class StageResult(TypedDict):
    """A finished stage."""

    jersey: int  #: who wore the jersey at its end
    scores: list[int]  #: per seat


class BreakawayRiderView(TypedDict):
    """The table as one seat sees it."""

    num_seats: int
    seat: int | None  #: whose eyes (None: a spectator)
    stages_total: int
    special_cards: bool
    stage: int
    phase: str  #: "play", "climb-window" or "over"
    to_move: int | None  #: who decides now (None once the race is over)
    turn_seat: int  #: whose turn it is (in the climb window: the rider who just played)
    window: list[int]  #: seats still to be asked after ``to_move`` in the climb window
    jersey: int  #: the breakaway rider
    pace: int | None  #: None before the stage's first speed card
    climb_active: bool
    climb_by: int | None  #: who laid the climb that applies now
    hand: list[Card] | None  #: the seat's own hand, sorted; None for a spectator
    can_climb: bool | None  #: the seat holds a climb card; None for a spectator
    just_drawn: list[Card]  #: what the seat drew this turn (empty unless it is the seat's turn)
    hand_counts: list[int]
    deck_count: int
    piles: list[list[Card]]  #: each seat's open discard pile, oldest first
    set_aside: list[Card]
    minutes: list[int]
    headwinds: list[int]  #: headwinds waiting to slow each seat's next speed card
    last_plays: list[LastPlay | None]  #: per seat; None before its first play of the stage
    stage_results: list[StageResult]
    totals: list[int]
    opening_draw: list[list[list[Card]]]  #: the draw for the first lead, round by round: [[seat, card], ...]
    turns_played: int
