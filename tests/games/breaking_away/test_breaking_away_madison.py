"""The Madison: teams of two, relief riders beside the track, change-overs, four laps scored at the start line."""
from __future__ import annotations

import pytest

from ba_positions import madison_position
from game.core.protocol import IllegalAction, act
from game.core.rng import Rng
from game.games.breaking_away.riders import RACING, RESTING
from game.games.breaking_away.rules import BreakingAwayState
from game.games.breaking_away.spec import SPEC


def crossings(events: list) -> list[tuple[int, str, int]]:
    return [(e.data["rider"], e.data["line"], e.data["points"]) for e in events if e.kind == "cross"]


def test_a_madison_takes_9_to_14_teams_and_no_staggered_start():
    assert SPEC.setup_problems(8, {"mode": "madison"}) == ["A Madison takes 9 to 14 teams of two, not 8."]
    assert SPEC.setup_problems(14, {"mode": "madison"}) == []
    assert SPEC.setup_problems(10, {}) == [
        "A normal race takes 3 to 9 teams, not 10; for more teams choose the Madison."]
    assert SPEC.setup_problems(9, {"mode": "madison", "staggered_start": True}) == [
        "The staggered start is for the normal race; in the Madison every team's first rider starts on the "
        "start line."]
    assert len(SPEC.colours) >= 14 and len({hex_ for _, hex_ in SPEC.colours}) == len(SPEC.colours)


def test_setup_rates_the_two_riders_fills_their_sheets_then_places_starter_and_relief():
    state = BreakingAwayState.new(9, {"mode": "madison"}, seed=3)
    assert [a.text() for a in state.legal_actions()][:3] == ["ranks 1 2", "ranks 1 3", "ranks 1 4"]
    with pytest.raises(IllegalAction, match="two different cyclists from 1 to 4"):
        state.apply(act("ranks", 2, 2))
    state.apply(act("ranks", 3, 1))
    assert [r.rank for r in state.team(0)] == [3, 1]
    with pytest.raises(IllegalAction, match="cyclist 1's values add up to 30; they must add up to 20."):
        state.apply(act("allocate", 1, 10, 10, 10))
    state.apply(act("allocate", 1, 8, 7, 5))
    state.apply(act("allocate", 2, 10, 8, 7, 5))
    assert state.sealed[0] and state.current_seat() == 1
    rng = Rng(3)
    while state.phase == "allocate":
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase == "place" and state.place_queue[0] == state.first_player
    seat = state.first_player
    team = [r.id for r in state.team(seat)]
    assert [a.text() for a in state.legal_actions()] == [f"starter {team[0]}", f"starter {team[1]}"]
    state.apply(act("starter", team[1]))
    state.apply(act("relief", 39))
    assert state.by_id[team[0]].status == RESTING and state.by_id[team[0]].relief_square == 39
    state.apply(act("starter", state.team(state.place_queue[0])[0].id))
    with pytest.raises(IllegalAction, match="A relief rider already rests beside square 39"):
        state.apply(act("relief", 39))
    while state.phase == "place":
        state.apply(rng.choice(state.legal_actions()))
    reliefs = [r.relief_square for r in state.riders if r.status == RESTING]
    assert len(reliefs) == 9 and len(set(reliefs)) == 9, "one relief rider per square"
    assert state.turn == 1 and len(state.order) == 9
    ranks = [state.by_id[r].rank for r in state.order]
    assert ranks == sorted(ranks), "turn 1: every cyclist 1 first, then the 2s, ..."
    assert not any(a.kind == "retire" for a in state.legal_actions())


def test_each_start_line_crossing_scores_5_3_2_1():
    teams = {s: {"rider": (s + 1) * 10 + 1, "progress": 38, "factors": [5, 5, 5], "relief": s} for s in range(5)}
    state = madison_position(9, teams)
    events = []
    for rider in list(state.order):
        events += state.apply(act("move", rider, 5))
    assert [points for _, line, points in crossings(events)] == [5, 3, 2, 1, 0]
    assert {line for _, line, _ in crossings(events)} == {"lap1"}


def test_the_final_sprint_scores_10_6_4_2_and_ends_the_race_at_the_fourth_crossing():
    teams = {s: {"rider": (s + 1) * 10 + 1, "progress": 158, "factors": [5, 5, 5], "relief": s,
                 "changed_lap": 3} for s in range(6)}
    state = madison_position(9, teams)
    events = []
    for rider in list(state.order)[:4]:
        events += state.apply(act("move", rider, 5))
    assert [(line, points) for _, line, points in crossings(events)] == [("finish", p) for p in (10, 6, 4, 2)]
    assert state.is_over()


def test_a_change_over_needs_the_outermost_rider_and_no_relief_rider_beside_the_square():
    """Rulebook example: Orange B rests on square 12; Red A lands on 12 and cannot hand over to Red B."""
    teams = {
        0: {"rider": 11, "progress": 15, "factors": [5, 4, 3], "relief": 12},   # Orange A racing, Orange B on 12
        5: {"rider": 61, "progress": 8, "factors": [4, 3, 2], "relief": 30},    # Red A
        2: {"rider": 31, "progress": 6, "factors": [4, 3, 2], "relief": 31},    # Green A
        3: {"rider": 41, "progress": 4, "factors": [6, 3, 2], "relief": 32},    # Yellow A
    }
    state = madison_position(9, teams)
    assert state.order == [11, 61, 31, 41]
    for rider, factor in ((11, 5), (61, 4), (31, 4), (41, 6)):
        state.apply(act("move", rider, factor))
    # Orange 11 alone on 20; Red 61 on 12 beside the resting Orange 12; Green 31 then Yellow 41 on 10
    assert state.phase == "change" and state.change_queue[0] == 0
    assert [a.text() for a in state.legal_actions()] == ["change", "stay"]
    assert not state.may_change_over(5), "Orange's relief rider rests beside square 12"
    assert not state.may_change_over(2), "Green 31 is on the inside of Yellow 41"
    assert state.may_change_over(3)
    state.apply(act("stay"))
    assert state.current_seat() == 3, "Red and Green were skipped; Yellow may change"
    events = state.apply(act("change"))
    change = events[0]
    assert change.kind == "change" and change.data == {"seat": 3, "out": 41, "in": 42, "square": 10,
                                                       "progress": 10, "compulsory": False}
    assert change.text == "Yellow 42 takes over from Yellow 41 on square 10."
    assert state.by_id[42].status == RACING and state.by_id[42].progress == 10
    assert state.by_id[41].status == RESTING and state.by_id[41].relief_square == 10
    assert state.phase == "move" and state.order == [11, 61, 31, 42], "the partner rides in Yellow 41's place"


def test_a_relief_rider_who_takes_over_frees_his_square():
    teams = {0: {"rider": 11, "progress": 15, "factors": [5, 4, 3], "relief": 12},
             5: {"rider": 61, "progress": 8, "factors": [4, 3, 2], "relief": 30}}
    state = madison_position(9, teams)
    state.apply(act("move", 11, 5))
    state.apply(act("move", 61, 4))
    assert not state.may_change_over(5)
    state.apply(act("change"))
    assert state.may_change_over(5) and state.current_seat() == 5


def test_a_team_must_change_once_a_lap_and_an_overdue_rider_must_land_clear_of_relief_riders():
    teams = {
        0: {"rider": 11, "progress": 45, "factors": [5, 4, 3], "relief": 8},    # 45 + 3 lands beside it
        1: {"rider": 21, "progress": 30, "factors": [5, 4, 3], "relief": 20, "changed_lap": 0},
    }
    state = madison_position(9, teams)
    assert state.change_overdue(0) and not state.change_overdue(1)
    assert [a.text() for a in state.legal_actions()] == ["move 11 5", "move 11 4"]
    with pytest.raises(IllegalAction, match="Orange is overdue for a change-over, so Orange 11 must land on a "
                                            "square with no relief rider resting beside it: use 5 or 4."):
        state.apply(act("move", 11, 3))
    state.apply(act("move", 11, 4))
    events = state.apply(act("move", 21, 5))
    forced = [e for e in events if e.kind == "change"]
    assert forced and forced[0].data["compulsory"] and forced[0].data["in"] == 12
    assert "compulsory" in forced[0].text
    assert not state.change_overdue(0)


def test_the_winner_is_the_team_with_most_distance_then_most_points():
    teams = {
        0: {"rider": 11, "progress": 165, "factors": [1, 1, 1], "relief": 0},   # on the lead lap, 0 points
        1: {"rider": 21, "progress": 120, "factors": [1, 1, 1], "relief": 1},   # a lap down, 20 points
        2: {"rider": 31, "progress": 150, "factors": [1, 1, 1], "relief": 2},   # lead lap, 8 points
    }
    state = madison_position(9, teams, points=[0, 20, 8] + [0] * 6)
    state.phase = "over"
    assert state.laps_lost()[:3] == [0, 1, 0]
    outcome = state.outcome()
    assert outcome.winner == 2 and outcome.ranks[:3] == (2, 3, 1)
    state.points[1] = 7
    assert state.outcome().winner == 2


def test_a_relay_in_the_lead_does_not_earn_a_second_breakaway_bonus():
    teams = {0: {"rider": 11, "progress": 30, "factors": [9, 3, 2], "relief": 5, "relief_factors": [9, 9, 9]},
             1: {"rider": 21, "progress": 29, "factors": [2, 2, 2], "relief": 6}}
    state = madison_position(9, teams)
    state.apply(act("move", 11, 9))
    events = state.apply(act("move", 21, 2))
    assert [e.data["reason"] for e in events if e.kind == "replacement" and e.data["rider"] == 11] == ["breakaway"]
    state.apply(act("change"))
    state.apply(act("stay"))
    assert state.by_id[12].status == RACING
    state.apply(act("move", 12, 9))
    events = state.apply(act("move", 21, 2))
    bonus = [e.data["factor"] for e in events if e.kind == "replacement" and e.data["rider"] == 12]
    assert bonus == [3], "Orange led alone a turn ago: the partner who took over stays in front with 3"


def test_a_team_past_the_final_line_rides_on_until_the_race_ends():
    teams = {s: {"rider": (s + 1) * 10 + 1, "progress": 158 - s, "factors": [5, 5, 5], "relief": s,
                 "changed_lap": 3} for s in range(5)}
    state = madison_position(9, teams)
    events = state.apply(act("move", 11, 5))
    assert [(e.data["line"], e.data["points"]) for e in events if e.kind == "cross"] == [("finish", 10)]
    assert state.by_id[11].status == RACING and not state.is_over()
    assert state.placings()[0] == 11 and state.placings().count(11) == 1
