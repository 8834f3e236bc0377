"""Breakaway Rider rules: the rulebook's examples and edge cases on hand-built positions."""
from __future__ import annotations

from collections import Counter

import pytest

from game.core.protocol import IllegalAction, act
from game.games.breakaway_rider.cards import (
    CLIMB, DECK_SIZE, FULL_DECK, HEADWIND, SPRINT, chips_for, effective_speed, pile_top,
)
from game.games.breakaway_rider.rules import BreakawayRiderState, preview_play, resolve


def position(hands: list[list], draws: list, *, jersey: int = 0, pace: int | None = None, turn: int | None = None,
             minutes: list[int] | None = None, climb_by: int | None = None, short_deck: bool = False,
             ) -> BreakawayRiderState:
    """A stage in progress: ``hands`` as dealt, ``draws`` the next cards in the order they will be drawn.

    The remaining cards of the deck lie below ``draws`` (or, with ``short_deck``,
    are set aside so the deck holds exactly ``draws``).  ``turn``'s rider then
    makes the automatic draw that starts his turn.
    """
    state = BreakawayRiderState.new(len(hands), {}, seed=1)
    rest = Counter(FULL_DECK)
    for cards in hands + [draws]:
        rest.subtract(cards)
    assert all(count >= 0 for count in rest.values()), "the position uses more cards than the deck has"
    leftover = sorted(rest.elements(), key=str)
    state.hands = [list(h) for h in hands]
    state.piles = [[] for _ in hands]
    state.deck = list(reversed(draws))
    state.set_aside = []
    if short_deck:
        state.set_aside = leftover
    else:
        state.deck = [c for c in leftover if c != HEADWIND] + state.deck
        state.set_aside = [c for c in leftover if c == HEADWIND]
    state.jersey = jersey
    state.pace = pace
    state.minutes = list(minutes or [0] * len(hands))
    state.headwinds = [0] * len(hands)
    state.climb_by = climb_by
    state._begin_turn(jersey if turn is None else turn, None)
    state.check_invariants()
    return state


def play(state: BreakawayRiderState, speed: int, sprints: int = 0, climb: int = 0, *, window: bool = False):
    """Play for the current seat; unless ``window``, every seat asked for a climb afterwards declines."""
    events = state.apply(act("play", speed, sprints, climb))
    state.check_invariants()
    while not window and state.phase == "climb-window":
        events += state.apply(act("no-climb"))
    return events


FILLER = [41, 42, 43, 44, 46]


# --- the three options ------------------------------------------------------------------------------------------
def test_rulebook_example_45_against_40_gives_five_minutes_one_red_chip():
    state = position([FILLER + [45], FILLER + [40]], [47, 47], jersey=0)
    play(state, 45)
    assert state.pace == 45 and state.to_move == 1
    events = play(state, 40)
    assert state.minutes == [0, 5]
    added = [e for e in events if e.kind == "minutes-added"]
    assert added and added[0].data["chips"] == {"red": 1, "blue": 0} == chips_for(5)


def test_slipstream_up_to_two_below_and_level_costs_nothing():
    state = position([FILLER + [45], FILLER + [43], [39, 40, 41, 42, 44, 45]], [48, 48, 48], jersey=0)
    play(state, 45)
    play(state, 43)
    play(state, 45)
    assert state.minutes == [0, 0, 0] and state.jersey == 0 and state.pace == 45


def test_three_below_is_dropped_with_a_minute_per_km_h():
    state = position([FILLER + [45], [39, 40, 41, 42, 50, 50]], [48, 48], jersey=0)
    play(state, 45)
    play(state, 42)
    assert state.minutes == [0, 3]


def test_a_faster_clean_rider_takes_the_jersey_and_sets_the_pace():
    state = position([FILLER + [45], FILLER + [47], FILLER + [45]], [39, 39, 39], jersey=0)
    play(state, 45)
    events = play(state, 47)
    assert state.jersey == 1 and state.pace == 47
    assert [e.data for e in events if e.kind == "jersey"] == [{"from": 0, "to": 1, "pace": 47}]
    play(state, 45)  # now measured against 47: slipstream
    assert state.minutes == [0, 0, 0]


def test_the_breakaway_rider_may_safely_play_lower():
    state = position([[39, 40, 41, 42, 43, 50], FILLER + [50]], [39, 39, 39], jersey=0, pace=48)
    play(state, 39)
    assert state.pace == 39 and state.minutes == [0, 0] and state.jersey == 0


# --- penalty minutes ------------------------------------------------------------------------------------------
def test_minutes_are_reduced_but_the_jersey_is_not_taken_in_the_same_turn():
    state = position([FILLER + [45], FILLER + [50]], [39, 39], jersey=0, minutes=[0, 3])
    play(state, 45)
    events = play(state, 50)
    assert state.minutes == [0, 0]
    assert state.jersey == 0 and state.pace == 45
    assert not [e for e in events if e.kind == "jersey"]
    assert [e.data["change"] for e in events if e.kind == "minutes-reduced"] == [-3]


def test_a_rider_with_minutes_collects_for_every_km_h_below_even_within_slipstream_range():
    state = position([FILLER + [45], FILLER + [44]], [39, 39], jersey=0, minutes=[0, 2])
    play(state, 45)
    play(state, 44)
    assert state.minutes == [0, 3]


def test_a_rider_with_minutes_matching_the_pace_keeps_them():
    state = position([FILLER + [45], FILLER + [45]], [39, 39], jersey=0, minutes=[0, 2])
    play(state, 45)
    play(state, 45)
    assert state.minutes == [0, 2]


def test_once_minutes_are_gone_the_slipstream_counts_again():
    state = position([FILLER + [45], [39, 41, 43, 44, 47, 49]], [46, 40, 46], jersey=0, minutes=[0, 2])
    play(state, 45)
    play(state, 47)
    assert state.minutes == [0, 0]
    play(state, 46)  # seat 0 is the breakaway rider again: pace 46
    play(state, 44)
    assert state.minutes == [0, 0]


# --- special cards ----------------------------------------------------------------------------------------------
def test_sprint_adds_two_each_capped_at_52():
    assert effective_speed(45, 1, 0, climb_active=False) == 47
    assert effective_speed(49, 2, 0, climb_active=False) == 52
    assert effective_speed(50, 3, 0, climb_active=False) == 52


def test_rulebook_example_49_and_sprint_under_a_climb_is_50():
    assert effective_speed(49, 1, 0, climb_active=True) == 50
    state = position([[CLIMB] + FILLER, [41, 42, 43, 44, 49, SPRINT]], [39, 39, 39], jersey=0)
    play(state, 48 - 2, climb=1)
    assert state.climb_active and state.pace == 46
    events = play(state, 49, sprints=1)
    assert [e.data["effective"] for e in events if e.kind == "play"] == [50]
    assert state.minutes == [0, 0] and state.jersey == 0 and state.pace == 46, "no overtaking on the climb"


def test_sprint_and_headwind_cancel_pairwise():
    assert effective_speed(45, 1, 1, climb_active=False) == 45
    assert effective_speed(45, 1, 2, climb_active=False) == 43
    assert effective_speed(50, 3, 1, climb_active=False) == 52


def test_climb_suspends_the_slipstream_and_stops_overtaking():
    hands = [FILLER + [46], FILLER + [45], FILLER + [50], [CLIMB, 41, 42, 43, 44, 47]]
    state = position(hands, [39, 39, 39, 39, 39], jersey=0)
    play(state, 46, window=True)
    assert state.phase == "climb-window" and state.to_move == 1
    state.apply(act("no-climb"))
    state.apply(act("no-climb"))
    events = state.apply(act("climb"))
    assert state.climb_active and state.climb_by == 3
    assert CLIMB in state.piles[0], "an out-of-turn climb lies on the breakaway rider's pile"
    assert [e.kind for e in events if e.kind == "climb"] == ["climb"]
    assert len(state.hands[3]) == 6, "the climber refills at once"
    assert state.to_move == 1
    play(state, 45)
    assert state.minutes[1] == 1, "one below on a climb costs a minute"
    play(state, 50)
    assert state.jersey == 0 and state.minutes[2] == 0, "no overtaking on the climb"


def test_minutes_can_still_be_reduced_during_a_climb():
    state = position([[CLIMB, 41, 42, 43, 44, 45], FILLER + [49]], [39, 39, 39], jersey=0, minutes=[0, 6])
    play(state, 45, climb=1)
    assert state.climb_active and state.phase == "play"
    play(state, 49)
    assert state.minutes == [0, 2] and state.jersey == 0


def test_the_climb_ends_when_the_breakaway_riders_turn_comes_round():
    state = position([[CLIMB, 41, 42, 43, 44, 45], FILLER + [49]], [39, 39, 39, 39], jersey=0)
    play(state, 45, climb=1)
    events = play(state, 44)
    assert not state.climb_active
    assert [e.kind for e in events if e.kind == "climb-ends"] == ["climb-ends"]


def test_a_climb_played_with_the_riders_card_caps_his_own_sprint_at_50():
    state = position([[CLIMB, SPRINT, 41, 42, 43, 49], FILLER + [49]], [39, 39, 39, 39], jersey=0)
    play(state, 49, sprints=1, climb=1)
    assert state.pace == 50
    assert len(state.hands[0]) == 6, "the climb and sprint cards are replaced"


def test_only_the_breakaway_rider_adds_a_climb_to_a_speed_card():
    state = position([FILLER + [45], [CLIMB, 41, 42, 43, 44, 45]], [39, 39, 39], jersey=0)
    play(state, 45)
    assert act("play", 45, 0, 1) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Only the breakaway rider"):
        state.apply(act("play", 45, 0, 1))


# --- headwinds ---------------------------------------------------------------------------------------------------
def test_a_headwind_drawn_at_the_start_of_the_turn_slows_the_card_about_to_be_played():
    state = position([FILLER + [45], FILLER + [45]], [HEADWIND, 47], jersey=0)
    assert state.piles[0] == [HEADWIND] and state.headwinds[0] == 1
    assert len(state.hands[0]) == 7 and 47 in state.hands[0], "the headwind was replaced"
    assert preview_play(state, 0, 45).effective == 43
    play(state, 45)
    assert state.pace == 43 and state.headwinds[0] == 0


def test_a_headwind_drawn_when_refilling_slows_the_next_card_not_the_one_just_played():
    state = position([[SPRINT, 41, 42, 43, 44, 45], FILLER + [45]], [47, HEADWIND, 39, 39], jersey=0)
    play(state, 45, sprints=1)
    assert state.pace == 47
    assert state.headwinds[0] == 1 and state.piles[0][-1] == HEADWIND


def test_climb_replacement_exception_the_headwind_waits_for_the_next_speed_card():
    """A headwind drawn to replace a played climb card lies down at once but only slows the next card."""
    state = position([[CLIMB, 41, 42, 43, 44, 46], FILLER + [45]], [47, HEADWIND, 40, 48, 48], jersey=0)
    events = play(state, 47, climb=1)
    assert state.pace == 47, "the rider's pace is not touched by the replacement headwind"
    assert state.headwinds[0] == 1 and HEADWIND in state.piles[0]
    assert [e.data["seat"] for e in events if e.kind == "headwind"] == [0]
    play(state, 45)  # seat 1: two below on the climb
    assert state.minutes[1] == 2
    play(state, 46)  # seat 0's next speed card carries the headwind
    assert state.pace == 44


def test_out_of_turn_climber_replacement_headwind_slows_his_own_next_card():
    state = position([FILLER + [46], [CLIMB, 41, 42, 43, 44, 47]], [39, HEADWIND, 40, 50], jersey=0)
    play(state, 46, window=True)
    state.apply(act("climb"))
    assert state.headwinds[1] == 1 and state.piles[1] == [HEADWIND]
    assert state.pace == 46
    assert preview_play(state, 1, 47).effective == 45
    play(state, 47)
    assert state.minutes[1] == 1, "45 on a climb against 46"


def test_headwinds_dealt_at_setup_are_set_aside_without_effect():
    for seed in range(60):
        state = BreakawayRiderState.new(4, {}, seed)
        if HEADWIND in state.set_aside:
            break
    else:
        pytest.fail("no seed dealt a headwind")
    assert state.headwinds == [0, 0, 0, 0] or HEADWIND in state.piles[state.jersey]
    assert all(len(h) == 6 for s, h in enumerate(state.hands) if s != state.jersey)
    assert all(HEADWIND not in h for h in state.hands)
    assert all(HEADWIND not in pile for s, pile in enumerate(state.piles) if s != state.jersey)


# --- the climb window ---------------------------------------------------------------------------------------------
def test_every_other_seat_is_asked_in_seat_order_and_the_first_climb_closes_the_window():
    hands = [[CLIMB] + FILLER, FILLER + [45], FILLER + [46], [CLIMB] + FILLER]
    state = position(hands, [39] * 6, jersey=1, turn=1)
    play(state, 45, window=True)
    asked = []
    while state.phase == "climb-window":
        asked.append(state.to_move)
        legal = state.legal_actions()
        assert act("no-climb") in legal
        assert (act("climb") in legal) == (CLIMB in state.hands[state.to_move])
        assert state.view(state.to_move)["can_climb"] == (CLIMB in state.hands[state.to_move])
        state.apply(act("climb") if act("climb") in legal else act("no-climb"))
    assert asked == [2, 3] and state.climb_by == 3
    assert CLIMB in state.hands[0], "the window closed with the first climb; seat 0 was never asked"
    assert state.to_move == 2 and state.phase == "play"


def test_no_window_when_the_rider_played_a_climb_himself():
    state = position([[CLIMB] + FILLER, [CLIMB] + FILLER], [39] * 4, jersey=0)
    play(state, 44, climb=1)
    assert state.phase == "play" and state.to_move == 1


def test_no_window_after_a_rider_who_does_not_hold_the_jersey():
    state = position([FILLER + [45], [CLIMB] + FILLER, [CLIMB] + FILLER], [39] * 6, jersey=0)
    play(state, 45)
    play(state, 44, window=True)
    assert state.phase == "play" and state.to_move == 2


def test_the_window_is_skipped_only_when_every_climb_lies_open():
    state = position([FILLER + [45], FILLER + [45]], [39] * 4, jersey=0, short_deck=True)
    assert state.set_aside.count(CLIMB) == 5
    play(state, 45)
    assert state.phase == "play" and state.to_move == 1


# --- the stage end -------------------------------------------------------------------------------------------------
def test_the_stage_ends_when_the_rider_who_drew_the_last_card_has_played():
    state = position([FILLER + [45], FILLER + [45], FILLER + [45]], [47, 40], jersey=0, short_deck=True)
    play(state, 45)
    assert state.stage == 1 and state.to_move == 1 and not state.deck
    events = play(state, 40)
    assert state.stage == 2
    ends = [e for e in events if e.kind == "stage-end"]
    assert ends and ends[0].data["scores"] == [1, -5, 0]
    assert state.stage_results[0] == {"jersey": 0, "scores": [1, -5, 0]}
    assert state.to_move == 0, "the jersey holder opens the next stage"


def test_the_stage_ends_when_the_last_card_is_drawn_as_a_replacement():
    state = position([[SPRINT] + FILLER, FILLER + [45]], [47, 48], jersey=0, short_deck=True)
    play(state, 41, sprints=1)
    assert state.stage == 2 and state.stage_results[0]["jersey"] == 0


def test_the_stage_ends_when_an_out_of_turn_climber_draws_the_last_card():
    state = position([FILLER + [45], [CLIMB] + FILLER], [47, 48], jersey=0, short_deck=True)
    play(state, 45, window=True)
    assert state.phase == "climb-window"
    state.apply(act("climb"))
    assert state.stage == 2


def test_stage_scores_and_the_next_stage_is_a_fresh_deal():
    state = position([FILLER + [45], FILLER + [40], [47, 41, 42, 43, 44, 46]], [48, 48, 40], jersey=0,
                     short_deck=True, minutes=[0, 2, 0])
    play(state, 45)
    play(state, 40)
    play(state, 47)  # seat 2 takes the jersey with the last card
    assert state.stage_results == [{"jersey": 2, "scores": [0, -7, 1]}]
    assert state.totals() == [0, -7, 1]
    assert state.stage == 2 and state.jersey == 2 and state.to_move == 2
    assert state.minutes == [0, 0, 0] and state.pace is None
    assert sum(len(h) for h in state.hands) == 19, "six each, and the opener has drawn"
    state.check_invariants()


def test_three_to_five_stages_then_the_best_total_wins():
    for stages in (3, 5):
        state = BreakawayRiderState.new(3, {"stages": stages}, seed=stages)
        while not state.is_over():
            state.apply(state.legal_actions()[0])
        assert len(state.stage_results) == stages
        totals = state.totals()
        assert state.outcome().scores == tuple(totals)
        summary = state.summary()
        assert summary["totals"] == {str(s): t for s, t in enumerate(totals)}
        assert [r["jersey"] for r in summary["stages"]] == [r["jersey"] for r in state.stage_results]
        assert all(set(r["scores"]) == {"0", "1", "2"} for r in summary["stages"])
        best = max(totals)
        if totals.count(best) == 1:
            assert state.outcome().winner == totals.index(best)


# --- setup ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_setup_deals_six_each_and_the_highest_opening_card_leads(seats):
    for seed in range(30):
        state = BreakawayRiderState.new(seats, {}, seed)
        state.check_invariants()
        zones = [state.deck, state.set_aside, *state.hands, *state.piles]
        assert sum(len(zone) for zone in zones) == DECK_SIZE == 99
        assert [len(h) for s, h in enumerate(state.hands) if s != state.jersey] == [6] * (seats - 1)
        contenders = set(range(seats))
        for round_ in state.opening_draw:
            assert {seat for seat, _ in round_} == contenders
            speeds = {seat: card for seat, card in round_ if isinstance(card, int)}
            assert set(speeds) == contenders, "a special card was not redrawn"
            top = max(speeds.values())
            contenders = {seat for seat, card in speeds.items() if card == top}
        assert contenders == {state.jersey}, "the lead did not go to the single highest card"


def test_opening_draw_redraws_special_cards_and_ties():
    rounds = [len(BreakawayRiderState.new(6, {}, seed).opening_draw) for seed in range(100)]
    assert max(rounds) > 1, "no tie was ever redrawn"
    specials = [card for seed in range(100) for round_ in BreakawayRiderState.new(6, {}, seed).opening_draw
                for _, card in round_ if not isinstance(card, int)]
    assert specials, "no special card was ever drawn for the lead"


def test_simple_version_without_special_cards():
    state = BreakawayRiderState.new(4, {"special_cards": False}, seed=4)
    assert sorted(state.set_aside) == sorted(c for c in FULL_DECK if isinstance(c, str))
    while not state.is_over():
        assert state.phase == "play"
        assert all(isinstance(c, int) for h in state.hands for c in h)
        state.apply(state.legal_actions()[-1])
        state.check_invariants()


# --- odd hands and refused moves ------------------------------------------------------------------------------------
def test_a_hand_without_a_speed_card_stalls_at_39():
    state = position([FILLER + [45], [SPRINT] * 5 + [CLIMB]], [46, CLIMB, 46], jersey=0)
    play(state, 45)
    assert state.legal_actions() == [act("stall")]
    state.apply(act("stall"))
    assert state.minutes == [0, 6]
    assert len(state.hands[1]) == 7, "a stall plays no card"
    state.check_invariants()


def test_refusals_say_why_and_change_nothing():
    state = position([FILLER + [45], [CLIMB] + FILLER], [39] * 4, jersey=0)
    before = state.to_json()
    for action, reason in [(act("play", 50, 0, 0), "no 50"), (act("play", 45, 1, 0), "sprint"),
                           (act("play", 45, 0, 2), "0 or 1"), (act("play", 45), "e.g."),
                           (act("climb"), "play a speed card"), (act("stall"), "must play one"),
                           (act("play", 45, 0, 1), "no climb card")]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(action)
        assert state.to_json() == before
    play(state, 45)
    state.apply(act("play", 44, 0, 0))
    assert state.phase == "play"


# --- the preview the table shows on hover ----------------------------------------------------------------------------
def test_preview_names_the_outcome_from_what_the_seat_can_see():
    state = position([FILLER + [45], [SPRINT, 40, 42, 43, 46, 44]], [39] * 4, jersey=0, minutes=[0, 0])
    play(state, 45)
    view = state.view(1)
    assert preview_play(view, 1, 43).category == "slipstream"
    dropped = preview_play(view, 1, 40)
    assert dropped.category == "dropped" and dropped.words.english() == "is dropped: +5 min"
    assert preview_play(view, 1, 46).takes_jersey
    assert preview_play(view, 1, 44, sprints=1).words.english() == "takes the yellow jersey"
    assert preview_play(state, 0, 41).category == "sets-pace"
    assert resolve(48, 45, 3, climb_active=False, is_breakaway_rider=False).words.english() == "reduces minutes by 3"
    assert resolve(46, 45, 0, climb_active=True, is_breakaway_rider=False).category == "held-back"


def test_a_pile_shows_its_top_speed_card_and_the_specials_lying_on_it():
    assert pile_top([44, SPRINT, 46, CLIMB, HEADWIND]) == (46, [CLIMB, HEADWIND])
    assert pile_top([HEADWIND]) == (None, [HEADWIND])
    assert pile_top([]) == (None, [])
