"""Breaking Away beyond the shared conformance suite: playouts reach the Madison and every option;
a bot match saved and resumed."""
from __future__ import annotations

import json

import conformance
from game.core.match import Match, default_seats
from game.games.breaking_away.spec import SPEC


def test_the_playouts_cover_the_madison_and_every_option():
    seen_modes, seen_options = set(), set()
    for seed in range(60):
        state = conformance.new_game(SPEC, seed)
        seen_modes.add(state.madison)
        seen_options |= {name for name in ("open_factors", "rival_bonus", "overcrowding", "staggered")
                         if getattr(state, name)}
    assert seen_modes == {False, True}
    assert seen_options == {"open_factors", "rival_bonus", "overcrowding", "staggered"}


def test_match_save_round_trip_continues_identically():
    from game.core.saves import match_from_save, match_to_save
    match = Match(SPEC, default_seats(SPEC, ["bot:easy", "bot:normal", "bot:easy"]), {}, seed=5)
    for _ in range(80):
        match.apply(match.bot_decision()())
    restored = match_from_save(json.loads(json.dumps(match_to_save(match))), {SPEC.id: SPEC})
    assert restored.state == match.state
    while not match.is_over():
        action = match.bot_decision()()
        assert restored.bot_decision()() == action
        match.apply(action)
        restored.apply(action)
    assert restored.state == match.state
