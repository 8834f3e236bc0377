"""Letterboxing: the fixed 1280x720 canvas scaled into any window size.

Scenes only ever see canvas coordinates: mouse events are translated here
before they reach them, so a click lands on the same button whatever the
window size or fullscreen resolution.
"""
from __future__ import annotations

import pygame

from .theme import CANVAS_SIZE

MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)


def screen_size() -> tuple[int, int] | None:
    """The desktop's size, the largest window it holds; None without a real screen (the dummy
    driver of headless runs invents a desktop, which must not cap a window no one sees)."""
    if not pygame.display.get_init() or pygame.display.get_driver() == "dummy":
        return None
    desktops = pygame.display.get_desktop_sizes()
    return desktops[0] if desktops else None


class Viewport:
    """Where the canvas sits inside the window and how big it is drawn."""

    def __init__(self, window_size: tuple[int, int], canvas_size: tuple[int, int] = CANVAS_SIZE) -> None:
        self.canvas_size = canvas_size
        self.resize(window_size)

    def resize(self, window_size: tuple[int, int]) -> None:
        width, height = max(1, window_size[0]), max(1, window_size[1])
        self.window_size = (width, height)
        cw, ch = self.canvas_size
        self.scale = min(width / cw, height / ch)
        drawn = (max(1, round(cw * self.scale)), max(1, round(ch * self.scale)))
        self.rect = pygame.Rect(((width - drawn[0]) // 2, (height - drawn[1]) // 2), drawn)

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Window pixel -> canvas pixel (outside the canvas in the black bars)."""
        return (int((pos[0] - self.rect.x) / self.scale), int((pos[1] - self.rect.y) / self.scale))

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        return (round(pos[0] * self.scale + self.rect.x), round(pos[1] * self.scale + self.rect.y))

    def translate(self, event: pygame.event.Event, pointer: tuple[int, int]) -> pygame.event.Event:
        """A copy of a mouse event with ``pos`` (and ``rel``) in canvas coordinates.

        Wheel events carry no position in SDL; they get the last pointer position
        so that the scrollable panel under the mouse can take them.
        """
        if event.type not in MOUSE_EVENTS:
            return event
        data = dict(event.dict)
        if "pos" in data:
            data["pos"] = self.to_canvas(data["pos"])
        else:
            data["pos"] = pointer
        if "rel" in data:
            data["rel"] = (data["rel"][0] / self.scale, data["rel"][1] / self.scale)
        return pygame.event.Event(event.type, data)

    def present(self, canvas: pygame.Surface, window: pygame.Surface) -> None:
        """Draw the canvas into the window with black bars where the ratio differs."""
        if canvas is window:
            return
        if self.rect.size == canvas.get_size() and self.rect.topleft == (0, 0):
            window.blit(canvas, (0, 0))
            return
        window.fill((0, 0, 0))
        if self.scale == int(self.scale):
            scaled = pygame.transform.scale(canvas, self.rect.size)
        else:
            scaled = pygame.transform.smoothscale(canvas, self.rect.size)
        window.blit(scaled, self.rect)
