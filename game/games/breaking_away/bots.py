"""Breaking Away bots: each plays its whole team, from the sheet to the finish.

What a good rider knows, and the heuristic below encodes:

* A move never changes a rider's *potential* (squares travelled plus factors in
  hand): it only turns a factor into squares.  What does change it is the
  replacement factor, so most turns are about landing where the replacement is
  large: at the back of an unbroken run of riders (3 + the riders ahead), or
  clear at the front on the turn of a breakaway (the lead).
* Points go in crossing order, and riders move front to back, so the first
  rider in front with a factor long enough takes the line.  Crossing now beats
  waiting; being placed to cross next turn, ahead of the rivals, comes next.

The levels:

* easy: a random valid sheet; each move is the best-looking slipstream half the
  time and any factor the other half;
* normal: a sensible sheet and the full heuristic (points now, replacement
  expected, next turn's sprint chances);
* hard: the same sheet and, for every move, a Monte Carlo comparison of its
  factors: the hidden sheets of the other teams are sampled from what the
  table has seen, every factor is played in the same sampled races (common
  random numbers keep the comparison fair) and the race is played out by the
  heuristic with a little noise.  Its budget is a number of sampled races
  (deterministic for a seed); the clock is only a ceiling for slow machines.

Retirement votes: the bots agree exactly when the cyclist can no longer score
(see :func:`can_no_longer_score`) and never propose one themselves.
"""
from __future__ import annotations

import time

from game.core.bots import Bot, Deadline
from game.core.protocol import Action, act
from game.core.rng import Rng
from game.core.spec import GameSpec
from game.i18n import Message

from .allocation import limit_for
from .data import BASE_REPLACEMENT, SQUARES
from .riders import lap_of
from .rules import BreakingAwayState, can_no_longer_score
from .sim import ON_TRACK, RaceSim
from .views import BreakingAwayView

#: starting sheets the normal and hard bots choose from, per cyclist rank (values in the order written):
#: one long factor to get clear early, small ones to sit in the pack; they beat flat sheets in simulation
GOOD_SHEETS: dict[int, tuple[tuple[int, ...], ...]] = {
    1: ((15, 8, 5, 2), (15, 8, 6, 1), (14, 10, 6)),
    2: ((13, 7, 5), (12, 8, 5), (14, 8, 3)),
    3: ((12, 5, 3), (11, 6, 3), (13, 5, 2)),
    4: ((10, 4, 2), (9, 4, 3), (11, 3, 2)),
}

#: heuristic weights: one square of replacement is worth this many points
REPLACEMENT_WEIGHT = 0.6
#: points a rider placed to cross next turn may expect, as a share of the place's points
NEXT_TURN_SHARE = 0.5
#: a little preference for keeping a long factor in hand
LONGEST_FACTOR_WEIGHT = 0.05

#: Monte Carlo: sampled races per decision at full budget, and the clock ceiling (no sampled race is
#: started that would likely end after it)
HARD_WORLDS = 24
HARD_SECONDS = 0.5
ROLLOUT_NOISE = 0.1
EASY_RANDOM_SHARE = 0.5
#: Madison: change over when the lap ends within this many squares and no change was made in it
CHANGE_BEFORE_LAP_END = 12
#: Madison relief squares in order of preference: just before the start line, where changes matter most
RELIEF_PREFERENCE = tuple(range(SQUARES - 1, -1, -1))


def move_scores(sim: RaceSim, rider: int, factors: list[int], full: bool) -> list[float]:
    """The heuristic value of each factor (``full``: with next turn's sprint prospects)."""
    occupancy = sim.occupancy
    start = sim.progress[rider]
    front = max(occupancy)
    if front == start and occupancy[start] == 1:
        front = max((p for p in occupancy if p != start), default=None)
    chase = front
    if sim.rival_bonus:
        mine, seat, status, progress = sim.seat[rider], sim.seat, sim.status, sim.progress
        chase = max((progress[i] for i in range(len(status)) if status[i] == ON_TRACK and seat[i] != mine),
                    default=None)
    lines, crossed, tables = sim.line_progress, sim.crossed, sim.line_points
    last = len(lines) - 1
    scores = []
    for factor in factors:
        land = start + factor
        score = 0.0
        finishing = False
        for j, line in enumerate(lines):
            if start <= line < land:
                if crossed[j] < len(tables[j]):
                    score += tables[j][crossed[j]]
                finishing = j == last
        if finishing:
            scores.append(score)
            continue
        if front is None or land > front:
            replacement = land - chase if chase is not None and rider != sim.sole_leader else BASE_REPLACEMENT
        else:
            replacement = BASE_REPLACEMENT
            square = land + 1
            while square in occupancy:
                replacement += occupancy[square]
                square += 1
        score += REPLACEMENT_WEIGHT * replacement
        if full:
            hand = list(sim.hand[rider])
            hand.remove(factor)
            hand.append(replacement)
            longest = max(hand)
            score += NEXT_TURN_SHARE * next_turn_prospect(sim, land, longest)
            score += LONGEST_FACTOR_WEIGHT * longest
        scores.append(score)
    return scores


def next_turn_prospect(sim: RaceSim, land: int, longest: int) -> float:
    """Points a rider landing on ``land`` may expect at the next line, if his longest factor reaches it."""
    for j, line in enumerate(sim.line_progress):
        if land <= line:
            taken = sim.crossed[j]
            table = sim.line_points[j]
            if taken >= len(table) or longest <= line - land:
                return 0.0
            place = taken + sum(n for p, n in sim.occupancy.items() if land < p <= line)
            return float(table[place]) if place < len(table) else 0.0
    return 0.0


def heuristic_factor(sim: RaceSim, rider: int, factors: list[int], rng: Rng, noise: float,
                     full: bool = True) -> int:
    scores = move_scores(sim, rider, factors, full)
    if noise:
        scores = [s + noise * rng.random() * 10 for s in scores]
    best = max(range(len(factors)), key=lambda i: (scores[i], -factors[i]))
    return factors[best]


def change_is_worth_it(sim: RaceSim, seat: int) -> bool:
    """Madison: hand over when the partner holds more, or before the lap ends without a change."""
    active = sim.active(seat)
    partner = sim.partner[active]
    if sum(sim.hand[partner]) > sum(sim.hand[active]):
        return True
    progress = sim.progress[active]
    lap_end = (lap_of(progress) + 1) * SQUARES
    return sim.changed_lap[seat] < lap_of(progress) and lap_end - progress <= CHANGE_BEFORE_LAP_END


def playout(sim: RaceSim, rng: Rng, noise: float) -> None:
    """Play the race out with the heuristic for every team."""
    while not sim.over:
        rider = sim.order[0]
        factors = sim.allowed(rider)
        factor = factors[0] if len(factors) == 1 else heuristic_factor(sim, rider, factors, rng, noise)
        sim.move(rider, factor, change_is_worth_it)


def race_value(sim: RaceSim, seat: int) -> float:
    """1 for a win, 0 for last place, plus a little for the points margin (it steadies the averages)."""
    ranks = sim.ranks()
    n = len(ranks)
    best_other = max(p for s, p in enumerate(sim.points) if s != seat)
    return (n - ranks[seat]) / (n - 1) + 0.01 * (sim.points[seat] - best_other)


class BreakingAwayBot(Bot):
    """One bot for the three levels; the level decides the sheet and how moves are weighed."""

    def __init__(self, spec: GameSpec, seat: int, level: str, seed: int, budget_scale: float = 1.0) -> None:
        super().__init__(spec, seat, level, seed)
        self.worlds = max(2, round(HARD_WORLDS * budget_scale))
        #: the clock of the decision under way, started by ``choose``
        self.deadline = Deadline(HARD_SECONDS)

    def choose(self, view: BreakingAwayView, legal: list[Action]) -> Action:
        self.deadline = Deadline(HARD_SECONDS)  # rebuilding the race from the view counts too
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "allocate":
            return self.sheet_step(view, legal)
        state = BreakingAwayState.from_view(view, self.rng.next_u64())
        if phase == "vote":
            assert state.vote is not None
            return act("agree") if can_no_longer_score(state, state.by_id[state.vote["rider"]]) else act("refuse")
        if phase == "change":
            return act("change") if change_is_worth_it(RaceSim.from_state(state), self.seat) else act("stay")
        if phase == "place":
            return self.placement(state, legal)
        return self.move(view, state, legal)

    # the sheet
    def sheet_step(self, view: BreakingAwayView, legal: list[Action]) -> Action:
        if legal[0].kind == "ranks":
            return act("ranks", 1, 2)
        number = int(legal[0].args[0])
        mine = next(r for r in view["riders"] if r["seat"] == self.seat and r["number"] == number)
        drafted = list(mine["factors"] or [])
        values = [int(a.args[1]) for a in legal]
        if self.level == "easy":
            return act("factor", number, self.rng.choice(values))
        plans = [p for p in GOOD_SHEETS[mine["rank"]] if sorted(p[: len(drafted)]) == sorted(drafted)]
        if plans:
            return act("factor", number, self.rng.choice(plans)[len(drafted)])
        target = limit_for(mine["rank"])
        share = (target.total - sum(drafted)) / max(1, min(target.counts) - len(drafted))
        return act("factor", number, min(values, key=lambda v: abs(v - share)))

    # Madison placement
    def placement(self, state: BreakingAwayState, legal: list[Action]) -> Action:
        if legal[0].kind == "starter":
            return act("starter", min(state.team(self.seat), key=lambda r: r.rank).id)
        free = {int(a.args[0]) for a in legal}
        if self.level == "easy":
            return act("relief", self.rng.choice(sorted(free)))
        return act("relief", next(s for s in RELIEF_PREFERENCE if s in free))

    # moving
    def move(self, view: BreakingAwayView, state: BreakingAwayState, legal: list[Action]) -> Action:
        moves = [a for a in legal if a.kind == "move"]
        rider_id = int(moves[0].args[0])
        factors = [int(a.args[1]) for a in moves]
        if len(factors) == 1:
            return moves[0]
        sim = RaceSim.from_state(state)
        rider = sim.ids.index(rider_id)
        if self.level == "easy":
            if self.rng.random() < EASY_RANDOM_SHARE:
                return act("move", rider_id, self.rng.choice(factors))
            return act("move", rider_id, heuristic_factor(sim, rider, factors, self.rng, 0.0, full=False))
        if self.level == "normal":
            return act("move", rider_id, heuristic_factor(sim, rider, factors, self.rng, 0.0))
        return act("move", rider_id, self.sampled_best(view, rider, factors))

    def sampled_best(self, view: BreakingAwayView, rider: int, factors: list[int]) -> int:
        """Every factor played out in the same sampled races; the best average result wins."""
        totals = [0.0] * len(factors)
        last_world = 0.0
        for world in range(self.worlds):
            started = time.perf_counter()
            if world and not self.deadline.fits(last_world):
                break
            base = RaceSim.from_state(BreakingAwayState.from_view(view, self.rng.next_u64()))
            seed = self.rng.next_u64()
            for i, factor in enumerate(factors):
                sim = base.clone()
                sim.move(rider, factor, change_is_worth_it)
                playout(sim, Rng(seed), ROLLOUT_NOISE)
                totals[i] += race_value(sim, self.seat)
            last_world = time.perf_counter() - started
        best = max(range(len(factors)), key=lambda i: (totals[i], -factors[i]))
        self.reason = Message("Played out in many sampled races, this factor did best.")
        return factors[best]


def make_bot(level: str, seat: int, seed: int, budget_scale: float = 1.0) -> Bot:
    from .spec import SPEC
    return BreakingAwayBot(SPEC, seat, level, seed, budget_scale)
