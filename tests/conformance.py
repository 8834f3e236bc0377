"""The conformance checks every registered game must pass (and the fixture game).

Random playouts to the end with invariants after every action, clone and JSON
round-trips mid-game, determinism with the global ``random`` disturbed, illegal
actions refused without change, and views that leak neither the RNG nor what a
seat may not see.
"""
from __future__ import annotations

import json
import random
from typing import Any

from game.core.protocol import Action, GameState, IllegalAction
from game.core.rng import Rng
from game.core.spec import GameSpec

MAX_ACTIONS = 50_000


def seat_counts(spec: GameSpec) -> list[int]:
    return sorted({spec.min_seats, spec.default_seats, spec.max_seats})


def random_options(spec: GameSpec, rng: Rng) -> dict[str, Any]:
    """Defaults, with now and then a random valid choice for each option."""
    options = spec.default_options()
    for option in spec.options:
        if rng.random() < 0.3:
            if option.kind == "bool":
                options[option.key] = rng.random() < 0.5
            elif option.kind == "int":
                options[option.key] = rng.randint(option.minimum, option.maximum)
            else:
                options[option.key] = rng.choice(option.choices)
    return options


def new_game(spec: GameSpec, seed: int) -> GameState:
    rng = Rng(seed ^ 0x5EED)
    counts = seat_counts(spec)
    for _ in range(20):
        seats = rng.choice(counts)
        options = random_options(spec, rng)
        if not spec.setup_problems(seats, options):
            return spec.create(seats, options, seed)
    return spec.create(spec.default_seats, spec.default_options(), seed)


def snapshot(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def contains_key(data: Any, key: str) -> bool:
    if isinstance(data, dict):
        return key in data or any(contains_key(v, key) for v in data.values())
    if isinstance(data, (list, tuple)):
        return any(contains_key(v, key) for v in data)
    return False


def check_illegal_refused(state: GameState) -> None:
    legal = state.legal_actions()
    before = snapshot(state)
    candidates = [Action("no-such-move"), Action("no-such-move", (1, "x"))]
    for action in legal[:3]:
        candidates.append(Action(action.kind, action.args + (999,)))
        candidates.append(Action(action.kind, tuple(999 if isinstance(a, int) else "zzz" for a in action.args)))
    for action in candidates:
        if action in legal:
            continue
        try:
            state.apply(action)
        except IllegalAction as exc:
            assert str(exc).strip(), f"{action.text()} refused without a reason"
        else:
            raise AssertionError(f"{state.game_id}: illegal '{action.text()}' was accepted")
        assert snapshot(state) == before, f"{state.game_id}: refusing '{action.text()}' changed the state"


def check_views(state: GameState, seed: int) -> None:
    cls = type(state)
    for seat in list(range(state.num_seats)) + [None]:
        view = state.view(seat)
        json.dumps(view)
        assert not contains_key(view, "rng"), f"{state.game_id}: view({seat}) exposes the RNG"
        if seat is None:
            continue
        twin = cls.from_view(view, seed)
        assert twin.view(seat) == view, f"{state.game_id}: from_view(view({seat})) is not consistent with the view"
        assert twin.current_seat() == state.current_seat()
        if state.current_seat() == seat:
            assert sorted(twin.legal_actions()) == sorted(state.legal_actions()), \
                f"{state.game_id}: a determinization changed the legal moves"


def check_round_trips(state: GameState, rng: Rng) -> None:
    clone = state.clone()
    assert clone == state
    loaded = type(state).from_json(json.loads(json.dumps(state.to_json())))
    assert loaded == state
    if state.is_over():
        return
    action = rng.choice(state.legal_actions())
    events_a = [e.to_json() for e in clone.apply(action)]
    events_b = [e.to_json() for e in loaded.apply(action)]
    assert events_a == events_b and clone == loaded, f"{state.game_id}: a loaded game continued differently"


def playout(spec: GameSpec, seed: int, deep_checks: int = 2) -> GameState:
    """One random game to the end with every check; returns the final state."""
    state = new_game(spec, seed)
    rng = Rng(seed)
    check_points = {rng.randrange(200) for _ in range(deep_checks)} | {0}
    steps = 0
    while not state.is_over():
        assert steps < MAX_ACTIONS, f"{spec.id} seed {seed}: no end after {MAX_ACTIONS} actions"
        legal = state.legal_actions()
        assert legal, f"{spec.id} seed {seed}: no legal action at step {steps} before the end"
        if steps in check_points:
            check_round_trips(state, rng.fork())
            check_illegal_refused(state)
            check_views(state, seed + steps)
        state.apply(rng.choice(legal))
        state.check_invariants()
        steps += 1
    assert state.current_seat() is None and state.legal_actions() == [] or state.is_over()
    outcome = state.outcome()
    assert len(outcome.ranks) == state.num_seats and all(1 <= r <= state.num_seats for r in outcome.ranks)
    json.dumps(state.summary())
    return state


def play_actions(spec: GameSpec, seed: int, disturb: bool) -> str:
    state = new_game(spec, seed)
    rng = Rng(seed + 1)
    while not state.is_over():
        if disturb:
            random.seed(random.random())
            random.random()
        state.apply(rng.choice(state.legal_actions()))
    return snapshot(state)


def check_determinism(spec: GameSpec, seed: int) -> None:
    random.seed(1)
    first = play_actions(spec, seed, disturb=False)
    random.seed(99)
    second = play_actions(spec, seed, disturb=True)
    assert first == second, f"{spec.id} seed {seed}: same seed and moves gave a different game"


def check_hidden_parts_vary(spec: GameSpec, seed: int) -> bool:
    """For games with secrets: determinizing from a seat's view really resamples something."""
    state = new_game(spec, seed)
    rng = Rng(seed)
    for _ in range(rng.randrange(30)):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.is_over():
        return False
    seat = state.current_seat()
    assert seat is not None
    view = state.view(seat)
    samples = {snapshot(type(state).from_view(view, seed + k)) for k in range(8)}
    return len(samples) > 1
