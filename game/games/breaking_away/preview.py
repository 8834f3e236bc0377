"""What a move would do, before it is made: for the scene's hints and the rules help.

Pure functions over a state; nothing here changes the race.  The answers come
from the engine's own rules (a copy of the state is moved), so a hint can never
disagree with what happens when the move is played.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core.protocol import IllegalAction
from game.i18n import Message

from .data import SQUARES, rider_name
from .riders import RACING
from .rules import BreakingAwayState


@dataclass(frozen=True)
class LineCrossing:
    """A line the move would cross, the place it would be crossed in and the points it would bring."""

    line: str
    label: Message
    place: int
    points: int


@dataclass(frozen=True)
class MovePreview:
    """Where ``rider`` would land with ``factor`` and what it would score.

    ``slot`` is the place on the landing square counted from the inside (a new
    arrival rides on the outside).  ``replacement`` is the factor he would be
    given if nobody else moved any more this turn, with its ``reason``
    ("slipstream", "alone", "breakaway", "overcrowded"); riders still to move
    can change it.
    """

    rider: int
    factor: int
    start: int
    land: int
    square: int
    slot: int
    crossings: tuple[LineCrossing, ...]
    points: int
    finishes: bool
    replacement: int | None
    reason: str | None


def preview_move(state: BreakingAwayState, rider: int, factor: int) -> MovePreview:
    """The landing progress and square of ``rider`` moving ``factor``, and the points it would score now.

    Raises IllegalAction when the rider is not in the race or holds no such factor.
    """
    if rider not in state.by_id or state.by_id[rider].status != RACING:
        raise IllegalAction(Message("Rider {number} is not racing.", number=rider))
    current = state.by_id[rider]
    if factor not in current.known and factor not in current.secret:
        raise IllegalAction(Message("{rider} has no factor of {factor}.", rider=rider_name(rider), factor=factor))
    start = current.progress
    land = start + factor
    slot = sum(1 for r in state.riders if r.status == RACING and r.progress == land)
    crossings = []
    for line in state.lines:
        if start <= line.progress < land:
            place = len(state.crossings[line.key]) + 1
            points = line.points[place - 1] if place <= len(line.points) else 0
            crossings.append(LineCrossing(line.key, line.name, place, points))
    finishes = any(c.line == state.finish_line.key for c in crossings)
    replacement = reason = None
    if not finishes:
        after = state.clone()
        moved = after.by_id[rider]
        moved.progress = land
        moved.arrival = after.arrivals + 1
        for rid, value, why, _detail in after.replacements():
            if rid == rider:
                replacement, reason = value, why
    return MovePreview(rider, factor, start, land, land % SQUARES, slot, tuple(crossings),
                       sum(c.points for c in crossings), finishes, replacement, reason)


def previews_for_rider_to_move(state: BreakingAwayState) -> list[MovePreview]:
    """One preview per factor the rider to move may use now (empty outside the move phase)."""
    rider = state.to_move
    if rider is None:
        return []
    return [preview_move(state, rider.id, factor) for factor in state.allowed_factors(rider)]
