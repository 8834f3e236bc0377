"""Rewinding to a chosen move, the recap's entries, and the guided flag in saves."""
from __future__ import annotations

import json

import pytest

from fixture_game import HIGH_CARD
from game.core.match import Match, default_seats
from game.core.protocol import IllegalAction, act
from game.core.saves import load_match, match_to_save, save_match
from test_match_and_saves import STEPS


def humans(count: int = 2) -> Match:
    return Match(STEPS, default_seats(STEPS, ["human"] * count), {}, seed=1)


def test_undo_to_rewinds_several_own_moves_and_their_log():
    match = Match(STEPS, default_seats(STEPS, ["human", "human"]), {}, seed=1)
    match.apply(act("step", 1))
    match.apply(act("step", 1))      # seat 0's turn ends
    match.apply(act("step", 2))      # seat 1, first step
    assert match.undo_floor() == 2
    match.state.steps_taken = 0      # let seat 1 keep the turn for one more step
    match.apply(act("step", 1))
    heard = []
    match.listeners.append(lambda m, events: heard.append(events))
    assert match.undo_to(2) == 2
    assert match.state.totals == [2, 0] and len(match.history) == 2 and match.current_seat == 1
    assert [entry.index for entry in match.log] == [0, 1]
    assert heard == [[]]
    assert match.undo_floor() is None


def test_undo_to_refuses_past_another_seats_move_and_past_a_reveal_in_words():
    match = humans()
    match.apply(act("step", 1))
    match.apply(act("step", 1))
    match.apply(act("step", 1))      # seat 1
    with pytest.raises(IllegalAction, match="That was Orange's move; you can only take back your own moves."):
        match.undo_to(0)
    assert len(match.history) == 3
    match.state.steps_taken = 0
    match.apply(act("roll"))         # seat 1 rolls: a reveal
    assert match.undo_refusal(2) == "A roll, a draw or a reveal came after that move, so it cannot be taken back."
    with pytest.raises(IllegalAction, match="roll, a draw or a reveal"):
        match.undo_to(2)
    assert match.undo_refusal(99) == "That is not a move that can be taken back."
    again = humans()
    for _ in range(5):               # seat 0 twice, seat 1 twice, seat 0 once more
        again.apply(act("step", 1))
    assert again.undo_refusal(0) == "Sky has moved since then; you can only take back your own moves."
    assert again.undo_refusal(4) is None


def test_undo_to_is_refused_on_a_bots_turn_and_when_the_game_is_over():
    match = Match(STEPS, default_seats(STEPS, ["human", "bot:easy"]), {}, seed=1)
    match.apply(act("step", 1))
    match.apply(act("step", 1))
    assert match.undo_refusal(1) == "A bot is deciding; undo is for your own moves."
    finished = humans()
    finished.state.totals = [10, 0]
    assert finished.undo_refusal(0) == "The game is over; no more moves can be taken back."


def test_since_last_decision_lists_what_the_seat_may_read_after_its_own_last_move():
    match = Match(HIGH_CARD, default_seats(HIGH_CARD, ["human", "human", "human"]), {}, seed=3)
    first = match.current_seat
    assert match.since_last_decision(first) == [], "nothing before a seat's first move"
    match.apply(match.state.legal_actions()[0])
    assert match.since_last_decision(first) == []
    while match.current_seat is not None and match.current_seat != first:
        match.apply(match.state.legal_actions()[0])
    entries = match.since_last_decision(first)
    assert entries and all(entry.seat != first for entry in entries)
    assert entries == [e for e in match.log_for(first) if e.index > 0]


def test_since_last_decision_leaves_out_other_seats_private_events():
    from test_match_and_saves import StepState
    from game.core.protocol import Event

    class WhisperState(StepState):
        def _apply(self, action):
            seat = self.to_move
            events = super()._apply(action)
            return events + [Event(f"Seat {seat} notes a secret.", visible_to=(seat,))]

    spec = __import__("dataclasses").replace(STEPS, state_class=WhisperState)
    match = Match(spec, default_seats(spec, ["human", "human"]), {}, seed=1)
    for _ in range(4):
        match.apply(act("step", 1))
    texts = [entry.event.text for entry in match.since_last_decision(0)]
    assert texts == ["Seat 1 steps 1.", "Seat 1 steps 1."]


def test_the_guided_flag_survives_a_save_and_an_older_save_without_it_loads_unguided(tmp_path):
    match = Match(HIGH_CARD, default_seats(HIGH_CARD, ["human", "bot:easy"]), {}, seed=3, guided=True)
    match.apply(match.state.legal_actions()[0])
    path = tmp_path / "guided.json"
    save_match(match, path)
    specs = {HIGH_CARD.id: HIGH_CARD}
    assert load_match(path, specs).guided is True
    older = match_to_save(match)
    del older["guided"]
    path.write_text(json.dumps(older), encoding="utf-8")
    loaded = load_match(path, specs)
    assert loaded.guided is False and loaded.history == match.history
