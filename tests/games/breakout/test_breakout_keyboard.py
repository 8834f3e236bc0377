"""Breakout without a mouse: whole games played through real KEYDOWN events only."""
from __future__ import annotations

import random

import pygame
import pytest

from game.app import App
from game.core.match import Match, Seat
from game.core.protocol import act
from game.games import all_specs
from game.games.breakout.guide import guide
from game.games.breakout.scene import BreakoutScene
from scene_input import click, hover, key, step

ANNA = Seat("Anna", "#F0E442")
BEN = Seat("Ben", "#0072B2")
BOT = Seat("Bot", "#0072B2", "bot:easy")
DIGITS = {1: (pygame.K_1, "1"), 2: (pygame.K_2, "2"), 3: (pygame.K_3, "3"), 4: (pygame.K_4, "4"),
          5: (pygame.K_5, "5")}


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def start(seats, seed: int) -> tuple[App, BreakoutScene]:
    specs = all_specs()
    app = App(specs, instant=True)
    app.start_match(Match(specs["breakout"], list(seats), {}, seed))
    app.step()
    scene = app.manager.find(BreakoutScene)
    assert scene is not None
    return app, scene


def on_table(app: App, scene: BreakoutScene) -> bool:
    return app.manager.top is scene


def close_recap(app: App, scene: BreakoutScene) -> None:
    """The "since your last turn" recap, when the base shows one, closes with Enter like a dialog."""
    for _ in range(3):
        if getattr(scene, "recap", None) is None:
            return
        key(app, pygame.K_RETURN)


def steer_to(app: App, scene: BreakoutScene, row: int, side: str, rng: random.Random) -> None:
    """Move the keyboard focus to an arrow the way a player might: a number key, Up/Down or Tab."""
    how = rng.random()
    if how < 0.4:
        key(app, *DIGITS[row + 1])
    elif how < 0.8:
        while scene.focus[0] != row:
            key(app, pygame.K_UP if scene.focus[0] < row else pygame.K_DOWN)
    else:
        for _ in range(10):
            if scene.focus == (row, side):
                break
            key(app, pygame.K_TAB)
    if scene.focus[1] != side:
        key(app, pygame.K_LEFT if side == "left" else pygame.K_RIGHT)
    assert scene.focus == (row, side)
    assert scene.keyboard or len(scene.match.history) == 0, "once the keys steer, the focus ring shows"


def play_by_keys(app: App, scene: BreakoutScene, choose, rng: random.Random, max_frames: int = 6000) -> None:
    """Every human decision is made with keys; bots move on their own.  Stops at the results."""
    for _ in range(max_frames):
        if not on_table(app, scene):
            return
        step(app, 2)  # the base opens its recap, if any, in the first frames of the turn
        close_recap(app, scene)
        if not scene.ready() or not on_table(app, scene):
            continue
        view = scene.view
        moves_before = len(scene.match.history)
        if scene.must_pass(view):
            key(app, pygame.K_RETURN)
        else:
            row, side = choose(view)
            steer_to(app, scene, row, side, rng)
            assert len(scene.match.history) == moves_before, "steering never plays"
            key(app, pygame.K_RETURN if rng.random() < 0.7 else pygame.K_SPACE)
        assert len(scene.match.history) == moves_before + 1, "Enter or Space made the move"
    raise AssertionError("the game did not reach the results")


def following_the_guide(view) -> tuple[int, str]:
    """The push the guided game's hint names (what a newcomer would do)."""
    hint = guide(view, view["to_move"])
    assert hint is not None
    words = hint.text.split("slot ", 1)[1].split()
    return int(words[0]) - 1, words[3].rstrip(":.,")


def at_random(rng: random.Random):
    def choose(view) -> tuple[int, str]:
        barred = view["blocked"]
        options = [(r, s) for r in range(5) for s in ("left", "right")
                   if barred is None or (barred["row"], barred["side"]) != (r, s)]
        return rng.choice(options)
    return choose


def mixed(rng: random.Random):
    """Yellow follows the guide, Blue pushes at random: a game that ends in good time."""
    random_push = at_random(rng)
    return lambda view: following_the_guide(view) if view["to_move"] == 0 else random_push(view)


def finish_results_by_keys(app: App) -> None:
    """The results screen is left with the keys too: Tab to a button, Enter."""
    assert type(app.manager.top).__name__ == "ResultsScene"
    results = app.manager.top
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    step(app, 3)
    assert app.manager.top is not results


def test_a_whole_game_against_a_bot_by_keys_alone():
    rng = random.Random(4)
    app, scene = start([ANNA, BOT], seed=4)
    play_by_keys(app, scene, following_the_guide, rng)
    assert scene.match.is_over()
    view = scene.view
    assert view["winner"] == 0 or view["void"], "following the guide beats the easy bot"
    finish_results_by_keys(app)


def test_a_whole_game_between_two_humans_by_keys_alone():
    rng = random.Random(11)
    app, scene = start([ANNA, BEN], seed=11)
    play_by_keys(app, scene, mixed(rng), rng)
    assert scene.match.is_over()
    humans = {seat for seat, _ in scene.match.history}
    assert humans == {0, 1}
    finish_results_by_keys(app)


def test_out_of_pieces_the_pass_is_made_with_enter_and_the_focus_ring_shows_on_the_pass_button():
    app, scene = start([ANNA, BEN], seed=1)
    moves = [("left", slot) for slot in range(1, 6) for _ in range(5)] + [("left", 2)]
    for side, slot in moves:
        step(app, 2)
        close_recap(app, scene)
        steer_to(app, scene, slot - 1, side, random.Random(slot))
        key(app, pygame.K_RETURN)
    step(app, 2)
    close_recap(app, scene)
    assert scene.must_pass(scene.view) and scene.keyboard
    before = len(scene.match.history)
    key(app, pygame.K_RETURN)
    assert scene.match.history[before][1].kind == "pass"


def rows_previewed(scene: BreakoutScene) -> list[int]:
    """Records the slot whose ghost knots each drawn frame shows instead of the real pieces."""
    drawn: list[int] = []
    real = scene.draw_preview_row

    def recording(surface, shown, preview):
        drawn.append(preview.row)
        real(surface, shown, preview)
    scene.draw_preview_row = recording
    return drawn


def test_after_every_move_the_wall_is_drawn_as_it_is_and_steering_brings_the_ghost_back():
    app, scene = start([ANNA, BOT], seed=3)
    drawn = rows_previewed(scene)
    key(app, *DIGITS[2])
    key(app, pygame.K_LEFT)
    assert scene.chosen() == (1, "left") and drawn and drawn[-1] == 1, "steering previews the push"
    key(app, pygame.K_RETURN)
    for _ in range(600):
        if scene.ready() and len(scene.match.history) == 2:
            break
        step(app)
        close_recap(app, scene)
    assert scene.match.history[1][0] == 1, "the bot has answered"
    drawn.clear()
    step(app, 5)
    assert scene.chosen() is None and not drawn, "no ghost hides the pieces the two moves left"
    assert scene.keyboard and scene.focus == (1, "left"), "the ring still shows where Enter pushes"
    caption = scene.caption_lines(scene.view, None, "")[0]
    assert caption[0] == "Enter pushes into slot 2 from the left (the ringed arrow)."
    key(app, pygame.K_UP)
    assert scene.chosen() == (2, "left") and drawn[-1] == 2, "steering again shows the next push"
    key(app, pygame.K_RETURN)
    assert scene.match.history[2] == (0, act("insert", "left", 3))


def test_a_hovered_arrows_ghost_goes_with_the_bots_move_until_the_mouse_moves_again():
    app, scene = start([ANNA, BOT], seed=3)
    drawn = rows_previewed(scene)
    click(app, scene.layout.arrow_rect(4, "left").center)
    arrow = scene.layout.arrow_rect(0, "right").center
    hover(app, arrow)  # the mouse comes to rest on an arrow while the bot answers
    for _ in range(600):
        if scene.ready() and len(scene.match.history) == 2:
            break
        step(app)
    assert scene.match.history[1][0] == 1, "the bot has answered"
    drawn.clear()
    step(app, 3)
    assert scene.chosen() is None and not drawn, "the wall shows the bot's push, not a ghost over it"
    hover(app, arrow)
    assert scene.chosen() == (0, "right") and drawn[-1] == 0, "moving the mouse previews the push again"
