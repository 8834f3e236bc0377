"""Breakout's pieces as images: knots (with the colour-blind pattern), glows, arrows, shadows.

Every variant is made once and cached, so the scene only blits each frame.
"""
from __future__ import annotations

import pygame

from game.ui import draw
from game.ui.assets import Assets
from game.ui.theme import PALETTE, Theme, hex_colour, lighter

from .scene_layout import ARROW_SIZE

#: glows multiply the pale highlight sprite towards the linking colour
GLOW_TINT = {"yellow": (255, 240, 150), "blue": (150, 205, 255)}
#: greyed arrows: the no-reversal arrow and every arrow when out of pieces
GREY_TINT = (150, 146, 140)
IDLE_ALPHA = 120
GREY_ALPHA = 170
GHOST_LIFT = 1.12
#: the slot number printed on each arrow's head
ARROW_NUMBER_PX = 16


class KnotArt:
    """Cached images of the Breakout pieces, built from the sprite sheet."""

    def __init__(self, assets: Assets, theme: Theme) -> None:
        self.assets = assets
        self.theme = theme
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def knot(self, word: str, colour_hex: str, size: int, marked: bool, alpha: int = 255) -> pygame.Surface:
        """A knot of ``word`` ('yellow' or 'blue'); ``marked`` adds the team's pattern on a disc."""
        key = ("knot", word, colour_hex, size, marked, alpha)
        image = self._cache.get(key)
        if image is None:
            image = self.assets.sprite(f"knot_{word}", (size, size)).copy()
            if marked:
                self._mark(image, colour_hex)
            if alpha < 255:
                image.set_alpha(alpha)
            self._cache[key] = image
        return image

    def _mark(self, image: pygame.Surface, colour_hex: str) -> None:
        """The colour-blind pattern on a small disc in the middle of the knot."""
        size = image.get_width()
        radius = max(6, size * 11 // 50)
        centre = (size // 2, size // 2)
        colour = hex_colour(colour_hex)
        pygame.draw.circle(image, lighter(colour, 0.15), centre, radius)
        pygame.draw.circle(image, (40, 30, 20), centre, radius, 1)
        box = pygame.Rect(0, 0, radius * 2, radius * 2)
        box.center = centre
        draw.team_pattern_mark(image, box, colour_hex)

    def glow(self, word: str, size: int) -> pygame.Surface:
        key = ("glow", word, size)
        image = self._cache.get(key)
        if image is None:
            image = self.assets.sprite("knot_highlight", (size, size), tint=GLOW_TINT.get(word))
            self._cache[key] = image
        return image

    def arrow(self, side: str, state: str, lifted: bool, slot: int) -> pygame.Surface:
        """The insertion arrow at ``side`` (it points into the wall) in its state, ``slot`` on its head."""
        key = ("arrow", side, state, lifted, slot)
        image = self._cache.get(key)
        if image is None:
            name = "arrow_right" if side == "left" else "arrow_left"
            size = ARROW_SIZE
            if lifted:
                size = (round(size[0] * GHOST_LIFT), round(size[1] * GHOST_LIFT))
            tint = GREY_TINT if state in ("blocked", "empty") else None
            image = self.assets.sprite(name, size, tint=tint).copy()
            ink = PALETTE.ink if state in ("ready", "idle") else PALETTE.ink_soft
            number = self.theme.text(str(slot), ARROW_NUMBER_PX, ink)
            head_x = image.get_width() // 2 + (4 if side == "left" else -4)
            image.blit(number, number.get_rect(center=(head_x, image.get_height() // 2 + 1)))
            if state == "idle":
                image.set_alpha(IDLE_ALPHA)
            elif state in ("blocked", "empty"):
                image.set_alpha(GREY_ALPHA)
            self._cache[key] = image
        return image

    def empty_cell(self, size: int) -> pygame.Surface:
        """The ring left in a supply where a piece is out on the wall."""
        key = ("empty", size)
        image = self._cache.get(key)
        if image is None:
            image = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.ellipse(image, PALETTE.card_dark, image.get_rect().inflate(-6, -6), 2)
            self._cache[key] = image
        return image

    def ground_shadow(self, width: int) -> pygame.Surface:
        key = ("shadow", width)
        image = self._cache.get(key)
        if image is None:
            image = pygame.Surface((width, 10), pygame.SRCALPHA)
            pygame.draw.ellipse(image, (0, 0, 0, 80), image.get_rect())
            self._cache[key] = image
        return image
