"""Each game's recent results in the records: recorded per human seat, capped, read back as chart data, and
files written before the history existed still load."""
from __future__ import annotations

import json
import re

import pytest

from fixture_game import HIGH_CARD
from game.core.match import Match, Seat
from game.core.protocol import Outcome
from game.core.records import (HISTORY_KEEP, RECORDS_VERSION, GameHistory, PastGame, game_history, load_records,
                               player_records, record_match, records_path)
from game.games.leader1.rules import Leader1State

SEATS = [Seat("Anna", "#E69F00"), Seat("Bob", "#56B4E9"), Seat("Bot", "#009E73", "bot:normal")]


def finished(outcome: Outcome | None = None, seats: list[Seat] = SEATS) -> Match:
    match = Match(HIGH_CARD, seats, {"hand_size": 2}, 1)
    while not match.is_over():
        match.apply(match.state.legal_actions()[0])
    if outcome is not None:
        match.state.outcome = lambda: outcome  # type: ignore[method-assign]
    return match


def write_records(players: dict) -> None:
    records_path().write_text(json.dumps({"version": RECORDS_VERSION, "players": players}))


def kept(name: str) -> list[dict]:
    return json.loads(records_path().read_text())["players"][name]["high-card"]["history"]


def test_every_human_seat_keeps_the_result_of_each_game_in_order():
    record_match(finished(Outcome((2, 1, 3), (4.0, 7.5, 1.0), 1)))
    record_match(finished(Outcome((1, 2, 3), (9.0, 3.0, 0.0), 0)))
    anna, bob = kept("Anna"), kept("Bob")
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d", result.pop("date")) for result in anna + bob)
    assert anna == [{"place": 2, "seats": 3, "won": False, "score": 4.0, "bots": "normal"},
                    {"place": 1, "seats": 3, "won": True, "score": 9.0, "bots": "normal"}]
    assert bob[0] == {"place": 1, "seats": 3, "won": True, "score": 7.5, "bots": "normal"}
    assert "Bot" not in json.loads(records_path().read_text())["players"]


def test_a_game_whose_score_only_repeats_a_place_keeps_no_score(monkeypatch):
    """Leader 1's outcome score is its best rider's place: the records keep the seat's place alone."""
    assert Leader1State.score_in_records is False
    match = finished(Outcome((2, 1, 3), (4.0, 7.5, 1.0), 1))
    monkeypatch.setattr(type(match.state), "score_in_records", False)
    record_match(match)
    assert "score" not in kept("Anna")[0] and kept("Anna")[0]["place"] == 2


def test_a_table_of_humans_names_no_bot_and_the_hardest_bot_is_kept():
    humans = [Seat("Anna", "#E69F00"), Seat("Bob", "#56B4E9")]
    record_match(finished(seats=humans))
    mixed = [Seat("Anna", "#E69F00"), Seat("Easy", "#56B4E9", "bot:easy"), Seat("Hard", "#009E73", "bot:hard")]
    record_match(finished(seats=mixed))
    assert [result.get("bots") for result in kept("Anna")] == [None, "hard"]


def test_the_history_keeps_the_newest_results_only():
    old = [{"date": "2024-01-01", "place": 3, "seats": 3, "won": False}] * HISTORY_KEEP
    write_records({"Anna": {"high-card": {"played": 250, "won": 40, "best": {}, "history": old}}})
    record_match(finished(Outcome((1, 2, 3), (5.0, 1.0, 0.0), 0)))
    history = kept("Anna")
    assert len(history) == HISTORY_KEEP == 100
    assert history[-1]["won"] and history[-1]["place"] == 1 and history[0]["date"] == "2024-01-01"
    assert player_records(load_records()[0], "Anna")["high-card"].played == 251


def test_a_records_file_from_before_the_history_loads_and_grows_one():
    write_records({"Anna": {"high-card": {"played": 4, "won": 1, "best": {"tricks": 2}, "hinted": 1}}})
    data, problem = load_records()
    assert problem is None
    assert player_records(data, "Anna")["high-card"].played == 4
    assert game_history(data, "Anna", "high-card") == GameHistory((), ())
    record_match(finished(Outcome((1, 2, 3), (3.0, 1.0, 0.0), 0)))
    data, problem = load_records()
    assert problem is None
    history = game_history(data, "Anna", "high-card")
    assert [game.number for game in history.games] == [5] and history.win_share == (2 / 5,)
    assert player_records(data, "Anna")["high-card"].best == {"tricks": 2}


def test_chart_data_numbers_the_kept_games_among_all_and_follows_the_share_won():
    write_records({"Anna": {"high-card": {"played": 4, "won": 1, "best": {}}}})
    for outcome in (Outcome((1, 2, 3), (9.0, 1.0, 0.0), 0), Outcome((3, 1, 2), (0.0, 5.0, 2.0), 1),
                    Outcome((1, 1, 3), (4.0, 4.0, 1.0), None), Outcome((1, 3, 2), (6.0, 1.0, 2.0), 0)):
        record_match(finished(outcome))
    data, _problem = load_records()
    history = game_history(data, "Anna", "high-card")
    day = history.games[0].date
    assert history.games == (
        PastGame(5, day, 1, 3, True, 9.0, "normal"), PastGame(6, day, 3, 3, False, 0.0, "normal"),
        PastGame(7, day, 1, 3, False, 4.0, "normal"), PastGame(8, day, 1, 3, True, 6.0, "normal"))
    assert history.win_share == (2 / 5, 2 / 6, 2 / 7, 3 / 8)
    assert [game.drawn for game in history.games] == [False, False, True, False]
    bob = game_history(data, "Bob", "high-card")
    assert [game.number for game in bob.games] == [1, 2, 3, 4] and bob.win_share == (0.0, 0.5, 1 / 3, 1 / 4)
    assert game_history(data, "Nobody", "high-card") == game_history(data, "Anna", "other-game") == GameHistory((), ())


@pytest.mark.parametrize("result", [{"place": 1, "seats": 2, "won": True},
                                    {"date": "2024-01-01", "place": 0, "seats": 2, "won": False},
                                    {"date": "2024-01-01", "place": 1, "seats": 2, "won": "yes"},
                                    {"date": "2024-01-01", "place": 1, "seats": 2, "won": True, "score": "9"},
                                    {"date": "2024-01-01", "place": 1, "seats": 2, "won": True, "bots": "wizard"}])
def test_a_damaged_history_is_reported_and_the_file_set_aside(result):
    write_records({"Anna": {"high-card": {"played": 1, "won": 1, "best": {}, "history": [result]}}})
    data, problem = load_records()
    assert data["players"] == {} and problem is not None and "kept as records.broken-" in problem
    assert not records_path().exists()
    assert list(records_path().parent.glob("records.broken-*.json"))


def test_wins_before_the_kept_history_count_in_the_share():
    write_records({"Anna": {"high-card": {"played": 10, "won": 7, "best": {},
                                          "history": [{"date": "2024-02-02", "place": 2, "seats": 2,
                                                       "won": False}]}}})
    history = game_history(load_records()[0], "Anna", "high-card")
    assert history.games == (PastGame(10, "2024-02-02", 2, 2, False, None, None),)
    assert history.win_share == (0.7,)
