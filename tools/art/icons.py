"""Small pictograms shared by tokens, cards, buttons and title art.

Each draws centred on (0, 0) in a box about 20 units across; place and size them
with a :class:`Pen`.
"""
from __future__ import annotations

import math

from .draw import Colour, Pen, arc_points, rounded_rect_points, star


def bolt(pen: Pen, fill: Colour, edge: Colour | None = None, width: float = 1.2) -> None:
    pts = [(2.5, -10.0), (-6.0, 1.5), (-0.5, 1.5), (-2.5, 10.0), (6.0, -2.0), (0.5, -2.0)]
    pen.polygon(pts, fill, edge, width)


def stopwatch(pen: Pen, face: Colour, edge: Colour, hand: Colour) -> None:
    pen.capsule([(0.0, -10.5), (0.0, -9.0)], 3.2, edge)
    pen.capsule([(-2.4, -11.0), (2.4, -11.0)], 2.2, edge)
    pen.capsule([(6.2, -7.2), (7.6, -8.6)], 2.2, edge)
    pen.circle((0.0, 1.0), 8.6, face, edge, 1.8)
    for k in range(12):
        a = math.radians(k * 30)
        r0 = 6.4 if k % 3 else 5.4
        pen.stroke([(math.cos(a) * r0, 1.0 + math.sin(a) * r0), (math.cos(a) * 7.3, 1.0 + math.sin(a) * 7.3)],
                   edge, 0.8)
    pen.polygon([(0.0, 1.0), (3.2, -3.8), (0.9, 1.8)], hand)
    pen.circle((0.0, 1.0), 1.4, hand)


def bidon(pen: Pen, body: Colour, edge: Colour, cap: Colour) -> None:
    """A cyclist's water bottle."""
    pen.polygon(rounded_rect_points(-4.6, -5.5, 9.2, 15.0, 2.2), body, edge, 1.0)
    pen.polygon([(-3.2, -9.0), (3.2, -9.0), (4.6, -5.5), (-4.6, -5.5)], cap, edge, 1.0)
    pen.capsule([(0.0, -11.0), (0.0, -9.4)], 2.0, cap, edge, 0.8)
    pen.stroke([(-4.4, 0.0), (4.4, 0.0)], edge, 0.9)
    pen.stroke([(-4.4, 4.0), (4.4, 4.0)], edge, 0.9)


def mountain(pen: Pen, rock: Colour, edge: Colour, snow: Colour) -> None:
    pen.polygon([(-11.0, 8.0), (-3.0, -8.0), (1.5, -1.0), (4.5, -5.0), (11.0, 8.0)], rock, edge, 1.2)
    pen.polygon([(-3.0, -8.0), (-5.4, -3.2), (-3.6, -4.2), (-2.0, -2.8), (-0.6, -4.6)], snow)


def tyre_burst(pen: Pen, colour: Colour) -> None:
    pen.polygon(star((0.0, 0.0), 10.0, 4.8, 8, -90.0), colour)


def no_passing_sign(pen: Pen, radius: float = 10.0) -> None:
    """The European no-overtaking sign: red ring, a red car beside a black car."""
    red, white, black = (206, 34, 40), (250, 250, 246), (28, 28, 32)
    pen.circle((0.0, 0.0), radius, white, (120, 16, 20), radius * 0.06)
    pen.stroke(arc_points((0.0, 0.0), radius * 0.86, radius * 0.86, 0, 360, 48), red, radius * 0.24)
    for dx, colour in ((-0.32, red), (0.32, black)):
        car(pen, dx * radius, radius * 0.08, radius * 0.0265, colour)


def car(pen: Pen, cx: float, cy: float, s: float, colour: Colour) -> None:
    """A car seen from behind, ``s`` units per tenth of the sign radius."""
    body = [(-8, 2), (-8, -3), (-6, -4), (-4.5, -9), (4.5, -9), (6, -4), (8, -3), (8, 2)]
    pen.polygon([(cx + x * s * 10 / 9, cy + y * s * 10 / 9) for x, y in body], colour)
    for wx in (-6.0, 4.0):
        pen.polygon([(cx + wx * s * 10 / 9, cy + 2 * s * 10 / 9), (cx + (wx + 2) * s * 10 / 9, cy + 2 * s * 10 / 9),
                     (cx + (wx + 2) * s * 10 / 9, cy + 5 * s * 10 / 9), (cx + wx * s * 10 / 9, cy + 5 * s * 10 / 9)],
                    colour)
    pen.polygon([(cx + x * s * 10 / 9, cy + y * s * 10 / 9) for x, y in
                 [(-3.6, -7.8), (3.6, -7.8), (4.6, -4.6), (-4.6, -4.6)]], (250, 250, 246))


def wind(pen: Pen, colour: Colour, width: float = 1.8) -> None:
    """Three gusts curling at their ends."""
    pen.stroke([(-9.0, -4.0), (4.0, -4.0)] + arc_points((4.0, -7.0), 3.0, 3.0, 90, -180, 12)[1:], colour, width)
    pen.stroke([(-10.0, 1.0), (7.0, 1.0)], colour, width)
    pen.stroke([(-8.0, 6.0), (2.0, 6.0)] + arc_points((2.0, 9.0), 3.0, 3.0, -90, 180, 12)[1:], colour, width)


def football(pen: Pen, leather: Colour = (150, 78, 38), edge: Colour = (70, 34, 16),
             lace: Colour = (250, 246, 236)) -> None:
    """An American football lying along the x axis, about 22 x 13 units."""
    body = arc_points((0.0, 7.4), 12.0, 14.0, 212, 328, 20) + arc_points((0.0, -7.4), 12.0, 14.0, 32, 148, 20)
    pen.polygon(body, leather, edge, 1.1)
    pen.stroke(arc_points((0.0, 5.8), 11.0, 12.0, 218, 322, 16), (184, 104, 60), 1.1)
    for sx in (-1.0, 1.0):
        pen.stroke([(sx * 7.6, -3.2), (sx * 7.6, 3.2)], lace, 0.9)
    pen.stroke([(-3.6, 0.0), (3.6, 0.0)], lace, 0.9)
    for k in range(-3, 4):
        x = k * 1.1
        pen.stroke([(x, -1.2), (x, 1.2)], lace, 0.6)


def goal_post(pen: Pen, colour: Colour, width: float = 1.8) -> None:
    pen.stroke([(0.0, 10.0), (0.0, 2.0)], colour, width)
    pen.stroke([(-7.0, -10.0), (-7.0, 2.0), (7.0, 2.0), (7.0, -10.0)], colour, width)


def helmet(pen: Pen, shell: Colour, edge: Colour, mask: Colour) -> None:
    """A football helmet seen from the side, facing right."""
    shell_pts = arc_points((-1.0, 1.0), 9.5, 9.0, 150, 370, 28) + [(6.0, 5.0), (3.0, 6.0), (1.0, 9.0), (-6.0, 9.0)]
    pen.polygon(shell_pts, shell, edge, 1.2)
    pen.stroke([(4.0, 1.0), (11.0, 1.0), (11.0, 7.0), (5.0, 7.0)], mask, 1.4)
    pen.stroke([(7.5, 1.0), (7.5, 7.0)], mask, 1.2)
    pen.circle((-1.5, 3.0), 1.8, edge)
    pen.stroke(arc_points((-1.0, 1.0), 7.0, 6.5, 200, 300, 10), (255, 255, 255), 1.2)


def cyclist_side(pen: Pen, colour: Colour, width: float = 2.0) -> None:
    """A racing cyclist in profile, heading right, in one colour (about 30 x 24 units)."""
    for hub in ((-9.5, 6.0), (9.5, 6.0)):
        pen.stroke(arc_points(hub, 6.2, 6.2, 0, 360, 32), colour, width * 0.8)
    pen.stroke([(-9.5, 6.0), (-1.0, 6.0), (-4.0, -2.0), (6.5, -2.0), (9.5, 6.0)], colour, width * 0.7)
    pen.stroke([(-1.0, 6.0), (6.5, -2.0)], colour, width * 0.7)
    pen.stroke([(6.5, -2.0), (7.0, -4.0), (9.0, -4.0)], colour, width * 0.7)
    pen.stroke([(-4.5, -5.0), (4.5, -9.0), (8.5, -4.2)], colour, width * 1.1)
    pen.stroke([(-4.5, -5.0), (2.5, -1.0), (0.5, 6.5)], colour, width * 1.2)
    pen.circle((7.0, -12.0), 2.6, colour)
