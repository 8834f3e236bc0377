"""Bots over the shared state API.

A bot is given only its seat's ``view`` and the legal actions.  The Monte Carlo
bot determinizes what it cannot see with ``state_class.from_view`` (a fresh
sample every iteration), tries each legal action with UCB1 at the root and
plays the rest of the game out with a rollout policy (information-set Monte
Carlo in its flat form).  Each bot owns a seeded Rng, so a game between bots is
reproducible; the time budget is only a ceiling for slow machines.
"""
from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Callable, Mapping

from .protocol import Action, GameState
from .rng import Rng

if TYPE_CHECKING:
    from .spec import GameSpec

RolloutPolicy = Callable[[GameState, Rng], Action]
Evaluator = Callable[[GameState, int], float]


class Bot(ABC):
    """Chooses an action for one seat from that seat's view."""

    def __init__(self, spec: "GameSpec", seat: int, level: str, seed: int) -> None:
        self.spec = spec
        self.seat = seat
        self.level = level
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """The action to play; ``legal`` is never empty."""


class RandomBot(Bot):
    """Uniformly random legal moves: the conformance suite's player."""

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)


def random_rollout(state: GameState, rng: Rng) -> Action:
    return rng.choice(state.legal_actions())


class MonteCarloBot(Bot):
    """Determinized flat Monte Carlo with UCB1 over the root actions."""

    def __init__(self, spec: "GameSpec", seat: int, level: str, seed: int, *,
                 iterations: int = 300, time_budget: float = 0.9, rollout_depth: int = 400,
                 rollout_policy: RolloutPolicy = random_rollout, evaluate: Evaluator | None = None,
                 exploration: float = 0.7) -> None:
        super().__init__(spec, seat, level, seed)
        self.iterations = iterations
        self.time_budget = time_budget
        self.rollout_depth = rollout_depth
        self.rollout_policy = rollout_policy
        self.evaluate = evaluate
        self.exploration = exploration

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        visits = [0] * len(legal)
        totals = [0.0] * len(legal)
        deadline = time.perf_counter() + self.time_budget
        for iteration in range(self.iterations):
            if iteration >= len(legal) and time.perf_counter() > deadline:
                break
            index = self._select(visits, totals, iteration)
            state = self.spec.state_class.from_view(view, self.rng.next_u64())
            visits[index] += 1
            totals[index] += self._playout(state, legal[index])
        best = max(range(len(legal)), key=lambda i: (totals[i] / visits[i] if visits[i] else -1.0, -i))
        return legal[best]

    def _select(self, visits: list[int], totals: list[float], iteration: int) -> int:
        for i, n in enumerate(visits):
            if n == 0:
                return i
        log_n = math.log(iteration + 1)
        return max(range(len(visits)),
                   key=lambda i: totals[i] / visits[i] + self.exploration * math.sqrt(log_n / visits[i]))

    def _playout(self, state: GameState, first: Action) -> float:
        state.apply(first)
        depth = 0
        while not state.is_over() and depth < self.rollout_depth:
            state.apply(self.rollout_policy(state, self.rng))
            depth += 1
        if self.evaluate is not None and not state.is_over():
            return self.evaluate(state, self.seat)
        return state.outcome().value_for(self.seat)


#: per level: (iterations, time budget in seconds); "hard" stays within 1 s a move
LEVEL_BUDGETS: dict[str, tuple[int, float]] = {"normal": (80, 0.4), "hard": (400, 0.9)}


def generic_bot(spec: "GameSpec", level: str, seat: int, seed: int, budget_scale: float = 1.0) -> Bot:
    """The shared bots: random for easy, Monte Carlo for normal and hard."""
    if level == "easy":
        return RandomBot(spec, seat, level, seed)
    iterations, seconds = LEVEL_BUDGETS[level]
    return MonteCarloBot(spec, seat, level, seed, iterations=max(1, int(iterations * budget_scale)),
                         time_budget=seconds)
