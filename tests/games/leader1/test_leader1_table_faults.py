"""Faults seen at the Leader 1 table: clicks while the board pans, hover tips, the peloton picture."""
from __future__ import annotations

import pygame
import pytest

from game.core.match import Seat

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


def test_the_energy_tables_explain_their_parts_under_the_mouse(monkeypatch):
    import game.games.leader1.scene as scene_module
    shown = []
    monkeypatch.setattr(scene_module, "tooltip", lambda surface, theme, words, anchor, **kw: shown.append(words))
    app, scene = open_game([ANNA, BEN])
    finish_setup(scene)
    state = scene.match.state
    seat = state.current_seat()
    mine = state.seat_riders(seat)[0]
    theirs = state.seat_riders(1 - seat)[0]
    state.piles["green"].remove(3)
    mine.tiles = [3]
    state.piles["green"].remove(4)
    theirs.tiles = [4]
    mine.risks = 1
    state._legal = None
    to_screen_seat(app, scene)

    def tip_over(rect):
        shown.clear()
        hover(app, rect.center)
        step(app, 40)
        assert shown, "a tip comes after a short hover"
        return shown[-1]

    card = scene._card_rects[mine.id]
    assert tip_over(pygame.Rect(card.x + 44, card.y + 30, 22, 22)).startswith(
        "Sprinter (S)" if mine.speciality == "sprinter" else "Descender (D)")
    assert tip_over(pygame.Rect(card.x + 70, card.y + 30, 24, 22)).startswith("Crossed out: a risk he has already")
    assert tip_over(pygame.Rect(card.x + 95, card.y + 30, 24, 22)).startswith("Risk box 8: his next risk")
    assert tip_over(pygame.Rect(card.x + 120, card.y + 30, 24, 22)).startswith("Risk box 11: once the boxes")
    own = next(rect for rect, rider, value in scene._tile_rects if rider == mine.id)
    assert tip_over(own) == "Feed tile: +3 energy. Click it on your turn to eat it (E eats your smallest)."
    other = scene._card_rects[theirs.id]
    hidden = pygame.Rect(other.x + 44 + 26 + 25 * 3 + 6, other.y + 30, 22, 22)
    assert tip_over(hidden).startswith("A feed tile, face down")
    shown.clear()
    hover(app, scene.board_rect.center)
    step(app, 40)
    assert not shown, "no tip away from the tables"


def test_the_peloton_is_drawn_from_the_riders_in_it():
    from game.games.leader1.scene_panels import peloton_spots
    app, scene = open_game([ANNA, BEN, Seat("Cleo", "#009E73")], options={"riders": 1})
    finish_setup(scene)
    step(app, 2)
    drawn = []
    real_body = scene.icons.body
    scene.icons.body = lambda colour, length: drawn.append(colour) or real_body(colour, length)
    scene.icons._cache.clear()
    inside = [r for r in scene.view["riders"] if r["place"] == "peloton"]
    assert len(inside) == 3
    surface = pygame.Surface((1280, 720))
    surface.set_clip(scene.board_rect)
    scene.peloton_shown = 1.0
    scene.zoom_index = 0  # a size no earlier frame has drawn
    scene.draw_peloton(surface, scene.view)
    expected = sorted(scene.match.seats[r["seat"]].colour for r in inside)
    assert sorted(drawn) == expected, "one rider per rider in the bunch, in his team's colour"
    assert len(peloton_spots(12)) == 12 and len(set(peloton_spots(12))) == 12
