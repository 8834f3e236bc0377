"""Actions, events, outcomes and the RNG: the shared vocabulary of all games."""
from __future__ import annotations

import random

import pytest

from game.core.protocol import Action, Event, IllegalAction, Outcome, act
from game.core.rng import Die, Rng, shuffled


def test_action_text_round_trip():
    action = act("insert", "left", 3)
    assert action.text() == "insert left 3"
    assert Action.parse("insert left 3") == action
    assert Action.parse("  play   -2 ") == act("play", -2)


def test_empty_action_text_is_refused_with_a_sentence():
    with pytest.raises(IllegalAction, match="empty"):
        Action.parse("   ")


def test_event_visibility_and_json_round_trip():
    private = Event("You draw 45.", "draw", {"card": 45}, visible_to=(1,), reveals=True)
    assert private.visible(1) and not private.visible(0) and not private.visible(None)
    assert Event.from_json(private.to_json()) == private
    public = Event("Anna draws a card.")
    assert public.visible(None) and public.visible(3)


def test_outcome_ranks_share_ties_and_only_a_unique_leader_wins():
    outcome = Outcome.from_scores([3, 5, 5, 1], over=True)
    assert outcome.ranks == (3, 1, 1, 4)
    assert outcome.winner is None
    assert Outcome.from_scores([2, 9, 4], over=True).winner == 1
    assert Outcome.from_scores([2, 9, 4], over=False).winner is None
    assert Outcome.from_scores([2, 1], higher_is_better=False, over=True).winner == 1
    assert Outcome.from_scores([1, 2, 3], over=True).value_for(2) == 1.0


def test_rng_is_deterministic_and_ignores_the_global_random():
    a, b = Rng(42), Rng(42)
    random.seed(7)
    first = [a.randrange(10) for _ in range(50)]
    random.random()
    assert first == [b.randrange(10) for _ in range(50)]
    assert Rng(43).next_u64() != Rng(42).next_u64()


def test_rng_state_survives_json_and_copies_are_independent():
    rng = Rng(5)
    rng.next_u64()
    copy = Rng.from_json(rng.to_json())
    assert [rng.randint(1, 6) for _ in range(20)] == [copy.randint(1, 6) for _ in range(20)]
    with pytest.raises(ValueError):
        Rng.from_json(-1)


def test_rng_covers_its_range_evenly():
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randint(1, 6) - 1] += 1
    assert all(850 < c < 1150 for c in counts)


def test_shuffle_keeps_every_card_and_die_rolls_its_faces():
    rng = Rng(3)
    deck = shuffled(rng, range(99))
    assert sorted(deck) == list(range(99)) and deck != list(range(99))
    die = Die((3, 3, 4, "red"))
    assert {die.roll(rng) for _ in range(200)} == {3, 4, "red"}
    assert Die.plain(12).faces == tuple(range(1, 13))
