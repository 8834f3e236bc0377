"""Every thinking bot's clock counts from the start of its decision, the setup included.

A fake wall clock jumps ten seconds whenever the bot rebuilds a state from its
view (the determinization), far past any ceiling.  A bot that started its clock
only at the search loop would then search as long as ever; one that counts
from the start of ``choose`` stops at once.  Breakout's bots see the whole
wall, so there the slow setup is reading the view into a position.
"""
from __future__ import annotations

import time
from typing import Any

import pytest

import game.core.bots as core_bots
from game.core.bots import ANSWER_CEILING_SECONDS, Deadline
from game.core.protocol import GameState
from game.games import all_specs

SLOW_SETUP_SECONDS = 10.0
#: fractions of a seeded game where the hard bot is asked
POINTS = (0.05, 0.3, 0.6, 0.85)


class JumpingClock:
    """The real clocks plus a jump for every slow setup step."""

    def __init__(self) -> None:
        self.jumped = 0.0

    def __call__(self) -> tuple[float, float]:
        return time.perf_counter() + self.jumped, time.thread_time()

    def jump(self) -> None:
        self.jumped += SLOW_SETUP_SECONDS


def positions(spec: Any, seed: int = 3) -> list[GameState]:
    """States across one game of easy bots (the opening, the middle and the end)."""
    state = spec.create(spec.default_seats, {}, seed)
    actions = []
    bots = {seat: spec.make_bot("easy", seat, seed + seat) for seat in range(spec.default_seats)}
    while not state.is_over() and len(actions) < 3000:
        seat = state.current_seat()
        action = bots[seat].choose(state.view(seat), state.legal_actions())
        actions.append(action)
        state.apply(action)
    wanted = {int(len(actions) * point) for point in POINTS}
    state, found = spec.create(spec.default_seats, {}, seed), []
    for index, action in enumerate(actions):
        if index in wanted:
            found.append(state.clone())
        state.apply(action)
    return found


def counting(monkeypatch: pytest.MonkeyPatch, state_class: type, clock: JumpingClock | None) -> list[int]:
    """Count the calls of ``state_class.from_view``; each one jumps ``clock`` when given."""
    calls = [0]
    original = state_class.from_view

    def rebuilt(view: Any, seed: int) -> Any:
        calls[0] += 1
        if clock is not None:
            clock.jump()
        return original(view, seed)

    monkeypatch.setattr(state_class, "from_view", rebuilt)
    return calls


@pytest.mark.parametrize("game_id", ["breaking-away", "breakaway-rider", "leader-1"])
def test_a_slow_determinization_ends_the_decision(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = all_specs()[game_id]
    states = positions(spec)
    usual = []
    for number, state in enumerate(states):
        with monkeypatch.context() as patch:
            calls = counting(patch, spec.state_class, None)
            seat = state.current_seat()
            spec.make_bot("hard", seat, number).choose(state.view(seat), state.legal_actions())
            usual.append(calls[0])
    assert max(usual) > 3, f"no position where the hard bot samples: {usual}"
    for number, state in enumerate(states):
        clock = JumpingClock()
        with monkeypatch.context() as patch:
            patch.setattr(core_bots, "thread_clock", clock)
            calls = counting(patch, spec.state_class, clock)
            seat = state.current_seat()
            legal = state.legal_actions()
            assert spec.make_bot("hard", seat, number).choose(state.view(seat), legal) in legal
        assert calls[0] <= 2, f"{calls[0]} states rebuilt after the ceiling had passed (usually {usual[number]})"


def test_breakout_reading_the_view_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.games.breakout import bots
    spec = all_specs()["breakout"]
    state = positions(spec)[1]
    seat = state.current_seat()
    bot = bots.make_bot(spec, "hard", seat, 1)
    bot.choose(state.view(seat), state.legal_actions())
    assert bot.nodes > 64, "the usual search goes past the first look at the clock"
    clock = JumpingClock()
    monkeypatch.setattr(core_bots, "thread_clock", clock)
    original = bots.Position.__init__

    def slow_reading(position: Any, view: Any) -> None:
        clock.jump()
        original(position, view)

    monkeypatch.setattr(bots.Position, "__init__", slow_reading)
    bot = bots.make_bot(spec, "hard", seat, 1)
    assert bot.choose(state.view(seat), state.legal_actions()) in state.legal_actions()
    assert bot.nodes <= 64, "the search stopped at its first look at the clock"


def test_no_ceiling_is_longer_than_the_answer_ceiling() -> None:
    clock = JumpingClock()
    deadline = Deadline(60.0, clock=clock)
    assert not deadline.passed()
    clock.jumped = ANSWER_CEILING_SECONDS
    assert deadline.passed()
