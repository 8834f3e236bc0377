"""Breakout's rules on hand-built walls (pictures are drawn top slot first)."""
from __future__ import annotations

import json
import re

import pytest

from breakout_walls import picture, position
from game.core.protocol import Action, IllegalAction, act
from game.core.rng import Rng
from game.games.breakout.rules import (
    COVERINGS_TO_VOID, ESCAPES_TO_WIN, PIECES_PER_COLOUR, ROUND_TURN_LIMIT, BreakoutState, link_group, link_path,
    push_into_slot,
)

EMPTY = "....."


def kinds(events):
    return [e.kind for e in events]


def only(events, kind):
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, kinds(events)
    return found[0]


# --- the start ------------------------------------------------------------------------
def test_yellow_begins_with_thirteen_pieces_each_and_ten_insertions():
    state = BreakoutState.new(2, {}, seed=4)
    assert state.current_seat() == 0
    assert state.supply == [PIECES_PER_COLOUR, PIECES_PER_COLOUR] == [13, 13]
    assert len(state.legal_actions()) == 10
    assert act("insert", "left", 1) in state.legal_actions() and act("insert", "right", 5) in state.legal_actions()
    assert act("pass") not in state.legal_actions()


# --- pushing and ejection -------------------------------------------------------------------
def test_insert_from_the_left_pushes_the_full_slot_and_ejects_the_right_end_piece_to_its_owner():
    state = position(EMPTY, EMPTY, EMPTY, EMPTY, "YBBYB", to_move=0)
    events = state.apply(act("insert", "left", 1))
    assert picture(state)[-1] == "YYBBY"
    assert state.supply == [13 - 3, 13 - 2]  # Blue's ejected piece is back in Blue's supply
    insert = only(events, "insert")
    assert insert.data["ejected"] == 1 and insert.data["ejected_column"] == 4
    assert insert.data["pushed"] == [[3, 4, 0], [2, 3, 1], [1, 2, 1], [0, 1, 0]]
    assert "Blue's piece at the far end falls out and returns to Blue" in insert.text


def test_insert_from_the_right_ejects_the_left_end_piece_even_the_movers_own():
    state = position(EMPTY, EMPTY, "YBBYB", EMPTY, EMPTY, to_move=0)
    events = state.apply(act("insert", "right", 3))
    assert picture(state)[2] == "BBYBY"
    assert state.supply == [13 - 2, 13 - 3]  # Yellow placed one and got its own ejected piece back
    insert = only(events, "insert")
    assert insert.data["ejected"] == 0 and insert.data["ejected_column"] == 0
    assert "Yellow's own piece at the far end falls out and returns to Yellow" in insert.text


def test_a_gap_absorbs_the_push_and_pieces_beyond_it_stay_put():
    state = position(EMPTY, EMPTY, EMPTY, "YB.B.", EMPTY, to_move=1)
    events = state.apply(act("insert", "left", 2))
    assert picture(state)[3] == "BYBB."
    insert = only(events, "insert")
    assert insert.data["gap_column"] == 2 and insert.data["ejected"] is None
    assert insert.data["pushed"] == [[1, 2, 1], [0, 1, 0]]
    assert state.supply == [12, 13 - 3]


def test_a_gap_absorbs_a_push_from_the_right_too():
    assert push_into_slot([0, None, 1, 0, 1], "right", 1).row == [0, 1, 0, 1, 1]
    result = push_into_slot([None, None, None, None, None], "right", 0)
    assert result.row == [None, None, None, None, 0] and result.moved == () and result.absorbed_column == 4


# --- no immediate reversal ------------------------------------------------------------------
def test_after_an_ejection_the_opponent_may_not_push_straight_back_from_the_other_end():
    state = position(EMPTY, EMPTY, "BBYBY", EMPTY, EMPTY, to_move=0)
    state.apply(act("insert", "left", 3))  # ejects Yellow's right-end piece
    assert state.current_seat() == 1
    assert act("insert", "right", 3) not in state.legal_actions()
    assert act("insert", "left", 3) in state.legal_actions() and act("insert", "right", 2) in state.legal_actions()
    with pytest.raises(IllegalAction, match="You may not insert from the right into slot 3 right after your "
                                            "opponent ejected a piece there from the left"):
        state.check(act("insert", "right", 3))
    state.apply(act("insert", "right", 2))
    state.apply(act("insert", "right", 1))
    assert act("insert", "right", 3) in state.legal_actions()  # only the very next turn is barred


def test_no_reversal_bar_without_an_ejection():
    state = position(EMPTY, EMPTY, "BBYB.", EMPTY, EMPTY, to_move=0)
    state.apply(act("insert", "left", 3))  # the gap absorbs the push
    assert act("insert", "right", 3) in state.legal_actions()


def test_the_reversal_bar_is_announced_with_the_slot_and_end():
    state = position(EMPTY, "YBYBY", EMPTY, EMPTY, EMPTY, to_move=1)
    events = state.apply(act("insert", "right", 4))
    blocked = only(events, "blocked")
    assert blocked.data == {"seat": 0, "slot": 4, "row": 3, "side": "left"}
    assert state.view(0)["blocked"] == {"slot": 4, "row": 3, "side": "left"}


# --- links --------------------------------------------------------------------------------
def test_diagonal_knots_do_not_link():
    state = position(
        "....Y",
        "...Y.",
        "..Y..",
        ".Y...",
        "Y....", to_move=1)
    assert link_group(state.wall, 0) == []
    state = position(
        ".....",
        "...Y.",
        "..Y..",
        ".Y...",
        "Y....", to_move=0)
    events = state.apply(act("insert", "right", 5))  # completes the diagonal staircase
    assert "escape" not in kinds(events) and state.escapes == [0, 0]


def test_a_winding_rope_links_through_sideways_and_upward_steps():
    state = position(
        "...Y.",
        "...Y.",
        ".YYY.",
        ".Y...",
        ".Y...", to_move=0)
    assert link_path(state.wall, 0) == [(0, 1), (1, 1), (2, 1), (2, 2), (2, 3), (3, 3), (4, 3)]


def test_completing_your_own_link_escapes_returns_every_piece_and_the_other_player_starts():
    state = position(
        "Y....",
        "YB...",
        "Y.B..",
        ".....",
        "YBB..", to_move=0, coverings=2)
    events = state.apply(act("insert", "left", 2))
    escape = only(events, "escape")
    assert escape.data["seat"] == 0 and escape.data["mover"] == 0 and escape.data["character"] == 1
    assert escape.data["path"] == [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]
    assert "Yellow's first character escapes (1 of 3)" in escape.text
    assert state.escapes == [1, 0]
    assert state.wall == [[None] * 5 for _ in range(5)]
    assert state.supply == [13, 13] and state.coverings == 0 and state.round == 2
    assert state.current_seat() == 1
    assert only(events, "round").data == {"round": 2, "starter": 1}


def test_a_push_can_complete_the_opponents_link_and_the_opponent_escapes():
    state = position(
        ".Y...",
        ".Y...",
        "Y....",
        ".Y...",
        ".Y...", to_move=1)
    events = state.apply(act("insert", "left", 3))  # shoves Yellow's piece into line
    escape = only(events, "escape")
    assert escape.data["seat"] == 0 and escape.data["mover"] == 1
    assert "Blue's push completes Yellow's rope" in escape.text
    assert state.escapes == [1, 0]
    assert state.current_seat() == 1  # Blue did not escape, so Blue starts the next round


def test_when_a_move_completes_both_links_the_movers_counts_first():
    state = position(
        "BY...",
        "BY...",
        "Y....",
        "BY...",
        "BY...", to_move=1)
    events = state.apply(act("insert", "left", 3))
    escape = only(events, "escape")
    assert escape.data["seat"] == 1 and state.escapes == [0, 1]
    assert "the mover's link counts first" in escape.text
    assert state.current_seat() == 0


def test_the_third_escape_wins_the_game():
    state = position(
        "..B..",
        "..B..",
        "...BB",
        "..B..",
        "..B..", to_move=1, escapes=(2, 2))
    events = state.apply(act("insert", "right", 3))  # the gap at column 2 absorbs the push
    assert kinds(events)[-2:] == ["escape", "game_over"]
    assert state.escapes == [2, ESCAPES_TO_WIN] and state.is_over()
    assert state.outcome().winner == 1 and state.outcome().ranks == (2, 1)
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="The game is over"):
        state.apply(act("insert", "left", 1))


# --- passing ------------------------------------------------------------------------------
ALL_YELLOW_ON_THE_WALL = ("YBYBY", "BYBYB", "YBY.Y", "BYBYB", "YBYBY")


def test_a_player_without_pieces_may_only_pass():
    state = position(*ALL_YELLOW_ON_THE_WALL, to_move=0)
    assert state.supply == [0, 2]
    assert state.legal_actions() == [act("pass")]
    with pytest.raises(IllegalAction, match="no rope pieces left; you must pass"):
        state.check(act("insert", "left", 1))
    events = state.apply(act("pass"))
    assert only(events, "pass").data == {"seat": 0}
    assert state.current_seat() == 1 and state.supply == [0, 2]


def test_a_player_with_pieces_cannot_pass():
    state = position(EMPTY, EMPTY, EMPTY, EMPTY, "Y....", to_move=1)
    with pytest.raises(IllegalAction, match="You still have pieces; you cannot pass."):
        state.check(act("pass"))


def test_a_piece_knocked_off_the_wall_ends_the_passing():
    state = position(*ALL_YELLOW_ON_THE_WALL, to_move=1)
    state.apply(act("insert", "left", 1))  # Yellow's piece at the right end falls out
    assert state.supply == [1, 1]
    assert act("pass") not in state.legal_actions() and len(state.legal_actions()) == 9


# --- coverings and the void game ----------------------------------------------------------------
CHECKERBOARD = ("YBYBY", "BYBYB", "YBYBY", "BYBYB", "YBYBY")


def test_an_insertion_that_leaves_the_wall_full_counts_a_covering():
    state = position(*CHECKERBOARD, to_move=1, coverings=1)
    events = state.apply(act("insert", "left", 1))  # a full slot: one piece out, the wall stays full
    assert "escape" not in kinds(events)
    assert only(events, "covering").data == {"count": 2, "limit": COVERINGS_TO_VOID}
    assert state.coverings == 2 and not state.is_over()


def test_a_pass_is_no_covering():
    state = position(*CHECKERBOARD, to_move=0, coverings=1)
    assert state.supply[0] == 0
    assert kinds(state.apply(act("pass"))) == ["pass"] and state.coverings == 1


def test_the_fifth_covering_in_a_round_voids_the_game_as_a_draw():
    state = position(*CHECKERBOARD, to_move=1, coverings=COVERINGS_TO_VOID - 1, escapes=(2, 1))
    events = state.apply(act("insert", "right", 3))
    assert kinds(events)[-2:] == ["covering", "void"]
    assert state.void and state.is_over() and state.legal_actions() == []
    outcome = state.outcome()
    assert outcome.winner is None and outcome.ranks == (1, 1) and "void" in outcome.note.english()
    assert only(events, "void").data["reason"] == "coverings"
    assert state.summary() == {"escapes": {"0": 2, "1": 1}, "void": True, "void_reason": "coverings", "rounds": 1,
                               "coverings": COVERINGS_TO_VOID, "moves": 1}


def test_a_round_stalled_for_the_turn_limit_voids_the_game():
    state = position(*ALL_YELLOW_ON_THE_WALL, to_move=0, round_turns=ROUND_TURN_LIMIT - 2)
    state.apply(act("pass"))
    assert not state.is_over()
    events = state.apply(act("insert", "right", 2))  # ejects a piece: the wall is still one short of full
    void = only(events, "void")
    assert void.data["reason"] == "stalled" and "lasted 150 turns without an escape" in void.text
    assert state.is_over() and state.outcome().winner is None and state.summary()["void"] is True


def test_an_escape_on_the_last_allowed_turn_still_counts():
    state = position(
        "Y....",
        "YB...",
        "Y.B..",
        ".....",
        "YBB..", to_move=0, round_turns=ROUND_TURN_LIMIT - 1)
    state.apply(act("insert", "left", 2))
    assert state.escapes == [1, 0] and not state.void and state.round_turns == 0


def test_an_escape_resets_the_coverings_of_the_round():
    state = position(
        "Y....",
        "YB...",
        "Y.B..",
        ".....",
        "YBB..", to_move=0, coverings=4)
    state.apply(act("insert", "left", 2))
    assert state.coverings == 0 and not state.void


# --- conservation, refusals, information ------------------------------------------------------
def test_pieces_are_conserved_through_random_games():
    for seed in range(20):
        state = BreakoutState.new(2, {}, seed)
        rng = Rng(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            for seat in (0, 1):
                on_wall = sum(cell == seat for row in state.wall for cell in row)
                assert on_wall + state.supply[seat] == PIECES_PER_COLOUR
            assert sum(state.supply) >= 1  # 26 pieces never fit in 25 spaces: someone can always move


def test_invariants_catch_a_lost_piece():
    state = position(EMPTY, EMPTY, EMPTY, EMPTY, "YB...")
    state.supply[0] -= 1
    with pytest.raises(AssertionError, match="Yellow has 1 pieces on the wall and 11 in supply"):
        state.check_invariants()


@pytest.mark.parametrize("text, reason", [
    ("insert up 3", "Say which end and which slot"),
    ("insert left 6", "There is no slot 6; the slots are numbered 1 (bottom) to 5 (top)."),
    ("insert left", "Say which end and which slot"),
    ("pass 2", "'pass' takes nothing after it."),
    ("jump", "Insert a rope piece"),
])
def test_refusals_explain_themselves_and_change_nothing(text, reason):
    state = position(EMPTY, EMPTY, EMPTY, EMPTY, "YB...")
    before = state.to_json()
    with pytest.raises(IllegalAction, match=re.escape(reason)):
        state.apply(Action.parse(text))
    assert state.to_json() == before


def test_view_shows_everything_but_no_rng_and_rebuilds_the_game():
    state = position(EMPTY, "YBYBY", EMPTY, EMPTY, "Y....", to_move=1, escapes=(1, 0), coverings=1)
    state.apply(act("insert", "right", 4))
    view = state.view(0)
    assert view["wall"][0] == [0, None, None, None, None] and view["wall"][3] == [1, 0, 1, 0, 1]
    assert view["supply"] == [13 - 3, 13 - 3] and view["on_wall"] == [3, 3]
    assert view["escapes"] == [1, 0] and view["to_move"] == 0 and view["coverings"] == 1
    assert "rng" not in json.dumps(view)
    twin = BreakoutState.from_view(view, seed=99)
    assert twin == state and twin.view(0) == view


def test_from_json_rejects_an_impossible_wall():
    data = position(EMPTY, EMPTY, EMPTY, EMPTY, "YB...").to_json()
    data["supply"] = [13, 12]
    with pytest.raises(ValueError, match="impossible"):
        BreakoutState.from_json(data)
    data = position(EMPTY, EMPTY, EMPTY, EMPTY, "YB...").to_json()
    data["wall"][0][3] = 7
    with pytest.raises(ValueError, match="something other than"):
        BreakoutState.from_json(data)


def test_turn_counts_turns_started_and_summary_has_the_command_line_fields():
    state = BreakoutState.new(2, {}, 0)
    assert state.turn == 1
    state.apply(act("insert", "left", 1))
    assert state.turn == 2
    assert state.summary() == {"escapes": {"0": 0, "1": 0}, "void": False, "void_reason": "", "rounds": 1,
                               "coverings": 0, "moves": 1}
