"""Every worked example of the Breaking Away rulebook and FAQ, played on the engine."""
from __future__ import annotations

import pytest

from ba_positions import race_position
from game.core.protocol import IllegalAction, act
from game.core.rng import Rng
from game.games.breaking_away.riders import FINISHED, RETIRED
from game.games.breaking_away.rules import BreakingAwayState


def play(state: BreakingAwayState, *moves: tuple[int, int]) -> list:
    events = []
    for rider, factor in moves:
        events += state.apply(act("move", rider, factor))
    return events


def replacements(events: list) -> dict[int, int]:
    return {e.data["rider"]: e.data["factor"] for e in events if e.kind == "replacement"}


def sealed_race(num_seats: int, options: dict | None = None, seed: int = 4) -> BreakingAwayState:
    """A race whose sheets were filled by random (always valid) steps."""
    state = BreakingAwayState.new(num_seats, options or {}, seed)
    rng = Rng(seed)
    while state.phase == "allocate":
        state.apply(rng.choice(state.legal_actions()))
    return state


# --- replacement factors ---------------------------------------------------------------
def test_replacement_example_a_to_e():
    """Square 17: A, B; 16: C; 15: D; 14 empty; 13: E  ->  A 3, B 3, C 5, D 6, E 3."""
    a, b, c, d, e = 11, 21, 31, 12, 22
    state = race_position(3, {a: (12, [5, 1, 1]), b: (11, [6, 1, 1]), c: (10, [6, 1, 1]),
                              d: (9, [6, 1, 1]), e: (8, [5, 1, 1])})
    events = play(state, (a, 5), (b, 6), (c, 6), (d, 6), (e, 5))
    assert [state.by_id[r].progress for r in (a, b, c, d, e)] == [17, 17, 16, 15, 13]
    assert replacements(events) == {a: 3, b: 3, c: 5, d: 6, e: 3}
    texts = {e.data["rider"]: e.text for e in events if e.kind == "replacement"}
    assert texts[c] == "Green 31 gets 5 = 3 + 2 riders ahead."
    assert texts[d] == "Orange 12 gets 6 = 3 + 3 riders ahead."
    assert texts[e] == "Sky 22 gets 3: nobody on the square directly ahead."
    assert sorted(state.by_id[c].factors) == [1, 1, 5]


def test_the_red_2_breakaway_turns_4_to_7():
    """Lead of 6 gives 6; staying in front gives 3; a shared lead gives 3 each; retaking it by 1 gives 1."""
    red2, white1 = 62, 91
    state = race_position(9, {red2: (40, [8, 5, 4]), white1: (40, [2, 10, 4])}, turn=4)
    assert state.to_move.id == red2
    turn4 = play(state, (red2, 8), (white1, 2))
    assert replacements(turn4) == {red2: 6, white1: 3}
    bonus = next(e for e in turn4 if e.kind == "replacement" and e.data["rider"] == red2)
    assert bonus.data["reason"] == "breakaway" and bonus.data["lead"] == 6 and bonus.data["over"] == white1
    assert bonus.text == "Red 62 breaks away: bonus 6 (6 squares clear of White 91)."
    turn5 = play(state, (red2, 4), (white1, 3))
    assert replacements(turn5) == {red2: 3, white1: 3}
    turn6 = play(state, (red2, 3), (white1, 10))
    assert state.by_id[red2].progress == state.by_id[white1].progress == 55
    assert replacements(turn6) == {red2: 3, white1: 3}
    assert state.to_move.id == red2, "Red 2 arrived first on square 55, so he rides inside and moves first"
    turn7 = play(state, (red2, 5), (white1, 4))
    assert replacements(turn7) == {red2: 1, white1: 4}


def test_a_breaking_away_bonus_may_be_below_three():
    state = race_position(3, {11: (20, [2, 9, 9]), 21: (20, [1, 9, 9])})
    assert replacements(play(state, (11, 2), (21, 1))) == {11: 1, 21: 4}


def test_the_rival_breakaway_option_measures_the_lead_to_another_team():
    riders = {62: (40, [8, 5, 4]), 63: (40, [6, 5, 4]), 91: (40, [2, 10, 4])}
    plain = race_position(9, riders)
    rival = race_position(9, riders, options={"rival_breakaway": True})
    for state in (plain, rival):
        play(state, (62, 8), (63, 6), (91, 2))
    assert sorted(plain.by_id[62].factors) == [2, 4, 5], "2 squares clear of his team-mate Red 63"
    assert sorted(rival.by_id[62].factors) == [4, 5, 6], "6 squares clear of White 91, the best rival"


def test_first_turn_overcrowding_gives_three_and_counts_as_empty():
    crowd = {11: (10, [4, 4, 4]), 21: (10, [4, 4, 4]), 31: (10, [4, 4, 4]), 12: (10, [4, 4, 4]),
             22: (10, [4, 4, 4]), 32: (9, [4, 4, 4])}
    normal = race_position(3, crowd, turn=1)
    crowded = race_position(3, crowd, turn=1, options={"overcrowding": True})
    moves = [(r, 4) for r in (11, 21, 31, 12, 22, 32)]
    assert replacements(play(normal, *moves))[32] == 3 + 5
    result = replacements(play(crowded, *moves))
    assert result == {11: 3, 21: 3, 31: 3, 12: 3, 22: 3, 32: 3}
    later = race_position(3, crowd, turn=2, options={"overcrowding": True})
    assert replacements(play(later, *moves))[32] == 8, "overcrowding counts on the first turn only"


def test_lapped_riders_give_no_slipstream():
    """FAQ: third place directly behind second, three back-markers on second's square a lap down: 4, not 7."""
    leader, second, third = 11, 21, 31
    backmarkers = (12, 22, 32)
    riders = {leader: (80, [1, 1, 1]), second: (75, [1, 1, 1]), third: (74, [1, 1, 1])}
    riders.update({r: (35, [1, 1, 1]) for r in backmarkers})
    state = race_position(3, riders, sole_leader=leader)
    events = play(state, (leader, 1), (second, 1), (third, 1), *[(r, 1) for r in backmarkers])
    assert state.by_id[second].square == state.by_id[backmarkers[0]].square == 36
    assert replacements(events)[third] == 4
    view = state.view(0)
    by_id = {r["id"]: r for r in view["riders"]}
    assert by_id[12]["lapped"] and not by_id[second]["lapped"]
    assert by_id[12]["lane"] == 0 and by_id[second]["lane"] == 1 and by_id[second]["lanes"] == 2


# --- movement order ---------------------------------------------------------------------
def test_turn_1_from_a_random_first_player_clockwise_all_ones_then_twos():
    state = sealed_race(4)
    first = state.first_player
    assert state.turn == 1 and first is not None
    seats = [(first + k) % 4 for k in range(4)]
    assert state.order == [(s + 1) * 10 + n for n in (1, 2, 3, 4) for s in seats]
    firsts = {sealed_race(4, seed=seed).first_player for seed in range(12)}
    assert len(firsts) > 1, "the first player is drawn"


def test_later_turns_go_front_to_back_inside_first_and_arrivals_ride_outside():
    state = race_position(3, {11: (20, [5, 4, 3]), 21: (20, [5, 4, 3]), 31: (15, [5, 4, 3]),
                              12: (10, [9, 4, 3])})
    assert state.order == [11, 21, 31, 12]
    events = play(state, (11, 3), (21, 3), (31, 5))
    assert events[-1].data["slot"] == 0, "31 lands on 20, empty again now"
    move = state.apply(act("move", 12, 9))[0]
    assert move.data["to"] == 19 and move.data["slot"] == 0
    assert state.order == [11, 21, 31, 12]
    state = race_position(3, {11: (20, [5, 4, 3]), 21: (20, [5, 4, 3]), 31: (15, [8, 4, 3])})
    play(state, (11, 3), (21, 4), (31, 8))
    assert [r["slot"] for r in state.view(None)["riders"] if r["id"] in (11, 31)] == [0, 1]
    assert state.order == [21, 11, 31]


def test_a_move_uses_exactly_one_of_the_riders_factors():
    state = race_position(3, {11: (20, [9, 5, 3]), 21: (10, [5, 4, 3])})
    assert [a.text() for a in state.legal_actions()] == ["move 11 9", "move 11 5", "move 11 3", "retire 11"]
    with pytest.raises(IllegalAction, match="Orange 11 has no factor of 7; his factors are 9, 5, 3."):
        state.apply(act("move", 11, 7))
    with pytest.raises(IllegalAction, match="It is Orange 11's turn to move, not Sky 21's."):
        state.apply(act("move", 21, 5))
    state.apply(act("move", 11, 5))
    assert sorted(state.by_id[11].factors) == [3, 9]


# --- points -------------------------------------------------------------------------------
def test_points_go_in_crossing_order_not_by_distance():
    state = race_position(3, {11: (30, [4, 1, 1]), 21: (25, [31, 1, 1])})
    events = play(state, (11, 4), (21, 31))
    crossings = [(e.data["rider"], e.data["place"], e.data["points"]) for e in events if e.kind == "cross"]
    assert crossings == [(11, 1, 10), (21, 2, 8)]
    assert state.by_id[21].progress - 33 == 23
    assert state.points == [10, 8, 0]


def test_stopping_on_a_line_is_not_crossing_it():
    state = race_position(3, {11: (30, [3, 1, 1]), 21: (20, [2, 1, 1])})
    events = play(state, (11, 3), (21, 2))
    assert not [e for e in events if e.kind == "cross"] and state.crossings["sprint1"] == []
    events = play(state, (11, 1))
    assert [(e.data["line"], e.data["points"]) for e in events if e.kind == "cross"] == [("sprint1", 10)]


def test_sprint_and_finish_tables():
    state = race_position(3, {r: (28, [40, 1, 1]) for r in (11, 12, 13, 14, 21, 22, 23, 24, 31, 32)})
    events = play(state, *[(r, 40) for r in state.order])
    sprint1 = [e.data["points"] for e in events if e.kind == "cross" and e.data["line"] == "sprint1"]
    assert sprint1 == [10, 8, 6, 5, 4, 3, 2, 1, 0, 0]
    riders = {r: (95, [10, 1, 1]) for r in (11, 12, 13, 14, 21, 22, 23, 24, 31, 32)}
    state = race_position(3, riders)
    events = play(state, *[(r, 10) for r in state.order[:8]])
    finish = [e.data["points"] for e in events if e.kind == "cross"]
    assert finish == [20, 16, 12, 10, 8, 6, 4, 2]


def test_the_race_ends_the_moment_the_8th_cyclist_crosses_the_finish():
    riders = {r: (95, [10, 1, 1]) for r in (11, 12, 13, 14, 21, 22, 23, 24, 31, 32)}
    state = race_position(3, riders)
    order = list(state.order)
    play(state, *[(r, 10) for r in order[:7]])
    assert not state.is_over() and state.by_id[order[0]].status == FINISHED
    events = play(state, (order[7], 10))
    assert state.is_over() and state.current_seat() is None and state.legal_actions() == []
    assert events[-1].kind == "race_over"
    assert state.by_id[order[8]].progress == 95, "the riders behind never move again"
    assert state.summary()["crossings"]["finish"] == order[:8]


def test_the_winner_has_most_points_and_a_tie_goes_to_the_best_placed_rider():
    state = race_position(3, {11: (70, [1, 1, 1]), 21: (80, [1, 1, 1]), 31: (90, [1, 1, 1])},
                          points=[30, 30, 12])
    state.phase = "over"
    outcome = state.outcome()
    assert outcome.ranks == (2, 1, 3) and outcome.winner == 1
    assert "tied on 30 points with Orange, but had the best-placed rider" in str(outcome.note)
    state.points = [31, 30, 12]
    assert state.outcome().winner == 0


def test_finishers_are_placed_ahead_of_riders_on_the_road():
    state = race_position(3, {11: (96, [10, 1, 1]), 21: (99, [1, 1, 1]), 31: (60, [1, 1, 1])})
    play(state, (21, 1), (11, 10))
    assert state.crossings["finish"] == [11] and state.placings()[:2] == [11, 21]


# --- retirement (FAQ: only with every other player's agreement) ---------------------------------
def test_retirement_needs_every_other_player_to_agree():
    state = race_position(3, {11: (20, [5, 4, 3]), 21: (10, [5, 4, 3]), 31: (9, [5, 4, 3])})
    with pytest.raises(IllegalAction, match="when it is his turn to move; now it is Orange 11's"):
        state.apply(act("retire", 21))
    state.apply(act("retire", 11))
    assert state.phase == "vote" and state.current_seat() == 1
    assert [a.text() for a in state.legal_actions()] == ["agree", "refuse"]
    state.apply(act("agree"))
    assert state.current_seat() == 2
    events = state.apply(act("agree"))
    assert [e.kind for e in events] == ["retire_agreed", "retired"]
    assert state.by_id[11].status == RETIRED and state.to_move.id == 21
    retired = state.summary()["retired"]
    assert 11 in retired and 21 not in retired and 31 not in retired


def test_a_refused_retirement_cannot_be_asked_again_the_same_turn():
    state = race_position(3, {11: (20, [5, 4, 3]), 21: (10, [5, 4, 3])})
    state.apply(act("retire", 11))
    state.apply(act("agree"))
    events = state.apply(act("refuse"))
    assert events[0].text == "Green refuses: Orange 11 stays in the race."
    assert state.to_move.id == 11 and act("retire", 11) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="refused to let Orange 11 retire this turn"):
        state.apply(act("retire", 11))
    play(state, (11, 5), (21, 5))
    assert act("retire", 11) in state.legal_actions()


# --- the staggered start ------------------------------------------------------------------------
def test_the_staggered_start_lines_up_on_squares_0_39_38_37():
    state = sealed_race(3, {"staggered_start": True})
    squares = {r["id"]: (r["progress"], r["square"]) for r in state.view(None)["riders"]}
    assert squares[11] == (0, 0) and squares[22] == (-1, 39) and squares[33] == (-2, 38) and squares[34] == (-3, 37)
    plain = sealed_race(3)
    assert {r.progress for r in plain.riders} == {0}


@pytest.mark.parametrize("num_seats", [4, 6])
def test_a_moves_slot_and_lapped_riders_count_only_riders_still_racing(num_seats: int) -> None:
    """The turn's racing riders are listed once a turn: riders who finish or retire mid-turn, and a clone
    taken mid-turn, must still give every move the slot and the lapped riders counted from scratch."""
    from game.games.breaking_away.data import LAP
    from game.games.breaking_away.riders import RACING
    for seed in range(6):
        state = BreakingAwayState.new(num_seats, {}, seed)
        rng = Rng(seed)
        while not state.is_over():
            if rng.randrange(7) == 0:
                state = state.clone()
            action = rng.choice(state.legal_actions())
            if action.kind == "move":
                mover, factor = state.by_id[action.args[0]], action.args[1]
                start, end = mover.progress, mover.progress + factor
                racing = [r for r in state.riders if r.status == RACING]
                slot = sum(1 for r in racing if r.progress == end)
                lapped = {r.id for r in racing if start - LAP < r.progress <= end - LAP and r is not mover}
                events = state.apply(action)
                assert events[0].data["slot"] == slot
                told = {rid for e in events if e.kind == "lapped" for rid in e.data["lapped"]}
                assert told == lapped
            else:
                state.apply(action)
