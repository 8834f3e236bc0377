"""The Story screen's Save picture: the story's chart as a PNG in the pictures folder, named by game and day,
a second save beside the first, never over it."""
from __future__ import annotations

import functools
import time
from pathlib import Path

import pygame

from game.core.match import default_seats
from game.core.story import tell
from game.games import all_specs
from game.scenes.story import StoryScene
from ui_support import button, key, labels, make_app, press, run_until, step, top_name


def test_save_picture_keeps_the_story_chart_in_the_pictures_folder(isolated_home: Path, monkeypatch) -> None:
    monkeypatch.setattr("game.scenes.story.tell", functools.partial(tell, playouts=2))
    app = make_app(game_specs=all_specs())
    spec = app.specs["breakout"]
    app.new_match(spec, default_seats(spec, ["bot:easy", "bot:easy"]), {}, 5)
    step(app)
    scene = app.manager.top
    while not scene.match.is_over():
        scene.match.apply(scene.match.bot_decision()())
    app.manager.push(app.scenes.results(scene))
    step(app, 2)
    press(app, "Story")
    story_scene = app.manager.top
    assert isinstance(story_scene, StoryScene)
    assert "Save picture" not in labels(app), "nothing to save while the story is being told"
    deadline = time.monotonic() + 120
    while story_scene.story is None and time.monotonic() < deadline:
        step(app)
        time.sleep(0.01)
    run_until(app, lambda: story_scene.story is not None, frames=60)
    step(app, 2)
    assert not button(app, "Save picture").rect.colliderect(button(app, "Back").rect)
    press(app, "Save picture")
    first = isolated_home / "pictures" / f"breakout-story-{time.strftime('%Y-%m-%d')}.png"
    assert top_name(app) == "DialogScene" and str(first) in app.manager.top.message
    assert pygame.image.load(str(first)).get_size() == (1280, 720)
    key(app, pygame.K_RETURN)
    assert app.manager.top is story_scene
    press(app, "Save picture")
    assert first.with_name(first.stem + "-2.png").is_file()
