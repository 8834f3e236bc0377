"""Faults seen at the Leader 1 table: clicks while the board pans, hover tips, the peloton picture."""
from __future__ import annotations

import pygame
import pytest

from game.core.match import Seat
from game.core.protocol import act

from scene_input import click, hover, step
from test_leader1_scene import ANNA, BEN, finish_setup, last_action, open_game, square_on_screen, to_screen_seat


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def attacking_table():
    """Two humans, the one at the screen choosing an attack, the board panning as at a new turn."""
    app, scene = open_game([ANNA, BEN], instant=False, speed="normal")
    finish_setup(scene)
    while scene.match.state.phase != "breakaway":
        scene.match.apply(scene.match.state.legal_actions()[0])
    scene.on_undo()
    to_screen_seat(app, scene)
    return app, scene


def start_panning(scene, offset=(-45.0, 25.0)):
    target = scene.clamp_camera(scene.focus_point())
    scene.camera = (target[0] + offset[0], target[1] + offset[1])
    scene.follow = True


def test_a_click_while_the_board_pans_rides_the_square_whose_preview_was_shown():
    app, scene = attacking_table()
    start_panning(scene)
    step(app)
    previews = scene.previews()
    centre = scene.board_rect.center
    aimed = min((p for p in previews if p.allowed and p.kind == "square"),
                key=lambda p: abs(square_on_screen(scene, p)[0] - centre[0]) + abs(square_on_screen(scene, p)[1] - centre[1]))
    pos = square_on_screen(scene, aimed)
    hover(app, pos)
    assert scene.chosen() is not None
    step(app, 12)  # the player reads the card; the turn's pan would go on under the mouse
    shown = scene.chosen()
    assert shown is not None, "the card still tells of a square under the mouse"
    click(app, pos)
    assert last_action(scene) == shown.action, "the move ridden is the one the card showed"


def test_a_resting_mouse_previews_the_square_under_it_as_the_board_slides():
    app, scene = attacking_table()
    start_panning(scene, (-60.0, 0.0))
    step(app)
    scene._pointer = (scene.board_rect.centerx, scene.board_rect.centery)
    for _ in range(15):
        step(app)
        under = scene.preview_at(scene._pointer)
        shown = scene.chosen()
        assert (shown is None) == (under is None)
        if under is not None:
            assert shown is scene.previews()[under], "the card is the square under the mouse in this frame"


def test_a_press_that_began_on_another_square_rides_nothing():
    app, scene = attacking_table()
    step(app, 30)
    previews = [p for p in scene.previews() if p.allowed and p.kind == "square"]
    first, second = previews[0], previews[-1]
    before = len(scene.match.history)
    down = app.viewport.to_window(square_on_screen(scene, first))
    up = app.viewport.to_window(square_on_screen(scene, second))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=down, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=down, button=1))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up, button=1))
    step(app)
    assert len(scene.match.history) == before
    click(app, square_on_screen(scene, second))
    assert last_action(scene) == second.action
