"""Driving the app headless: posting real events and stepping frames with a fixed dt."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterable

import pygame
import pytest

from fixture_game import HIGH_CARD
from game.app import App
from game.cli import LaunchRequest
from game.core.spec import GameSpec
from high_card_scene import high_card_spec
from scene_input import click, key, step  # noqa: F401  (re-exported for the UI tests)


def specs(*extra: GameSpec) -> dict[str, GameSpec]:
    """The fixture game with its test scene, plus a game without a scene (never listed)."""
    hidden = dataclasses.replace(HIGH_CARD, id="no-scene", title="No Scene Yet", scene=None)
    return {spec.id: spec for spec in (high_card_spec(), hidden, *extra)}


def make_app(request: LaunchRequest | None = None, *, instant: bool = True,
             game_specs: dict[str, GameSpec] | None = None) -> App:
    app = App(game_specs or specs(), instant=instant)
    app.open(request or LaunchRequest())
    return app


def type_text(app: App, text: str) -> None:
    for char in text:
        code = pygame.key.key_code(char) if char.isalnum() else pygame.K_SPACE
        key(app, code, char)


def run_until(app: App, condition: Callable[[], bool], frames: int = 600, each: Callable[[], None] | None = None) -> None:
    for _ in range(frames):
        if condition():
            return
        if each is not None:
            each()
        step(app)
    if not condition():
        pytest.fail(f"condition not reached in {frames} frames; top scene is {type(app.manager.top).__name__}")


def top_name(app: App) -> str:
    return type(app.manager.top).__name__


def buttons(app: App) -> list[Any]:
    from game.ui.widgets import Button
    return [w for w in app.manager.top.form.widgets if isinstance(w, Button)]  # type: ignore[union-attr]


def button(app: App, label: str) -> Any:
    found = [b for b in buttons(app) if b.label == label]
    assert found, f"no '{label}' button on {top_name(app)}: {[b.label for b in buttons(app)]}"
    return found[0]


def press(app: App, label: str, frames: int = 1) -> None:
    """Click the named button where it is drawn."""
    click(app, button(app, label).rect.center, frames=frames)


def labels(app: App) -> Iterable[str]:
    return [b.label for b in buttons(app)]
