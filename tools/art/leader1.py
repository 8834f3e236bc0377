"""Leader 1 pieces: rider bases, the peloton on its stand, both twelve-sided dice,
feed zone tiles and the route tokens."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from . import icons
from .draw import Canvas, Colour, Pen, arc_points, darker, lighter, mix, regular_polygon, rounded_rect_points

BASE_COLOURS: dict[str, Colour] = {"rouleur": (58, 170, 84), "leader": (246, 204, 38), "climber": (218, 54, 46)}
IVORY = (248, 242, 226)
INK = (30, 36, 70)


def base(colour: Colour) -> pygame.Surface:
    """A round miniature base seen from above: rim, top face, one highlight."""
    canvas = Canvas(34, 34, darker(colour, 0.5))
    c = (16.0, 16.0)
    canvas.circle(c, 14.2, darker(colour, 0.22), darker(colour, 0.55), 1.0)
    canvas.circle((15.4, 15.2), 12.4, lighter(colour, 0.45))
    canvas.circle((16.3, 16.4), 12.0, colour)
    canvas.ring(c, 9.0, mix(colour, (0, 0, 0), 0.12), 0.8)
    return canvas.finish(shadow=(1.2, 1.6, 1.5, 120))


def peloton() -> pygame.Surface:
    """The peloton's clear plastic card stand, empty: the table sets on it the riders actually in the
    peloton (their number and their team colours), facing the road, which runs up this picture."""
    canvas = Canvas(96, 44, (30, 34, 42))
    stand = rounded_rect_points(3.0, 3.0, 88.0, 36.0, 9.0)
    canvas.polygon(stand, (86, 92, 104), (30, 34, 42), 1.2)
    canvas.polygon(rounded_rect_points(5.0, 4.6, 84.0, 32.0, 7.5), (112, 120, 134))
    canvas.polygon(rounded_rect_points(5.6, 6.0, 83.0, 31.4, 7.5), (96, 103, 116))
    return canvas.finish(shadow=(1.5, 2.0, 2.0, 110))


def d12(face_fill: Colour, body: Colour, edge: Colour,
        draw_face: Callable[[Canvas, tuple[float, float]], None]) -> pygame.Surface:
    """A d12 seen from above: a decagon outline, a pentagon face up, five faces around it."""
    canvas = Canvas(58, 58, edge)
    c = (28.0, 28.0)
    outer = regular_polygon(c, 26.0, 10, -90.0)
    inner = regular_polygon(c, 14.8, 5, -90.0)
    canvas.polygon(outer, body, edge, 1.2)
    for i in range(5):
        quad = [inner[i], outer[2 * i], outer[(2 * i + 1) % 10], outer[(2 * i + 2) % 10], inner[(i + 1) % 5]]
        mid_angle = -90.0 + 72.0 * i + 36.0
        light = math.cos(math.radians(mid_angle - 225.0))  # light from the top-left
        shade = mix(body, (255, 255, 255), 0.3 * light) if light > 0 else mix(body, (0, 0, 0), -0.22 * light)
        canvas.polygon(quad, shade)
        canvas.stroke([inner[i], outer[2 * i]], mix(body, edge, 0.55), 0.7)
    canvas.stroke(outer, edge, 0.7, closed=True)
    canvas.polygon(inner, face_fill, mix(body, edge, 0.6), 0.5)
    draw_face(canvas, c)
    return canvas.finish(shadow=(1.5, 2.0, 1.8, 120))


def event_die_face(n: int) -> pygame.Surface:
    """The ivory "events" die with navy numbers; 6 and 9 carry a bar beneath."""
    def face(canvas: Canvas, c: tuple[float, float]) -> None:
        size = 13.0 if n < 10 else 11.5
        canvas.text(str(n), (c[0], c[1] + 1.0), size, INK, weight=0.2, spacing=0.06, condensed=0.85 if n >= 10 else 1.0)
        if n in (6, 9):
            canvas.stroke([(c[0] - 3.0, c[1] + 10.0), (c[0] + 3.0, c[1] + 10.0)], INK, 1.6)
    return d12(IVORY, (232, 224, 202), (92, 78, 56), face)


PELOTON_BODY = (36, 104, 178)
PELOTON_EDGE = (16, 40, 76)


def peloton_die_face(value: int | None) -> pygame.Surface:
    """The blue "peloton" die with white stickers (3, 4, 5) and one red sticker."""
    def face(canvas: Canvas, c: tuple[float, float]) -> None:
        sticker = regular_polygon((c[0], c[1] + 0.4), 11.6, 5, -90.0)
        if value is None:
            canvas.polygon(sticker, (214, 40, 36), (120, 18, 16), 0.6)
            centre = (c[0], c[1] + 0.8)
            icons.tyre_burst(Pen(canvas, centre, 0.95), (255, 214, 120))
            canvas.circle(centre, 5.6, (40, 40, 46))
            canvas.circle(centre, 3.4, (214, 40, 36))
            canvas.stroke([(centre[0] - 1.2, centre[1] - 6.4), (centre[0] + 1.6, centre[1] - 3.0)], (255, 255, 255), 1.2)
        else:
            canvas.polygon(sticker, (250, 250, 246), (170, 176, 190), 0.6)
            canvas.text(str(value), (c[0], c[1] + 1.2), 13.0, (20, 22, 30), weight=0.21)
    return d12(PELOTON_BODY, PELOTON_BODY, PELOTON_EDGE, face)


FEED_BACKS: dict[str, Colour] = {"green": (58, 170, 84), "yellow": (240, 196, 30), "red": (214, 54, 46)}


def feed_tile(value: int | None, back: Colour | None = None) -> pygame.Surface:
    """A square cardboard tile: energy value on the face, a feed bag on the back."""
    canvas = Canvas(48, 48, (60, 46, 30))
    rect = (3.0, 3.0, 40.0, 40.0)
    if value is not None:
        canvas.rrect(rect, 5.0, (252, 246, 230), (120, 100, 70), 1.0)
        canvas.rrect_line((5.5, 5.5, 35.0, 35.0), 3.5, (226, 214, 186), 1.0)
        canvas.text(f"+{value}", (23.6, 20.0), 15.0, (34, 40, 64), weight=0.21, spacing=0.04)
        icons.bolt(Pen(canvas, (23.0, 34.5), 0.42), (240, 160, 20), (150, 90, 10), 1.6)
    else:
        colour = back or (118, 96, 70)
        canvas.rrect(rect, 5.0, colour, darker(colour, 0.5), 1.0)
        canvas.rrect_line((5.5, 5.5, 35.0, 35.0), 3.5, lighter(colour, 0.3), 1.0)
        icons.bidon(Pen(canvas, (23.0, 23.5), 1.3), (250, 246, 232), darker(colour, 0.55), darker(colour, 0.25))
    return canvas.finish(shadow=(1.0, 1.6, 1.4, 120))


def round_token(face: Colour, rim: Colour, size: float = 40.0) -> tuple[Canvas, tuple[float, float], float]:
    """A cardboard token with a coloured rim; returns the canvas, centre and face radius."""
    canvas = Canvas(size + 4, size + 4, darker(rim, 0.5))
    c = ((size + 2) / 2, (size + 2) / 2)
    r = size / 2 - 1.5
    canvas.circle(c, r, rim, darker(rim, 0.5), 1.0)
    canvas.circle(c, r - 2.6, face)
    canvas.stroke(arc_points(c, r - 1.2, r - 1.2, 195, 255, 12), lighter(rim, 0.45), 1.0)
    return canvas, c, r - 2.6


def climb_token(category: str) -> pygame.Surface:
    """Mountain climb category: a red mountain on a polka-dot face with the category."""
    canvas, c, r = round_token((252, 250, 246), (206, 36, 40))
    for k in range(8):
        a = math.radians(k * 45 + 22.5)
        canvas.circle((c[0] + math.cos(a) * (r - 3.2), c[1] + math.sin(a) * (r - 3.2)), 1.7, (230, 96, 96))
    pen = Pen(canvas, (c[0], c[1] + 2.5), 1.15)
    icons.mountain(pen, (196, 36, 40), (110, 16, 20), (255, 255, 255))
    size = 13.0 if category != "hc" else 10.0
    canvas.text(category.upper(), (c[0] + 0.5, c[1] + 5.5), size, (255, 255, 255), outline=(110, 16, 20),
                outline_width=1.3, weight=0.22, spacing=0.05)
    return canvas.finish(shadow=(1.0, 1.5, 1.4, 120))


def feed_zone_token() -> pygame.Surface:
    canvas, c, r = round_token((64, 166, 88), (32, 100, 52))
    icons.bidon(Pen(canvas, (c[0], c[1] + 1.2), 1.2), (252, 248, 236), (24, 70, 38), (250, 210, 60))
    return canvas.finish(shadow=(1.0, 1.5, 1.4, 120))


def bonus_time_token() -> pygame.Surface:
    canvas, c, r = round_token((250, 210, 60), (40, 82, 150))
    icons.stopwatch(Pen(canvas, (c[0], c[1] + 0.6), 0.95), (255, 255, 255), (30, 50, 96), (206, 36, 40))
    return canvas.finish(shadow=(1.0, 1.5, 1.4, 120))


def energy_marker() -> pygame.Surface:
    """A small orange peg with a lightning bolt, moved along the energy table."""
    canvas = Canvas(26, 26, (120, 60, 0))
    c = (12.0, 12.0)
    canvas.circle(c, 10.0, (214, 110, 10), (120, 60, 0), 1.0)
    canvas.circle((11.4, 11.2), 8.4, (255, 196, 90))
    canvas.circle((12.3, 12.5), 8.3, (244, 140, 24))
    icons.bolt(Pen(canvas, (12.2, 12.2), 0.62), (255, 250, 230), (120, 60, 0), 1.4)
    return canvas.finish(shadow=(1.0, 1.4, 1.2, 120))


def sprites() -> dict[str, pygame.Surface]:
    out: dict[str, pygame.Surface] = {}
    for role, colour in BASE_COLOURS.items():
        out[f"base_{role}"] = base(colour)
    out["peloton"] = peloton()
    for n in range(1, 13):
        out[f"d12_face_{n}"] = event_die_face(n)
    out["d12_face_red"] = peloton_die_face(None)
    for n in (3, 4, 5):
        out[f"peloton_die_{n}"] = peloton_die_face(n)
    for n in range(2, 6):
        out[f"feed_tile_{n}"] = feed_tile(n)
    out["feed_tile_back"] = feed_tile(None)
    for name, colour in FEED_BACKS.items():
        out[f"feed_tile_back_{name}"] = feed_tile(None, colour)
    for category in ("1", "2", "3", "4", "hc"):
        out[f"token_climb_{category}"] = climb_token(category)
    out["token_feed_zone"] = feed_zone_token()
    out["token_bonus_time"] = bonus_time_token()
    out["energy_marker"] = energy_marker()
    return out
