"""Hand-built Breaking Away positions for the rulebook examples.

A position lists the riders still racing with their progress and factors, in
arrival order (of two riders on one square, the one listed first rides on the
inside).  Every other rider has retired, so the examples stay small.
"""
from __future__ import annotations

from typing import Any, Mapping

from game.games.breaking_away.riders import RACING, RESTING, RETIRED, race_order_key
from game.games.breaking_away.rules import BreakingAwayState


def race_position(num_seats: int, riders: Mapping[int, tuple[int, list[int]]], *, turn: int = 2,
                  sole_leader: int | None = None, options: Mapping[str, Any] | None = None,
                  points: list[int] | None = None) -> BreakingAwayState:
    """A normal race in the move phase of ``turn`` with ``riders`` = {rider: (progress, factors)}."""
    state = BreakingAwayState.new(num_seats, options or {}, seed=1)
    for rider in state.riders:
        rider.status = RETIRED
    for rid, (progress, factors) in riders.items():
        rider = state.by_id[rid]
        rider.status = RACING
        rider.progress = progress
        rider.known = list(factors)
        rider.arrival = state._next_arrival()
    return _racing(state, turn, sole_leader, points)


def madison_position(num_seats: int, teams: Mapping[int, Mapping[str, Any]], *, turn: int = 2,
                     points: list[int] | None = None) -> BreakingAwayState:
    """A Madison in the move phase: ``teams`` = {seat: {"rider", "progress", "factors", "relief",
    "relief_factors", "changed_lap"}}; riders listed earlier arrived earlier.  Unlisted teams have retired."""
    state = BreakingAwayState.new(num_seats, {"mode": "madison"}, seed=1)
    for rider in state.riders:
        rider.status = RETIRED
        rider.rank = 1 if rider.number == 1 else 2
    for seat, team in teams.items():
        racer = state.by_id[team["rider"]]
        partner = next(r for r in state.team(seat) if r is not racer)
        racer.status, racer.progress, racer.known = RACING, team["progress"], list(team["factors"])
        racer.arrival = state._next_arrival()
        partner.status, partner.relief_square = RESTING, team["relief"]
        partner.known = list(team.get("relief_factors", [5, 5, 5]))
        state.changed_lap[seat] = team.get("changed_lap", -1)
    return _racing(state, turn, None, points)


def _racing(state: BreakingAwayState, turn: int, sole_leader: int | None,
            points: list[int] | None) -> BreakingAwayState:
    state.sealed = [True] * state.num_seats
    state.first_player = 0
    racing = state.racing()
    state.phase = "move"
    state.race_turn = turn
    state.sole_leader = sole_leader
    state.order = [r.id for r in sorted(racing, key=race_order_key)]
    if points is not None:
        state.points = list(points)
    return state


def arrive_in_order(state: BreakingAwayState, riders: list[int]) -> None:
    """Re-stack riders who share squares: the ones listed first arrived first (inside)."""
    for rid in riders:
        state.by_id[rid].arrival = state._next_arrival()
    state.order = [r.id for r in sorted(state.racing(), key=race_order_key)]
