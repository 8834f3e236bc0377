"""Breakaway Football rules: the rulebook's worked examples and each special rule, on hand-built states."""
from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction, act
from game.games.football import field
from game.games.football.cards import TEAMS, DefensePlay, OffensePlay, game_day_card
from game.games.football.plays import compare, result_with_event
from game.games.football.rules import (BREAKAWAY_CHOICE, CHALLENGE, CLOCK_DISCARD, CONVERSION, DEFENSE_CALL,
                                       ICE, KICKOFF, OFFENSE_CALL, PENALTY_CHOICE, RETRIEVE, TOSS,
                                       FootballState)
from game.games.football.spec import SPEC

# Game Day cards used below (see cards.py): number -> what matters
PANCAKE = 2          # Offense run +2; defense breakaway -1; offense breakaway 0; punt 7; field goal 7
CUTBACK = 1          # Offense run +2; field goal 3
STIFF_ARM = 5        # Offense run +1; offense breakaway 2; punt 7
FUMBLE_EVENT = 10    # Offense run fumble; offense breakaway 3
FALSE_START = 11     # penalty on offense, run, cannot be declined; field goal 8
HOLD_OFFENSE = 12    # penalty on offense, run, declinable; field goal MISS
GANG_TACKLE = 14     # Defense run +1; defense breakaway TO
STUFFED = 13         # Defense run +2 (red); offense breakaway -1
FACE_MASK = 22       # penalty on defense, run, 3 lines, automatic first down
CLEAN_POCKET = 31    # Offense pass +1 (green); field goal 9
INTO_COVERAGE = 37   # Offense pass interception
JUMPED_ROUTE = 43    # Defense pass interception
PICK_TD_ICON = 44    # offense breakaway TD
TOE_TAP_FUMBLE = 30  # offense breakaway fumble icon
BLOCKED = 46         # punt corner BLK
HOLDING_DEF = 49     # penalty on defense, pass: accept = 1 line, automatic first down
KICK_10 = 6          # punt 10
PURSUIT = 25         # field goal 4


def stack(state: FootballState, *numbers: int) -> None:
    """Put these Game Day cards on top of the deck, the first drawn first."""
    for n in numbers:
        if n in state.gd_deck:
            state.gd_deck.remove(n)
        else:
            state.gd_discard.remove(n)
    state.gd_deck.extend(reversed(numbers))


def drive(team_1: str = "Lightning", team_2: str = "Fire", offense: int = 0, ball: int = 10, down: int = 1,
          target: int | None = None, quarter: int = 1, **options) -> FootballState:
    state = SPEC.create(2, {"team_1": team_1, "team_2": team_2, **options}, seed=11)
    state.phase = OFFENSE_CALL
    state.offense = offense
    state.to_move = offense
    state.pending = {}
    state.ball = ball
    state.down = down
    state.target = field.next_first_down_line(ball) if target is None else target
    state.quarter = quarter
    return state


def settle(state: FootballState) -> FootballState:
    """The team holding more offense cards discards down to match the clock (its first cards)."""
    while state.phase == CLOCK_DISCARD:
        state.apply(act("discard", state.hands[state.to_move][0]))
    return state


def offense_call(state: FootballState, play_type: str, strength: int | None = None):
    team = state.team(state.offense)
    for number in state.hands[state.offense] if not state.two_point else range(1, 16):
        for end in (1, 2):
            play = team.offense_card(number).play(end)
            if play.play_type == play_type and (strength is None or play.strength == strength):
                return act("call", number, end)
    raise AssertionError(f"no {play_type} {strength} in hand")


def defense_call(state: FootballState, name: str, run: int | None = None):
    team = state.team(state.defense)
    for card in team.defense:
        for end in (1, 2):
            play = card.play(end)
            if play.name == name and (run is None or play.run_strength == run):
                return act("call", card.number, end)
    raise AssertionError(f"no {name} defense")


def snap(state: FootballState, play: str, defense: str, *, strength: int | None = None, run: int | None = None,
         cards: tuple[int, ...] = ()) -> list:
    """Both sides call, nobody audibles, the cards are revealed with ``cards`` on top of the Game Day deck."""
    events = state.apply(offense_call(state, play, strength))
    events += state.apply(defense_call(state, defense, run))
    stack(state, *cards)
    events += state.apply(act("keep"))
    events += state.apply(act("keep"))
    state.check_invariants()
    return events


# --- the rulebook's worked examples ---------------------------------------------------------------

def test_two_versus_one_plus_two_is_three():
    state = drive(ball=5)
    snap(state, "Power Run", "Blitz", strength=2, run=1, cards=(PANCAKE,))
    assert state.phase != CHALLENGE or state.pending["seat"] == state.defense
    if state.phase == CHALLENGE:
        state.apply(act("nochallenge"))
    assert state.ball == 8 and state.down == 2


def test_long_pass_into_two_man_under_the_defense_chooses_minus_one():
    state = drive(ball=8)
    snap(state, "Long Pass", "2 Man Under", strength=7, run=1, cards=(PANCAKE,))
    assert state.phase == BREAKAWAY_CHOICE and state.to_move == state.defense
    state.apply(act("breakaway"))
    assert state.ball == 7 and state.down == 2


def test_lightning_and_fire_discard_example():
    """Lightning uses 7 cards (6 plays and a field goal): Fire discards 7; a 3-and-out punt: Lightning discards 4."""
    state = drive(ball=14, down=4, target=16)
    lightning, fire = 0, 1
    state.discards[lightning] = state.hands[lightning][:6]
    state.hands[lightning] = state.hands[lightning][6:]
    state.apply(act("fieldgoal"))
    stack(state, CLEAN_POCKET)
    state.apply(act("discard", state.hands[lightning][0]))
    assert state.score == [3, 0]
    assert state.phase == CLOCK_DISCARD and state.to_move == fire and state.pending["count"] == 7
    for _ in range(7):
        state.apply(act("discard", state.hands[fire][0]))
    assert [len(h) for h in state.hands] == [8, 8]
    assert state.phase == KICKOFF
    # Fire's three-and-out: three plays, then a card paid for the punt
    state = drive(offense=fire, ball=5, down=4, target=10)
    state.hands = [list(range(1, 9)), list(range(1, 6))]
    state.discards = [list(range(9, 16)), list(range(6, 16))]
    state.apply(act("punt"))
    stack(state, PANCAKE, CUTBACK)
    state.apply(act("discard", 1))
    assert state.phase == CLOCK_DISCARD and state.to_move == lightning and state.pending["count"] == 4


def test_offense_time_out_late_in_the_half_brings_back_a_card():
    state = drive(quarter=2)
    state.discards[0] = state.hands[0][1:]
    state.hands[0] = state.hands[0][:1]
    state.timeouts = [1, 3]
    state.apply(act("timeout"))
    assert state.phase == RETRIEVE and state.timeouts[0] == 0
    state.apply(act("retrieve", 9))
    assert len(state.hands[0]) == 2 and 9 in state.hands[0] and state.phase == OFFENSE_CALL
    with pytest.raises(IllegalAction, match="no time outs"):
        state.apply(act("timeout"))


def test_defense_time_out_forces_the_offense_to_take_back_a_card():
    """3rd down stopped, the offense holds its last card: a defense time out keeps the game going."""
    state = drive(quarter=4, ball=8, down=4, target=10)
    state.discards[0] = state.hands[0][1:]
    state.hands[0] = state.hands[0][:1]
    state.apply(state.legal_actions()[0])  # the offense lays down its last card
    assert state.hands[0] == [] and state.phase == DEFENSE_CALL
    state.apply(act("timeout"))
    state.apply(act("retrieve", 5))
    assert state.hands[0] == [5] and state.phase == DEFENSE_CALL
    state.apply(defense_call(state, "Goal Line", run=4))
    stack(state, STUFFED)
    state.apply(act("keep"))
    state.apply(act("keep"))
    while state.phase in (CHALLENGE, BREAKAWAY_CHOICE, PENALTY_CHOICE):
        state.apply(state.legal_actions()[-1])
    assert state.phase == CLOCK_DISCARD and state.pending == {"seat": 1, "count": 14}
    for _ in range(14):
        state.apply(act("discard", state.hands[1][0]))
    assert state.quarter == 4 and state.offense == 1 and [len(h) for h in state.hands] == [1, 1]


def test_prevent_halves_eight_to_four_rounding_up():
    prevent = DefensePlay("Prevent", 1, 1)
    assert compare(OffensePlay("Long Pass", 8), prevent).offense_value == 4
    assert compare(OffensePlay("Medium Pass", 5), prevent).offense_value == 3


@pytest.mark.parametrize("distance,target", [(1, 95), (2, 95), (3, 95), (4, 91), (5, 85), (6, 74), (7, 60),
                                              (8, 20), (9, 5)])
def test_field_goal_chart(distance, target):
    assert abs(field.field_goal_chance(distance) * 100 - target) <= 2


def test_onside_and_hail_mary_odds():
    assert abs(field.onside_chance() - 0.20) <= 0.02
    assert abs(field.hail_mary_card_chance() - 0.05) <= 0.01
    assert [field.hail_mary_cards(s) for s in (3, 6, 10, 15)] == [1, 2, 4, 4]


# --- matchups ------------------------------------------------------------------------------------------

def test_named_matchups():
    assert compare(OffensePlay("Outside Run", 4), DefensePlay("Tight Run", 3, 1)).breakaway == "offense"
    assert compare(OffensePlay("Short Pass", 3), DefensePlay("Press", 1, 3)).breakaway == "defense"
    assert compare(OffensePlay("Long Pass", 8), DefensePlay("2 Man Under", 1, 3)).breakaway == "defense"


def test_minimum_gain_and_breakaway_floor():
    assert compare(OffensePlay("Inside Run", 1), DefensePlay("Cover 2", 3, 3)).base == 1
    assert compare(OffensePlay("Draw", 1), DefensePlay("Cover 2", 3, 3)).base == 0
    # an offense breakaway starts from at least 1
    assert compare(OffensePlay("Outside Run", 2), DefensePlay("Tight Run", 3, 1)).base == 1
    assert compare(OffensePlay("Medium Pass", 9), DefensePlay("Blitz", 1, 2)).base == 0


# --- kickoffs ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("card,expected", [(CUTBACK, ("drive", 1, 5)), (STUFFED, ("drive", 1, 5)),
                                           (4, ("drive", 1, 3)), (STIFF_ARM, ("drive", 1, 6)),
                                           (FUMBLE_EVENT, ("drive", 1, 9)), (PICK_TD_ICON, ("touchdown", 1, 0)),
                                           (TOE_TAP_FUMBLE, ("drive", 0, 16))])
def test_kickoff_return_table(card, expected):
    state = SPEC.create(2, {}, seed=3)
    state.to_move = 1
    state.pending = {"winner": 1}
    stack(state, card)
    state.apply(act("receive"))
    kind, team, spot = expected
    if kind == "touchdown":
        assert state.score == [0, 6] and state.phase == CONVERSION
    else:
        assert state.offense == team and state.ball == spot and state.phase == OFFENSE_CALL
        if card == TOE_TAP_FUMBLE:
            assert state.target == field.GOAL_LINE  # 1st and goal


def test_onside_kick_recovered_on_eight_or_nine():
    for card, recovered in ((FALSE_START, True), (CLEAN_POCKET, True), (PANCAKE, False)):
        state = drive()
        state.phase, state.to_move, state.pending = KICKOFF, 0, {"kicker": 0}
        stack(state, card)
        state.apply(act("onside"))
        assert state.offense == (0 if recovered else 1) and state.ball == field.ONSIDE_SPOT


# --- audibles, challenges, penalties ---------------------------------------------------------------------------

def test_audible_turns_the_card_round_for_both_sides():
    state = drive()
    state.apply(act("call", 1, 1))  # Inside Run 3 / Play Action 6
    state.apply(act("call", 1, 1))  # Fire: Blitz / Cover 3
    state.apply(act("audible"))
    assert state.commits[0] == {"card": 1, "end": 2} and state.calls[0]["audible"] is True
    state.apply(act("audible"))
    assert state.reveal["offense"]["play_type"] == "Play Action"
    assert state.reveal["defense"]["name"] == "Cover 3"


def test_challenge_flag_ignores_the_play_event_and_is_spent():
    state = drive(ball=10)
    snap(state, "Power Run", "Zone Blitz", strength=3, cards=(STUFFED,))  # 3 vs 2 = 1, then defense +2
    assert state.phase == CHALLENGE and state.to_move == 0
    state.apply(act("challenge"))
    assert state.flags == [False, True] and state.ball == 11


def test_no_challenge_on_a_breakaway_and_flags_earned_back_when_not_winning():
    state = drive(ball=8)
    state.flags = [False, False]
    state.score = [0, 7]
    snap(state, "Outside Run", "Tight Run", strength=4, cards=(STUFFED,))
    assert state.phase == BREAKAWAY_CHOICE and "challenge" not in {a.kind for a in state.legal_actions()}
    assert state.flags == [True, False]
    # a winning team does not earn its flag back
    state = drive(ball=8)
    state.flags = [False, False]
    state.score = [7, 0]
    snap(state, "Outside Run", "Tight Run", strength=4, cards=(STUFFED,))
    assert state.flags == [False, False]


def test_false_start_cannot_be_declined_keeps_the_card_and_replays_the_down():
    state = drive(ball=10, down=2)
    hand_before = len(state.hands[0])
    snap(state, "Power Run", "Zone Blitz", strength=3, cards=(FALSE_START,))
    while state.phase == CHALLENGE:
        state.apply(act("nochallenge"))
    assert state.ball == 9 and state.down == 2 and len(state.hands[0]) == hand_before


def test_holding_on_the_defense_accept_gives_a_line_and_a_first_down_decline_lets_the_play_stand():
    state = drive(ball=8, down=3)
    state.flags = [False, False]
    snap(state, "Medium Pass", "Cover 3", strength=5, cards=(HOLDING_DEF,))
    assert state.phase == PENALTY_CHOICE and state.to_move == 0
    hand = len(state.hands[0])
    state.apply(act("accept"))
    assert state.ball == 9 and state.down == 1 and state.target == 10 and len(state.hands[0]) == hand + 1
    state = drive(ball=8, down=3)
    state.flags = [False, False]
    snap(state, "Medium Pass", "Cover 3", strength=5, cards=(HOLDING_DEF,))
    state.apply(act("decline"))
    assert state.ball == 11 and state.down == 1  # 5 vs 2: 3 lines, past the 50


def test_penalties_never_reach_the_goal_line():
    state = drive(ball=18, down=2)
    state.flags = [False, False]
    snap(state, "Power Run", "Zone Blitz", strength=3, cards=(FACE_MASK,))
    state.apply(act("accept"))
    assert state.ball == 19 and state.score == [0, 0]
    state = drive(ball=2, down=2)
    state.flags = [False, False]
    snap(state, "Power Run", "Zone Blitz", strength=3, cards=(HOLD_OFFENSE,))
    state.apply(act("accept"))
    assert state.ball == 1 and state.score == [0, 0]


def test_restricted_passes_near_the_goal_line_cost_a_yard_line():
    state = drive(ball=17, down=2, target=20)
    hand = len(state.hands[0])
    events = snap(state, "Long Pass", "Cover 3", strength=7)
    assert any(e.kind == "restricted_pass" for e in events)
    assert state.ball == 16 and state.down == 2 and len(state.hands[0]) == hand
    state = drive(ball=19, down=1, target=20)
    snap(state, "Medium Pass", "Cover 3", strength=5)
    assert state.ball == 18


# --- turnovers -------------------------------------------------------------------------------------------------

def test_fumble_at_the_spot():
    state = drive(ball=9)
    state.flags = [False, False]
    snap(state, "Power Run", "Zone Blitz", strength=4, cards=(FUMBLE_EVENT,))
    settle(state)
    assert state.offense == 1 and state.ball == 11


def test_interception_at_the_new_spot_and_touchback_in_the_end_zone():
    state = drive(ball=9)
    state.flags = [False, False]
    snap(state, "Medium Pass", "Cover 3", strength=5, cards=(JUMPED_ROUTE,))  # 5 vs 2: picked off 3 lines on
    settle(state)
    assert state.offense == 1 and state.ball == 8
    state = drive(ball=16, target=20)
    state.flags = [False, False]
    snap(state, "Medium Pass", "Cover 3", strength=6, cards=(JUMPED_ROUTE,))
    settle(state)
    assert state.offense == 1 and state.ball == field.TOUCHBACK_SPOT


def test_defense_breakaway_turnover_icon():
    state = drive(ball=9)
    snap(state, "Short Pass", "Press", strength=3, cards=(GANG_TACKLE,))
    state.apply(act("breakaway"))
    settle(state)
    assert state.offense == 1 and state.ball == 11


# --- offense breakaways and low-percentage passes --------------------------------------------------------------

def test_offense_breakaway_draws_until_a_tackle():
    state = drive(ball=5)
    snap(state, "Outside Run", "Tight Run", strength=4, cards=(STIFF_ARM, 3, CUTBACK))
    state.apply(act("breakaway"))
    # base 4-3 = 1, then +2 (card 5), +1 (card 3), 0 (card 1): a tackle
    assert state.ball == 9


def test_offense_breakaway_fumble_icon_ends_the_run_with_a_turnover():
    state = drive(ball=5)
    snap(state, "Outside Run", "Tight Run", strength=4, cards=(STIFF_ARM, TOE_TAP_FUMBLE))
    state.apply(act("breakaway"))
    settle(state)
    assert state.offense == 1 and state.ball == field.flip(8)


def test_low_percentage_pass_red_incomplete_green_complete_breakaway_always_complete():
    target_pass = OffensePlay("Long Pass", 8, low_percentage=True)
    cover = DefensePlay("Cover 3", 2, 2)
    m = compare(target_pass, cover)
    assert result_with_event(m, game_day_card(STUFFED)).incomplete
    assert result_with_event(m, game_day_card(CUTBACK)).gain == 6
    assert result_with_event(m, game_day_card(CLEAN_POCKET)).gain == 7
    assert not result_with_event(m, game_day_card(STUFFED), offense_breakaway=True).incomplete


# --- downs, scoring ---------------------------------------------------------------------------------------------

def test_first_down_lines_work_once_per_drive():
    state = drive(ball=9, down=1)
    state.flags = [False, False]
    snap(state, "Power Run", "Zone Blitz", strength=4, cards=(CUTBACK,))  # 2 + 2 = 4: to 13, past the 50
    assert state.down == 1 and state.target == 16
    snap(state, "Power Run", "Blitz", strength=2, run=1, cards=(STUFFED,))  # 1 - 2: back to 12
    if state.phase == CHALLENGE:
        state.apply(act("nochallenge"))
    assert state.ball == 12 and state.down == 2 and state.target == 16


def test_turnover_on_downs():
    state = drive(ball=7, down=4, target=10)
    state.flags = [False, False]
    snap(state, "Power Run", "Goal Line", strength=2, run=4, cards=(PANCAKE,))
    if state.phase == BREAKAWAY_CHOICE:
        state.apply(act("breakaway"))  # the defense breakaway value -1
    settle(state)
    assert state.offense == 1 and state.ball == field.flip(6)


def test_touchdown_extra_point_and_missed_extra_point():
    for card, points in ((CUTBACK, 7), (HOLD_OFFENSE, 6)):
        state = drive(ball=19, target=20)
        state.flags = [False, False]
        snap(state, "Power Run", "Zone Blitz", strength=4, cards=(FACE_MASK,))
        if state.phase == PENALTY_CHOICE:
            state.apply(act("decline"))
        assert state.score == [6, 0] and state.phase == CONVERSION
        stack(state, card)
        state.apply(act("extrapoint"))
        assert state.score == [points, 0]


def test_two_point_try_any_card_even_from_the_discards_untimed():
    state = drive(ball=19, target=20)
    state.phase, state.pending = CONVERSION, {"team": 0}
    state.discards[0] = [6]
    state.hands[0].remove(6)
    hand = list(state.hands[0])
    state.apply(act("twopoint"))
    assert state.ball == field.TWO_POINT_SPOT and state.two_point
    assert act("call", 6, 1) in state.legal_actions()
    state.flags = [False, False]
    state.apply(act("call", 10, 1))  # Power Run 4 (from the hand)
    state.apply(defense_call(state, "Zone Blitz"))
    stack(state, CUTBACK)
    state.apply(act("keep"))
    state.apply(act("keep"))
    assert state.score == [2, 0] and state.hands[0] == hand and state.discards[0] == [6]


def test_field_goal_by_distance_and_a_miss_gives_the_ball_at_the_spot():
    state = drive(ball=14, down=4)  # the opponent's 30: distance 6
    state.apply(act("fieldgoal"))
    stack(state, PANCAKE)  # value 7
    state.apply(act("discard", 1))
    assert state.score == [3, 0]
    state = drive(ball=12, down=4)  # distance 8
    state.apply(act("fieldgoal"))
    stack(state, PANCAKE)
    state.apply(act("discard", 1))
    settle(state)
    assert state.score == [0, 0] and state.offense == 1 and state.ball == 8
    with pytest.raises(IllegalAction, match="45 or closer"):
        drive(ball=9).apply(act("fieldgoal"))


def test_safety_then_free_kick_returned_as_a_breakaway():
    state = drive(ball=1, down=2)
    state.flags = [False, False]
    stack(state, KICK_10, STIFF_ARM, CUTBACK)
    state.apply(act("kneel"))
    state.apply(act("discard", 1))
    settle(state)
    assert state.score == [0, 2]
    # free kick from the 20 travels 10 lines to Fire's 30 (spot 6); return +2 then a tackle
    assert state.offense == 1 and state.ball == 8


def test_qb_kneel_loses_a_line_without_a_game_day_card():
    state = drive(ball=10, down=1)
    deck = list(state.gd_deck)
    state.apply(act("kneel"))
    state.apply(act("discard", 3))
    assert state.ball == 9 and state.down == 2 and state.gd_deck == deck and 3 in state.discards[0]


# --- kicking game ---------------------------------------------------------------------------------------------------

def test_punt_touchback_return_and_block():
    state = drive(ball=12, down=4)
    stack(state, KICK_10)
    state.apply(act("punt"))
    state.apply(act("discard", 1))
    settle(state)
    assert state.offense == 1 and state.ball == field.TOUCHBACK_SPOT
    state = drive(ball=5, down=4)
    stack(state, PANCAKE, STIFF_ARM)  # 7 lines to spot 12 = Fire's 40, returned 2
    state.apply(act("punt"))
    state.apply(act("discard", 1))
    settle(state)
    assert state.offense == 1 and state.ball == field.flip(12) + 2
    state = drive(ball=5, down=4)
    stack(state, BLOCKED, CUTBACK)
    state.apply(act("punt"))
    state.apply(act("discard", 1))
    settle(state)
    assert state.offense == 1 and state.ball == field.flip(5)


def test_coffin_corner_punt_is_two_shorter_and_optional():
    assert act("coffin") not in drive(down=4).legal_actions()
    state = drive(ball=8, down=4, coffin_corner=True)
    stack(state, KICK_10, CUTBACK)
    state.apply(act("coffin"))
    state.apply(act("discard", 1))
    settle(state)
    assert state.offense == 1 and state.ball == field.flip(16)


def test_ice_the_kicker_spends_a_time_out_and_takes_one_off():
    state = drive(ball=13, down=4, ice_the_kicker=True)  # distance 7
    state.apply(act("fieldgoal"))
    state.apply(act("discard", 1))
    assert state.phase == ICE and state.to_move == 1
    hands = [list(h) for h in state.hands]
    stack(state, PANCAKE)  # value 7, iced to 6
    state.apply(act("ice"))
    assert state.timeouts == [3, 2] and state.score == [0, 0] and state.hands[0] == hands[0]
    plain = drive(ball=13, down=4)
    plain.apply(act("fieldgoal"))
    stack(plain, PANCAKE)
    plain.apply(act("discard", 1))
    assert plain.score == [3, 0]


def test_hail_mary_completion_interception_and_card_count():
    state = drive(ball=10, down=1)
    stack(state, PANCAKE, CLEAN_POCKET, CUTBACK)  # 7, then a 9: caught, +10 = goal line
    state.apply(act("hailmary"))
    state.apply(act("discard", 1))
    assert state.score == [6, 0]
    state = drive(ball=3, down=1)
    stack(state, HOLD_OFFENSE)  # missed-kick icon: pick six
    state.apply(act("hailmary"))
    state.apply(act("discard", 1))
    assert state.score == [0, 6]
    state = drive(ball=3, down=1)
    stack(state, PANCAKE, CLEAN_POCKET)  # one card only from inside the 30: incomplete
    state.apply(act("hailmary"))
    state.apply(act("discard", 1))
    assert state.score == [0, 0] and state.down == 2 and state.ball == 3
    with pytest.raises(IllegalAction, match="Hail Mary"):
        drive(ball=17).apply(act("hailmary"))


def test_late_half_incompletions_keep_the_card():
    state = drive(ball=10, quarter=2, late_half_incompletions=True)
    state.hands[0] = [1, 2, 3, 6]  # card 6: Draw 3 / Long Pass 8 (target)
    state.discards[0] = [c for c in range(1, 16) if c not in state.hands[0]]
    state.flags = [False, False]
    snap(state, "Long Pass", "Cover 3", strength=8, cards=(STUFFED,))  # target icon + red text
    assert len(state.hands[0]) == 4 and state.down == 2


# --- the card clock ----------------------------------------------------------------------------------------------

def test_quarter_ends_on_the_last_card_and_the_drive_goes_on():
    state = drive(ball=10, quarter=1)
    state.discards[0] = state.hands[0][1:]
    state.hands[0] = state.hands[0][:1]
    state.apply(act("kneel"))
    state.apply(act("discard", 1))
    assert state.quarter == 2 and state.offense == 0 and state.ball == 9 and state.down == 2
    assert [len(h) for h in state.hands] == [15, 15]


def test_half_ends_on_the_last_card_and_time_outs_come_back():
    state = drive(ball=10, quarter=2)
    state.timeouts = [0, 1]
    state.opening_receiver = 1
    state.discards[0] = state.hands[0][1:]
    state.hands[0] = state.hands[0][:1]
    state.apply(act("kneel"))
    state.apply(act("discard", 1))
    assert state.quarter == 3 and state.timeouts == [3, 3]
    assert state.phase == OFFENSE_CALL and state.offense == 0  # Fire received first, so Lightning receives now


def test_game_ends_after_the_fourth_quarter_or_goes_to_overtime_when_tied():
    state = drive(ball=10, quarter=4)
    state.score = [7, 3]
    state.discards[0] = state.hands[0][1:]
    state.hands[0] = state.hands[0][:1]
    state.apply(act("kneel"))
    state.apply(act("discard", 1))
    assert state.is_over() and state.outcome().winner == 0
    state = drive(ball=10, quarter=4)
    state.score = [7, 7]
    state.discards[0] = state.hands[0][1:]
    state.hands[0] = state.hands[0][:1]
    state.apply(act("kneel"))
    state.apply(act("discard", 1))
    assert state.quarter == 5 and state.phase == TOSS and state.timeouts == [2, 2]


def test_pro_overtime_field_goal_on_the_first_possession_gives_the_other_team_a_drive():
    state = drive(ball=14, down=4, quarter=5)
    state.score = [10, 10]
    state.ot_drives = 1
    state.apply(act("fieldgoal"))
    stack(state, PANCAKE)
    state.apply(act("discard", 1))
    assert state.score == [13, 10] and not state.is_over()
    state.apply(act("discard", state.hands[1][0]))  # Fire matches the clock
    state.apply(act("kickoff"))
    assert state.offense == 1 and state.ot_drives == 2
    state.ball, state.down = 16, 4
    state.apply(act("punt"))
    state.apply(act("discard", state.hands[1][0]))
    assert state.is_over() and state.outcome().winner == 0


def test_sudden_death_first_score_wins_and_any_overtime_touchdown_ends_it():
    state = drive(ball=14, down=4, quarter=5, overtime="sudden-death")
    state.score = [10, 10]
    state.ot_drives = 1
    state.apply(act("fieldgoal"))
    stack(state, PANCAKE)
    state.apply(act("discard", 1))
    assert state.is_over() and state.outcome().winner == 0
    state = drive(ball=19, target=20, quarter=5)
    state.score = [10, 10]
    state.ot_drives = 1
    state.flags = [False, False]
    snap(state, "Power Run", "Zone Blitz", strength=4, cards=(CUTBACK,))
    assert state.is_over() and state.score == [16, 10]


# --- data ------------------------------------------------------------------------------------------------------------

def test_team_decks_follow_the_rulebook():
    assert set(TEAMS) == {"Maulers", "Pharaohs", "Lightning", "Fire"}
    for team in TEAMS.values():
        assert len(team.offense) == 15 and len(team.defense) == 10
        plays = [p for c in team.offense for p in c.ends]
        assert all(p.kind == "pass" for p in plays if p.low_percentage)
        assert any(p.low_percentage for p in plays)
        assert len({p.play_type for p in plays}) == 10
        defenses = {p.name for c in team.defense for p in c.ends}
        assert {"Blitz", "Tight Run", "Press", "2 Man Under", "Prevent"} <= defenses
        for card in team.offense + team.defense:
            assert card.ends[0] != card.ends[1]
    runs = {name: sum(p.kind == "run" for c in t.offense for p in c.ends) for name, t in TEAMS.items()}
    assert runs["Maulers"] >= 18 and runs["Pharaohs"] <= 12 and 12 <= runs["Lightning"] == runs["Fire"] <= 18


def test_game_day_deck_follows_the_rulebook():
    from game.games.football.cards import GAME_DAY_DECK
    assert len(GAME_DAY_DECK) == 54
    assert {c.event.kind for c in GAME_DAY_DECK} == {"run", "pass"}
    assert {c.event.side for c in GAME_DAY_DECK} == {"offense", "defense"}
    assert {c.event.colour for c in GAME_DAY_DECK} == {"red", "green"}
    effects = {c.event.effect for c in GAME_DAY_DECK}
    assert {"modifier", "penalty", "fumble", "interception", "incomplete"} <= effects
    for card in GAME_DAY_DECK:
        assert card.defense_breakaway == "TO" or -3 <= int(card.defense_breakaway) <= 0
        assert card.offense_breakaway in ("TD", "FUM") or -1 <= int(card.offense_breakaway) <= 3
        assert card.punt == "BLK" or 5 <= int(card.punt) <= 12
        assert card.field_goal == "MISS" or 1 <= int(card.field_goal) <= 9
    assert sum(c.punt == "BLK" for c in GAME_DAY_DECK) >= 1


def test_summary_names_each_team():
    state = drive()
    state.score = [14, 10]
    summary = state.summary()
    assert summary["score"] == {"Lightning": 14, "Fire": 10}
    assert set(summary["drives"]) == {"Lightning", "Fire"} and summary["quarters"] == 1
    assert summary["overtime"] is False
    mirror = SPEC.create(2, {"team_1": "Maulers", "team_2": "Maulers"}, 1)
    assert len(mirror.summary()["score"]) == 2
    assert FootballState is SPEC.state_class
