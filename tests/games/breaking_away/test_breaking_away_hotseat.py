"""Breaking Away at one screen with two players and bots: sheets stay secret while the bots ride.

The riders of all teams move one by one, so a player's riders are often split by the bots' riders:
the table turns public after each of the player's moves, and their sheet comes back only behind
their curtain, even when nobody else had a turn in between."""
from __future__ import annotations

import random

import pygame
import pytest

from game.app import App
from game.core.match import Seat
from game.games.breaking_away.scene import BreakingAwayScene
from game.games.breaking_away.scene_panels import legend_text
from hotseat_watch import SecretWatch, play, open_table as open_hotseat_table
from scene_input import step

ANNA, BEN = Seat("Anna", "#E69F00"), Seat("Ben", "#CC79A7")
SKY, GREEN = Seat("Sky", "#56B4E9", "bot:easy"), Seat("Green", "#009E73", "bot:easy")


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def open_table(seats: list[Seat], seed: int = 4, instant: bool = False) -> tuple[App, BreakingAwayScene]:
    app, scene = open_hotseat_table("breaking-away", seats, seed, instant=instant)
    assert isinstance(scene, BreakingAwayScene)
    return app, scene


def run_until(app: App, condition, frames: int = 3000) -> None:
    for _ in range(frames):
        if condition():
            return
        step(app)
    assert condition(), f"not reached in {frames} frames"


def rides_by(scene: BreakingAwayScene, seat: int) -> int:
    return sum(1 for who, action in scene.match.history if who == seat and action.kind == "move")


def riding(rng, actions):
    """A human rides a random factor (no retirement proposals: they would stop the race for votes)."""
    moves = [action for action in actions if action.kind != "retire"]
    return rng.choice(moves or actions)


@pytest.mark.slow
def test_sheets_stay_hidden_while_bots_ride_and_come_back_only_behind_the_curtain():
    app, scene = open_table([ANNA, SKY, BEN, GREEN])
    watch = SecretWatch(scene)
    play(app, scene, seed=4, choose=riding, until=lambda: rides_by(scene, 0) >= 6 and rides_by(scene, 2) >= 6)
    watch.assert_clean()
    assert watch.bot_frames > 100
    repeats = sum(1 for one, other in zip(watch.reveals, watch.reveals[1:]) if one == other)
    assert repeats, "a player whose riders were split by the bots' came back through the curtain"


def test_after_a_ride_the_sheet_shown_while_a_bot_rides_is_no_ones_own():
    app, scene = open_table([ANNA, SKY, BEN, GREEN], instant=True)
    play(app, scene, seed=5, choose=riding, until=lambda: scene.can_act and scene.view["phase"] == "move")
    player = scene.viewer
    assert player is not None
    assert legend_text(scene.names, scene.shown_sheet_seat(scene.view), player, False).startswith("Your movement")
    ridden = len(scene.match.history)
    assert scene.submit(riding(random.Random(1), scene.match.state.legal_actions()))
    run_until(app, lambda: len(scene.match.history) > ridden and scene.match.current_seat in (1, 3))
    assert scene.viewer is None, "a bot rides in front of everyone"
    sheet = scene.shown_sheet_seat(scene.view)
    assert not legend_text(scene.names, sheet, scene.viewer, False).startswith("Your movement")
    assert all(rider["factors"] is None for rider in scene.view["riders"]), "no team's factors are drawn"


def test_a_single_player_keeps_their_sheet_in_view_while_the_bots_ride():
    app, scene = open_table([ANNA, SKY, GREEN])
    seen: list[int | None] = []
    draw = scene.draw

    def recording_draw(surface: pygame.Surface) -> None:
        draw(surface)
        seat = scene.match.current_seat
        if seat is not None and not scene.match.seats[seat].is_human:
            seen.append(scene.viewer)

    scene.draw = recording_draw  # type: ignore[method-assign]
    play(app, scene, seed=6, choose=riding, until=lambda: rides_by(scene, 0) >= 4)
    assert seen and set(seen) == {0}, "Anna's own sheet stays on the table while the bots ride"
    assert app.manager.find(type(scene)) is scene and not scene.needs_curtain(0)
