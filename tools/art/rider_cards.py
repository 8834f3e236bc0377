"""Breakaway Rider: speed cards 39-50, the three special cards, the card back,
the yellow jersey and the penalty chips."""
from __future__ import annotations

from typing import Callable

import pygame

from . import icons
from .draw import Canvas, Colour, Pen, arc_points, darker, lighter, mix, soften

CARD_W, CARD_H = 100, 140
PAPER = (252, 249, 240)
PAPER_EDGE = (84, 84, 96)
INK = (28, 32, 48)

#: Slow cards are cool, fast cards are hot.
SPEED_RAMP: list[Colour] = [(44, 84, 170), (30, 140, 196), (26, 158, 140), (96, 170, 60),
                            (234, 184, 24), (236, 124, 28), (206, 44, 44)]


def speed_colour(value: int) -> Colour:
    t = (value - 39) / 11 * (len(SPEED_RAMP) - 1)
    i = min(int(t), len(SPEED_RAMP) - 2)
    return mix(SPEED_RAMP[i], SPEED_RAMP[i + 1], t - i)


def card_blank(band: Colour) -> Canvas:
    """White card with a coloured frame: a tall top band and a thin bottom band."""
    canvas = Canvas(CARD_W, CARD_H, PAPER_EDGE)
    canvas.rrect((1.0, 1.0, CARD_W - 2.0, CARD_H - 2.0), 7.0, PAPER, PAPER_EDGE, 1.0)
    canvas.rrect((5.0, 5.0, CARD_W - 10.0, CARD_H - 10.0), 4.5, band)
    canvas.rrect((9.0, 32.0, CARD_W - 18.0, CARD_H - 56.0), 3.5, PAPER)
    return canvas


def corner_indices(canvas: Canvas, draw_index: Callable[[Canvas], None]) -> None:
    """Draw an index top-left, and the same turned half a turn bottom-right."""
    layer = canvas.blank()
    draw_index(layer)
    canvas.surf.blit(layer.surf, (0, 0))
    canvas.surf.blit(pygame.transform.rotate(layer.surf, 180), (0, 0))


def speed_lines(canvas: Canvas, y0: float, y1: float, colour: Colour) -> None:
    for k, (x, length) in enumerate(((44.0, 22.0), (52.0, 30.0), (40.0, 18.0))):
        y = y0 + (y1 - y0) * (k + 1) / 4
        canvas.stroke([(x, y), (x + length, y)], colour, 1.4)


def speed_card(value: int) -> Canvas:
    band = speed_colour(value)
    canvas = card_blank(band)
    speed_lines(canvas, 6.0, 31.0, lighter(band, 0.35))
    icons.cyclist_side(Pen(canvas, (80.0, 19.0), 0.58), (255, 255, 255), 2.2)

    def index(layer: Canvas) -> None:
        layer.text(str(value), (20.5, 18.0), 14.0, (255, 255, 255), outline=darker(band, 0.45), outline_width=1.4,
                   weight=0.2, spacing=0.06)
    corner_indices(canvas, index)
    canvas.text(str(value), (51.0, 66.0), 40.0, INK, outline=band, outline_width=2.2, weight=0.19, spacing=0.05,
                shadow=mix(PAPER, band, 0.35), shadow_offset=(1.6, 2.2))
    canvas.text("KM/H", (50.0, 96.0), 9.0, darker(band, 0.3), weight=0.2, spacing=0.2)
    return canvas


def climb_card() -> Canvas:
    band = (120, 88, 60)
    canvas = card_blank(band)
    band_shape = canvas.blank()
    band_shape.rrect((5.0, 5.0, CARD_W - 10.0, CARD_H - 10.0), 4.5, (255, 255, 255))

    def peaks(layer: Canvas) -> None:
        for x, h, colour in ((30.0, 16.0, (150, 116, 84)), (58.0, 21.0, (168, 132, 98))):
            layer.polygon([(x - 24.0, 32.0), (x, 32.0 - h), (x + 24.0, 32.0)], colour)
            layer.polygon([(x - 5.0, 37.0 - h), (x, 32.0 - h), (x + 5.0, 37.0 - h), (x, 35.0 - h)], (250, 246, 236))
    canvas.layer(peaks, clip=band_shape)
    canvas.rrect((9.0, 32.0, CARD_W - 18.0, CARD_H - 56.0), 3.5, PAPER)
    icons.no_passing_sign(Pen(canvas, (50.0, 71.0), 1.0), 28.0)

    def index(layer: Canvas) -> None:
        icons.no_passing_sign(Pen(layer, (19.0, 18.0), 1.0), 9.0)
    corner_indices(canvas, index)
    return canvas


def headwind_card() -> Canvas:
    band = (108, 130, 156)
    canvas = card_blank(band)
    icons.wind(Pen(canvas, (62.0, 18.0), 0.9), (236, 242, 250), 1.8)
    red, dark = (214, 38, 38), (120, 16, 16)
    tri = [(50.0, 40.0), (82.0, 98.0), (18.0, 98.0)]
    canvas.stroke(tri, dark, 10.0, closed=True)
    canvas.polygon(tri, red)
    canvas.stroke(tri, red, 8.0, closed=True)
    inner = [(50.0, 55.0), (71.0, 92.0), (29.0, 92.0)]
    canvas.polygon(inner, (255, 255, 255))
    canvas.text("-2", (50.0, 80.0), 17.0, INK, weight=0.22, spacing=0.04)

    def index(layer: Canvas) -> None:
        layer.text("-2", (19.5, 18.0), 13.0, (255, 255, 255), outline=dark, outline_width=1.4, weight=0.21,
                   spacing=0.04)
    corner_indices(canvas, index)
    return canvas


SPRINT_BLUE = (22, 96, 196)


def sprint_card() -> Canvas:
    canvas = card_blank(SPRINT_BLUE)
    speed_lines(canvas, 6.0, 31.0, lighter(SPRINT_BLUE, 0.3))
    icons.cyclist_side(Pen(canvas, (80.0, 19.0), 0.58), (255, 255, 255), 2.2)
    canvas.rrect((20.0, 44.0, 60.0, 56.0), 9.0, SPRINT_BLUE, darker(SPRINT_BLUE, 0.45), 1.4)
    canvas.rrect_line((23.5, 47.5, 53.0, 49.0), 6.5, lighter(SPRINT_BLUE, 0.3), 1.2)
    canvas.text("+2", (50.0, 72.0), 26.0, (255, 255, 255), outline=darker(SPRINT_BLUE, 0.45), outline_width=1.6,
                weight=0.21, spacing=0.04)

    def index(layer: Canvas) -> None:
        layer.text("+2", (20.5, 18.0), 13.0, (255, 255, 255), outline=darker(SPRINT_BLUE, 0.45),
                   outline_width=1.4, weight=0.21, spacing=0.04)
    corner_indices(canvas, index)
    return canvas


def card_back() -> Canvas:
    """Deep red back with racing stripes and a yellow medallion."""
    red = (176, 30, 44)
    canvas = Canvas(CARD_W, CARD_H, PAPER_EDGE)
    canvas.rrect((1.0, 1.0, CARD_W - 2.0, CARD_H - 2.0), 7.0, PAPER, PAPER_EDGE, 1.0)
    canvas.rrect((5.0, 5.0, CARD_W - 10.0, CARD_H - 10.0), 4.5, red)
    stripes = canvas.blank()
    for k in range(-8, 14):
        x = k * 10.0
        stripes.polygon([(x, 0.0), (x + 4.0, 0.0), (x + 4.0 + 60.0, CARD_H), (x + 60.0, CARD_H)],
                        mix(red, (0, 0, 0), 0.16))
    shape = canvas.blank()
    shape.rrect((5.0, 5.0, CARD_W - 10.0, CARD_H - 10.0), 4.5, (255, 255, 255))
    canvas.layer(lambda layer: layer.surf.blit(stripes.surf, (0, 0)), clip=shape)
    canvas.rrect_line((9.0, 9.0, CARD_W - 18.0, CARD_H - 18.0), 3.0, (250, 210, 60), 1.3)
    canvas.circle((50.0, 70.0), 27.0, (250, 208, 40), darker(red, 0.4), 1.6)
    canvas.ring((50.0, 70.0), 23.0, (255, 236, 140), 1.2)
    icons.cyclist_side(Pen(canvas, (50.0, 71.0), 1.25), darker(red, 0.1), 2.2)
    return canvas


def card_shadow(width: int, height: int, radius: float) -> pygame.Surface:
    """A soft shadow to draw under a card, offset a few pixels down-right (6 px margin)."""
    canvas = Canvas(width + 12, height + 12, (0, 0, 0))
    canvas.rrect((6.0, 6.0, width, height), radius, (0, 0, 0))
    small = canvas.finish()
    small.fill((255, 255, 255, 96), special_flags=pygame.BLEND_RGBA_MULT)
    return soften(small, 3)


def yellow_jersey() -> Canvas:
    """The leader's yellow jersey laid flat, front view."""
    yellow, edge = (248, 212, 30), (150, 110, 10)
    canvas = Canvas(68, 64, edge)
    body = [(22.0, 5.0), (28.0, 8.5), (34.0, 9.5), (40.0, 8.5), (46.0, 5.0), (58.0, 10.0), (65.0, 24.0),
            (55.0, 29.0), (51.0, 22.0), (51.0, 58.0), (34.0, 60.0), (17.0, 58.0), (17.0, 22.0), (13.0, 29.0),
            (3.0, 24.0), (10.0, 10.0)]
    pen = Pen(canvas)
    pen.shaded(body, yellow, edge, (255, 240, 150), light=(1.6, 2.0), width=1.3)
    canvas.stroke([(55.0, 29.0), (65.0, 24.0)], (40, 40, 48), 2.4)
    canvas.stroke([(3.0, 24.0), (13.0, 29.0)], (40, 40, 48), 2.4)
    canvas.stroke([(22.0, 5.0), (28.0, 8.5), (34.0, 9.5), (40.0, 8.5), (46.0, 5.0)], (40, 40, 48), 2.2)
    canvas.stroke([(34.0, 9.5), (34.0, 44.0)], (200, 160, 20), 1.4)
    canvas.rrect((31.8, 11.0, 4.4, 5.0), 1.2, (220, 222, 230), (90, 90, 100), 0.6)
    canvas.stroke([(17.0, 52.0), (51.0, 52.0)], (40, 40, 48), 2.0)
    return canvas


def chip(colour: Colour, value: int) -> Canvas:
    """A clay poker chip with edge inserts and its value."""
    edge = darker(colour, 0.5)
    canvas = Canvas(32, 32, edge)
    c = (15.0, 15.0)
    canvas.circle(c, 13.2, colour, edge, 1.0)
    for k in range(6):
        a0 = k * 60 + 15
        canvas.stroke(arc_points(c, 11.4, 11.4, a0, a0 + 20, 6), (250, 248, 240), 3.0)
    canvas.circle(c, 8.4, lighter(colour, 0.15))
    canvas.ring(c, 8.4, (250, 248, 240), 0.9)
    canvas.text(str(value), (c[0], c[1] + 0.3), 9.5, (255, 255, 255), outline=edge, outline_width=1.0, weight=0.24)
    canvas.stroke(arc_points(c, 12.6, 12.6, 200, 250, 8), lighter(colour, 0.5), 0.9)
    return canvas


def sprites() -> dict[str, pygame.Surface]:
    out = {f"card_speed_{v}": speed_card(v).finish() for v in range(39, 51)}
    out["card_climb"] = climb_card().finish()
    out["card_headwind"] = headwind_card().finish()
    out["card_sprint"] = sprint_card().finish()
    out["card_back"] = card_back().finish()
    out["card_shadow"] = card_shadow(CARD_W, CARD_H, 7.0)
    out["yellow_jersey"] = yellow_jersey().finish(shadow=(1.5, 2.0, 1.8, 120))
    out["chip_blue"] = chip((36, 96, 196), 1).finish(shadow=(0.8, 1.2, 1.0, 120))
    out["chip_red"] = chip((204, 40, 44), 5).finish(shadow=(0.8, 1.2, 1.0, 120))
    return out
