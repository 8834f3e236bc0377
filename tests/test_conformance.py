"""Every registered game (and the fixture game) passes the shared conformance checks."""
from __future__ import annotations

import pytest

import conformance
from fixture_game import HIGH_CARD
from game.core.match import Match, default_seats
from game.games import all_specs

SPECS = [HIGH_CARD, *all_specs().values()]
IDS = [spec.id for spec in SPECS]


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_random_playouts_reach_the_end(spec, request):
    for seed in range(request.config.getoption("--soak")):
        conformance.playout(spec, seed, deep_checks=1 if seed > 20 else 3)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_same_seed_same_game_with_global_random_disturbed(spec):
    for seed in (3, 17):
        conformance.check_determinism(spec, seed)


@pytest.mark.parametrize("spec", [s for s in SPECS if s.state_class.has_secrets], ids=lambda s: s.id)
def test_determinizing_resamples_hidden_information(spec):
    assert any(conformance.check_hidden_parts_vary(spec, seed) for seed in range(10))


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_match_save_round_trip_continues_identically(spec):
    from game.core.saves import match_from_save, match_to_save
    controllers = ["bot:easy"] * spec.default_seats
    match = Match(spec, default_seats(spec, controllers), {}, seed=5)
    for _ in range(25):
        if match.is_over():
            break
        match.apply(match.bot_decision()())
    restored = match_from_save(match_to_save(match), {spec.id: spec})
    assert restored.state == match.state
    assert [a for _, a in restored.history] == [a for _, a in match.history]
    while not match.is_over():
        action = match.bot_decision()()
        assert restored.bot_decision()() == action
        match.apply(action)
        restored.apply(action)
    assert restored.state == match.state
