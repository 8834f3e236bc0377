"""Breakaway Football beyond the shared conformance suite: saves mid-game, and views that keep every secret."""
from __future__ import annotations

import conformance
from game.core.match import Match, default_seats
from game.core.rng import Rng
from game.core.saves import match_from_save, match_to_save
from game.games.football.spec import SPEC


def test_match_save_round_trip_continues_identically():
    for controllers in (["bot:easy", "bot:easy"], ["bot:normal", "bot:hard"]):
        match = Match(SPEC, default_seats(SPEC, controllers), {}, seed=5, bot_budget_scale=0.05)
        for _ in range(40):
            if match.is_over():
                break
            match.apply(match.bot_decision()())
        restored = match_from_save(match_to_save(match), {SPEC.id: SPEC})
        restored.bot_budget_scale = match.bot_budget_scale
        assert restored.state == match.state
        while not match.is_over():
            action = match.bot_decision()()
            assert restored.bot_decision()() == action
            match.apply(action)
            restored.apply(action)
        assert restored.state == match.state


def _other_card_face_down(state, seat: int):
    """The same game with another card of the same formation (other end up) face down for ``seat``."""
    twin = state.clone()
    commit = state.commits[seat]
    team = state.team(seat)
    on_offense = seat == state.offense
    cards = team.offense if on_offense else team.defense
    formation = cards[commit["card"] - 1].formation
    in_hand = on_offense and not state.two_point
    choices = [c.number for c in cards if c.formation == formation and c.number != commit["card"]
               and (not in_hand or c.number in state.hands[seat])]
    if choices:
        if in_hand:
            twin.hands[seat].remove(choices[0])
            twin.hands[seat] = sorted(twin.hands[seat] + [commit["card"]])
        twin.commits[seat] = {"card": choices[0], "end": 3 - commit["end"]}
    return twin


def test_hand_and_committed_play_never_reach_the_other_seat_before_the_reveal():
    """Walk random games: the other seat's view holds counts and the card's back, never the card or the hand."""
    face_down_seen = 0
    for seed in range(12):
        state = SPEC.create(2, {}, seed)
        rng = Rng(seed)
        while not state.is_over():
            for seat in (0, 1):
                view = state.view(1 - seat)
                assert not {"hands", "discards", "commits", "gd_deck", "rng"} & set(view)
                assert view["hand"] == list(state.hands[1 - seat])
                assert view["hand_counts"][seat] == len(state.hands[seat])
                assert view["discard_counts"][seat] == len(state.discards[seat])
                commit = state.commits[seat]
                if commit is not None:
                    face_down_seen += 1
                    assert view["commit"] is None or view["commit"] == state.commits[1 - seat]
                    assert set(view["calls"][seat]) == {"formation", "audible"}
                    assert view == _other_card_face_down(state, seat).view(1 - seat)
            state.apply(rng.choice(state.legal_actions()))
    assert face_down_seen > 100


def test_the_view_of_a_face_down_card_is_the_same_whatever_card_it_is():
    """Two games that differ only in the offense's face-down card look identical to the defense."""
    state = SPEC.create(2, {}, 4)
    state.apply(state.legal_actions()[0])  # toss
    while state.phase != "offense_call":
        state.apply(state.legal_actions()[0])
    offense = state.offense
    twin = state.clone()
    hand = state.hands[offense]
    team = state.team(offense)
    same_formation = [c for c in hand if team.offense_card(c).formation == team.offense_card(hand[0]).formation]
    assert len(same_formation) >= 2
    state.apply(conformance.Action("call", (same_formation[0], 1)))
    twin.apply(conformance.Action("call", (same_formation[1], 2)))
    defense = 1 - offense
    view_a, view_b = state.view(defense), twin.view(defense)
    assert view_a == view_b
