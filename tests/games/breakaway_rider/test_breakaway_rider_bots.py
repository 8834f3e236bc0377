"""Breakaway Rider bots: legal, reproducible, sensible choices, quick; and the command line's summary."""
from __future__ import annotations

import time

from game.cli import autoplay
from game.core.match import Match, default_seats
from game.core.protocol import act
from game.core.rng import Rng
from game.games.breakaway_rider.bots import (EasyBot, HardBot, NormalBot, best_play, candidate_plays, rollout_step,
                                             wants_climb)
from game.games.breakaway_rider.cards import CLIMB, SPRINT
from game.games.breakaway_rider.rules import BreakawayRiderState
from game.games.breakaway_rider.spec import SPEC

FILLER = [41, 42, 43, 44, 46]


def at_turn(hands, pace, jersey=0, turn=1, minutes=None, deck_count_cards=None) -> BreakawayRiderState:
    state = BreakawayRiderState.new(len(hands), {}, seed=2)
    pool = list(state.deck) + [c for h in state.hands for c in h] + [c for p in state.piles for c in p]
    for hand in hands:
        for card in hand:
            pool.remove(card)
    state.hands = [list(h) for h in hands]
    state.piles = [[] for _ in hands]
    state.deck = pool
    state.jersey, state.pace, state.to_move, state.turn_seat = jersey, pace, turn, turn
    state.minutes = list(minutes or [0] * len(hands))
    state.headwinds = [0] * len(hands)
    state.climb_by = None
    state.check_invariants()
    return state


def test_candidate_plays_leave_out_sprints_beyond_the_cap():
    plays = candidate_plays([50, 45, SPRINT, SPRINT], is_rider=False, headwinds=0, climb_active=False)
    assert (50, 1, 0) in plays and (50, 2, 0) not in plays
    assert (45, 2, 0) in plays
    assert (50, 1, 0) not in candidate_plays([50, SPRINT], is_rider=False, headwinds=0, climb_active=True)


def test_normal_bot_rides_in_the_slipstream_with_its_lowest_fitting_card():
    state = at_turn([FILLER + [47], [39, 45, 46, 47, 40, 41, 42]], pace=47)
    assert best_play(state, 1) == (45, 0, 0)


def test_normal_bot_sprints_rather_than_losing_minutes():
    state = at_turn([FILLER + [48], [39, 40, 41, 44, SPRINT, 39, 40]], pace=48)
    speed, sprints, _ = best_play(state, 1)
    assert speed + 2 * sprints >= 46


def test_normal_bot_with_minutes_rides_fast_to_shed_them():
    state = at_turn([FILLER + [45], [39, 40, 41, 49, 42, 43, 44]], pace=45, minutes=[0, 4])
    assert best_play(state, 1)[0] == 49


def test_out_of_turn_climb_only_when_it_costs_nothing():
    state = at_turn([FILLER + [45], [CLIMB, 45, 41, 42, 43, 44], FILLER + [47]], pace=45, turn=1)
    assert wants_climb(state, 1)
    state.hands[1] = [CLIMB, 47, 41, 42, 43, 44]
    assert not wants_climb(state, 1), "a climb would stop this rider taking the jersey"


def test_bots_choose_legal_moves_and_repeat_themselves_for_the_same_seed():
    state = BreakawayRiderState.new(4, {}, seed=12)
    for bot_class in (EasyBot, NormalBot, HardBot):
        for _ in range(6):
            seat = state.current_seat()
            legal = state.legal_actions()
            kwargs = {"samples": 3} if bot_class is HardBot else {}
            first = bot_class(SPEC, seat, "x", 77, **kwargs).choose(state.view(seat), legal)
            again = bot_class(SPEC, seat, "x", 77, **kwargs).choose(state.view(seat), legal)
            assert first == again and first in legal
            state.apply(first)


def test_hard_bot_decides_within_a_second():
    match = Match(SPEC, default_seats(SPEC, ["bot:hard", "bot:easy", "bot:easy", "bot:easy"]), {}, seed=3)
    slowest = 0.0
    for _ in range(12):
        decide = match.bot_decision()
        start = time.perf_counter()
        action = decide()
        slowest = max(slowest, time.perf_counter() - start)
        match.apply(action)
    assert slowest < 1.0


def test_bots_answer_the_climb_question_without_a_climb_card_by_declining():
    state = at_turn([FILLER + [45], FILLER + [44], FILLER + [43]], pace=45, turn=0, jersey=0)
    state.ride(45, 0, False, None)
    assert state.phase == "climb-window"
    for bot_class in (EasyBot, NormalBot, HardBot):
        assert bot_class(SPEC, 1, "x", 1).choose(state.view(1), state.legal_actions()) == act("no-climb")


def test_headless_autoplay_summary_lists_stages_and_totals():
    result = autoplay(SPEC, ["bot:easy", "bot:normal", "bot:easy"], {"stages": 4}, seed=9)
    summary = result["summary"]
    assert len(summary["stages"]) == 4
    for stage in summary["stages"]:
        assert set(stage) == {"jersey", "scores"} and stage["scores"][str(stage["jersey"])] == 1
        assert set(stage["scores"]) == {"0", "1", "2"}
    totals = summary["totals"]
    assert totals == {seat: sum(s["scores"][seat] for s in summary["stages"]) for seat in ("0", "1", "2")}


def race_after(seed: int, moves: int) -> Match:
    """A 4-seat race of normal bots (decisions of microseconds), played ``moves`` actions in."""
    match = Match(SPEC, default_seats(SPEC, ["bot:normal"] * 4), {}, seed)
    while len(match.history) < moves:
        match.apply(match.bot_decision()())
    return match


def test_hard_guards_a_race_lead_where_normal_grabs_the_jersey():
    """Last stage, seven cards left: the seat to move leads the race by six and is clean.

    Taking the jersey with the 50 spends the one card that can save him from minutes later;
    riding in the slipstream with 45 keeps it.  Played out 300 times from sampled hands (rule of
    thumb for every seat), 45 won the race every time and 50 in 73 % of the races.
    """
    state = race_after(103, 279).state
    seat = state.current_seat()
    assert state.stage == state.stages_total and len(state.deck) == 7 and state.pace == 47
    assert state.totals()[seat] == 1 and max(t for s, t in enumerate(state.totals()) if s != seat) == -5
    view, legal = state.view(seat), state.legal_actions()
    assert NormalBot(SPEC, seat, "normal", 1).choose(view, legal) == act("play", 50, 0, 0)
    for seed in (1, 2, 3):
        assert HardBot(SPEC, seat, "hard", seed).choose(view, legal) == act("play", 45, 0, 0)


def test_hard_takes_the_jersey_with_the_last_play_of_a_tied_race():
    """The deck is empty: this play ends the last stage.  Level on totals with the jersey holder,
    the rider wins the race only by taking the jersey now (45 and a sprint beat the pace of 46)."""
    state = at_turn([FILLER + [46], [45, SPRINT, 39, 40, 41, 42, 43]], pace=46, jersey=0, turn=1)
    state.stage = state.stages_total
    state.stage_results = [{"jersey": 0, "scores": [1, 0]}, {"jersey": 1, "scores": [0, 1]}]
    state.piles[0].extend(state.deck)
    state.deck = []
    state.check_invariants()
    for seed in (1, 2):
        action = HardBot(SPEC, 1, "hard", seed).choose(state.view(1), state.legal_actions())
        state_after = state.clone()
        state_after.apply(action)
        assert state_after.is_over() and state_after.outcome().winner == 1, action.text()


def test_hard_rollouts_play_the_rivals_exactly_as_the_normal_bot_would():
    """The rivals in the rung are normal bots, so the rollouts give them no noise: a rival's
    rollout play is the normal bot's play whatever the rollout's seed; the bot's own seat keeps
    its noise (it will not ride as the normal bot does)."""
    state = at_turn([FILLER + [47], [39, 45, 46, 47, 40, 41, 48]], pace=47, jersey=0, turn=1)
    expected = best_play(state, 1)
    own_plays = set()
    for seed in range(40):
        rival_turn = state.clone()
        rollout_step(rival_turn, Rng(seed), 3.0, rival_noise=0.0, own_seat=0)
        assert _played(rival_turn, 1) == expected
        own_turn = state.clone()
        rollout_step(own_turn, Rng(seed), 3.0, rival_noise=0.0, own_seat=1)
        own_plays.add(_played(own_turn, 1))
    assert len(own_plays) > 1


def _played(state: BreakawayRiderState, seat: int) -> tuple:
    play = state.last_plays[seat]
    return play["speed"], play["sprints"], int(play["climb"])
