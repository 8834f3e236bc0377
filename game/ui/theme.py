"""The one look of the box: palette (docs/ART.md), fonts, and the cached table texture.

Every scene draws with these colours and fonts so the five games feel like one
box.  Fonts are created on first use (start-up stays fast) and scaled by the
player's UI scale setting; text is never smaller than 18 px on the canvas.
"""
from __future__ import annotations

import os
import random
from typing import Callable, Hashable, TypeVar

import pygame

from game.core.spec import TEAM_COLOURS

CANVAS_SIZE = (1280, 720)
#: the smallest font: numbers on pieces (docs/ART.md); running text uses SMALL_PX or more
MIN_FONT_PX = 14

#: sizes in canvas pixels before the UI scale is applied
TITLE_PX = 52
HEADING_PX = 30
SUBHEADING_PX = 24
BODY_PX = 20
SMALL_PX = 18

#: cached entries kept before a cache starts over (a long game keeps adding log lines)
CACHE_LIMIT = 2000
#: bytes of cached images, and of rendered text, kept before that cache starts over (a header bar is ~360 kB)
IMAGE_CACHE_BYTES = 12 * 1024 * 1024
TEXT_CACHE_BYTES = 8 * 1024 * 1024

T = TypeVar("T")


class Palette:
    """Named colours: a dark felt table, printed cardboard, ink, and accents.

    Plain read-only class attributes: a dataclass would cost milliseconds at every start.
    """

    __slots__ = ()

    felt: tuple[int, int, int] = (24, 58, 46)
    felt_dark: tuple[int, int, int] = (14, 36, 29)
    felt_light: tuple[int, int, int] = (33, 74, 59)
    wood: tuple[int, int, int] = (74, 48, 30)
    wood_dark: tuple[int, int, int] = (48, 30, 18)
    card: tuple[int, int, int] = (236, 225, 200)
    card_light: tuple[int, int, int] = (248, 241, 224)
    card_dark: tuple[int, int, int] = (204, 188, 156)
    card_edge: tuple[int, int, int] = (134, 112, 80)
    ink: tuple[int, int, int] = (44, 34, 24)
    ink_soft: tuple[int, int, int] = (98, 84, 66)
    ink_faint: tuple[int, int, int] = (150, 136, 114)
    on_felt: tuple[int, int, int] = (236, 230, 214)
    on_felt_soft: tuple[int, int, int] = (170, 192, 178)
    accent: tuple[int, int, int] = (230, 159, 0)        # Okabe-Ito orange
    accent_dark: tuple[int, int, int] = (170, 110, 0)
    focus: tuple[int, int, int] = (86, 180, 233)        # Okabe-Ito sky blue
    danger: tuple[int, int, int] = (213, 94, 0)         # Okabe-Ito vermillion
    good: tuple[int, int, int] = (0, 158, 115)          # Okabe-Ito bluish green
    shadow: tuple[int, int, int, int] = (0, 0, 0, 90)
    scrim: tuple[int, int, int, int] = (6, 16, 12, 170)


PALETTE = Palette()

#: team colour hex -> pattern drawn on it in colour-blind mode (docs/ART.md)
TEAM_PATTERNS: tuple[str, ...] = ("stripe", "dot", "chevron", "ring", "cross", "bar", "diamond", "check", "plain")


def hex_colour(value: str) -> pygame.Color:
    """'#E69F00' -> Color; unknown text gives a neutral grey rather than a crash."""
    try:
        return pygame.Color(value)
    except ValueError:
        return pygame.Color(128, 128, 128)


def team_pattern(colour_hex: str) -> str:
    """The pattern that always goes with this team colour (stable across games)."""
    for index, (_, value) in enumerate(TEAM_COLOURS):
        if value.lower() == colour_hex.lower():
            return TEAM_PATTERNS[index]
    return TEAM_PATTERNS[sum(ord(c) for c in colour_hex) % (len(TEAM_PATTERNS) - 1)]


def readable_on(colour: pygame.Color | tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark ink on light colours, light ink on dark ones."""
    c = pygame.Color(colour)
    luminance = 0.299 * c.r + 0.587 * c.g + 0.114 * c.b
    return PALETTE.ink if luminance > 140 else PALETTE.card_light


def darker(colour: pygame.Color | tuple[int, ...], amount: float = 0.35) -> tuple[int, int, int]:
    c = pygame.Color(colour)
    return (int(c.r * (1 - amount)), int(c.g * (1 - amount)), int(c.b * (1 - amount)))


def lighter(colour: pygame.Color | tuple[int, ...], amount: float = 0.35) -> tuple[int, int, int]:
    c = pygame.Color(colour)
    return (int(c.r + (255 - c.r) * amount), int(c.g + (255 - c.g) * amount), int(c.b + (255 - c.b) * amount))


def _bundled_font_path() -> str | None:
    path = os.path.join(os.path.dirname(pygame.__file__), "freesansbold.ttf")
    return path if os.path.isfile(path) else None


class Theme:
    """Palette plus fonts at the current UI scale, and the caches that keep frames cheap.

    Everything cached here depends only on its key and the UI scale, so a change
    of scale clears it all: rendered text, text measurements (wrapped lines,
    shortened labels) and widget images.
    """

    def __init__(self, ui_scale: float = 1.0) -> None:
        self.palette = PALETTE
        self.ui_scale = ui_scale
        #: bumped whenever sizes change, so scenes know to lay themselves out again
        self.version = 0
        self._fonts: dict[int, pygame.font.Font] = {}
        self._text_cache: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}
        self._text_bytes = 0
        self._layouts: dict[Hashable, object] = {}
        self._images: dict[Hashable, pygame.Surface] = {}
        self._image_bytes = 0
        self._font_path = _bundled_font_path()
        self._table: pygame.Surface | None = None

    def words_changed(self) -> None:
        """Another language: every screen lays itself out again (the words differ in length)."""
        self._layouts.clear()
        self._images.clear()
        self._image_bytes = 0
        self.version += 1

    def set_ui_scale(self, scale: float) -> None:
        if scale != self.ui_scale:
            self.ui_scale = scale
            self._fonts.clear()
            self._text_cache.clear()
            self._text_bytes = 0
            self._layouts.clear()
            self._images.clear()
            self._image_bytes = 0
            self.version += 1

    def px(self, size: int) -> int:
        """A canvas size at the player's UI scale."""
        return max(1, round(size * self.ui_scale))

    def font(self, size: int = BODY_PX) -> pygame.font.Font:
        """The box font at ``size`` canvas pixels before UI scale (14 px at least)."""
        pixels = self.px(max(size, MIN_FONT_PX))
        font = self._fonts.get(pixels)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = (pygame.font.Font(self._font_path, pixels) if self._font_path
                    else pygame.font.Font(None, round(pixels * 1.5)))
            self._fonts[pixels] = font
        return font

    def text(self, text: str, size: int = BODY_PX, colour: tuple[int, ...] | pygame.Color = PALETTE.ink) -> pygame.Surface:
        """Rendered text, cached (labels are drawn every frame)."""
        key = (text, size, colour if type(colour) is tuple else tuple(pygame.Color(colour)))
        surface = self._text_cache.get(key)
        if surface is None:
            surface = self.font(size).render(text, True, colour)
            size_in_bytes = surface.get_width() * surface.get_height() * surface.get_bytesize()
            if len(self._text_cache) >= 800 or self._text_bytes + size_in_bytes > TEXT_CACHE_BYTES:
                self._text_cache.clear()
                self._text_bytes = 0
            self._text_cache[key] = surface
            self._text_bytes += size_in_bytes
        return surface

    def layout(self, key: Hashable, measure: Callable[[], T]) -> T:
        """A text measurement (wrapped lines, a shortened label), computed once per key and UI scale."""
        try:
            return self._layouts[key]  # type: ignore[return-value]
        except KeyError:
            if len(self._layouts) > CACHE_LIMIT:
                self._layouts.clear()
            value = self._layouts[key] = measure()
            return value

    def image(self, key: Hashable, paint: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A drawn image (a widget in one of its looks), painted once per key and UI scale."""
        surface = self._images.get(key)
        if surface is None:
            surface = paint()
            size = surface.get_width() * surface.get_height() * surface.get_bytesize()
            if self._image_bytes + size > IMAGE_CACHE_BYTES:
                self._images.clear()
                self._image_bytes = 0
            self._images[key] = surface
            self._image_bytes += size
        return surface

    def table_texture(self, size: tuple[int, int] = CANVAS_SIZE) -> pygame.Surface:
        """The felt table with a wooden rim and a soft vignette, generated once."""
        if self._table is None or self._table.get_size() != size:
            self._table = _make_table(size, self.palette)
        return self._table


def _make_table(size: tuple[int, int], palette: Palette) -> pygame.Surface:
    """Felt: darker towards the rim, a fine deterministic fleck, a wooden edge (a few ms)."""
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(palette.felt)
    band = 10
    for i in range(24):
        darkness = 0.45 * (1 - i / 24) ** 2.2
        pygame.draw.rect(surface, darker(palette.felt, darkness),
                         (i * band, i * band, width - 2 * i * band, height - 2 * i * band), band)
    noise = pygame.image.frombuffer(random.Random(1978).randbytes(128 * 128), (128, 128), "P")
    noise.set_palette([lerp_colour(palette.felt_dark, palette.felt_light, i / 255) for i in range(256)])
    if pygame.display.get_surface() is not None:
        noise = noise.convert()
    noise.set_alpha(40)
    for x in range(0, width, 128):
        for y in range(0, height, 128):
            surface.blit(noise, (x, y))
    pygame.draw.rect(surface, palette.wood_dark, surface.get_rect(), 6)
    pygame.draw.rect(surface, palette.wood, surface.get_rect().inflate(-6, -6), 3)
    return surface


def lerp_colour(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
