"""Leader 1 rules: the rulebook's worked examples and the turn's mechanics, on hand-built positions."""
from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction, act
from game.games.leader1.movement import FINISH, SQUARE
from game.games.leader1.dice import risk_threshold, tables
from game.games.leader1.rules import FINISHED, OUT, PELOTON, ROAD, Leader1State
from game.games.leader1.rules_stages import carried_energy
from game.games.leader1.setup_facts import riders_allowed
from game.games.leader1.spec import SPEC, check_setup
from leader1_helpers import (ARRIVAL, DOWNHILL, MOUNTAIN, PLAIN, PLAIN_2, RISE, START, ScriptedRng, in_peloton,
                             put, race_with, random_race_positions, refresh, square, to_move)

#: indexes of the peloton die's faces that roll a 3, a 4, a 5 and the red face
FACES = list(tables()["peloton_die"])
DIE_3, DIE_4, DIE_5, DIE_RED = (FACES.index(face) for face in (3, 4, 5, "red"))


def rows(state: Leader1State, order: int) -> int:
    return state.course.hexagons[order].rows


def peloton_front_at(state: Leader1State, order: int, row: int) -> None:
    """Put the peloton's front on the line at this hexagon row."""
    state.peloton = state.course.line_index_at(state.course.squares[square(state, order, row, 1)].grow)
    refresh(state)


def option_to(state: Leader1State, rider_id: int, order: int, row: int, lane: int):
    return state.move_options(rider_id)[(SQUARE, square(state, order, row, lane))]


# --- B.1 worked examples ------------------------------------------------------------------------

def test_blocked_road_five_squares_cost_five():
    """B.1: the rouleur at the back, the road blocked: 3 free + 2 paying + 2 occupied squares = 5."""
    state = race_with([(i, "leader") for i in range(6)] + [(6, "rouleur")], seats=7)
    for rider_id, (row, lane) in enumerate([(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]):
        put(state, rider_id, PLAIN, row, lane)
    put(state, 6, PLAIN, 0, 1)
    to_move(state, [6])
    option = option_to(state, 6, PLAIN, 5, 1)
    assert (option.steps, option.free, option.paying, option.crossed, option.cost) == (5, 3, 2, 2, 5)
    blocked = {square(state, PLAIN, row, lane) for row in (1, 2) for lane in range(3)}
    assert not blocked & {target for kind, target in state.move_options(6) if kind == SQUARE}
    state.apply(act("move", square(state, PLAIN, 5, 1)))
    assert state.riders[6].energy == 40 - 5


def test_a_rider_passes_no_one_while_the_road_is_open():
    state = race_with([(0, "leader"), (1, "rouleur")])
    put(state, 0, PLAIN, 1, 1)
    put(state, 1, PLAIN, 0, 1)
    to_move(state, [1])
    paths = [o.path for o in state.move_options(1).values()]
    assert all(square(state, PLAIN, 1, 1) not in path for path in paths)
    assert all(o.crossed == 0 for o in state.move_options(1).values())


@pytest.mark.parametrize("kind, cost", [("rouleur", 3), ("leader", 5), ("climber", 8)])
def test_paying_move_on_a_plain(kind, cost):
    """B.1: five squares on a plain cost the rouleur 3, the leader 5 and the climber 8."""
    state = race_with([(0, kind)])
    put(state, 0, PLAIN, 0, 1)
    to_move(state, [0])
    assert option_to(state, 0, PLAIN, 5, 1).cost == cost


def test_every_step_goes_forward_and_one_rider_per_square():
    state = race_with([(0, "leader"), (1, "climber")])
    put(state, 0, PLAIN, 3, 0)
    put(state, 1, PLAIN, 0, 0)
    to_move(state, [1])
    start = state.course.squares[square(state, PLAIN, 0, 0)].grow
    for option in state.move_options(1).values():
        grows = [state.course.squares[g].grow for g in option.path]
        assert grows == sorted(set(grows)) and grows[0] == start + 1
    assert (SQUARE, square(state, PLAIN, 3, 0)) not in state.move_options(1)


def test_the_later_arrival_on_a_row_moves_first():
    """B.1: a rider who reaches another is placed ahead of him and plays first next turn."""
    state = race_with([(0, "leader"), (1, "rouleur")])
    put(state, 0, PLAIN, 4, 0)
    put(state, 1, PLAIN, 1, 1)
    to_move(state, [1])
    state.apply(act("move", square(state, PLAIN, 4, 1)))
    assert state.classification()[:2] == [1, 0]


# --- B.2 - B.6 -----------------------------------------------------------------------------------

def test_breaking_away_takes_at_least_four_squares_with_the_peloton_terrain():
    state = race_with([(0, "rouleur"), (1, "leader")])
    to_move(state, [], phase="ahead")
    assert state.phase == "breakaway"
    options = state.move_options(0)
    assert options and min(o.steps for o in options.values()) == 4
    four = [o for o in options.values() if o.steps == 4]
    assert all(o.free == 3 and o.cost == 1 for o in four)
    target = four[0].target
    state.apply(act("breakaway", 0, target))
    assert state.riders[0].place == ROAD and state.riders[0].square == target and state.riders[0].energy == 39


def test_pursuit_and_an_empty_peloton_each_add_one_and_speed_costs_energy():
    state = race_with([(0, "rouleur"), (1, "leader")])
    state.phase = "pursuit"
    state.rng = ScriptedRng([DIE_5])
    refresh(state)
    events = state.apply(act("pursue"))
    roll = next(e for e in events if e.kind == "peloton_roll")
    assert roll.data["moves"] == 6
    assert [r.energy for r in state.riders] == [38, 38]
    assert state.peloton == 7


def test_speed_seven_costs_three_even_to_a_rider_swallowed_at_the_end():
    """B.4: 5 + 1 (nobody left in the peloton) + 1 (chase) = 7; the swallowed rouleur pays 3."""
    state = race_with([(0, "rouleur"), (1, "leader")])
    put(state, 0, PLAIN, 0, 1)
    state.peloton = state.course.line_index_at(state.course.squares[square(state, PLAIN, 0, 1)].grow) - 7
    state.riders[1].dropping = True
    state.phase = "pursuit"
    state.rng = ScriptedRng([DIE_5])
    refresh(state)
    events = state.apply(act("pursue"))
    assert next(e for e in events if e.kind == "peloton_roll").data["moves"] == 7
    assert state.riders[0].place == PELOTON and state.riders[0].energy == 37
    leader = state.riders[1]
    assert leader.place == ROAD and leader.energy == 40
    assert state.course.squares[leader.square].grow < state.rear_grow()


def test_a_rider_who_cannot_pay_the_speed_is_left_behind():
    state = race_with([(0, "rouleur"), (1, "climber")])
    state.riders[1].energy = 0
    state.phase = "pursuit"
    state.rng = ScriptedRng([DIE_5])
    refresh(state)
    state.apply(act("roll"))
    assert state.riders[0].energy == 39 and state.riders[0].place == PELOTON
    climber = state.riders[1]
    assert climber.place == ROAD and climber.energy == 0
    assert state.course.squares[climber.square].grow == state.rear_grow() - 1


def test_the_peloton_swallows_a_rider_it_reaches_but_not_one_ahead():
    state = race_with([(0, "rouleur"), (1, "leader")])
    peloton_front_at(state, PLAIN, 0)
    put(state, 0, PLAIN, 3, 1)
    put(state, 1, PLAIN, 6, 1)
    state.phase = "pursuit"
    state.rng = ScriptedRng([DIE_3])
    refresh(state)
    before = state.front_grow()
    state.apply(act("roll"))
    assert state.front_grow() == before + 4
    assert state.riders[0].place == PELOTON
    assert state.riders[1].place == ROAD


def test_dropped_riders_move_after_the_peloton_and_may_rejoin_it():
    state = race_with([(0, "rouleur"), (1, "leader")])
    peloton_front_at(state, PLAIN, 4)
    put(state, 0, PLAIN, 1, 1)
    in_peloton(state, 1)
    to_move(state, [0], phase="behind")
    rejoin = state.move_options(0)[("rejoin", -1)]
    assert rejoin.steps == 2 and rejoin.cost == 0
    state.apply(act("rejoin"))
    assert state.riders[0].place == PELOTON


def test_the_token_passes_clockwise_after_the_turn():
    state = race_with([(0, "rouleur"), (1, "leader")])
    assert state.leader_seat == 0
    state.apply(act("pass"))
    state.apply(act("pass"))
    state.apply(act("roll"))
    assert state.leader_seat == 1 and state.turn_in_stage == 2


def test_red_face_punctures_in_classification_order():
    """C.3: the peloton moves 4, then every rider rolls in order; a 1 punctures."""
    state = race_with([(0, "rouleur"), (1, "leader"), (2, "climber")], seats=3)
    put(state, 2, PLAIN, 6, 1)
    state.phase = "pursuit"
    # red face; then the climber (ahead) rolls 1, the leader's rouleur 5, the leader 1
    state.rng = ScriptedRng([DIE_RED, 0, 4, 0])
    refresh(state)
    events = state.apply(act("roll"))
    rolls = next(e for e in events if e.kind == "puncture_rolls").data["rolls"]
    assert rolls == [[2, 1], [0, 5], [1, 1]]
    assert state.peloton == 5
    climber, leader = state.riders[2], state.riders[1]
    assert climber.place == ROAD and climber.square == square(state, PLAIN, 6, 1) and climber.punctured
    assert leader.place == ROAD and state.course.squares[leader.square].grow < state.rear_grow()
    assert state.turn_in_stage == 2 and state.leader_seat == 1
    # the punctured climber's square may be crossed but not stopped on
    put(state, 0, PLAIN, 5, 1)
    to_move(state, [0])
    options = state.move_options(0)
    assert (SQUARE, climber.square) not in options
    assert any(climber.square in o.path for o in options.values())


def test_on_the_red_face_riders_behind_are_placed_before_anyone_rolls_for_a_puncture():
    """C.3: "the peloton (and the riders left behind, if there are any) is placed. Then, all riders ...
    risk a puncture"; "The rider that has punctured will stay on his square."."""
    state = race_with([(0, "rouleur"), (1, "leader")])
    peloton_front_at(state, PLAIN, 1)
    put(state, 1, START, 2, 1)
    state.behind_group = [1]
    state.breakaway_seats = []
    state.phase = "pursuit"
    # red face; then the rouleur in the peloton rolls 5 and the leader behind it rolls 1
    state.rng = ScriptedRng([DIE_RED, 4, 0])
    refresh(state)
    events = state.apply(act("roll"))
    assert not [e for e in events if e.kind in ("puncture_rolls", "punctured")]
    assert state.phase == "behind" and state.current_rider_id() == 1
    target = option_to(state, 1, PLAIN, 0, 1).target
    events = state.apply(act("move", target))
    kinds = [e.kind for e in events]
    assert kinds.index("move") < kinds.index("puncture_rolls") < kinds.index("punctured")
    assert next(e for e in events if e.kind == "puncture_rolls").data["rolls"] == [[0, 5], [1, 1]]
    leader = state.riders[1]
    assert leader.square == target and leader.punctured and leader.punctured_turn == 1
    assert "stays on his square" in next(e for e in events if e.kind == "punctured").text
    # the turn is over: nobody moved after the rolls, and next turn he rides last, after the peloton
    assert state.turn_in_stage == 2 and leader.square == target


def test_a_fallen_rider_rolls_for_a_puncture_too():
    """C.3: "all riders (breaking away, in the peloton and those left behind) risk a puncture"."""
    state = race_with([(0, "rouleur"), (1, "leader")])
    put(state, 1, PLAIN, 6, 1)
    leader = state.riders[1]
    leader.fallen, leader.fallen_turn = True, state.turn_in_stage - 1
    state.phase = "pursuit"
    state.rng = ScriptedRng([DIE_RED, 0, 4])  # the fallen leader, ahead, rolls 1; the rouleur 5
    refresh(state)
    events = state.apply(act("roll"))
    assert next(e for e in events if e.kind == "puncture_rolls").data["rolls"] == [[1, 1], [0, 5]]
    assert leader.punctured and leader.punctured_turn == 1 and leader.fallen
    assert 1 in state.behind_group and 1 not in state.pending


def test_a_punctured_rider_plays_after_the_others_behind_the_peloton():
    state = race_with([(0, "rouleur"), (1, "leader")])
    peloton_front_at(state, PLAIN, 5)
    put(state, 0, PLAIN, 1, 1)
    put(state, 1, PLAIN, 0, 0)
    state.riders[0].punctured_turn = state.turn_in_stage - 1
    to_move(state, [0, 1], phase="behind")
    assert state.current_rider_id() == 1


# --- C.1 and C.4 -------------------------------------------------------------------------------------

def test_energy_recovery_example():
    """C.4: the leader moves 4 (2 free + 2 paying); the rouleur behind him then has 3 + 1 free squares."""
    state = race_with([(0, "leader"), (1, "rouleur")])
    put(state, 0, PLAIN, 1, 1)
    put(state, 1, PLAIN, 0, 1)
    to_move(state, [0, 1])
    leader_option = option_to(state, 0, PLAIN, 5, 1)
    assert (leader_option.free, leader_option.paying, leader_option.cost) == (2, 2, 3)
    state.apply(act("move", leader_option.target))
    assert state.riders[1].slipstream
    options = state.move_options(1)
    by_steps = {o.steps: o.recovered for o in options.values() if o.kind == SQUARE}
    assert by_steps[3] == 1 and by_steps[2] == 2 and by_steps[1] == 3 and by_steps[4] == 0
    state.apply(act("move", square(state, PLAIN, 3, 1)))
    assert state.riders[1].energy == 41


def test_slipstream_is_lost_behind_a_move_of_six_from_a_plain():
    state = race_with([(0, "rouleur"), (1, "leader")])
    put(state, 0, PLAIN, 1, 1)
    put(state, 1, PLAIN, 0, 1)
    to_move(state, [0, 1])
    state.apply(act("move", square(state, PLAIN, 7, 1)))
    assert not state.riders[1].slipstream


# --- C.2 worked examples -------------------------------------------------------------------------------

def test_climber_seven_squares_from_the_rise_does_not_risk_a_crack():
    state = race_with([(0, "climber")])
    put(state, 0, RISE, rows(state, RISE) - 6, 1)
    to_move(state, [0])
    option = option_to(state, 0, MOUNTAIN, 1, 0)
    assert (option.steps, option.free, option.paying, option.cost) == (7, 2, 5, 11)
    assert option.mountain_paying == 2 and not option.crack


def test_leader_four_squares_on_the_mountain_does_not_risk_a_crack():
    state = race_with([(0, "leader")])
    put(state, 0, MOUNTAIN, 0, 0)
    to_move(state, [0])
    option = option_to(state, 0, MOUNTAIN, 4, 0)
    assert (option.free, option.paying, option.cost, option.crack) == (2, 2, 3, False)


def test_rouleur_four_squares_on_the_mountain_risks_a_crack_and_needs_fifteen():
    state = race_with([(0, "rouleur")], energy=14)
    put(state, 0, MOUNTAIN, 0, 0)
    to_move(state, [0])
    option = option_to(state, 0, MOUNTAIN, 4, 0)
    assert (option.free, option.paying, option.cost, option.crack, option.energy_needed) == (1, 3, 5, True, 15)
    with pytest.raises(IllegalAction, match="needs 15"):
        state.apply(act("move", option.target))
    assert state.riders[0].energy == 14


def test_a_crack_triples_the_cost_and_the_next_risk_needs_eight():
    state = race_with([(0, "rouleur")], energy=20)
    put(state, 0, MOUNTAIN, 0, 0)
    to_move(state, [0])
    state.rng = ScriptedRng([3])  # the events die shows 4: below 5
    events = state.apply(act("move", square(state, MOUNTAIN, 4, 0)))
    assert state.riders[0].energy == 20 - 15
    assert any(e.kind == "cracked" for e in events)
    assert risk_threshold(state.riders[0].risks) == 8


def test_a_successful_risk_pays_the_plain_cost():
    state = race_with([(0, "rouleur")], energy=20)
    put(state, 0, MOUNTAIN, 0, 0)
    to_move(state, [0])
    state.rng = ScriptedRng([4])  # a 5: just enough
    state.apply(act("move", square(state, MOUNTAIN, 4, 0)))
    assert state.riders[0].energy == 15 and state.riders[0].risks == 1
    assert [risk_threshold(n) for n in range(4)] == [5, 8, 11, 11]


def test_leader_example_risks_a_fall_but_no_crack():
    """C.2: the leader moves 7 (2 free + 5 paying, 11): two paying squares uphill, then the black square."""
    state = race_with([(0, "leader")], energy=30)
    put(state, 0, MOUNTAIN, rows(state, MOUNTAIN) - 5, 0)
    to_move(state, [0])
    option = option_to(state, 0, DOWNHILL, 2, 0)
    assert (option.steps, option.free, option.paying, option.cost) == (7, 2, 5, 11)
    assert option.mountain_paying == 2 and not option.crack and option.fall
    assert option.energy_needed == 22


def test_a_fall_doubles_the_cost_and_skips_the_next_turn():
    state = race_with([(0, "leader"), (1, "rouleur")], energy=30)
    put(state, 0, MOUNTAIN, rows(state, MOUNTAIN) - 5, 0)
    to_move(state, [0])
    state.rng = ScriptedRng([1])  # the events die shows 2
    fallen_square = square(state, DOWNHILL, 2, 0)
    state.apply(act("move", fallen_square))
    leader = state.riders[0]
    assert leader.energy == 30 - 22 and leader.fallen
    # another rider may stop on his square while he lies beside the road
    put(state, 1, DOWNHILL, 0, 0)
    to_move(state, [1])
    assert (SQUARE, fallen_square) in state.move_options(1)
    state._begin_turn()
    assert 0 not in state.pending and 0 not in state.behind_group
    state._begin_turn()
    assert 0 in state.pending + state.behind_group


def test_climber_crosses_black_squares_in_his_free_part_without_risk_and_cuts_the_slipstream():
    """C.2: 8 squares from a downhill: 4 free (over the black square) + 4 paying = 8, no fall risk."""
    state = race_with([(0, "climber"), (1, "rouleur"), (2, "leader"), (3, "leader")], seats=4)
    put(state, 0, DOWNHILL, 1, 0)
    put(state, 1, DOWNHILL, 0, 0)
    put(state, 2, DOWNHILL, 2, 1)
    put(state, 3, DOWNHILL, 2, 2)
    to_move(state, [0])
    option = option_to(state, 0, DOWNHILL, 9, 0)
    assert square(state, DOWNHILL, 2, 0) in option.path
    assert (option.steps, option.free, option.paying, option.cost, option.fall) == (8, 4, 4, 8, False)
    state.apply(act("move", option.target))
    assert not state.riders[1].slipstream


def test_a_shorter_move_leaves_the_slipstream_behind_a_downhill_rider():
    state = race_with([(0, "climber"), (1, "rouleur")])
    put(state, 0, DOWNHILL, 1, 0)
    put(state, 1, DOWNHILL, 0, 0)
    to_move(state, [0])
    state.apply(act("move", square(state, DOWNHILL, 8, 0)))
    assert state.riders[1].slipstream


def test_no_move_may_leave_negative_energy():
    state = race_with([(0, "climber")], energy=4)
    put(state, 0, PLAIN, 0, 1)
    to_move(state, [0])
    with pytest.raises(IllegalAction, match="has 4 energy; this move costs 5"):
        state.apply(act("move", square(state, PLAIN, 4, 1)))
    assert all(o.energy_needed <= 4 for o in state.move_options(0).values()
               if act("move", o.target) in state.legal_actions())


def test_refusals_explain_themselves():
    state = race_with([(0, "leader")])
    put(state, 0, PLAIN, 0, 1)
    to_move(state, [0])
    with pytest.raises(IllegalAction, match="no square 9999"):
        state.apply(act("move", 9999))
    with pytest.raises(IllegalAction, match="cannot reach square"):
        state.apply(act("move", square(state, ARRIVAL, 0, 0)))
    with pytest.raises(IllegalAction, match="may not stand still"):
        state.apply(act("stay"))
    with pytest.raises(IllegalAction, match="not a move now"):
        state.apply(act("pursue"))


# --- C.4 feed zones ------------------------------------------------------------------------------------

def test_a_feed_tile_is_taken_on_passing_and_stays_secret_until_eaten():
    state = race_with([(0, "rouleur"), (1, "leader")])
    put(state, 0, PLAIN_2, 2, 1)
    to_move(state, [0])
    events = state.apply(act("move", square(state, PLAIN_2, 5, 1)))
    private = [e for e in events if e.kind == "feed_tile"]
    assert len(private) == 1 and private[0].visible_to == (0,)
    value = state.riders[0].tiles[0]
    assert 2 <= value <= 5
    assert state.view(0)["my_tiles"] == {"0": [value]}
    assert state.view(1)["my_tiles"] == {"1": []}
    assert state.view(1)["riders"][0]["tiles"] == 1
    assert str(value) not in str([e.to_json() for e in events if e.visible_to is None and "value" in e.data])
    energy = state.riders[0].energy
    state.phase = "breakaway"
    state.breakaway_seats = [0]
    refresh(state)
    state.apply(act("feed", 0, value))
    assert state.riders[0].energy == energy + value and state.riders[0].tiles == []
    assert state.view(1)["eaten"]["green"] == [value]


def test_riders_in_the_peloton_take_tiles_when_it_passes_the_feed_zone():
    state = race_with([(0, "rouleur"), (1, "climber")])
    feed_row = state.course.feed_rows[0]
    state.peloton = state.course.line_index_at(feed_row - 2)
    state.phase = "pursuit"
    state.rng = ScriptedRng([DIE_3])
    refresh(state)
    state.apply(act("roll"))
    assert [len(r.tiles) for r in state.riders] == [1, 1]
    state.check_invariants()


def test_a_rider_let_go_past_the_feed_zone_takes_his_tile():
    """C.4: "pick a 'feed zone' tile for each of his riders that passed the 'feed zone' token", however."""
    state = race_with([(0, "rouleur"), (1, "climber")])
    feed_row = state.course.feed_rows[0]
    state.peloton = state.course.line_index_at(feed_row - 1)
    state.riders[1].dropping = True
    state.phase = "pursuit"
    state.rng = ScriptedRng([DIE_5])
    refresh(state)
    events = state.apply(act("roll"))
    climber = state.riders[1]
    assert climber.place == ROAD and state.course.squares[climber.square].grow >= feed_row
    assert [len(r.tiles) for r in state.riders] == [1, 1]
    assert [e.data["rider"] for e in events if e.kind == "feed_taken"] == [0, 1]
    state.check_invariants()


def test_a_rider_takes_one_tile_per_feed_zone_even_when_he_passes_it_twice():
    """C.4: a rider who punctures in the peloton past the feed zone drops back behind it and rides over
    it again: he already took that zone's tile."""
    state = race_with([(0, "rouleur"), (1, "climber")])
    feed_row = state.course.feed_rows[0]
    state.peloton = state.course.line_index_at(feed_row - 3)
    state.phase = "pursuit"
    # red face; one tile each as the peloton passes the zone; the rouleur punctures, the climber does not
    state.rng = ScriptedRng([DIE_RED, 0, 0, 0, 4])
    refresh(state)
    state.apply(act("roll"))
    rouleur = state.riders[0]
    assert rouleur.place == ROAD and rouleur.punctured and len(rouleur.tiles) == 1
    assert state.course.squares[rouleur.square].grow < feed_row
    state.peloton += 10  # a later turn: the peloton is far up the road
    to_move(state, [0], phase="behind")
    beyond = [o for o in state.move_options(0).values() if o.kind == SQUARE
              and state.course.squares[o.target].grow >= feed_row]
    events = state.apply(act("move", beyond[0].target))
    assert not [e for e in events if e.kind in ("feed_taken", "feed_empty")]
    assert len(rouleur.tiles) == 1


def test_a_rider_rejoining_a_peloton_past_the_feed_zone_takes_his_tile():
    """C.4: back in the peloton he is where it is, past the token its front has passed."""
    state = race_with([(0, "rouleur"), (1, "climber")])
    feed_row = state.course.feed_rows[0]
    state.peloton = state.course.line_index_at(feed_row)
    assert state.rear_grow() < feed_row <= state.front_grow()
    put(state, 0, PLAIN_2, 1, 1)
    to_move(state, [0], phase="behind")
    events = state.apply(act("rejoin"))
    assert state.riders[0].place == PELOTON and len(state.riders[0].tiles) == 1
    assert [e.data["rider"] for e in events if e.kind == "feed_taken"] == [0]


# --- A.2, A.3 and D --------------------------------------------------------------------------------------

def test_riders_per_player_follow_the_table_size():
    assert riders_allowed(4) == (1, 2, 3) and riders_allowed(5) == (1, 2) and riders_allowed(6) == (1,)
    assert check_setup(4, {"riders": 3}) == []
    assert "riders per player: 1, 2 (not 3)" in check_setup(5, {"riders": 3})[0]
    assert check_setup(10, {"riders": 1}) == []
    assert check_setup(7, {"riders": 2})


def test_from_six_players_the_box_limits_each_type_to_five():
    state = SPEC.create(7, {"riders": 1}, seed=3)
    for _ in range(5):
        state.apply(act("pick", "climber"))
        state.apply(act("speciality", state.riders[-1].id, "sprinter"))
    assert act("pick", "climber") not in state.legal_actions()
    assert act("pick", "rouleur") in state.legal_actions()


def test_sprinter_and_descender_are_two_different_riders():
    state = SPEC.create(2, {"riders": 2}, seed=3)
    state.apply(act("pick", "rouleur"))
    state.apply(act("pick", "climber"))
    rouleur, climber = state.riders
    state.apply(act("speciality", rouleur.id, "sprinter"))
    assert state.legal_actions() == [act("speciality", climber.id, "descender")]
    with pytest.raises(IllegalAction):
        state.apply(act("speciality", rouleur.id, "descender"))


def test_three_riders_each_are_a_full_team_and_energy_is_the_sum_of_milestones():
    state = SPEC.create(2, {"riders": 3}, seed=3)
    assert sorted(r.kind for r in state.riders if r.seat == state.setup_seat) == ["climber", "leader", "rouleur"]
    race_energy = sum(h.milestone for h in state.course.hexagons)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    assert all(r.energy == race_energy == state.course.energy for r in state.riders)


def test_descender_and_sprinter_get_an_extra_free_square():
    state = race_with([(0, "rouleur"), (1, "rouleur")], specialities={0: "descender", 1: "sprinter"})
    put(state, 0, DOWNHILL, 1, 1)
    put(state, 1, ARRIVAL, rows(state, ARRIVAL) - 2, 1)
    to_move(state, [0, 1])
    assert max(o.free for o in state.move_options(0).values()) == 5
    assert max(o.free for o in state.move_options(1).values()) == 4


def test_remaining_energy_example():
    """D.3: A ends with 6, B with 22: they start the next stage with its energy plus 6 and plus 15."""
    assert carried_energy(6) == 6 and carried_energy(22) == 15
    state = SPEC.create(2, {"stages": 2, "riders": 1}, seed=4)
    while state.phase == "setup":
        state.apply(next(a for a in state.legal_actions() if a.kind == "pick" and a.args == ("rouleur",))
                    if any(a.kind == "pick" for a in state.legal_actions()) else
                    next(a for a in state.legal_actions() if a.args[1] == "descender"))
    last = state.course.hexagons[-1]
    for rider, energy, lane in zip(state.riders, (6, 22), (0, 2)):
        rider.place, rider.energy = ROAD, energy
        rider.square = state.course.square_at(len(state.course.hexagons) - 1, last.rows - 1, lane)
    to_move(state, [0, 1])
    state.apply(act("finish", 3))
    state.apply(act("finish", 3))
    assert state.stage == 1
    second = state.course.energy
    assert sorted(r.energy for r in state.riders) == [second + 6, second + 15]


def test_general_classification_points_and_ties():
    state = SPEC.create(2, {"stages": 3, "riders": 2}, seed=4)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    a, b, c, d = state.riders
    for rider, turn in ((a, 10), (b, 12), (c, 10), (d, 14)):
        rider.place, rider.finish_turn, rider.finish_seq = FINISHED, turn, rider.id
    c.finish_beyond = 2
    b.bonuses = 1
    state._update_general_classification(state.finish_order())
    assert (c.gc, a.gc, b.gc, d.gc) == (2, 0, -2 + 1, -4)
    a.gc = c.gc
    a.energy_left, c.energy_left = 9, 4
    assert state.general_classification()[:2] == [a.id, c.id]


def test_lapped_riders_are_eliminated():
    state = SPEC.create(2, {"stages": 3, "riders": 1}, seed=4)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    a, b = state.riders
    a.gc = 20
    b.gc = -4
    for rider in (a, b):
        rider.place, rider.finish_turn = FINISHED, 10
    state._update_general_classification([a.id, b.id])
    assert b.out_stage == state.stage and "lapped" in b.out_reason


def test_riders_more_than_three_turns_behind_the_peloton_are_out():
    state = race_with([(0, "rouleur"), (1, "climber")])
    state.peloton_arrived_turn = 1
    state.turn_in_stage = 4
    put(state, 0, PLAIN, 1, 1)
    state.riders[1].place = FINISHED
    state.riders[1].finish_turn = 1
    state.phase = "behind"
    state.pending = []
    refresh(state)
    state._end_turn()
    assert state.riders[0].place == OUT
    assert state.is_over()


def test_finishers_rank_by_turn_then_squares_past_the_line():
    state = race_with([(0, "rouleur"), (1, "leader")])
    last = state.course.hexagons[-1]
    put(state, 0, ARRIVAL, last.rows - 1, 0)
    put(state, 1, ARRIVAL, last.rows - 2, 2)
    to_move(state, [0, 1])
    assert (FINISH, 1) in state.move_options(0)
    state.apply(act("finish", 1))
    state.apply(act("finish", 2))
    assert state.finish_order() == [1, 0]


# --- the scene's preview ---------------------------------------------------------------------------------

def test_the_preview_shows_costs_risks_and_refusals_as_the_rules_apply_them():
    from game.games.leader1.preview import reachable_squares
    state = race_with([(0, "rouleur"), (1, "leader")], energy=14)
    put(state, 0, MOUNTAIN, 0, 0)
    to_move(state, [0])
    previews = {p.target: p for p in reachable_squares(state, 0) if p.kind == SQUARE}
    crack = previews[square(state, MOUNTAIN, 4, 0)]
    assert (crack.free, crack.paying, crack.cost, crack.energy_needed) == (1, 3, 5, 15)
    assert crack.risks == (("crack", 5, round(8 / 12, 3)),) and not crack.allowed and "needs 15" in str(crack.reason)
    easy = previews[square(state, MOUNTAIN, 1, 0)]
    assert easy.allowed and easy.risks == () and easy.action == act("move", easy.target)
    assert {p.action for p in reachable_squares(state, 0) if p.allowed} == set(state.legal_actions())
    assert all(not p.allowed for p in reachable_squares(state, 1))


def test_the_peloton_covers_two_rows_of_the_whole_road():
    state = race_with([(0, "rouleur"), (1, "leader")])
    peloton_front_at(state, PLAIN, 4)
    covered = state.peloton_squares()
    assert sorted(covered) == sorted(square(state, PLAIN, row, lane) for row in (3, 4) for lane in range(3))


def test_the_token_skips_players_who_are_out_of_a_stage_race():
    state = SPEC.create(3, {"stages": 3, "riders": 1}, seed=4)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    state.leader_seat = 0
    for rider in state.riders:
        if rider.seat == 1:
            rider.out_stage = 0
    assert state._next_leader() == 2



@pytest.mark.parametrize("race", ["first-race", "summit-finish", "three-valleys"])
def test_the_search_for_what_a_rider_can_afford_finds_every_affordable_way_as_the_full_search_does(race):
    """The legal moves come from a search that stops where every step costs more than the rider holds:
    in every position of random races, the ways he can afford are the full search's, in the same order."""
    from game.games.leader1.movement import WAY_ENERGY_NEEDED
    compared = 0
    for state in random_race_positions(range(12), {"race": race}):
        for rider in state.riders:
            if not rider.racing or rider.place not in (ROAD, PELOTON):
                continue
            full = state._ways(rider)[0]
            state._found.clear()
            bounded = state._ways(rider, affordable=True)[0]
            state._found.clear()
            affordable = [(key, way) for key, way in full.items() if way[WAY_ENERGY_NEEDED] <= rider.energy]
            assert [(key, way) for key, way in bounded.items()
                    if way[WAY_ENERGY_NEEDED] <= rider.energy] == affordable
            compared += 1
    assert compared > 500


def test_the_affordable_options_are_the_move_options_a_rider_can_pay_for_in_the_same_order():
    compared = 0
    for state in random_race_positions(range(6), {"race": "summit-finish"}):
        for rider in state.riders:
            if rider.racing:
                affordable = list(state.affordable_options(rider.id).items())
                state._forget()
                assert affordable == [(key, option) for key, option in state.move_options(rider.id).items()
                                      if state.affordable(rider, option)]
                compared += 1
    assert compared > 200


# --- what the engine works out once per course or position ----------------------------------------------

@pytest.mark.parametrize("race", ["first-race", "coast-road", "three-valleys", "grand-loop", "summit-finish"])
def test_the_course_knows_which_moves_pass_a_feed_zone_or_a_bonus_line(race):
    from game.games.leader1.course import course_for
    course = course_for(race)
    marked = course.feed_rows + course.bonus_rows
    assert marked, "every shipped race has a feed zone or a bonus line"
    for start in range(-2, course.rows_total + 3):
        for end in range(start, course.rows_total + 15):
            assert course.passes_marked_row(start, end) == any(start < row <= end for row in marked)


@pytest.mark.parametrize("race", ["first-race", "summit-finish"])
def test_the_course_knows_the_squares_straight_behind_each_square(race):
    from game.games.leader1.course import course_for
    course = course_for(race)
    for gid in range(len(course.squares)):
        assert course.straight_behind[gid] == tuple(g for g, ahead in enumerate(course.straight_next) if ahead == gid)


def test_a_rider_moving_off_looks_for_followers_as_riders_behind_finds_them():
    compared = found = 0
    for state in random_race_positions(range(8), {"riders": 3}):
        state.legal_actions()  # works out the position's occupied squares, what the shortcut reads
        rider_id = state.current_rider_id()
        if rider_id >= 0:
            square = state.riders[rider_id].square
            assert state._occupancy is not None
            followers = state._followers(square)
            assert followers == state.riders_behind(square)
            compared += 1
            found += bool(followers)
    assert compared > 500 and found > 20


@pytest.mark.parametrize("free", [7, 20])
def test_a_search_past_the_finish_line_goes_as_far_as_the_longest_move(free):
    """The search's lists hold the squares past the line at their end: a rider on the last row with the
    longest free movement (7) and six paying squares finds every finish, one to thirteen squares on; the
    lists grow for a longer one."""
    from game.games.leader1.course import course_for
    from game.games.leader1.movement import MAX_PAYING, search_moves
    course = course_for("first-race")
    last = course.squares_by_row[course.last_row][0]
    options = search_moves(course, last, free, set())
    assert sorted(target for kind, target in options if kind == FINISH) == list(range(1, free + MAX_PAYING + 1))


def test_a_search_finds_the_same_ways_whether_or_not_the_rider_stands_in_the_occupied_squares():
    """A rider's search keeps the position's occupied squares with his own among them: a walk only looks at
    squares ahead of where it starts, so leaving his square out changes nothing."""
    from game.games.leader1.movement import search_ways
    compared = 0
    for state in random_race_positions(range(6), {"riders": 3}):
        occupied, no_stop = state.occupied_squares()
        for rider in state.riders:
            if rider.place != ROAD or rider.fallen:
                continue
            free = state._ways(rider)[1]
            ways = [search_ways(state.course, rider.square, free, frozenset(taken), frozenset(stopped))
                    for taken, stopped in ((occupied, no_stop), (occupied - {rider.square},
                                                                 no_stop - {rider.square}))]
            assert list(ways[0].items()) == list(ways[1].items())
            compared += 1
    assert compared > 500


def test_an_option_made_from_the_search_is_the_one_make_option_makes():
    from game.games.leader1.movement import make_option
    compared = 0
    for state in random_race_positions(range(4), {"race": "summit-finish"}):
        for rider in state.riders:
            if rider.racing:
                for option in state.move_options(rider.id).values():
                    assert option == make_option(option.kind, option.target, option.path, option.steps,
                                                 option.free, option.crossed, option.fall, option.mountain_paying,
                                                 # without paying mountain squares the option keeps
                                                 # category 0, and no category can make a crack
                                                 option.category if option.mountain_paying else 9)
                    compared += 1
    assert compared > 2000


def test_a_new_rider_is_a_rider_made_ready_for_a_stage():
    """Every field is set when a rider is made, and a stage's start sets back all that a stage changes."""
    from game.games.leader1.rider import Rider

    fresh = Rider(3, 1, "climber")
    assert list(fresh.to_json()) == list(Rider.FIELDS)
    ridden = Rider(3, 1, "climber")
    ridden.energy, ridden.place, ridden.square, ridden.stamp, ridden.risks = 40, ROAD, 12, 7, 2
    ridden.slipstream = ridden.fallen = ridden.punctured = ridden.dropping = ridden.in_peloton_at_finish = True
    ridden.fallen_turn = ridden.punctured_turn = ridden.finish_turn = ridden.attack_turn = 5
    ridden.tiles, ridden.feed_zones, ridden.finish_beyond, ridden.finish_seq, ridden.bonuses = [3, 4], 2, 1, 0, 2
    ridden.reset_for_stage(0)
    assert ridden.to_json() == fresh.to_json()
