"""The Football view is what views.py says it is, for both coaches and a spectator, in every phase."""
from __future__ import annotations

import random

from typed_views import view_problems

from game.games.football.spec import SPEC
from game.games.football.views import FootballView


def test_every_view_of_seeded_games_matches_its_types():
    phases: set[str] = set()
    for seed in range(4):
        state = SPEC.create(2, {"team_1": "Lightning", "team_2": "Fire", "ice_the_kicker": True,
                                "coffin_corner": True}, seed=seed)
        pick = random.Random(seed)
        steps = 0
        while steps < 1200:
            for seat in (0, 1, None):
                assert view_problems(state.view(seat), FootballView) == [], (seed, steps, seat)
            if state.is_over():
                break
            phases.add(state.view(None)["phase"])
            state.apply(pick.choice(state.legal_actions()))
            steps += 1
    assert {"toss", "offense_call", "defense_call", "offense_audible", "kick_discard", "conversion"} <= phases
