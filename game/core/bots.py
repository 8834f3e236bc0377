"""Bots over the shared state API.

A bot is given only its seat's ``view`` and the legal actions.  The Monte Carlo
bot determinizes what it cannot see with ``state_class.from_view`` (a fresh
sample every iteration), tries each legal action with UCB1 at the root and
plays the rest of the game out with a rollout policy (information-set Monte
Carlo in its flat form).  Each bot owns a seeded Rng, so a game between bots is
reproducible; the time budget is only a ceiling for slow machines.

Every bot that thinks for a while counts its ceiling with a :class:`Deadline`
started on the first line of its ``choose``: rebuilding a state from the view
(determinization) and ranking candidates are part of the decision a player
waits for, not only the search loop.  On an idle machine the ceiling is never
reached, so a seed still gives the same moves; on a busy one the bot plays
what it found so far instead of keeping the player waiting.
"""
from __future__ import annotations

import copy
import math
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping

from game.i18n import Message

from .protocol import Action, GameState
from .rng import Rng

if TYPE_CHECKING:
    from .spec import GameSpec

RolloutPolicy = Callable[[GameState, Rng], Action]
Evaluator = Callable[[GameState, int], float]
#: a clock: (wall seconds, processor seconds of the calling thread)
Clock = Callable[[], tuple[float, float]]

#: no bot's decision may take longer than this on the wall clock (each game's own ceiling is lower)
ANSWER_CEILING_SECONDS = 1.0


def thread_clock() -> tuple[float, float]:
    """The wall clock and the calling thread's processor time (a bot thinks on a worker thread)."""
    return time.perf_counter(), time.thread_time()


class Deadline:
    """A decision's ceilings from the moment it starts: ``wall_seconds`` on the wall clock (what a
    player waits) and, if given, ``cpu_seconds`` of the thread's processor time, whichever comes first.
    ``clock`` may be a fake one (tests); by default :func:`thread_clock`, looked up when the decision starts."""

    __slots__ = ("clock", "wall_end", "cpu_end")

    def __init__(self, wall_seconds: float, cpu_seconds: float | None = None, clock: Clock | None = None) -> None:
        self.clock = clock or thread_clock
        wall, cpu = self.clock()
        self.wall_end = wall + min(wall_seconds, ANSWER_CEILING_SECONDS)
        self.cpu_end = math.inf if cpu_seconds is None else cpu + cpu_seconds

    def passed(self) -> bool:
        wall, cpu = self.clock()
        return wall >= self.wall_end or cpu >= self.cpu_end

    def fits(self, wall_seconds: float, cpu_seconds: float = 0.0) -> bool:
        """Whether work that takes this long would still end before the ceilings."""
        wall, cpu = self.clock()
        return wall + wall_seconds < self.wall_end and cpu + cpu_seconds < self.cpu_end


class Bot(ABC):
    """Chooses an action for one seat from that seat's view; ``reason`` may say in one line why."""

    #: set by ``choose`` where the bot can tell why it chose as it did (a hint shows it)
    reason: "Message | None" = None

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
        deadline = Deadline(self.time_budget)
        if len(legal) == 1:
            return legal[0]
        visits = [0] * len(legal)
        totals = [0.0] * len(legal)
        for iteration in range(self.iterations):
            if iteration and deadline.passed():
                break
            index = self._select(visits, totals, iteration)
            state = self.spec.state_class.from_view(view, self.rng.next_u64())
            visits[index] += 1
            totals[index] += self._playout(state, legal[index])
        best = max(range(len(legal)), key=lambda i: (totals[i] / visits[i] if visits[i] else -1.0, -i))
        self.reason = Message("Played out many times from here, it did best.")
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


#: seeds of the states rebuilt from a seat's view to put a suggested move into words
WORDING_SEEDS = (11, 23, 37)
#: what stands in a suggestion's words for a part that hangs on luck or on what the seat cannot see
UNKNOWN = "…"


@dataclass(frozen=True)
class Suggestion:
    """The hard bot's move for a seat, the log's words for it, and one line of why."""

    action: Action
    move: "Message | str"
    reason: "Message | str"


def suggest(spec: "GameSpec", view: Mapping[str, Any], legal: list[Action], seat: int, seed: int) -> Suggestion:
    """What the hard bot would play for ``seat``, from that seat's view alone (the same seed, the same move)."""
    bot = spec.make_bot("hard", seat, seed)
    action = bot.choose(view, legal)
    if len(legal) == 1:
        reason = Message("It is the only move allowed now.")
    else:
        reason = bot.reason or Message("It is the hard bot's choice from what you can see.")
    return Suggestion(action, move_words(spec, view, seat, action), reason)


def move_words(spec: "GameSpec", view: Mapping[str, Any], seat: int, action: Action) -> "Message | str":
    """The log's words for ``action``, as ``seat`` would read them, played on states rebuilt from its view.

    Only the view goes in, so no other seat's secret can come out.  The seat's own
    private line (the card it calls) is told when it is the same on every rebuilt
    state, else the first line; a part that differs between them (a die, a card
    drawn, a hidden card met) reads as "…".
    """
    firsts, privates = [], []
    for seed in WORDING_SEEDS:
        state = spec.state_class.from_view(view, seed)
        events = [event for event in state.apply(action) if event.visible(seat)]
        firsts.append(events[0].message if events else action.text())
        own = [event for event in events if event.visible_to is not None]
        privates.append(own[0].message if own else None)
    if privates[0] is not None and all(private == privates[0] for private in privates):
        return privates[0]
    return steady(firsts)


def steady(told: list["Message | str"]) -> "Message | str":
    """The words the versions in ``told`` share, with "…" for each part where they differ."""
    first = told[0]
    if all(other == first for other in told):
        return first
    messages = [other for other in told if isinstance(other, Message)]
    if not isinstance(first, Message) or len(messages) != len(told) or not all(
            other.msgid == first.msgid and other.plural == first.plural for other in messages):
        return UNKNOWN
    shared = copy.copy(first)
    shared.fields = {key: _steady_field([other.fields.get(key) for other in messages]) for key in shared.fields}
    if any(other.count != shared.count for other in messages):
        shared.count = 2  # the plural form reads right for "…"
    return shared


def _steady_field(values: list[Any]) -> Any:
    if all(value == values[0] for value in values):
        return values[0]
    if all(isinstance(value, Message) for value in values):
        return steady(values)
    return UNKNOWN
