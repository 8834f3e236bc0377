"""Leader 1 bots: legal, reproducible, quick, and sensible at the decisions that matter."""
from __future__ import annotations

import time

import pytest

from game.core.match import Match, default_seats
from game.core.protocol import act
from game.games.leader1.bots import (
    CLOCK_STEPS, HARD_SECONDS, HARD_WALL_SECONDS, INFINITE, HardBot, NormalBot, make_bot, solo_cost,
)
from game.games.leader1.movement import FINISH
from game.games.leader1.rules import Leader1State
from game.games.leader1.spec import SPEC
from leader1_helpers import (
    ARRIVAL, DOWNHILL, MOUNTAIN, PLAIN, PLAIN_2, RISE, in_peloton, put, race_with, refresh, to_move,
)


def play(controllers: list[str], seed: int, options: dict | None = None, budget: float = 1.0) -> Match:
    match = Match(SPEC, default_seats(SPEC, controllers), options or {}, seed, bot_budget_scale=budget)
    while not match.is_over():
        action = match.bot_decision()()
        assert action in match.state.legal_actions()
        match.apply(action)
    return match


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_each_level_finishes_a_race_the_same_way_twice(level):
    first = play([f"bot:{level}"] * 3, seed=11, options={"riders": 2})
    second = play([f"bot:{level}"] * 3, seed=11, options={"riders": 2})
    assert [a for _, a in first.history] == [a for _, a in second.history]
    assert first.state.summary()["finish_order"]


def test_the_hard_bot_plays_a_race_within_its_time():
    match = Match(SPEC, default_seats(SPEC, ["bot:hard", "bot:easy"]), {"race": "coast-road"}, seed=2,
                  bot_budget_scale=0.1)
    slowest = 0.0
    while not match.is_over():
        decide = match.bot_decision()
        started = time.perf_counter()
        action = decide()
        if match.current_seat == 0:
            slowest = max(slowest, time.perf_counter() - started)
        match.apply(action)
    assert slowest < 1.0


def test_the_hard_bot_weighs_its_candidates_by_playouts():
    state = race_with([(0, "rouleur"), (1, "leader")], energy=30)
    bot = HardBot(SPEC, 0, "hard", seed=3, playouts=2, time_budget=5.0)
    candidates = bot.candidates(state, state.legal_actions())
    assert act("pass") in candidates and len(candidates) >= 2
    assert bot.monte_carlo(state, candidates) in candidates


def test_a_rider_in_reach_of_the_line_sprints_as_far_past_it_as_he_can_pay():
    state = race_with([(0, "rouleur"), (1, "leader")], energy=15)
    last = state.course.hexagons[ARRIVAL].rows - 1
    put(state, 0, ARRIVAL, last - 3, 1)
    to_move(state, [0])
    bot = NormalBot(SPEC, 0, "normal", seed=1)
    action = bot.decide(state, state.legal_actions())
    best = max(o.target for o in state.move_options(0).values() if o.kind == FINISH and o.energy_needed <= 15)
    assert action == act("finish", best)


def test_the_peloton_leader_chases_a_rival_clear_ahead_but_not_his_own_rider():
    state = race_with([(0, "rouleur"), (1, "leader")])
    put(state, 1, PLAIN, 2, 1)
    state.phase = "pursuit"
    refresh(state)
    bot = NormalBot(SPEC, 0, "normal", seed=1)
    assert bot.decide(state, state.legal_actions()) == act("pursue")
    put(state, 0, PLAIN, 6, 1)
    assert bot.decide(state, state.legal_actions()) == act("roll")


def test_a_rouleur_out_front_on_a_pass_does_not_gamble_on_a_crack():
    state = race_with([(0, "rouleur"), (1, "climber")], energy=30)
    put(state, 0, MOUNTAIN, 0, 0)
    in_peloton(state, 1)
    to_move(state, [0])
    action = NormalBot(SPEC, 0, "normal", seed=1).decide(state, state.legal_actions())
    chosen = state.move_options(0)[("square", action.args[0])]
    assert not chosen.crack


def test_solo_cost_knows_when_a_breakaway_cannot_last():
    state = race_with([(0, "rouleur"), (1, "leader")], energy=40)
    rouleur = state.riders[0]
    near = state.course.squares[state.peloton_first_squares()[0]].grow
    assert solo_cost(state, rouleur, near, state.peloton, rouleur.energy) == INFINITE
    far = state.course.row_offsets[PLAIN] + 8
    cost = solo_cost(state, rouleur, far, state.peloton, rouleur.energy)
    assert 0 < cost < INFINITE
    assert solo_cost(state, rouleur, far, state.peloton, 3) == INFINITE


def test_make_bot_gives_every_level():
    for level in ("easy", "normal", "hard"):
        assert make_bot(SPEC, level, 0, 1).level == level
    assert SPEC.make_bot("hard", 0, 1, 0.25).playouts == 6


@pytest.mark.parametrize("order, row", [(RISE, 2), (DOWNHILL, 0), (PLAIN_2, 2)])
def test_the_hard_bot_spends_spare_energy_on_a_lead_the_normal_bot_rides_economically(order, row):
    """Clear of the peloton with energy beyond the ride to the line, a row gained is worth paying for
    (energy left at the line wins nothing): hard pays for more road, normal rides its free squares."""
    state = race_with([(0, "rouleur"), (1, "leader")], energy=30)
    put(state, 0, order, row, 1)
    in_peloton(state, 1)
    to_move(state, [0])
    legal = state.legal_actions()
    hard = HardBot(SPEC, 0, "hard", seed=1).decide(state, legal)
    normal = NormalBot(SPEC, 0, "normal", seed=1).decide(state, legal)
    options = state.move_options(0)
    hard_option, normal_option = options[("square", hard.args[0])], options[("square", normal.args[0])]
    grow = state.course.squares
    assert grow[hard_option.target].grow > grow[normal_option.target].grow
    assert hard_option.cost > 0 and normal_option.cost == 0
    assert solo_cost(state, state.riders[0], grow[hard_option.target].grow, state.peloton,
                     30 - hard_option.cost) < INFINITE, "the lead bought still leaves the ride to the line"


def test_the_hard_bot_keeps_its_heuristic_choice_when_the_playouts_cannot_tell():
    """Without enough playouts to be sure, hard plays its heuristic's choice, never an untested breakaway."""
    state = race_with([(0, "rouleur"), (1, "leader")], energy=30)
    state.phase = "breakaway"
    state.breakaway_seats = [0]
    refresh(state)
    bot = HardBot(SPEC, 0, "hard", seed=3, playouts=2, time_budget=5.0)
    candidates = bot.candidates(state, state.legal_actions())
    heuristic = NormalBot.decide(bot, state, state.legal_actions())
    assert candidates[0] == heuristic == act("pass")
    assert bot.monte_carlo(state, candidates) == heuristic


def breakaway_position():
    """Turn 1 of the test road, seat 0 to answer the breakaway phase (several candidates to weigh)."""
    state = race_with([(0, "rouleur"), (1, "leader")], energy=30)
    state.phase = "breakaway"
    state.breakaway_seats = [0]
    refresh(state)
    return state


class FakeClock:
    """Time that passes only with the work done: every state.apply costs ``wall`` and ``cpu`` seconds."""

    def __init__(self, wall: float, cpu: float) -> None:
        self.step_wall, self.step_cpu = wall, cpu
        self.wall = self.cpu = 0.0
        self.steps = 0

    def __call__(self) -> tuple[float, float]:
        return self.wall, self.cpu

    def tick(self) -> None:
        self.steps += 1
        self.wall += self.step_wall
        self.cpu += self.step_cpu


def decide_on(clock: FakeClock, monkeypatch, bot: HardBot | None = None):
    """A hard decision in :func:`breakaway_position` with ``clock`` moving at every state.apply."""
    state = breakaway_position()
    apply = Leader1State.apply

    def slow_apply(self, action):
        clock.tick()
        return apply(self, action)

    monkeypatch.setattr(Leader1State, "apply", slow_apply)
    bot = bot or HardBot(SPEC, 0, "hard", seed=3, clock=clock)
    legal = state.legal_actions()
    action = bot.choose(state.view(0), legal)
    assert action in legal
    return action


@pytest.mark.parametrize("wall, cpu, ceiling", [(0.040, 0.010, HARD_WALL_SECONDS),  # a busy machine: the wall first
                                                (0.020, 0.020, HARD_SECONDS)])  # a quiet one: the processor first
def test_a_hard_decision_stops_at_its_first_ceiling_inside_a_playout(monkeypatch, wall, cpu, ceiling):
    """With a clock that moves only when the bot works, and steps so slow that not even one round of
    playouts fits, the decision ends at whichever ceiling comes first, within the few playout steps
    between two looks at the clocks (deterministic, whatever the machine)."""
    clock = FakeClock(wall, cpu)
    action = decide_on(clock, monkeypatch)
    spent, step = (clock.wall, wall) if ceiling == HARD_WALL_SECONDS else (clock.cpu, cpu)
    assert ceiling <= spent <= ceiling + CLOCK_STEPS * step + 1e-9, (clock.wall, clock.cpu, clock.steps)
    assert clock.wall < HARD_WALL_SECONDS + CLOCK_STEPS * wall + 1e-9
    assert clock.cpu < HARD_SECONDS + CLOCK_STEPS * cpu + 1e-9
    assert action == act("pass"), "no full round: the heuristic's choice stands"


@pytest.mark.parametrize("wall, cpu", [(0.002, 0.001), (0.0005, 0.0005)])
def test_a_hard_decision_with_quick_steps_plays_rounds_and_stays_under_both_ceilings(monkeypatch, wall, cpu):
    clock = FakeClock(wall, cpu)
    decide_on(clock, monkeypatch)
    assert clock.steps > 100
    assert clock.wall < HARD_WALL_SECONDS + CLOCK_STEPS * wall + 1e-9
    assert clock.cpu < HARD_SECONDS + CLOCK_STEPS * cpu + 1e-9


def test_a_hard_decision_on_the_real_clock_ends_well_under_a_second():
    """The same position at full budget on the machine's own clocks (a generous bound: shared machines)."""
    state = breakaway_position()
    legal = state.legal_actions()
    started, started_cpu = time.perf_counter(), time.thread_time()
    action = make_bot(SPEC, "hard", 0, 5).choose(state.view(0), legal)
    took, took_cpu = time.perf_counter() - started, time.thread_time() - started_cpu
    assert action in legal
    assert took_cpu < HARD_SECONDS + 0.15
    assert took < 2.0
