"""Hand-built Leader 1 positions for the rule tests.

The test road is saved as a user race (the tests' home folder is temporary),
so states built on it also survive JSON round trips and determinization:
start, plain, ground rise, mountain pass (category 2), downhill, plain,
flat arrival.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from game.core.rng import Rng
from game.games.leader1.races import Token, draft_race, save_user_race
from game.games.leader1.rules import PELOTON, ROAD, Leader1State, Rider

TEST_HEXAGONS = ("start", "plain-straight", "rise-straight", "mountain-straight", "downhill-straight",
                 "plain-straight", "arrival-flat")
START, PLAIN, RISE, MOUNTAIN, DOWNHILL, PLAIN_2, ARRIVAL = range(7)


def road_key() -> str:
    race = draft_race("Test road", TEST_HEXAGONS, [Token("climb", MOUNTAIN, 0, 2), Token("feed", PLAIN_2, 4),
                                                   Token("bonus", PLAIN, 4)])
    return save_user_race(race, "test-road")


class ScriptedRng(Rng):
    """An Rng whose ``randrange`` answers come from a list (die faces are index + 1 on a plain die)."""

    def __init__(self, answers: Iterable[int]) -> None:
        super().__init__(0)
        self.answers = list(answers)

    def randrange(self, n: int) -> int:
        if self.answers:
            return self.answers.pop(0) % n
        return super().randrange(n)


def race_with(kinds: list[tuple[int, str]], seats: int = 2, energy: int = 40,
              specialities: dict[int, str] | None = None) -> Leader1State:
    """A state on the test road, turn 1, riders of the given (seat, type) all in the peloton."""
    state = Leader1State.new(seats, {"race": road_key(), "riders": 1}, seed=7)
    state.riders = [Rider(i, seat, kind) for i, (seat, kind) in enumerate(kinds)]
    for rider_id, speciality in (specialities or {}).items():
        state.riders[rider_id].speciality = speciality
    state.setup_done = list(range(seats))
    state.leader_seat = 0
    state._start_stage()
    for rider in state.riders:
        rider.energy = energy
    refresh(state)
    state._settle()
    refresh(state)
    return state


def square(state: Leader1State, order: int, row: int, lane: int) -> int:
    return state.course.square_at(order, row, lane)


def put(state: Leader1State, rider_id: int, order: int, row: int, lane: int) -> None:
    """Place a rider on the road (the peloton stays at the start, behind everyone)."""
    rider = state.riders[rider_id]
    rider.place = ROAD
    rider.square = square(state, order, row, lane)
    state.stamp_counter += 1
    rider.stamp = state.stamp_counter
    refresh(state)


def to_move(state: Leader1State, rider_ids: list[int], phase: str = "ahead") -> None:
    """Make these riders the ones still to move in this phase, front first as the rules sort them."""
    state.phase = phase
    state.pending = list(rider_ids)
    if phase == "behind":
        state.behind_group = list(rider_ids)
    refresh(state)
    state._settle()
    refresh(state)


def in_peloton(state: Leader1State, rider_id: int) -> None:
    state.riders[rider_id].place = PELOTON
    state.riders[rider_id].square = -1
    refresh(state)


def refresh(state: Leader1State) -> None:
    """Forget the moves worked out (and the queue sorted) before a test changed the position by hand."""
    state._forget()
    state._sorted_queue = ()


def random_race_positions(seeds: Iterable[int], options: dict[str, Any]) -> Iterator[Leader1State]:
    """Every position of seeded four-seat random races, each move then chosen by ``Rng(seed)``: where the
    tests compare two ways the engine works the same thing out."""
    from game.games.leader1.spec import SPEC
    for seed in seeds:
        state = SPEC.create(4, options, seed)
        rng = Rng(seed)
        while not state.is_over():
            yield state
            state.apply(rng.choice(state.legal_actions()))
