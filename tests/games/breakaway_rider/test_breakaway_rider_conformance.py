"""Breakaway Rider beyond the shared conformance suite: long save round-trips and hidden hands staying hidden."""
from __future__ import annotations

import json

from game.core.match import Match, default_seats
from game.core.protocol import act
from game.core.rng import Rng
from game.games.breakaway_rider.cards import HEADWIND, sorted_cards
from game.games.breakaway_rider.rules import BreakawayRiderState
from game.games.breakaway_rider.spec import SPEC


def test_match_save_round_trip_continues_identically():
    from game.core.saves import match_from_save, match_to_save
    match = Match(SPEC, default_seats(SPEC, ["bot:easy"] * 4), {}, seed=5)
    for _ in range(40):
        match.apply(match.bot_decision()())
    restored = match_from_save(json.loads(json.dumps(match_to_save(match))), {SPEC.id: SPEC})
    assert restored.state == match.state
    for _ in range(40):
        action = match.bot_decision()()
        assert restored.bot_decision()() == action
        match.apply(action)
        restored.apply(action)
    assert restored.state == match.state


def play_some(seed: int, actions: int) -> BreakawayRiderState:
    state = BreakawayRiderState.new(4, {}, seed)
    rng = Rng(seed)
    for _ in range(actions):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_view_never_shows_another_seats_hand_or_the_deck():
    for seed in range(20):
        state = play_some(seed, 5 + seed * 3)
        for seat in range(4):
            view = state.view(seat)
            assert view["hand"] == sorted_cards(state.hands[seat])
            assert "hands" not in view and "deck" not in view and "rng" not in view
            # swapping another seat's hand with deck cards leaves this seat's view untouched
            other = (seat + 1) % 4
            twin = state.clone()
            swap = [c for c in twin.deck if c != HEADWIND][:len(twin.hands[other])]
            for card in swap:
                twin.deck.remove(card)
            twin.deck.extend(twin.hands[other])
            twin.hands[other] = swap
            twin.check_invariants()
            assert twin.view(seat) == view


def test_private_events_reach_only_their_seat():
    state = BreakawayRiderState.new(4, {}, seed=8)
    rng = Rng(8)
    seen_private = 0
    while not state.is_over():
        for event in state.apply(rng.choice(state.legal_actions())):
            if event.kind in ("drawn-card", "deal"):
                assert event.visible_to == (event.data["seat"],)
                seen_private += 1
            else:
                assert event.visible_to is None
                assert "card" not in event.data or event.kind in ("set-aside",)
    assert seen_private > 100


def test_the_climb_question_looks_the_same_with_or_without_a_climb_card():
    """Each seat's view in the window carries the same public fields; only its own hand says more."""
    for seed in range(40):
        state = play_some(seed, 0)
        rng = Rng(seed)
        while state.phase != "climb-window" and not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over():
            continue
        asked = state.to_move
        spectator = state.view(None)
        mine = state.view(asked)
        private = {"seat", "hand", "can_climb", "just_drawn"}
        assert {k: v for k, v in mine.items() if k not in private} == \
            {k: v for k, v in spectator.items() if k not in private}
        assert act("no-climb") in state.legal_actions()
