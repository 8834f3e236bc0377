"""Breakout with two players at one screen (a two-seat game: no bot joins them).

Breakout keeps no secrets, so no curtain ever comes between the players; still, while a push plays
out the screen belongs to nobody, and the next player gets it as soon as the pieces rest."""
from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.core.match import Seat
from game.games.breakout.scene import BreakoutScene
from hotseat_watch import SecretWatch, play, open_table as open_hotseat_table
from scene_input import step

ANNA, BEN = Seat("Anna", "#E69F00"), Seat("Ben", "#56B4E9")


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def open_table(seed: int = 4) -> tuple[App, BreakoutScene]:
    app, scene = open_hotseat_table("breakout", [ANNA, BEN], seed)
    assert isinstance(scene, BreakoutScene)
    return app, scene


def moves_by(scene: BreakoutScene, seat: int) -> int:
    return sum(1 for who, _ in scene.match.history if who == seat)


def test_two_players_hand_over_without_a_curtain_and_a_push_plays_out_in_public():
    app, scene = open_table()
    watch = SecretWatch(scene)
    play(app, scene, seed=4, until=lambda: moves_by(scene, 0) >= 6 and moves_by(scene, 1) >= 6)
    watch.assert_clean()
    assert not watch.reveals, "nothing is secret in Breakout: no curtain"
    assert watch.public_frames > 20 and watch.private_frames >= 12, "each player was at the screen for each move"


def test_the_next_player_is_at_the_screen_as_soon_as_the_push_has_played_out():
    app, scene = open_table()
    play(app, scene, seed=5, until=lambda: scene.can_act and not scene.is_animating())
    mover = scene.viewer
    assert scene.submit(scene.match.state.legal_actions()[0])
    assert scene.viewer is None and not scene.can_act, "the push plays out in front of both players"
    for _ in range(600):
        if not scene.is_animating():
            break
        step(app)
    step(app)
    assert scene.viewer == scene.match.current_seat == 1 - mover and scene.can_act
    assert type(app.manager.top).__name__ == "BreakoutScene"
