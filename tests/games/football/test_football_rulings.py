"""Breakaway Football: the rulebook's silences as DESIGN.md rules them, and the breakaway run and challenge flag
as the rulebook words them, each on a hand-built state."""
from __future__ import annotations

import pytest
from test_football_rules import (BLOCKED, CLEAN_POCKET, CUTBACK, FALSE_START, HOLD_OFFENSE, HOLDING_DEF, KICK_10,
                                 PANCAKE, STIFF_ARM, STUFFED, defense_call, drive, offense_call, settle, snap, stack)

from game.core.protocol import IllegalAction, act
from game.games.football import field
from game.games.football.bots import Situation, bot_factory, breakaway_run_values, outcome_value
from game.games.football.cards import GAME_DAY_DECK, OFFENSE_CARDS_PER_TEAM
from game.games.football.plays import PlayResult
from game.games.football.phases import (CHALLENGE, CLOCK_DISCARD, CONVERSION, DEFENSE_AUDIBLE, KICKOFF,
                                        MAX_SUDDEN_DEATH_PERIODS, OFFENSE_AUDIBLE, OFFENSE_CALL, PENALTY_CHOICE, TOSS)

BROKEN_TACKLE = 3    # offense breakaway 1
SAFETY_HELP = 46     # the blocked-punt icon
PURSUIT_ANGLE = 25   # offense breakaway -1
THROWN_AT_NOBODY = 38  # Intentional Grounding on the offense (pass, red text)


def last_card(state, seat: int = 0) -> None:
    """``seat`` holds one offense card, the others in its discard pile."""
    state.discards[seat] = state.hands[seat][1:]
    state.hands[seat] = state.hands[seat][:1]


# --- the breakaway run: "until you pull a 0 (tackle) or a fumble icon" --------------------------------------------

def test_a_breakaway_run_adds_a_minus_one_and_goes_on():
    state = drive(ball=5)
    snap(state, "Outside Run", "Tight Run", strength=4, cards=(STIFF_ARM, STUFFED, BROKEN_TACKLE, CUTBACK))
    state.apply(act("breakaway"))
    # base 1, then +2, -1 (the run goes on), +1, and the 0 is the tackle
    assert state.ball == 5 + 1 + 2 - 1 + 1 and state.down == 2


def test_a_blocked_punt_return_goes_on_after_a_minus_one():
    state = drive(ball=5, down=4)
    stack(state, BLOCKED, STUFFED, STIFF_ARM, CUTBACK)
    state.apply(act("punt"))
    state.apply(act("discard", 1))
    settle(state)
    # picked up on Fire's 25 (spot 15): -1, +2, then the tackle
    assert state.offense == 1 and state.ball == field.flip(5) - 1 + 2


def test_a_breakaway_run_driven_back_to_the_own_goal_line_ends_there():
    state = drive(ball=18, down=4)  # a punt from the opponent's 10, blocked
    stack(state, BLOCKED, STUFFED, PURSUIT_ANGLE, STIFF_ARM)
    state.apply(act("punt"))
    state.apply(act("discard", 1))
    # the receiver picks it up on its own 10 (spot 2): -1, -1 reaches its goal line: a safety, the run is over
    assert state.score == [2, 0] and STIFF_ARM in state.gd_deck


def test_a_hail_mary_caught_in_the_own_half_runs_on_from_where_it_was_caught():
    state = drive(ball=5, down=1)  # the own 25: two cards
    stack(state, CLEAN_POCKET, CUTBACK)  # a 9: caught, 10 yard lines on; then a 0: tackled there
    state.apply(act("hailmary"))
    state.apply(act("discard", 1))
    assert state.score == [0, 0] and state.offense == 0 and state.ball == 15 and state.down == 1


# --- the challenge flag ---------------------------------------------------------------------------------------------

def test_a_challenged_target_pass_falls_incomplete():
    """Low-percentage passing: it "needs Game Day deck help"; a challenge sets the card aside: no help."""
    state = drive(ball=10, down=1)
    state.flags = [False, True]
    snap(state, "Long Pass", "Cover 3", strength=8, cards=(CLEAN_POCKET,))  # green text: complete with the card
    assert state.phase == CHALLENGE and state.to_move == 1
    events = state.apply(act("challenge"))
    assert state.ball == 10 and state.down == 2 and state.flags == [False, False]
    assert any(e.kind == "play" and e.data.get("incomplete") for e in events)


def test_a_declined_penalty_leaves_a_target_pass_to_the_cards_colour():
    """Declining takes the penalty away, not the card: red text still drops a target pass, green completes it."""
    state = drive(ball=10, down=1)
    state.flags = [False, False]
    snap(state, "Long Pass", "Cover 3", strength=8, cards=(THROWN_AT_NOBODY,))  # on the offense: red
    assert state.phase == PENALTY_CHOICE and state.to_move == 1
    state.apply(act("decline"))
    assert state.ball == 10 and state.down == 2
    state = drive(ball=10, down=1)
    state.flags = [False, False]
    snap(state, "Long Pass", "Cover 3", strength=8, cards=(HOLDING_DEF,))  # on the defense: green
    state.apply(act("decline"))
    assert state.ball == 16 and state.down == 1


def test_both_sides_may_challenge_the_defense_first_then_the_offense():
    state = drive(ball=10, down=2)
    snap(state, "Power Run", "Zone Blitz", strength=3, cards=(FALSE_START,))  # cannot be declined: both asked
    assert state.phase == CHALLENGE and state.to_move == 1
    state.apply(act("nochallenge"))
    assert state.phase == CHALLENGE and state.to_move == 0
    state.apply(act("challenge"))
    # no penalty, the play stands without its event: 3 against 2 is one line
    assert state.ball == 11 and state.down == 3 and state.flags == [False, True]


def test_the_window_skips_a_side_without_its_flag_and_a_flag_that_could_only_cost_ground():
    state = drive(ball=10, down=2)
    state.flags = [True, False]
    snap(state, "Power Run", "Zone Blitz", strength=3, cards=(FALSE_START,))
    assert state.phase == CHALLENGE and state.to_move == 0
    # the event only takes yard lines away: the offense alone is asked
    state = drive(ball=10, down=2)
    snap(state, "Power Run", "Zone Blitz", strength=3, cards=(STUFFED,))
    assert state.phase == CHALLENGE and state.to_move == 0 and state.pending["next"] == []
    state.apply(act("nochallenge"))
    assert state.ball == 9 and state.down == 3
    # a pass event on a run changes nothing: no window at all
    state = drive(ball=10, down=2)
    snap(state, "Power Run", "Zone Blitz", strength=3, cards=(CLEAN_POCKET,))
    assert state.phase == OFFENSE_CALL and state.ball == 11


def test_a_penalty_is_accepted_or_declined_before_the_side_it_is_called_on_may_challenge_it():
    state = drive(ball=8, down=3)
    snap(state, "Medium Pass", "Cover 3", strength=5, cards=(HOLDING_DEF,))
    assert state.phase == PENALTY_CHOICE and state.to_move == 0
    state.apply(act("accept"))
    assert state.phase == CHALLENGE and state.to_move == 1 and state.pending["next"] == []
    state.apply(act("challenge"))
    assert state.ball == 11 and state.down == 1  # 5 against 2: three lines, past the 50, no penalty
    # declined: the play already stands without the penalty, nothing is left to challenge
    state = drive(ball=8, down=3)
    snap(state, "Medium Pass", "Cover 3", strength=5, cards=(HOLDING_DEF,))
    state.apply(act("decline"))
    assert state.phase == OFFENSE_CALL and state.flags == [True, True]


def test_flags_are_not_refreshed_at_halftime_nor_in_overtime():
    state = drive(ball=10, quarter=2)
    state.flags = [False, True]
    state.opening_receiver = 1
    last_card(state)
    state.apply(act("kneel"))
    state.apply(act("discard", 1))
    assert state.quarter == 3 and state.timeouts == [3, 3] and state.flags == [False, True]
    state = drive(ball=10, quarter=4)
    state.flags = [True, False]
    last_card(state)
    state.apply(act("kneel"))
    state.apply(act("discard", 1))
    assert state.quarter == 5 and state.phase == TOSS and state.flags == [True, False]


# --- audibles, penalties, kicks --------------------------------------------------------------------------------------

def test_the_offense_audibles_first_then_the_defense_knowing_it():
    state = drive()
    state.apply(act("call", 1, 1))
    state.apply(defense_call(state, "Blitz"))
    assert state.phase == OFFENSE_AUDIBLE and state.to_move == 0
    state.apply(act("audible"))
    assert state.phase == DEFENSE_AUDIBLE and state.to_move == 1
    assert state.view(1)["calls"][0]["audible"] is True


def test_a_missed_field_goal_gives_the_ball_at_the_kick_spot_at_least_on_the_20():
    state = drive(ball=17, down=4)  # the opponent's 15: distance 3
    stack(state, HOLD_OFFENSE)  # the missed-kick icon
    state.apply(act("fieldgoal"))
    state.apply(act("discard", 1))
    settle(state)
    assert state.offense == 1 and state.ball == field.TOUCHBACK_SPOT


def test_field_goals_are_offered_from_the_opponents_45_and_closer():
    assert act("fieldgoal") in drive(ball=11, down=4).legal_actions()  # the opponent's 45: distance 9
    with pytest.raises(IllegalAction, match="45 or closer"):
        drive(ball=10, down=4).apply(act("fieldgoal"))


def test_hail_mary_draws_four_two_or_one_card_by_field_position():
    assert [field.hail_mary_cards(spot) for spot in (1, 5, 6, 9, 10, 16)] == [1, 1, 2, 2, 4, 4]
    state = drive(ball=10, down=1)
    stack(state, PANCAKE, PANCAKE + 5, PANCAKE + 15, PANCAKE + 21)  # field goal 7, 6, 7, 7: no 9, no miss
    before = len(state.gd_discard)
    state.apply(act("hailmary"))
    state.apply(act("discard", 1))
    assert len(state.gd_discard) - before == 4 and state.ball == 10 and state.down == 2


def test_a_free_kick_is_never_blocked():
    state = drive(ball=1, down=2)
    state.flags = [False, False]
    stack(state, SAFETY_HELP, KICK_10, CUTBACK)
    state.apply(act("kneel"))
    state.apply(act("discard", 1))
    settle(state)
    # the blocked icon is set aside and the next card kicks: 10 lines from the 20, returned 0
    assert state.score == [0, 2] and state.offense == 1 and state.ball == field.flip(field.FREE_KICK_SPOT + 10)


def test_the_kicker_can_only_be_iced_with_a_time_out_left():
    state = drive(ball=13, down=4, ice_the_kicker=True)
    state.timeouts = [3, 0]
    stack(state, PANCAKE)  # value 7: good from distance 7
    state.apply(act("fieldgoal"))
    state.apply(act("discard", 1))
    assert state.score == [3, 0]


def test_a_two_point_try_has_no_time_outs_and_a_penalty_replays_it_or_ends_it():
    state = drive(ball=19, target=20)
    state.phase, state.pending = CONVERSION, {"team": 0}
    state.discards[0] = [6]
    state.hands[0].remove(6)
    state.apply(act("twopoint"))
    assert act("timeout") not in state.legal_actions()
    state.apply(offense_call(state, "Power Run", 3))
    assert act("timeout") not in state.legal_actions()
    state.apply(defense_call(state, "Zone Blitz"))
    stack(state, FALSE_START)  # cannot be declined: one line back, the try is replayed
    state.apply(act("keep"))
    state.apply(act("keep"))
    while state.phase == CHALLENGE:
        state.apply(act("nochallenge"))
    assert state.two_point and state.phase == OFFENSE_CALL and state.ball == field.TWO_POINT_SPOT - 1
    assert state.score == [0, 0]
    # a penalty that costs the down ends the try
    state.flags = [False, False]
    snap(state, "Medium Pass", "Cover 3", strength=5, cards=(THROWN_AT_NOBODY,))
    state.apply(act("accept"))
    assert not state.two_point and state.score == [0, 0] and state.phase in (KICKOFF, CLOCK_DISCARD)


# --- time outs and the card clock ------------------------------------------------------------------------------------

def test_a_time_out_needs_a_card_in_the_offense_discard_pile():
    state = drive()
    assert state.discards[0] == [] and act("timeout") not in state.legal_actions()
    with pytest.raises(IllegalAction, match="none in its discard pile"):
        state.apply(act("timeout"))


def test_after_a_time_out_the_team_holding_more_cards_discards_down_to_the_other():
    state = drive(ball=5, down=4)
    state.hands = [list(range(1, 6)), list(range(1, 9))]
    state.discards = [list(range(6, OFFENSE_CARDS_PER_TEAM + 1)), list(range(9, OFFENSE_CARDS_PER_TEAM + 1))]
    state.apply(act("timeout"))
    state.apply(act("retrieve", 6))  # Lightning holds 6 now
    state.apply(act("punt"))
    stack(state, PANCAKE, CUTBACK)
    state.apply(act("discard", 1))  # 5 left; Fire holds 8
    assert state.phase == CLOCK_DISCARD and state.to_move == 1 and state.pending["count"] == 3


# --- overtime --------------------------------------------------------------------------------------------------------

def test_an_overtime_safety_ends_the_game():
    state = drive(ball=1, down=2, quarter=5)
    state.score = [10, 10]
    state.apply(act("kneel"))
    state.apply(act("discard", 1))
    assert state.is_over() and state.outcome().winner == 1 and state.score == [10, 12]


def test_an_overtime_touchdown_ends_the_game_without_a_try():
    state = drive(ball=19, target=20, quarter=5)
    state.score = [10, 10]
    state.flags = [False, False]
    snap(state, "Power Run", "Zone Blitz", strength=4, cards=(CUTBACK,))
    assert state.is_over() and state.score == [16, 10]


def test_sudden_death_ends_in_a_draw_after_ten_scoreless_periods():
    for period, over in ((MAX_SUDDEN_DEATH_PERIODS - 1, False), (MAX_SUDDEN_DEATH_PERIODS, True)):
        state = drive(ball=10, quarter=4 + period, overtime="sudden-death")
        state.score = [7, 7]
        last_card(state)
        state.apply(act("kneel"))
        state.apply(act("discard", 1))
        assert state.is_over() is over
        if over:
            assert state.outcome().winner is None
        else:
            assert state.quarter == 5 + period


def test_late_half_incompletions_count_in_overtime():
    state = drive(ball=10, quarter=5, late_half_incompletions=True)
    state.hands[0] = [1, 2, 3, 6]  # card 6: Draw 3 / Long Pass 8 (target)
    state.discards[0] = [c for c in range(1, 16) if c not in state.hands[0]]
    state.flags = [False, False]
    snap(state, "Long Pass", "Cover 3", strength=8, cards=(STUFFED,))  # target icon + red text
    assert len(state.hands[0]) == 4 and state.down == 2
    assert state.phase in (OFFENSE_CALL, KICKOFF, CLOCK_DISCARD)


# --- the coaches at the challenge window and on a breakaway run -------------------------------------------------------

INTO_COVERAGE = 37   # Offense pass interception


def coach_choice(state, level: str = "normal"):
    seat = state.current_seat()
    return bot_factory(level, seat, 7).choose(state.view(seat), state.legal_actions())


def test_the_coaches_throw_the_flag_where_it_pays_and_keep_it_where_it_does_not():
    # the defense flags a completed deep target pass (it falls incomplete)
    state = drive(ball=10, down=1)
    snap(state, "Long Pass", "Cover 3", strength=8, cards=(CLEAN_POCKET,))
    assert state.to_move == 1 and coach_choice(state) == act("challenge")
    # the offense flags an interception (the defense is not asked: ignoring a turnover cannot help it)
    state = drive(ball=10, down=1)
    snap(state, "Medium Pass", "Cover 3", strength=5, cards=(INTO_COVERAGE,))
    assert state.to_move == 0 and state.pending["next"] == [] and coach_choice(state) == act("challenge")
    # a False Start helps the defense: asked first, it lets the penalty stand
    state = drive(ball=10, down=2)
    snap(state, "Power Run", "Zone Blitz", strength=3, cards=(FALSE_START,))
    assert state.to_move == 1 and coach_choice(state) == act("nochallenge")


def test_the_coaches_value_a_breakaway_run_that_goes_on_after_a_minus_one():
    situation = Situation(10, 1, 16)
    run_on = breakaway_run_values(situation, GAME_DAY_DECK)
    assert outcome_value(situation, ("chain", 1, -1), run_on) == run_on[10]
    assert outcome_value(situation, ("chain", 1, 0), run_on) == situation.value(PlayResult(1))
