"""Breakout: the red wall on its two supports, rope knots, the six characters,
insertion arrows and the tray that catches fallen knots.

The wall's slot positions are exported as geometry so the scene can place knots
exactly: slot rects bottom to top, each five spaces of ``SPACE`` pixels.
"""
from __future__ import annotations

import math

import pygame

from .draw import Canvas, Colour, Pen, arc_points, darker, lighter, rounded_rect_points, soften

SPACE = 44                 # width of one knot space in a slot
SLOTS = 5
SPACES = 5
WALL_W, WALL_H = 300, 384
WALL_X0, WALL_X1 = 16, 284  # wall body
INNER_X = 40               # first space's left edge (the frame post is 24 px wide)
SLOT_H = 44
BAR_H = 20
CAP_Y, CAP_H = 10, 24
FIRST_SLOT_Y = CAP_Y + CAP_H + 8
RED = (190, 46, 40)
RED_EDGE = (92, 18, 16)
MORTAR = (160, 34, 30)
GROOVE = (58, 16, 18)

YELLOW = (244, 200, 36)
BLUE = (38, 112, 206)


def slot_rects() -> list[list[int]]:
    """The five slots' knot areas, bottom slot first."""
    top_down = [[INNER_X, FIRST_SLOT_Y + i * (SLOT_H + BAR_H), SPACE * SPACES, SLOT_H] for i in range(SLOTS)]
    return list(reversed(top_down))


def bricks(canvas: Canvas, rect: tuple[float, float, float, float], row_h: float = 12.0, brick_w: float = 28.0) -> None:
    """Mortar lines of a brick bond inside ``rect``."""
    x, y, w, h = rect
    rows = int(math.ceil(h / row_h))
    for r in range(rows):
        y0 = y + r * row_h
        if r:
            canvas.stroke([(x, y0), (x + w, y0)], MORTAR, 1.0)
        offset = (r % 2) * brick_w / 2
        bx = x + offset
        while bx < x + w:
            if bx > x:
                canvas.stroke([(bx, y0), (bx, min(y0 + row_h, y + h))], MORTAR, 1.0)
            bx += brick_w


def wall() -> Canvas:
    canvas = Canvas(WALL_W, WALL_H, RED_EDGE)
    body_bottom = FIRST_SLOT_Y + SLOTS * SLOT_H + (SLOTS - 1) * BAR_H + 12
    # the two supports (feet) behind the wall's lower corners
    for x0, x1 in ((2.0, 72.0), (228.0, 298.0)):
        foot = [(x0 + 10.0, body_bottom - 40.0), (x1 - 10.0, body_bottom - 40.0), (x1, WALL_H - 8.0), (x0, WALL_H - 8.0)]
        canvas.polygon(foot, (96, 100, 112), (34, 36, 44), 1.2)
        canvas.polygon([(x0 + 3.0, WALL_H - 14.0), (x1 - 3.0, WALL_H - 14.0), (x1, WALL_H - 8.0), (x0, WALL_H - 8.0)],
                       (70, 74, 86))
        canvas.stroke([(x0 + 12.0, body_bottom - 37.0), (x1 - 12.0, body_bottom - 37.0)], (140, 146, 160), 1.2)
    body = (WALL_X0, CAP_Y, WALL_X1 - WALL_X0, body_bottom - CAP_Y)
    canvas.rrect(body, 5.0, RED, RED_EDGE, 1.6)
    bricks(canvas, (WALL_X0 + 1.0, CAP_Y + CAP_H, WALL_X1 - WALL_X0 - 2.0, body_bottom - CAP_Y - CAP_H - 1.0))
    canvas.rrect((WALL_X0 - 4.0, CAP_Y - 2.0, WALL_X1 - WALL_X0 + 8.0, CAP_H), 4.0, (206, 60, 52), RED_EDGE, 1.4)
    canvas.stroke([(WALL_X0, CAP_Y + 2.0), (WALL_X1, CAP_Y + 2.0)], lighter(RED, 0.35), 1.6)
    for x, y, w, h in slot_rects():
        # the groove runs through both posts so knots can enter from either side
        canvas.rect((WALL_X0 - 1.6, y, WALL_X1 - WALL_X0 + 3.2, h), GROOVE)
        canvas.rect((WALL_X0 - 1.6, y, WALL_X1 - WALL_X0 + 3.2, 5.0), (34, 8, 10))
        canvas.rect((WALL_X0 - 1.6, y + h - 3.0, WALL_X1 - WALL_X0 + 3.2, 3.0), (120, 30, 28))
        canvas.stroke([(WALL_X0, y + h + 0.8), (WALL_X1, y + h + 0.8)], lighter(RED, 0.3), 1.4)
        for k in range(SPACES + 1):
            sx = x + k * SPACE
            canvas.stroke([(sx, y + h - 6.0), (sx, y + h - 2.0)], (150, 60, 50), 1.2)
    for px in (WALL_X0 + 12.0, WALL_X1 - 12.0):
        for y in (CAP_Y + CAP_H + 2.0, body_bottom - 6.0):
            canvas.circle((px, y), 2.0, (120, 124, 136), (40, 40, 48), 0.6)
    return canvas


def rope_path(canvas: Canvas, pts: list[tuple[float, float]], colour: Colour, edge: Colour, width: float) -> None:
    """A twisted rope: an outlined stroke with diagonal lay lines."""
    canvas.stroke(pts, edge, width + 2.2)
    canvas.stroke(pts, colour, width)
    lay = darker(colour, 0.22)
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        steps = int(length / 3.2)
        if not steps:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        nx, ny = -uy, ux
        for k in range(steps):
            cx, cy = x0 + ux * (k + 0.5) * length / steps, y0 + uy * (k + 0.5) * length / steps
            h = width / 2 - 0.6
            canvas.stroke([(cx - nx * h - ux * 1.2, cy - ny * h - uy * 1.2), (cx + nx * h + ux * 1.2, cy + ny * h + uy * 1.2)],
                          lay, 0.8)


def knot(colour: Colour) -> Canvas:
    """A rope piece tied into a monkey's fist, its ends reaching up and down to link with neighbours."""
    edge = darker(colour, 0.55)
    canvas = Canvas(40, 40, edge)
    rope_path(canvas, [(20.0, 0.0), (20.0, 40.0)], colour, edge, 6.0)
    canvas.circle((20.0, 20.0), 12.4, darker(colour, 0.3), edge, 1.2)
    for dy in (-6.0, 0.0, 6.0):
        half = math.sqrt(12.4 ** 2 - dy ** 2) - 1.0
        rope_path(canvas, [(20.0 - half, 20.0 + dy), (20.0 + half, 20.0 + dy)], colour, edge, 4.4)
    for dx in (-3.2, 3.2):
        half = math.sqrt(12.4 ** 2 - dx ** 2) - 2.0
        for y0, y1 in ((20.0 - half, 14.0), (23.0, 26.0)):
            rope_path(canvas, [(20.0 + dx, y0 + 0.6), (20.0 + dx, y1 - 0.6)], lighter(colour, 0.12), edge, 4.0)
    canvas.stroke(arc_points((20.0, 20.0), 10.6, 10.6, 200, 245, 8), lighter(colour, 0.6), 1.4)
    return canvas


def knot_highlight() -> pygame.Surface:
    """A warm glow to draw under the knots of the winning link (56 x 56, centred on a knot)."""
    canvas = Canvas(56, 56, (255, 236, 120))
    for k in range(8):
        canvas.layer(lambda layer, r=25.0 - k * 1.6: layer.circle((28.0, 28.0), r, (255, 236, 120)), alpha=48)
    glow = soften(canvas.finish(), 3)
    ring = Canvas(56, 56, (255, 250, 200))
    ring.ring((28.0, 28.0), 19.0, (255, 250, 214), 1.8)
    glow.blit(ring.finish(), (0, 0))
    return glow


SKIN = (236, 190, 150)
SKIN_EDGE = (150, 96, 64)
TROUSERS = (52, 56, 72)
INK = (30, 26, 30)


def character(colour: Colour, variant: int) -> Canvas:
    """A little escapee climbing, arms up, in a striped team-coloured shirt.

    Variants differ by head: 1 a cap, 2 a headband and beard, 3 a bun of hair.
    """
    edge = darker(colour, 0.55)
    canvas = Canvas(32, 48, INK)
    # legs and shoes
    for x0, x1 in ((12.5, 11.0), (19.5, 21.0)):
        canvas.stroke([(x0, 30.0), (x1, 42.0)], INK, 6.4)
        canvas.stroke([(x0, 30.0), (x1, 42.0)], TROUSERS, 4.6)
        canvas.rrect((x1 - 3.6, 41.0, 7.2, 4.0), 2.0, (60, 44, 36), INK, 0.8)
    # arms reaching up
    for x0, x1 in ((10.0, 6.0), (22.0, 26.0)):
        canvas.stroke([(x0, 20.0), (x1, 8.0)], edge, 5.6)
        canvas.stroke([(x0, 20.0), (x1, 8.0)], colour, 3.8)
        canvas.circle((x1, 6.6), 2.3, SKIN, SKIN_EDGE, 0.8)
    # striped shirt
    shirt = rounded_rect_points(9.0, 17.0, 14.0, 15.0, 4.0)
    canvas.polygon(shirt, colour, edge, 1.0)
    shape = canvas.blank()
    shape.polygon(shirt, (255, 255, 255))

    def stripes(layer: Canvas) -> None:
        for y in (21.0, 26.0, 31.0):
            layer.rect((8.0, y, 16.0, 2.2), darker(colour, 0.25))
        layer.rect((8.0, 17.0, 4.0, 16.0), lighter(colour, 0.3))
    canvas.layer(stripes, clip=shape)
    canvas.rect((9.0, 29.5, 14.0, 2.4), (70, 50, 36))
    # head
    canvas.circle((16.0, 11.5), 6.2, SKIN, SKIN_EDGE, 1.0)
    for ex in (13.7, 18.3):
        canvas.circle((ex, 11.8), 0.9, INK)
    if variant == 1:
        canvas.polygon(arc_points((16.0, 10.6), 6.6, 6.2, 180, 360, 14), colour, edge, 0.9)
        canvas.polygon([(16.0, 8.0), (25.0, 8.6), (24.0, 10.6), (16.0, 10.6)], darker(colour, 0.15), edge, 0.8)
        canvas.stroke(arc_points((16.0, 13.6), 2.4, 1.6, 20, 160, 8), INK, 0.8)
    elif variant == 2:
        canvas.polygon(arc_points((16.0, 12.0), 6.4, 6.6, 10, 170, 14), (110, 70, 40), INK, 0.7)
        canvas.circle((16.0, 14.0), 1.0, SKIN)
        canvas.stroke([(13.8, 14.6), (18.2, 14.6)], INK, 0.8)
        canvas.stroke(arc_points((16.0, 11.5), 6.4, 6.4, 200, 340, 12), colour, 2.4)
        canvas.stroke([(9.6, 9.4), (7.6, 7.6)], colour, 1.6)
    else:
        canvas.circle((16.0, 3.6), 3.0, (70, 44, 30), INK, 0.8)
        canvas.polygon(arc_points((16.0, 11.0), 6.5, 6.0, 180, 360, 14) + [(19.0, 9.0), (15.0, 8.0), (11.0, 9.5)],
                       (90, 56, 36), INK, 0.8)
        canvas.circle((16.0, 3.6), 1.4, colour)
        canvas.stroke(arc_points((16.0, 13.6), 2.4, 1.6, 20, 160, 8), INK, 0.8)
        canvas.circle((12.3, 13.8), 1.0, (240, 150, 140))
        canvas.circle((19.7, 13.8), 1.0, (240, 150, 140))
    return canvas


def arrow(pointing_right: bool) -> pygame.Surface:
    """A chunky insertion arrow pointing into a slot."""
    fill, edge = (252, 246, 226), (54, 44, 34)
    canvas = Canvas(36, 30, edge)
    pts = [(3.0, 10.0), (18.0, 10.0), (18.0, 3.0), (32.0, 14.5), (18.0, 26.0), (18.0, 19.0), (3.0, 19.0)]
    if not pointing_right:
        pts = [(35.0 - x, y) for x, y in pts]
    Pen(canvas).shaded(pts, fill, edge, (255, 255, 255), light=(1.0, 1.6), width=1.4)
    return canvas.finish(shadow=(1.0, 1.6, 1.4, 120))


def support_tray() -> pygame.Surface:
    """The open tray inside a wall support where fallen rope pieces are collected."""
    canvas = Canvas(124, 44, (34, 36, 44))
    canvas.polygon([(4.0, 6.0), (120.0, 6.0), (114.0, 38.0), (10.0, 38.0)], (96, 100, 112), (34, 36, 44), 1.2)
    canvas.polygon([(10.0, 9.0), (114.0, 9.0), (110.0, 28.0), (14.0, 28.0)], (52, 54, 64))
    canvas.polygon([(10.0, 9.0), (114.0, 9.0), (113.0, 13.0), (11.0, 13.0)], (36, 38, 46))
    canvas.stroke([(5.0, 7.0), (119.0, 7.0)], (150, 156, 170), 1.2)
    canvas.stroke([(12.0, 34.0), (112.0, 34.0)], (80, 84, 96), 1.0)
    return canvas.finish(shadow=(1.4, 2.0, 1.6, 110))


def sprites() -> tuple[dict[str, pygame.Surface], dict]:
    out = {"wall": wall().finish(shadow=(2.0, 3.0, 3.0, 120)), "knot_yellow": knot(YELLOW).finish(),
           "knot_blue": knot(BLUE).finish(), "knot_highlight": knot_highlight(),
           "arrow_left": arrow(False), "arrow_right": arrow(True), "support_tray": support_tray()}
    for team, colour in (("yellow", YELLOW), ("blue", BLUE)):
        for variant in (1, 2, 3):
            out[f"character_{team}_{variant}"] = character(colour, variant).finish(shadow=(1.0, 1.4, 1.2, 110))
    geometry = {"wall": {"slot_rects": slot_rects(), "space_width": SPACE, "spaces": SPACES,
                         "top": [WALL_X0, CAP_Y - 2, WALL_X1 - WALL_X0]}}
    return out, geometry
