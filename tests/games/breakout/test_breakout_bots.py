"""Breakout's bots: their fast wall model agrees with the rules, and each level plays with sense."""
from __future__ import annotations

import pytest

from breakout_walls import position
from game.core.protocol import act
from game.core.rng import Rng
from game.games.breakout.bots import (
    GOES_ON, HARD_NODES, MOVER_ESCAPES, NO_MOVE, PASS, EasyBot, HardBot, Position, move_action,
    play, rope_distance,
)
from game.games.breakout.rules import SIDES, BreakoutState
from game.games.breakout.spec import SPEC

EMPTY = "....."


def masks_of(state: BreakoutState) -> tuple[int, int]:
    return Position(state.view(0)).masks


def opponent_can_escape(state: BreakoutState) -> bool:
    """Whether the player to move now has an insertion that escapes."""
    seat = state.current_seat()
    for action in state.legal_actions():
        trial = state.clone()
        events = trial.apply(action)
        if any(e.kind == "escape" and e.data["seat"] == seat for e in events):
            return True
    return False


def test_the_bots_wall_model_agrees_with_the_rules_move_by_move():
    for seed in range(25):
        state = BreakoutState.new(2, {}, seed)
        rng = Rng(seed)
        while not state.is_over():
            view = state.view(state.current_seat())
            before = Position(view)
            assert sorted(move_action(m) for m in before.moves()) == sorted(state.legal_actions())
            action = rng.choice(state.legal_actions())
            move = PASS if action.kind == "pass" else (action.args[1] - 1) * 2 + SIDES.index(action.args[0])
            masks, blocked, result = play(before.masks, before.mover, move)
            events = state.apply(action)
            escapes = [e.data["seat"] for e in events if e.kind == "escape"]
            if result == GOES_ON:
                assert not escapes
                assert masks == masks_of(state)
                expected_block = NO_MOVE if state.blocked is None else state.blocked[0] * 2 + SIDES.index(
                    state.blocked[1])
                assert blocked == expected_block
            else:
                expected = before.mover if result == MOVER_ESCAPES else 1 - before.mover
                assert escapes == [expected]


def test_rope_distance_counts_empty_spaces_and_opponents_pieces_in_the_way():
    empty = position(EMPTY, EMPTY, EMPTY, EMPTY, EMPTY)
    assert rope_distance(*masks_of(empty)) == 5
    gap = position("Y....", "Y....", ".....", "Y....", "Y....")
    assert rope_distance(*masks_of(gap)) == 1
    walled = position("Y....", "Y....", "B....", "Y....", "Y....")
    assert rope_distance(*masks_of(walled)) == 2  # push Blue's piece away, or go round for 3
    diagonal = position("....Y", "...Y.", "..Y..", ".Y...", "Y....")
    assert rope_distance(*masks_of(diagonal)) == 4  # diagonal knots still need four bridging pieces


THREAT = ("Y....", "Y....", ".....", "Y....", "Y....")


def test_easy_never_misses_an_escape():
    for seed in range(10):
        state = position(*THREAT, to_move=0)
        action = EasyBot(SPEC, 0, "easy", seed).choose(state.view(0), state.legal_actions())
        assert any(e.kind == "escape" for e in state.apply(action))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_take_an_escape_and_break_up_a_threat(level):
    state = position(*THREAT, to_move=0)
    action = SPEC.make_bot(level, 0, 3, 0.2).choose(state.view(0), state.legal_actions())
    assert any(e.kind == "escape" for e in state.apply(action))
    for seed in range(4):
        state = position(*THREAT, to_move=1)  # Yellow threatens 'insert left 3'; Blue must shift a column piece
        action = SPEC.make_bot(level, 1, seed, 0.2).choose(state.view(1), state.legal_actions())
        state.apply(action)
        assert not opponent_can_escape(state), action.text()


def test_hard_finds_a_two_move_win_that_no_reply_can_stop():
    state = position(
        ".YB.Y",
        "YBBB.",
        ".YBY.",
        "Y....",
        "YBY.B", to_move=0)
    assert not opponent_can_escape(state)  # no escape in one move
    action = HardBot(SPEC, 0, "hard", 1).choose(state.view(0), state.legal_actions())
    assert action == act("insert", "left", 2)
    state.apply(action)
    for reply in state.legal_actions():
        trial = state.clone()
        events = trial.apply(reply)
        assert any(e.kind == "escape" and e.data["seat"] == 0 for e in events) or opponent_can_escape(trial)


def test_bots_are_deterministic_for_a_seed():
    state = position("YB...", ".Y.B.", "B..Y.", "..YB.", "Y.BB.", to_move=1)
    for level in ("easy", "normal", "hard"):
        moves = {SPEC.make_bot(level, 1, 42, 0.2).choose(state.view(1), state.legal_actions()) for _ in range(3)}
        assert len(moves) == 1, level


def test_a_bot_without_pieces_passes():
    state = position("YBYBY", "BYBYB", "YBY.Y", "BYBYB", "YBYBY", to_move=0)
    for level in ("easy", "normal", "hard"):
        assert SPEC.make_bot(level, 0, 1).choose(state.view(0), state.legal_actions()) == act("pass")


def test_hard_stops_at_its_node_count_on_a_crowded_wall_and_still_looks_ahead():
    """The node count is what keeps a decision short (``tools/bench.py --only bots`` times the decisions
    against their one-second target): with a clock ceiling far away, the search still ends at the count."""
    state = position("YB.BY", "BYBY.", "Y.YBB", "BB.YY", "YBY.B", to_move=0)
    bot = HardBot(SPEC, 0, "hard", 7, seconds=30.0)
    bot.choose(state.view(0), state.legal_actions())
    assert bot.node_limit == HARD_NODES
    assert 0 < bot.nodes <= bot.node_limit + 1  # the node past the limit stops the search
    assert bot.depth_reached >= 3  # real lookahead within that count


def test_the_budget_scale_thins_the_hard_search_and_unknown_levels_are_refused():
    assert SPEC.make_bot("hard", 0, 1, 0.1).node_limit < SPEC.make_bot("hard", 0, 1).node_limit
    with pytest.raises(ValueError, match="unknown bot level"):
        SPEC.make_bot("grandmaster", 0, 1)


def wins_in_two(state: BreakoutState, action) -> bool:
    """``action`` gives no escape yet, but after every reply the mover has one."""
    mover = state.current_seat()
    trial = state.clone()
    if any(e.kind == "escape" for e in trial.apply(action)):
        return False
    for reply in trial.legal_actions():
        after = trial.clone()
        if any(e.kind == "escape" for e in after.apply(reply)) or not opponent_can_escape(after):
            return False
        assert after.current_seat() == mover
    return True


#: walls (top slot first) where one push makes two escape threats at once that no reply covers;
#: the normal bot, two plies deep, plays a push that looks better on its rope distance instead
DOUBLE_THREATS = [
    (("BBBYB", "BYYBY", "BBYBB", "YBYBY", "..BYY"), (3, "right"), act("insert", "left", 4)),
    (("YYYYB", "BY..B", "BYYBY", "B.BYY", "Y...."), None, act("insert", "right", 1)),
    (("Y.YBY", "YYB..", "YYYYB", ".YBBY", "BB.BB"), None, act("insert", "left", 3)),
]


@pytest.mark.parametrize("rows, blocked, winning", DOUBLE_THREATS)
def test_hard_sees_a_double_threat_the_normal_bot_walks_past(rows, blocked, winning):
    state = position(*rows, to_move=0, blocked=blocked)
    assert not opponent_can_escape(state) and wins_in_two(state, winning)
    legal = state.legal_actions()
    assert HardBot(SPEC, 0, "hard", 5).choose(state.view(0), legal) == winning
    normal = {SPEC.make_bot("normal", 0, seed).choose(state.view(0), legal) for seed in range(8)}
    assert winning not in normal
