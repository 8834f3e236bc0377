"""The results screen's Story: told on a worker thread with a progress bar, kept beside the replay in the
archive (told once), and a click on a key moment opens the replay viewer at that move."""
from __future__ import annotations

import functools
import time

import pygame
import pytest

from game.core.archive import story_path
from game.core.story import tell
from game.core.match import default_seats
from game.games import all_specs
from game.scenes.replay_viewer import ReplayViewerScene
from game.scenes.story import StoryScene, StoryTeller
from ui_support import click, key, make_app, press, run_until, step


def wait_for(teller: StoryTeller | None, seconds: float = 120.0) -> None:
    """The worker thread's end, however busy the machine (frames pass at any speed; the thread's pace
    depends on the cores it shares)."""
    assert teller is not None
    deadline = time.monotonic() + seconds
    while teller.running() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not teller.running(), "the story is still being told after two minutes"


@pytest.fixture
def few_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two playouts a step: the scene's work, not the estimate's quality, is tested here."""
    monkeypatch.setattr("game.scenes.story.tell", functools.partial(tell, playouts=2))


def finished_breakout(app, seed: int = 3):  # type: ignore[no-untyped-def]
    spec = app.specs["breakout"]
    app.new_match(spec, default_seats(spec, ["bot:easy", "bot:easy"]), {}, seed)
    step(app)
    scene = app.manager.top
    match = scene.match
    while not match.is_over():
        decide = match.bot_decision()
        match.apply(decide())
    results = app.scenes.results(scene)
    app.manager.push(results)
    step(app, 2)
    return results


@pytest.mark.usefixtures("few_playouts")
def test_the_story_is_told_once_kept_and_opens_the_replay_at_a_key_moment() -> None:
    app = make_app(game_specs=all_specs())
    results = finished_breakout(app)
    press(app, "Story")
    story_scene = app.manager.top
    assert isinstance(story_scene, StoryScene) and story_scene.story is None
    wait_for(story_scene.teller)
    run_until(app, lambda: story_scene.story is not None, frames=60)
    step(app, 2)
    assert results.archive_path is not None and story_path(results.archive_path).is_file()
    moments = story_scene.story.key_moments
    assert moments and story_scene.spots
    first = next(spot for spot in story_scene.spots if spot.step == moments[0].step)
    click(app, first.rect.center)
    viewer = app.manager.top
    assert isinstance(viewer, ReplayViewerScene) and viewer.step == moments[0].step
    app.manager.pop(viewer)
    press(app, "Back")
    press(app, "Story")
    again = app.manager.top
    assert isinstance(again, StoryScene) and again.teller is None and again.story == story_scene.story


def test_cancel_stops_the_telling_and_goes_back_to_the_results() -> None:
    app = make_app(game_specs=all_specs())
    results = finished_breakout(app, 4)
    press(app, "Story")
    story_scene = app.manager.top
    press(app, "Cancel")
    assert app.manager.top is results
    assert story_scene.teller is not None
    wait_for(story_scene.teller)
    assert story_scene.teller.story is None and not story_path(results.archive_path).exists()


@pytest.mark.usefixtures("few_playouts")
def test_up_and_down_read_the_key_moments_in_full_without_a_mouse() -> None:
    """The keyboard-only player reads what the pointer shows: each key moment's note, in turn, round the list."""
    app = make_app(game_specs=all_specs())
    finished_breakout(app)
    press(app, "Story")
    story_scene = app.manager.top
    wait_for(story_scene.teller)
    run_until(app, lambda: story_scene.story is not None, frames=60)
    step(app, 2)
    count = len(story_scene.story.key_moments)
    key(app, pygame.K_DOWN)
    assert story_scene.hovered == 0
    key(app, pygame.K_UP)
    assert story_scene.hovered == count - 1, "Up from the first goes round to the last"
    key(app, pygame.K_DOWN)
    assert story_scene.hovered == 0 and app.manager.top is story_scene
