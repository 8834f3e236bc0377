"""Button icons and the colour-blind pattern overlays.

Both are white shapes with a dark rim, so they read on any button or team
colour (including the white team).  Each glyph is drawn twice: once grown by the
rim width in the dark tone, then at size in white.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

from .draw import Canvas, Colour, arc_points, star

WHITE = (255, 255, 255)
RIM = (26, 28, 38)

Glyph = Callable[[Canvas, Colour, float], None]


def shape(canvas: Canvas, pts: list[tuple[float, float]], colour: Colour, grow: float) -> None:
    canvas.polygon(pts, colour)
    if grow:
        canvas.stroke(pts, colour, 2 * grow, closed=True)


def line(canvas: Canvas, pts: list[tuple[float, float]], colour: Colour, grow: float, width: float) -> None:
    canvas.stroke(pts, colour, width + 2 * grow)


def disc(canvas: Canvas, centre: tuple[float, float], r: float, colour: Colour, grow: float) -> None:
    canvas.circle(centre, r + grow, colour)


def render(size: int, glyph: Glyph, rim: float = 1.4, shadow: bool = True) -> pygame.Surface:
    canvas = Canvas(size, size, RIM)
    glyph(canvas, RIM, rim)
    glyph(canvas, WHITE, 0.0)
    return canvas.finish(shadow=(0.8, 1.2, 1.0, 110) if shadow else None)


# -- button icons (32 x 32) ------------------------------------------------


def play(c: Canvas, col: Colour, g: float) -> None:
    shape(c, [(10.0, 6.0), (25.0, 15.5), (10.0, 25.0)], col, g + 0.8)


def rules(c: Canvas, col: Colour, g: float) -> None:
    """An open book."""
    shape(c, [(4.0, 8.0), (10.0, 6.5), (15.0, 8.5), (15.0, 25.0), (10.0, 23.0), (4.0, 24.5)], col, g + 0.4)
    shape(c, [(17.0, 8.5), (22.0, 6.5), (28.0, 8.0), (28.0, 24.5), (22.0, 23.0), (17.0, 25.0)], col, g + 0.4)
    if col == WHITE:
        for y in (12.0, 15.5, 19.0):
            c.stroke([(7.0, y - 0.6), (12.5, y + 0.2)], RIM, 0.9)
            c.stroke([(19.5, y + 0.2), (25.0, y - 0.6)], RIM, 0.9)


def settings(c: Canvas, col: Colour, g: float) -> None:
    """A gear with eight teeth."""
    centre = (16.0, 16.0)
    for k in range(8):
        a = math.radians(k * 45)
        ux, uy = math.cos(a), math.sin(a)
        px, py = -uy, ux
        tooth = [(16 + ux * 8 + px * 2.6, 16 + uy * 8 + py * 2.6), (16 + ux * 13 + px * 2.0, 16 + uy * 13 + py * 2.0),
                 (16 + ux * 13 - px * 2.0, 16 + uy * 13 - py * 2.0), (16 + ux * 8 - px * 2.6, 16 + uy * 8 - py * 2.6)]
        shape(c, tooth, col, g)
    disc(c, centre, 9.6, col, g)
    if col == WHITE:
        c.circle(centre, 4.0, RIM)


def continue_(c: Canvas, col: Colour, g: float) -> None:
    """A bold arrow to the right."""
    shape(c, [(4.0, 12.5), (16.0, 12.5), (16.0, 6.0), (28.0, 16.0), (16.0, 26.0), (16.0, 19.5), (4.0, 19.5)], col, g)


def back(c: Canvas, col: Colour, g: float) -> None:
    shape(c, [(28.0, 12.5), (16.0, 12.5), (16.0, 6.0), (4.0, 16.0), (16.0, 26.0), (16.0, 19.5), (28.0, 19.5)], col, g)


def undo(c: Canvas, col: Colour, g: float) -> None:
    """A counter-clockwise curved arrow."""
    line(c, arc_points((17.0, 17.0), 9.0, 9.0, 258, 480, 24), col, g, 3.6)
    shape(c, [(6.0, 11.2), (15.8, 13.8), (12.2, 3.4)], col, g)


def quit_(c: Canvas, col: Colour, g: float) -> None:
    """The power symbol."""
    line(c, arc_points((16.0, 17.0), 10.0, 10.0, -55, 235, 30), col, g, 3.4)
    line(c, [(16.0, 4.5), (16.0, 16.0)], col, g, 3.4)


def speaker(c: Canvas, col: Colour, g: float) -> None:
    shape(c, [(4.0, 12.0), (9.0, 12.0), (15.0, 6.0), (15.0, 26.0), (9.0, 20.0), (4.0, 20.0)], col, g)


def sound_on(c: Canvas, col: Colour, g: float) -> None:
    speaker(c, col, g)
    line(c, arc_points((15.0, 16.0), 5.5, 5.5, -45, 45, 10), col, g, 2.4)
    line(c, arc_points((15.0, 16.0), 10.5, 10.5, -50, 50, 14), col, g, 2.4)


def sound_off(c: Canvas, col: Colour, g: float) -> None:
    speaker(c, col, g)
    line(c, [(19.5, 11.5), (27.5, 20.5)], col, g, 2.8)
    line(c, [(27.5, 11.5), (19.5, 20.5)], col, g, 2.8)


def next_(c: Canvas, col: Colour, g: float) -> None:
    shape(c, [(7.0, 7.0), (20.0, 16.0), (7.0, 25.0)], col, g + 0.6)
    shape(c, [(21.5, 7.0), (25.5, 7.0), (25.5, 25.0), (21.5, 25.0)], col, g + 0.3)


def prev(c: Canvas, col: Colour, g: float) -> None:
    shape(c, [(25.0, 7.0), (12.0, 16.0), (25.0, 25.0)], col, g + 0.6)
    shape(c, [(6.5, 7.0), (10.5, 7.0), (10.5, 25.0), (6.5, 25.0)], col, g + 0.3)


def play_pause(c: Canvas, col: Colour, g: float) -> None:
    shape(c, [(4.0, 7.0), (16.0, 16.0), (4.0, 25.0)], col, g + 0.5)
    shape(c, [(19.0, 7.0), (22.5, 7.0), (22.5, 25.0), (19.0, 25.0)], col, g + 0.3)
    shape(c, [(25.5, 7.0), (29.0, 7.0), (29.0, 25.0), (25.5, 25.0)], col, g + 0.3)


BUTTON_ICONS: dict[str, Glyph] = {
    "play": play, "rules": rules, "settings": settings, "continue": continue_, "undo": undo, "quit": quit_,
    "back": back, "sound_on": sound_on, "sound_off": sound_off, "next": next_, "prev": prev,
    "play_pause": play_pause,
}


# -- colour-blind patterns (24 x 24) --------------------------------------------


def p_stripe(c: Canvas, col: Colour, g: float) -> None:
    for k in (-8.0, 0.0, 8.0):
        line(c, [(4.0 + k, 20.0), (20.0 + k, 4.0)], col, g, 3.0)


def p_dot(c: Canvas, col: Colour, g: float) -> None:
    disc(c, (12.0, 12.0), 5.0, col, g)


def p_chevron(c: Canvas, col: Colour, g: float) -> None:
    for dy in (-3.5, 4.0):
        line(c, [(5.0, 14.0 + dy), (12.0, 7.0 + dy), (19.0, 14.0 + dy)], col, g, 3.0)


def p_ring(c: Canvas, col: Colour, g: float) -> None:
    line(c, arc_points((12.0, 12.0), 6.5, 6.5, 0, 360, 32), col, g, 3.0)


def p_cross(c: Canvas, col: Colour, g: float) -> None:
    line(c, [(12.0, 4.5), (12.0, 19.5)], col, g, 3.6)
    line(c, [(4.5, 12.0), (19.5, 12.0)], col, g, 3.6)


def p_diamond(c: Canvas, col: Colour, g: float) -> None:
    shape(c, [(12.0, 4.0), (19.0, 12.0), (12.0, 20.0), (5.0, 12.0)], col, g)


def p_wave(c: Canvas, col: Colour, g: float) -> None:
    for y in (8.0, 16.0):
        pts = [(3.0 + i * 0.9, y + 2.6 * math.sin(i * 0.9 / 18.0 * 2 * math.pi)) for i in range(21)]
        line(c, pts, col, g, 2.6)


def p_check(c: Canvas, col: Colour, g: float) -> None:
    for row in range(3):
        for column in range(3):
            if (row + column) % 2 == 0:
                x, y = 3.5 + column * 6.0, 3.5 + row * 6.0
                shape(c, [(x, y), (x + 5.0, y), (x + 5.0, y + 5.0), (x, y + 5.0)], col, g)


def p_star(c: Canvas, col: Colour, g: float) -> None:
    shape(c, star((12.0, 12.6), 8.6, 3.8, 5), col, g)


PATTERNS: dict[str, Glyph] = {
    "stripe": p_stripe, "dot": p_dot, "chevron": p_chevron, "ring": p_ring, "cross": p_cross,
    "diamond": p_diamond, "wave": p_wave, "check": p_check, "star": p_star,
}


def sprites() -> dict[str, pygame.Surface]:
    out = {f"button_icon_{name}": render(32, glyph) for name, glyph in BUTTON_ICONS.items()}
    out.update({f"pattern_{name}": render(24, glyph, rim=1.1, shadow=False) for name, glyph in PATTERNS.items()})
    return out
