"""Breakout beyond the shared conformance suite: a bot match saved and resumed, and the autoplay summary."""
from __future__ import annotations

from game.core.match import Match, default_seats
from game.core.saves import match_from_save, match_to_save
from game.games.breakout.spec import SPEC


def test_match_save_round_trip_continues_identically():
    for controllers in (["bot:easy", "bot:easy"], ["bot:normal", "bot:hard"]):
        match = Match(SPEC, default_seats(SPEC, controllers), {}, seed=5, bot_budget_scale=0.05)
        for _ in range(25):
            if match.is_over():
                break
            match.apply(match.bot_decision()())
        restored = match_from_save(match_to_save(match), {SPEC.id: SPEC})
        restored.bot_budget_scale = match.bot_budget_scale
        assert restored.state == match.state
        assert [a for _, a in restored.history] == [a for _, a in match.history]
        while not match.is_over():
            action = match.bot_decision()()
            assert restored.bot_decision()() == action
            match.apply(action)
            restored.apply(action)
        assert restored.state == match.state


def test_headless_autoplay_reports_escapes_void_and_rounds():
    from game.cli import autoplay
    result = autoplay(SPEC, ["bot:normal", "bot:easy"], {}, seed=3)
    summary = result["summary"]
    assert set(summary["escapes"]) == {"0", "1"} and isinstance(summary["void"], bool)
    assert summary["rounds"] >= max(summary["escapes"].values())
    if not summary["void"]:
        assert max(summary["escapes"].values()) == 3 and result["winner"] is not None
