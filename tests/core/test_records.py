"""Player records: counted per name, bests kept, damaged files set aside."""
from __future__ import annotations

import pytest

from fixture_game import HIGH_CARD, HighCardState
from game.core.match import Match, Seat
from game.core.records import load_records, player_records, record_match, records_path


@pytest.fixture
def with_bests(monkeypatch):
    monkeypatch.setattr(HighCardState, "record_labels", {"tricks": ("most tricks", "max")})
    monkeypatch.setattr(HighCardState, "record_stats", lambda self, seat: {"tricks": self.tricks_won[seat]})


def finished(seed: int) -> Match:
    seats = [Seat("Anna", "#E69F00"), Seat("Bob", "#56B4E9"), Seat("Bot", "#009E73", "bot:easy")]
    match = Match(HIGH_CARD, seats, {"hand_size": 4}, seed)
    while not match.is_over():
        match.apply(match.state.legal_actions()[-1])
    return match


def test_humans_get_played_won_and_bests(with_bests):
    wins = 0
    best = 0
    for seed in range(6):
        match = finished(seed)
        wins += match.outcome().winner == 0
        best = max(best, match.state.tricks_won[0])
        record_match(match)
    data, problem = load_records()
    assert problem is None
    anna = player_records(data, "Anna")["high-card"]
    assert (anna.played, anna.won, anna.best["tricks"]) == (6, wins, best)
    assert player_records(data, "Bot") == {}


def test_an_unfinished_match_records_nothing():
    match = Match(HIGH_CARD, [Seat("Anna", "#000"), Seat("Bob", "#fff")], {}, 1)
    assert record_match(match) == ([], None)
    assert not records_path().exists()


@pytest.mark.parametrize("text", ["{broken", '{"version": 1, "players": {"Anna": {"high-card": {"played": "x"}}}}',
                                  '{"version": 9, "players": {}}', "[]", "\u0000\u0001"])
def test_a_damaged_records_file_is_reported_and_set_aside(text):
    records_path().write_text(text)
    data, problem = load_records()
    assert data["players"] == {} and "kept as records.broken-" in problem
    assert not records_path().exists()
    news, problem = record_match(finished(1))
    assert problem is None and records_path().exists()
