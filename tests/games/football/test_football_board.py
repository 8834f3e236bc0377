"""Breakaway Football: the scene's helpers and the command line's summary line."""
from __future__ import annotations

from game.cli import autoplay
from game.games.football import board
from game.games.football.spec import SPEC


def test_scoreboard_ball_and_odds_from_a_view():
    state = SPEC.create(2, {}, 3)
    state.apply(state.legal_actions()[0])
    view = state.view(state.to_move)
    scores = board.scoreboard(view)
    assert scores["cards_left"] == [15, 15] and scores["timeouts"] == [3, 3] and scores["quarter_label"] == "1st quarter"
    ball = board.ball_position(view)
    assert ball["x"] == (ball["spot"] if state.offense == 0 else 20 - ball["spot"])
    assert ball["down_and_distance"].startswith("1st and")
    odds = board.button_odds(view)
    assert odds["onside"] == 0.204 and odds["extrapoint"] == 0.944
    assert board.prompt(view).startswith(state.team_name(state.to_move).english())


def test_card_information_for_drawing():
    info = board.offense_card_info("Lightning", 6)
    assert [e["play_type"] for e in info["ends"]] == ["Draw", "Long Pass"] and info["ends"][1]["low_percentage"]
    defense = board.defense_card_info("Lightning", 3)
    assert "Long Pass" in defense["ends"][1]["win_vs"]
    assert board.game_day_card_info(11)["penalty"] == "False Start"


def test_headless_autoplay_summary():
    result = autoplay(SPEC, ["bot:easy", "bot:easy"], {"team_1": "Maulers", "team_2": "Pharaohs"}, 5)
    summary = result["summary"]
    assert set(summary["score"]) == {"Maulers", "Pharaohs"} and set(summary["drives"]) == {"Maulers", "Pharaohs"}
    assert summary["quarters"] >= 4 and isinstance(summary["overtime"], bool)
