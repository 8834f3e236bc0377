"""Breakaway Football with two coaches at one screen (a two-seat game: no bot joins them).

Play calls are secret: while a called card lands face down, while the snap plays out and while the
next coach is asked to take the screen, nothing of either coach's hand or call is drawn, and a
coach's hand comes back only behind their own curtain."""
from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.core.match import Seat
from game.games.football.scene import FootballScene
from hotseat_watch import SecretWatch, play, open_table as open_hotseat_table

ANNA, BEN = Seat("Anna", "#E69F00"), Seat("Ben", "#56B4E9")


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def open_table(seed: int = 4) -> tuple[App, FootballScene]:
    app, scene = open_hotseat_table("breakaway-football", [ANNA, BEN], seed)
    assert isinstance(scene, FootballScene)
    return app, scene


def calls_by(scene: FootballScene, seat: int) -> int:
    return sum(1 for who, action in scene.match.history if who == seat and action.kind == "call")


@pytest.mark.slow
def test_calls_and_hands_stay_hidden_between_the_two_coaches():
    app, scene = open_table()
    watch = SecretWatch(scene)
    play(app, scene, seed=4, until=lambda: calls_by(scene, 0) >= 4 and calls_by(scene, 1) >= 4)
    watch.assert_clean()
    assert watch.public_frames > 100, "the snaps played out in front of both coaches"
    assert watch.reveals.count(0) >= 4 and watch.reveals.count(1) >= 4


def test_a_call_goes_face_down_and_the_next_coach_gets_the_screen_only_through_the_curtain():
    app, scene = open_table()
    play(app, scene, seed=5, until=lambda: scene.can_act and scene.view["phase"] == "offense_call")
    coach = scene.viewer
    assert coach is not None and scene.view["hand"]
    call = next(action for action in scene.match.state.legal_actions() if action.kind == "call")
    assert scene.submit(call)
    assert scene.viewer is None and scene.view["hand"] is None and scene.view["commit"] is None
    play(app, scene, seed=5, until=lambda: type(app.manager.top).__name__ == "CurtainScene")
    assert app.manager.top.seat == 1 - coach and scene.viewer is None
