"""A stage race at the table: the screen between stages waits for the players, the next stage's road is
shown at its start at once, and the results tell the whole race."""
from __future__ import annotations

import math

import pygame
import pytest

from game.core.match import Seat
from game.games.leader1.course import course_for
from game.games.leader1.scene_stages import StageBreakScene, stage_summary

from scene_input import key, step
from test_leader1_scene import ANNA, BEN, open_game


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def top(app):
    return app.manager.top


def easy_bot_move(match):
    """What an easy bot would play for whoever decides now (random moves lose every rider on the road)."""
    state = match.state
    seat = state.current_seat()
    bot = match.spec.make_bot("easy", seat, len(match.history) + 11, 1.0)
    return bot.choose(state.view(seat), state.legal_actions())


def to_the_last_move_of_stage_one(scene):
    """Moves up to the one that ends the first stage (returned, not played)."""
    match = scene.match
    while True:
        action = easy_bot_move(match)
        trial = match.state.clone()
        trial.apply(action)
        if trial.stage > 0:
            scene.on_undo()
            return action
        match.apply(action)


def test_the_screen_between_stages_waits_and_the_next_stage_starts_on_its_own_road():
    app, scene = open_game([ANNA, BEN], options={"stages": 3}, instant=False, speed="fast")
    last = to_the_last_move_of_stage_one(scene)
    scene.viewer = scene.last_human = scene.match.current_seat
    scene._view_key = None
    step(app, 90)
    while scene.recap is not None:
        key(app, pygame.K_SPACE, " ")
    assert scene.submit(last)
    for _ in range(600):
        if isinstance(top(app), StageBreakScene):
            break
        step(app)
    board = top(app)
    assert isinstance(board, StageBreakScene), "the stage's end is shown until the players go on"
    calendar = scene.live_view["calendar"]
    assert scene._stage_key == calendar[1]
    aim = scene.clamp_camera(scene.focus_point())
    assert math.dist(scene.camera, aim) < 1.0, "the board is at the new stage's start at once, no pan from the old"
    moves = len(scene.match.history)
    step(app, 400)
    assert top(app) is board and len(scene.match.history) == moves, "nothing goes on while it is up"
    key(app, pygame.K_RETURN)
    assert top(app) is not board


def test_the_stage_summary_holds_the_finish_the_classification_and_the_energy_carried():
    app, scene = open_game([ANNA, BEN], options={"stages": 3, "riders": 2})
    match = scene.match
    while match.state.stage == 0:
        match.apply(easy_bot_move(match))
    view = match.state.view(None)
    summary = stage_summary(view, 0)
    assert [row.rider for row in summary.finish] == view["stage_results"][0]["finish_order"]
    assert summary.finish[0].turns_behind == 0
    assert [row.rider for row in summary.standings] == view["stage_results"][0]["gc"]
    next_energy = course_for(view["calendar"][1]).energy
    for row in summary.standings:
        rider = view["riders"][row.rider]
        if not row.out:
            assert rider["energy"] == next_energy + row.carried
            assert 0 <= row.carried <= 15
    screen = StageBreakScene(app, scene, summary, lambda: None)
    app.manager.push(screen)
    step(app, 2)
    assert screen._continue is not None and "Start stage 2" in screen._continue.label


def test_the_results_of_a_stage_race_tell_every_stage_and_the_classification():
    bots = [Seat("B1", "#E69F00", "bot:easy"), Seat("B2", "#56B4E9", "bot:easy")]
    app, scene = open_game(bots, options={"stages": 3})
    for _ in range(6000):
        step(app)
        if scene.match.is_over() and top(app) is not scene and not isinstance(top(app), StageBreakScene):
            break
    assert scene.match.is_over()
    lines = scene.results_summary_lines()
    text = "\n".join(lines)
    stages = len(scene.view["stage_results"])
    assert stages == 3
    for number in range(1, stages + 1):
        assert f"Stage {number} (" in text
    assert "Energy carried into stage 2" in text and "Energy carried into stage 3" in text
    assert "General classification:" in text
    assert "The race took" not in text, "no sentence speaks of the last stage as if it were the race"
