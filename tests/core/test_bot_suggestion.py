"""The hard bot's suggestion: its move in the log's words, where luck and hidden things read as "…"."""
from __future__ import annotations

from game.core.bots import UNKNOWN, steady, suggest
from game.core.protocol import act
from game.games import all_specs
from game.i18n import Message, SeatName, words


def test_the_parts_that_differ_between_rebuilt_states_read_as_unknown():
    roll = Message("{team} rolls the die", team=SeatName(0, "Orange"))
    told = [Message("{roll}: {face}; the peloton moves {moves}.", roll=roll, face=str(face), moves=face + 1)
            for face in (2, 5, 2)]
    assert words(steady(told)) == f"Orange rolls the die: {UNKNOWN}; the peloton moves {UNKNOWN}."
    assert steady([told[0], told[2]]) == told[0]
    assert steady([Message("One thing."), Message("Another.")]) == UNKNOWN


def test_the_same_seed_gives_the_same_suggestion_and_a_forced_move_says_so():
    spec = all_specs()["breakout"]
    state = spec.create(2, {}, 8)
    for action in (act("insert", "left", 1), act("insert", "right", 2)):
        state.apply(action)
    seat = state.current_seat()
    view, legal = state.view(seat), state.legal_actions()
    first = suggest(spec, view, legal, seat, 41)
    assert first == suggest(spec, view, legal, seat, 41)
    assert first.action in legal
    assert first.action == spec.make_bot("hard", seat, 41).choose(view, legal)
    only = suggest(spec, view, [first.action], seat, 41)
    assert words(only.reason) == "It is the only move allowed now."
