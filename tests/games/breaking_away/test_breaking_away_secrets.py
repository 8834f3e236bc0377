"""Secret factors stay secret: a seat's view never holds another seat's unused starting values."""
from __future__ import annotations

import json

from game.core.protocol import act
from game.core.rng import Rng
from game.games.breaking_away.riders import RACING
from game.games.breaking_away.rules import BreakingAwayState


def race_after(seed: int, actions: int, **options) -> BreakingAwayState:
    state = BreakingAwayState.new(3, options, seed)
    rng = Rng(seed)
    while state.phase == "allocate" or (actions > 0 and not state.is_over()):
        legal = [a for a in state.legal_actions() if a.kind != "retire"]
        state.apply(rng.choice(legal))
        actions -= state.phase != "allocate"
    return state


def shuffle_secret(state: BreakingAwayState, seat: int) -> bool:
    """Move one point between two unused starting values of a rider of ``seat`` (same count, same sum)."""
    for rider in state.team(seat):
        values = rider.secret
        for i in range(len(values)):
            for j in range(len(values)):
                if i != j and values[i] < 15 and values[j] > 1 and values[i] + 1 != values[j]:
                    values[i] += 1
                    values[j] -= 1
                    return True
    return False


def test_another_seats_unused_starting_values_never_reach_a_view():
    changed = 0
    for seed in range(30):
        state = race_after(seed, 3 + seed % 20)
        for seat in range(3):
            for other in range(3):
                if other == seat:
                    continue
                before = json.dumps(state.view(seat), sort_keys=True)
                spectator = json.dumps(state.view(None), sort_keys=True)
                twin = state.clone()
                if shuffle_secret(twin, other):
                    changed += 1
                    assert json.dumps(twin.view(seat), sort_keys=True) == before
                    assert json.dumps(twin.view(None), sort_keys=True) == spectator
                    assert twin.view(other) != state.view(other)
        for seat in range(3):
            for rider in state.view(seat)["riders"]:
                assert (rider["factors"] is None) == (rider["seat"] != seat)
    assert changed > 50


def test_replacement_factors_are_announced_to_the_table():
    state = race_after(1, 30)
    for rider in state.riders:
        if rider.status == RACING:
            seen = next(r for r in state.view((rider.seat + 1) % 3)["riders"] if r["id"] == rider.id)
            assert seen["known"] == sorted(rider.known, reverse=True)
            assert seen["starting_used"] == rider.starting_used


def test_open_factors_show_every_sheet_once_the_race_starts():
    state = BreakingAwayState.new(3, {"factors": "open"}, seed=3)
    state.apply(act("allocate", 1, 12, 10, 8))
    assert all(r["factors"] is None for r in state.view(1)["riders"] if r["seat"] == 0)
    assert state.holds_secrets(1)
    rng = Rng(3)
    events = []
    while state.phase == "allocate":
        events += state.apply(rng.choice(state.legal_actions()))
    revealed = [e for e in events if e.kind == "sheets_revealed"]
    assert revealed and revealed[0].reveals
    assert next(r for r in state.view(1)["riders"] if r["id"] == 11)["factors"] == [12, 10, 8]
    assert not state.holds_secrets(1)
    assert race_after(3, 0).holds_secrets(1), "secret factors: the curtain is needed all race"


def test_determinizing_keeps_what_the_seat_knows_and_samples_the_rest():
    state = race_after(7, 5)
    view = state.view(0)
    samples = [BreakingAwayState.from_view(view, seed) for seed in range(12)]
    for twin in samples:
        assert twin.view(0) == view
        for rider, original in zip(twin.riders, state.riders):
            if rider.seat == 0:
                assert sorted(rider.secret) == sorted(original.secret)
            else:
                assert sum(rider.secret) == sum(original.secret) and all(1 <= v <= 15 for v in rider.secret)
    assert len({json.dumps([r.secret for r in t.riders]) for t in samples}) > 1
    sheet_sizes = {len(t.by_id[21].secret) + len(t.by_id[21].starting_used) for t in samples}
    assert sheet_sizes <= {3, 4}, "cyclist 1 may have been given 3 or 4 values: the table cannot tell"
