"""Leader 1 beyond the shared conformance suite: saves mid-race, feed tiles staying secret, the autoplay summary."""
from __future__ import annotations

import json

from game.cli import autoplay
from game.core.match import Match, default_seats
from game.core.rng import Rng
from game.games.leader1.rules import Leader1State
from game.games.leader1.spec import SPEC


def test_match_save_round_trip_continues_identically():
    from game.core.saves import match_from_save, match_to_save
    match = Match(SPEC, default_seats(SPEC, ["bot:easy"] * 4), {"riders": 2}, seed=5)
    for _ in range(60):
        match.apply(match.bot_decision()())
    restored = match_from_save(json.loads(json.dumps(match_to_save(match))), {SPEC.id: SPEC})
    assert restored.state == match.state
    while not match.is_over():
        action = match.bot_decision()()
        assert restored.bot_decision()() == action
        match.apply(action)
        restored.apply(action)
    assert restored.state == match.state


def states_with_tiles(count: int) -> list[Leader1State]:
    """Random games stopped at moments when some rider keeps a feed tile."""
    found = []
    for seed in range(200):
        state = SPEC.create(4, {"riders": 2}, seed)
        rng = Rng(seed)
        while not state.is_over():
            legal = [a for a in state.legal_actions() if a.kind != "feed"] or state.legal_actions()
            state.apply(rng.choice(legal))
            if any(r.tiles for r in state.riders) and rng.random() < 0.2:
                found.append(state.clone())
                break
        if len(found) >= count:
            break
    return found


def test_a_view_never_shows_another_seats_feed_tiles():
    for state in states_with_tiles(10):
        for seat in range(state.num_seats):
            view = state.view(seat)
            text = json.dumps(view)
            assert "piles" not in view and "rng" not in text
            for rider, public in zip(state.riders, view["riders"]):
                assert public["tiles"] == len(rider.tiles)
                if rider.seat == seat:
                    assert view["my_tiles"][str(rider.id)] == rider.tiles
                else:
                    assert str(rider.id) not in view["my_tiles"]
            # giving another seat's rider different tiles (from the piles) leaves this view unchanged
            other = next((r for r in state.riders if r.seat != seat and r.tiles), None)
            if other is None:
                continue
            twin = state.clone()
            colour = {"rouleur": "green", "leader": "yellow", "climber": "red"}[other.kind]
            pile = twin.piles[colour]
            swap = next((v for v in pile if v != other.tiles[0]), None)
            if swap is None:
                continue
            pile.remove(swap)
            pile.append(twin.riders[other.id].tiles[0])
            pile.sort()
            twin.riders[other.id].tiles[0] = swap
            twin.check_invariants()
            assert twin.view(seat) == view


def test_feed_tile_values_reach_only_their_owner():
    seen = 0
    for seed in range(6):
        state = SPEC.create(3, {"riders": 2}, seed)
        rng = Rng(seed)
        while not state.is_over():
            for event in state.apply(rng.choice(state.legal_actions())):
                if event.kind == "feed_tile":
                    assert event.visible_to == (state.riders[event.data["rider"]].seat,)
                    seen += 1
                elif event.kind == "feed_taken":
                    assert event.visible_to is None and "value" not in event.data
    assert seen > 5


def test_headless_autoplay_summary_has_the_agreed_fields():
    single = autoplay(SPEC, ["bot:normal", "bot:easy"], {}, seed=3)["summary"]
    assert set(single) >= {"finish_order", "energy_left", "turns"}
    assert len(single["finish_order"]) + len(single["unplaced"]) == 2
    assert all(isinstance(v, int) and v >= 0 for v in single["energy_left"].values())
    assert single["turns"] > 5
    staged = autoplay(SPEC, ["bot:easy", "bot:easy"], {"stages": 3}, seed=4)
    assert set(staged["summary"]) >= {"finish_order", "energy_left", "turns", "gc", "eliminated"}
    assert len(staged["summary"]["stage_turns"]) == 3 or staged["summary"]["eliminated"]
    assert staged["turns"] == sum(staged["summary"]["stage_turns"])
