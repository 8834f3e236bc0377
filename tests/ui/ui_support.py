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

KEY_TEXT = {pygame.K_RETURN: "\r", pygame.K_ESCAPE: "\x1b", pygame.K_TAB: "\t", pygame.K_SPACE: " ",
            pygame.K_BACKSPACE: "\x08"}


def specs(*extra: GameSpec) -> dict[str, GameSpec]:
    """The fixture game with its test scene, plus a game without a scene (never listed)."""
    hidden = dataclasses.replace(HIGH_CARD, id="no-scene", title="No Scene Yet", scene=None)
    return {spec.id: spec for spec in (high_card_spec(), hidden, *extra)}


def make_app(request: LaunchRequest | None = None, *, instant: bool = True,
             game_specs: dict[str, GameSpec] | None = None) -> App:
    app = App(game_specs or specs(), instant=instant)
    app.open(request or LaunchRequest())
    return app


SCANCODES = {pygame.K_RETURN: 40, pygame.K_ESCAPE: 41, pygame.K_BACKSPACE: 42, pygame.K_TAB: 43,
             pygame.K_SPACE: 44, pygame.K_RIGHT: 79, pygame.K_LEFT: 80, pygame.K_DOWN: 81, pygame.K_UP: 82,
             pygame.K_F1: 58, pygame.K_F11: 68, pygame.K_PAGEUP: 75, pygame.K_PAGEDOWN: 78, pygame.K_DELETE: 76,
             pygame.K_HOME: 74, pygame.K_END: 77}


def scancode_of(code: int) -> int:
    """The USB scancode SDL would report for a US keyboard."""
    if pygame.K_a <= code <= pygame.K_z:
        return 4 + code - pygame.K_a
    if pygame.K_1 <= code <= pygame.K_9:
        return 30 + code - pygame.K_1
    if code == pygame.K_0:
        return 39
    return SCANCODES.get(code, 0)


def key(app: App, code: int, text: str | None = None, mod: int = 0, frames: int = 1) -> None:
    """Post a KEYDOWN (with unicode, mod and scancode) and its KEYUP, then step."""
    unicode = text if text is not None else KEY_TEXT.get(code, "")
    scancode = scancode_of(code)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=scancode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=unicode, scancode=scancode))
    step(app, frames)


def type_text(app: App, text: str) -> None:
    for char in text:
        code = pygame.key.key_code(char) if char.isalnum() else pygame.K_SPACE
        key(app, code, char)


def click(app: App, pos: tuple[int, int], *, button: int = 1, frames: int = 1, window: bool = False) -> None:
    """A full click at canvas ``pos`` (or window ``pos`` with ``window=True``)."""
    if not window:
        pos = app.viewport.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, frames)


def step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        if not app.running:
            return
        app.step()


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
