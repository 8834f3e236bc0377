"""Replays: any step of a game rebuilt exactly, public or for one seat, and a small text form."""
from __future__ import annotations

import pytest

from fixture_game import HIGH_CARD
from game.core.match import Match, default_seats
from game.core import archive
from game.core.replay import Replay, ReplayError

SPECS = {"high-card": HIGH_CARD}


def finished_match(seed: int = 4) -> tuple[Match, list]:
    match = Match(HIGH_CARD, default_seats(HIGH_CARD, ["bot:easy"] * 3), {"hand_size": 5}, seed)
    states = [match.state.clone()]
    while not match.is_over():
        match.apply(match.bot_decision()())
        states.append(match.state.clone())
    return match, states


def test_every_step_is_the_state_the_game_had():
    match, states = finished_match()
    replay = Replay.of_match(match)
    assert len(replay) == len(states) - 1
    for step in (len(states) - 1, 0, 7, 3, len(states) - 2):
        assert replay.state_at(step) == states[step]


def test_public_replay_hides_hands_and_a_seat_replay_shows_its_own():
    match, states = finished_match()
    replay = Replay.of_match(match)
    assert replay.view_at(2, None)["hand"] is None
    assert replay.view_at(2, 1)["hand"] == states[2].hands[1]


def test_text_round_trip_and_clear_errors():
    match, _ = finished_match()
    replay = Replay.of_match(match)
    again = Replay.from_text(replay.to_text(), SPECS)
    assert again.to_text() == replay.to_text() and again.final == match.state
    broken = replay.to_text().replace("move 0", "move 2", 1)
    with pytest.raises(ReplayError, match="wrong seat|refused"):
        Replay.from_text(broken, SPECS)
    with pytest.raises(ReplayError, match="not a Breakaway Box replay"):
        Replay.from_text("hello", SPECS)
    with pytest.raises(ReplayError, match="Line 3"):
        Replay.from_text(replay.to_text().replace("seed ", "seed x"), SPECS)
    with pytest.raises(ReplayError, match="unknown game"):
        Replay.from_text(replay.to_text(), {})


def test_a_game_not_over_gives_every_seat_the_public_view_and_no_export():
    """Its players are watching: a seat's hand (or log lines) would be a rival's secret until the end."""
    match, states = finished_match()
    ended = Replay.of_match(match)
    so_far = Replay(HIGH_CARD, match.seats, match.options, match.seed, list(match.history[:4]))
    assert not so_far.secrets_open() and so_far.perspectives() == [None]
    assert so_far.view_at(4, 1) == states[4].view(None) and so_far.view_at(4, 1)["hand"] is None
    assert so_far.log_until(4, 1) == so_far.log_until(4, None)
    with pytest.raises(ReplayError, match="once it has ended"):
        archive.export_replay(so_far, "so-far")
    assert list(archive.exports_dir().iterdir()) == []
    assert ended.secrets_open() and ended.perspectives() == [None, 0, 1, 2]
    assert ended.view_at(4, 1)["hand"] == states[4].hands[1]
    assert archive.export_replay(ended, "ended").read_text() == ended.to_text()
