"""The card, chip and jersey sprites at the sizes and angles the table uses, cached.

Special cards lie crosswise on a pile (the rulebook's "placed crosswise"), so
every sprite is also kept turned a quarter; flying cards turn in between, and
those angles are rounded so the cache stays small.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .cards import Card, chips_for

if TYPE_CHECKING:
    from game.ui.assets import Assets

BACK = "card_back"
SHADOW = "card_shadow"
JERSEY_SPRITE = "yellow_jersey"
RED_CHIP = "chip_red"
BLUE_CHIP = "chip_blue"
#: a flying sprite's angle is rounded to this many degrees (keeps the rotation cache small)
ANGLE_STEP = 6


def sprite_name(card: Card | None) -> str:
    """The sprite for a card; None is a face-down card."""
    if card is None:
        return BACK
    if isinstance(card, int):
        return f"card_speed_{card}"
    return f"card_{card}"


class CardArt:
    """Scaled and turned sprites, made once per size and angle."""

    def __init__(self, assets: "Assets") -> None:
        self.assets = assets
        self._turned: dict[tuple[str, tuple[int, int], int], pygame.Surface] = {}

    def image(self, name: str, size: tuple[int, int], angle: float = 0.0) -> pygame.Surface:
        flat = self.assets.sprite(name, size)
        step = int(round(angle / ANGLE_STEP)) * ANGLE_STEP % 360
        if step == 0:
            return flat
        key = (name, size, step)
        turned = self._turned.get(key)
        if turned is None:
            if len(self._turned) > 600:
                self._turned.clear()
            turned = self._turned[key] = pygame.transform.rotate(flat, step)
        return turned

    def card(self, surface: pygame.Surface, card: Card | None, rect: pygame.Rect, *, shadow: bool = True,
             angle: float = 0.0) -> None:
        """A card (face or back) centred on ``rect``'s centre, with its drop shadow."""
        self.card_sprite(surface, sprite_name(card), rect, shadow=shadow, angle=angle)

    def card_sprite(self, surface: pygame.Surface, name: str, rect: pygame.Rect, *, shadow: bool = True,
                    angle: float = 0.0) -> None:
        if shadow:
            shade = self.image(SHADOW, (rect.width + rect.width // 8, rect.height + rect.height // 12), angle)
            surface.blit(shade, shade.get_rect(center=(rect.centerx + 2, rect.centery + 4)))
        face = self.image(name, rect.size, angle)
        surface.blit(face, face.get_rect(center=rect.center))

    def crosswise(self, surface: pygame.Surface, card: Card, centre: tuple[int, int], size: tuple[int, int]) -> None:
        """A special card turned across a pile."""
        self.card(surface, card, pygame.Rect((0, 0), size).move(centre[0] - size[0] // 2, centre[1] - size[1] // 2),
                  angle=90)

    def chips(self, surface: pygame.Surface, minutes: int, origin: tuple[int, int], size: int,
              width: int) -> pygame.Rect:
        """Penalty minutes as chips: red fives then blue ones, overlapping in a row that fits ``width``."""
        chips = chips_for(minutes)
        names = [RED_CHIP] * chips["red"] + [BLUE_CHIP] * chips["blue"]
        if not names:
            return pygame.Rect(origin, (0, 0))
        step = min(size * 2 // 3, (width - size) // max(1, len(names) - 1)) if len(names) > 1 else size
        x, y = origin
        for index, name in enumerate(names):
            surface.blit(self.image(name, (size, size)), (x + index * step, y))
        return pygame.Rect(x, y, step * (len(names) - 1) + size, size)
