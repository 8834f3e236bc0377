"""Personal bests in words: a beaten best names the old value, first bests are only mentioned once."""
from __future__ import annotations

import pytest

from fixture_game import HIGH_CARD, HighCardState
from game.core.match import Match, Seat
from game.core.records import load_records, player_records, players_in_order, record_match

SEATS = [Seat("Anna", "#E69F00"), Seat("Bob", "#56B4E9"), Seat("Bot", "#009E73", "bot:easy")]


def finished(seed: int) -> Match:
    match = Match(HIGH_CARD, SEATS, {"hand_size": 3}, seed)
    while not match.is_over():
        match.apply(match.state.legal_actions()[0])
    return match


@pytest.mark.parametrize("direction, values, told", [
    ("min", [9, 12, 7], [None, None, "Anna, new personal best: fewest turns 7 (was 9)."]),
    ("max", [3, 5, 4], [None, "Anna, new personal best: most tricks 5 (was 3).", None]),
])
def test_bests_follow_their_direction(monkeypatch, direction, values, told):
    key, label = ("turns", "fewest turns") if direction == "min" else ("tricks", "most tricks")
    monkeypatch.setattr(HighCardState, "record_labels", {key: (label, direction), "odd": ("odd", "max")})
    for value, expected in zip(values, told):
        monkeypatch.setattr(HighCardState, "record_stats",
                            lambda self, seat, v=value: {key: v if seat == 0 else float("nan"), "odd": True})
        news, problem = record_match(finished(1))
        assert problem is None
        if expected is None:
            assert all(line.startswith("First personal bests") for line in news)
        else:
            assert news == [expected]
    data, _ = load_records()
    best = min(values) if direction == "min" else max(values)
    assert player_records(data, "Anna")["high-card"].best == {key: best}
    assert player_records(data, "Bob")["high-card"].best == {}, "not-a-number and true/false are never kept"
    assert players_in_order(data)[0] in ("Anna", "Bob") and "Bot" not in players_in_order(data)
