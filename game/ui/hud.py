"""The parts of the in-game screen that every game shares: header bar and toasts.

The header answers the two questions a player at the table always has: whose
turn is it, and what may they do.  Toasts explain a refused move for a few
seconds without hiding the table or losing anything.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import draw
from .theme import BODY_PX, PALETTE, SMALL_PX, Theme, hex_colour
from .widgets import CLEAR_KEY

HEADER_HEIGHT = 68
TOAST_SECONDS = 4.0
TOAST_FADE = 0.4


@dataclass
class Toast:
    text: str
    kind: str = "error"       # "error" (refused move), "info" (saved, undone)
    left: float = TOAST_SECONDS


class Toasts:
    """A short queue of messages; newest at the bottom, each fading out on its own."""

    def __init__(self, limit: int = 3) -> None:
        self.items: list[Toast] = []
        self.limit = limit

    def show(self, text: str, kind: str = "error") -> None:
        self.items = [t for t in self.items if t.text != text]
        self.items.append(Toast(text, kind))
        del self.items[:-self.limit]

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.left -= dt
        self.items = [t for t in self.items if t.left > 0]

    def texts(self) -> list[str]:
        return [t.text for t in self.items]

    def draw(self, surface: pygame.Surface, theme: Theme, area: pygame.Rect) -> None:
        """Newest first, dropping down from the top of ``area`` (just under the header's prompt)."""
        y = area.y + 6
        for toast in reversed(self.items):
            lines = draw.wrap(theme, toast.text, min(640, area.width - 80), BODY_PX)
            line_height = theme.font(BODY_PX).get_linesize()
            width = max(theme.font(BODY_PX).size(line)[0] for line in lines) + 72
            rect = pygame.Rect(0, 0, width, line_height * len(lines) + 24)
            slide = min(1.0, (TOAST_SECONDS - toast.left) / 0.15)
            rect.midtop = (area.centerx, y - round((1 - slide) * 12))
            alpha = int(255 * min(1.0, toast.left / TOAST_FADE))
            layer = theme.image(("toast", toast.text, toast.kind, rect.size),
                                lambda: _toast_layer(theme, toast.kind, lines, rect.size))
            layer.set_alpha(alpha)
            draw.shadow(surface, rect.inflate(-4, -6).move(0, -2), 10, 4, alpha // 3)
            surface.blit(layer, rect)
            y = rect.bottom + 8


def _toast_layer(theme: Theme, kind: str, lines: list[str], size: tuple[int, int]) -> pygame.Surface:
    """One toast's card, drawn once and then faded as a whole."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    local = layer.get_rect()
    line_height = theme.font(BODY_PX).get_linesize()
    edge = PALETTE.danger if kind == "error" else PALETTE.good
    draw.cardboard(layer, local.inflate(-4, -6).move(0, -2), fill=PALETTE.card_light, edge=edge,
                   lifted=False, inner_line=False)
    pygame.draw.rect(layer, edge, (local.x + 2, local.y + 1, 10, local.height - 8),
                     border_top_left_radius=10, border_bottom_left_radius=10)
    _mark(layer, (local.x + 34, local.centery - 2), kind, edge)
    ty = local.y + 10
    for line in lines:
        draw.text(layer, theme, line, (local.x + 54, ty), colour=PALETTE.ink)
        ty += line_height
    return layer


def _mark(surface: pygame.Surface, centre: tuple[int, int], kind: str, colour: tuple[int, ...]) -> None:
    """'!' in a circle for a refusal, a tick for good news (drawn: the font lacks the glyphs)."""
    x, y = centre
    pygame.draw.circle(surface, colour, centre, 12)
    if kind == "error":
        pygame.draw.line(surface, PALETTE.card_light, (x, y - 6), (x, y + 2), 3)
        pygame.draw.circle(surface, PALETTE.card_light, (x, y + 6), 2)
    else:
        pygame.draw.lines(surface, PALETTE.card_light, False, [(x - 6, y), (x - 2, y + 5), (x + 6, y - 5)], 3)


def header(surface: pygame.Surface, theme: Theme, *, title: str, name: str | None, colour_hex: str | None,
           prompt: str, marked: bool, thinking: float | None, hint: str = "Esc: menu") -> None:
    """The top bar: game title | colour chip + whose turn | what to do | key hint.

    ``thinking`` is the bot's thinking time (animates the dots), None for humans.
    The bar is painted once per text shown and re-blitted; its shade falls on the table.
    """
    width = surface.get_width()
    if thinking is not None and name is not None:
        line, colour = f"is thinking{'.' * (1 + int(thinking * 3) % 3)}", PALETTE.accent
    else:
        line, colour = prompt, PALETTE.on_felt
    key = ("header", width, title, name, colour_hex, line, colour, marked, hint)
    bar = theme.image(key, lambda: _header_bar(surface, theme, title, name, colour_hex, line, colour, marked, hint))
    surface.blit(bar, (0, 0))
    shade = theme.image(("header shade", width), lambda: _header_shade(width))
    surface.blit(shade, (0, HEADER_HEIGHT))


def _header_shade(width: int) -> pygame.Surface:
    shade = pygame.Surface((width, 8), pygame.SRCALPHA)
    for i in range(8):
        shade.fill((0, 0, 0, 70 - i * 9), (0, i, width, 1))
    return shade


def _header_bar(like: pygame.Surface, theme: Theme, title: str, name: str | None, colour_hex: str | None, line: str,
                colour: tuple[int, int, int], marked: bool, hint: str) -> pygame.Surface:
    """The bar's picture (``line`` in ``colour`` after the name); what it leaves untouched stays see-through."""
    width = like.get_width()
    surface = pygame.Surface((width, HEADER_HEIGHT + 2), 0, like)
    surface.fill(CLEAR_KEY)
    bar = pygame.Rect(0, 0, width, HEADER_HEIGHT)
    pygame.draw.rect(surface, PALETTE.wood_dark, bar)
    pygame.draw.rect(surface, PALETTE.wood, bar.inflate(0, -8).move(0, -2))
    pygame.draw.line(surface, (0, 0, 0), (0, bar.bottom - 1), (width, bar.bottom - 1), 2)
    surface.set_colorkey(CLEAR_KEY)
    title_rect = draw.text(surface, theme, title, (20, bar.centery), size=SMALL_PX, colour=PALETTE.on_felt_soft,
                           align="midleft")
    hint_rect = draw.key_hint(surface, theme, hint, (width - 20, bar.centery), align="midright")
    x = title_rect.right + 26
    pygame.draw.line(surface, PALETTE.wood_dark, (x - 13, 14), (x - 13, bar.bottom - 14), 2)
    if name is None:
        draw.text(surface, theme, line, (x, bar.centery), size=24, colour=PALETTE.on_felt, align="midleft")
        return surface
    chip = pygame.Rect(x, bar.centery - 16, 32, 32)
    if colour_hex:
        draw.team_marker(surface, chip, colour_hex, marked=marked)
        pygame.draw.rect(surface, hex_colour(colour_hex), chip.inflate(8, 8), 2, border_radius=9)
    x = chip.right + 14
    name_rect = draw.text(surface, theme, name, (x, bar.centery), size=26, colour=PALETTE.card_light,
                          align="midleft")
    x = name_rect.right + 18
    room = hint_rect.x - 24 - x
    draw.text(surface, theme, draw.fit(theme, line, room, 22), (x, bar.centery + 1), size=22, colour=colour,
              align="midleft")
    return surface
