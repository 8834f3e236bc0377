"""Scenes and the small explicit stack that runs them.

A scene turns input into actions and draws; ``draw()`` changes nothing
(docs/ARCHITECTURE.md, "Scenes").  Only the top scene receives events and time;
overlays (pause, dialogs, results) are transparent, so the scenes below them
are drawn first and stay visible, frozen, under a scrim.  Frozen means their
picture cannot change, so an overlay may keep a copy of it and say it covers
the canvas: then nothing below it is drawn again until it is rebuilt.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.app import App


class Scene:
    """One screen.  Subclasses override the hooks they need."""

    #: False for overlays: the scene below is drawn first
    opaque: bool = True

    def __init__(self, app: "App") -> None:
        self.app = app

    # --- life cycle (called by the manager) ------------------------------------------
    def on_enter(self) -> None:
        """Pushed onto the stack (or replaced another scene)."""

    def on_exit(self) -> None:
        """Removed from the stack for good."""

    def on_pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def on_resume(self) -> None:
        """The scene on top was popped; this one is on top again."""

    def on_quit(self) -> None:
        """The app is closing (window closed): save what must not be lost."""

    # --- per frame ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Input, with mouse positions already in canvas coordinates."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the 1280x720 canvas; must not change any state."""

    def covers_canvas(self) -> bool:
        """True when ``draw()`` paints every pixel: nothing below is drawn and the canvas is not cleared."""
        return False


class SceneManager:
    """push / pop / replace / reset over a list; the last scene is on top."""

    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].on_pause()
        self.stack.append(scene)
        scene.on_enter()

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` and everything above it)."""
        if scene is not None and scene not in self.stack:
            return
        target = scene if scene is not None else self.top
        while self.stack:
            removed = self.stack.pop()
            removed.on_exit()
            if removed is target:
                break
        if self.stack:
            self.stack[-1].on_resume()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        if self.stack:
            self.stack.pop().on_exit()
        self.stack.append(scene)
        scene.on_enter()

    def reset(self, scene: Scene) -> None:
        """Clear the whole stack (top first) and start over with ``scene``."""
        while self.stack:
            self.stack.pop().on_exit()
        self.stack.append(scene)
        scene.on_enter()

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of a type (e.g. the running match below a pause)."""
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.stack:
            self.stack[-1].handle_event(event)

    def update(self, dt: float) -> None:
        if self.stack:
            self.stack[-1].update(dt)

    def _first_drawn(self) -> int:
        """Index of the highest scene that hides everything below it."""
        for index in range(len(self.stack) - 1, -1, -1):
            scene = self.stack[index]
            if scene.opaque or scene.covers_canvas():
                return index
        return 0

    def covers_canvas(self) -> bool:
        """True when the scenes drawn this frame paint every pixel (no need to clear the canvas)."""
        return bool(self.stack) and self.stack[self._first_drawn()].covers_canvas()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the highest scene that hides what is below it up to the top."""
        for scene in self.stack[self._first_drawn():]:
            scene.draw(surface)

    def quit(self) -> None:
        for scene in reversed(self.stack):
            scene.on_quit()
