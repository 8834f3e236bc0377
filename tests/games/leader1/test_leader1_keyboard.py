"""Leader 1 without a mouse: whole races played by real key presses, and the race builder by keys.

Only KEYDOWN events reach the app (no clicks, no direct calls): the setup by
number keys, attacks by Tab and Enter or P to pass, moves by Tab and Enter,
the peloton die by R or C, feed tiles by E, the hot-seat curtain by Enter.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game.app import App
from game.core.match import Match, Seat
from game.games import all_specs
from game.games.leader1.builder_scene import BuilderScene
from game.games.leader1.races import list_races
from game.games.leader1.scene import Leader1Scene
from scene_input import key, step

ANNA = Seat("Anna", "#E69F00")
BEN = Seat("Ben", "#56B4E9")
BOT = Seat("Bot", "#56B4E9", "bot:easy")
BOT2 = Seat("Bot 2", "#009E73", "bot:normal")


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def start(seats, options, seed):
    specs = all_specs()
    app = App(specs, instant=True)
    app.start_match(Match(specs["leader-1"], list(seats), dict(options), seed))
    app.step()
    scene = app.manager.find(Leader1Scene)
    assert scene is not None
    return app, scene


def press_for_decision(app: App, scene: Leader1Scene, rng: random.Random) -> None:
    """What a keyboard player presses for the decision on screen."""
    phase = scene.view["phase"]
    if phase == "setup":
        key(app, pygame.K_1, "1")
    elif phase == "pursuit":
        key(app, *((pygame.K_c, "c") if rng.random() < 0.2 else (pygame.K_r, "r")))
    elif phase == "breakaway" and rng.random() < 0.75:
        key(app, pygame.K_p, "p")
    else:
        if scene.view["my_tiles"] and any(scene.view["my_tiles"].values()) and rng.random() < 0.3:
            key(app, pygame.K_e, "e")
            return
        if not scene.previews():
            key(app, pygame.K_RETURN)
            return
        for _ in range(rng.randrange(1, 6)):
            key(app, pygame.K_TAB)
        chosen = scene.chosen()
        assert chosen is not None, "Tab shows a focused square"
        if not chosen.allowed:
            key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
            return
        key(app, pygame.K_RETURN)


def play_by_keys(app: App, scene: Leader1Scene, seed: int, max_frames: int = 6000) -> None:
    rng = random.Random(seed)
    for _ in range(max_frames):
        if scene.match.is_over() and not scene.is_animating():
            break
        if app.manager.top is not scene:
            key(app, pygame.K_RETURN)
        elif getattr(scene, "recap", None) is not None:
            key(app, pygame.K_SPACE, " ")
        elif scene.can_act and not scene.is_animating():
            press_for_decision(app, scene, rng)
        else:
            step(app)
    step(app, 3)
    assert scene.match.is_over(), "the race ends"
    assert app.manager.top is not scene, "the results are on screen"


@pytest.mark.parametrize("seats, options, seed", [
    ([ANNA, BOT, BOT2], {"riders": 2}, 3),
    ([ANNA, BEN], {"riders": 1}, 4),
])
def test_a_whole_race_by_keys_alone(seats, options, seed):
    app, scene = start(seats, options, seed)
    humans = {i for i, seat in enumerate(seats) if seat.is_human}
    play_by_keys(app, scene, seed)
    acted = {seat for seat, _action in scene.match.history if seat in humans}
    assert acted == humans
    kinds = {action.kind for seat, action in scene.match.history if seat in humans}
    assert {"pick", "speciality", "roll"} <= kinds and kinds & {"move", "breakaway", "finish", "pass"}


def test_enter_presses_the_ringed_button_until_a_square_is_focused():
    app, scene = start([ANNA, BEN], {}, 5)
    while scene.match.state.phase != "breakaway":
        scene.match.apply(scene.match.state.legal_actions()[0])
    scene.on_undo()
    scene.viewer = scene.last_human = scene.match.current_seat
    step(app)
    if getattr(scene, "recap", None) is not None:
        key(app, pygame.K_SPACE, " ")
    assert scene.enter_button() is not None and scene.enter_button().label.startswith("Pass")
    key(app, pygame.K_TAB)
    assert scene.enter_button() is None and scene.chosen() is not None
    focused = scene.chosen()
    key(app, pygame.K_RETURN)
    assert scene.match.history[-1][1] == focused.action


def test_the_builder_by_keys_alone():
    specs = all_specs()
    app = App(specs, instant=True)
    started = []
    builder = BuilderScene(app, start_race=started.append)
    app.manager.push(builder)
    step(app)
    while builder.hexagon_ids:
        key(app, pygame.K_BACKSPACE)
    # the box: Down walks the hexagons, Space lays the ringed one
    for wanted in ("start", "plain-straight", "rise-straight", "mountain-straight", "downhill-straight",
                   "plain-straight", "arrival-flat"):
        while builder.box_choice() != wanted:
            key(app, pygame.K_DOWN)
        key(app, pygame.K_SPACE, " ")
    assert builder.hexagon_ids[-1] == "arrival-flat"
    # tokens: Left/Right pick a hexagon on the drawing, number and letter keys place them
    while builder.selected != 3:
        key(app, pygame.K_LEFT)
    key(app, pygame.K_2, "2")
    while builder.selected != 5:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_f, "f")
    assert {(t.kind, t.order) for t in builder.tokens} == {("climb", 3), ("feed", 5)}
    # the name: Tab into the field, type, Tab out
    key(app, pygame.K_TAB)
    assert builder.name_input.focused
    for _ in range(len(builder.title)):
        key(app, pygame.K_BACKSPACE)
    for letter in "keys":
        key(app, getattr(pygame, f"K_{letter}"), letter)
    key(app, pygame.K_TAB)
    assert not builder.name_input.focused and builder.title == "keys"
    assert builder.problems() == []
    key(app, pygame.K_RETURN)
    assert started == ["user:keys"]
    assert "user:keys" in [race.key for race in list_races()[0]]
