"""Input as a player gives it, for headless scene tests: canvas positions mapped to the window,
full clicks, and keys with unicode, mod and scancode."""
from __future__ import annotations

import pygame

from game.app import App

SCANCODES = {pygame.K_RETURN: 40, pygame.K_ESCAPE: 41, pygame.K_BACKSPACE: 42, pygame.K_TAB: 43,
             pygame.K_SPACE: 44, pygame.K_MINUS: 45, pygame.K_EQUALS: 46, pygame.K_F1: 58, pygame.K_F11: 68,
             pygame.K_HOME: 74, pygame.K_PAGEUP: 75, pygame.K_DELETE: 76, pygame.K_END: 77,
             pygame.K_PAGEDOWN: 78, pygame.K_RIGHT: 79, pygame.K_LEFT: 80, pygame.K_DOWN: 81, pygame.K_UP: 82,
             pygame.K_KP_ENTER: 88}
KEY_TEXT = {pygame.K_RETURN: "\r", pygame.K_ESCAPE: "\x1b", pygame.K_TAB: "\t", pygame.K_SPACE: " ",
            pygame.K_BACKSPACE: "\x08", pygame.K_KP_ENTER: "\r", pygame.K_MINUS: "-", pygame.K_EQUALS: "=",
            pygame.K_PLUS: "+"}


def scancode_of(code: int) -> int:
    """The USB scancode SDL would report for a US keyboard."""
    if pygame.K_a <= code <= pygame.K_z:
        return 4 + code - pygame.K_a
    if pygame.K_1 <= code <= pygame.K_9:
        return 30 + code - pygame.K_1
    if code == pygame.K_0:
        return 39
    return SCANCODES.get(code, 0)


def step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        if not app.running:
            return
        app.step()


def hover(app: App, pos: tuple[float, float]) -> None:
    """Move the mouse to canvas ``pos``."""
    window = app.viewport.to_window((round(pos[0]), round(pos[1])))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=window, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)


def click(app: App, pos: tuple[float, float], *, button: int = 1, frames: int = 1, window: bool = False) -> None:
    """A full click at canvas ``pos`` (or window ``pos`` with ``window=True``)."""
    at = (round(pos[0]), round(pos[1]))
    if not window:
        at = app.viewport.to_window(at)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=button))
    step(app, frames)


def key(app: App, code: int, text: str | None = None, mod: int = 0, frames: int = 1) -> None:
    """Post a KEYDOWN (with unicode, mod and scancode) and its KEYUP, then step."""
    unicode = text if text is not None else KEY_TEXT.get(code, "")
    scancode = scancode_of(code)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=scancode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=unicode, scancode=scancode))
    step(app, frames)


def tab_to(app: App, widget: object) -> None:
    """Press Tab until ``widget`` has the focus (at most once round the form); a test asserts that it has."""
    form = app.manager.top.form
    for _ in range(len(form.focusable())):
        if form.focus is widget:
            return
        key(app, pygame.K_TAB)
