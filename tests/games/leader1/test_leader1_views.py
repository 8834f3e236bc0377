"""The Leader 1 view is what views.py says it is, for every seat and a spectator, in a stage race."""
from __future__ import annotations

import random

from typed_views import view_problems

from game.games.leader1.spec import SPEC
from game.games.leader1.views import Leader1View


def test_every_view_of_a_seeded_stage_race_matches_its_types():
    state = SPEC.create(3, {"riders": 2, "stages": 2}, seed=5)
    pick = random.Random(5)
    phases: set[str] = set()
    steps = 0
    while steps < 3000:
        for seat in (0, 1, 2, None):
            assert view_problems(state.view(seat), Leader1View) == [], (steps, seat)
        if state.is_over():
            break
        phases.add(state.view(None)["phase"])
        legal = [action for action in state.legal_actions() if action.kind != "feed"] or state.legal_actions()
        state.apply(pick.choice(legal))
        steps += 1
    assert state.is_over() and {"setup", "ahead", "breakaway", "pursuit"} <= phases
    results = state.view(None)["stage_results"]
    assert results and "gc" in results[0]  # a stage race's keys were checked too
